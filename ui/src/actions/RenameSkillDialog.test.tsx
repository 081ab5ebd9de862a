import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { RenameSkillDialog } from "./RenameSkillDialog";
import { renderInApp } from "../test/render";
import { view } from "../test/fixtures";

describe("Rename dialog", () => {
  afterEach(() => {
    cleanup();
    clearMocks();
  });

  it("waits for a new valid name, shows skill.exists under the field, then renames", async () => {
    const renamed = vi.fn();
    mockIPC((cmd, args) => {
      if (cmd !== "rename_skill") return null;
      if ((args as { newName: string }).newName === "naming-skills") {
        throw { code: "skill.exists", message: "`naming-skills` exists already", details: null };
      }
      return view();
    });
    renderInApp(<RenameSkillDialog dir="pdf-tools" name="pdf-tools" onClose={() => undefined} onRenamed={renamed} />);
    const confirm = screen.getByTestId("rename-confirm") as HTMLButtonElement;
    expect(confirm.disabled).toBe(true); // the old name

    const input = screen.getByTestId("rename-name");
    await userEvent.clear(input);
    await userEvent.type(input, "naming-skills");
    await userEvent.click(confirm);
    expect((await screen.findByTestId("name-error")).textContent).toContain("exists already");

    await userEvent.clear(input);
    await userEvent.type(input, "pdf-reader{Enter}");
    await waitFor(() => expect(renamed).toHaveBeenCalledWith(expect.objectContaining({ root: "/home/me/skills" }), "pdf-reader"));
    expect(screen.queryByTestId("name-error")).toBeNull();
  });
});
