/** Shown while a catalogue opens; Cancel simply stops waiting for the result. */
export function IndexingOverlay(props: { path: string | null; onCancel: () => void }) {
  return (
    <div className="indexing" role="status" aria-live="polite" data-testid="indexing">
      <div className="indexing-card">
        <p className="indexing-title">Opening catalogue…</p>
        <p className="indexing-path">{props.path ?? "The last catalogue you opened"}</p>
        <div className="progress" aria-hidden="true">
          <div className="progress-bar" />
        </div>
        <p className="muted small">Reading and checking every skill. A large catalogue takes a few seconds the first time.</p>
        <button type="button" className="button" onClick={props.onCancel} data-testid="cancel-open">
          Cancel
        </button>
      </div>
    </div>
  );
}
