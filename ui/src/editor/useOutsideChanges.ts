import { useCallback, useEffect, useRef, useState } from "react";
import type { SkillDetail } from "../bindings/SkillDetail";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";

/** Shown over a dirty draft whose file changed on disk: `fresh` is the disk's version, null when the folder is gone. */
export type DiskNotice = { fresh: SkillDetail | null };

/**
 * Files changed outside the app, told by a new `changeTick`: a clean skill is reloaded
 * (`onReload`), a dirty one keeps the person's text and gets a `diskNotice` instead.
 */
export function useOutsideChanges(props: {
  dir: string;
  changeTick: number;
  detail: SkillDetail;
  dirty: boolean;
  /** The draft now, read when the disk's answer arrives. */
  current: () => string;
  onReload: (fresh: SkillDetail) => void;
}) {
  const { dir, changeTick } = props;
  const report = useReportError();
  const [diskNotice, setDiskNotice] = useState<DiskNotice | null>(null);
  const firstTick = useRef(changeTick);
  // Read when the answer arrives, not when the change was told: the person may have typed since.
  // (Reading the callbacks here, too, keeps a new function each render from re-running the check.)
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    if (changeTick === firstTick.current) return;
    let live = true;
    platform.getSkill(dir).then(
      (fresh) => {
        if (!live || fresh.sha256 === latest.current.detail.sha256) return;
        // Our own save landing while this check was under way: the disk holds what we have.
        if (fresh.text === latest.current.current()) return;
        if (latest.current.dirty) setDiskNotice({ fresh });
        else latest.current.onReload(fresh);
      },
      (reason: unknown) => {
        if (!live) return;
        const e = platform.toAppError(reason);
        if (e.code === "skill.not-found") setDiskNotice({ fresh: null });
        else report(e);
      },
    );
    return () => {
      live = false;
    };
  }, [changeTick, dir, report]);

  const dismissDiskNotice = useCallback(() => setDiskNotice(null), []);

  return { diskNotice, dismissDiskNotice };
}
