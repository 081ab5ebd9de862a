// Typed readers for AppError.details, per code (docs/ipc.md).
import type { AppError } from "../bindings/AppError";

function field(details: unknown, ...names: string[]): string | null {
  if (typeof details !== "object" || details === null) return null;
  const d = details as Record<string, unknown>;
  for (const name of names) {
    const v = d[name];
    if (typeof v === "string") return v;
  }
  return null;
}

/** For "save.conflict": the file as it is on disk now, and its hash. */
export function conflictOf(error: AppError): { diskText: string; diskSha256: string } | null {
  if (error.code !== "save.conflict") return null;
  const diskText = field(error.details, "disk_text", "diskText");
  const diskSha256 = field(error.details, "disk_sha256", "diskSha256");
  return diskText !== null && diskSha256 !== null ? { diskText, diskSha256 } : null;
}

/** For "skill.bad-name": a valid name close to the one given. */
export function suggestionOf(error: AppError): string | null {
  return error.code === "skill.bad-name" ? field(error.details, "suggestion") : null;
}

/** For "edit.invalid": why the edit could not be made. */
export function reasonOf(error: AppError): string | null {
  return error.code === "edit.invalid" ? field(error.details, "reason") : null;
}
