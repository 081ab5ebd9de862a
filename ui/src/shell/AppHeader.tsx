import { RecentMenu } from "./RecentMenu";

export function AppHeader(props: {
  root: string | null;
  demo: boolean;
  busy: boolean;
  onOpenFolder: () => void;
  onOpenRecent: (path: string) => void;
  onAbout: () => void;
}) {
  return (
    <header className="app-header">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">S</span>
        <span className="brand-name">Skillhouse</span>
      </div>
      <div className="catalogue-path" title={props.root ?? undefined} data-testid="catalogue-path">
        {props.root ? (
          <>
            <span className="catalogue-label">Catalogue</span>
            <span className="catalogue-value">{props.root}</span>
          </>
        ) : (
          <span className="catalogue-label">No catalogue open</span>
        )}
        {props.demo && <span className="pill neutral" title="Running in a browser without the desktop app: answers recorded from the sample catalogue are replayed, and nothing can be changed.">Demo</span>}
      </div>
      <div className="header-actions">
        <button type="button" className="button" onClick={props.onOpenFolder} disabled={props.busy} data-testid="open-folder">
          Open folder…
        </button>
        <RecentMenu onOpen={props.onOpenRecent} current={props.root} disabled={props.busy} />
        <button type="button" className="button" onClick={props.onAbout} data-testid="open-about" title="Version, commit and the command-line tool">
          About
        </button>
      </div>
    </header>
  );
}
