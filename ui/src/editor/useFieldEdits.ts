import { useCallback, useRef } from "react";
import type { FieldValue } from "../platform";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";
import { baseOfEdit, type FieldEditRun } from "./fieldEditRun";

/**
 * Form edits: Rust rewrites just the edited node, and edits run one at a time, each on the draft
 * its predecessor left. Typing in one field is a run whose every edit applies to the text from
 * before the run (see fieldEditRun.ts); a YAML, body or undo change to the draft ends the run,
 * and so must a save or a reload, which call `endRun`: later typing is quoted against that text.
 */
export function useFieldEdits(current: () => string, commit: (text: string, key: string | null) => void) {
  const report = useReportError();
  const edits = useRef<Promise<void>>(Promise.resolve());
  const run = useRef<FieldEditRun | null>(null);

  const setFieldValue = useCallback(
    (pointer: string, value: FieldValue | null) => {
      edits.current = edits.current.then(async () => {
        const draft = current();
        const base = baseOfEdit(run.current, pointer, draft);
        // Whatever Rust answers, this field's run is the one going on now.
        run.current = { pointer, base, latest: draft };
        try {
          const next = await platform.setField(base, pointer, value);
          run.current = { pointer, base, latest: next };
          commit(next, `field:${pointer}`);
        } catch (reason) {
          report(platform.toAppError(reason));
        }
      });
    },
    [commit, current, report],
  );

  const endRun = useCallback(() => {
    run.current = null;
  }, []);

  return { setFieldValue, endRun };
}
