import type { CardReview } from "../bindings/CardReview";
import type { ChangeKind } from "../bindings/ChangeKind";
import { formatTime, showValue } from "./cardModel";

const KIND_LABEL: Record<ChangeKind, string> = { added: "Added", removed: "Removed", changed: "Changed" };

/** What differs from the approved card, field by field (skills matched by id). */
export function Changes(props: { review: CardReview }) {
  const { review } = props;
  return (
    <section className="card card-changes" aria-label="Changes since approval" data-testid="card-changes">
      <div className="card-section-head">
        <h2>Changes since approval</h2>
        <span className="muted small">
          {review.approval
            ? `Compared with version ${review.approval.version}, approved ${formatTime(review.approval.approvedAt)}. Approve again to publish these.`
            : "Compared with the approved card."}
        </span>
      </div>
      {review.changes.length === 0 ? (
        <p className="muted">The card's text changed, but no field did (for example, only the order of keys).</p>
      ) : (
        <table className="table changes-table">
          <thead>
            <tr>
              <th>Change</th>
              <th>Field</th>
              <th>Before</th>
              <th>After</th>
            </tr>
          </thead>
          <tbody>
            {review.changes.map((c, i) => (
              <tr key={i} data-testid="card-change" data-kind={c.kind}>
                <td>
                  <span className={`badge ${c.kind === "added" ? "ok" : c.kind === "removed" ? "error" : "warning"}`}>{KIND_LABEL[c.kind]}</span>
                </td>
                <td className="change-path">{c.path}</td>
                <td className="change-value before">{showValue(c.before)}</td>
                <td className="change-value after">{showValue(c.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
