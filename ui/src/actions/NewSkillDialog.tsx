import { useState } from "react";
import type { AppError } from "../bindings/AppError";
import type { SkillDetail } from "../bindings/SkillDetail";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";
import { Modal } from "./Modal";
import { NameField } from "./NameField";
import { nameProblem } from "./skillName";

export function NewSkillDialog(props: { onClose: () => void; onCreated: (detail: SkillDetail) => void }) {
  const [name, setName] = useState("");
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const report = useReportError();
  const blocked = busy || nameProblem(name) !== null;

  const create = async () => {
    if (blocked) return;
    setBusy(true);
    setError(null);
    try {
      props.onCreated(await platform.createSkill(name));
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
      title="New skill"
      onClose={props.onClose}
      testId="new-skill-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="button" className="button primary" onClick={() => void create()} disabled={blocked} data-testid="create-skill">
            Create skill
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
        onSubmit={() => void create()}
        error={error}
        testId="new-skill-name"
      />
      <p className="muted small">Skillhouse creates the folder with a <code>SKILL.md</code> you can fill in.</p>
    </Modal>
  );
}
