import { useEffect, useState } from "react";
import type { SkillRow } from "../bindings/SkillRow";
import { useReportError } from "../errors/ErrorContext";
import * as platform from "../platform";

/** The source and its translations of the skill shown, as tabs over its editor; one for a skill without any. */
export function localeGroup(row: SkillRow | null, byDir: Map<string, SkillRow>): { source: SkillRow; members: SkillRow[] } | null {
  if (!row) return null;
  const source = row.translationOf !== undefined ? byDir.get(row.translationOf) : row;
  if (!source || source.translations.length === 0) return null;
  const members = [source, ...source.translations.flatMap((t) => byDir.get(t.dir) ?? [])];
  return { source, members };
}

export function LocaleTabs(props: {
  group: { source: SkillRow; members: SkillRow[] };
  selected: string;
  sideBySide: boolean;
  onSideBySide: (on: boolean) => void;
  onSelect: (dir: string) => void;
}) {
  const { source, members } = props.group;
  const onTranslation = props.selected !== source.dir;
  return (
    <div className="locale-tabs" role="tablist" aria-label="Locales of the skill" data-testid="locale-tabs">
      {members.map((m) => (
        <button
          key={m.dir}
          type="button"
          role="tab"
          aria-selected={m.dir === props.selected}
          className={m.dir === props.selected ? "locale-tab active" : "locale-tab"}
          onClick={() => props.onSelect(m.dir)}
          data-testid="locale-tab"
          data-locale={m.locale}
        >
          {m.locale}
          {m.dir === source.dir && <span className="muted small"> source</span>}
        </button>
      ))}
      <span className="toolbar-gap" />
      <label className="check-label" title={onTranslation ? "Show the source beside this translation" : "Choose a translation first"}>
        <input
          type="checkbox"
          checked={props.sideBySide && onTranslation}
          disabled={!onTranslation}
          onChange={(e) => props.onSideBySide(e.target.checked)}
          data-testid="side-by-side"
        />
        Source side by side
      </label>
    </div>
  );
}

/** The source's SKILL.md, read-only, beside a translation being edited. */
export function SourcePane(props: { source: SkillRow }) {
  const report = useReportError();
  const [text, setText] = useState<string | null>(null);
  const dir = props.source.dir;
  useEffect(() => {
    let live = true;
    setText(null);
    platform.getSkill(dir).then(
      (detail) => live && setText(detail.text),
      (error: unknown) => live && report(platform.toAppError(error)),
    );
    return () => {
      live = false;
    };
  }, [dir, report]);
  return (
    <aside className="source-pane" aria-label="Source" data-testid="source-pane">
      <div className="source-pane-head">
        <strong>{props.source.locale}</strong> <span className="muted small">source · {dir}/SKILL.md · read-only</span>
      </div>
      {text === null ? <p className="muted">Reading the source…</p> : <pre className="source-text">{text}</pre>}
    </aside>
  );
}
