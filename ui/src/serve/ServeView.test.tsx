import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import type { InvokeArgs } from "@tauri-apps/api/core";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { ServeView as Serving } from "../bindings/ServeView";
import { ServeView } from "./ServeView";
import { renderInApp } from "../test/render";
import { view } from "../test/fixtures";

type Args = Record<string, unknown>;

const brokenError: Diagnostic = {
  code: "yaml.syntax",
  severity: "error",
  message: "the frontmatter is not valid YAML",
  file: "broken-skill/SKILL.md",
  line: 3,
  column: 14,
};

function serving(patch: Partial<Serving> = {}): Serving {
  return {
    lineup: {
      served: [
        { name: "naming-skills", dir: "naming-skills", l1: 41 },
        { name: "writing-commit-messages", dir: "writing-commit-messages", l1: 37 },
      ],
      held: [{ name: "broken-skill", dir: "broken-skill", reason: "yaml.syntax: the frontmatter is not valid YAML (broken-skill/SKILL.md:3)" }],
    },
    clients: [
      { client: "claude-desktop", title: "Claude Desktop", place: "claude_desktop_config.json", kind: "json", snippet: '{"mcpServers": {"skillhouse": {"command": "/opt/skillhouse", "args": ["mcp", "/cat"]}}}\n' },
      { client: "claude-code", title: "Claude Code", place: "Run in a terminal", kind: "shell", snippet: "claude mcp add --scope user skillhouse -- /opt/skillhouse mcp /cat" },
      { client: "codex", title: "Codex", place: "~/.codex/config.toml", kind: "toml", snippet: '[mcp_servers.skillhouse]\ncommand = "/opt/skillhouse"\n' },
    ],
    command: "/opt/skillhouse",
    commandFound: true,
    ...patch,
  };
}

function backend(answer: () => Serving, overrides: Record<string, (args: Args) => unknown> = {}) {
  const calls: [string, Args][] = [];
  mockIPC((cmd, payload?: InvokeArgs) => {
    const args = (payload ?? {}) as Args;
    calls.push([cmd, args]);
    const handler = overrides[cmd];
    if (handler) return handler(args);
    if (cmd === "serve_view") return answer();
    return null;
  });
  return calls;
}

describe("Serve to agents", () => {
  afterEach(() => {
    clearMocks();
    vi.restoreAllMocks();
  });

  it("shows what is served, what errors hold back, and opens a held skill at its first error", async () => {
    backend(() => serving());
    const open = vi.fn();
    renderInApp(<ServeView view={view({ diagnostics: [brokenError] })} onOpenDiagnostic={open} />);
    expect((await screen.findByTestId("mcp-served-count")).textContent).toBe("Served: 2");
    const served = within(screen.getByTestId("mcp-served")).getAllByRole("listitem");
    expect(served.map((li) => li.textContent)).toEqual(["naming-skills41 tokens", "writing-commit-messages37 tokens"]);
    expect(screen.getByTestId("mcp-held-count").textContent).toBe("Held back by errors: 1");
    const held = screen.getByTestId("mcp-held");
    expect(held.textContent).toContain("yaml.syntax: the frontmatter is not valid YAML");
    await userEvent.click(within(held).getByRole("button", { name: "broken-skill" }));
    expect(open).toHaveBeenCalledWith(brokenError);
  });

  it("shows each client's snippet and copies the one chosen", async () => {
    backend(() => serving());
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderInApp(<ServeView view={view()} onOpenDiagnostic={() => undefined} />);
    const snippet = await screen.findByTestId("mcp-snippet");
    expect(snippet.textContent).toContain('"mcpServers"');
    await userEvent.click(screen.getByTestId("mcp-client-claude-code"));
    expect(screen.getByTestId("mcp-snippet").textContent).toBe("claude mcp add --scope user skillhouse -- /opt/skillhouse mcp /cat");
    expect(screen.getByTestId("mcp-snippet-place").textContent).toBe("Run in a terminal");
    await userEvent.click(screen.getByTestId("mcp-copy"));
    expect(writeText).toHaveBeenCalledWith("claude mcp add --scope user skillhouse -- /opt/skillhouse mcp /cat");
    expect(screen.getByTestId("mcp-copy").textContent).toBe("Copied");
    // Another client: the button offers to copy again.
    await userEvent.click(screen.getByTestId("mcp-client-codex"));
    expect(screen.getByTestId("mcp-copy").textContent).toBe("Copy");
  });

  it("switches the HTTP server on at the port typed and off again, showing its URL", async () => {
    let running = false;
    const calls = backend(() => serving(running ? { http: { url: "http://127.0.0.1:8787/mcp", port: 8787 } } : {}), {
      start_mcp_http: () => {
        running = true;
        return serving({ http: { url: "http://127.0.0.1:8787/mcp", port: 8787 } });
      },
      stop_mcp_http: () => {
        running = false;
        return serving();
      },
    });
    renderInApp(<ServeView view={view()} onOpenDiagnostic={() => undefined} />);
    const port = await screen.findByTestId("mcp-http-port");
    await userEvent.clear(port);
    await userEvent.type(port, "8787");
    await userEvent.click(screen.getByTestId("mcp-http-toggle"));
    expect((await screen.findByTestId("mcp-http-url")).textContent).toBe("http://127.0.0.1:8787/mcp");
    expect(calls).toContainEqual(["start_mcp_http", { port: 8787 }]);
    expect((screen.getByTestId("mcp-http-toggle") as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByTestId("mcp-http-toggle"));
    await waitFor(() => expect(screen.queryByTestId("mcp-http-url")).toBeNull());
    expect(calls.some(([c]) => c === "stop_mcp_http")).toBe(true);
  });

  it("refuses a port that is not one, and says when the server did not start", async () => {
    backend(() => serving(), {
      start_mcp_http: () => {
        throw { code: "serve.failed", message: "`skillhouse mcp --http 80` did not start: permission denied.", details: null };
      },
    });
    renderInApp(<ServeView view={view()} onOpenDiagnostic={() => undefined} />);
    const port = await screen.findByTestId("mcp-http-port");
    await userEvent.clear(port);
    await userEvent.type(port, "70000");
    expect((screen.getByTestId("mcp-http-toggle") as HTMLInputElement).disabled).toBe(true);
    await userEvent.clear(port);
    await userEvent.type(port, "80");
    await userEvent.click(screen.getByTestId("mcp-http-toggle"));
    const toast = await screen.findByTestId("error-toast");
    expect(toast.dataset.code).toBe("serve.failed");
    expect(toast.textContent).toContain("The MCP server did not start.");
    expect(toast.textContent).toContain("permission denied");
    expect(screen.queryByTestId("mcp-http-url")).toBeNull();
  });

  it("without a skillhouse program, says so and cannot switch HTTP on", async () => {
    backend(() => serving({ command: "skillhouse", commandFound: false }));
    renderInApp(<ServeView view={view()} onOpenDiagnostic={() => undefined} />);
    expect((await screen.findByTestId("mcp-no-cli")).textContent).toContain("No skillhouse program was found");
    expect((screen.getByTestId("mcp-http-toggle") as HTMLInputElement).disabled).toBe(true);
  });

  it("asks again after the catalogue changes", async () => {
    let held = 1;
    const calls = backend(() => {
      const s = serving();
      return { ...s, lineup: { ...s.lineup, held: s.lineup.held.slice(0, held) } };
    });
    const { rerender } = renderInApp(<ServeView view={view()} onOpenDiagnostic={() => undefined} />);
    await screen.findByTestId("mcp-held");
    held = 0;
    rerender(<ServeView view={view({ revision: "fixture-2" })} onOpenDiagnostic={() => undefined} />);
    await waitFor(() => expect(screen.queryByTestId("mcp-held")).toBeNull());
    expect(calls.filter(([c]) => c === "serve_view")).toHaveLength(2);
  });
});
