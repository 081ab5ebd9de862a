import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DiagnosticsView } from "./DiagnosticsView";
import { linkDiagnostic, nameDiagnostic, view } from "../test/fixtures";

const agentDiagnostic = {
  code: "agent.unknown-skill",
  severity: "error" as const,
  message: "`release-manager` lists `gone`",
  file: "agents/release-manager.md",
  line: 6,
  column: 5,
  pointer: "/skills/0",
};

describe("Diagnostics view", () => {
  const v = view({ diagnostics: [nameDiagnostic, linkDiagnostic, agentDiagnostic] });
  const codes = () => screen.getAllByTestId("diagnostic").map((d) => d.dataset.code);

  it("lists errors first and filters by severity and by code", async () => {
    render(<DiagnosticsView view={v} onOpen={() => undefined} />);
    expect(codes()).toEqual(["agent.unknown-skill", "name.format", "body.broken-link"]);
    await userEvent.click(screen.getByTestId("severity-warning"));
    expect(codes()).toEqual(["body.broken-link"]);
    await userEvent.click(screen.getByTestId("severity-all"));
    fireEvent.change(screen.getByTestId("filter-code"), { target: { value: "name.format" } });
    expect(codes()).toEqual(["name.format"]);
    expect(screen.getByTestId("diagnostic").textContent).toContain("pdf-tools/SKILL.md:2");
  });

  it("opens skills' diagnostics and leaves agents' alone", async () => {
    const open = vi.fn();
    render(<DiagnosticsView view={v} onOpen={open} />);
    const [agent, name] = screen.getAllByTestId("diagnostic");
    await userEvent.click(agent!);
    expect(open).not.toHaveBeenCalled();
    await userEvent.click(name!);
    expect(open).toHaveBeenCalledWith(nameDiagnostic);
  });

  it("shows the catalogue's notes, which are neither errors nor warnings", () => {
    render(<DiagnosticsView view={view({ notes: ["3 translations in de, fr recognised by the common layout"] })} onOpen={() => undefined} />);
    expect(screen.getByTestId("catalogue-notes").textContent).toBe("Note: 3 translations in de, fr recognised by the common layout");
  });

  it("has no notes list without notes", () => {
    render(<DiagnosticsView view={view()} onOpen={() => undefined} />);
    expect(screen.queryByTestId("catalogue-notes")).toBeNull();
  });
});
