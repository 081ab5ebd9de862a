// An in-browser stand-in for the Rust commands, used only when there is no Tauri shell
// (see platform.ts). It is deliberately small: a line-based frontmatter reader, a handful of
// the real checks, and token counts estimated at four characters a token.

import type { AppError } from "../bindings/AppError";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { DraftCheck } from "../bindings/DraftCheck";
import type { ResourceRow } from "../bindings/ResourceRow";
import type { SkillDetail } from "../bindings/SkillDetail";
import type { SkillRow } from "../bindings/SkillRow";
import type { Budgets } from "../bindings/Budgets";
import type { CommandName, Commands } from "../platform";
import { segmentsOf } from "../model/pointer";
import { splitSkillText } from "../model/skillText";
import { demoAgents, demoSchema, demoSkills, type DemoSkill } from "./demoFiles";
import * as cards from "./demoCards";

export const demoRoot = "/home/demo/skills";

const budgets: Budgets = { l1: 100, l2: 5000, resource: 10000, listing: 8000, severity: "warning" };
const FRAGMENT_TOKENS = 180;
const NAME_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ALLOWED = new Set(["name", "description", "license", "compatibility", "metadata", "allowed-tools"]);

const skills: Map<string, DemoSkill> = new Map(
  Object.entries(demoSkills).map(([dir, skill]) => [dir, { files: { ...skill.files } }]),
);

// `?skills=10000` in the address adds that many generated skills, to try the UI at scale.
const extra = typeof location === "undefined" ? 0 : Number(new URLSearchParams(location.search).get("skills") ?? 0);
const TOPICS = ["release", "review", "incident", "invoice", "translation", "pipeline", "schema", "audit", "budget", "report"];
for (let i = 0; i < Math.min(extra, 50_000); i++) {
  const topic = TOPICS[i % TOPICS.length] ?? "task";
  const name = `${topic}-helper-${String(i).padStart(5, "0")}`;
  skills.set(name, {
    files: {
      "SKILL.md": {
        text: `---\nname: ${name}\ndescription: Helps with ${topic} work number ${i}, step by step. Use when a ${topic} needs doing.\nmetadata:\n  tags: "${topic}, generated"\n---\n\n# ${name}\n\n${"Follow the steps for this task carefully. ".repeat(1 + (i % 40))}\n`,
      },
    },
  });
}

let cachedView: CatalogueView | null = null;

function fail(code: AppError["code"], message: string, details: unknown = null): never {
  const error: AppError = { code, message, details };
  throw error;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function tokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function hash(text: string): string {
  // Not SHA-256: the demo only needs a value that changes with the text.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0").repeat(8);
}

// ---- reading frontmatter (the subset the demo files use) ----

type Entry = { key: string; line: number; value: unknown };

function scalar(raw: string): unknown {
  const s = raw.replace(/\s+#.*$/, "").trim();
  if (s.startsWith('"')) {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      return s.slice(1, -1);
    }
  }
  if (s.startsWith("'") && s.endsWith("'")) return s.slice(1, -1).replace(/''/g, "'");
  if (s === "true" || s === "false") return s === "true";
  if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
  if (s.startsWith("[") && s.endsWith("]"))
    return s
      .slice(1, -1)
      .split(",")
      .map((x) => scalar(x))
      .filter((x) => x !== "");
  return s;
}

function readYaml(
  yaml: string,
  firstLine: number,
  file: string,
  out: Diagnostic[],
): { value: Record<string, unknown>; entries: Entry[]; nested: Map<string, Entry[]> } {
  const lines = yaml === "" ? [] : yaml.split(/\r?\n/);
  const value: Record<string, unknown> = {};
  const entries: Entry[] = [];
  const nested = new Map<string, Entry[]>();
  let current: Entry | null = null;
  lines.forEach((text, i) => {
    const line = firstLine + i;
    if (text.trim() === "" || text.trim().startsWith("#")) return;
    if (text.startsWith("\t")) {
      out.push({ code: "yaml.tab-indent", severity: "error", message: "a tab is used for indentation", file, line, column: 1, hint: "indent with spaces" });
      return;
    }
    const top = /^([^\s:#][^:]*):(?:\s+(.*)|\s*)$/.exec(text);
    if (top) {
      const key = top[1] ?? "";
      const rest = top[2] ?? "";
      if (key in value) {
        out.push({ code: "yaml.duplicate-key", severity: "error", message: `\`${key}\` appears twice`, file, line, column: 1, pointer: "/" + key, hint: "keep one of them" });
      }
      current = { key, line, value: rest.trim() === "" ? null : scalar(rest) };
      value[key] = current.value;
      entries.push(current);
      return;
    }
    const child = /^\s+([^\s:#][^:]*):(?:\s+(.*)|\s*)$/.exec(text);
    const item = /^\s+-\s+(.*)$/.exec(text);
    if (current && child) {
      const map = (typeof value[current.key] === "object" && value[current.key] !== null && !Array.isArray(value[current.key])
        ? value[current.key]
        : {}) as Record<string, unknown>;
      const key = child[1] ?? "";
      map[key] = scalar(child[2] ?? "");
      value[current.key] = map;
      const list = nested.get(current.key) ?? [];
      list.push({ key, line, value: map[key] });
      nested.set(current.key, list);
    } else if (current && item) {
      const list = Array.isArray(value[current.key]) ? (value[current.key] as unknown[]) : [];
      list.push(scalar(item[1] ?? ""));
      value[current.key] = list;
    } else {
      out.push({ code: "yaml.syntax", severity: "error", message: "this line is not valid YAML here", file, line, column: 1, hint: "write `key: value`" });
    }
  });
  return { value, entries, nested };
}

// ---- checking ----

function renderInline(text: string): string {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return escaped
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
}

function renderBody(body: string): string {
  const out: string[] = [];
  let list: "ul" | "ol" | null = null;
  let paragraph: string[] = [];
  let code: string[] | null = null;
  const flush = () => {
    if (paragraph.length) out.push(`<p>${renderInline(paragraph.join(" "))}</p>`);
    paragraph = [];
    if (list) out.push(`</${list}>`);
    list = null;
  };
  for (const line of body.split(/\r?\n/)) {
    if (code) {
      if (line.startsWith("```")) {
        out.push(`<pre><code>${code.join("\n").replace(/&/g, "&amp;").replace(/</g, "&lt;")}</code></pre>`);
        code = null;
      } else code.push(line);
      continue;
    }
    if (line.startsWith("```")) {
      flush();
      code = [];
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+\.\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = (heading[1] ?? "#").length;
      out.push(`<h${level}>${renderInline(heading[2] ?? "")}</h${level}>`);
    } else if (bullet || numbered) {
      const kind = bullet ? "ul" : "ol";
      if (paragraph.length) flush();
      if (list !== kind) {
        if (list) out.push(`</${list}>`);
        out.push(`<${kind}>`);
        list = kind;
      }
      out.push(`<li>${renderInline((bullet ?? numbered)?.[1] ?? "")}</li>`);
    } else if (line.trim() === "") {
      flush();
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return out.join("\n");
}

function resourcesOf(skill: DemoSkill): ResourceRow[] {
  return Object.entries(skill.files)
    .filter(([path]) => path !== "SKILL.md")
    .map(([path, file]) =>
      "text" in file
        ? { path, size: new TextEncoder().encode(file.text).length, tokens: tokens(file.text) }
        : { path, size: file.binary, tokens: null },
    )
    .sort((a, b) => a.path.localeCompare(b.path));
}

function check(dir: string, text: string): DraftCheck {
  const file = `${dir}/SKILL.md`;
  const diagnostics: Diagnostic[] = [];
  const parts = splitSkillText(text);
  const resources = resourcesOf(skills.get(dir) ?? { files: {} });
  const l3 = resources.reduce((sum, r) => sum + (r.tokens ?? 0), 0);
  if (!parts) {
    diagnostics.push({ code: "frontmatter.missing", severity: "error", message: "the first line is not `---`", file, line: 1, column: 1, hint: "start the file with a line `---`, the YAML fields, then another `---`" });
    return { diagnostics, frontmatter: null, yamlStartLine: 2, bodyStartLine: 1, bodyHtml: renderBody(text), tokens: { l1: 0, l2: tokens(text) + FRAGMENT_TOKENS, l3 } };
  }
  const { value, entries, nested } = readYaml(parts.yaml, parts.yamlStartLine, file, diagnostics);
  const lineOf = (key: string) => entries.find((e) => e.key === key)?.line ?? parts.yamlStartLine;
  const name = typeof value.name === "string" ? value.name : "";
  const description = typeof value.description === "string" ? value.description : "";

  for (const key of ["name", "description"]) {
    if (!(key in value)) {
      diagnostics.push({ code: "field.required", severity: "error", message: `\`${key}\` is required`, file, line: parts.yamlStartLine, column: 1, pointer: "/" + key, hint: `add a \`${key}\` field` });
    }
  }
  for (const entry of entries) {
    if (!ALLOWED.has(entry.key)) {
      diagnostics.push({ code: "field.unknown", severity: "error", message: `\`${entry.key}\` is not a field this profile allows`, file, line: entry.line, column: 1, pointer: "/" + entry.key, hint: "move it under `metadata` (string values), or select a profile that allows it" });
    }
  }
  if ("name" in value) {
    const line = lineOf("name");
    if (name.length === 0 || name.length > 64) {
      diagnostics.push({ code: "name.length", severity: "error", message: "`name` must be 1 to 64 characters", file, line, column: 7, pointer: "/name" });
    } else if (!NAME_RE.test(name)) {
      diagnostics.push({ code: "name.format", severity: "error", message: `\`${name}\` is not a valid name: use lowercase letters, digits and single hyphens`, file, line, column: 7, pointer: "/name", hint: `try \`${slug(name)}\`` });
    }
    if (name !== dir) {
      diagnostics.push({ code: "name.dir-mismatch", severity: "error", message: `\`name\` is \`${name}\` but the folder is \`${dir}\``, file, line, column: 7, pointer: "/name", hint: "rename the skill (name and folder together) or change the name back" });
    }
  }
  if ("description" in value) {
    const line = lineOf("description");
    if (description.length < 40) {
      diagnostics.push({ code: "description.too-short", severity: "warning", message: `the description has ${description.length} characters: too little to route on`, file, line, column: 14, pointer: "/description", hint: "say what the skill does and when to use it, in at least 40 characters" });
    }
    if (!/\buse (it )?(when|for|to)\b/i.test(description)) {
      diagnostics.push({ code: "description.no-trigger", severity: "warning", message: "the description does not say when to use the skill", file, line, column: 14, pointer: "/description", hint: "add a sentence such as “Use when …”" });
    }
  }
  for (const entry of nested.get("metadata") ?? []) {
    if (typeof entry.value !== "string") {
      diagnostics.push({ code: "metadata.not-string", severity: "warning", message: `\`metadata.${entry.key}\` is not a string`, file, line: entry.line, column: 3, pointer: `/metadata/${entry.key}`, hint: "quote the value" });
    }
  }
  const bodyLines = parts.body.split("\n");
  bodyLines.forEach((line, i) => {
    for (const match of line.matchAll(/\]\(([^)\s#]+)\)/g)) {
      const target = match[1] ?? "";
      if (!/^[a-z]+:/i.test(target) && !resources.some((r) => r.path === target)) {
        diagnostics.push({ code: "body.broken-link", severity: "warning", message: `the link to \`${target}\` leads to a file the skill does not have`, file, line: parts.bodyStartLine + i, column: (match.index ?? 0) + 2, hint: `add \`${target}\` to the skill or fix the link` });
      }
    }
  });
  if (parts.body.trim() === "") {
    diagnostics.push({ code: "body.empty", severity: "warning", message: "the body has no text", file, line: parts.bodyStartLine - 1, column: 1, hint: "explain how to do the task" });
  }
  const l1 = tokens(`${name}: ${description}`);
  const l2 = tokens(parts.body) + FRAGMENT_TOKENS;
  if (l1 > budgets.l1) {
    diagnostics.push({ code: "budget.l1", severity: budgets.severity, message: `name and description take ${l1} tokens, over the L1 budget of ${budgets.l1}`, file, line: lineOf("description"), column: 1, pointer: "/description", hint: "shorten the description" });
  }
  diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  return { diagnostics, frontmatter: value, yamlStartLine: parts.yamlStartLine, bodyStartLine: parts.bodyStartLine, bodyHtml: renderBody(parts.body), tokens: { l1, l2, l3 } };
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 64) || "new-skill"
  );
}

function skillText(dir: string): string {
  const file = skills.get(dir)?.files["SKILL.md"];
  if (!file || !("text" in file)) return fail("skill.not-found", `there is no skill in \`${dir}\``);
  return file.text;
}

function detail(dir: string): SkillDetail {
  const text = skillText(dir);
  const checked = check(dir, text);
  const fm = checked.frontmatter as Record<string, unknown> | null;
  const metadata = fm?.metadata as Record<string, unknown> | undefined;
  const custom = Number(metadata?.["token-budget"]);
  return {
    dir,
    file: `${dir}/SKILL.md`,
    name: typeof fm?.name === "string" ? fm.name : dir,
    profile: "agentskills",
    text,
    sha256: hash(text),
    schema: demoSchema,
    check: checked,
    resources: resourcesOf(skills.get(dir) ?? { files: {} }),
    budgets,
    l2Budget: Number.isFinite(custom) && custom > 0 ? custom : budgets.l2,
    aliases: [],
  };
}

function view(): CatalogueView {
  cachedView ??= buildView();
  return cachedView;
}

function buildView(): CatalogueView {
  const rows: SkillRow[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const dir of [...skills.keys()].sort()) {
    const d = detail(dir);
    const fm = (d.check.frontmatter ?? {}) as Record<string, unknown>;
    const metadata = (fm.metadata ?? {}) as Record<string, unknown>;
    const tags = typeof metadata.tags === "string" ? metadata.tags.split(",").map((t) => t.trim()).filter(Boolean) : [];
    const resourceDiagnostics: Diagnostic[] = d.resources
      .filter((r) => (r.tokens ?? 0) > budgets.resource)
      .map((r) => ({ code: "budget.resource", severity: budgets.severity, message: `\`${r.path}\` takes ${r.tokens} tokens, over the per-file budget of ${budgets.resource}`, file: `${dir}/${r.path}`, line: 1, column: 1, hint: "split the file" }));
    const all = [...d.check.diagnostics, ...resourceDiagnostics];
    diagnostics.push(...all);
    rows.push({
      dir,
      name: d.name,
      description: typeof fm.description === "string" ? fm.description : "",
      profile: d.profile,
      errors: all.filter((x) => x.severity === "error").length,
      warnings: all.filter((x) => x.severity === "warning").length,
      tags,
      l1: d.check.tokens.l1,
      l2: d.check.tokens.l2,
      l3: d.check.tokens.l3,
      overBudget: d.check.tokens.l1 > budgets.l1 || d.check.tokens.l2 > d.l2Budget || all.some((x) => x.code.startsWith("budget.")),
      agents: demoAgents.filter((a) => a.skills.includes(dir)).map((a) => a.name),
    });
  }
  const agents = demoAgents.map((a) => {
    const agentDiagnostics: Diagnostic[] = a.skills
      .filter((s) => !skills.has(s))
      .map((s, i) => ({ code: "agent.unknown-skill", severity: "error", message: `\`${a.name}\` lists \`${s}\`, which is not in the catalogue`, file: a.file, line: 6 + i, column: 5, pointer: `/skills/${i}`, hint: "remove it from the list or add the skill" }));
    diagnostics.push(...agentDiagnostics);
    return { ...a, errors: agentDiagnostics.length, warnings: 0 };
  });
  const valid = rows.filter((r) => r.errors === 0).length;
  const within = rows.filter((r) => !r.overBudget).length;
  const totalL1 = rows.reduce((s, r) => s + (r.l1 ?? 0), 0);
  return {
    root: demoRoot,
    revision: revision(rows.map((r) => r.dir)),
    skills: rows,
    agents,
    diagnostics,
    budgets,
    stats: {
      skills: rows.length,
      agents: agents.length,
      skillAgentRatio: agents.length ? rows.length / agents.length : null,
      validAgentskills: { count: valid, share: rows.length ? valid / rows.length : 0 },
      withinBudget: { count: within, share: rows.length ? within / rows.length : 0 },
      errors: diagnostics.filter((x) => x.severity === "error").length,
      warnings: diagnostics.filter((x) => x.severity === "warning").length,
      tokens: {
        l1: totalL1,
        l2: rows.reduce((s, r) => s + (r.l2 ?? 0), 0),
        l3: rows.reduce((s, r) => s + (r.l3 ?? 0), 0),
      },
      listing: { totalL1, budget: budgets.listing, skillsLost: 0 },
      heaviest: [...rows]
        .sort((a, b) => (b.l2 ?? 0) - (a.l2 ?? 0))
        .slice(0, 10)
        .map((r) => ({ name: r.name, l2: r.l2 ?? 0, l3: r.l3 ?? 0 })),
    },
  };
}

// ---- editing ----

function yamlScalar(value: string): string {
  const plain =
    value !== "" &&
    !/^[\s\-?:,[\]{}#&*!|>'"%@`]/.test(value) &&
    !/(:\s|\s#|[\n\t])/.test(value) &&
    !/\s$/.test(value) &&
    !/^(true|false|null|yes|no|on|off|~|-?\d+(\.\d+)?)$/i.test(value);
  return plain ? value : JSON.stringify(value);
}

function changed<T>(value: T): T {
  cachedView = null;
  return value;
}

function setField(text: string, pointer: string, value: string | null): string {
  const parts = splitSkillText(text);
  if (!parts) return fail("edit.invalid", "the file has no frontmatter to edit", { reason: "The file has no frontmatter." });
  const segments = segmentsOf(pointer);
  const [key, child] = segments;
  if (!key || segments.length > 2) return fail("edit.invalid", `cannot edit \`${pointer}\``, { reason: "Only fields and metadata entries can be edited here." });
  const lines = parts.yaml === "" ? [] : parts.yaml.split("\n");
  const topIndex = lines.findIndex((l) => l.startsWith(key + ":"));
  const blockEnd = (start: number) => {
    let end = start + 1;
    while (end < lines.length && /^(\s|$)/.test(lines[end] ?? "") && (lines[end] ?? "") !== "") end++;
    return end;
  };
  if (child === undefined) {
    if (topIndex < 0) {
      if (value !== null) lines.push(`${key}: ${yamlScalar(value)}`);
    } else {
      const end = blockEnd(topIndex);
      if (value === null) lines.splice(topIndex, end - topIndex);
      else lines.splice(topIndex, end - topIndex, `${key}: ${yamlScalar(value)}`);
    }
  } else if (topIndex < 0) {
    if (value !== null) lines.push(`${key}:`, `  ${child}: ${yamlScalar(value)}`);
  } else {
    const end = blockEnd(topIndex);
    const childIndex = lines.findIndex((l, i) => i > topIndex && i < end && l.trimStart().startsWith(child + ":"));
    if (childIndex < 0) {
      if (value !== null) lines.splice(end, 0, `  ${child}: ${yamlScalar(value)}`);
    } else if (value === null) {
      lines.splice(childIndex, 1);
    } else {
      const indent = /^\s*/.exec(lines[childIndex] ?? "")?.[0] ?? "  ";
      lines[childIndex] = `${indent}${child}: ${yamlScalar(value)}`;
    }
  }
  const yaml = lines.join("\n");
  return parts.open + yaml + (yaml === "" ? "" : "\n") + parts.close + parts.body;
}

function createSkill(name: string): SkillDetail {
  if (!NAME_RE.test(name) || name.length > 64) {
    return fail("skill.bad-name", `\`${name}\` is not a valid skill name`, { suggestion: slug(name) });
  }
  if (skills.has(name)) return fail("skill.exists", `a folder \`${name}\` already exists`);
  skills.set(name, {
    files: {
      "SKILL.md": {
        text: `---\nname: ${name}\ndescription: TODO say what this skill does and when to use it.\n---\n\n# ${name}\n\nDescribe the steps here.\n`,
      },
    },
  });
  return detail(name);
}

/** A skill as the demo cards read it, or null when there is no such skill. */
function cardSkill(dir: string): cards.CardSkillSource | null {
  const file = skills.get(dir)?.files["SKILL.md"];
  if (!file || !("text" in file)) return null;
  const checked = check(dir, file.text);
  return { file: `${dir}/SKILL.md`, text: file.text, frontmatter: checked.frontmatter as Record<string, unknown> | null };
}

type Handlers = { [K in CommandName]: (args: Commands[K]["args"]) => Commands[K]["result"] };

/** Names the order of the skills, as Rust's `CatalogueView::revision` does (FNV-1a over the folders). */
function revision(dirs: string[]): string {
  let h = 0x811c9dc5;
  for (const ch of dirs.join("\n")) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

const handlers: Handlers = {
  open_catalogue: () => view(),
  search: ({ query, limit }) => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = (hay: string) =>
      words.every((w) => hay.toLowerCase().split(/[^a-z0-9]+/).some((token) => token.startsWith(w)));
    const rows = view().skills;
    const head = rows.filter((r) => matches(`${r.name} ${r.description} ${r.tags.join(" ")}`));
    const inHead = new Set(head);
    const body = rows.filter((r) => !inHead.has(r) && matches(skillText(r.dir)));
    const found = [...head, ...body].slice(0, limit);
    const snippets = found
      .filter((r) => !inHead.has(r))
      .slice(0, 40)
      .map((r) => {
        const text = skillText(r.dir);
        const at = Math.max(0, text.toLowerCase().indexOf(words[0] ?? ""));
        let snippet = text.slice(Math.max(0, at - 30), at + 70).replace(/\s+/g, " ");
        for (const w of words) snippet = snippet.replace(new RegExp(`\\b(${w}[a-z0-9]*)`, "gi"), "[$1]");
        return { row: rows.indexOf(r), text: `…${snippet}…` };
      });
    return { revision: revision(rows.map((r) => r.dir)), rows: found.map((r) => rows.indexOf(r)), snippets };
  },
  get_skill: ({ dir }) => detail(dir),
  check_draft: ({ dir, text }) => check(dir, text),
  set_field: ({ text, pointer, value }) => setField(text, pointer, typeof value === "boolean" ? String(value) : value),
  save_skill: ({ dir, text, baseSha256 }) => {
    const current = skillText(dir);
    if (hash(current) !== baseSha256) {
      return fail("save.conflict", "the file changed on disk", { disk_text: current, disk_sha256: hash(current) });
    }
    const skill = skills.get(dir);
    if (skill) skill.files["SKILL.md"] = { text };
    return changed({ sha256: hash(text), detail: detail(dir) });
  },
  create_skill: ({ name }) => changed(createSkill(name)),
  rename_skill: ({ dir, newName }) => {
    if (!NAME_RE.test(newName)) return fail("skill.bad-name", `\`${newName}\` is not a valid skill name`, { suggestion: slug(newName) });
    if (skills.has(newName)) return fail("skill.exists", `a folder \`${newName}\` already exists`);
    const skill = skills.get(dir);
    if (!skill) return fail("skill.not-found", `there is no skill in \`${dir}\``);
    skill.files["SKILL.md"] = { text: setField(skillText(dir), "/name", newName) };
    skills.delete(dir);
    skills.set(newName, skill);
    return changed(null) ?? view();
  },
  delete_skill: ({ dir }) => {
    if (!skills.delete(dir)) return fail("skill.not-found", `there is no skill in \`${dir}\``);
    return changed(null) ?? view();
  },
  recent_catalogues: () => [demoRoot, "/home/demo/work/team-skills", "/home/demo/work/legacy-skills"],
  cancel_open: () => null,
  agent_cards: () => cards.agentCards(cardSkill),
  card_text: ({ agent, dialect }) => cards.cardText(agent, dialect, cardSkill),
  approve_card: ({ agent }) => cards.approveCard(agent, cardSkill),
  set_card_default_tags: () => fail("io", "the demo in a browser cannot write files; open the desktop app to set default tags"),
  start_card_server: ({ port, agent, dialect }) => cards.startServer(port, agent, dialect),
  stop_card_server: () => cards.stopServer(),
  card_server_status: () => cards.serverStatus(),
  // The demo runs in a browser with no file system: it previews the bundle from its skills and
  // says plainly that writing and importing need the desktop app.
  preview_export: ({ request }) => {
    if (request.targets.length === 0) return fail("export.invalid-option", "choose at least one format to export");
    const files = [...skills.entries()]
      .flatMap(([dir, s]) => Object.entries(s.files).map(([p, f]) => ({ path: `skills/${dir}/${p}`, size: "text" in f ? f.text.length : 0 })))
      .concat([{ path: "registry.json", size: 4096 }])
      .sort((a, b) => a.path.localeCompare(b.path))
      .map((f) => ({ ...f, change: "added" as const }));
    const ext = request.packaging === "folder" ? "" : request.packaging === "zip" ? ".zip" : ".tar.gz";
    return {
      destination: request.destination,
      outputs: request.targets.map((target) => ({
        target,
        path: `${request.destination}/${target}${ext}`,
        previous: false,
        files,
        added: files.length,
        changed: 0,
        unchanged: 0,
        removed: 0,
        bytes: files.reduce((n, f) => n + f.size, 0),
        leftOut: [],
        warnings: [],
        refusals: [],
      })),
    };
  },
  run_export: () => fail("io", "the demo in a browser cannot write files; open the desktop app to export"),
  reveal_export: ({ path }) => fail("export.not-exported", `\`${path}\` was not written by an export in this session`),
  preview_import: () => fail("export.not-a-bundle", "the demo in a browser cannot read files; open the desktop app to import"),
  apply_import: () => fail("export.import-refused", "this import was not previewed"),
};

export async function answer<K extends CommandName>(
  command: K,
  args: Commands[K]["args"],
): Promise<Commands[K]["result"]> {
  await sleep(command === "open_catalogue" ? 300 : 15);
  const handler = handlers[command] as (a: Commands[K]["args"]) => Commands[K]["result"];
  return handler(args);
}
