import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import type { InvokeArgs } from "@tauri-apps/api/core";
import type { AgentsView as AgentsAnswer } from "../bindings/AgentsView";
import type { AppError } from "../bindings/AppError";
import type { InstallPlan } from "../bindings/InstallPlan";
import { AgentsView } from "./AgentsView";
import { InstalledIn } from "./InstalledIn";
import { InstallationsProvider } from "./InstallationsContext";
import { cellsOf, columnsOf, firstErrors, sharedWith, stepsByFolder } from "./agentsModel";
import { renderInApp } from "../test/render";
import { nameDiagnostic, row, view } from "../test/fixtures";

type Args = Record<string, unknown>;

function backend(handlers: Record<string, (args: Args) => unknown>) {
  const calls: [string, Args][] = [];
  mockIPC((cmd, payload?: InvokeArgs) => {
    const args = (payload ?? {}) as Args;
    calls.push([cmd, args]);
    const handler = handlers[cmd];
    if (handler) return handler(args);
    if (cmd.startsWith("plugin:event")) return 0;
    return null;
  });
  return calls;
}

const named = (calls: [string, Args][], cmd: string) => calls.filter(([c]) => c === cmd).map(([, a]) => a);

function agents(patch: Partial<AgentsAnswer> = {}): AgentsAnswer {
  return {
    scope: { kind: "global" },
    lock: "/home/me/.agents/.skill-lock.json",
    tools: [
      { id: "claude-code", name: "Claude Code", found: true, folder: "/home/me/.claude/skills", links: true, custom: false },
      { id: "cursor", name: "Cursor", found: true, folder: "/home/me/.cursor/skills", links: false, custom: false },
      { id: "codex", name: "Codex", found: false, folder: "/home/me/.agents/skills", links: true, custom: false },
      { id: "amp", name: "Amp", found: false, folder: "/home/me/.agents/skills", links: true, custom: false },
    ],
    installed: [
      { skill: "naming-skills", agents: ["claude-code"], folder: "/home/me/.claude/skills/naming-skills", how: "link", state: "current" },
      { skill: "summarising-incidents", agents: ["cursor"], folder: "/home/me/.cursor/skills/summarising-incidents", how: "copy", state: "changedThere" },
    ],
    ...patch,
  };
}

function installPlan(): InstallPlan {
  return {
    lock: "/home/me/.agents/.skill-lock.json",
    steps: [{ skill: "naming-skills", agents: ["cursor"], folder: "/home/me/.cursor/skills/naming-skills", action: "copy", how: "copy", portable: false, why: "Cursor does not load linked skills" }],
    conflicts: [
      {
        skill: "summarising-incidents",
        agents: ["cursor"],
        folder: "/home/me/.cursor/skills/summarising-incidents",
        kind: "changedThere",
        message: "the copy in `/home/me/.cursor/skills/summarising-incidents` was changed there; replace it, or leave it",
      },
    ],
    blocked: [],
  };
}

const stale: AppError = { code: "agents.plan-stale", message: "`/home/me/.cursor/skills` changed since the plan", details: null };

function cell(skill: string, agent: string): HTMLElement {
  const row = screen.getAllByTestId("agent-row").find((r) => r.dataset.skill === skill);
  if (!row) throw new Error(`no row for ${skill}`);
  const found = within(row).getAllByTestId("agent-cell").find((c) => c.dataset.agent === agent);
  if (!found) throw new Error(`no cell for ${skill} in ${agent}`);
  return found;
}

function checkSkill(skill: string): HTMLInputElement {
  const row = screen.getAllByTestId("agent-row").find((r) => r.dataset.skill === skill);
  if (!row) throw new Error(`no row for ${skill}`);
  return within(row).getByTestId("select-skill") as HTMLInputElement;
}

function renderView(onOpenSkill = vi.fn(), onOpenDiagnostic = vi.fn()) {
  renderInApp(<AgentsView view={view()} onOpenSkill={onOpenSkill} onOpenDiagnostic={onOpenDiagnostic} />);
  return { onOpenSkill, onOpenDiagnostic };
}

describe("the agents model", () => {
  it("fills a shared folder's cells for each tool, lists found tools first and names who shares a folder", () => {
    const answer = agents({ installed: [{ skill: "x", agents: ["codex", "amp"], folder: "/home/me/.agents/skills/x", how: "link", state: "outdated" }] });
    const cells = cellsOf(answer.installed);
    expect(cells.get("x\u0000codex")?.state).toBe("outdated");
    expect(cells.get("x\u0000amp")?.state).toBe("outdated");
    expect(columnsOf(answer.tools, false).map((t) => t.id)).toEqual(["claude-code", "cursor"]);
    expect(columnsOf(answer.tools, true).map((t) => t.id)).toEqual(["claude-code", "cursor", "codex", "amp"]);
    expect(sharedWith(answer.tools).get("codex")).toEqual(["Amp"]);
    expect(sharedWith(answer.tools).has("cursor")).toBe(false);
  });

  it("finds each skill's first error and groups a plan by folder", () => {
    expect(firstErrors(view()).get("pdf-tools")).toEqual(nameDiagnostic);
    expect(firstErrors(view()).has("naming-skills")).toBe(false);
    expect(stepsByFolder(installPlan()).map((g) => g.folder)).toEqual(["/home/me/.cursor/skills"]);
  });
});

describe("Agents view", () => {
  afterEach(() => clearMocks());

  it("shows each skill's state in each found tool, in words, and skills with errors as not installable", async () => {
    const user = userEvent.setup();
    const calls = backend({ agents_view: () => agents() });
    const { onOpenDiagnostic, onOpenSkill } = renderView();
    await screen.findByTestId("agents-matrix");
    expect(named(calls, "agents_view")[0]).toEqual({ scope: { kind: "global" } });

    const linked = cell("naming-skills", "claude-code");
    expect(linked.dataset.state).toBe("current");
    expect(linked.dataset.how).toBe("link");
    expect(linked.textContent).toContain("installed");
    const edited = cell("summarising-incidents", "cursor");
    expect(edited.textContent).toContain("changed there");
    expect(edited.dataset.how).toBe("copy");
    expect(cell("naming-skills", "cursor").dataset.state).toBe("none");
    // Tools not found here appear on request, with the folder they share named.
    expect(screen.getAllByTestId("agent-tool").map((t) => t.dataset.agent)).toEqual(["claude-code", "cursor"]);
    await user.click(screen.getByTestId("show-all-tools"));
    expect(screen.getAllByTestId("agent-tool").map((t) => t.dataset.agent)).toEqual(["claude-code", "cursor", "codex", "amp"]);
    expect(screen.getByTestId("shared-folder").textContent).toContain("Codex, Amp all read /home/me/.agents/skills");

    expect(checkSkill("PDF_Tools").disabled).toBe(true);
    await user.click(screen.getByTestId("skill-error"));
    expect(onOpenDiagnostic).toHaveBeenCalledWith(nameDiagnostic);
    await user.click(screen.getByRole("button", { name: "naming-skills" }));
    expect(onOpenSkill.mock.calls[0][0].dir).toBe("naming-skills");
  });

  it("plans installing the ticked skills into the ticked tool, shows the plan, applies it and reads the folders again", async () => {
    const user = userEvent.setup();
    let answered = agents();
    const calls = backend({
      agents_view: () => answered,
      plan_agents: () => installPlan(),
      apply_agents: () => {
        answered = agents({ installed: [...agents().installed, { skill: "naming-skills", agents: ["cursor"], folder: "/home/me/.cursor/skills/naming-skills", how: "copy", state: "current" }] });
        return { steps: installPlan().steps, fellBack: ["naming-skills: could not link, copied"] };
      },
    });
    renderView();
    await screen.findByTestId("agents-matrix");
    expect((screen.getByTestId("agents-install") as HTMLButtonElement).disabled).toBe(true);
    await user.click(checkSkill("naming-skills"));
    await user.click(checkSkill("summarising-incidents"));
    await user.click(screen.getByTestId("select-tool-cursor"));
    await user.click(screen.getByTestId("agents-install"));

    const plan = await screen.findByTestId("agents-plan");
    expect(named(calls, "plan_agents")).toEqual([
      { scope: { kind: "global" }, request: { kind: "install", skills: ["naming-skills", "summarising-incidents"], agents: ["cursor"], copy: false } },
    ]);
    const folder = within(plan).getByTestId("plan-folder");
    expect(folder.dataset.folder).toBe("/home/me/.cursor/skills");
    expect(within(folder).getByTestId("plan-step").textContent).toContain("Cursor does not load linked skills");
    expect(within(plan).getByTestId("plan-conflict").textContent).toContain("was changed there; replace it, or leave it");
    expect(named(calls, "apply_agents")).toHaveLength(0);

    await user.click(within(plan).getByTestId("plan-apply"));
    await waitFor(() => expect(screen.queryByTestId("agents-plan")).toBeNull());
    expect(named(calls, "apply_agents")).toEqual([{ scope: { kind: "global" } }]);
    const applyAt = calls.findIndex(([c]) => c === "apply_agents");
    expect(calls.slice(applyAt + 1).some(([c]) => c === "agents_view")).toBe(true);
    const summary = screen.getByTestId("agents-applied");
    expect(summary.textContent).toContain("1 folder changed");
    expect(summary.textContent).toContain("could not link, copied");
    await waitFor(() => expect(cell("naming-skills", "cursor").dataset.state).toBe("current"));
  });

  it("Replace on a copy changed there plans a replace of that skill in that tool", async () => {
    const user = userEvent.setup();
    const calls = backend({ agents_view: () => agents(), plan_agents: () => installPlan() });
    renderView();
    await screen.findByTestId("agents-matrix");
    await user.click(checkSkill("summarising-incidents"));
    await user.click(screen.getByTestId("select-tool-cursor"));
    await user.click(screen.getByTestId("agents-install"));
    await user.click(await screen.findByTestId("plan-replace"));
    await waitFor(() => expect(named(calls, "plan_agents")).toHaveLength(2));
    expect(named(calls, "plan_agents")[1]).toEqual({
      scope: { kind: "global" },
      request: { kind: "replace", skills: ["summarising-incidents"], agents: ["cursor"], copy: false },
    });
    expect(await screen.findByText(/^Replace summarising-incidents in/)).toBeTruthy();
  });

  it("offers Plan again when the folders changed after the plan, and plans the same request again", async () => {
    const user = userEvent.setup();
    const calls = backend({
      agents_view: () => agents(),
      plan_agents: () => installPlan(),
      apply_agents: () => Promise.reject(stale),
    });
    renderView();
    await screen.findByTestId("agents-matrix");
    await user.click(checkSkill("naming-skills"));
    await user.click(screen.getByTestId("select-tool-cursor"));
    await user.click(screen.getByTestId("agents-install"));
    await user.click(await screen.findByTestId("plan-apply"));

    expect(await screen.findByTestId("plan-stale")).toBeTruthy();
    expect(screen.queryByTestId("plan-apply")).toBeNull();
    const toast = await screen.findByTestId("error-toast");
    expect(toast.dataset.code).toBe("agents.plan-stale");
    expect(toast.textContent).toContain("changed since the plan");
    await user.click(screen.getByTestId("plan-again"));
    await waitFor(() => expect(named(calls, "plan_agents")).toHaveLength(2));
    expect(named(calls, "plan_agents")[1]).toEqual(named(calls, "plan_agents")[0]);
    expect(await screen.findByTestId("plan-apply")).toBeTruthy();
  });

  it("puts only the rows in view into the page for 10,000 skills, and Select all ticks every installable one", async () => {
    const user = userEvent.setup();
    const skills = Array.from({ length: 10_000 }, (_, i) => row(`skill-${String(i).padStart(5, "0")}`));
    const calls = backend({ agents_view: () => agents(), plan_agents: () => installPlan() });
    renderInApp(<AgentsView view={view({ skills, diagnostics: [] })} onOpenSkill={vi.fn()} onOpenDiagnostic={vi.fn()} />);
    await screen.findByTestId("agents-matrix");
    const shown = screen.getAllByTestId("agent-row").length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(100);
    await user.click(screen.getByTestId("select-all-skills"));
    await user.click(screen.getByTestId("select-tool-claude-code"));
    await user.click(screen.getByTestId("agents-install"));
    await waitFor(() => expect(named(calls, "plan_agents")).toHaveLength(1));
    const request = named(calls, "plan_agents")[0].request as { skills: string[] };
    expect(request.skills).toHaveLength(10_000);
  });

  it("plans in a project chosen with the folder dialog", async () => {
    const user = userEvent.setup();
    const calls = backend({
      agents_view: (a) => agents({ scope: a.scope as AgentsAnswer["scope"] }),
      "plugin:dialog|open": () => "/work/app",
    });
    renderView();
    await screen.findByTestId("agents-matrix");
    await user.click(screen.getByTestId("scope-project"));
    await waitFor(() => expect(named(calls, "agents_view").at(-1)).toEqual({ scope: { kind: "project", folder: "/work/app" } }));
    expect(screen.getByTestId("scope-folder").textContent).toBe("/work/app");
  });
});

describe("Installed in (the editor's line)", () => {
  afterEach(() => clearMocks());

  it("names the tools a skill is installed in for every project, with the state, from one agents_view", async () => {
    const calls = backend({ agents_view: () => agents() });
    renderInApp(
      <InstallationsProvider catalogue={view()}>
        <InstalledIn name="summarising-incidents" />
        <InstalledIn name="naming-skills" />
      </InstallationsProvider>,
    );
    const lines = await screen.findAllByTestId("installed-in");
    expect(lines.map((l) => l.textContent)).toEqual(["installed in Cursor (changed there)", "installed in Claude Code (installed)"]);
    expect(named(calls, "agents_view")).toEqual([{ scope: { kind: "global" } }]);
  });
});
