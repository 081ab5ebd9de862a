import { useEffect, useRef, useState } from "react";
import type { SearchHit } from "../bindings/SearchHit";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";

export const SEARCH_DEBOUNCE_MS = 80;

/**
 * Asks Rust for the skills matching `query` as the person types (debounced). Null while the
 * query is empty: the list then shows every skill. Answers to older queries are ignored.
 */
export function useSkillSearch(query: string, limit: number, catalogueKey: unknown) {
  const [hits, setHits] = useState<SearchHit[] | null>(null);
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
      platform.search(q, Math.max(limit, 1)).then(
        (result) => {
          if (seq.current !== id) return;
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
