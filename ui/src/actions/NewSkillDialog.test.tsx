import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { NewSkillDialog } from "./NewSkillDialog";
import { renderInApp } from "../test/render";
import { detail } from "../test/fixtures";

describe("New skill dialog", () => {
  afterEach(() => {
    cleanup();
    clearMocks();
  });

  it("checks the name format before asking Rust", async () => {
    const calls: string[] = [];
    mockIPC((cmd) => {
      calls.push(cmd);
      return null;
    });
    renderInApp(<NewSkillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await userEvent.type(screen.getByTestId("new-skill-name"), "My_Skill");
    expect(screen.getByTestId("name-problem").textContent).toBe("Use lowercase letters only.");
    expect((screen.getByTestId("create-skill") as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it("shows Rust's skill.bad-name message and its suggestion, which can be taken", async () => {
    const created = vi.fn();
    mockIPC((cmd, args) => {
      if (cmd !== "create_skill") return null;
      const name = (args as { name: string }).name;
      if (name === "claude-helper") {
        throw { code: "skill.bad-name", message: "`claude-helper` uses a reserved word", details: { suggestion: "helper" } };
      }
      return detail({ dir: name, name });
    });
    renderInApp(<NewSkillDialog onClose={() => undefined} onCreated={created} />);
    await userEvent.type(screen.getByTestId("new-skill-name"), "claude-helper");
    await userEvent.click(screen.getByTestId("create-skill"));
    const error = await screen.findByTestId("name-error");
    expect(error.textContent).toContain("That is not a valid skill name.");
    expect(error.textContent).toContain("uses a reserved word");
    expect(error.textContent).toContain("Suggestion: helper");
    await userEvent.click(screen.getByRole("button", { name: "Use it" }));
    expect((screen.getByTestId("new-skill-name") as HTMLInputElement).value).toBe("helper");
    await userEvent.click(screen.getByTestId("create-skill"));
    await waitFor(() => expect(created).toHaveBeenCalledWith(expect.objectContaining({ dir: "helper" })));
  });
});
