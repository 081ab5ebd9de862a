// The demo catalogue shown when the UI runs in a plain browser (no Tauri shell).
// Five small skills and one agent, with a few deliberate problems to show diagnostics.

export type DemoFile = { text: string } | { binary: number };

export type DemoSkill = {
  /** Files of the skill, by path relative to the skill folder (SKILL.md included). */
  files: Record<string, DemoFile>;
};

export const demoSkills: Record<string, DemoSkill> = {
  "naming-skills": {
    files: {
      "SKILL.md": {
        text: `---
name: naming-skills
description: Chooses or reviews a skill name that is valid under the Agent Skills spec, equals its directory and reads clearly in a listing. Use when creating or renaming a skill.
license: MIT
metadata:
  tags: "naming, authoring"
  version: "1.0"
allowed-tools: Read Edit Grep Glob
---

# Naming skills

A skill's name is its identifier in listings, agent definitions and install paths.
Changing it later breaks every reference, so get it right before the first release.

## Hard rules

- 1 to 64 characters.
- Only lowercase \`a-z\`, digits \`0-9\` and hyphens.
- The \`name\` field equals the name of the folder that holds \`SKILL.md\`.

See [the naming rules](references/naming-rules.md) for examples.
`,
      },
      "references/naming-rules.md": {
        text: "# Naming rules\n\nGood: `reviewing-agent-cards`, `writing-commit-messages`.\nBad: `PDF_Tools`, `my--skill`, `-draft`.\n".repeat(6),
      },
    },
  },
  "reviewing-agent-cards": {
    files: {
      "SKILL.md": {
        text: `---
name: reviewing-agent-cards
description: Reviews an A2A agent card before it is published, checking required fields, interfaces, security schemes and leaked secrets. Use when a card is new or changed, or before a release.
license: MIT
metadata:
  tags: "a2a, review, release"
  version: "2.1"
allowed-tools: Read Grep Bash(jq:*)
---

# Reviewing A2A agent cards

An agent card tells other agents what this agent can do and how to reach it.
Review it like a public API: once published, clients depend on every field.

## Steps

1. Load the card with \`jq\` and check that it is valid JSON.
2. Check the required fields against [the checklist](references/a2a-card-checks.md).
3. Compare the skills it lists with the skills in this catalogue.
4. Search for hosts, tokens and e-mail addresses that must not be public.

## Output

A short list of findings, most serious first, each with the field and the fix.
`.replace("## Output", "## Checks in detail\n\n" + "Each interface needs a URL, a transport and a version. ".repeat(60) + "\n\n## Output"),
      },
      "references/a2a-card-checks.md": { text: "# Card checks\n\n" + "- Required: name, description, url, version, skills.\n".repeat(80) },
      "assets/agent-card-template.json": { text: JSON.stringify({ name: "example-agent", version: "1.0.0", skills: [] }, null, 2).repeat(20) },
      "assets/logo.png": { binary: 18432 },
      "scripts/check_card.py": { text: "import json, sys\n\ncard = json.load(open(sys.argv[1]))\nprint(sorted(card))\n" },
    },
  },
  "summarising-incidents": {
    files: {
      "SKILL.md": {
        text: `---
name: summarising-incidents
description: Summarises incidents.
metadata:
  tags: "operations"
---

# Summarising incidents

Write the summary with [the template](references/template.md): what happened, who was
affected, for how long, and what changes now.
`,
      },
    },
  },
  "pdf-tools": {
    files: {
      "SKILL.md": {
        text: `---
name: PDF_Tools
description: Extracts text and tables from PDF files and merges or splits documents. Use when the user asks to read, combine or split PDF files.
version: 1.2
allowed-tools: Read Write Bash(python3:*)
---

# PDF tools

Use \`scripts/extract.py\` to pull text out of a PDF, page by page.
`,
      },
      "scripts/extract.py": { text: "import sys\nfrom pypdf import PdfReader\n\nfor page in PdfReader(sys.argv[1]).pages:\n    print(page.extract_text())\n" },
    },
  },
  "writing-commit-messages": {
    files: {
      "SKILL.md": {
        text: `---
name: writing-commit-messages
description: Writes a commit message that says what changed and why, in the imperative, with a short subject line. Use when committing or when asked to improve a commit message.
license: MIT
metadata:
  tags: "git, writing"
allowed-tools: Read Bash(git:*)
---

# Writing commit messages

- Subject: at most 60 characters, imperative mood ("Add", not "Added").
- Body: why the change was needed, and anything a reviewer must know.
- Reference the issue when there is one.
`,
      },
    },
  },
};

export const demoAgents = [
  {
    name: "release-manager",
    file: "agents/release-manager.md",
    description: "Prepares releases: reviews cards, writes release notes and commit messages.",
    skills: ["reviewing-agent-cards", "writing-commit-messages", "naming-skills"],
  },
  {
    name: "support-triager",
    file: "agents/support-triager.md",
    description: "Reads incident reports and summarises them for the on-call team.",
    skills: ["summarising-incidents"],
  },
];

export const demoSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  title: "Agent Skills SKILL.md frontmatter (the specification's six fields)",
  type: "object",
  required: ["name", "description"],
  properties: {
    name: {
      type: "string",
      title: "Name",
      description: "Lowercase letters, digits and single hyphens; equals the skill's directory name.",
      minLength: 1,
      maxLength: 64,
      pattern: "^[a-z0-9]+(-[a-z0-9]+)*$",
    },
    description: {
      type: "string",
      title: "Description",
      description: "What the skill does and when to use it: the routing signal a model reads.",
      minLength: 1,
      maxLength: 1024,
    },
    license: {
      type: "string",
      title: "License",
      description: "A short licence name or the path of a bundled licence file.",
    },
    compatibility: {
      type: "string",
      title: "Compatibility",
      description: "Environment requirements (products, packages, network).",
      minLength: 1,
      maxLength: 500,
    },
    metadata: {
      type: "object",
      title: "Metadata",
      description: 'String keys mapped to string values; quote values such as "1.0" so they stay strings.',
      additionalProperties: true,
    },
    "allowed-tools": {
      type: "string",
      title: "Allowed tools",
      description: "Space-separated tools the skill may use, e.g. `Bash(git:*) Read`.",
    },
  },
  additionalProperties: false,
};
