// What the Agents view shows, worked out from the shell's answers: which installation fills each
// cell of the matrix, how a state reads, which tools share a folder, and what a plan does.
import type { AgentScope } from "../bindings/AgentScope";
import type { AgentToolRow } from "../bindings/AgentToolRow";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { InstallAction } from "../bindings/InstallAction";
import type { InstallConflictKind } from "../bindings/InstallConflictKind";
import type { InstallPlan } from "../bindings/InstallPlan";
import type { InstallState } from "../bindings/InstallState";
import type { InstallStep } from "../bindings/InstallStep";
import type { Installed } from "../bindings/Installed";
import { relativeDir } from "../model/skillForFile";

export const GLOBAL: AgentScope = { kind: "global" };

export function sameScope(a: AgentScope, b: AgentScope): boolean {
  return a.kind === "global" ? b.kind === "global" : b.kind === "project" && a.folder === b.folder;
}

/** Words for each state: the cell shows these beside its colour, never the colour alone. */
export const STATE_LABEL: Record<InstallState, string> = {
  current: "installed",
  outdated: "outdated",
  changedThere: "changed there",
  missing: "missing",
  blocked: "blocked",
  notInCatalogue: "not in catalogue",
  foreign: "another installer",
};

/** What each state means, for the cell's tooltip. */
export const STATE_ABOUT: Record<InstallState, string> = {
  current: "Up to date with the catalogue.",
  outdated: "An older version: Sync all brings it up to date.",
  changedThere: "The copy was edited in the tool's folder: take the edits into the catalogue, or replace the copy (the edited one is kept in .skillhouse-backup).",
  missing: "Recorded as installed, but the folder is gone: Sync all puts it back.",
  blocked: "The skill has an error now, so it is not updated until the error is fixed.",
  notInCatalogue: "Recorded from this catalogue, but the skill is no longer in it: Uninstall takes it out.",
  foreign: "Installed by another program (such as npx skills); Skillhouse leaves it alone unless you take it into the catalogue.",
};

export const ACTION_LABEL: Record<InstallAction, string> = {
  link: "link",
  copy: "copy",
  update: "update",
  remove: "remove",
  keep: "keep",
};

/** The conflicts Replace may install over: only Skillhouse's own copy, edited in the agent's folder.
 * A folder or file Skillhouse did not put there is never replaced (the core refuses it too). */
export function replaceable(kind: InstallConflictKind): boolean {
  return kind === "changedThere";
}

/** The conflicts whose folder can be taken into the catalogue: Skillhouse's edited copy, or a
 * skill folder another installer put there. */
export function takeable(kind: InstallConflictKind): boolean {
  return kind === "changedThere" || kind === "notOurs";
}

/** Installations whose folder holds something the catalogue does not: Skillhouse's copies edited
 * there, and other installers' folders (a link has nothing of its own to take). */
export function fromTools(installed: Installed[]): Installed[] {
  return installed.filter((i) => i.state === "changedThere" || (i.state === "foreign" && i.how === "copy"));
}

const cellKey = (skill: string, agent: string) => `${skill}\u0000${agent}`;

/** Every installation by skill and tool: a folder shared by several tools fills each of their cells. */
export type Cells = Map<string, Installed>;

export function cellsOf(installed: Installed[]): Cells {
  const cells: Cells = new Map();
  for (const item of installed) {
    for (const agent of item.agents) {
      const key = cellKey(item.skill, agent);
      // This catalogue's installation comes first in the list and is the one to show.
      if (!cells.has(key)) cells.set(key, item);
    }
  }
  return cells;
}

export function cellOf(cells: Cells, skill: string, agent: string): Installed | undefined {
  return cells.get(cellKey(skill, agent));
}

/** The tools as columns: the ones found on this computer first, the rest only when asked for. */
export function columnsOf(tools: AgentToolRow[], showAll: boolean): AgentToolRow[] {
  const found = tools.filter((t) => t.found);
  return showAll ? [...found, ...tools.filter((t) => !t.found)] : found;
}

/** For each tool whose folder other tools read too, the names of those others. */
export function sharedWith(tools: AgentToolRow[]): Map<string, string[]> {
  const byFolder = new Map<string, AgentToolRow[]>();
  for (const tool of tools) byFolder.set(tool.folder, [...(byFolder.get(tool.folder) ?? []), tool]);
  const shared = new Map<string, string[]>();
  for (const group of byFolder.values()) {
    if (group.length < 2) continue;
    for (const tool of group) shared.set(tool.id, group.filter((t) => t !== tool).map((t) => t.name));
  }
  return shared;
}

/** The first error of each skill that has one (by skill dir), found by walking up each file's folders. */
export function firstErrors(view: CatalogueView): Map<string, Diagnostic> {
  const byDir = new Map(view.skills.map((s) => [relativeDir(view.root, s.dir).replace(/\\/g, "/"), s.dir]));
  const first = new Map<string, Diagnostic>();
  for (const d of view.diagnostics) {
    if (d.severity !== "error") continue;
    const parts = relativeDir(view.root, d.file).replace(/\\/g, "/").split("/");
    for (let n = parts.length - 1; n > 0; n--) {
      const dir = byDir.get(parts.slice(0, n).join("/"));
      if (dir !== undefined) {
        if (!first.has(dir)) first.set(dir, d);
        break;
      }
    }
  }
  return first;
}

/** The plan's steps by the folder they write into (a tool's skills folder), in the plan's order. */
export function stepsByFolder(plan: InstallPlan): { folder: string; agents: string[]; steps: InstallStep[] }[] {
  const groups = new Map<string, { folder: string; agents: string[]; steps: InstallStep[] }>();
  for (const step of plan.steps) {
    const folder = parentOf(step.folder);
    const group = groups.get(folder) ?? { folder, agents: [], steps: [] };
    for (const a of step.agents) if (!group.agents.includes(a)) group.agents.push(a);
    group.steps.push(step);
    groups.set(folder, group);
  }
  return [...groups.values()];
}

/** Steps that write something (a plan of only `keep` steps has nothing to apply). */
export function changingSteps(plan: InstallPlan): number {
  return plan.steps.filter((s) => s.action !== "keep").length;
}

function parentOf(path: string): string {
  const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  return cut > 0 ? path.slice(0, cut) : path;
}
