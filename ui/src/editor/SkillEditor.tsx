import { Suspense, lazy, useEffect, useState } from "react";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { SkillDetail } from "../bindings/SkillDetail";
import type { SkillRow } from "../bindings/SkillRow";
import { sentenceFor } from "../errors/errorSentences";
import { sameFile } from "../model/skillForFile";
import { plural } from "../model/format";
import { InstalledIn } from "../agents/InstalledIn";
import { DeleteSkillDialog } from "../actions/DeleteSkillDialog";
import { RenameSkillDialog } from "../actions/RenameSkillDialog";
import { ConflictDialog } from "./ConflictDialog";
import { DisclosureTab } from "./DisclosureTab";
import { FilePath } from "./FilePath";
import { FilesTab } from "./FilesTab";
import { FormTab } from "./FormTab";
import { useDraftCheck } from "./useDraftCheck";
import { useDraftHistory } from "./useDraftHistory";
import { useEditorKeys } from "./useEditorKeys";
import { useFieldEdits } from "./useFieldEdits";
import { useFocusTarget, type FocusTarget, type Tab } from "./useFocusTarget";
import { useOutsideChanges } from "./useOutsideChanges";
import { useSkillDetail } from "./useSkillDetail";
import { useSkillSave } from "./useSkillSave";

export type { FocusTarget } from "./useFocusTarget";

const TABS: { id: Tab; label: string }[] = [
  { id: "form", label: "Form" },
  { id: "yaml", label: "YAML" },
  { id: "body", label: "Body" },
  { id: "files", label: "Files" },
  { id: "disclosure", label: "Disclosure" },
];

// CodeMirror is loaded the first time a text tab opens, so the app starts faster.
const YamlTab = lazy(() => import("./YamlTab").then((m) => ({ default: m.YamlTab })));
const BodyTab = lazy(() => import("./BodyTab").then((m) => ({ default: m.BodyTab })));

type EditorProps = {
  dir: string;
  row: SkillRow | null;
  focus: FocusTarget | null;
  changeTick: number;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: () => void;
  onRenamed: (view: CatalogueView, newName: string) => void;
  onDeleted: (view: CatalogueView) => void;
};

/** Loads a skill, then hands it to the editor proper. */
export function SkillEditor(props: EditorProps) {
  const { dir } = props;
  const { detail, setDetail, failure } = useSkillDetail(dir);

  if (failure) {
    const sentence = sentenceFor(failure);
    return (
      <div className="editor-empty">
        <p>
          <strong>{sentence.title}</strong>
        </p>
        <p className="muted">{sentence.next}</p>
      </div>
    );
  }
  if (!detail) {
    return (
      <div className="editor-empty" aria-busy="true">
        <p className="muted">Loading {props.row?.name ?? dir}…</p>
      </div>
    );
  }
  return <LoadedEditor {...props} detail={detail} setDetail={setDetail} />;
}

function LoadedEditor(props: EditorProps & { detail: SkillDetail; setDetail: (d: SkillDetail) => void }) {
  const { detail, setDetail, dir, onDirtyChange, onSaved } = props;
  const history = useDraftHistory(detail.text);
  const { draft, commit, replace, current, undo, redo } = history;
  const dirty = draft !== detail.text;
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const { check, checking } = useDraftCheck(dir, draft, detail);
  const { setFieldValue, endRun } = useFieldEdits(current, commit);
  const { diskNotice, dismissDiskNotice } = useOutsideChanges({
    dir,
    changeTick: props.changeTick,
    detail,
    dirty,
    current,
    // Nothing of the person's is lost (the draft was clean), so no undo step.
    onReload: (fresh) => {
      endRun();
      setDetail(fresh);
      replace(fresh.text);
    },
  });
  const { saving, conflict, save, takeDisk, dismissConflict } = useSkillSave({
    dir,
    current,
    replace,
    commit,
    setDetail,
    endRun,
    onSaved,
    onSynced: dismissDiskNotice,
  });
  const { tab, setTab, fieldFocus, cursor, goToLine } = useFocusTarget(props.focus, check.frontmatter !== null, current);
  useEditorKeys({
    save: () => {
      if (dirty && !saving) void save(detail.sha256);
    },
    undo,
    redo,
  });

  const fileDiagnostics = check.diagnostics.filter((d) => sameFile(d.file, detail.file));
  const errors = check.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = check.diagnostics.length - errors;

  const title = typeof (check.frontmatter as Record<string, unknown> | null)?.name === "string"
    ? String((check.frontmatter as Record<string, unknown>).name)
    : detail.name;

  return (
    <div className="editor" data-testid="skill-editor" data-dir={dir}>
      <div className="editor-head">
        <div className="editor-title">
          <h2 title={title}>{title}</h2>
          <div className="editor-meta">
            <span className="pill neutral" title="The profile whose rules apply to this skill">{detail.profile}</span>
            {errors > 0 && <span className="badge error">{plural(errors, "error")}</span>}
            {warnings > 0 && <span className="badge warning">{plural(warnings, "warning")}</span>}
            {errors === 0 && warnings === 0 && <span className="badge ok">No problems</span>}
            <FilePath path={detail.file} className="editor-path" />
            {detail.aliases.length > 0 && (
              <span
                className="muted small editor-aliases"
                title="Symlinks in the catalogue that lead to this skill's folder: one skill, reached from each of these paths"
                data-testid="aliases"
              >
                also linked from {detail.aliases.join(", ")}
              </span>
            )}
            <InstalledIn name={detail.name} />
            {checking && <span className="muted small">checking…</span>}
          </div>
        </div>
        <div className="editor-actions">
          <button type="button" className="button" onClick={undo} disabled={!history.canUndo} title="Undo (Ctrl+Z)" data-testid="undo">
            Undo
          </button>
          <button type="button" className="button" onClick={redo} disabled={!history.canRedo} title="Redo (Ctrl+Shift+Z)" data-testid="redo">
            Redo
          </button>
          <span className="toolbar-gap" />
          <button
            type="button"
            className="button"
            onClick={() => setDialog("rename")}
            disabled={dirty}
            title={dirty ? "Save or undo your changes first" : "Rename the skill and its folder"}
            data-testid="rename"
          >
            Rename…
          </button>
          <button type="button" className="button" onClick={() => setDialog("delete")} data-testid="delete">
            Delete…
          </button>
          <button
            type="button"
            className="button primary"
            onClick={() => void save(detail.sha256)}
            disabled={!dirty || saving}
            title="Save (Ctrl+S)"
            data-testid="save"
          >
            {saving ? "Saving…" : dirty ? "Save" : "Saved"}
          </button>
        </div>
      </div>

      {diskNotice && (
        <div className="notice warning editor-notice" role="status" data-testid="disk-notice">
          {diskNotice.fresh ? (
            <>
              <p>
                <strong>SKILL.md changed on disk</strong> while you were editing. Your changes are kept; saving will
                ask which version to keep.
              </p>
              <div className="notice-actions">
                <button type="button" className="button small" onClick={() => void takeDisk(diskNotice.fresh)}>
                  Load the version on disk
                </button>
                <button type="button" className="button small" onClick={dismissDiskNotice}>
                  Keep editing
                </button>
              </div>
            </>
          ) : (
            <p>
              <strong>This skill's folder was removed or renamed on disk.</strong> Your text is still here; copy what
              you need before choosing another skill.
            </p>
          )}
        </div>
      )}

      <div className="tabs" role="tablist" aria-label="Views of the skill">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={tab === t.id ? "tab active" : "tab"}
            onClick={() => setTab(t.id)}
            data-testid={`tab-${t.id}`}
          >
            {t.label}
            {t.id === "files" && detail.resources.length > 0 && <span className="tab-count">{detail.resources.length}</span>}
          </button>
        ))}
      </div>

      <div className={tab === "body" ? "tab-panel flush" : "tab-panel"} role="tabpanel">
        {tab === "form" && (
          <FormTab
            schema={detail.schema}
            frontmatter={check.frontmatter}
            diagnostics={fileDiagnostics}
            focus={fieldFocus}
            onChange={setFieldValue}
            onOpenYaml={() => setTab("yaml")}
            onGoToLine={goToLine}
          />
        )}
        {tab === "yaml" && (
          <Suspense fallback={<p className="muted">Loading the editor…</p>}>
          <YamlTab
            draft={draft}
            diagnostics={fileDiagnostics}
            cursor={cursor}
            onChange={(text) => commit(text, "yaml")}
            onGoToLine={goToLine}
          />
          </Suspense>
        )}
        {tab === "body" && (
          <Suspense fallback={<p className="muted">Loading the editor…</p>}>
          <BodyTab
            draft={draft}
            html={check.bodyHtml}
            diagnostics={fileDiagnostics}
            cursor={cursor}
            checking={checking}
            onChange={(text) => commit(text, "body")}
          />
          </Suspense>
        )}
        {tab === "files" && <FilesTab resources={detail.resources} resourceBudget={detail.budgets.resource} />}
        {tab === "disclosure" && (
          <DisclosureTab tokens={check.tokens} budgets={detail.budgets} l2Budget={detail.l2Budget} resources={detail.resources} />
        )}
      </div>

      {conflict && (
        <ConflictDialog
          fileName={detail.file}
          mine={conflict.mine}
          disk={conflict.disk}
          busy={saving}
          onKeepMine={() => void save(conflict.diskSha256)}
          onTakeTheirs={() => void takeDisk(null)}
          onCancel={dismissConflict}
        />
      )}
      {dialog === "rename" && (
        <RenameSkillDialog
          dir={dir}
          name={detail.name}
          onClose={() => setDialog(null)}
          onRenamed={(view, newName) => {
            setDialog(null);
            props.onRenamed(view, newName);
          }}
        />
      )}
      {dialog === "delete" && (
        <DeleteSkillDialog
          dir={dir}
          name={detail.name}
          fileCount={detail.resources.length + 1}
          dirty={dirty}
          agents={props.row?.agents ?? []}
          onClose={() => setDialog(null)}
          onDeleted={(view) => {
            setDialog(null);
            onDirtyChange(false);
            props.onDeleted(view);
          }}
        />
      )}
    </div>
  );
}
