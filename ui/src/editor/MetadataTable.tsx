import { useState } from "react";
import { pointerOf } from "../model/pointer";
import { previewOf, textOf } from "../model/schemaFields";
import { useEditableText } from "./useEditableText";

function ValueInput(props: { name: string; entry: string; value: string; onChange: (v: string) => void }) {
  const editable = useEditableText(props.value);
  return (
    <input
      type="text"
      className="input"
      aria-label={`Value of ${props.entry}`}
      value={editable.text}
      onFocus={editable.onFocus}
      onBlur={editable.onBlur}
      onChange={(e) => {
        editable.setText(e.target.value);
        props.onChange(e.target.value);
      }}
      data-testid={`field-${props.name}-${props.entry}`}
    />
  );
}

/** `metadata` as a key/value table: change values, remove entries, add new ones. */
export function MetadataTable(props: {
  name: string;
  value: unknown;
  onChange: (pointer: string, value: string | null) => void;
  onOpenYaml: () => void;
}) {
  const [newKey, setNewKey] = useState("");
  const [newValue, setNewValue] = useState("");
  const map =
    typeof props.value === "object" && props.value !== null && !Array.isArray(props.value)
      ? (props.value as Record<string, unknown>)
      : {};
  const entries = Object.entries(map);
  const keyTaken = newKey.trim() !== "" && newKey.trim() in map;
  const add = () => {
    const key = newKey.trim();
    if (key === "" || keyTaken) return;
    props.onChange(pointerOf(props.name, key), newValue);
    setNewKey("");
    setNewValue("");
  };
  return (
    <div className="kv-table" data-testid={`field-${props.name}`} tabIndex={-1}>
      {entries.length === 0 && <p className="muted small">No entries yet.</p>}
      {entries.map(([key, value]) => {
        const text = textOf(value);
        return (
          <div className="kv-row" key={key}>
            <span className="kv-key" title={key}>{key}</span>
            {text === null ? (
              <div className="readonly-value">
                <code>{previewOf(value)}</code>
                <button type="button" className="link-button" onClick={props.onOpenYaml}>
                  Edit in the YAML tab
                </button>
              </div>
            ) : (
              <ValueInput name={props.name} entry={key} value={text} onChange={(v) => props.onChange(pointerOf(props.name, key), v)} />
            )}
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${key}`}
              title={`Remove ${key}`}
              onClick={() => props.onChange(pointerOf(props.name, key), null)}
            >
              ×
            </button>
          </div>
        );
      })}
      <div className="kv-row kv-new">
        <input
          type="text"
          className="input kv-new-key"
          placeholder="new key"
          aria-label="New key"
          value={newKey}
          onChange={(e) => setNewKey(e.target.value)}
          onKeyDown={(e) => e.key === "Enter" && add()}
        />
        <input
          type="text"
          className="input"
          placeholder="value"
          aria-label="New value"
          value={newValue}
          onChange={(e) => setNewValue(e.target.value)}
          onKeyDown={(e) => e.key === "Enter" && add()}
        />
        <button type="button" className="button small" onClick={add} disabled={newKey.trim() === "" || keyTaken}>
          Add
        </button>
      </div>
      {keyTaken && <p className="field-note">“{newKey.trim()}” is already there: change its value above.</p>}
    </div>
  );
}
