import { useEffect, useRef } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { SkillRow } from "../bindings/SkillRow";
import { formatCount } from "../model/format";
import { Snippet } from "./Snippet";

export const ROW_HEIGHT = 64;

/** The skills as a virtualised list: only the rows in view exist in the page. */
export function SkillList(props: {
  rows: SkillRow[];
  snippets: Map<string, string> | null;
  selected: string | null;
  defaultProfile: string | null;
  onSelect: (dir: string) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => props.rows[index]?.dir ?? index,
  });

  // Keep the selected row in view when it is chosen from elsewhere (diagnostics, dashboard).
  const selectedIndex = props.selected ? props.rows.findIndex((r) => r.dir === props.selected) : -1;
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: "auto" });
  }, [selectedIndex, virtualizer]);

  // Up and Down move between rows (the list is virtualised, so the next row may need scrolling in).
  const moveFocus = (from: number, step: number) => {
    const next = Math.min(Math.max(from + step, 0), props.rows.length - 1);
    virtualizer.scrollToIndex(next, { align: "auto" });
    requestAnimationFrame(() => {
      scroller.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus();
    });
  };

  // When the list was first on screen, for bench/app.sh's launch steps.
  useEffect(() => {
    if (performance.getEntriesByName("skills:list-shown").length === 0) performance.mark("skills:list-shown");
  }, []);
  return (
    <div className="skill-list" ref={scroller} role="listbox" aria-label="Skills" data-testid="skill-list">
      <div className="skill-list-inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = props.rows[item.index];
          if (!row) return null;
          const snippet = props.snippets?.get(row.dir);
          const active = row.dir === props.selected;
          return (
            <div
              key={item.key}
              role="option"
              aria-selected={active}
              tabIndex={0}
              className={active ? "skill-row active" : "skill-row"}
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              onClick={() => props.onSelect(row.dir)}
              onKeyDown={(e) => {
                if (e.key === "Enter" || e.key === " ") {
                  e.preventDefault();
                  props.onSelect(row.dir);
                } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
                  e.preventDefault();
                  moveFocus(item.index, e.key === "ArrowDown" ? 1 : -1);
                }
              }}
              data-index={item.index}
              data-testid="skill-row"
              data-name={row.name}
            >
              <div className="skill-row-top">
                <span className="skill-row-name">{row.name}</span>
                <span className="skill-row-badges">
                  {row.errors > 0 && <span className="badge error">{row.errors} {row.errors === 1 ? "error" : "errors"}</span>}
                  {row.warnings > 0 && <span className="badge warning">{row.warnings} {row.warnings === 1 ? "warning" : "warnings"}</span>}
                  {row.overBudget && <span className="badge over">over budget</span>}
                  {row.profile !== props.defaultProfile && <span className="badge neutral">{row.profile}</span>}
                  {row.translationOf !== undefined && (
                    <span className="badge locale" title={`A translation of ${row.translationOf}`} data-testid="row-locale">
                      {row.locale}
                    </span>
                  )}
                  {row.translations.map((t) => (
                    <button
                      key={t.dir}
                      type="button"
                      className="badge locale"
                      title={`Open the ${t.locale} translation`}
                      onClick={(e) => {
                        e.stopPropagation();
                        props.onSelect(t.dir);
                      }}
                      data-testid="row-translation"
                      data-locale={t.locale}
                    >
                      {t.locale}
                    </button>
                  ))}
                </span>
              </div>
              <div className="skill-row-bottom">
                <span className="skill-row-description">
                  {snippet ? <Snippet text={snippet} /> : row.description || <em className="muted">No description</em>}
                </span>
                <span className="skill-row-tokens" title="Tokens of the body (L2)">
                  {formatCount(row.l2)} <span className="unit">L2</span>
                </span>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
