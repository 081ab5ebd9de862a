import type { IndexProgress } from "./bindings/IndexProgress";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { CatalogueView } from "./bindings/CatalogueView";
import type { Diagnostic } from "./bindings/Diagnostic";
import type { SkillRow } from "./bindings/SkillRow";
import * as platform from "./platform";
import { ErrorProvider, useReportError } from "./errors/ErrorContext";
import { AboutDialog } from "./shell/AboutDialog";
import { AppHeader } from "./shell/AppHeader";
import { Sidebar, type Section } from "./shell/Sidebar";
import { IndexingOverlay } from "./shell/IndexingOverlay";
import { EmptyState } from "./shell/EmptyState";
import { SkillsView } from "./skills/SkillsView";
import { DiagnosticsView } from "./diagnostics/DiagnosticsView";
import { DashboardView } from "./dashboard/DashboardView";
import { CardsView } from "./cards/CardsView";
import { ExportView } from "./exports/ExportView";
import { AgentsView } from "./agents/AgentsView";
import { ServeView } from "./serve/ServeView";
import { InstallationsProvider } from "./agents/InstallationsContext";
import { useSubscription } from "./shell/useSubscription";
import { Modal } from "./actions/Modal";
import type { FocusTarget } from "./editor/SkillEditor";
import { skillForFile } from "./model/skillForFile";

type Actions = { openFolder: () => void; reload: () => void };

export function App() {
  const actions = useRef<Actions>({ openFolder: () => undefined, reload: () => undefined });
  return (
    <ErrorProvider
      onOpenFolder={() => actions.current.openFolder()}
      onReloadCatalogue={() => actions.current.reload()}
    >
      <Workspace actions={actions} />
    </ErrorProvider>
  );
}

function Workspace(props: { actions: RefObject<Actions> }) {
  const report = useReportError();
  const [view, setView] = useState<CatalogueView | null>(null);
  const [opening, setOpening] = useState<{ path: string | null } | null>(null);
  const openSeq = useRef(0);
  const [section, setSection] = useState<Section>("skills");
  const [exportsSeen, setExportsSeen] = useState(false);
  if (section === "exports" && !exportsSeen) setExportsSeen(true);
  const [agentsSeen, setAgentsSeen] = useState(false);
  if (section === "agents" && !agentsSeen) setAgentsSeen(true);
  const [selected, setSelected] = useState<string | null>(null);
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const [dirty, setDirty] = useState(false);
  const [leaving, setLeaving] = useState<{ go: () => void } | null>(null);
  const [aboutOpen, setAboutOpen] = useState(false);
  const [changeTick, setChangeTick] = useState(0);
  const [progress, setProgress] = useState<IndexProgress | null>(null);
  const rootRef = useRef<string | null>(null);
  rootRef.current = view?.root ?? null;

  /** Runs `go` now, or after the person agrees to drop unsaved changes. */
  const guard = useCallback(
    (go: () => void) => {
      if (dirty) setLeaving({ go });
      else go();
    },
    [dirty],
  );

  const open = useCallback(
    async (path: string | null) => {
      const id = ++openSeq.current;
      setOpening({ path });
      setProgress(null);
      try {
        const next = await platform.openCatalogue(path);
        if (openSeq.current !== id) return; // cancelled or superseded
        setView(next);
        setSelected(null);
        setFocus(null);
        setDirty(false);
      } catch (error) {
        if (openSeq.current !== id) return;
        report(platform.toAppError(error), () => void open(path));
      } finally {
        if (openSeq.current === id) setOpening(null);
      }
    },
    [report],
  );

  const cancelOpen = useCallback(() => {
    openSeq.current++;
    setOpening(null);
    setProgress(null);
    void platform.cancelOpen().catch(() => undefined);
  }, []);

  const openFolder = useCallback(async () => {
    try {
      const path = await platform.pickFolder();
      if (path) guard(() => void open(path));
    } catch (error) {
      report(platform.toAppError(error));
    }
  }, [guard, open, report]);

  /** Re-reads the open catalogue without the progress overlay (after saves and creates). */
  const refresh = useCallback(async () => {
    const root = rootRef.current;
    if (!root) return;
    try {
      setView(await platform.openCatalogue(root));
    } catch (error) {
      report(platform.toAppError(error));
    }
  }, [report]);

  /** Files changed outside the editor (another program, an import): an open skill re-reads its file. */
  const catalogueChanged = useCallback((next: CatalogueView) => {
    setView(next);
    setChangeTick((t) => t + 1);
  }, []);

  const replaceCatalogue = useCallback((next: CatalogueView, openDir: string | null) => {
    setView(next);
    setDirty(false);
    setSelected(openDir);
    setFocus(null);
  }, []);

  props.actions.current = {
    openFolder: () => void openFolder(),
    reload: () => void (rootRef.current ? refresh() : open(null)),
  };

  useEffect(() => {
    void open(null);
  }, [open]);

  // Without progress events the bar simply stays indeterminate.
  useSubscription(platform.onIndexProgress, setProgress);
  useSubscription(platform.onCatalogueChanged, catalogueChanged, (error) => report(platform.toAppError(error)));

  const selectSkill = useCallback(
    (dir: string | null, target: FocusTarget | null = null) => {
      if (dir === selected) {
        setFocus(target);
        return;
      }
      guard(() => {
        setSelected(dir);
        setFocus(target);
        setDirty(false);
      });
    },
    [guard, selected],
  );

  const openDiagnostic = useCallback(
    (d: Diagnostic) => {
      if (!view) return;
      const skill = skillForFile(view, d.file);
      if (!skill) return;
      setSection("skills");
      const inSkillMd = /(^|[\\/])SKILL\.md$/.test(d.file);
      selectSkill(skill.dir, {
        pointer: inSkillMd ? (d.pointer ?? null) : null,
        line: inSkillMd ? d.line : null,
        resource: !inSkillMd,
        nonce: Date.now(),
      });
    },
    [selectSkill, view],
  );

  /** Opens a skill's file at a line (an Agent Cards finding: its pointer is into the card). */
  const openFileAt = useCallback(
    (file: string, line: number) => openDiagnostic({ code: "", severity: "warning", message: "", file, line, column: 1 }),
    [openDiagnostic],
  );

  const openByName = useCallback(
    (name: string) => {
      const skill = view?.skills.find((s) => s.name === name);
      if (!skill) return;
      setSection("skills");
      selectSkill(skill.dir);
    },
    [selectSkill, view],
  );

  const openSkillRow = useCallback(
    (skill: SkillRow) => {
      setSection("skills");
      selectSkill(skill.dir);
    },
    [selectSkill],
  );

  return (
    <InstallationsProvider catalogue={view}>
      <div className="app">
        <AppHeader
          root={view?.root ?? null}
          demo={platform.isDemo()}
          busy={opening !== null}
          onOpenFolder={() => void openFolder()}
          onOpenRecent={(path) => guard(() => void open(path))}
          onAbout={() => setAboutOpen(true)}
        />
        {aboutOpen && <AboutDialog onClose={() => setAboutOpen(false)} />}
        <div className="app-body">
          <Sidebar section={section} onSection={setSection} view={view} />
          <main className="main">
            {view ? (
              <>
                <div className="section" hidden={section !== "skills"}>
                  <SkillsView
                    view={view}
                    selected={selected}
                    focus={focus}
                    changeTick={changeTick}
                    onSelect={selectSkill}
                    onDirtyChange={setDirty}
                    onCatalogue={replaceCatalogue}
                    onRefresh={refresh}
                  />
                </div>
                {section === "diagnostics" && <DiagnosticsView view={view} onOpen={openDiagnostic} />}
                {section === "dashboard" && <DashboardView view={view} onOpenSkill={openByName} />}
                {section === "cards" && <CardsView view={view} onOpenFile={openFileAt} />}
                {/* Kept once opened, so the choices and the last preview survive a look at the skills. */}
                {/* Kept once opened, so the ticked skills and tools survive a look at a skill. */}
                {agentsSeen && (
                  <div className="section" hidden={section !== "agents"}>
                    <AgentsView key={view.root} view={view} onOpenSkill={openSkillRow} onOpenDiagnostic={openDiagnostic} onCatalogueChanged={catalogueChanged} />
                  </div>
                )}
                {section === "serve" && <ServeView view={view} onOpenDiagnostic={openDiagnostic} />}
                {exportsSeen && (
                  <div className="section" hidden={section !== "exports"}>
                    <ExportView key={view.root} view={view} onImported={catalogueChanged} />
                  </div>
                )}
              </>
            ) : (
              !opening && <EmptyState onOpenFolder={() => void openFolder()} />
            )}
            {opening && <IndexingOverlay path={opening.path} progress={progress} onCancel={cancelOpen} />}
          </main>
        </div>
        {leaving && (
          <Modal
            title="Discard your changes?"
            onClose={() => setLeaving(null)}
            testId="discard-dialog"
            footer={
              <>
                <button type="button" className="button" onClick={() => setLeaving(null)}>
                  Keep editing
                </button>
                <button
                  type="button"
                  className="button danger"
                  onClick={() => {
                    const { go } = leaving;
                    setLeaving(null);
                    setDirty(false);
                    go();
                  }}
                >
                  Discard changes
                </button>
              </>
            }
          >
            <p>The skill you are editing has changes that are not saved. They will be lost.</p>
          </Modal>
        )}
      </div>
    </InstallationsProvider>
  );
}
