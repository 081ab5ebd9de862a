import { useMemo } from "react";
import { Modal } from "../actions/Modal";
import { changedLines } from "./lineDiff";

function Version(props: { title: string; text: string; changed: Set<number>; testId: string }) {
  return (
    <div className="version">
      <div className="version-title">{props.title}</div>
      <pre className="version-text" data-testid={props.testId}>
        {props.text.split("\n").map((line, i) => (
          <div key={i} className={props.changed.has(i) ? "version-line changed" : "version-line"}>
            <span className="version-number">{i + 1}</span>
            <span>{line || " "}</span>
          </div>
        ))}
      </pre>
    </div>
  );
}

/** The file changed on disk while it was being edited: show both and let the person choose. */
export function ConflictDialog(props: {
  fileName: string;
  mine: string;
  disk: string;
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onCancel: () => void;
}) {
  const marks = useMemo(() => changedLines(props.mine, props.disk), [props.mine, props.disk]);
  return (
    <Modal
      title="SKILL.md changed on disk while you were editing"
      onClose={props.onCancel}
      wide
      testId="conflict-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={props.onCancel} disabled={props.busy} data-testid="conflict-cancel">
            Cancel
          </button>
          <button type="button" className="button" onClick={props.onTakeTheirs} disabled={props.busy} data-testid="conflict-theirs">
            Take the version on disk
          </button>
          <button type="button" className="button primary" onClick={props.onKeepMine} disabled={props.busy} data-testid="conflict-mine">
            Keep mine and save
          </button>
        </>
      }
    >
      <p>
        <code>{props.fileName}</code> changed on disk after you opened it (another program, or a colleague
        through a shared folder). Changed lines are highlighted. “Keep mine” replaces the file with your
        version; “Take the version on disk” drops your changes (Undo brings them back).
      </p>
      <div className="versions">
        <Version title="Your version" text={props.mine} changed={marks.left} testId="conflict-mine-text" />
        <Version title="On disk now" text={props.disk} changed={marks.right} testId="conflict-disk-text" />
      </div>
    </Modal>
  );
}
