import { useCallback, useRef, useState } from "react";

type History = { past: string[]; present: string; future: string[]; lastKey: string | null; lastAt: number };

const MERGE_MS = 1000;
const LIMIT = 500;

/**
 * The draft text of SKILL.md with undo and redo for this session. Edits of the same kind
 * within a second (typing in one field) merge into one step. `current()` reads the latest
 * draft synchronously, for edits queued while React has not re-rendered yet.
 */
export function useDraftHistory(initial: string) {
  const store = useRef<History>({ past: [], present: initial, future: [], lastKey: null, lastAt: 0 });
  const [, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);

  const commit = useCallback(
    (text: string, key: string | null = null) => {
      const h = store.current;
      if (text === h.present) return;
      const now = Date.now();
      const merge = key !== null && key === h.lastKey && now - h.lastAt < MERGE_MS && h.past.length > 0;
      store.current = {
        past: merge ? h.past : [...h.past, h.present].slice(-LIMIT),
        present: text,
        future: [],
        lastKey: key,
        lastAt: now,
      };
      bump();
    },
    [bump],
  );

  /** Replaces the present without an undo step (e.g. the text Rust saved). */
  const replace = useCallback(
    (text: string) => {
      store.current = { ...store.current, present: text, lastKey: null };
      bump();
    },
    [bump],
  );

  const undo = useCallback(() => {
    const h = store.current;
    const previous = h.past[h.past.length - 1];
    if (previous === undefined) return;
    store.current = { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future], lastKey: null, lastAt: 0 };
    bump();
  }, [bump]);

  const redo = useCallback(() => {
    const h = store.current;
    const next = h.future[0];
    if (next === undefined) return;
    store.current = { past: [...h.past, h.present], present: next, future: h.future.slice(1), lastKey: null, lastAt: 0 };
    bump();
  }, [bump]);

  const current = useCallback(() => store.current.present, []);

  return {
    draft: store.current.present,
    canUndo: store.current.past.length > 0,
    canRedo: store.current.future.length > 0,
    commit,
    replace,
    undo,
    redo,
    current,
  };
}
