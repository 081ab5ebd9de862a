import type { AppError } from "../bindings/AppError";
import { suggestionOf } from "../errors/errorDetails";
import { sentenceFor } from "../errors/errorSentences";
import { RichMessage } from "../diagnostics/RichMessage";
import { nameProblem } from "./skillName";

/** A skill-name input that explains the rule as you type and shows Rust's refusal, if any. */
export function NameField(props: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  error: AppError | null;
  testId: string;
}) {
  const problem = props.value === "" ? null : nameProblem(props.value);
  const suggestion = props.error ? suggestionOf(props.error) : null;
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={props.testId}>
        Name
      </label>
      <p className="form-help">Lowercase letters, digits and single hyphens, e.g. <code>summarising-incidents</code>. The folder gets the same name.</p>
      <input
        id={props.testId}
        className={problem || props.error ? "input invalid" : "input"}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onKeyDown={(e) => e.key === "Enter" && props.onSubmit()}
        spellCheck={false}
        autoComplete="off"
        data-testid={props.testId}
      />
      {problem && <p className="field-note error" data-testid="name-problem">{problem}</p>}
      {props.error && (
        <div className="field-note error" data-testid="name-error">
          <p>
            {sentenceFor(props.error).title} <RichMessage text={props.error.message} />
          </p>
          {suggestion && (
            <p>
              Suggestion: <code>{suggestion}</code>{" "}
              <button type="button" className="link-button" onClick={() => props.onChange(suggestion)}>
                Use it
              </button>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
