import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import type { DraftCheck } from "../bindings/DraftCheck";
import { check } from "../test/fixtures";
import { CHECK_DEBOUNCE_MS, useDraftCheck } from "./useDraftCheck";

/** A check that says which text it is of. */
const checkOf = (text: string): DraftCheck => check({ bodyHtml: `<p>${text}</p>` });
const saved = { text: "saved", check: checkOf("saved") };

function renderCheck() {
  return renderHook(({ draft }) => useDraftCheck("pdf-tools", draft, saved), { initialProps: { draft: saved.text } });
}

/** Runs the timers due in `ms`, and the promises they settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("useDraftCheck", () => {
  let asked: { dir: string; text: string }[];
  /** Answers check_draft for a text, when the test says so. */
  let answer: Map<string, () => void>;

  beforeEach(() => {
    vi.useFakeTimers();
    asked = [];
    answer = new Map();
    mockIPC((cmd, payload) => {
      if (cmd !== "check_draft") return null;
      const args = payload as { dir: string; text: string };
      asked.push(args);
      return new Promise((resolve) => answer.set(args.text, () => resolve(checkOf(args.text))));
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    clearMocks();
  });

  it("asks Rust only once the draft has been still for CHECK_DEBOUNCE_MS", async () => {
    const { result, rerender } = renderCheck();
    expect(result.current).toEqual({ check: saved.check, checking: false });

    rerender({ draft: "a" });
    expect(result.current.checking).toBe(true);
    await advance(CHECK_DEBOUNCE_MS - 1);
    rerender({ draft: "ab" }); // typing on restarts the wait
    await advance(CHECK_DEBOUNCE_MS - 1);
    expect(asked).toEqual([]);

    await advance(1);
    expect(asked).toEqual([{ dir: "pdf-tools", text: "ab" }]);
    expect(result.current).toEqual({ check: saved.check, checking: true });

    await act(async () => answer.get("ab")!());
    expect(result.current).toEqual({ check: checkOf("ab"), checking: false });
  });

  it("asks nothing once unmounted: the pending check is cancelled", async () => {
    const { rerender, unmount } = renderCheck();
    rerender({ draft: "a" });
    await advance(CHECK_DEBOUNCE_MS - 1);
    unmount();
    await advance(10 * CHECK_DEBOUNCE_MS);
    expect(asked).toEqual([]);
  });

  it("drops an answer for an older draft that arrives after the newer one", async () => {
    const { result, rerender } = renderCheck();
    rerender({ draft: "a" });
    await advance(CHECK_DEBOUNCE_MS);
    rerender({ draft: "ab" });
    await advance(CHECK_DEBOUNCE_MS);
    expect(asked.map((a) => a.text)).toEqual(["a", "ab"]);

    await act(async () => answer.get("ab")!());
    await act(async () => answer.get("a")!());
    expect(result.current).toEqual({ check: checkOf("ab"), checking: false });
  });

  it("shows the saved text's own check, without asking, when the draft goes back to it", async () => {
    const { result, rerender } = renderCheck();
    rerender({ draft: "a" });
    await advance(CHECK_DEBOUNCE_MS);
    await act(async () => answer.get("a")!());
    expect(result.current.check).toEqual(checkOf("a"));

    rerender({ draft: saved.text });
    expect(result.current).toEqual({ check: saved.check, checking: false });
    await advance(10 * CHECK_DEBOUNCE_MS);
    expect(asked).toHaveLength(1);
  });
});
