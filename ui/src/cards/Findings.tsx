import type { CardReview } from "../bindings/CardReview";
import type { Diagnostic } from "../bindings/Diagnostic";
import { RichMessage } from "../diagnostics/RichMessage";
import { SeverityIcon } from "../diagnostics/SeverityIcon";
import { formatCount } from "../model/format";
import { counts, skillFileFor } from "./cardModel";

/** The review's findings, errors first. A click shows the part of the card concerned;
 * "Open file" opens the skill to change in the editor. */
export function Findings(props: {
  review: CardReview;
  selected: Diagnostic | null;
  onSelect: (d: Diagnostic) => void;
  onOpenFile: (file: string, line: number) => void;
}) {
  const { review } = props;
  const { errors, warnings } = counts(review.diagnostics);
  const rows = [...review.diagnostics].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
  return (
    <section className="card card-findings" aria-label="Review findings">
      <div className="card-section-head">
        <h2>Review findings</h2>
        <span className="muted small">
          {rows.length === 0
            ? "None: the card passes every check."
            : `${formatCount(errors)} ${errors === 1 ? "error" : "errors"}, ${formatCount(warnings)} ${warnings === 1 ? "warning" : "warnings"}. Errors must be fixed before approval; click one to see it in the card.`}
        </span>
      </div>
      {rows.length > 0 && (
        <ul className="findings">
          {rows.map((d, i) => {
            const open = skillFileFor(review, d);
            const where = `${d.file}:${d.line}`;
            const selected = props.selected === d;
            return (
              <li
                key={`${d.code}-${d.pointer ?? ""}-${i}`}
                className={selected ? "finding selected" : "finding"}
                data-testid="card-finding"
                data-code={d.code}
                data-pointer={d.pointer}
              >
                <button type="button" className="finding-main" onClick={() => props.onSelect(d)} title="Show this in the card">
                  <SeverityIcon severity={d.severity} />
                  <span className="finding-text">
                    <span className="finding-message">
                      <RichMessage text={d.message} />
                    </span>
                    {d.hint && (
                      <span className="finding-hint">
                        Fix: <RichMessage text={d.hint} />
                      </span>
                    )}
                    <span className="finding-code">
                      {d.code} · {where}
                    </span>
                  </span>
                </button>
                {open && (
                  <button
                    type="button"
                    className="button small finding-open"
                    onClick={() => props.onOpenFile(open.file, open.line)}
                    title={`Open ${open.file} at line ${open.line} in the editor`}
                    data-testid="finding-open"
                  >
                    Open file
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
