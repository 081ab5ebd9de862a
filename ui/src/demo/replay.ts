// The demo shown in a plain browser (no Tauri shell; see platform.ts). It replays what the real
// core answered for the sample catalogue, recorded by crates/skillhouse-core/tests/demo_answers.rs
// (`UPDATE_DEMO=1` rewrites answers.json), so it cannot show anything the app would not. There is
// no file system behind it: every command that would change or read files is refused.

import type { AgentScope } from "../bindings/AgentScope";
import type { AgentsView } from "../bindings/AgentsView";
import type { AppError } from "../bindings/AppError";
import type { CardReview } from "../bindings/CardReview";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { ExportPreview } from "../bindings/ExportPreview";
import type { ExportRequest } from "../bindings/ExportRequest";
import type { SearchResult } from "../bindings/SearchResult";
import type { ServeView } from "../bindings/ServeView";
import type { SkillDetail } from "../bindings/SkillDetail";
import type { ErrorCode } from "../bindings/ErrorCode";
import type { CommandName, Commands } from "../platform";
import recorded from "./answers.json";

type Answers = {
  open_catalogue: CatalogueView;
  get_skill: Record<string, SkillDetail>;
  search: Record<string, SearchResult>;
  agent_cards: CardReview[];
  card_text: Record<string, Record<string, string>>;
  preview_export: { request: ExportRequest; preview: ExportPreview };
  recent_catalogues: string[];
  /** For every project, on a made-up computer (home `/home/you`, no tool installed). */
  agents_view: AgentsView;
  serve_view: ServeView;
};

// The JSON's inferred literal types are narrower than the bindings in places (strings for unions).
const answers = recorded as unknown as Answers;

/** Where the demo says the sample catalogue is (what the folder picker "chooses"). */
export const demoRoot = answers.open_catalogue.root;

function fail(code: ErrorCode, message: string): never {
  const error: AppError = { code, message, details: null };
  throw error;
}

function readOnly(what: string): never {
  return fail("demo.read-only", `${what} needs the desktop app: this demo in a browser replays answers recorded from the sample catalogue and cannot change or read files`);
}

const refuse = (what: string) => (): never => readOnly(what);

function skill(dir: string): SkillDetail {
  const found = answers.get_skill[dir];
  // The real backend's code and message, so the editor reacts as it would.
  if (!found) return fail("skill.not-found", `there is no skill in \`${dir}\` any more; it may have been moved or deleted outside the app`);
  return found;
}

function search(query: string, limit: number): SearchResult {
  const hit = answers.search[query.trim().toLowerCase()];
  if (hit) return hit;
  // Not recorded: the rows whose name, description or tags hold every word, without snippets.
  const view = answers.open_catalogue;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const rows = view.skills
    .flatMap((r, i) => (words.every((w) => `${r.name} ${r.description} ${r.tags.join(" ")}`.toLowerCase().includes(w)) ? [i] : []))
    .slice(0, limit);
  return { revision: view.revision, rows, snippets: [] };
}

function previewExport(request: ExportRequest): ExportPreview {
  const { request: asked, preview } = answers.preview_export;
  const [mine, theirs] = [request.options, asked.options];
  const recordedChoices =
    request.targets.length > 0 &&
    request.packaging === asked.packaging &&
    request.destination.trim() === asked.destination &&
    mine.includeUnapproved === theirs.includeUnapproved &&
    mine.denyWarnings === theirs.denyWarnings &&
    mine.portable === theirs.portable &&
    !mine.baseUrl &&
    !mine.time &&
    !mine.locale;
  if (!recordedChoices) return readOnly(`Previewing other choices than the default ones (${asked.packaging} into ${asked.destination}, no options)`);
  // Each format is computed on its own, so any subset of the recorded outputs is what Rust would answer.
  return { destination: preview.destination, outputs: request.targets.flatMap((t) => preview.outputs.filter((o) => o.target === t)) };
}

function agentsView(scope: AgentScope): AgentsView {
  if (scope.kind !== "global") return readOnly(`Looking into the project \`${scope.folder}\``);
  return answers.agents_view;
}

type Handlers = { [K in CommandName]: (args: Commands[K]["args"]) => Commands[K]["result"] };

const handlers: Handlers = {
  open_catalogue: ({ path }) => (path === null || path === demoRoot ? answers.open_catalogue : readOnly(`Opening \`${path}\``)),
  search: ({ query, limit }) => search(query, limit),
  get_skill: ({ dir }) => skill(dir),
  // Only the recorded text has a recorded check; an edited draft keeps its last check on screen.
  check_draft: ({ dir, text }) => (text === skill(dir).text ? skill(dir).check : readOnly("Checking an edited draft")),
  set_field: refuse("Editing a field"),
  save_skill: refuse("Saving"),
  create_skill: refuse("Creating a skill"),
  rename_skill: refuse("Renaming a skill"),
  delete_skill: refuse("Deleting a skill"),
  recent_catalogues: () => answers.recent_catalogues,
  // No build behind a page in a browser; no CLI either.
  about: () => ({ version: "browser demo", commit: "unknown" }),
  cancel_open: () => null,
  agent_cards: () => answers.agent_cards,
  card_text: ({ agent, dialect }) =>
    answers.card_text[agent]?.[dialect] ?? fail("card.unknown-agent", `there is no agent \`${agent}\` in this catalogue`),
  approve_card: refuse("Approving a card"),
  set_card_default_tags: refuse("Setting default tags"),
  start_card_server: refuse("Serving the cards"),
  stop_card_server: () => null,
  card_server_status: () => null,
  preview_export: ({ request }) => previewExport(request),
  run_export: refuse("Exporting"),
  reveal_export: refuse("Showing an export"),
  preview_import: refuse("Importing a bundle"),
  apply_import: refuse("Importing a bundle"),
  agents_view: ({ scope }) => agentsView(scope),
  plan_agents: refuse("Installing skills into agent tools"),
  apply_agents: refuse("Installing skills into agent tools"),
  plan_take: refuse("Taking a skill into the catalogue"),
  apply_take: refuse("Taking a skill into the catalogue"),
  serve_view: () => answers.serve_view,
  // The sample catalogue has no translations, and the demo no git history.
  translation_freshness: () => ({ states: [], checkOff: "the browser demo has no git history to compare translations with" }),
  start_mcp_http: refuse("Serving the catalogue over MCP"),
  stop_mcp_http: () => answers.serve_view,
};

export async function answer<K extends CommandName>(command: K, args: Commands[K]["args"]): Promise<Commands[K]["result"]> {
  const handler = handlers[command] as (a: Commands[K]["args"]) => Commands[K]["result"];
  // A fresh copy, as over IPC: a screen that sorts an answer in place cannot change the next one.
  return structuredClone(handler(args));
}
