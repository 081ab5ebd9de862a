import type { SkillFilters } from "./skillFilters";
import { emptyFilters, isFiltering } from "./skillFilters";

function Chip(props: { on: boolean; label: string; count: number; onToggle: () => void; testId: string; tone: string }) {
  return (
    <button
      type="button"
      className={`chip tone-${props.tone}${props.on ? " on" : ""}`}
      aria-pressed={props.on}
      onClick={props.onToggle}
      data-testid={props.testId}
    >
      {props.label}
      <span className="chip-count">{props.count}</span>
    </button>
  );
}

/** A drop-down of the values to filter by; the empty value ("Any …") filters nothing. */
function FilterSelect(props: {
  value: string;
  options: string[];
  anyLabel: string;
  label: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <select
      className={props.value ? "select compact on" : "select compact"}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      aria-label={props.label}
      data-testid={props.testId}
    >
      <option value="">{props.anyLabel}</option>
      {props.options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}

export function SkillFilterBar(props: {
  filters: SkillFilters;
  onFilters: (f: SkillFilters) => void;
  counts: { errors: number; warnings: number; overBudget: number };
  tags: string[];
  agents: string[];
  /** The locales of the catalogue's skills; the filter shows only when there is more than one. */
  locales: string[];
}) {
  const f = props.filters;
  const set = (patch: Partial<SkillFilters>) => props.onFilters({ ...f, ...patch });
  return (
    <div className="filters" role="group" aria-label="Filters">
      <Chip on={f.errors} label="Has errors" count={props.counts.errors} tone="error" onToggle={() => set({ errors: !f.errors })} testId="filter-errors" />
      <Chip on={f.warnings} label="Has warnings" count={props.counts.warnings} tone="warning" onToggle={() => set({ warnings: !f.warnings })} testId="filter-warnings" />
      <Chip on={f.overBudget} label="Over budget" count={props.counts.overBudget} tone="budget" onToggle={() => set({ overBudget: !f.overBudget })} testId="filter-over-budget" />
      <FilterSelect value={f.tag} options={props.tags} anyLabel="Any tag" label="Tag" onChange={(tag) => set({ tag })} testId="filter-tag" />
      <FilterSelect value={f.agent} options={props.agents} anyLabel="Any agent" label="Agent" onChange={(agent) => set({ agent })} testId="filter-agent" />
      {props.locales.length > 1 && (
        <FilterSelect value={f.locale} options={props.locales} anyLabel="Source skills" label="Locale" onChange={(locale) => set({ locale })} testId="filter-locale" />
      )}
      {isFiltering(f) && (
        <button type="button" className="link-button" onClick={() => props.onFilters(emptyFilters)}>
          Clear
        </button>
      )}
    </div>
  );
}
