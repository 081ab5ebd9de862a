import { useState } from "react";
import type { AppError } from "../bindings/AppError";
import type { CatalogueView } from "../bindings/CatalogueView";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";
import { Modal } from "./Modal";
import { NameField } from "./NameField";
import { nameProblem } from "./skillName";

export function RenameSkillDialog(props: {
  dir: string;
  name: string;
  onClose: () => void;
  onRenamed: (view: CatalogueView, newName: string) => void;
}) {
  const [name, setName] = useState(props.name);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const report = useReportError();
  const blocked = busy || name === props.name || nameProblem(name) !== null;

  const rename = async () => {
    if (blocked) return;
    setBusy(true);
    setError(null);
    try {
      props.onRenamed(await platform.renameSkill(props.dir, name), name);
    } catch (reason) {
      const e = platform.toAppError(reason);
      if (e.code === "skill.bad-name" || e.code === "skill.exists") setError(e);
      else report(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`Rename “${props.name}”`}
      onClose={props.onClose}
      testId="rename-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="button" className="button primary" onClick={() => void rename()} disabled={blocked} data-testid="rename-confirm">
            Rename
          </button>
        </>
      }
    >
      <NameField
        value={name}
        onChange={(v) => {
          setName(v);
          setError(null);
        }}
        onSubmit={() => void rename()}
        error={error}
        testId="rename-name"
      />
      <p className="muted small">
        The <code>name</code> field and the folder <code>{props.dir}</code> are renamed together. Agents that list
        this skill by its old name must be updated (Diagnostics will show them).
      </p>
    </Modal>
  );
}
