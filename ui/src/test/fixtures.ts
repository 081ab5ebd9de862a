// Small, hand-written values in the shapes of docs/ipc.md, for the tests.
import type { CatalogueView } from "../bindings/CatalogueView";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { DraftCheck } from "../bindings/DraftCheck";
import type { SkillDetail } from "../bindings/SkillDetail";
import type { SkillRow } from "../bindings/SkillRow";

export const schema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  required: ["name", "description"],
  properties: {
    name: { type: "string", title: "Name", minLength: 1, maxLength: 64 },
    description: { type: "string", title: "Description", minLength: 1, maxLength: 1024 },
    license: { type: "string", title: "License" },
    metadata: { type: "object", title: "Metadata", additionalProperties: true },
    "allowed-tools": { type: "string", title: "Allowed tools" },
  },
  additionalProperties: false,
};

export function row(name: string, patch: Partial<SkillRow> = {}): SkillRow {
  return {
    dir: name,
    name,
    description: `Does ${name} things. Use when ${name} is needed.`,
    profile: "agentskills",
    errors: 0,
    warnings: 0,
    tags: [],
    l1: 40,
    l2: 900,
    l3: 0,
    overBudget: false,
    agents: [],
    locale: "en",
    translations: [],
    ...patch,
  };
}

export const nameDiagnostic: Diagnostic = {
  code: "name.format",
  severity: "error",
  message: "`PDF_Tools` is not a valid name",
  file: "pdf-tools/SKILL.md",
  line: 2,
  column: 7,
  pointer: "/name",
  hint: "try `pdf-tools`",
};

export const linkDiagnostic: Diagnostic = {
  code: "body.broken-link",
  severity: "warning",
  message: "the link to `references/x.md` leads to a file the skill does not have",
  file: "pdf-tools/SKILL.md",
  line: 7,
  column: 5,
};

export function view(patch: Partial<CatalogueView> = {}): CatalogueView {
  const skills = [
    row("naming-skills", { tags: ["naming"], agents: ["release-manager"] }),
    row("pdf-tools", { name: "PDF_Tools", errors: 1, tags: ["pdf"] }),
    row("summarising-incidents", { warnings: 2, overBudget: true, tags: ["ops"] }),
  ];
  return {
    root: "/home/me/skills",
    revision: "fixture-1",
    skills,
    agents: [{ name: "release-manager", file: "agents/release-manager.md", description: "Releases.", skills: ["naming-skills"], errors: 0, warnings: 0 }],
    diagnostics: [nameDiagnostic, linkDiagnostic],
    budgets: { l1: 100, l2: 5000, resource: 10000, listing: 8000, severity: "warning" },
    notes: [],
    stats: {
      skills: 3,
      translations: 0,
      agents: 1,
      skillAgentRatio: 3,
      validAgentskills: { count: 2, share: 2 / 3 },
      withinBudget: { count: 2, share: 2 / 3 },
      errors: 1,
      warnings: 1,
      tokens: { l1: 120, l2: 2700, l3: 0 },
      listing: { totalL1: 120, budget: 8000, skillsLost: 0 },
      locales: [],
      heaviest: [{ name: "naming-skills", l2: 900, l3: 0 }],
    },
    ...patch,
  };
}

export const pdfText = `---
name: PDF_Tools
description: Extracts text from PDF files. Use when the user asks to read a PDF.
---

# PDF tools
See [x](references/x.md).
`;

export function check(patch: Partial<DraftCheck> = {}): DraftCheck {
  return {
    diagnostics: [nameDiagnostic, linkDiagnostic],
    frontmatter: { name: "PDF_Tools", description: "Extracts text from PDF files. Use when the user asks to read a PDF." },
    yamlStartLine: 2,
    bodyStartLine: 5,
    bodyHtml: "<h1>PDF tools</h1>",
    tokens: { l1: 30, l2: 200, l3: 0 },
    ...patch,
  };
}

export function detail(patch: Partial<SkillDetail> = {}): SkillDetail {
  return {
    dir: "pdf-tools",
    file: "pdf-tools/SKILL.md",
    name: "PDF_Tools",
    profile: "agentskills",
    text: pdfText,
    sha256: "sha-open",
    schema,
    check: check(),
    resources: [],
    budgets: { l1: 100, l2: 5000, resource: 10000, listing: 8000, severity: "warning" },
    l2Budget: 5000,
    aliases: [],
    ...patch,
  };
}

/** A stand-in for set_field on the simple frontmatter above: replaces one `key: value` line. */
export function setFieldLine(text: string, pointer: string, value: string | null): string {
  const key = pointer.slice(1);
  const line = new RegExp(`^${key}:.*$`, "m");
  if (value === null) return text.replace(new RegExp(`^${key}:.*\\n`, "m"), "");
  return line.test(text) ? text.replace(line, `${key}: ${value}`) : text.replace(/\n---\n/, `\n${key}: ${value}\n---\n`);
}
