// Reading a CardReview for the Agent Cards view: the card's fields with their types, where each
// value came from, which part of the rendered card a finding concerns, and which file to open.
import type { CardReview } from "../bindings/CardReview";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { SourceKind } from "../bindings/SourceKind";
import type { Status } from "../bindings/Status";
import type { ValueSource } from "../bindings/ValueSource";

export type Json = Record<string, unknown>;

export function asObject(value: unknown): Json | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asText(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

export function asTexts(value: unknown): string[] {
  return asArray(value).filter((v): v is string => typeof v === "string");
}

export const STATUS_LABEL: Record<Status, string> = {
  unapproved: "Not approved",
  approved: "Approved",
  changed: "Changed since approval",
};

export const STATUS_TONE: Record<Status, "neutral" | "ok" | "warning"> = {
  unapproved: "neutral",
  approved: "ok",
  changed: "warning",
};

export function counts(diagnostics: Diagnostic[]): { errors: number; warnings: number } {
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  return { errors, warnings: diagnostics.length - errors };
}

const SOURCE_LABEL: Record<SourceKind, string> = {
  agent: "the agent file",
  "skill-frontmatter": "the skill's frontmatter",
  "skill-metadata": "metadata",
  sidecar: "sidecar agents/a2a.yaml",
  "catalogue-defaults": "catalogue defaults",
  "card-settings": "skillhouse.yaml",
  "agent-settings": "skillhouse.yaml, this agent",
  provider: "skillhouse.yaml, provider",
  "built-in": "built-in default",
};

/** A short caption such as "from metadata", for a value's source. */
export function sourceCaption(source: ValueSource): string {
  return source.source === "built-in" ? "built-in default" : `from ${SOURCE_LABEL[source.source]}`;
}

/** `file:line` of a source, or "" for built-ins. */
export function sourcePlace(source: ValueSource): string {
  return source.file === "" ? "" : `${source.file}:${source.line}`;
}

/** True when `pointer` is `prefix` or lies under it. */
export function under(pointer: string, prefix: string): boolean {
  return pointer === prefix || pointer.startsWith(prefix + "/");
}

/** The source of the value at `pointer`: its own, or that of the nearest enclosing value. */
export function sourceFor(sources: ValueSource[], pointer: string): ValueSource | null {
  let best: ValueSource | null = null;
  for (const s of sources) {
    if (under(pointer, s.pointer) && (!best || s.pointer.length > best.pointer.length)) best = s;
  }
  return best;
}

/**
 * Of the `candidates` (the data-pointer values of the rendered card), the one a finding at
 * `pointer` concerns: the deepest that holds it, e.g. `/skills/2/examples/1` for
 * `/skills/2/examples/1`, or `/skills/2` for `/skills/2/name`.
 */
export function targetFor(candidates: string[], pointer: string | undefined): string | null {
  if (!pointer) return null;
  let best: string | null = null;
  for (const c of candidates) {
    if (under(pointer, c) && (!best || c.length > best.length)) best = c;
  }
  return best;
}

const SKILL_FILE = /(^|\/)SKILL\.md$/;

/**
 * The SKILL.md to open for a finding, at which line: the finding's own file when it is a
 * SKILL.md, else (for findings about a skill reported on the agent) the skill's file, at the
 * line its concerned value came from. Null when the place to fix is not a skill (the agent
 * file, skillhouse.yaml), which the app has no editor for.
 */
export function skillFileFor(review: CardReview, d: Diagnostic): { file: string; line: number } | null {
  if (SKILL_FILE.test(d.file)) return { file: d.file, line: d.line };
  const skill = d.pointer ? /^\/skills\/\d+/.exec(d.pointer)?.[0] : undefined;
  if (!skill || !d.pointer) return null;
  const inSkill = review.sources.filter((s) => under(s.pointer, skill) && SKILL_FILE.test(s.file));
  const own = sourceFor(inSkill, d.pointer);
  const chosen = own ?? inSkill.find((s) => s.pointer === `${skill}/id`) ?? inSkill[0];
  return chosen ? { file: chosen.file, line: chosen.line } : null;
}

/** The first characters of a hash, for people. */
export function shortHash(sha256: string): string {
  return sha256.slice(0, 12);
}

/** An RFC 3339 time as the person's locale writes it (the text itself when it is not a date). */
export function formatTime(rfc3339: string): string {
  const date = new Date(rfc3339);
  if (Number.isNaN(date.getTime())) return rfc3339;
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** A JSON value shown in a changes row. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}
