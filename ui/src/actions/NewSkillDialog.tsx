import type { SkillDetail } from "../bindings/SkillDetail";
import * as platform from "../platform";
import { NameDialog } from "./NameDialog";

export function NewSkillDialog(props: { onClose: () => void; onCreated: (detail: SkillDetail) => void }) {
  return (
    <NameDialog
      title="New skill"
      initial=""
      confirmLabel="Create skill"
      send={async (name) => props.onCreated(await platform.createSkill(name))}
      onClose={props.onClose}
      testIds={{ dialog: "new-skill-dialog", field: "new-skill-name", confirm: "create-skill" }}
    >
      <p className="muted small">Skillhouse creates the folder with a <code>SKILL.md</code> you can fill in.</p>
    </NameDialog>
  );
}
