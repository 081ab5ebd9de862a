import { afterEach, describe, expect, it, vi } from "vitest";
import { renderHook } from "@testing-library/react";
import { useEditorKeys } from "./useEditorKeys";

/** Presses a key on `target` (which bubbles to the window, as a real key press does); true when the default was prevented. */
function press(key: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean } = {}, target: EventTarget = document.body) {
  const event = new KeyboardEvent("keydown", {
    key,
    ctrlKey: mods.ctrl ?? false,
    metaKey: mods.meta ?? false,
    shiftKey: mods.shift ?? false,
    bubbles: true,
    cancelable: true,
  });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

function renderKeys() {
  const keys = { save: vi.fn(), undo: vi.fn(), redo: vi.fn() };
  const hook = renderHook((props: typeof keys) => useEditorKeys(props), { initialProps: keys });
  return { keys, ...hook };
}

describe("useEditorKeys", () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it("saves on Ctrl+S and Cmd+S, instead of the browser's save", () => {
    const { keys } = renderKeys();
    expect(press("s", { ctrl: true })).toBe(true);
    expect(press("S", { meta: true })).toBe(true);
    expect(keys.save).toHaveBeenCalledTimes(2);
    expect(press("s")).toBe(false); // a plain s is typing
    expect(keys.save).toHaveBeenCalledTimes(2);
  });

  it("saves from inside a text field too, but leaves its undo to the field", () => {
    const { keys } = renderKeys();
    const input = document.body.appendChild(document.createElement("input"));
    const code = document.body.appendChild(document.createElement("div"));
    code.className = "cm-editor";
    const line = code.appendChild(document.createElement("div"));

    expect(press("s", { ctrl: true }, input)).toBe(true);
    expect(keys.save).toHaveBeenCalledTimes(1);
    expect(press("z", { ctrl: true }, input)).toBe(false);
    expect(press("z", { ctrl: true }, line)).toBe(false);
    expect(press("y", { ctrl: true }, line)).toBe(false);
    expect(keys.undo).not.toHaveBeenCalled();
    expect(keys.redo).not.toHaveBeenCalled();
  });

  it("undoes on Ctrl+Z and redoes on Ctrl+Shift+Z or Ctrl+Y outside the text editors", () => {
    const { keys } = renderKeys();
    expect(press("z", { ctrl: true })).toBe(true);
    expect(keys.undo).toHaveBeenCalledTimes(1);
    expect(press("Z", { ctrl: true, shift: true })).toBe(true);
    expect(press("y", { meta: true })).toBe(true);
    expect(keys.redo).toHaveBeenCalledTimes(2);
    expect(keys.undo).toHaveBeenCalledTimes(1);
  });

  it("calls the latest save after a re-render, and nothing once unmounted", () => {
    const { keys, rerender, unmount } = renderKeys();
    const later = { ...keys, save: vi.fn() };
    rerender(later);
    press("s", { ctrl: true });
    expect(keys.save).not.toHaveBeenCalled();
    expect(later.save).toHaveBeenCalledTimes(1);

    unmount();
    expect(press("s", { ctrl: true })).toBe(false);
    press("z", { ctrl: true });
    expect(later.save).toHaveBeenCalledTimes(1);
    expect(keys.undo).not.toHaveBeenCalled();
  });
});
