import type { SkillRow } from "../bindings/SkillRow";

export type SkillFilters = {
  errors: boolean;
  warnings: boolean;
  overBudget: boolean;
  tag: string;
  agent: string;
};

export const emptyFilters: SkillFilters = { errors: false, warnings: false, overBudget: false, tag: "", agent: "" };

export function isFiltering(f: SkillFilters): boolean {
  return f.errors || f.warnings || f.overBudget || f.tag !== "" || f.agent !== "";
}

export function passes(row: SkillRow, f: SkillFilters): boolean {
  if (f.errors && row.errors === 0) return false;
  if (f.warnings && row.warnings === 0) return false;
  if (f.overBudget && !row.overBudget) return false;
  if (f.tag !== "" && !row.tags.includes(f.tag)) return false;
  if (f.agent !== "" && !row.agents.includes(f.agent)) return false;
  return true;
}
