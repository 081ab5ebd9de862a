import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import type { InvokeArgs } from "@tauri-apps/api/core";
import { SkillEditor } from "./SkillEditor";
import { renderInApp } from "../test/render";
import { check, detail, pdfText, setFieldLine } from "../test/fixtures";
import type { Diagnostic } from "../bindings/Diagnostic";

type Args = Record<string, unknown>;

function renderEditor() {
  return renderInApp(
    <SkillEditor
      dir="pdf-tools"
      row={null}
      focus={null}
      changeTick={0}
      onDirtyChange={() => undefined}
      onSaved={() => undefined}
      onRenamed={() => undefined}
      onDeleted={() => undefined}
    />,
  );
}

/** check_draft as Rust would answer for these tests: a name diagnostic when the name is bad. */
function checkOf(text: string) {
  const name = /^name: (.*)$/m.exec(text)?.[1] ?? "";
  const diagnostics: Diagnostic[] = /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)
    ? []
    : [{ code: "name.format", severity: "error", message: `\`${name}\` is not a valid name`, file: "pdf-tools/SKILL.md", line: 2, column: 7, pointer: "/name", hint: "use lowercase letters, digits and hyphens" }];
  return check({ diagnostics, frontmatter: { name, description: "Extracts text from PDF files. Use when the user asks to read a PDF." } });
}

/**
 * set_field as Rust quotes: a value that is empty or has spaces at either end is written
 * double-quoted, and a node that is double-quoted already keeps its quotes.
 */
function setFieldQuoting(text: string, pointer: string, value: string): string {
  const old = new RegExp(`^${pointer.slice(1)}: (.*)$`, "m").exec(text)?.[1] ?? "";
  const quoted = old.startsWith('"') || value === "" || value.trim() !== value;
  return setFieldLine(text, pointer, quoted ? JSON.stringify(value) : value);
}

describe("Skill editor", () => {
  afterEach(() => {
    cleanup(); // unmount (and unsubscribe) while the mocks are still there
    clearMocks();
  });

  it("shows a diagnostic next to `name` after typing a bad name", async () => {
    const calls: string[] = [];
    mockIPC((cmd, payload?: InvokeArgs) => {
      const args = payload as Args;
      calls.push(cmd);
      if (cmd === "get_skill") return detail({ text: detail().text.replace("PDF_Tools", "pdf-tools"), check: checkOf("name: pdf-tools") });
      if (cmd === "set_field") return setFieldLine(args.text as string, args.pointer as string, args.value as string | null);
      if (cmd === "check_draft") return checkOf(args.text as string);
      return null;
    });
    renderEditor();
    const input = await screen.findByTestId("field-name");
    const nameField = input.closest<HTMLElement>("[data-field]")!;
    expect(within(nameField).queryAllByTestId("diagnostic")).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, "PDF Tools");

    await waitFor(() => {
      const shown = within(nameField).getAllByTestId("diagnostic");
      expect(shown.map((d) => d.dataset.code)).toEqual(["name.format"]);
      // The check of the whole typed name (earlier, partial checks may arrive first).
      expect(within(nameField).getByText("PDF Tools").tagName).toBe("CODE");
    });
    // Only the name field carries it.
    const description = screen.getByTestId("field-description").closest<HTMLElement>("[data-field]")!;
    expect(within(description).queryAllByTestId("diagnostic")).toHaveLength(0);
    expect(calls).toContain("set_field");
    expect(calls).toContain("check_draft");
    expect((screen.getByTestId("save") as HTMLButtonElement).disabled).toBe(false);
  });

  it("says which symlinks also lead to the skill, and nothing when none do", async () => {
    const aliases = [".claude/skills/pdf-tools", ".codex/skills/pdf-tools"];
    mockIPC((cmd) => (cmd === "get_skill" ? detail({ aliases }) : cmd === "check_draft" ? check() : null));
    renderEditor();
    const shown = await screen.findByTestId("aliases");
    expect(shown.textContent).toBe("also linked from .claude/skills/pdf-tools, .codex/skills/pdf-tools");
    cleanup();
    clearMocks();
    mockIPC((cmd) => (cmd === "get_skill" ? detail() : cmd === "check_draft" ? check() : null));
    renderEditor();
    await screen.findByTestId("skill-editor");
    expect(screen.queryByTestId("aliases")).toBeNull();
  });

  it("on a save conflict, shows both versions and “keep mine” saves again on the disk's hash", async () => {
    const saves: Args[] = [];
    const diskText = detail().text.replace("Extracts text", "Extracts TEXT");
    mockIPC((cmd, payload?: InvokeArgs) => {
      const args = payload as Args;
      if (cmd === "get_skill") return detail();
      if (cmd === "set_field") return setFieldLine(args.text as string, args.pointer as string, args.value as string | null);
      if (cmd === "check_draft") return check();
      if (cmd === "save_skill") {
        saves.push(args);
        if (saves.length === 1) {
          throw {
            code: "save.conflict",
            message: "`pdf-tools/SKILL.md` changed on disk",
            details: { disk_text: diskText, disk_sha256: "sha-disk" },
          };
        }
        return { sha256: "sha-saved", detail: detail({ text: args.text as string, sha256: "sha-saved" }) };
      }
      return null;
    });
    renderEditor();
    await userEvent.type(await screen.findByTestId("field-license"), "MIT");
    await waitFor(() => expect((screen.getByTestId("save") as HTMLButtonElement).disabled).toBe(false));

    await userEvent.click(screen.getByTestId("save"));
    const dialog = await screen.findByTestId("conflict-dialog");
    expect(within(dialog).getByTestId("conflict-mine-text").textContent).toContain("license: MIT");
    expect(within(dialog).getByTestId("conflict-disk-text").textContent).toContain("Extracts TEXT");
    expect(saves[0]).toMatchObject({ dir: "pdf-tools", baseSha256: "sha-open" });

    await userEvent.click(within(dialog).getByTestId("conflict-mine"));
    await waitFor(() => expect(screen.queryByTestId("conflict-dialog")).toBeNull());
    expect(saves).toHaveLength(2);
    expect(saves[1]).toMatchObject({ dir: "pdf-tools", baseSha256: "sha-disk" });
    expect(saves[1]?.text).toContain("license: MIT");
    expect(screen.getByTestId("save").textContent).toBe("Saved");
  });

  it("undo and redo walk the draft history", async () => {
    mockIPC((cmd, payload?: InvokeArgs) => {
      const args = payload as Args;
      if (cmd === "get_skill") return detail();
      if (cmd === "set_field") return setFieldLine(args.text as string, args.pointer as string, args.value as string | null);
      if (cmd === "check_draft") return check();
      return null;
    });
    renderEditor();
    await userEvent.type(await screen.findByTestId("field-license"), "MIT");
    await waitFor(() => expect((screen.getByTestId("undo") as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(screen.getByTestId("undo"));
    await waitFor(() => expect(screen.getByTestId("save").textContent).toBe("Saved"));
    await userEvent.click(screen.getByTestId("redo"));
    await waitFor(() => expect(screen.getByTestId("save").textContent).toBe("Save"));
    // Ctrl+Z outside a text field undoes too.
    await userEvent.click(screen.getByTestId("tab-form"));
    await userEvent.keyboard("{Control>}z{/Control}");
    await waitFor(() => expect(screen.getByTestId("save").textContent).toBe("Saved"));
  });

  it("quotes a typed value as the field was before typing, not as a half-typed value needed", async () => {
    const edited: string[] = [];
    const checked: string[] = [];
    mockIPC((cmd, payload?: InvokeArgs) => {
      const args = payload as Args;
      if (cmd === "get_skill") return detail();
      if (cmd === "set_field") {
        edited.push(args.text as string);
        return setFieldQuoting(args.text as string, args.pointer as string, args.value as string);
      }
      if (cmd === "check_draft") {
        checked.push(args.text as string);
        return check();
      }
      return null;
    });
    renderEditor();
    const input = await screen.findByTestId("field-description");
    await userEvent.clear(input);
    await userEvent.type(input, "a b"); // on the way: "" and "a " need quotes, "a b" does not

    await waitFor(() => expect(checked.at(-1)).toContain("\ndescription: a b\n"));
    // Every keystroke of the run was applied to the text from before the run.
    expect(edited).toHaveLength(4);
    expect(edited.every((text) => text === pdfText)).toBe(true);

    // The run is one undo step, and undo leaves no quoting behind.
    await userEvent.click(screen.getByTestId("undo"));
    await waitFor(() => expect(screen.getByTestId("save").textContent).toBe("Saved"));
    await userEvent.click(screen.getByTestId("redo"));
    await waitFor(() => expect(screen.getByTestId("save").textContent).toBe("Save"));
  });
});
