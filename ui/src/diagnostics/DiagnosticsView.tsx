import { useMemo, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { Diagnostic } from "../bindings/Diagnostic";
import { formatCount } from "../model/format";
import { relativeDir, skillForFile } from "../model/skillForFile";
import { RichMessage } from "./RichMessage";
import { SeverityIcon } from "./SeverityIcon";

/** A first guess at a row's height; each row is then measured, as long messages wrap. */
const ESTIMATED_ROW_HEIGHT = 60;

type SeverityFilter = "all" | "error" | "warning";

/** Every diagnostic of the catalogue; a click opens the skill at the field or line. */
export function DiagnosticsView(props: { view: CatalogueView; onOpen: (d: Diagnostic) => void }) {
  const { view } = props;
  const [severity, setSeverity] = useState<SeverityFilter>("all");
  const [code, setCode] = useState("");
  const scroller = useRef<HTMLDivElement>(null);

  const codes = useMemo(() => {
    const counts = new Map<string, number>();
    for (const d of view.diagnostics) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  }, [view.diagnostics]);
  const errors = useMemo(() => view.diagnostics.filter((d) => d.severity === "error").length, [view.diagnostics]);
  const warnings = view.diagnostics.length - errors;

  const rows = useMemo(
    () =>
      view.diagnostics
        .filter((d) => (severity === "all" || d.severity === severity) && (code === "" || d.code === code))
        .sort(
          (a, b) =>
            (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1) ||
            a.file.localeCompare(b.file) ||
            a.line - b.line,
        ),
    [view.diagnostics, severity, code],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 8,
  });

  return (
    <div className="page diagnostics-view">
      <div className="page-head">
        <h1>Diagnostics</h1>
        <p className="muted">
          {view.diagnostics.length === 0
            ? "No problems found in this catalogue."
            : `${formatCount(errors)} ${errors === 1 ? "error" : "errors"} and ${formatCount(warnings)} ${warnings === 1 ? "warning" : "warnings"}. Click one to open the skill where it is.`}
        </p>
        {view.notes.length > 0 && (
          <ul className="notes muted small" data-testid="catalogue-notes">
            {view.notes.map((n) => (
              <li key={n}>Note: {n}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="toolbar">
        <div className="segmented" role="group" aria-label="Severity">
          {(["all", "error", "warning"] as const).map((s) => (
            <button
              key={s}
              type="button"
              className={severity === s ? "segment on" : "segment"}
              aria-pressed={severity === s}
              onClick={() => setSeverity(s)}
              data-testid={`severity-${s}`}
            >
              {s === "all" ? `All (${formatCount(view.diagnostics.length)})` : s === "error" ? `Errors (${formatCount(errors)})` : `Warnings (${formatCount(warnings)})`}
            </button>
          ))}
        </div>
        <select className="select" value={code} onChange={(e) => setCode(e.target.value)} aria-label="Code" data-testid="filter-code">
          <option value="">Every code</option>
          {codes.map(([c, n]) => (
            <option key={c} value={c}>
              {c} ({n})
            </option>
          ))}
        </select>
        <span className="muted small toolbar-end">{formatCount(rows.length)} shown</span>
      </div>
      <div className="diag-table" role="table" aria-label="Diagnostics">
        <div className="diag-row diag-header" role="row">
          <span role="columnheader" />
          <span role="columnheader">Code</span>
          <span role="columnheader">Problem and fix</span>
          <span role="columnheader">Where</span>
        </div>
        <div className="diag-body" ref={scroller}>
          <div className="diag-inner" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const d = rows[item.index];
              if (!d) return null;
              const skill = skillForFile(view, d.file);
              const where = `${relativeDir(view.root, d.file)}:${d.line}`;
              const open = () => skill && props.onOpen(d);
              return (
                <div
                  key={item.key}
                  role="row"
                  className={skill ? "diag-row clickable" : "diag-row"}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  style={{ transform: `translateY(${item.start}px)` }}
                  tabIndex={skill ? 0 : -1}
                  onClick={open}
                  onKeyDown={(e) => e.key === "Enter" && open()}
                  title={skill ? `Open ${skill.name}` : "This file is not a skill; open it in your editor."}
                  data-testid="diagnostic"
                  data-code={d.code}
                >
                  <span role="cell">
                    <SeverityIcon severity={d.severity} />
                  </span>
                  <span role="cell" className="diag-code">{d.code}</span>
                  <span role="cell" className="diag-message">
                    <span className="diag-message-text">
                      <RichMessage text={d.message} />
                    </span>
                    {d.hint && (
                      <span className="diag-hint">
                        Fix: <RichMessage text={d.hint} />
                      </span>
                    )}
                  </span>
                  <span role="cell" className="diag-where" title={where}>
                    {where}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
