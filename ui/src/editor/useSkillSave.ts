import { useCallback, useState } from "react";
import type { SkillDetail } from "../bindings/SkillDetail";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";
import { conflictOf } from "../errors/errorDetails";

/** A save refused because the file changed on disk since `base`: both versions, to choose from. */
export type SaveConflict = { mine: string; disk: string; diskSha256: string };

/**
 * Saving the draft, and the save conflict: `save(base)` writes the draft if the file on disk still
 * has hash `base` (else `conflict` holds both versions); `takeDisk` gives up the draft for the
 * disk's version as an undo step. After either, the editor and the disk agree, so the field run
 * ends (`endRun`) and `onSynced` is told (to drop any notice about the disk).
 */
export function useSkillSave(props: {
  dir: string;
  current: () => string;
  replace: (text: string) => void;
  commit: (text: string, key: string | null) => void;
  setDetail: (detail: SkillDetail) => void;
  endRun: () => void;
  onSaved: () => void;
  onSynced: () => void;
}) {
  const { dir, current, replace, commit, setDetail, endRun, onSaved, onSynced } = props;
  const report = useReportError();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);

  const save = useCallback(
    async (base: string) => {
      const text = current();
      setSaving(true);
      try {
        const result = await platform.saveSkill(dir, text, base);
        endRun();
        setConflict(null);
        onSynced();
        setDetail(result.detail);
        // Typing during the save stays in the draft; only an unchanged draft takes Rust's text.
        if (current() === text) replace(result.detail.text);
        onSaved();
      } catch (reason) {
        const e = platform.toAppError(reason);
        const c = conflictOf(e);
        if (c) setConflict({ mine: text, disk: c.diskText, diskSha256: c.diskSha256 });
        else report(e, () => void save(base));
      } finally {
        setSaving(false);
      }
    },
    [current, dir, endRun, onSaved, onSynced, replace, report, setDetail],
  );

  const takeDisk = useCallback(
    async (fresh: SkillDetail | null) => {
      try {
        const d = fresh ?? (await platform.getSkill(dir));
        endRun();
        setDetail(d);
        commit(d.text, null); // an undo step: Undo brings the person's version back
        setConflict(null);
        onSynced();
      } catch (reason) {
        report(platform.toAppError(reason));
      }
    },
    [commit, dir, endRun, onSynced, report, setDetail],
  );

  const dismissConflict = useCallback(() => setConflict(null), []);

  return { saving, conflict, save, takeDisk, dismissConflict };
}
