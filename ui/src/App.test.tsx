import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { emit } from "@tauri-apps/api/event";
import type { InvokeArgs } from "@tauri-apps/api/core";
import { App } from "./App";
import { detail, row, view } from "./test/fixtures";

type Args = Record<string, unknown>;

function backend(overrides: Record<string, (args: Args) => unknown> = {}) {
  const calls: [string, Args][] = [];
  mockIPC(
    (cmd, payload?: InvokeArgs) => {
      const args = (payload ?? {}) as Args;
      calls.push([cmd, args]);
      const handler = overrides[cmd];
      if (handler) return handler(args);
      if (cmd === "open_catalogue") return view();
      if (cmd === "get_skill") return detail();
      if (cmd === "recent_catalogues") return [];
      return null;
    },
    { shouldMockEvents: true },
  );
  return calls;
}

describe("App", () => {
  afterEach(() => {
    cleanup(); // unmount (and unsubscribe) while the mocks are still there
    clearMocks();
  });

  it("opens the last catalogue at start, with the progress indicator meanwhile", async () => {
    const calls = backend();
    render(<App />);
    expect(screen.getByTestId("indexing")).toBeTruthy();
    await screen.findAllByTestId("skill-row");
    expect(screen.queryByTestId("indexing")).toBeNull();
    expect(calls[0]).toEqual(["open_catalogue", { path: null }]);
    expect(screen.getByTestId("catalogue-path").textContent).toContain("/home/me/skills");
  });

  it("clicking a diagnostic with a pointer opens the skill's Form tab at that field", async () => {
    backend();
    render(<App />);
    await screen.findAllByTestId("skill-row");
    await userEvent.click(screen.getByTestId("nav-diagnostics"));
    const item = screen.getAllByTestId("diagnostic").find((d) => d.dataset.code === "name.format")!;
    await userEvent.click(item);

    const editor = await screen.findByTestId("skill-editor");
    expect(editor.dataset.dir).toBe("pdf-tools");
    expect(screen.getByTestId("tab-form").getAttribute("aria-selected")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("field-name")));
  });

  it("clicking a diagnostic with only a line opens the text tab at that line", async () => {
    backend();
    render(<App />);
    await screen.findAllByTestId("skill-row");
    await userEvent.click(screen.getByTestId("nav-diagnostics"));
    const item = screen.getAllByTestId("diagnostic").find((d) => d.dataset.code === "body.broken-link")!;
    await userEvent.click(item);
    await screen.findByTestId("skill-editor");
    // Line 7 is in the body (which starts at line 5).
    await waitFor(() => expect(screen.getByTestId("tab-body").getAttribute("aria-selected")).toBe("true"));
    const body = await screen.findByTestId("body-editor");
    await waitFor(() => expect(body.querySelector(".cm-activeLineGutter")?.textContent).toBe("7"));
  });

  it("clicking a diagnostic about a resource opens the skill's Files tab", async () => {
    const resource = { code: "budget.resource", severity: "warning" as const, message: "too long", file: "pdf-tools/references/big.md", line: 1, column: 1 };
    backend({ open_catalogue: () => view({ diagnostics: [resource] }) });
    render(<App />);
    await screen.findAllByTestId("skill-row");
    await userEvent.click(screen.getByTestId("nav-diagnostics"));
    await userEvent.click(screen.getByTestId("diagnostic"));
    await screen.findByTestId("skill-editor");
    await waitFor(() => expect(screen.getByTestId("tab-files").getAttribute("aria-selected")).toBe("true"));
  });

  it("shows an AppError as a sentence with the next step, never as JSON", async () => {
    backend({
      open_catalogue: () => {
        throw { code: "catalogue.not-found", message: "`/gone` does not exist", details: { path: "/gone" } };
      },
    });
    render(<App />);
    const toast = await screen.findByTestId("error-toast");
    expect(toast.textContent).toContain("That folder could not be opened as a catalogue.");
    expect(toast.textContent).toContain("choose it again");
    expect(toast.textContent).not.toContain("{");
    expect(within(toast).getByRole("button", { name: "Open folder…" })).toBeTruthy();
  });

  it("refreshes the list when the catalogue changes on disk", async () => {
    backend();
    render(<App />);
    await screen.findAllByTestId("skill-row");
    const next = view();
    next.skills = [...next.skills, row("writing-commit-messages")];
    await emit("catalogue-changed", next);
    await waitFor(() =>
      expect(screen.getAllByTestId("skill-row").map((r) => r.dataset.name)).toContain("writing-commit-messages"),
    );
  });

  it("reloads the open skill when it changed on disk and has no unsaved changes", async () => {
    let sha = "sha-open";
    backend({ get_skill: () => detail({ sha256: sha, text: sha === "sha-open" ? detail().text : detail().text.replace("# PDF tools", "# PDF tools v2") }) });
    render(<App />);
    await userEvent.click((await screen.findAllByTestId("skill-row"))[1]!);
    await screen.findByTestId("skill-editor");
    sha = "sha-changed";
    await emit("catalogue-changed", view());
    await userEvent.click(screen.getByTestId("tab-files"));
    await userEvent.click(screen.getByTestId("tab-body"));
    await waitFor(() => expect(screen.getByTestId("body-editor").textContent).toContain("PDF tools v2"));
    expect(screen.queryByTestId("disk-notice")).toBeNull();
  });
});
