import type { IndexProgress } from "../bindings/IndexProgress";

const PHASES: Record<IndexProgress["phase"], string> = {
  checking: "Reading and checking skills",
  counting: "Counting tokens",
  writing: "Saving the search index",
};

/** Shown while a catalogue opens, with Rust's progress; Cancel stops the work in Rust. */
export function IndexingOverlay(props: { path: string | null; progress: IndexProgress | null; onCancel: () => void }) {
  const p = props.progress;
  const share = p && p.total > 0 ? Math.min(1, p.done / p.total) : null;
  return (
    <div className="indexing" role="status" aria-live="polite" data-testid="indexing">
      <div className="indexing-card">
        <p className="indexing-title">Opening catalogue…</p>
        <p className="indexing-path">{props.path ?? "The last catalogue you opened"}</p>
        <div
          className="progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={p?.total ?? 0}
          aria-valuenow={p?.done ?? 0}
          data-testid="indexing-progress"
        >
          {share === null ? (
            <div className="progress-bar" />
          ) : (
            <div className="progress-bar determinate" style={{ width: `${Math.round(share * 100)}%` }} />
          )}
        </div>
        <p className="muted small">
          {p && p.total > 0
            ? `${PHASES[p.phase]}: ${p.done.toLocaleString()} of ${p.total.toLocaleString()}`
            : "Reading and checking every skill. A large catalogue takes a few seconds the first time."}
        </p>
        <button type="button" className="button" onClick={props.onCancel} data-testid="cancel-open">
          Cancel
        </button>
      </div>
    </div>
  );
}
