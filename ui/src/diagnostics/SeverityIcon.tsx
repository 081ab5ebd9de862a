import type { Severity } from "../bindings/Severity";

export function SeverityIcon(props: { severity: Severity }) {
  const label = props.severity === "error" ? "Error" : "Warning";
  return (
    <span className={`severity-icon ${props.severity}`} role="img" aria-label={label} title={label}>
      {props.severity === "error" ? "✕" : "!"}
    </span>
  );
}
