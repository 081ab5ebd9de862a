import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { DashboardView } from "./DashboardView";
import { renderInApp } from "../test/render";
import { view } from "../test/fixtures";

describe("Dashboard", () => {
  it("shows a listing per locale with what translations cost against their sources", () => {
    const v = view();
    const locales = [
      { locale: "en", skills: 3, listing: { totalL1: 120, budget: 8000, skillsLost: 0 }, l2Ratio: null },
      { locale: "ja", skills: 2, listing: { totalL1: 9100, budget: 8000, skillsLost: 1 }, l2Ratio: 1.734 },
    ];
    renderInApp(<DashboardView view={{ ...v, stats: { ...v.stats, skills: 5, translations: 2, locales } }} onOpenSkill={() => undefined} />);
    expect(screen.getByTestId("stat-skills").textContent).toBe("Skills3and 2 translations");
    const rows = within(screen.getByTestId("locale-figures")).getAllByTestId("locale-row");
    expect(rows.map((r) => r.dataset.locale)).toEqual(["en", "ja"]);
    expect(rows[0]!.textContent).toContain("source");
    expect(rows[1]!.textContent).toContain("1.73×");
    expect(rows[1]!.querySelector(".over")?.textContent).toBe("9,100 / 8,000");
  });

  it("has no locale table for a catalogue in one language", () => {
    renderInApp(<DashboardView view={view()} onOpenSkill={() => undefined} />);
    expect(screen.queryByTestId("locale-figures")).toBeNull();
  });
});
