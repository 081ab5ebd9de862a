import type { SkillFilters } from "./skillFilters";
import { isFiltering } from "./skillFilters";

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

export function SkillFilterBar(props: {
  filters: SkillFilters;
  onFilters: (f: SkillFilters) => void;
  counts: { errors: number; warnings: number; overBudget: number };
  tags: string[];
  agents: string[];
}) {
  const f = props.filters;
  const set = (patch: Partial<SkillFilters>) => props.onFilters({ ...f, ...patch });
  return (
    <div className="filters" role="group" aria-label="Filters">
      <Chip on={f.errors} label="Has errors" count={props.counts.errors} tone="error" onToggle={() => set({ errors: !f.errors })} testId="filter-errors" />
      <Chip on={f.warnings} label="Has warnings" count={props.counts.warnings} tone="warning" onToggle={() => set({ warnings: !f.warnings })} testId="filter-warnings" />
      <Chip on={f.overBudget} label="Over budget" count={props.counts.overBudget} tone="budget" onToggle={() => set({ overBudget: !f.overBudget })} testId="filter-over-budget" />
      <select
        className={f.tag ? "select compact on" : "select compact"}
        value={f.tag}
        onChange={(e) => set({ tag: e.target.value })}
        aria-label="Tag"
        data-testid="filter-tag"
      >
        <option value="">Any tag</option>
        {props.tags.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <select
        className={f.agent ? "select compact on" : "select compact"}
        value={f.agent}
        onChange={(e) => set({ agent: e.target.value })}
        aria-label="Agent"
        data-testid="filter-agent"
      >
        <option value="">Any agent</option>
        {props.agents.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </select>
      {isFiltering(f) && (
        <button
          type="button"
          className="link-button"
          onClick={() => props.onFilters({ errors: false, warnings: false, overBudget: false, tag: "", agent: "" })}
        >
          Clear
        </button>
      )}
    </div>
  );
}
