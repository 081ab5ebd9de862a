import { formatCount } from "../model/format";

export const NEAR_SHARE = 0.8;

export type BudgetTone = "ok" | "near" | "over";

export function toneOf(value: number, budget: number): BudgetTone {
  if (budget <= 0) return "ok";
  if (value > budget) return "over";
  if (value >= budget * NEAR_SHARE) return "near";
  return "ok";
}

/** A horizontal bar of `value` against `budget`: amber from 80%, red over budget. */
export function BudgetBar(props: { label: string; detail?: string; value: number; budget: number; testId?: string }) {
  const tone = toneOf(props.value, props.budget);
  const share = props.budget > 0 ? props.value / props.budget : 0;
  const width = Math.min(share, 1) * 100;
  return (
    <div className={`budget-bar ${tone}`} data-testid={props.testId} data-tone={tone}>
      <div className="budget-head">
        <span className="budget-label">
          {props.label}
          {props.detail && <span className="budget-detail">{props.detail}</span>}
        </span>
        <span className="budget-figures">
          <strong>{formatCount(props.value)}</strong> of {formatCount(props.budget)} tokens
          {tone === "over" && <span className="budget-over"> · {formatCount(props.value - props.budget)} over</span>}
        </span>
      </div>
      <div
        className="budget-track"
        role="meter"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={props.budget}
        aria-valuenow={props.value}
      >
        <div className="budget-fill" style={{ width: `${width}%` }} />
        <div className="budget-near-mark" aria-hidden="true" />
      </div>
    </div>
  );
}
