import type { SkillRow } from "../bindings/SkillRow";

export type SkillFilters = {
  errors: boolean;
  warnings: boolean;
  overBudget: boolean;
  tag: string;
  agent: string;
  /** "" lists the source skills (a translation shows as a badge on its source); a locale lists that locale's skills. */
  locale: string;
};

export const emptyFilters: SkillFilters = { errors: false, warnings: false, overBudget: false, tag: "", agent: "", locale: "" };

export function isFiltering(f: SkillFilters): boolean {
  return f.errors || f.warnings || f.overBudget || f.tag !== "" || f.agent !== "" || f.locale !== "";
}

export function passes(row: SkillRow, f: SkillFilters): boolean {
  if (f.errors && row.errors === 0) return false;
  if (f.warnings && row.warnings === 0) return false;
  if (f.overBudget && !row.overBudget) return false;
  if (f.tag !== "" && !row.tags.includes(f.tag)) return false;
  if (f.agent !== "" && !row.agents.includes(f.agent)) return false;
  if (f.locale === "" ? row.translationOf !== undefined : row.locale !== f.locale) return false;
  return true;
}
