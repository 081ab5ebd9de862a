import type { CatalogueView } from "../bindings/CatalogueView";
import type { SkillRow } from "../bindings/SkillRow";

/** `dir` relative to the catalogue root, whichever way the Rust side spells it. */
export function relativeDir(root: string, dir: string): string {
  const base = root.replace(/[\\/]+$/, "");
  if (dir === base) return "";
  if (dir.startsWith(base + "/") || dir.startsWith(base + "\\")) return dir.slice(base.length + 1);
  return dir.replace(/^\.\//, "");
}

/** The skill a diagnostic's file belongs to (the deepest skill folder that holds it). */
export function skillForFile(view: CatalogueView, file: string): SkillRow | null {
  const wanted = relativeDir(view.root, file).replace(/\\/g, "/");
  let best: SkillRow | null = null;
  let bestLength = -1;
  for (const skill of view.skills) {
    const dir = relativeDir(view.root, skill.dir).replace(/\\/g, "/");
    if (dir === "" ? false : wanted.startsWith(dir + "/") && dir.length > bestLength) {
      best = skill;
      bestLength = dir.length;
    }
  }
  return best;
}

/** True when two file names refer to the same file (one may be absolute, one relative). */
export function sameFile(a: string, b: string): boolean {
  const x = a.replace(/\\/g, "/");
  const y = b.replace(/\\/g, "/");
  return x === y || x.endsWith("/" + y) || y.endsWith("/" + x);
}
