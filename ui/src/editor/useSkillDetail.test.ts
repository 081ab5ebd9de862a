import { afterEach, describe, expect, it } from "vitest";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { detail } from "../test/fixtures";
import { InApp } from "../test/render";
import { useSkillDetail } from "./useSkillDetail";

describe("useSkillDetail", () => {
  afterEach(() => clearMocks());

  it("loads the skill of the folder", async () => {
    const asked: unknown[] = [];
    mockIPC((cmd, payload) => {
      asked.push([cmd, payload]);
      return detail({ sha256: "sha-loaded" });
    });
    const { result } = renderHook(() => useSkillDetail("pdf-tools"), { wrapper: InApp });
    expect(result.current.detail).toBeNull();
    await waitFor(() => expect(result.current.detail?.sha256).toBe("sha-loaded"));
    expect(result.current.failure).toBeNull();
    expect(asked).toEqual([["get_skill", { dir: "pdf-tools" }]]);
  });

  it("keeps and reports the error when the skill cannot be read", async () => {
    mockIPC(() => {
      throw { code: "skill.not-found", message: "no skill `gone`", details: null };
    });
    const { result } = renderHook(() => useSkillDetail("gone"), { wrapper: InApp });
    await waitFor(() => expect(result.current.failure?.code).toBe("skill.not-found"));
    expect(result.current.detail).toBeNull();
    expect((await screen.findByTestId("error-toast")).dataset.code).toBe("skill.not-found");
  });

  it("ignores the answer for a folder it no longer shows", async () => {
    const answers = new Map<string, () => void>();
    mockIPC((_cmd, payload) => {
      const { dir } = payload as { dir: string };
      return new Promise((resolve) => answers.set(dir, () => resolve(detail({ dir, sha256: `sha-${dir}` }))));
    });
    const { result, rerender } = renderHook(({ dir }) => useSkillDetail(dir), { wrapper: InApp, initialProps: { dir: "a" } });
    await waitFor(() => expect(answers.has("a")).toBe(true));
    rerender({ dir: "b" });
    await waitFor(() => expect(answers.has("b")).toBe(true));
    await act(async () => answers.get("b")!());
    await act(async () => answers.get("a")!());
    expect(result.current.detail?.sha256).toBe("sha-b");
  });
});
