import { useState, type ReactNode } from "react";
import type { AppError } from "../bindings/AppError";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";
import { Modal } from "./Modal";
import { NameField } from "./NameField";
import { nameProblem } from "./skillName";

/**
 * A dialog that asks for a skill name and hands it to Rust (new skill, rename). Rust's refusal
 * of the name (bad name, taken) is shown under the field; other errors go to the error toasts.
 */
export function NameDialog(props: {
  title: string;
  initial: string;
  confirmLabel: string;
  send: (name: string) => Promise<void>;
  onClose: () => void;
  testIds: { dialog: string; field: string; confirm: string };
  children: ReactNode;
}) {
  const [name, setName] = useState(props.initial);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const report = useReportError();
  // The name it started with has nothing to send: empty for a new skill, the old name for a rename.
  const blocked = busy || name === props.initial || nameProblem(name) !== null;

  const submit = async () => {
    if (blocked) return;
    setBusy(true);
    setError(null);
    try {
      await props.send(name);
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
      title={props.title}
      onClose={props.onClose}
      testId={props.testIds.dialog}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button primary"
            onClick={() => void submit()}
            disabled={blocked}
            data-testid={props.testIds.confirm}
          >
            {props.confirmLabel}
          </button>
        </>
      }
    >
      <NameField
        value={name}
        onChange={(value) => {
          setName(value);
          setError(null);
        }}
        onSubmit={() => void submit()}
        error={error}
        testId={props.testIds.field}
      />
      {props.children}
    </Modal>
  );
}
