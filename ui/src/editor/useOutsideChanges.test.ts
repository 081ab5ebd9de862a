import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import type { SkillDetail } from "../bindings/SkillDetail";
import { detail, pdfText } from "../test/fixtures";
import { useOutsideChanges } from "./useOutsideChanges";

const open = detail(); // sha-open, pdfText
const onDisk = detail({ sha256: "sha-disk", text: pdfText.replace("Extracts text", "Extracts TEXT") });

type Props = { changeTick: number; dirty: boolean; draft: string };

function renderChanges(onReload: (fresh: SkillDetail) => void, initial: Partial<Props> = {}) {
  return renderHook(
    (p: Props) => useOutsideChanges({ dir: "pdf-tools", changeTick: p.changeTick, detail: open, dirty: p.dirty, current: () => p.draft, onReload }),
    { initialProps: { changeTick: 0, dirty: false, draft: open.text, ...initial } },
  );
}

/** Lets the pending get_skill answer arrive. */
const settle = () => act(async () => {});

describe("useOutsideChanges", () => {
  let asked: number;
  /** What get_skill answers: a skill, or an error to throw. */
  let disk: SkillDetail | { code: string; message: string; details: null };
  /** Set to hold the answer back until the test calls it. */
  let hold: ((release: () => void) => void) | null;

  beforeEach(() => {
    asked = 0;
    disk = onDisk;
    hold = null;
    mockIPC((cmd) => {
      if (cmd !== "get_skill") return null;
      asked += 1;
      const answer = () => ("sha256" in disk ? Promise.resolve(disk) : Promise.reject(disk));
      if (!hold) return answer();
      const release = hold;
      return new Promise((resolve) => release(() => resolve(answer())));
    });
  });

  afterEach(() => clearMocks());

  it("asks nothing until the change tick moves", async () => {
    const onReload = vi.fn();
    const { rerender } = renderChanges(onReload);
    await settle();
    rerender({ changeTick: 0, dirty: false, draft: open.text });
    await settle();
    expect(asked).toBe(0);
    rerender({ changeTick: 1, dirty: false, draft: open.text });
    await settle();
    expect(asked).toBe(1);
  });

  it("reloads a clean skill whose file changed", async () => {
    const onReload = vi.fn();
    const { result, rerender } = renderChanges(onReload);
    rerender({ changeTick: 1, dirty: false, draft: open.text });
    await settle();
    expect(onReload).toHaveBeenCalledExactlyOnceWith(onDisk);
    expect(result.current.diskNotice).toBeNull();
  });

  it("keeps a dirty draft and says the file changed, with the disk's version to load", async () => {
    const onReload = vi.fn();
    const { result, rerender } = renderChanges(onReload, { dirty: true, draft: "mine" });
    rerender({ changeTick: 1, dirty: true, draft: "mine" });
    await settle();
    expect(result.current.diskNotice).toEqual({ fresh: onDisk });
    expect(onReload).not.toHaveBeenCalled();

    act(() => result.current.dismissDiskNotice());
    expect(result.current.diskNotice).toBeNull();
  });

  it("says the folder is gone when the skill is no longer found", async () => {
    disk = { code: "skill.not-found", message: "no skill `pdf-tools`", details: null };
    const onReload = vi.fn();
    const { result, rerender } = renderChanges(onReload, { dirty: true, draft: "mine" });
    rerender({ changeTick: 1, dirty: true, draft: "mine" });
    await settle();
    expect(result.current.diskNotice).toEqual({ fresh: null });
    expect(onReload).not.toHaveBeenCalled();
  });

  it("does nothing when the disk holds what the editor has: the same hash, or our own save landing", async () => {
    const onReload = vi.fn();
    disk = detail({ sha256: open.sha256 });
    const { result, rerender } = renderChanges(onReload, { dirty: true, draft: "mine" });
    rerender({ changeTick: 1, dirty: true, draft: "mine" });
    await settle();
    disk = detail({ sha256: "sha-saved", text: "mine" });
    rerender({ changeTick: 2, dirty: true, draft: "mine" });
    await settle();
    expect(asked).toBe(2);
    expect(result.current.diskNotice).toBeNull();
    expect(onReload).not.toHaveBeenCalled();
  });

  it("judges by the draft when the answer arrives: typing since the change keeps the text", async () => {
    let release = () => undefined as void;
    hold = (r) => (release = r);
    const onReload = vi.fn();
    const { result, rerender } = renderChanges(onReload);
    rerender({ changeTick: 1, dirty: false, draft: open.text });
    await settle();
    rerender({ changeTick: 1, dirty: true, draft: "mine" });
    await act(async () => release());
    expect(result.current.diskNotice).toEqual({ fresh: onDisk });
    expect(onReload).not.toHaveBeenCalled();
  });

  it("drops an answer that arrives after unmounting", async () => {
    let release = () => undefined as void;
    hold = (r) => (release = r);
    const onReload = vi.fn();
    const { rerender, unmount } = renderChanges(onReload);
    rerender({ changeTick: 1, dirty: false, draft: open.text });
    await settle();
    unmount();
    await act(async () => release());
    expect(asked).toBe(1);
    expect(onReload).not.toHaveBeenCalled();
  });
});
