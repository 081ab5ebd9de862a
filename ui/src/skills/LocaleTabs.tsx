import { useEffect, useState } from "react";
import type { SkillRow } from "../bindings/SkillRow";
import type { FreshnessView } from "../bindings/FreshnessView";
import type { TranslationState } from "../bindings/TranslationState";
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

/** Each translation's freshness, asked again when the catalogue changes. */
export function useFreshness(revision: string, wanted: boolean): FreshnessView | null {
  const report = useReportError();
  const [view, setView] = useState<FreshnessView | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    platform.translationFreshness().then(
      (v) => live && setView(v),
      (error: unknown) => live && report(platform.toAppError(error)),
    );
    return () => {
      live = false;
    };
  }, [revision, wanted, report]);
  return view;
}

function stateOf(freshness: FreshnessView | null, dir: string): TranslationState | undefined {
  return freshness?.states.find((s) => s.file === `${dir}/SKILL.md`);
}

export function LocaleTabs(props: {
  group: { source: SkillRow; members: SkillRow[] };
  freshness: FreshnessView | null;
  selected: string;
  sideBySide: boolean;
  onSideBySide: (on: boolean) => void;
  onSelect: (dir: string) => void;
}) {
  const { source, members } = props.group;
  const onTranslation = props.selected !== source.dir;
  const [showDiff, setShowDiff] = useState(false);
  const current = stateOf(props.freshness, props.selected)?.freshness;
  useEffect(() => setShowDiff(false), [props.selected]);
  return (
    <>
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
          {stateOf(props.freshness, m.dir)?.freshness.state === "outdated" && (
            <span className="outdated-mark" title="Outdated: the source changed since it was translated">
              {" "}• outdated
            </span>
          )}
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
    {onTranslation && current?.state === "outdated" && (
      <div className="notice warning translation-notice" data-testid="translation-outdated">
        <p>
          <strong>Outdated:</strong> translated from <code>{current.sourceCommit.slice(0, 10)}</code>; the source changed in{" "}
          <code>{current.lastChange.slice(0, 10)}</code>.{" "}
          <button type="button" className="link-button" onClick={() => setShowDiff(!showDiff)} data-testid="show-source-diff">
            {showDiff ? "Hide the source's changes" : "Show the source's changes"}
          </button>
        </p>
        {showDiff && <pre className="source-diff" data-testid="source-diff">{current.diff}</pre>}
      </div>
    )}
    {onTranslation && props.freshness?.checkOff && (
      <p className="muted small translation-check-off" data-testid="translation-check-off">{props.freshness.checkOff}</p>
    )}
    </>
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
