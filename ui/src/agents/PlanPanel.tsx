import type { AgentToolRow } from "../bindings/AgentToolRow";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { InstallConflict } from "../bindings/InstallConflict";
import type { InstallPlan } from "../bindings/InstallPlan";
import { RichMessage } from "../diagnostics/RichMessage";
import { formatCount, plural } from "../model/format";
import { ACTION_LABEL, changingSteps, replaceable, stepsByFolder, takeable } from "./agentsModel";

/**
 * A plan before it is applied: what each tool's folder gets, what is left alone and why, which
 * skills are held back by an error. Nothing is written until Apply.
 */
export function PlanPanel(props: {
  title: string;
  plan: InstallPlan;
  tools: AgentToolRow[];
  busy: boolean;
  /** Set while Apply runs: steps carried out of all the plan's steps. */
  applying: { done: number; total: number } | null;
  /** Set when applying found the folders changed since the plan: applying it again cannot work. */
  stale: boolean;
  onApply: () => void;
  onCancel: () => void;
  onPlanAgain: () => void;
  onReplace: (conflict: InstallConflict) => void;
  /** Shows what taking what is there into the catalogue would change. */
  onTake: (conflict: InstallConflict) => void;
  onOpenError: (d: Diagnostic) => void;
}) {
  const { plan } = props;
  const names = new Map(props.tools.map((t) => [t.id, t.name]));
  const toolNames = (ids: string[]) => ids.map((id) => names.get(id) ?? id).join(", ");
  const changes = changingSteps(plan);
  const groups = stepsByFolder(plan);

  return (
    <section className="plan-panel" aria-label="Plan" data-testid="agents-plan">
      <div className="plan-head">
        <h2>{props.title}</h2>
        <span className="muted small" data-testid="plan-summary">
          {changes === 0 ? "Nothing to write" : `${plural(changes, "change")} to write`}
          {plan.conflicts.length > 0 && ` · ${plural(plan.conflicts.length, "conflict")} left alone`}
          {plan.blocked.length > 0 && ` · ${plural(plan.blocked.length, "skill")} blocked`}
        </span>
      </div>

      {groups.map((group) => (
        <div key={group.folder} className="plan-folder" data-testid="plan-folder" data-folder={group.folder}>
          <div className="plan-folder-head">
            <code>{group.folder}</code>
            <span className="muted small">read by {toolNames(group.agents)}</span>
          </div>
          <ul className="plan-steps">
            {group.steps.map((step) => (
              <li key={`${step.folder}:${step.action}`} className={`plan-step action-${step.action}`} data-testid="plan-step" data-skill={step.skill} data-action={step.action}>
                <span className="plan-action">{ACTION_LABEL[step.action]}</span>
                <span className="plan-skill">{step.skill}</span>
                <span className="muted small">
                  {step.action !== "remove" && step.action !== "keep" && `as a ${step.how}`}
                  {step.portable && " with portable frontmatter"}
                  {step.why && ` (${step.why})`}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}

      {plan.conflicts.length > 0 && (
        <div className="plan-conflicts">
          <h3>Left alone</h3>
          <ul>
            {plan.conflicts.map((c) => (
              <li key={`${c.folder}:${c.skill}`} className="plan-conflict" data-testid="plan-conflict" data-kind={c.kind} data-skill={c.skill}>
                <div>
                  <strong>{c.skill}</strong> in <code>{c.folder}</code> <span className="muted small">({toolNames(c.agents)})</span>
                </div>
                <p className="small">
                  <RichMessage text={c.message} />
                </p>
                {replaceable(c.kind) && (
                  <button
                    type="button"
                    className="button small"
                    onClick={() => props.onReplace(c)}
                    disabled={props.busy}
                    title="Plan to move what is there into .skillhouse-backup beside it and install the catalogue's skill"
                    data-testid="plan-replace"
                  >
                    Replace…
                  </button>
                )}
                {takeable(c.kind) && (
                  <button
                    type="button"
                    className="button small"
                    onClick={() => props.onTake(c)}
                    disabled={props.busy}
                    title={
                      c.kind === "changedThere"
                        ? "Show the edits made there, to take them into the catalogue"
                        : "Show what the other installer's folder holds, to take it into the catalogue"
                    }
                    data-testid="plan-take"
                  >
                    {c.kind === "changedThere" ? "Show changes…" : "Take into catalogue…"}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      {plan.blocked.length > 0 && (
        <div className="plan-blocked">
          <h3>Not installed: fix these first</h3>
          <ul>
            {plan.blocked.map((b) => (
              <li key={b.skill} data-testid="plan-blocked" data-skill={b.skill}>
                <button type="button" className="link-button" onClick={() => props.onOpenError(b.diagnostic)} title="Open the error in the editor">
                  <strong>{b.skill}</strong>
                </button>{" "}
                <span className="small">
                  <RichMessage text={b.diagnostic.message} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}

      {props.stale && (
        <div className="notice warning" role="status" data-testid="plan-stale">
          <p>The tools' folders changed since this plan was made, so nothing was written. Plan again to see what would happen now.</p>
        </div>
      )}

      {props.applying && <ApplyProgressBar {...props.applying} />}

      <div className="plan-actions">
        {props.stale ? (
          <button type="button" className="button primary" onClick={props.onPlanAgain} disabled={props.busy} data-testid="plan-again">
            Plan again
          </button>
        ) : (
          <button type="button" className="button primary" onClick={props.onApply} disabled={props.busy || changes === 0} data-testid="plan-apply">
            {props.busy ? "Applying…" : "Apply"}
          </button>
        )}
        <button type="button" className="button" onClick={props.onCancel} disabled={props.busy} data-testid="plan-cancel">
          Cancel
        </button>
      </div>
    </section>
  );
}

function ApplyProgressBar(props: { done: number; total: number }) {
  const { done, total } = props;
  const share = total > 0 ? Math.min(1, done / total) : 0;
  return (
    <div className="apply-progress" data-testid="apply-progress">
      <div className="progress" role="progressbar" aria-label="Applying the plan" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
        <div className="progress-bar determinate" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <span className="muted small">
        {formatCount(done)} of {plural(total, "step")} done…
      </span>
    </div>
  );
}
