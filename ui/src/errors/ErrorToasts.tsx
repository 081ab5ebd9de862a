import type { AppError } from "../bindings/AppError";
import { RichMessage } from "../diagnostics/RichMessage";
import { sentenceFor } from "./errorSentences";

export type ShownError = { id: number; error: AppError; retry: (() => void) | undefined };

/** Every AppError as a sentence, the particulars, and the next step; never raw JSON. */
export function ErrorToasts(props: {
  shown: ShownError[];
  onDismiss: (id: number) => void;
  onOpenFolder: () => void;
  onReloadCatalogue: () => void;
}) {
  if (props.shown.length === 0) return null;
  return (
    <div className="toasts" role="region" aria-label="Problems">
      {props.shown.map(({ id, error, retry }) => {
        const sentence = sentenceFor(error);
        const act = () => {
          props.onDismiss(id);
          if (sentence.action === "open-folder") props.onOpenFolder();
          if (sentence.action === "reload-catalogue") props.onReloadCatalogue();
          if (sentence.action === "retry") retry?.();
        };
        const showAction =
          sentence.action !== "none" && (sentence.action !== "retry" || retry !== undefined);
        return (
          <div key={id} className="toast" role="alert" data-testid="error-toast" data-code={error.code}>
            <div className="toast-icon" aria-hidden="true">!</div>
            <div className="toast-text">
              <p className="toast-title">{sentence.title}</p>
              {error.message && (
                <p className="toast-message">
                  <RichMessage text={error.message} />
                </p>
              )}
              <p className="toast-next">{sentence.next}</p>
              {showAction && (
                <button type="button" className="button small" onClick={act}>
                  {sentence.actionLabel}
                </button>
              )}
            </div>
            <button
              type="button"
              className="icon-button"
              aria-label="Dismiss"
              onClick={() => props.onDismiss(id)}
            >
              ×
            </button>
          </div>
        );
      })}
    </div>
  );
}
