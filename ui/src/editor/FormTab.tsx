import type { FieldValue } from "../platform";
import { useEffect, useMemo, useRef } from "react";
import type { Diagnostic } from "../bindings/Diagnostic";
import { fieldOf } from "../model/pointer";
import { fieldsOf, frontmatterObject, previewOf } from "../model/schemaFields";
import { DiagnosticList } from "./DiagnosticList";
import { FormField } from "./FormField";

function attr(value: string): string {
  return value.replace(/["\\]/g, "\\$&");
}

export type FieldFocus = { name: string; nonce: number };

/** The frontmatter as a form generated from the profile's JSON Schema. */
export function FormTab(props: {
  schema: unknown;
  frontmatter: unknown | null;
  diagnostics: Diagnostic[];
  focus: FieldFocus | null;
  onChange: (pointer: string, value: FieldValue | null) => void;
  onOpenYaml: () => void;
  onGoToLine: (d: Diagnostic) => void;
}) {
  const fields = useMemo(() => fieldsOf(props.schema), [props.schema]);
  const known = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const values = frontmatterObject(props.frontmatter);
  const others = Object.keys(values).filter((k) => !known.has(k));
  const box = useRef<HTMLDivElement>(null);

  const byField = useMemo(() => {
    const map = new Map<string, Diagnostic[]>();
    for (const d of props.diagnostics) {
      const field = fieldOf(d.pointer);
      if (field === null) continue;
      map.set(field, [...(map.get(field) ?? []), d]);
    }
    return map;
  }, [props.diagnostics]);
  const shownFields = new Set([...known, ...others]);
  const general = props.diagnostics.filter((d) => {
    const field = fieldOf(d.pointer);
    return field === null || !shownFields.has(field);
  });

  useEffect(() => {
    if (!props.focus || !box.current) return;
    const target = box.current.querySelector<HTMLElement>(`[data-testid="field-${attr(props.focus.name)}"]`);
    const row = box.current.querySelector<HTMLElement>(`[data-field="${attr(props.focus.name)}"]`);
    (row ?? target)?.scrollIntoView?.({ block: "center" });
    target?.focus();
  }, [props.focus]);

  if (props.frontmatter === null) {
    return (
      <div className="form" ref={box}>
        <div className="notice warning">
          <p>
            <strong>The fields cannot be read</strong>, so the form is not available. Fix the problem below in
            the YAML tab; the form comes back as soon as the YAML is valid.
          </p>
          <button type="button" className="button small" onClick={props.onOpenYaml}>
            Open the YAML tab
          </button>
        </div>
        <DiagnosticList diagnostics={props.diagnostics} onLine={props.onGoToLine} showLine />
      </div>
    );
  }

  return (
    <div className="form" ref={box}>
      {general.length > 0 && (
        <div className="form-general">
          <h3 className="form-section-title">Problems elsewhere in the file</h3>
          <DiagnosticList diagnostics={general} onLine={props.onGoToLine} showLine />
        </div>
      )}
      {fields.map((spec) => (
        <FormField
          key={spec.name}
          spec={spec}
          value={values[spec.name]}
          present={spec.name in values}
          diagnostics={byField.get(spec.name) ?? []}
          onChange={props.onChange}
          onOpenYaml={props.onOpenYaml}
        />
      ))}
      {others.length > 0 && (
        <section className="other-fields" aria-label="Other fields">
          <h3 className="form-section-title">Other fields (kept as they are)</h3>
          <p className="form-help">
            These fields are not part of this skill's profile. Skillhouse keeps them unchanged; edit or remove
            them in the YAML tab.
          </p>
          {others.map((key) => (
            <div className="other-field" key={key} data-field={key}>
              <div className="other-field-row">
                <span className="form-key">{key}</span>
                <code className="other-value" data-testid={`field-${key}`} tabIndex={-1}>
                  {previewOf(values[key])}
                </code>
              </div>
              <DiagnosticList diagnostics={byField.get(key) ?? []} />
            </div>
          ))}
          <button type="button" className="button small" onClick={props.onOpenYaml}>
            Open the YAML tab
          </button>
        </section>
      )}
    </div>
  );
}
