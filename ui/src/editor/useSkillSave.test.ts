import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook, screen } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { detail } from "../test/fixtures";
import { InApp } from "../test/render";
import { useSkillSave } from "./useSkillSave";

const saved = detail({ sha256: "sha-saved", text: "as Rust saved it" });
const onDisk = detail({ sha256: "sha-disk", text: "theirs" });
const conflict = { code: "save.conflict", message: "`pdf-tools/SKILL.md` changed on disk", details: { disk_text: "theirs", disk_sha256: "sha-disk" } };

function renderSave() {
  let draft = "mine";
  const calls = {
    replace: vi.fn(),
    commit: vi.fn(),
    setDetail: vi.fn(),
    endRun: vi.fn(),
    onSaved: vi.fn(),
    onSynced: vi.fn(),
  };
  const current = () => draft;
  const hook = renderHook(() => useSkillSave({ dir: "pdf-tools", current, ...calls }), { wrapper: InApp });
  return { calls, hook, type: (text: string) => (draft = text) };
}

describe("useSkillSave", () => {
  let saves: unknown[];
  let answers: unknown[]; // what each save_skill answers, in turn: a SaveResult, or an error to throw
  let release: (() => void) | null;

  beforeEach(() => {
    saves = [];
    answers = [];
    release = null;
    mockIPC(async (cmd, payload) => {
      if (cmd === "get_skill") return onDisk;
      if (cmd !== "save_skill") return null;
      saves.push(payload);
      await new Promise<void>((resolve) => (release = resolve));
      const answer = answers.shift();
      if (answer && typeof answer === "object" && "code" in answer) throw answer;
      return answer;
    });
  });

  afterEach(() => clearMocks());

  /** Starts save(base), lets Rust answer with `answer`, and waits for the save to finish. */
  async function saveWith(result: ReturnType<typeof renderSave>["hook"]["result"], base: string, answer: unknown) {
    answers.push(answer);
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.save(base);
    });
    expect(result.current.saving).toBe(true);
    await act(async () => {
      await vi.waitFor(() => expect(release).not.toBeNull());
      release!();
      release = null;
      await done;
    });
    expect(result.current.saving).toBe(false);
  }

  it("saves the draft on the given hash and takes the text Rust saved", async () => {
    const { calls, hook } = renderSave();
    await saveWith(hook.result, "sha-open", { sha256: "sha-saved", detail: saved });
    expect(saves).toEqual([{ dir: "pdf-tools", text: "mine", baseSha256: "sha-open" }]);
    expect(calls.setDetail).toHaveBeenCalledExactlyOnceWith(saved);
    expect(calls.replace).toHaveBeenCalledExactlyOnceWith("as Rust saved it");
    expect(calls.endRun).toHaveBeenCalledOnce();
    expect(calls.onSynced).toHaveBeenCalledOnce();
    expect(calls.onSaved).toHaveBeenCalledOnce();
    expect(hook.result.current.conflict).toBeNull();
  });

  it("keeps what was typed while the save was under way", async () => {
    const { calls, hook, type } = renderSave();
    answers.push({ sha256: "sha-saved", detail: saved });
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = hook.result.current.save("sha-open");
    });
    type("mine, and more");
    await act(async () => {
      await vi.waitFor(() => expect(release).not.toBeNull());
      release!();
      await done;
    });
    expect(calls.setDetail).toHaveBeenCalledExactlyOnceWith(saved);
    expect(calls.replace).not.toHaveBeenCalled();
  });

  it("on a conflict, holds both versions; keeping mine saves again on the disk's hash", async () => {
    const { calls, hook } = renderSave();
    await saveWith(hook.result, "sha-open", conflict);
    expect(hook.result.current.conflict).toEqual({ mine: "mine", disk: "theirs", diskSha256: "sha-disk" });
    expect(calls.setDetail).not.toHaveBeenCalled();
    expect(calls.onSaved).not.toHaveBeenCalled();
    expect(screen.queryByTestId("error-toast")).toBeNull(); // the dialog says it, not a toast

    await saveWith(hook.result, hook.result.current.conflict!.diskSha256, { sha256: "sha-saved", detail: saved });
    expect(saves).toEqual([
      { dir: "pdf-tools", text: "mine", baseSha256: "sha-open" },
      { dir: "pdf-tools", text: "mine", baseSha256: "sha-disk" },
    ]);
    expect(hook.result.current.conflict).toBeNull();
    expect(calls.onSaved).toHaveBeenCalledOnce();
  });

  it("reports any other failure", async () => {
    const { calls, hook } = renderSave();
    await saveWith(hook.result, "sha-open", { code: "io", message: "disk full", details: null });
    expect((await screen.findByTestId("error-toast")).dataset.code).toBe("io");
    expect(hook.result.current.conflict).toBeNull();
    expect(calls.onSaved).not.toHaveBeenCalled();
  });

  it("taking the disk's version reads it, as an undo step, and ends the conflict", async () => {
    const { calls, hook } = renderSave();
    await saveWith(hook.result, "sha-open", conflict);
    await act(() => hook.result.current.takeDisk(null));
    expect(calls.setDetail).toHaveBeenCalledExactlyOnceWith(onDisk);
    expect(calls.commit).toHaveBeenCalledExactlyOnceWith("theirs", null);
    expect(calls.replace).not.toHaveBeenCalled();
    expect(calls.endRun).toHaveBeenCalledOnce();
    expect(calls.onSynced).toHaveBeenCalledOnce();
    expect(hook.result.current.conflict).toBeNull();

    const fresh = detail({ sha256: "sha-fresh", text: "fresher" });
    await act(() => hook.result.current.takeDisk(fresh));
    expect(calls.setDetail).toHaveBeenLastCalledWith(fresh);
    expect(calls.commit).toHaveBeenLastCalledWith("fresher", null);
  });
});
