import type { TakeFileKind } from "../bindings/TakeFileKind";
import type { TakePlan } from "../bindings/TakePlan";
import { RichMessage } from "../diagnostics/RichMessage";
import { plural } from "../model/format";

const KIND_LABEL: Record<TakeFileKind, string> = { added: "added", changed: "changed", removed: "removed" };

/**
 * What taking a skill's folder in an agent tool into the catalogue would write: every file that
 * differs, with its diff. Nothing is written until Take.
 */
export function TakePanel(props: {
  plan: TakePlan;
  busy: boolean;
  stale: boolean;
  onTake: () => void;
  onCancel: () => void;
  onPlanAgain: () => void;
  /** For Skillhouse's own edited copy: plan to overwrite it with the catalogue's instead. */
  onReplace?: () => void;
}) {
  const { plan } = props;
  const title = plan.kind === "adopt" ? `Adopt ${plan.skill} into the catalogue` : `Take the changes to ${plan.skill} into the catalogue`;
  const nothing = plan.files.length === 0;
  return (
    <section className="plan-panel take-panel" aria-label={title} data-testid="take-plan" data-kind={plan.kind}>
      <div className="plan-head">
        <h2>{title}</h2>
        <span className="muted small" data-testid="take-summary">
          {plan.refused ? "Cannot be taken" : nothing ? "Nothing differs" : `${plural(plan.files.length, "file")} to write into ${plan.into}`}
        </span>
      </div>
      <p className="muted small">
        From <code>{plan.folder}</code> into the catalogue's <code>{plan.into}</code>.
        {plan.kind === "adopt" && " The catalogue has no skill of this name: it is added as a new one."}
        {!plan.records && " Another installer's lock names this skill, so its folder stays theirs: it is not recorded as Skillhouse's."}
      </p>

      {plan.refused && (
        <div className="notice warning" role="alert" data-testid="take-refused">
          <p>
            <RichMessage text={`Nothing can be taken: ${plan.refused}.`} />
          </p>
        </div>
      )}

      {!plan.refused &&
        plan.files.map((file) => (
          <div key={file.path} className="take-file" data-testid="take-file" data-path={file.path} data-kind={file.kind}>
            <div className="plan-folder-head">
              <span className={`take-kind kind-${file.kind}`}>{KIND_LABEL[file.kind]}</span> <code>{file.path}</code>
            </div>
            {file.diff === undefined ? (
              <p className="muted small">A binary file: no diff to show.</p>
            ) : (
              <pre className="take-diff" data-testid="take-diff">
                {file.diff
                  .split("\n")
                  .filter((line, i, all) => line !== "" || i < all.length - 1)
                  .map((line, i) => (
                    <span key={i} className={diffClass(line)}>
                      {line}
                      {"\n"}
                    </span>
                  ))}
              </pre>
            )}
          </div>
        ))}

      {props.stale && (
        <div className="notice warning" role="status" data-testid="take-stale">
          <p>A folder changed since these changes were shown, so nothing was written. Show them again to see what would be taken now.</p>
        </div>
      )}

      <div className="plan-actions">
        {props.stale ? (
          <button type="button" className="button primary" onClick={props.onPlanAgain} disabled={props.busy} data-testid="take-again">
            Show again
          </button>
        ) : (
          <button
            type="button"
            className="button primary"
            onClick={props.onTake}
            disabled={props.busy || nothing || plan.refused !== undefined}
            data-testid="take-apply"
          >
            {props.busy ? "Taking…" : plan.kind === "adopt" ? "Adopt into the catalogue" : "Take into the catalogue"}
          </button>
        )}
        {props.onReplace && (
          <button
            type="button"
            className="button"
            onClick={props.onReplace}
            disabled={props.busy}
            title="Plan to overwrite the copy with the catalogue's version instead (the edited copy is kept in .skillhouse-backup)"
            data-testid="take-replace"
          >
            Replace with the catalogue's…
          </button>
        )}
        <button type="button" className="button" onClick={props.onCancel} disabled={props.busy} data-testid="take-cancel">
          Cancel
        </button>
      </div>
    </section>
  );
}

function diffClass(line: string): string {
  if (line.startsWith("+++") || line.startsWith("---")) return "diff-file";
  if (line.startsWith("@@")) return "diff-hunk";
  if (line.startsWith("+")) return "diff-add";
  if (line.startsWith("-")) return "diff-remove";
  return "diff-context";
}
