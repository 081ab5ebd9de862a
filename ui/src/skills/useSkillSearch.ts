import { useEffect, useRef, useState } from "react";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { SkillRow } from "../bindings/SkillRow";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";

// Short: the search runs off the UI thread and older answers are dropped, so a pause between
// keys needs no long wait; a burst (a paste, a fast typist) still makes one request. Every
// millisecond here counts towards "results within 100 ms of the last key" (docs/benchmarks.md).
export const SEARCH_DEBOUNCE_MS = 30;

/** The skills a search found, best first, and body snippets by folder for some of them. */
export type Found = { rows: SkillRow[]; snippets: Map<string, string> };

/** The latest search's steps, for bench/app.sh (one mark of each name is kept). */
function mark(name: string) {
  performance.clearMarks(name);
  performance.mark(name);
}

/**
 * Asks Rust for the skills matching `query` as the person types (debounced). Null while the
 * query is empty: the list then shows every skill. Answers to older queries are ignored.
 *
 * Rust answers with positions in the view's list. An answer made for another revision of the
 * catalogue than `view` is dropped: a newer view is on its way (every change in Rust sends
 * one), and this search runs again when it arrives. Until then the last rows stay on screen.
 */
export function useSkillSearch(query: string, view: CatalogueView) {
  const [found, setFound] = useState<Found | null>(null);
  const [pending, setPending] = useState(false);
  const seq = useRef(0);
  const report = useReportError();

  useEffect(() => {
    const id = ++seq.current;
    const q = query.trim();
    if (q === "") {
      setFound(null);
      setPending(false);
      return;
    }
    setPending(true);
    const timer = setTimeout(() => {
      mark("search:sent");
      platform.search(q, Math.max(view.skills.length, 1)).then(
        (result) => {
          if (seq.current !== id || result.revision !== view.revision) return;
          mark("search:answered");
          const at = (row: number) => view.skills[row];
          setFound({
            rows: result.rows.map(at).filter((r): r is SkillRow => r !== undefined),
            snippets: new Map(result.snippets.flatMap((s) => (at(s.row) ? [[at(s.row)!.dir, s.text] as const] : []))),
          });
          setPending(false);
        },
        (error: unknown) => {
          if (seq.current !== id) return;
          setPending(false);
          report(platform.toAppError(error));
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, view, report]);

  return { found, pending };
}
