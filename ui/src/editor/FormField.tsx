import type { FieldValue } from "../platform";
import { useId, type ReactNode } from "react";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { FieldSpec } from "../model/schemaFields";
import { previewOf, textOf } from "../model/schemaFields";
import { pointerOf } from "../model/pointer";
import { RichMessage } from "../diagnostics/RichMessage";
import { DiagnosticList } from "./DiagnosticList";
import { MetadataTable } from "./MetadataTable";
import { useEditableText } from "./useEditableText";

/** One frontmatter field: label, explanation, input, and its diagnostics right under it. */
export function FormField(props: {
  spec: FieldSpec;
  value: unknown;
  present: boolean;
  diagnostics: Diagnostic[];
  onChange: (pointer: string, value: FieldValue | null) => void;
  onOpenYaml: () => void;
}) {
  const { spec } = props;
  const id = useId();
  const hintId = `${id}-hint`;
  const text = textOf(props.value);
  const editable = useEditableText(text ?? "");
  const pointer = pointerOf(spec.name);
  const hasError = props.diagnostics.some((d) => d.severity === "error");

  const send = (value: string) => {
    editable.setText(value);
    // Clearing an optional field removes it, rather than leaving an empty value behind.
    props.onChange(pointer, value === "" && !spec.required ? null : value);
  };

  let control: ReactNode;
  if (spec.kind === "map") {
    control = (
      <MetadataTable name={spec.name} value={props.value} onChange={props.onChange} onOpenYaml={props.onOpenYaml} />
    );
  } else if (text === null || spec.kind === "other") {
    control = (
      <div className="readonly-value">
        <code>{props.present ? previewOf(props.value) : "(not set)"}</code>
        <button type="button" className="link-button" onClick={props.onOpenYaml}>
          Edit in the YAML tab
        </button>
      </div>
    );
  } else if (spec.kind === "checkbox") {
    control = (
      <label className="checkbox">
        <input
          id={id}
          type="checkbox"
          checked={props.value === true}
          onChange={(e) => props.onChange(pointer, e.target.checked)}
          data-testid={`field-${spec.name}`}
          aria-describedby={hintId}
        />
        <span>{props.value === true ? "Yes" : "No"}</span>
      </label>
    );
  } else if (spec.kind === "select") {
    control = (
      <select
        id={id}
        className="select"
        value={text}
        onChange={(e) => send(e.target.value)}
        data-testid={`field-${spec.name}`}
        aria-describedby={hintId}
      >
        {!spec.required && <option value="">(not set)</option>}
        {spec.required && text === "" && <option value="">Choose…</option>}
        {spec.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else if (spec.kind === "textarea") {
    control = (
      <textarea
        id={id}
        className={hasError ? "input textarea invalid" : "input textarea"}
        value={editable.text}
        rows={4}
        onFocus={editable.onFocus}
        onBlur={editable.onBlur}
        onChange={(e) => send(e.target.value)}
        data-testid={`field-${spec.name}`}
        aria-describedby={hintId}
        aria-invalid={hasError}
      />
    );
  } else {
    control = (
      <input
        id={id}
        type="text"
        inputMode={spec.kind === "number" ? "numeric" : undefined}
        className={hasError ? "input invalid" : "input"}
        value={editable.text}
        spellCheck={spec.name === "name" || spec.name === "allowed-tools" ? false : undefined}
        onFocus={editable.onFocus}
        onBlur={editable.onBlur}
        onChange={(e) => send(e.target.value)}
        data-testid={`field-${spec.name}`}
        aria-describedby={hintId}
        aria-invalid={hasError}
      />
    );
  }

  const length = [...editable.text].length;
  return (
    <div className="form-field" data-field={spec.name}>
      <div className="form-label-row">
        <label htmlFor={id} className="form-label">
          {spec.title}
          {spec.required && <span className="required" title="Required">required</span>}
        </label>
        <span className="form-key">{spec.name}</span>
        {spec.maxLength !== null && (spec.kind === "text" || spec.kind === "textarea") && (
          <span className={length > spec.maxLength ? "counter over" : "counter"}>
            {length} / {spec.maxLength}
          </span>
        )}
      </div>
      {spec.description && (
        <p className="form-help" id={hintId}>
          <RichMessage text={spec.description} />
        </p>
      )}
      {control}
      <DiagnosticList diagnostics={props.diagnostics} />
    </div>
  );
}
