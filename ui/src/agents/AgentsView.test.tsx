import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { emit } from "@tauri-apps/api/event";
import type { InvokeArgs } from "@tauri-apps/api/core";
import type { AgentsView as AgentsAnswer } from "../bindings/AgentsView";
import type { AppError } from "../bindings/AppError";
import type { InstallPlan } from "../bindings/InstallPlan";
import type { TakePlan } from "../bindings/TakePlan";
import { AgentsView } from "./AgentsView";
import { InstalledIn } from "./InstalledIn";
import { InstallationsProvider } from "./InstallationsContext";
import { cellsOf, columnsOf, firstErrors, fromTools, sharedWith, stepsByFolder } from "./agentsModel";
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

function renderView(onOpenSkill = vi.fn(), onOpenDiagnostic = vi.fn(), onCatalogueChanged = vi.fn()) {
  renderInApp(<AgentsView view={view()} onOpenSkill={onOpenSkill} onOpenDiagnostic={onOpenDiagnostic} onCatalogueChanged={onCatalogueChanged} />);
  return { onOpenSkill, onOpenDiagnostic, onCatalogueChanged };
}

function takePlan(patch: Partial<TakePlan> = {}): TakePlan {
  return {
    skill: "summarising-incidents",
    kind: "changes",
    folder: "/home/me/.cursor/skills/summarising-incidents",
    into: "summarising-incidents",
    files: [
      {
        path: "SKILL.md",
        kind: "changed",
        diff: "--- catalogue/SKILL.md\n+++ agent/SKILL.md\n@@ -1,2 +1,3 @@\n # Summarising\n-Old line.\n+Edited in Cursor.\n",
      },
      { path: "assets/logo.png", kind: "added" },
    ],
    records: true,
    lock: "/home/me/.agents/.skill-lock.json",
    ...patch,
  };
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
    expect(screen.getByTestId("agents-add-tool").textContent).toContain("agents: in the catalogue's skillhouse.yaml");
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

  it("shows Rust's progress events as a bar while the plan is applied, and no bar after", async () => {
    const user = userEvent.setup();
    let finish: (value: unknown) => void = () => undefined;
    mockIPC(
      (cmd) => {
        if (cmd === "agents_view") return agents();
        if (cmd === "plan_agents") return installPlan();
        if (cmd === "apply_agents") return new Promise((resolve) => (finish = resolve));
        return null;
      },
      { shouldMockEvents: true },
    );
    renderView();
    await screen.findByTestId("agents-matrix");
    await user.click(checkSkill("naming-skills"));
    await user.click(screen.getByTestId("select-tool-cursor"));
    await user.click(screen.getByTestId("agents-install"));
    expect(screen.queryByTestId("apply-progress")).toBeNull();
    await user.click(await screen.findByTestId("plan-apply"));
    const bar = await screen.findByRole("progressbar", { name: "Applying the plan" });
    expect(bar.getAttribute("aria-valuenow")).toBe("0");
    expect(bar.getAttribute("aria-valuemax")).toBe("1");
    await emit("install-progress", { done: 3, total: 4, skill: "naming-skills" });
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("3"));
    expect(bar.getAttribute("aria-valuemax")).toBe("4");
    expect(screen.getByTestId("apply-progress").textContent).toContain("3 of 4 steps done");
    expect((bar.firstElementChild as HTMLElement).style.width).toBe("75%");
    finish({ steps: installPlan().steps, fellBack: [] });
    await screen.findByTestId("agents-applied");
    expect(screen.queryByTestId("apply-progress")).toBeNull();
    // A late event of that apply brings no bar back.
    await emit("install-progress", { done: 4, total: 4, skill: "naming-skills" });
    expect(screen.queryByTestId("apply-progress")).toBeNull();
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
    renderInApp(<AgentsView view={view({ skills, diagnostics: [] })} onOpenSkill={vi.fn()} onOpenDiagnostic={vi.fn()} onCatalogueChanged={vi.fn()} />);
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

describe("taking a tool's folder into the catalogue", () => {
  afterEach(() => clearMocks());

  it("lists edited copies and other installers' copies, not their links", () => {
    const listed = fromTools([
      { skill: "a", agents: ["cursor"], folder: "/f/a", how: "copy", state: "changedThere" },
      { skill: "b", agents: ["cursor"], folder: "/f/b", how: "copy", state: "foreign" },
      { skill: "c", agents: ["cursor"], folder: "/f/c", how: "link", state: "foreign" },
      { skill: "d", agents: ["cursor"], folder: "/f/d", how: "copy", state: "current" },
    ]);
    expect(listed.map((i) => i.skill)).toEqual(["a", "b"]);
  });

  it("shows an edited copy's diff, takes it, and hands the re-read catalogue on", async () => {
    const user = userEvent.setup();
    const after = view({ skills: [row("summarising-incidents"), row("taken-marker")] });
    const calls = backend({
      agents_view: () => agents(),
      plan_take: () => takePlan(),
      apply_take: () => ({ applied: { into: "summarising-incidents", written: ["summarising-incidents/SKILL.md", "summarising-incidents/assets/logo.png"], removed: [], recorded: true }, view: after }),
    });
    const { onCatalogueChanged } = renderView();
    const item = (await screen.findAllByTestId("from-tool")).find((li) => li.dataset.skill === "summarising-incidents");
    if (!item) throw new Error("the edited copy is not listed");
    await user.click(within(item).getByTestId("from-tool-take"));
    expect(named(calls, "plan_take")).toEqual([{ scope: { kind: "global" }, skill: "summarising-incidents", agent: "cursor" }]);
    const panel = await screen.findByTestId("take-plan");
    const files = within(panel).getAllByTestId("take-file");
    expect(files.map((f) => [f.dataset.path, f.dataset.kind])).toEqual([["SKILL.md", "changed"], ["assets/logo.png", "added"]]);
    const diff = within(files[0] as HTMLElement).getByTestId("take-diff");
    expect(diff.textContent).toContain("+Edited in Cursor.");
    expect(diff.querySelector(".diff-add")?.textContent).toContain("Edited in Cursor.");
    expect(diff.querySelector(".diff-remove")?.textContent).toContain("Old line.");
    expect(within(files[1] as HTMLElement).queryByTestId("take-diff")).toBeNull();
    expect(named(calls, "apply_take")).toHaveLength(0);
    await user.click(within(panel).getByTestId("take-apply"));
    await waitFor(() => expect(onCatalogueChanged).toHaveBeenCalledWith(after));
    expect(named(calls, "apply_take")).toEqual([{ scope: { kind: "global" } }]);
    expect((await screen.findByTestId("take-done")).textContent).toContain("2 files written");
    expect(screen.queryByTestId("take-plan")).toBeNull();
  });

  it("says why a take is refused and offers nothing to apply", async () => {
    const user = userEvent.setup();
    backend({ agents_view: () => agents(), plan_take: () => takePlan({ refused: "the catalogue's skill changed too since this copy was made" }) });
    renderView();
    await user.click((await screen.findAllByTestId("from-tool-take"))[0] as HTMLElement);
    expect((await screen.findByTestId("take-refused")).textContent).toContain("changed too");
    expect((screen.getByTestId("take-apply") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryAllByTestId("take-file")).toHaveLength(0);
  });

  it("offers to replace Skillhouse's edited copy with the catalogue's instead, as a replace plan", async () => {
    const user = userEvent.setup();
    const calls = backend({ agents_view: () => agents(), plan_take: () => takePlan(), plan_agents: () => installPlan() });
    renderView();
    await user.click((await screen.findAllByTestId("from-tool-take"))[0] as HTMLElement);
    await user.click(await screen.findByTestId("take-replace"));
    await waitFor(() => expect(named(calls, "plan_agents")).toHaveLength(1));
    expect(named(calls, "plan_agents")[0]?.request).toEqual({ kind: "replace", skills: ["summarising-incidents"], agents: ["cursor"], copy: false });
    expect(screen.queryByTestId("take-plan")).toBeNull();
  });

  it("offers to take an edited copy from the plan's conflicts, and shows Show again when it went stale", async () => {
    const user = userEvent.setup();
    const calls = backend({
      agents_view: () => agents(),
      plan_agents: () => installPlan(),
      plan_take: () => takePlan(),
      apply_take: () => {
        throw stale;
      },
    });
    renderView();
    await screen.findByTestId("agents-matrix");
    await user.click(checkSkill("summarising-incidents"));
    await user.click(screen.getByTestId("select-tool-cursor"));
    await user.click(screen.getByTestId("agents-install"));
    await user.click(await screen.findByTestId("plan-take"));
    await waitFor(() => expect(named(calls, "plan_take")).toHaveLength(1));
    expect(screen.queryByTestId("agents-plan")).toBeNull();
    await user.click(await screen.findByTestId("take-apply"));
    expect(await screen.findByTestId("take-stale")).toBeTruthy();
    await user.click(screen.getByTestId("take-again"));
    await waitFor(() => expect(named(calls, "plan_take")).toHaveLength(2));
  });

  it("names another installer's folder of a new name as one to adopt, and offers no replace for it", async () => {
    const installed = [{ skill: "from-npx", agents: ["claude-code"], folder: "/home/me/.claude/skills/from-npx", how: "copy" as const, state: "foreign" as const }];
    backend({ agents_view: () => agents({ installed }), plan_take: () => takePlan({ skill: "from-npx", kind: "adopt", into: "from-npx" }) });
    renderView();
    const item = await screen.findByTestId("from-tool");
    expect(within(item).getByTestId("from-tool-take").textContent).toBe("Adopt…");
    await userEvent.setup().click(within(item).getByTestId("from-tool-take"));
    await screen.findByTestId("take-plan");
    expect(screen.queryByTestId("take-replace")).toBeNull();
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
