import type { Diagnostic } from "../bindings/Diagnostic";
import { RichMessage } from "../diagnostics/RichMessage";
import { SeverityIcon } from "../diagnostics/SeverityIcon";

/** Diagnostics as short readable items: icon, message, the fix when one is known. */
export function DiagnosticList(props: { diagnostics: Diagnostic[]; onLine?: (d: Diagnostic) => void; showLine?: boolean }) {
  if (props.diagnostics.length === 0) return null;
  return (
    <ul className="diagnostic-list">
      {props.diagnostics.map((d, i) => (
        <li key={`${d.code}:${d.line}:${d.column}:${i}`} className={`diagnostic-item ${d.severity}`} data-testid="diagnostic" data-code={d.code}>
          <SeverityIcon severity={d.severity} />
          <div className="diagnostic-text">
            <span className="diagnostic-message">
              <RichMessage text={d.message} />
            </span>
            {d.hint && (
              <span className="diagnostic-hint">
                Fix: <RichMessage text={d.hint} />
              </span>
            )}
          </div>
          {props.showLine && (
            props.onLine ? (
              <button type="button" className="link-button line-link" onClick={() => props.onLine?.(d)}>
                line {d.line}
              </button>
            ) : (
              <span className="line-link muted">line {d.line}</span>
            )
          )}
        </li>
      ))}
    </ul>
  );
}
