import { useEffect, useState } from "react";
import type { AppError } from "../bindings/AppError";
import type { SkillDetail } from "../bindings/SkillDetail";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";

/**
 * The skill in `dir` as Rust reads it (null while loading), or the AppError reading it failed
 * with, which is also reported. `setDetail` is for the editor: saves and reloads replace it.
 */
export function useSkillDetail(dir: string) {
  const [detail, setDetail] = useState<SkillDetail | null>(null);
  const [failure, setFailure] = useState<AppError | null>(null);
  const report = useReportError();

  useEffect(() => {
    let live = true;
    platform.getSkill(dir).then(
      (d) => live && setDetail(d),
      (reason: unknown) => {
        if (!live) return;
        const e = platform.toAppError(reason);
        setFailure(e);
        report(e);
      },
    );
    return () => {
      live = false;
    };
  }, [dir, report]);

  return { detail, setDetail, failure };
}
