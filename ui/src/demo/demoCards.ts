// The Agent Cards commands of the in-browser demo (see demoBackend.ts): a card per demo agent,
// built from the skills' frontmatter like the Rust side does, with a few of its review checks.
// `release-manager` has one warning (an example that reads like another skill), and
// `support-triager` has an error (no authentication on a public card).

import type { AppError } from "../bindings/AppError";
import type { Approval } from "../bindings/Approval";
import type { CardReview } from "../bindings/CardReview";
import type { Change } from "../bindings/Change";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { Dialect } from "../bindings/Dialect";
import type { ServerInfo } from "../bindings/ServerInfo";
import type { ValueSource } from "../bindings/ValueSource";
import { demoAgents } from "./demoFiles";

/** What the cards need of a skill: its frontmatter as read, its text (for lines), its file. */
export type CardSkillSource = { file: string; text: string; frontmatter: Record<string, unknown> | null };

type Json = Record<string, unknown>;

// Examples the demo skills do not carry in their metadata, so that the cards have some.
const EXAMPLES: Record<string, string[]> = {
  "reviewing-agent-cards": ["Review agent-card.json before we deploy the support agent", "Why does the inspector reject our card's security section?"],
  // The first example reads like reviewing-agent-cards: the demo's one warning.
  "writing-commit-messages": ["Review the agent card before the release", "Write a commit message for what I staged"],
  "naming-skills": ["Is pdf_tools a valid skill name?", "Suggest a name for a skill that drafts release notes"],
  "summarising-incidents": ["Summarise last night's outage for the on-call team"],
};

const SETTINGS_FILE = "skillhouse.yaml";

const approvals = new Map<string, { approval: Approval; card: Json }>();
let server: ServerInfo | null = null;

function fail(code: AppError["code"], message: string): never {
  const error: AppError = { code, message, details: null };
  throw error;
}

function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0").repeat(8);
}

function lineOf(text: string, pattern: RegExp): number {
  const index = text.split("\n").findIndex((l) => pattern.test(l));
  return index < 0 ? 1 : index + 1;
}

function listOf(value: unknown, separator: string): string[] {
  return typeof value === "string" ? value.split(separator).map((s) => s.trim()).filter(Boolean) : [];
}

function build(agentIndex: number, skillOf: (dir: string) => CardSkillSource | null) {
  const agent = demoAgents[agentIndex];
  if (!agent) return fail("card.unknown-agent", "no such agent");
  const secured = agent.name !== "support-triager";
  const sources: ValueSource[] = [
    { pointer: "/name", source: "agent", file: agent.file, line: 2 },
    { pointer: "/description", source: "agent", file: agent.file, line: 3 },
    { pointer: "/version", source: "card-settings", file: SETTINGS_FILE, line: 34 },
    { pointer: "/provider", source: "provider", file: SETTINGS_FILE, line: 30 },
    { pointer: "/supportedInterfaces", source: "card-settings", file: SETTINGS_FILE, line: 37 },
    { pointer: "/capabilities", source: "card-settings", file: SETTINGS_FILE, line: 39 },
    { pointer: "/defaultInputModes", source: "card-settings", file: SETTINGS_FILE, line: 40 },
    { pointer: "/defaultOutputModes", source: "card-settings", file: SETTINGS_FILE, line: 41 },
    { pointer: "/documentationUrl", source: "card-settings", file: SETTINGS_FILE, line: 42 },
  ];
  if (secured) {
    sources.push(
      { pointer: "/securitySchemes", source: "card-settings", file: SETTINGS_FILE, line: 43 },
      { pointer: "/securityRequirements", source: "card-settings", file: SETTINGS_FILE, line: 45 },
    );
  }
  const diagnostics: Diagnostic[] = [];
  const skills: Json[] = [];
  for (const dir of agent.skills) {
    const skill = skillOf(dir);
    if (!skill) continue;
    const fm = skill.frontmatter ?? {};
    const metadata = (typeof fm.metadata === "object" && fm.metadata !== null ? fm.metadata : {}) as Json;
    const at = `/skills/${skills.length}`;
    const name = typeof fm.name === "string" ? fm.name : dir;
    const tags = listOf(metadata.tags, ",");
    const ownExamples = listOf(metadata.examples, "|");
    const examples = ownExamples.length > 0 ? ownExamples : (EXAMPLES[dir] ?? []);
    const entry: Json = { id: name, name, description: typeof fm.description === "string" ? fm.description : "", tags };
    if (examples.length > 0) entry.examples = examples;
    sources.push(
      { pointer: `${at}/id`, source: "skill-frontmatter", file: skill.file, line: lineOf(skill.text, /^name:/) },
      { pointer: `${at}/description`, source: "skill-frontmatter", file: skill.file, line: lineOf(skill.text, /^description:/) },
    );
    if (tags.length > 0) {
      sources.push({ pointer: `${at}/tags`, source: "skill-metadata", file: skill.file, line: lineOf(skill.text, /^\s+tags:/) });
    } else {
      diagnostics.push({
        code: "card.skill-no-tags",
        severity: "error",
        message: `skill \`${name}\` has no tags; A2A requires at least one tag per skill`,
        file: skill.file,
        line: lineOf(skill.text, /^metadata:/),
        column: 1,
        pointer: `${at}/tags`,
        hint: 'add `tags: "word, word"` under the skill\'s `metadata`',
      });
    }
    if (examples.length > 0) {
      sources.push(
        ownExamples.length > 0
          ? { pointer: `${at}/examples`, source: "skill-metadata", file: skill.file, line: lineOf(skill.text, /^\s+examples:/) }
          : { pointer: `${at}/examples`, source: "sidecar", file: `${dir}/agents/a2a.yaml`, line: 2 },
      );
    }
    if (dir === "reviewing-agent-cards") {
      entry.inputModes = ["application/json"];
      sources.push({ pointer: `${at}/inputModes`, source: "catalogue-defaults", file: SETTINGS_FILE, line: 48 });
    }
    skills.push(entry);
  }
  const commit = skills.findIndex((s) => s.id === "writing-commit-messages");
  const cards = skills.findIndex((s) => s.id === "reviewing-agent-cards");
  const commitExamples = skills[commit]?.examples;
  if (commit >= 0 && cards >= 0 && Array.isArray(commitExamples) && /agent card/i.test(String(commitExamples[0]))) {
    diagnostics.push({
      code: "card.example-misroute",
      severity: "warning",
      message: `example "${String(commitExamples[0])}" of \`writing-commit-messages\` reads more like skill \`reviewing-agent-cards\` of the same agent`,
      file: "writing-commit-messages/agents/a2a.yaml",
      line: 2,
      column: 1,
      pointer: `/skills/${commit}/examples/0`,
      hint: "reword the example with the words of its own skill's description, or move it to the other skill",
    });
  }
  if (!secured) {
    diagnostics.push({
      code: "card.security-none",
      severity: "error",
      message: "the card is meant for publication but declares no authentication: anyone could call the agent",
      file: SETTINGS_FILE,
      line: 36,
      column: 1,
      pointer: "/securitySchemes",
      hint: "declare a scheme under `cards.security_schemes` and require it in `cards.security_requirements`, or set `publish: false`",
    });
  }
  const card: Json = {
    name: agent.name,
    description: agent.description,
    version: "1.0.0",
    provider: { organization: "Demo Team", url: "https://skills.example.com" },
    supportedInterfaces: [{ url: `https://agents.example.com/${agent.name}/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ["text/plain", "text/markdown"],
    defaultOutputModes: ["text/markdown"],
    documentationUrl: "https://skills.example.com/docs/agents",
    ...(secured
      ? {
          securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: "Bearer", bearerFormat: "JWT", description: "OAuth access token from the team's identity provider" } } },
          securityRequirements: [{ schemes: { bearer: { list: [] } } }],
        }
      : {}),
    skills,
  };
  return { agent, card, sources, diagnostics };
}

function review(agentIndex: number, skillOf: (dir: string) => CardSkillSource | null): CardReview {
  const { agent, card, sources, diagnostics } = build(agentIndex, skillOf);
  const json = JSON.stringify(card, null, 2) + "\n";
  const sha256 = hash(json);
  const approved = approvals.get(agent.name);
  const status = !approved ? "unapproved" : approved.approval.sha256 === sha256 ? "approved" : "changed";
  return {
    agent: agent.name,
    agentFile: agent.file,
    card,
    json,
    sha256,
    publish: true,
    sources,
    diagnostics,
    status,
    ...(approved ? { approval: approved.approval } : {}),
    changes: approved && status === "changed" ? diff(approved.card, card, "") : [],
  };
}

/** A small semantic diff (skills keyed by id), in the shape of the Rust `Change`. */
function diff(before: unknown, after: unknown, path: string): Change[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    const keyed = [...before, ...after].every((x) => typeof x === "object" && x !== null && "id" in x);
    if (keyed) {
      const id = (x: unknown) => String((x as Json).id);
      const out: Change[] = [];
      for (const b of before) {
        const a = after.find((x) => id(x) === id(b));
        out.push(...(a === undefined ? [{ path: `${path}[id=${id(b)}]`, kind: "removed" as const, before: b, after: null }] : diff(b, a, `${path}[id=${id(b)}]`)));
      }
      for (const a of after) if (!before.some((x) => id(x) === id(a))) out.push({ path: `${path}[id=${id(a)}]`, kind: "added", before: null, after: a });
      return out;
    }
    const out: Change[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      if (i >= before.length) out.push({ path: `${path}[${i}]`, kind: "added", before: null, after: after[i] });
      else if (i >= after.length) out.push({ path: `${path}[${i}]`, kind: "removed", before: before[i], after: null });
      else out.push(...diff(before[i], after[i], `${path}[${i}]`));
    }
    return out;
  }
  if (typeof before === "object" && before !== null && typeof after === "object" && after !== null && !Array.isArray(before) && !Array.isArray(after)) {
    const b = before as Json;
    const a = after as Json;
    const out: Change[] = [];
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      const at = path === "" ? key : `${path}.${key}`;
      if (!(key in a)) out.push({ path: at, kind: "removed", before: b[key], after: null });
      else if (!(key in b)) out.push({ path: at, kind: "added", before: null, after: a[key] });
      else out.push(...diff(b[key], a[key], at));
    }
    return out;
  }
  return [{ path, kind: "changed", before, after }];
}

function indexOf(agent: string): number {
  const index = demoAgents.findIndex((a) => a.name === agent);
  return index < 0 ? fail("card.unknown-agent", `there is no agent \`${agent}\` in the catalogue`) : index;
}

/** The 0.3 shape of a 1.0 card (top-level url, transport, `type`-tagged schemes). */
function dialect03(card: Json): Json {
  const interfaces = (card.supportedInterfaces ?? []) as Json[];
  const first = interfaces[0] ?? {};
  const schemes = (card.securitySchemes ?? {}) as Record<string, Json>;
  const out: Json = {
    protocolVersion: "0.3.0",
    name: card.name,
    description: card.description,
    url: first.url,
    preferredTransport: first.protocolBinding,
    version: card.version,
    provider: card.provider,
    capabilities: card.capabilities,
    defaultInputModes: card.defaultInputModes,
    defaultOutputModes: card.defaultOutputModes,
    documentationUrl: card.documentationUrl,
    skills: card.skills,
  };
  if (Object.keys(schemes).length > 0) {
    out.securitySchemes = Object.fromEntries(
      Object.entries(schemes).map(([name, wrapper]) => {
        const http = wrapper.httpAuthSecurityScheme as Json | undefined;
        return [name, http ? { type: "http", ...http } : wrapper];
      }),
    );
    out.security = Object.keys(schemes).map((name) => ({ [name]: [] }));
  }
  return out;
}

export function cardText(agent: string, dialect: Dialect, skillOf: (dir: string) => CardSkillSource | null): string {
  const card = review(indexOf(agent), skillOf).card as Json;
  const shaped = dialect === "1.0" ? card : dialect === "both" ? { ...card, ...dialect03(card) } : dialect03(card);
  return JSON.stringify(shaped, null, 2) + "\n";
}

export function agentCards(skillOf: (dir: string) => CardSkillSource | null): CardReview[] {
  return demoAgents.map((_, i) => review(i, skillOf));
}

export function approveCard(agent: string, skillOf: (dir: string) => CardSkillSource | null): CardReview {
  const index = indexOf(agent);
  const current = review(index, skillOf);
  const errors = current.diagnostics.filter((d) => d.severity === "error").length;
  if (errors > 0) return fail("card.has-errors", `the card of \`${agent}\` has ${errors} ${errors === 1 ? "error" : "errors"}; fix them before approving`);
  approvals.set(agent, {
    approval: { agent, version: String((current.card as Json).version), sha256: current.sha256, approvedBy: "Demo User <demo@example.com>", approvedAt: new Date().toISOString().replace(/\.\d+Z$/, "Z") },
    card: current.card as Json,
  });
  return review(index, skillOf);
}

export function startServer(port: number, agent: string | null, dialect: Dialect): ServerInfo {
  if (port !== 0 && port < 1024) return fail("server.port-unavailable", `cannot listen on 127.0.0.1:${port}: permission denied. Choose another port, or 0 for any free one.`);
  const chosen = port === 0 ? 43117 : port;
  server = { url: `http://127.0.0.1:${chosen}`, port: chosen, ...(agent ? { agent } : {}), dialect };
  return server;
}

export function stopServer(): ServerInfo | null {
  const was = server;
  server = null;
  return was;
}

export function serverStatus(): ServerInfo | null {
  return server;
}
