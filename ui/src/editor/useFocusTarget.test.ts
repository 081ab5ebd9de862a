import { describe, expect, it } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { linkDiagnostic, nameDiagnostic, pdfText } from "../test/fixtures";
import { useFocusTarget, type FocusTarget } from "./useFocusTarget";

// pdfText: the frontmatter is lines 1–4, the body starts at line 5.
const current = () => pdfText;

function renderFocus(focus: FocusTarget | null, hasForm = true) {
  return renderHook((p: { focus: FocusTarget | null; hasForm: boolean }) => useFocusTarget(p.focus, p.hasForm, current), {
    initialProps: { focus, hasForm },
  });
}

describe("useFocusTarget", () => {
  it("opens on the Form tab with nothing to focus", () => {
    const { result } = renderFocus(null);
    expect(result.current).toMatchObject({ tab: "form", fieldFocus: null, cursor: null });
  });

  it("puts a diagnostic about a field on that field in the Form tab", () => {
    const { result } = renderFocus({ pointer: "/metadata/version", line: 3, nonce: 7 });
    expect(result.current).toMatchObject({ tab: "form", fieldFocus: { name: "metadata", nonce: 7 }, cursor: null });
  });

  it("puts it on its line in the YAML tab when the frontmatter does not parse", () => {
    const { result } = renderFocus({ pointer: "/name", line: 2, nonce: 1 }, false);
    expect(result.current).toMatchObject({ tab: "yaml", fieldFocus: null, cursor: { line: 2, nonce: 1 } });
  });

  it("puts a line of the body in the Body tab, and another file's diagnostic in the Files tab", () => {
    const { result, rerender } = renderFocus({ pointer: null, line: 7, nonce: 1 });
    expect(result.current).toMatchObject({ tab: "body", cursor: { line: 7, nonce: 1 } });
    rerender({ focus: { pointer: null, line: 3, nonce: 2, resource: true }, hasForm: true });
    expect(result.current.tab).toBe("files");
    expect(result.current.cursor).toEqual({ line: 7, nonce: 1 });
  });

  it("moves only for a new focus request, not when the frontmatter comes to parse", () => {
    const focus = { pointer: "/name", line: 2, nonce: 1 };
    const { result, rerender } = renderFocus(focus, false);
    expect(result.current.tab).toBe("yaml");
    act(() => result.current.setTab("disclosure"));
    rerender({ focus, hasForm: true });
    expect(result.current).toMatchObject({ tab: "disclosure", fieldFocus: null });
    rerender({ focus: { ...focus, nonce: 2 }, hasForm: true });
    expect(result.current).toMatchObject({ tab: "form", fieldFocus: { name: "name", nonce: 2 } });
  });

  it("goToLine opens the YAML or Body tab at the diagnostic's line", () => {
    const { result } = renderFocus(null);
    act(() => result.current.goToLine(nameDiagnostic));
    expect(result.current.tab).toBe("yaml");
    expect(result.current.cursor?.line).toBe(2);
    act(() => result.current.goToLine(linkDiagnostic));
    expect(result.current.tab).toBe("body");
    expect(result.current.cursor?.line).toBe(7);
    // The same line again is a new request (a new cursor), so the editor moves back to it.
    const before = result.current.cursor;
    act(() => result.current.goToLine(linkDiagnostic));
    expect(result.current.cursor).toEqual({ line: 7, nonce: expect.any(Number) });
    expect(result.current.cursor).not.toBe(before);
  });
});
