import type { Budgets } from "../bindings/Budgets";
import type { ResourceRow } from "../bindings/ResourceRow";
import { formatCount } from "../model/format";
import { BudgetBar } from "./BudgetBar";

/** What the skill costs a model at each level of progressive disclosure. */
export function DisclosureTab(props: {
  tokens: { l1: number; l2: number; l3: number };
  budgets: Budgets;
  l2Budget: number;
  resources: ResourceRow[];
}) {
  const text = props.resources.filter((r) => r.tokens !== null);
  const binary = props.resources.length - text.length;
  return (
    <div className="disclosure">
      <section className="disclosure-level">
        <h3>L1 · the listing</h3>
        <p className="form-help">Name and description, which a model sees for every skill at start-up.</p>
        <BudgetBar label="Name and description" value={props.tokens.l1} budget={props.budgets.l1} testId="bar-l1" />
      </section>
      <section className="disclosure-level">
        <h3>L2 · the instructions</h3>
        <p className="form-help">
          The body, with the catalogue's shared operating principles in front, read when the skill is used.
          {props.l2Budget !== props.budgets.l2 && " This skill sets its own budget in metadata.token-budget."}
        </p>
        <BudgetBar label="Body" value={props.tokens.l2} budget={props.l2Budget} testId="bar-l2" />
      </section>
      <section className="disclosure-level">
        <h3>L3 · the files</h3>
        <p className="form-help">
          Each file is read only when the instructions point to it; every text file has its own budget.
          {" "}In total: {formatCount(props.tokens.l3)} tokens.
        </p>
        {text.length === 0 && <p className="muted">No text files.</p>}
        {text.map((r) => (
          <BudgetBar key={r.path} label={r.path} value={r.tokens ?? 0} budget={props.budgets.resource} testId="bar-l3" />
        ))}
        {binary > 0 && (
          <p className="muted small">
            {binary} binary {binary === 1 ? "file is" : "files are"} not counted.
          </p>
        )}
      </section>
    </div>
  );
}
