import type { CatalogueView } from "../bindings/CatalogueView";
import * as platform from "../platform";
import { NameDialog } from "./NameDialog";

export function RenameSkillDialog(props: {
  dir: string;
  name: string;
  onClose: () => void;
  onRenamed: (view: CatalogueView, newName: string) => void;
}) {
  return (
    <NameDialog
      title={`Rename “${props.name}”`}
      initial={props.name}
      confirmLabel="Rename"
      send={async (name) => props.onRenamed(await platform.renameSkill(props.dir, name), name)}
      onClose={props.onClose}
      testIds={{ dialog: "rename-dialog", field: "rename-name", confirm: "rename-confirm" }}
    >
      <p className="muted small">
        The <code>name</code> field and the folder <code>{props.dir}</code> are renamed together. Agents that list
        this skill by its old name must be updated (Diagnostics will show them).
      </p>
    </NameDialog>
  );
}
