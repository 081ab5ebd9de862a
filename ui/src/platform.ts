// The one module that talks to the Rust shell. Every other module calls the typed functions
// below and never imports `@tauri-apps/*` (ESLint's no-restricted-imports and platform.test.ts enforce this).
//
// Each function either resolves with the value described in docs/ipc.md or rejects with an
// `AppError` ({ code, message, details }), whatever shape the rejection had on the way in.
//
// Outside Tauri (a plain browser, e.g. `vite preview`), there is no `window.__TAURI_INTERNALS__`:
// the calls are then answered by replaying answers recorded from the sample catalogue
// (demo/replay.ts, loaded on demand), so that the screens can be looked at without the desktop shell.

import { invoke } from "@tauri-apps/api/core";
import { listen } from "@tauri-apps/api/event";
import { open } from "@tauri-apps/plugin-dialog";
import type { About } from "./bindings/About";
import type { AppError } from "./bindings/AppError";
import type { CardReview } from "./bindings/CardReview";
import type { Dialect } from "./bindings/Dialect";
import type { ServerInfo } from "./bindings/ServerInfo";
import type { CatalogueView } from "./bindings/CatalogueView";
import type { DraftCheck } from "./bindings/DraftCheck";
import type { Commands } from "./bindings/Commands";
import type { ServeView } from "./bindings/ServeView";
import type { FreshnessView } from "./bindings/FreshnessView";
import type { FieldValue } from "./bindings/FieldValue";
import { ERROR_CODES } from "./bindings/errorCodes";
import type { IndexProgress } from "./bindings/IndexProgress";
import type { SaveResult } from "./bindings/SaveResult";
import type { SearchResult } from "./bindings/SearchResult";
import type { SkillDetail } from "./bindings/SkillDetail";
import type { ExportRequest } from "./bindings/ExportRequest";
import type { ExportPreview } from "./bindings/ExportPreview";
import type { ExportDone } from "./bindings/ExportDone";
import type { ExportProgress } from "./bindings/ExportProgress";
import type { InstallProgress } from "./bindings/InstallProgress";
import type { ImportPlan } from "./bindings/ImportPlan";
import type { Imported } from "./bindings/Imported";
import type { AgentScope } from "./bindings/AgentScope";
import type { AgentsRequest } from "./bindings/AgentsRequest";
import type { AgentsView } from "./bindings/AgentsView";
import type { InstallApplied } from "./bindings/InstallApplied";
import type { InstallPlan } from "./bindings/InstallPlan";
import type { TakePlan } from "./bindings/TakePlan";
import type { Taken } from "./bindings/Taken";

// The commands and error codes are generated from the Rust declarations (src-tauri/tests/ipc_surface.rs).
export type { Commands } from "./bindings/Commands";
export type { FieldValue } from "./bindings/FieldValue";

export type CommandName = keyof Commands;


/** True when the app runs in a plain browser and answers from the demo catalogue. */
export function isDemo(): boolean {
  return typeof window === "undefined" || !("__TAURI_INTERNALS__" in window);
}

export function isAppError(value: unknown): value is AppError {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.code === "string" &&
    (ERROR_CODES as readonly string[]).includes(v.code) &&
    typeof v.message === "string" &&
    "details" in v
  );
}

/** Whatever a command rejected with, as an `AppError`. */
export function toAppError(reason: unknown): AppError {
  if (isAppError(reason)) return reason;
  if (typeof reason === "object" && reason !== null) {
    const r = reason as Record<string, unknown>;
    const message =
      typeof r.message === "string" && r.message !== "" ? r.message : "An unexpected error happened.";
    const details = "details" in r ? r.details : null;
    // A code we do not know (a newer Rust side): keep the message, treat it as internal.
    return { code: "internal", message, details: details ?? null };
  }
  if (typeof reason === "string") {
    // Tauri rejects with a plain string when a command is missing or its arguments do not fit.
    const trimmed = reason.trim();
    if (trimmed.startsWith("{")) {
      try {
        return toAppError(JSON.parse(trimmed));
      } catch {
        // not JSON: fall through
      }
    }
    return { code: "internal", message: trimmed || "An unexpected error happened.", details: null };
  }
  return { code: "internal", message: "An unexpected error happened.", details: null };
}

async function call<K extends CommandName>(
  command: K,
  args: Commands[K]["args"],
): Promise<Commands[K]["result"]> {
  try {
    if (isDemo()) {
      const demo = await import("./demo/replay");
      return await demo.answer(command, args);
    }
    return await invoke<Commands[K]["result"]>(command, args);
  } catch (reason) {
    throw toAppError(reason);
  }
}

/** Opens (and indexes) a catalogue; `null` reopens the last one, or the sample catalogue. */
export function openCatalogue(path: string | null): Promise<CatalogueView> {
  return call("open_catalogue", { path });
}

/** The matching skills as positions in the view's list, best first, with snippets for some (see `SearchResult`). */
export function search(query: string, limit: number): Promise<SearchResult> {
  return call("search", { query, limit });
}

export function getSkill(dir: string): Promise<SkillDetail> {
  return call("get_skill", { dir });
}

/** Checks an unsaved SKILL.md (the whole text) as if it were saved in `dir`. */
export function checkDraft(dir: string, text: string): Promise<DraftCheck> {
  return call("check_draft", { dir, text });
}

/** Sets (or removes, with `null`) one frontmatter field; only that node of the text changes. */
export function setField(text: string, pointer: string, value: FieldValue | null): Promise<string> {
  return call("set_field", { text, pointer, value });
}

export function saveSkill(dir: string, text: string, baseSha256: string): Promise<SaveResult> {
  return call("save_skill", { dir, text, baseSha256 });
}

export function createSkill(name: string): Promise<SkillDetail> {
  return call("create_skill", { name });
}

/** Renames a skill: its `name` field and its folder together. */
export function renameSkill(dir: string, newName: string): Promise<CatalogueView> {
  return call("rename_skill", { dir, newName });
}

/** Moves a skill's folder to the system trash. */
export function deleteSkill(dir: string): Promise<CatalogueView> {
  return call("delete_skill", { dir });
}

/** Asks Rust to stop opening a catalogue; the one open before stays open. */
export async function cancelOpen(): Promise<void> {
  if (isDemo()) return;
  await call("cancel_open", {});
}

/** Progress of opening a catalogue (phase, done, total), throttled by Rust. */
export function onIndexProgress(handler: (progress: IndexProgress) => void): Promise<() => void> {
  return subscribe("index-progress", handler);
}

/** The app's version and commit, and the `skillhouse` CLI it runs. */
export function about(): Promise<About> {
  return call("about", {});
}

export function recentCatalogues(): Promise<string[]> {
  return call("recent_catalogues", {});
}

/** Asks for a folder with the system's dialog; `null` when the person cancels. */
export async function pickFolder(title = "Open a skills catalogue"): Promise<string | null> {
  try {
    if (isDemo()) {
      const demo = await import("./demo/replay");
      return demo.demoRoot;
    }
    const chosen = await open({ directory: true, multiple: false, title });
    return typeof chosen === "string" ? chosen : null;
  } catch (reason) {
    throw toAppError(reason);
  }
}

/** Asks for a bundle archive (.tar.gz, .tgz or .zip) with the system's dialog; `null` on cancel. */
export async function pickBundleFile(): Promise<string | null> {
  try {
    if (isDemo()) return null;
    const chosen = await open({
      directory: false,
      multiple: false,
      title: "Import a Skillhouse bundle",
      filters: [{ name: "Skillhouse bundle", extensions: ["gz", "tgz", "zip"] }],
    });
    return typeof chosen === "string" ? chosen : null;
  } catch (reason) {
    throw toAppError(reason);
  }
}

/** What each chosen format would write, compared with the previous export at the destination. */
export function previewExport(request: ExportRequest): Promise<ExportPreview> {
  return call("preview_export", { request });
}

/** Writes the chosen formats; progress arrives through `onExportProgress`. */
export function runExport(request: ExportRequest): Promise<ExportDone> {
  return call("run_export", { request });
}

/** Shows an output of this session's exports in the system's file manager. */
export async function revealExport(path: string): Promise<void> {
  await call("reveal_export", { path });
}

/** Progress of applying an install plan (steps carried out), throttled by Rust. */
export function onInstallProgress(handler: (progress: InstallProgress) => void): Promise<() => void> {
  return subscribe("install-progress", handler);
}

/** Progress of writing an export (files written over all formats), throttled by Rust. */
export function onExportProgress(handler: (progress: ExportProgress) => void): Promise<() => void> {
  return subscribe("export-progress", handler);
}

/** A dry run of importing a bundle into the open catalogue. */
export function previewImport(bundle: string): Promise<ImportPlan> {
  return call("preview_import", { bundle });
}

/** Imports the bundle exactly as last previewed; resolves with what changed and the new catalogue. */
export function applyImport(bundle: string): Promise<Imported> {
  return call("apply_import", { bundle });
}

/** Every agent's A2A card with its review: findings, sources, approval status and changes. */
export function agentCards(): Promise<CardReview[]> {
  return call("agent_cards", {});
}

/** One agent's card as the exact JSON text of a dialect (what `skillhouse card` prints). */
export function cardText(agent: string, dialect: Dialect): Promise<string> {
  return call("card_text", { agent, dialect });
}

/** Records approval of the agent's current card (refused with `card.has-errors` while it has errors). */
export function approveCard(agent: string): Promise<CardReview> {
  return call("approve_card", { agent });
}

/** Sets `cards.skill_defaults.tags` in skillhouse.yaml (a lossless edit); resolves with every card's new review. */
export function setCardDefaultTags(tags: string[]): Promise<CardReview[]> {
  return call("set_card_default_tags", { tags });
}

/** Serves the cards on 127.0.0.1 (`port` 0: any free port); `agent` is served at the root paths. */
export function startCardServer(port: number, agent: string | null, dialect: Dialect): Promise<ServerInfo> {
  return call("start_card_server", { port, agent, dialect });
}

/** Stops the card server; resolves with what was running, or null. */
export function stopCardServer(): Promise<ServerInfo | null> {
  return call("stop_card_server", {});
}

export function cardServerStatus(): Promise<ServerInfo | null> {
  return call("card_server_status", {});
}

/** The agent tools on this computer with the folder each reads in `scope`, and every installation there. */
/** Whether each translation is outdated against its source (git), with the source's diff since. */
export function translationFreshness(): Promise<FreshnessView> {
  return call("translation_freshness", {});
}

/** What `skillhouse mcp` serves of the open catalogue, each client's snippet, the HTTP server. */
export function serveView(): Promise<ServeView> {
  return call("serve_view", {});
}

/** Starts `skillhouse mcp --http` on 127.0.0.1 (port 0: any free one). */
export function startMcpHttp(port: number): Promise<ServeView> {
  return call("start_mcp_http", { port });
}

export function stopMcpHttp(): Promise<ServeView> {
  return call("stop_mcp_http", {});
}

export function agentsView(scope: AgentScope): Promise<AgentsView> {
  return call("agents_view", { scope });
}

/** A dry run of installing, replacing, uninstalling or syncing in `scope`; the shell keeps it for `applyAgents`. */
export function planAgents(scope: AgentScope, request: AgentsRequest): Promise<InstallPlan> {
  return call("plan_agents", { scope, request });
}

/** Carries out the plan last made for `scope`, once (`agents.plan-stale` when a folder changed since). */
export function applyAgents(scope: AgentScope): Promise<InstallApplied> {
  return call("apply_agents", { scope });
}

/** A dry run of taking `skill` from `agent`'s folder in `scope` into the catalogue; the shell keeps it for `applyTake`. */
export function planTake(scope: AgentScope, skill: string, agent: string): Promise<TakePlan> {
  return call("plan_take", { scope, skill, agent });
}

/** Carries out the take plan last made for `scope`, once, and returns the catalogue re-read. */
export function applyTake(scope: AgentScope): Promise<Taken> {
  return call("apply_take", { scope });
}

/** Calls `handler` whenever files change outside the app; resolves to an unsubscribe function. */
export function onCatalogueChanged(handler: (view: CatalogueView) => void): Promise<() => void> {
  return subscribe("catalogue-changed", handler);
}

/** Listens to one of Rust's events; resolves with the function that stops listening. */
async function subscribe<T>(event: string, handler: (payload: T) => void): Promise<() => void> {
  if (isDemo()) return () => undefined;
  try {
    const stop = await listen<T>(event, (e) => handler(e.payload));
    return () => {
      // Unsubscribing happens while the page goes away; a failure then changes nothing.
      try {
        const done: unknown = stop();
        if (done instanceof Promise) done.catch(() => undefined);
      } catch {
        // ignored, as above
      }
    };
  } catch (reason) {
    throw toAppError(reason);
  }
}
