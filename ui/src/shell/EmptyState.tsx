export function EmptyState(props: { onOpenFolder: () => void }) {
  return (
    <div className="empty-state">
      <h1>Open a skills catalogue</h1>
      <p>
        A catalogue is a folder with one sub-folder per skill, each holding a <code>SKILL.md</code>.
        Skillhouse checks every skill and shows what each one costs a model.
      </p>
      <button type="button" className="button primary" onClick={props.onOpenFolder}>
        Open folder…
      </button>
    </div>
  );
}
