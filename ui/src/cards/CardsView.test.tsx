import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import type { InvokeArgs } from "@tauri-apps/api/core";
import type { CardReview } from "../bindings/CardReview";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { SignatureCheck } from "../bindings/SignatureCheck";
import { CardsView } from "./CardsView";
import { renderInApp } from "../test/render";
import { view } from "../test/fixtures";
import { sentenceFor } from "../errors/errorSentences";
import * as platform from "../platform";
import { skillFileFor, targetFor } from "./cardModel";

type Args = Record<string, unknown>;

const misroute: Diagnostic = {
  code: "card.example-misroute",
  severity: "warning",
  message: 'example "Check the 2.3.0 changelog" of `writing-commit-messages` reads more like skill `reviewing-release-notes`',
  file: "writing-commit-messages/SKILL.md",
  line: 8,
  column: 1,
  pointer: "/skills/1/examples/0",
  hint: "reword the example with the words of its own skill's description",
};

const noTags: Diagnostic = {
  code: "card.skill-no-tags",
  severity: "error",
  message: "skill `migrating-legacy-frontmatter` has no tags",
  file: "agents/registry-publisher.md",
  line: 1,
  column: 1,
  pointer: "/skills/0/tags",
  hint: 'add `tags: "word, word"` under the skill\'s `metadata`',
};

function skill(id: string, patch: Record<string, unknown> = {}) {
  return { id, name: id, description: `Does ${id}.`, tags: ["one", "two"], examples: ["first example", "second example"], ...patch };
}

function card(name: string, skills: unknown[]) {
  return {
    name,
    description: `The ${name} agent.`,
    version: "1.0.0",
    provider: { organization: "Team", url: "https://skills.example.com" },
    supportedInterfaces: [{ url: `https://agents.example.com/${name}/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/markdown"],
    securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: "Bearer", bearerFormat: "JWT" } } },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
    skills,
  };
}

function review(agent: string, patch: Partial<CardReview> = {}): CardReview {
  const c = card(agent, [skill("reviewing-release-notes"), skill("writing-commit-messages")]);
  return {
    agent,
    agentFile: `agents/${agent}.md`,
    card: c,
    json: JSON.stringify(c, null, 2) + "\n",
    sha256: "ab".repeat(32),
    publish: true,
    sources: [
      { pointer: "/name", source: "agent", file: `agents/${agent}.md`, line: 2 },
      { pointer: "/skills/0/id", source: "skill-frontmatter", file: "migrating-legacy-frontmatter/SKILL.md", line: 2 },
      { pointer: "/skills/1/id", source: "skill-frontmatter", file: "writing-commit-messages/SKILL.md", line: 2 },
      { pointer: "/skills/1/tags", source: "skill-metadata", file: "writing-commit-messages/SKILL.md", line: 6 },
      { pointer: "/skills/1/examples", source: "sidecar", file: "writing-commit-messages/agents/a2a.yaml", line: 3 },
    ],
    diagnostics: [],
    status: "unapproved",
    changes: [],
    signing: { keys: 0, checks: [] },
    ...patch,
  };
}

function backend(reviews: () => CardReview[], overrides: Record<string, (args: Args) => unknown> = {}) {
  const calls: [string, Args][] = [];
  mockIPC((cmd, payload?: InvokeArgs) => {
    const args = (payload ?? {}) as Args;
    calls.push([cmd, args]);
    const handler = overrides[cmd];
    if (handler) return handler(args);
    if (cmd === "agent_cards") return reviews();
    if (cmd === "card_server_status") return null;
    return null;
  });
  return calls;
}

describe("Agent Cards view", () => {
  afterEach(() => clearMocks());

  it("lists every agent with its approval status and finding counts", async () => {
    backend(() => [
      review("registry-publisher", { diagnostics: [noTags, misroute] }),
      review("agent-card-reviewer", { status: "approved", approval: { agent: "agent-card-reviewer", version: "1.1.0", sha256: "ab".repeat(32), approvedBy: "Ada <ada@example.com>", approvedAt: "2026-06-01T10:00:00Z" } }),
      review("skill-author-coach", { status: "changed" }),
    ]);
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    const picks = await screen.findAllByTestId("agent-pick");
    expect(picks.map((p) => p.dataset.agent)).toEqual(["registry-publisher", "agent-card-reviewer", "skill-author-coach"]);
    expect(picks.map((p) => within(p).getByTestId("agent-status").textContent)).toEqual(["Not approved", "Approved", "Changed since approval"]);
    expect(picks[0]!.textContent).toContain("1 error");
    expect(picks[0]!.textContent).toContain("1 warning");
    expect(picks[1]!.textContent).toContain("no findings");
    // The first agent is selected and its card shown.
    expect(picks[0]!.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("rendered-card").textContent).toContain("The registry-publisher agent.");
  });

  it("shows a finding; a click marks the part of the card it concerns, and Open file opens the skill", async () => {
    backend(() => [review("registry-publisher", { diagnostics: [misroute] })]);
    const open = vi.fn();
    renderInApp(<CardsView view={view()} onOpenFile={open} />);
    const finding = await screen.findByTestId("card-finding");
    expect(finding.dataset.code).toBe("card.example-misroute");
    expect(finding.textContent).toContain("reads more like skill");
    expect(finding.textContent).toContain("Fix: reword the example");
    expect(document.querySelector('[data-target="true"]')).toBeNull();

    await userEvent.click(within(finding).getByTitle("Show this in the card"));
    const marked = document.querySelector<HTMLElement>('[data-target="true"]');
    expect(marked?.dataset.pointer).toBe("/skills/1/examples/0");
    expect(marked?.textContent).toBe("first example");
    expect(marked?.className).toContain("card-target");

    await userEvent.click(within(finding).getByTestId("finding-open"));
    expect(open).toHaveBeenCalledWith("writing-commit-messages/SKILL.md", 8);
  });

  it("shows where values came from", async () => {
    backend(() => [review("registry-publisher")]);
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    await screen.findByTestId("rendered-card");
    const captions = screen.getAllByTestId("source-caption").map((c) => [c.dataset.source, c.textContent, c.getAttribute("title")]);
    expect(captions).toContainEqual(["skill-metadata", "from metadata", "Read from writing-commit-messages/SKILL.md:6"]);
    expect(captions).toContainEqual(["sidecar", "from sidecar agents/a2a.yaml", "Read from writing-commit-messages/agents/a2a.yaml:3"]);
  });

  it("offers one default for every skill without tags, sets it, and shows the new reviews", async () => {
    const second = { ...noTags, pointer: "/skills/1/tags", message: "skill `writing-commit-messages` has no tags" };
    const calls = backend(() => [review("registry-publisher", { diagnostics: [noTags, second] })], {
      set_card_default_tags: () => [review("registry-publisher")],
    });
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    const panel = await screen.findByTestId("default-tags");
    expect(panel.textContent).toContain("2 skills have no tags");
    const set = within(panel).getByTestId("default-tags-set") as HTMLButtonElement;
    expect(set.disabled).toBe(true);
    await userEvent.type(within(panel).getByTestId("default-tags-input"), " engineering, git,, git ");
    await userEvent.click(set);
    expect(calls).toContainEqual(["set_card_default_tags", { tags: ["engineering", "git"] }]);
    await waitFor(() => expect(screen.queryByTestId("default-tags")).toBeNull());
    expect(screen.queryAllByTestId("card-finding")).toHaveLength(0);
  });

  it("does not offer the default for a single skill without tags", async () => {
    backend(() => [review("registry-publisher", { diagnostics: [noTags] })]);
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    await screen.findByTestId("card-finding");
    expect(screen.queryByTestId("default-tags")).toBeNull();
  });

  it("disables Approve with the reason while the card has errors", async () => {
    const calls = backend(() => [review("registry-publisher", { diagnostics: [noTags] })]);
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    const approve = await screen.findByTestId("approve");
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("approve-reason").textContent).toContain("Fix the 1 error");
    await userEvent.click(approve);
    expect(calls.some(([cmd]) => cmd === "approve_card")).toBe(false);
  });

  it("approves a card without errors and shows who approved it, when, and the hash", async () => {
    const approved = review("registry-publisher", {
      status: "approved",
      sha256: "f0e1d2c3b4a5968778695a4b3c2d1e0f00112233445566778899aabbccddeeff",
      approval: { agent: "registry-publisher", version: "1.0.0", sha256: "f0e1d2c3b4a5968778695a4b3c2d1e0f00112233445566778899aabbccddeeff", approvedBy: "Ada <ada@example.com>", approvedAt: "2026-06-01T10:00:00Z" },
    });
    const calls = backend(() => [review("registry-publisher", { diagnostics: [misroute] })], { approve_card: () => approved });
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    const approve = await screen.findByTestId("approve");
    expect((approve as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(approve);
    expect(calls).toContainEqual(["approve_card", { agent: "registry-publisher" }]);
    const by = await screen.findByTestId("approved-by");
    expect(by.textContent).toContain("Approved by Ada <ada@example.com>");
    expect(screen.getByTestId("approved-sha").textContent).toBe("f0e1d2c3b4a5…");
    expect(screen.getByTestId("agent-status").textContent).toBe("Approved");
    expect((screen.getByTestId("approve") as HTMLButtonElement).disabled).toBe(true);
  });

  const approval = { agent: "registry-publisher", version: "1.0.0", sha256: "ab".repeat(32), approvedBy: "Ada <ada@example.com>", approvedAt: "2026-06-01T10:00:00Z" };
  const kid = "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k";
  /** registry-publisher approved, its signatures checked as given, against a set of one key. */
  const signed = (checks: SignatureCheck[]) => review("registry-publisher", { status: "approved", approval, signing: { keys: 1, checks } });

  it("says who signed the approved card and that each signature verified", async () => {
    backend(() => [
      signed([{ index: 0, kid, alg: "EdDSA", jku: "https://agents.example.com/.well-known/jwks.json", outcome: "verified", message: "signature 0 verified" }]),
    ]);
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    const signing = await screen.findByTestId("signing");
    expect(signing.dataset.state).toBe("verified");
    const line = within(signing).getByTestId("signature");
    expect(line.textContent).toContain("Signed by Ada <ada@example.com> with EdDSA key kPrK_qmxVWaY…: verified against cards/jwks.json");
    expect(line.textContent).toContain("https://agents.example.com/.well-known/jwks.json, not fetched");
    expect((screen.getByTestId("approve") as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows a signature that fails with its reason", async () => {
    backend(() => [
      signed([
        { index: 0, kid, alg: "EdDSA", outcome: "verified", message: "ok" },
        { index: 1, kid: "old", alg: "ES256", outcome: "unknown-kid", message: "signature 1 names the key `old`, which is not in the catalogue's cards/jwks.json" },
      ]),
    ]);
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    const signing = await screen.findByTestId("signing");
    expect(signing.dataset.state).toBe("failed");
    const lines = within(signing).getAllByTestId("signature");
    expect(lines.map((l) => l.dataset.outcome)).toEqual(["verified", "unknown-kid"]);
    expect(lines[1]!.textContent).toBe("Signature 2 failed: signature 1 names the key `old`, which is not in the catalogue's cards/jwks.json");
  });

  it("offers to sign an approval made before the catalogue had a key, and says when there is none", async () => {
    const unsigned = review("registry-publisher", { status: "approved", approval, signing: { keys: 1, checks: [] } });
    const calls = backend(() => [unsigned], { approve_card: () => unsigned });
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    expect((await screen.findByTestId("signing")).textContent).toContain("approved before the catalogue had a signing key");
    const button = screen.getByTestId("approve") as HTMLButtonElement;
    expect(button.textContent).toBe("Sign approval");
    expect(button.disabled).toBe(false);
    await userEvent.click(button);
    expect(calls).toContainEqual(["approve_card", { agent: "registry-publisher" }]);
    clearMocks();
  });

  it("says an approval is not signed when the catalogue has no key, and why a broken key set stops the check", async () => {
    backend(() => [
      review("registry-publisher", { status: "approved", approval }),
      review("skill-author-coach", { status: "approved", approval: { ...approval, agent: "skill-author-coach" }, signing: { keys: 0, keySetProblem: "cards/jwks.json: the key set is not JSON: EOF", checks: [] } }),
    ]);
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    const signing = await screen.findByTestId("signing");
    expect(signing.dataset.state).toBe("unsigned");
    expect(signing.textContent).toContain("skillhouse keys new");
    expect((screen.getByTestId("approve") as HTMLButtonElement).textContent).toBe("Approved");
    await userEvent.click(screen.getAllByTestId("agent-pick")[1]!);
    const broken = await screen.findByTestId("signing");
    expect(broken.dataset.state).toBe("key-set-problem");
    expect(broken.textContent).toContain("the key set is not JSON");
  });

  it("shows an AppError from approve_card as its sentence", async () => {
    backend(() => [review("registry-publisher")], {
      approve_card: () => {
        throw { code: "card.has-errors", message: "the card has 1 error", details: null };
      },
    });
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    await userEvent.click(await screen.findByTestId("approve"));
    const toast = await screen.findByTestId("error-toast");
    expect(toast.dataset.code).toBe("card.has-errors");
    expect(toast.textContent).toContain("cannot be approved while it has errors");
  });

  it("shows the changes since approval when the card changed", async () => {
    backend(() => [
      review("registry-publisher", {
        status: "changed",
        approval: { agent: "registry-publisher", version: "1.0.0", sha256: "cd".repeat(32), approvedBy: "Ada", approvedAt: "2026-06-01T10:00:00Z" },
        changes: [{ path: "skills[id=writing-commit-messages].tags[1]", kind: "changed", before: "commits", after: "history" }],
      }),
    ]);
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    const row = await screen.findByTestId("card-change");
    expect(row.dataset.kind).toBe("changed");
    expect(row.textContent).toContain("skills[id=writing-commit-messages].tags[1]");
    expect(row.textContent).toContain("commits");
    expect(row.textContent).toContain("history");
    expect(screen.getByTestId("approve").textContent).toBe("Approve changes");
  });

  it("switching the dialect asks Rust for that dialect's text", async () => {
    const calls = backend(() => [review("registry-publisher")], { card_text: () => '{\n  "protocolVersion": "0.3.0"\n}\n' });
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    const json = await screen.findByTestId("card-json");
    expect(json.textContent).toContain('"name": "registry-publisher"');
    await userEvent.click(screen.getByTestId("dialect-0.3"));
    expect(calls).toContainEqual(["card_text", { agent: "registry-publisher", dialect: "0.3" }]);
    await waitFor(() => expect(screen.getByTestId("card-json").textContent).toContain('"protocolVersion": "0.3.0"'));
  });

  it("reads the cards again when the catalogue changes", async () => {
    let reviews = [review("registry-publisher", { diagnostics: [misroute] })];
    backend(() => reviews);
    const { rerender } = renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    await screen.findByTestId("card-finding");
    reviews = [review("registry-publisher")];
    rerender(<CardsView view={view()} onOpenFile={() => undefined} />);
    await waitFor(() => expect(screen.queryByTestId("card-finding")).toBeNull());
  });

  it("starts the card server on the chosen port and shows the URL", async () => {
    const calls = backend(() => [review("registry-publisher")], {
      start_card_server: (args) => ({ url: "http://127.0.0.1:43117", port: 43117, agent: args.agent, dialect: args.dialect }),
    });
    renderInApp(<CardsView view={view()} onOpenFile={() => undefined} />);
    await userEvent.click(await screen.findByTestId("serve-toggle"));
    expect(calls).toContainEqual(["start_card_server", { port: 0, agent: "registry-publisher", dialect: "1.0" }]);
    expect((await screen.findByTestId("serve-url")).textContent).toBe(
      "http://127.0.0.1:43117/agents/registry-publisher/.well-known/agent-card.json",
    );
    await userEvent.click(screen.getByTestId("serve-toggle"));
    expect(calls.some(([cmd]) => cmd === "stop_card_server")).toBe(true);
    await waitFor(() => expect(screen.queryByTestId("serve-url")).toBeNull());
  });
});

describe("card error codes", () => {
  it.each([
    ["card.has-errors", "cannot be approved", "Fix the errors"],
    ["card.unknown-agent", "no longer in the catalogue", "Reload the catalogue"],
    ["card.log-unreadable", "approved cards could not be read", "cards/approvals.json"],
    ["server.port-unavailable", "could not be served on that port", "0 to let Skillhouse pick"],
    ["card.unsignable", "could not be signed, so it was not approved", "skillhouse keys new"],
    ["card.not-approved", "no approval that is still current", "Approve it in the Agent Cards view"],
  ])("%s crosses IPC as itself and reads as a sentence with the next step", (code, title, next) => {
    const error = platform.toAppError({ code, message: "m", details: null });
    expect(error.code).toBe(code);
    const sentence = sentenceFor(error);
    expect(sentence.title).toContain(title);
    expect(sentence.next).toContain(next);
  });
});

describe("card model", () => {
  it("finds the deepest rendered part that holds a pointer", () => {
    const parts = ["/skills", "/skills/2", "/skills/2/examples", "/skills/2/examples/1", "/skills/12"];
    expect(targetFor(parts, "/skills/2/examples/1")).toBe("/skills/2/examples/1");
    expect(targetFor(parts, "/skills/2/name")).toBe("/skills/2");
    expect(targetFor(parts, "/skills/1")).toBe("/skills");
    expect(targetFor(parts, "/version")).toBeNull();
  });

  it("opens the skill's SKILL.md for a skill finding reported on the agent file", () => {
    const r = review("registry-publisher");
    expect(skillFileFor(r, noTags)).toEqual({ file: "migrating-legacy-frontmatter/SKILL.md", line: 2 });
    expect(skillFileFor(r, { ...noTags, pointer: "/version" })).toBeNull();
  });
});
