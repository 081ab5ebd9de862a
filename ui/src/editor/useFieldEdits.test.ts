import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { InApp } from "../test/render";
import { useFieldEdits } from "./useFieldEdits";

/** set_field for these tests: appends `pointer=value` to the text it was given. */
const edited = (text: string, pointer: string, value: unknown) => `${text}|${pointer}=${String(value)}`;

function renderEdits() {
  const state = { draft: "start" };
  const commit = vi.fn<(text: string, key: string | null) => void>((text) => {
    state.draft = text;
  });
  const hook = renderHook(() => useFieldEdits(() => state.draft, commit), { wrapper: InApp });
  return { state, commit, hook };
}

describe("useFieldEdits", () => {
  let bases: string[];

  beforeEach(() => {
    bases = [];
    mockIPC((cmd, payload) => {
      if (cmd !== "set_field") return null;
      const { text, pointer, value } = payload as { text: string; pointer: string; value: unknown };
      bases.push(text);
      if (value === "bad") throw { code: "edit.invalid", message: "not a value", details: null };
      return edited(text, pointer, value);
    });
  });

  afterEach(() => clearMocks());

  it("runs edits one at a time, each on the draft the one before left", async () => {
    const { state, commit, hook } = renderEdits();
    act(() => {
      hook.result.current.setFieldValue("/name", "a");
      hook.result.current.setFieldValue("/license", "MIT");
    });
    await waitFor(() => expect(commit).toHaveBeenCalledTimes(2));
    expect(bases).toEqual(["start", "start|/name=a"]);
    expect(state.draft).toBe("start|/name=a|/license=MIT");
    expect(commit.mock.calls.map((c) => c[1])).toEqual(["field:/name", "field:/license"]);
  });

  it("applies every keystroke of a run in one field to the text from before the run", async () => {
    const { state, commit, hook } = renderEdits();
    act(() => {
      for (const value of ["a", "a ", "a b"]) hook.result.current.setFieldValue("/description", value);
    });
    await waitFor(() => expect(commit).toHaveBeenCalledTimes(3));
    expect(bases).toEqual(["start", "start", "start"]);
    expect(state.draft).toBe("start|/description=a b");
  });

  it("starts a new run after endRun (a save or reload) and after any other change to the draft", async () => {
    const { state, commit, hook } = renderEdits();
    act(() => hook.result.current.setFieldValue("/name", "a"));
    await waitFor(() => expect(commit).toHaveBeenCalledTimes(1));
    act(() => hook.result.current.endRun());
    act(() => hook.result.current.setFieldValue("/name", "ab"));
    await waitFor(() => expect(commit).toHaveBeenCalledTimes(2));
    expect(bases).toEqual(["start", "start|/name=a"]);

    state.draft = "typed in YAML";
    act(() => hook.result.current.setFieldValue("/name", "abc"));
    await waitFor(() => expect(commit).toHaveBeenCalledTimes(3));
    expect(bases.at(-1)).toBe("typed in YAML");
  });

  it("reports a refused edit and goes on with the next", async () => {
    const { state, commit, hook } = renderEdits();
    act(() => {
      hook.result.current.setFieldValue("/name", "bad");
      hook.result.current.setFieldValue("/license", "MIT");
    });
    await waitFor(() => expect(commit).toHaveBeenCalledTimes(1));
    expect(state.draft).toBe("start|/license=MIT");
    expect((await screen.findByTestId("error-toast")).dataset.code).toBe("edit.invalid");
  });
});
