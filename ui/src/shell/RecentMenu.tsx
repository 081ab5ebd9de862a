import { useEffect, useRef, useState } from "react";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";

/** "Recent" button with the catalogues opened before (asked for each time it opens). */
export function RecentMenu(props: { onOpen: (path: string) => void; current: string | null; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [paths, setPaths] = useState<string[] | null>(null);
  const report = useReportError();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    platform.recentCatalogues().then(
      (list) => live && setPaths(list),
      (error: unknown) => {
        if (!live) return;
        setOpen(false);
        report(platform.toAppError(error));
      },
    );
    const close = (event: MouseEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", escape);
    return () => {
      live = false;
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", escape);
    };
  }, [open, report]);

  return (
    <div className="menu" ref={box}>
      <button
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={props.disabled}
        onClick={() => setOpen((o) => !o)}
        data-testid="recent"
      >
        Recent <span className="caret" aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="menu-list" role="menu">
          {paths === null && <div className="menu-empty">Loading…</div>}
          {paths !== null && paths.length === 0 && <div className="menu-empty">No catalogues opened yet.</div>}
          {paths?.map((path) => (
            <button
              key={path}
              type="button"
              role="menuitem"
              className={path === props.current ? "menu-item current" : "menu-item"}
              onClick={() => {
                setOpen(false);
                props.onOpen(path);
              }}
              title={path}
            >
              <span className="menu-item-name">{path.split(/[\\/]/).filter(Boolean).pop() ?? path}</span>
              <span className="menu-item-path">{path}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
