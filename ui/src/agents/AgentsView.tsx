import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AgentScope } from "../bindings/AgentScope";
import type { AgentsRequest } from "../bindings/AgentsRequest";
import type { AgentsView as AgentsAnswer } from "../bindings/AgentsView";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { InstallApplied } from "../bindings/InstallApplied";
import type { InstallConflict } from "../bindings/InstallConflict";
import type { InstallPlan } from "../bindings/InstallPlan";
import type { InstallProgress } from "../bindings/InstallProgress";
import type { Installed } from "../bindings/Installed";
import type { SkillRow } from "../bindings/SkillRow";
import type { TakePlan } from "../bindings/TakePlan";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";
import { useSubscription } from "../shell/useSubscription";
import { formatCount, plural } from "../model/format";
import { GLOBAL, cellsOf, columnsOf, firstErrors, fromTools, sharedWith } from "./agentsModel";
import { InstallMatrix } from "./InstallMatrix";
import { useInstallations } from "./InstallationsContext";
import { PlanPanel } from "./PlanPanel";
import { TakePanel } from "./TakePanel";

/** A plan on screen, with what was asked for it (to plan the same again when it went stale). */
type Shown = { title: string; request: AgentsRequest; plan: InstallPlan; stale: boolean };
/** A take plan on screen, with what was asked for it. */
type ShownTake = { skill: string; agent: string; ours: boolean; plan: TakePlan; stale: boolean };

/** How many folders the "from the tools' folders" list shows before saying how many more. */
const FROM_TOOLS_SHOWN = 50;

/**
 * Agents: which catalogue skills are installed in which agent tools on this computer, and
 * installing, uninstalling and syncing them. Every change is planned first and shown; Apply
 * writes exactly that plan.
 */
export function AgentsView(props: {
  view: CatalogueView;
  onOpenSkill: (skill: SkillRow) => void;
  onOpenDiagnostic: (d: Diagnostic) => void;
  /** The catalogue re-read after a skill was taken into it. */
  onCatalogueChanged: (view: CatalogueView) => void;
}) {
  const report = useReportError();
  const { onCatalogueChanged } = props;
  const installations = useInstallations();
  const [scope, setScope] = useState<AgentScope>(GLOBAL);
  const [agents, setAgents] = useState<AgentsAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [copy, setCopy] = useState(false);
  const [selectedSkills, setSelectedSkills] = useState<Set<string>>(() => new Set());
  const [selectedTools, setSelectedTools] = useState<Set<string>>(() => new Set());
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  /** Set while a plan is being applied: how far it has got (null until the first step is done). */
  const [applying, setApplying] = useState<{ progress: InstallProgress | null } | null>(null);
  const [applied, setApplied] = useState<InstallApplied | null>(null);
  const [take, setTake] = useState<ShownTake | null>(null);
  const [taken, setTaken] = useState<string | null>(null);
  const seq = useRef(0);

  const load = useCallback(
    async (asked: AgentScope) => {
      const id = ++seq.current;
      setLoading(true);
      try {
        const answer = await platform.agentsView(asked);
        if (seq.current === id) setAgents(answer);
      } catch (error) {
        if (seq.current === id) report(platform.toAppError(error), () => void load(asked));
      } finally {
        if (seq.current === id) setLoading(false);
      }
    },
    [report],
  );

  // Again whenever the catalogue is re-read: its skills (and so the states) may have changed.
  useEffect(() => {
    void load(scope);
  }, [load, scope, props.view]);

  const tools = useMemo(() => agents?.tools ?? [], [agents]);
  const columns = useMemo(() => columnsOf(tools, showAll || tools.every((t) => !t.found)), [tools, showAll]);
  const cells = useMemo(() => cellsOf(agents?.installed ?? []), [agents]);
  const shared = useMemo(() => sharedWith(tools), [tools]);
  const errors = useMemo(() => firstErrors(props.view), [props.view]);
  const foundCount = tools.filter((t) => t.found).length;
  const sharedFolders = useMemo(() => {
    const folders = new Map<string, string[]>();
    for (const t of columns) if (shared.has(t.id)) folders.set(t.folder, [...(folders.get(t.folder) ?? []), t.name]);
    return [...folders.entries()];
  }, [columns, shared]);

  // Ticked skills still in the catalogue (one may have been renamed or deleted meanwhile); a set,
  // as "select all" ticks every one of possibly 10,000.
  const names = useMemo(() => new Set(props.view.skills.map((s) => s.name)), [props.view.skills]);
  const skills = useMemo(() => [...selectedSkills].filter((name) => names.has(name)), [selectedSkills, names]);
  const chosenTools = useMemo(() => tools.filter((t) => selectedTools.has(t.id)).map((t) => t.id), [tools, selectedTools]);

  const plan = useCallback(
    async (title: string, request: AgentsRequest) => {
      setBusy(true);
      setApplied(null);
      try {
        setShown({ title, request, plan: await platform.planAgents(scope, request), stale: false });
      } catch (error) {
        report(platform.toAppError(error), () => void plan(title, request));
      } finally {
        setBusy(false);
      }
    },
    [report, scope],
  );

  // Only while applying: a late event of an earlier apply must not bring the bar back.
  useSubscription(platform.onInstallProgress, (progress) => setApplying((now) => (now ? { progress } : now)));

  const apply = useCallback(async () => {
    if (!shown) return;
    setBusy(true);
    setApplying({ progress: null });
    try {
      const result = await platform.applyAgents(scope);
      setApplied(result);
      setShown(null);
      setSelectedSkills(new Set());
    } catch (error) {
      const appError = platform.toAppError(error);
      if (appError.code === "agents.plan-stale") {
        // Nothing was written; the plan on screen no longer describes the folders.
        setShown({ ...shown, stale: true });
        report(appError, () => void plan(shown.title, shown.request));
      } else {
        // The shell applies a plan once: after any other failure (all put back), plan anew.
        setShown(null);
        report(appError);
      }
    } finally {
      setBusy(false);
      setApplying(null);
    }
    await load(scope);
    if (scope.kind === "global") installations.refresh();
  }, [installations, load, plan, report, scope, shown]);

  const planTake = useCallback(
    async (skill: string, agent: string, ours: boolean) => {
      setBusy(true);
      setApplied(null);
      setTaken(null);
      setShown(null);
      try {
        setTake({ skill, agent, ours, plan: await platform.planTake(scope, skill, agent), stale: false });
      } catch (error) {
        report(platform.toAppError(error), () => void planTake(skill, agent, ours));
      } finally {
        setBusy(false);
      }
    },
    [report, scope],
  );

  const applyTake = useCallback(async () => {
    if (!take) return;
    setBusy(true);
    try {
      const result = await platform.applyTake(scope);
      setTake(null);
      const files = result.applied.written.length + result.applied.removed.length;
      setTaken(`${take.plan.kind === "adopt" ? "Adopted" : "Took"} ${take.skill} into the catalogue's ${result.applied.into}: ${plural(files, "file")} written.`);
      onCatalogueChanged(result.view);
    } catch (error) {
      const appError = platform.toAppError(error);
      if (appError.code === "agents.plan-stale") {
        setTake({ ...take, stale: true });
        report(appError, () => void planTake(take.skill, take.agent, take.ours));
      } else {
        setTake(null);
        report(appError);
      }
    } finally {
      setBusy(false);
    }
  }, [onCatalogueChanged, planTake, report, scope, take]);

  const outside = useMemo(() => fromTools(agents?.installed ?? []), [agents]);

  const chooseProject = async () => {
    try {
      const folder = await platform.pickFolder("Install into this project");
      if (folder) {
        setScope({ kind: "project", folder });
        setShown(null);
        setTake(null);
        setApplied(null);
      }
    } catch (error) {
      report(platform.toAppError(error));
    }
  };

  const chooseGlobal = () => {
    if (scope.kind === "global") return;
    setScope(GLOBAL);
    setShown(null);
    setTake(null);
    setApplied(null);
  };

  const toggle = (set: Set<string>, key: string) => {
    const next = new Set(set);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    return next;
  };

  const canChoose = skills.length > 0 && chosenTools.length > 0;
  const whatIsChosen = `${plural(skills.length, "skill")} into ${plural(chosenTools.length, "tool")}`;

  return (
    <div className="page agents-view" data-testid="agents-view">
      <div className="page-head">
        <h1>Agents</h1>
        <p className="muted">
          Install this catalogue's skills into the agent tools on this computer: a link to the skill's folder, or a copy for tools that do not follow links.
          Each change is shown as a plan first; nothing is written until you apply it.
        </p>
      </div>

      <div className="toolbar agents-toolbar">
        <div className="segmented" role="group" aria-label="Where to install">
          <button type="button" className={scope.kind === "global" ? "segment on" : "segment"} aria-pressed={scope.kind === "global"} onClick={chooseGlobal} data-testid="scope-global">
            Every project (global)
          </button>
          <button type="button" className={scope.kind === "project" ? "segment on" : "segment"} aria-pressed={scope.kind === "project"} onClick={() => void chooseProject()} data-testid="scope-project">
            {scope.kind === "project" ? "Another project…" : "This project…"}
          </button>
        </div>
        {scope.kind === "project" && (
          <code className="agents-project" title="The project whose tool folders are shown" data-testid="scope-folder">
            {scope.folder}
          </code>
        )}
        <label className="check-label">
          <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} data-testid="show-all-tools" />
          Show tools not found here
        </label>
        <button type="button" className="button toolbar-end" onClick={() => void load(scope)} disabled={loading} data-testid="agents-refresh">
          {loading ? "Reading…" : "Refresh"}
        </button>
      </div>

      {agents && (
        <p className="muted small agents-notes" data-testid="agents-notes">
          {foundCount === 0
            ? "No agent tool was found on this computer, so every tool is shown."
            : `${plural(foundCount, "tool")} found here${showAll ? `, ${formatCount(tools.length - foundCount)} more not found` : ""}.`}{" "}
          Recorded in <code>{agents.lock}</code>.
          {sharedFolders.map(([folder, names]) => (
            <span key={folder} className="agents-shared" data-testid="shared-folder">
              {" "}
              {names.join(", ")} all read <code>{folder}</code>: one installation there serves each of them.
            </span>
          ))}{" "}
          <span data-testid="agents-add-tool">
            A tool not listed? Add it under <code>agents:</code> in the catalogue's <code>skillhouse.yaml</code> (its id, name and
            folders); it shows here once the file is saved.
          </span>
        </p>
      )}

      <div className="toolbar agents-actions">
        <span className="muted small" data-testid="agents-chosen">
          {canChoose ? whatIsChosen : "Tick skills and tools to install or uninstall them."}
        </span>
        <label className="check-label" title="Copy even into tools that follow links (a copy does not change when the catalogue does, until Sync all)">
          <input type="checkbox" checked={copy} onChange={(e) => setCopy(e.target.checked)} data-testid="agents-copy" />
          Copy instead of linking
        </label>
        <span className="toolbar-end agents-buttons">
          <button
            type="button"
            className="button primary"
            disabled={!canChoose || busy}
            onClick={() => void plan(`Install ${whatIsChosen}`, { kind: "install", skills, agents: chosenTools, copy })}
            data-testid="agents-install"
          >
            Install…
          </button>
          <button
            type="button"
            className="button"
            disabled={!canChoose || busy}
            onClick={() => void plan(`Uninstall ${skills.length === 1 ? skills[0] : plural(skills.length, "skill")} from ${plural(chosenTools.length, "tool")}`, { kind: "uninstall", skills, agents: chosenTools })}
            data-testid="agents-uninstall"
          >
            Uninstall…
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void plan("Sync every installation from this catalogue", { kind: "sync" })}
            title="Bring every installation recorded from this catalogue up to date"
            data-testid="agents-sync"
          >
            Sync all…
          </button>
        </span>
      </div>

      {applied && <AppliedSummary applied={applied} onDismiss={() => setApplied(null)} />}

      {taken && (
        <div className="notice agents-applied" role="status" data-testid="take-done">
          <p>
            <strong>{taken}</strong>
          </p>
          <div className="notice-actions">
            <button type="button" className="button small" onClick={() => setTaken(null)}>
              Dismiss
            </button>
          </div>
        </div>
      )}

      {take && (
        <TakePanel
          plan={take.plan}
          busy={busy}
          stale={take.stale}
          onTake={() => void applyTake()}
          onCancel={() => setTake(null)}
          onPlanAgain={() => void planTake(take.skill, take.agent, take.ours)}
          onReplace={
            take.ours
              ? () => {
                  setTake(null);
                  void plan(`Replace ${take.skill} in ${take.plan.folder}`, { kind: "replace", skills: [take.skill], agents: [take.agent], copy });
                }
              : undefined
          }
        />
      )}

      {shown && (
        <PlanPanel
          title={shown.title}
          plan={shown.plan}
          tools={tools}
          busy={busy}
          applying={applying ? { done: applying.progress?.done ?? 0, total: applying.progress?.total ?? shown.plan.steps.length } : null}
          stale={shown.stale}
          onApply={() => void apply()}
          onCancel={() => setShown(null)}
          onPlanAgain={() => void plan(shown.title, shown.request)}
          onReplace={(c: InstallConflict) =>
            void plan(`Replace ${c.skill} in ${c.folder}`, { kind: "replace", skills: [c.skill], agents: c.agents, copy })
          }
          onTake={(c: InstallConflict) => {
            const agent = c.agents[0];
            if (agent !== undefined) void planTake(c.skill, agent, c.kind === "changedThere");
          }}
          onOpenError={props.onOpenDiagnostic}
        />
      )}

      {outside.length > 0 && (
        <FromTools installed={outside} inCatalogue={names} tools={tools} busy={busy} onTake={(skill, agent, ours) => void planTake(skill, agent, ours)} />
      )}

      {agents ? (
        <InstallMatrix
          skills={props.view.skills}
          columns={columns}
          cells={cells}
          errors={errors}
          shared={shared}
          selectedSkills={selectedSkills}
          selectedTools={selectedTools}
          onToggleSkill={(name) => setSelectedSkills((s) => toggle(s, name))}
          onToggleAllSkills={(on) => setSelectedSkills(on ? new Set(props.view.skills.filter((s) => !errors.has(s.dir)).map((s) => s.name)) : new Set())}
          onToggleTool={(id) => setSelectedTools((s) => toggle(s, id))}
          onOpenSkill={props.onOpenSkill}
          onOpenError={props.onOpenDiagnostic}
        />
      ) : (
        <p className="muted" aria-busy={loading}>
          {loading ? "Reading the agent tools' folders…" : "The agent tools could not be read. Refresh to try again."}
        </p>
      )}
    </div>
  );
}

function AppliedSummary(props: { applied: InstallApplied; onDismiss: () => void }) {
  const changed = props.applied.steps.filter((s) => s.action !== "keep").length;
  return (
    <div className="notice agents-applied" role="status" data-testid="agents-applied">
      <p>
        <strong>{changed === 0 ? "Nothing needed changing." : `Done: ${plural(changed, "folder")} changed.`}</strong>
      </p>
      {props.applied.fellBack.length > 0 && (
        <ul className="small" data-testid="agents-fell-back">
          {props.applied.fellBack.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <div className="notice-actions">
        <button type="button" className="button small" onClick={props.onDismiss}>
          Dismiss
        </button>
      </div>
    </div>
  );
}

/** Folders in the tools that hold what the catalogue does not: each can be shown and taken in. */
function FromTools(props: {
  installed: Installed[];
  inCatalogue: Set<string>;
  tools: { id: string; name: string }[];
  busy: boolean;
  onTake: (skill: string, agent: string, ours: boolean) => void;
}) {
  const names = new Map(props.tools.map((t) => [t.id, t.name]));
  const shown = props.installed.slice(0, FROM_TOOLS_SHOWN);
  const more = props.installed.length - shown.length;
  return (
    <section className="from-tools" aria-label="In the tools' folders" data-testid="from-tools">
      <h2>Only in the tools' folders</h2>
      <p className="muted small">Copies edited there, and skills other installers put there. Show what differs, then take it into the catalogue if you want to keep it.</p>
      <ul>
        {shown.map((row) => {
          const agent = row.agents[0] ?? "";
          const adopt = row.state === "foreign" && !props.inCatalogue.has(row.skill);
          return (
            <li key={row.folder} className="from-tool" data-testid="from-tool" data-skill={row.skill} data-state={row.state}>
              <strong>{row.skill}</strong>
              <span className="muted small">
                {row.state === "changedThere" ? "edited" : "another installer's"} in <code>{row.folder}</code> ({row.agents.map((a) => names.get(a) ?? a).join(", ")})
              </span>
              <button type="button" className="button small" disabled={props.busy || agent === ""} onClick={() => props.onTake(row.skill, agent, row.state === "changedThere")} data-testid="from-tool-take">
                {row.state === "changedThere" ? "Show changes…" : adopt ? "Adopt…" : "Compare…"}
              </button>
            </li>
          );
        })}
      </ul>
      {more > 0 && <p className="muted small">and {formatCount(more)} more; the CLI's <code>skillhouse status</code> lists them all.</p>}
    </section>
  );
}
