import { useState } from "react";
import type { CatalogueView } from "../bindings/CatalogueView";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";
import { plural } from "../model/format";
import { Modal } from "./Modal";

export function DeleteSkillDialog(props: {
  dir: string;
  name: string;
  fileCount: number;
  dirty: boolean;
  agents: string[];
  onClose: () => void;
  onDeleted: (view: CatalogueView) => void;
}) {
  const [busy, setBusy] = useState(false);
  const report = useReportError();
  const remove = async () => {
    setBusy(true);
    try {
      props.onDeleted(await platform.deleteSkill(props.dir));
    } catch (reason) {
      report(platform.toAppError(reason));
      setBusy(false);
    }
  };
  return (
    <Modal
      title={`Delete “${props.name}”?`}
      onClose={props.onClose}
      testId="delete-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button danger" onClick={() => void remove()} disabled={busy} data-testid="delete-confirm">
            Move to trash
          </button>
        </>
      }
    >
      <p>
        The folder <code>{props.dir}</code> and the {plural(props.fileCount, "file")} in it (<code>SKILL.md</code>
        {props.fileCount > 1 ? ` and ${plural(props.fileCount - 1, "other file")}` : ""}) will be moved to the
        system trash.
      </p>
      {props.dirty && <p className="field-note error">Your unsaved changes to this skill will be lost too.</p>}
      {props.agents.length > 0 && (
        <p className="field-note warning">
          {props.agents.length === 1 ? "The agent " : "The agents "}
          {props.agents.map((a, i) => (
            <span key={a}>
              {i > 0 && ", "}
              <strong>{a}</strong>
            </span>
          ))}{" "}
          {props.agents.length === 1 ? "lists" : "list"} this skill and will report it as missing.
        </p>
      )}
    </Modal>
  );
}
