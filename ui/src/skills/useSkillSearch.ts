import { useEffect, useRef, useState } from "react";
import type { SearchResult } from "../bindings/SearchResult";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";

// Short: the search runs off the UI thread and older answers are dropped, so a pause between
// keys needs no long wait; a burst (a paste, a fast typist) still makes one request. Every
// millisecond here counts towards "results within 100 ms of the last key" (docs/benchmarks.md).
export const SEARCH_DEBOUNCE_MS = 30;

/** The latest search's steps, for bench/app.sh (one mark of each name is kept). */
function mark(name: string) {
  performance.clearMarks(name);
  performance.mark(name);
}

/**
 * Asks Rust for the skills matching `query` as the person types (debounced). Null while the
 * query is empty: the list then shows every skill. Answers to older queries are ignored.
 */
export function useSkillSearch(query: string, limit: number, catalogueKey: unknown) {
  const [hits, setHits] = useState<SearchResult | null>(null);
  const [pending, setPending] = useState(false);
  const seq = useRef(0);
  const report = useReportError();

  useEffect(() => {
    const id = ++seq.current;
    const q = query.trim();
    if (q === "") {
      setHits(null);
      setPending(false);
      return;
    }
    setPending(true);
    const timer = setTimeout(() => {
      mark("search:sent");
      platform.search(q, Math.max(limit, 1)).then(
        (result) => {
          if (seq.current !== id) return;
          mark("search:answered");
          setHits(result);
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
  }, [query, limit, catalogueKey, report]);

  return { hits, pending };
}
