import { memo, useCallback, useMemo, useState } from "react";
import type { SkillDetail } from "../bindings/SkillDetail";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { SkillRow } from "../bindings/SkillRow";
import { formatCount } from "../model/format";
import { SkillEditor, type FocusTarget } from "../editor/SkillEditor";
import { NewSkillDialog } from "../actions/NewSkillDialog";
import { SkillFilterBar } from "./SkillFilterBar";
import { LocaleTabs, SourcePane, localeGroup, useFreshness } from "./LocaleTabs";
import { SkillList } from "./SkillList";
import { emptyFilters, isFiltering, passes, type SkillFilters } from "./skillFilters";
import { useSkillSearch } from "./useSkillSearch";

// The editor does not re-render while the person types in the search box.
const MemoEditor = memo(SkillEditor);

function mostCommon(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  for (const [v, c] of counts) if (c > bestCount) [best, bestCount] = [v, c];
  return best;
}

export function SkillsView(props: {
  view: CatalogueView;
  selected: string | null;
  focus: FocusTarget | null;
  changeTick: number;
  onSelect: (dir: string) => void;
  onDirtyChange: (dirty: boolean) => void;
  /** A command returned a new catalogue (rename, delete); open `openDir` (or nothing). */
  onCatalogue: (view: CatalogueView, openDir: string | null) => void;
  onRefresh: () => void;
}) {
  const { view, onCatalogue, onRefresh, onSelect } = props;
  const [creating, setCreating] = useState(false);
  const [query, setQuery] = useState("");
  const [filters, setFilters] = useState<SkillFilters>(emptyFilters);
  const { found, pending } = useSkillSearch(query, view);

  const byDir = useMemo(() => new Map(view.skills.map((s) => [s.dir, s])), [view.skills]);
  const tags = useMemo(() => [...new Set(view.skills.flatMap((s) => s.tags))].sort(), [view.skills]);
  const agents = useMemo(
    () => [...new Set([...view.agents.map((a) => a.name), ...view.skills.flatMap((s) => s.agents)])].sort(),
    [view.agents, view.skills],
  );
  const locales = useMemo(() => [...new Set(view.skills.map((s) => s.locale))].sort(), [view.skills]);
  const sources = useMemo(() => view.skills.filter((s) => s.translationOf === undefined).length, [view.skills]);
  const defaultProfile = useMemo(() => mostCommon(view.skills.map((s) => s.profile)), [view.skills]);

  const searched: SkillRow[] = found ? found.rows : view.skills;
  // Rust sends a snippet only where the name and description do not already show the words.
  const snippets = found ? found.snippets : null;

  const rows = useMemo(() => searched.filter((r) => passes(r, filters)), [searched, filters]);
  const counts = useMemo(
    () => ({
      errors: searched.filter((r) => r.errors > 0).length,
      warnings: searched.filter((r) => r.warnings > 0).length,
      overBudget: searched.filter((r) => r.overBudget).length,
    }),
    [searched],
  );
  const narrowed = query.trim() !== "" || isFiltering(filters);
  const selectedRow = props.selected ? byDir.get(props.selected) ?? null : null;
  const group = useMemo(() => localeGroup(selectedRow, byDir), [selectedRow, byDir]);
  const [sideBySide, setSideBySide] = useState(false);
  const freshness = useFreshness(view.revision, group !== null);
  const showSource = sideBySide && group !== null && selectedRow !== null && selectedRow.dir !== group.source.dir;

  const onRenamed = useCallback(
    (next: CatalogueView, newName: string) => {
      const renamed = next.skills.find((s) => s.name === newName);
      onCatalogue(next, renamed?.dir ?? null);
    },
    [onCatalogue],
  );
  const onDeleted = useCallback((next: CatalogueView) => onCatalogue(next, null), [onCatalogue]);
  const onCreated = useCallback(
    (detail: SkillDetail) => {
      setCreating(false);
      onRefresh();
      onSelect(detail.dir);
    },
    [onRefresh, onSelect],
  );

  return (
    <div className="skills-view">
      <section className="list-pane" aria-label="Skill list">
        <div className="list-head">
          <div className="search">
            <span className="search-icon" aria-hidden="true" />
            <input
              type="search"
              className="input"
              placeholder="Search names, descriptions, tags and text"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              aria-label="Search skills"
              data-testid="search"
            />
          </div>
          <SkillFilterBar filters={filters} onFilters={setFilters} counts={counts} tags={tags} agents={agents} locales={locales} />
          <div className="list-summary">
            <span data-testid="result-count">
              {narrowed
                ? `${formatCount(rows.length)} of ${formatCount(sources)} skills`
                : `${formatCount(sources)} skills`}
              {sources < view.skills.length && ` · ${formatCount(view.skills.length - sources)} translations`}
              {pending && <span className="muted"> · searching…</span>}
            </span>
            <button type="button" className="button small" onClick={() => setCreating(true)} data-testid="new-skill">
              New skill
            </button>
          </div>
        </div>
        {rows.length > 0 ? (
          <SkillList
            rows={rows}
            snippets={snippets}
            selected={props.selected}
            defaultProfile={defaultProfile}
            onSelect={props.onSelect}
          />
        ) : (
          <div className="list-empty">
            {view.skills.length === 0 ? "This catalogue has no skills yet." : "No skill matches. Try fewer words or clear the filters."}
          </div>
        )}
      </section>
      <section className={showSource ? "editor-pane with-source" : "editor-pane"} aria-label="Skill">
        {group && props.selected && (
          <LocaleTabs group={group} freshness={freshness} selected={props.selected} sideBySide={sideBySide} onSideBySide={setSideBySide} onSelect={onSelect} />
        )}
        {props.selected ? (
          <div className="editor-and-source">
          <MemoEditor
            key={props.selected}
            dir={props.selected}
            row={selectedRow}
            focus={props.focus}
            changeTick={props.changeTick}
            onDirtyChange={props.onDirtyChange}
            onSaved={onRefresh}
            onRenamed={onRenamed}
            onDeleted={onDeleted}
          />
          {showSource && group && <SourcePane source={group.source} />}
          </div>
        ) : (
          <div className="editor-empty">
            <p>Choose a skill on the left to see and edit it.</p>
          </div>
        )}
      </section>
      {creating && (
        <NewSkillDialog
          onClose={() => setCreating(false)}
          onCreated={onCreated}
        />
      )}
    </div>
  );
}
