import type { FieldValue } from "../platform";
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { SkillDetail } from "../bindings/SkillDetail";
import type { SkillRow } from "../bindings/SkillRow";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";
import { conflictOf } from "../errors/errorDetails";
import { sentenceFor } from "../errors/errorSentences";
import { fieldOf } from "../model/pointer";
import { sameFile } from "../model/skillForFile";
import { splitSkillText } from "../model/skillText";
import { plural } from "../model/format";
import { DeleteSkillDialog } from "../actions/DeleteSkillDialog";
import { RenameSkillDialog } from "../actions/RenameSkillDialog";
import type { Cursor } from "./CodeEditor";
import { ConflictDialog } from "./ConflictDialog";
import { DisclosureTab } from "./DisclosureTab";
import { baseOfEdit, type FieldEditRun } from "./fieldEditRun";
import { FilePath } from "./FilePath";
import { FilesTab } from "./FilesTab";
import { FormTab, type FieldFocus } from "./FormTab";
import { useDraftCheck } from "./useDraftCheck";
import { useDraftHistory } from "./useDraftHistory";
import { useSkillDetail } from "./useSkillDetail";

/** Where to put the cursor when a skill opens from a diagnostic. */
export type FocusTarget = {
  pointer: string | null;
  line: number | null;
  /** Set when the diagnostic is about another file of the skill (a resource). */
  resource?: boolean;
  nonce: number;
};

type Tab = "form" | "yaml" | "body" | "files" | "disclosure";

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

function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest(".cm-editor") !== null ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)
  );
}

function LoadedEditor(props: EditorProps & { detail: SkillDetail; setDetail: (d: SkillDetail) => void }) {
  const { detail, setDetail, dir, onDirtyChange, onSaved } = props;
  const report = useReportError();
  const history = useDraftHistory(detail.text);
  const { draft, commit, replace, current } = history;
  const dirty = draft !== detail.text;
  const [tab, setTab] = useState<Tab>("form");
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<{ mine: string; disk: string; diskSha256: string } | null>(null);
  const [diskNotice, setDiskNotice] = useState<{ fresh: SkillDetail | null } | null>(null);
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const [fieldFocus, setFieldFocus] = useState<FieldFocus | null>(null);
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const edits = useRef<Promise<void>>(Promise.resolve());
  const fieldRun = useRef<FieldEditRun | null>(null);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const { check, checking } = useDraftCheck(dir, draft, detail);
  const fileDiagnostics = check.diagnostics.filter((d) => sameFile(d.file, detail.file));
  const errors = check.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = check.diagnostics.length - errors;

  /**
   * A form edit: Rust rewrites just that node (edits run one at a time). Typing in one field
   * is a run whose every edit applies to the text from before the run (see fieldEditRun.ts);
   * a YAML, body or undo change to the draft ends the run, as do saves and reloads below.
   */
  const setFieldValue = useCallback(
    (pointer: string, value: FieldValue | null) => {
      edits.current = edits.current.then(async () => {
        const draft = current();
        const base = baseOfEdit(fieldRun.current, pointer, draft);
        // Whatever Rust answers, this field's run is the one going on now.
        fieldRun.current = { pointer, base, latest: draft };
        try {
          const next = await platform.setField(base, pointer, value);
          fieldRun.current = { pointer, base, latest: next };
          commit(next, `field:${pointer}`);
        } catch (reason) {
          report(platform.toAppError(reason));
        }
      });
    },
    [commit, current, report],
  );

  const save = useCallback(
    async (base: string) => {
      const text = current();
      setSaving(true);
      try {
        const result = await platform.saveSkill(dir, text, base);
        fieldRun.current = null; // later typing is quoted against the saved file
        setConflict(null);
        setDiskNotice(null);
        setDetail(result.detail);
        if (current() === text) replace(result.detail.text);
        onSaved();
      } catch (reason) {
        const e = platform.toAppError(reason);
        const c = conflictOf(e);
        if (c) setConflict({ mine: text, disk: c.diskText, diskSha256: c.diskSha256 });
        else report(e, () => void save(base));
      } finally {
        setSaving(false);
      }
    },
    [current, dir, onSaved, replace, report, setDetail],
  );

  const takeDisk = useCallback(
    async (fresh: SkillDetail | null) => {
      try {
        const d = fresh ?? (await platform.getSkill(dir));
        fieldRun.current = null;
        setDetail(d);
        commit(d.text, null); // an undo step: Undo brings the person's version back
        setConflict(null);
        setDiskNotice(null);
      } catch (reason) {
        report(platform.toAppError(reason));
      }
    },
    [commit, dir, report, setDetail],
  );

  // Files changed outside the app: reload a clean skill, warn about a dirty one.
  const firstTick = useRef(props.changeTick);
  const detailRef = useRef(detail);
  detailRef.current = detail;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    if (props.changeTick === firstTick.current) return;
    let live = true;
    platform.getSkill(dir).then(
      (fresh) => {
        if (!live || fresh.sha256 === detailRef.current.sha256) return;
        // Our own save landing while this check was under way: the disk holds what we have.
        if (fresh.text === current()) return;
        if (dirtyRef.current) setDiskNotice({ fresh });
        else {
          fieldRun.current = null;
          setDetail(fresh);
          replace(fresh.text);
        }
      },
      (reason: unknown) => {
        if (!live) return;
        const e = platform.toAppError(reason);
        if (e.code === "skill.not-found") setDiskNotice({ fresh: null });
        else report(e);
      },
    );
    return () => {
      live = false;
    };
  }, [props.changeTick, current, dir, replace, report, setDetail]);

  // Opening at a diagnostic: the field in the Form tab, or the line in the YAML or Body tab.
  useEffect(() => {
    const focus = props.focus;
    if (!focus) return;
    if (focus.resource) {
      setTab("files");
      return;
    }
    const field = fieldOf(focus.pointer);
    if (field !== null && check.frontmatter !== null) {
      setTab("form");
      setFieldFocus({ name: field, nonce: focus.nonce });
      return;
    }
    if (focus.line !== null) {
      const parts = splitSkillText(current());
      setTab(parts && focus.line >= parts.bodyStartLine ? "body" : "yaml");
      setCursor({ line: focus.line, nonce: focus.nonce });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new focus request moves the cursor: re-running when the frontmatter comes or goes would pull the person back to the diagnostic mid-edit
  }, [props.focus]);

  const goToLine = useCallback(
    (d: Diagnostic) => {
      const parts = splitSkillText(current());
      setTab(parts && d.line >= parts.bodyStartLine ? "body" : "yaml");
      setCursor({ line: d.line, nonce: Date.now() });
    },
    [current],
  );

  // Undo and redo outside the text editors (which have their own); Ctrl+S saves anywhere.
  const { undo, redo } = history;
  const saveRef = useRef<() => void>(() => undefined);
  saveRef.current = () => {
    if (dirty && !saving) void save(detail.sha256);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (!mod) return;
      const key = event.key.toLowerCase();
      if (key === "s") {
        event.preventDefault();
        saveRef.current();
        return;
      }
      if (isTextTarget(event.target)) return;
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === "z" && event.shiftKey) || key === "y") {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

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
                <button type="button" className="button small" onClick={() => setDiskNotice(null)}>
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
          onCancel={() => setConflict(null)}
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
