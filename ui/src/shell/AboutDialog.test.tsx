import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import type { About } from "../bindings/About";
import { AboutDialog } from "./AboutDialog";
import { renderInApp } from "../test/render";

function answering(about: About | (() => never)) {
  const calls: string[] = [];
  mockIPC((cmd) => {
    calls.push(cmd);
    if (cmd !== "about") return null;
    return typeof about === "function" ? about() : about;
  });
  return calls;
}

describe("About", () => {
  afterEach(() => clearMocks());

  it("shows the version, the commit and the CLI that is the same build", async () => {
    const calls = answering({
      version: "0.1.0",
      commit: "0123456789ab",
      cli: { path: "/usr/bin/skillhouse", versionLine: "skillhouse 0.1.0 (commit 0123456789ab)", sameBuild: true },
    });
    renderInApp(<AboutDialog onClose={() => undefined} />);
    expect((await screen.findByTestId("about-version")).textContent).toContain("0.1.0");
    expect(screen.getByTestId("about-commit").textContent).toContain("0123456789ab");
    expect(screen.getByTestId("about-cli").textContent).toContain("/usr/bin/skillhouse");
    expect(screen.getByTestId("about-cli").textContent).toContain("The same build as this app");
    expect(calls).toEqual(["about"]);
  });

  it("warns when the CLI is another build, and when there is none", async () => {
    answering({
      version: "0.1.0",
      commit: "0123456789ab",
      cli: { path: "/home/me/.cargo/bin/skillhouse", versionLine: "skillhouse 0.0.9 (commit 89abcdef0123)", sameBuild: false },
    });
    const first = renderInApp(<AboutDialog onClose={() => undefined} />);
    expect(await screen.findByText(/A different build \(skillhouse 0\.0\.9 \(commit 89abcdef0123\)\)/)).toBeTruthy();
    first.unmount();
    clearMocks();
    answering({ version: "0.1.0", commit: "unknown" });
    renderInApp(<AboutDialog onClose={() => undefined} />);
    expect((await screen.findByTestId("about-cli")).textContent).toContain("No skillhouse program beside the app or on the PATH");
    expect(screen.getByTestId("about-commit").textContent).toContain("unknown");
  });

  it("says what failed, and closes with Escape", async () => {
    answering(() => {
      throw { code: "internal", message: "the build could not be read", details: null };
    });
    const onClose = vi.fn();
    renderInApp(<AboutDialog onClose={onClose} />);
    expect(await screen.findByText("the build could not be read")).toBeTruthy();
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledOnce();
  });
});
