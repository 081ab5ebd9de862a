import { useEffect, useRef, useState } from "react";
import type { DraftCheck } from "../bindings/DraftCheck";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";

/** How long the draft must stay the same before Rust checks it: one check per pause in typing. */
export const CHECK_DEBOUNCE_MS = 150;

/**
 * Rust's check of the draft, asked for once the draft has stopped changing for CHECK_DEBOUNCE_MS.
 * Until then `check` is the last answer and `checking` is true. Answers for older drafts are
 * dropped, so a slow check never overwrites a newer one. The saved text needs no round trip:
 * its check came with `saved`.
 */
export function useDraftCheck(dir: string, draft: string, saved: { text: string; check: DraftCheck }) {
  const report = useReportError();
  const [checked, setChecked] = useState({ text: saved.text, check: saved.check });
  const seq = useRef(0);

  useEffect(() => {
    const id = ++seq.current;
    if (draft === saved.text) {
      setChecked({ text: saved.text, check: saved.check });
      return;
    }
    const timer = setTimeout(() => {
      platform.checkDraft(dir, draft).then(
        (check) => {
          if (seq.current === id) setChecked({ text: draft, check });
        },
        (reason: unknown) => {
          if (seq.current === id) report(platform.toAppError(reason));
        },
      );
    }, CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, saved, dir, report]);

  return { check: checked.check, checking: checked.text !== draft };
}
