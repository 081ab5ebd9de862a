import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { SkillsView } from "./SkillsView";
import { renderInApp } from "../test/render";
import type { CatalogueView } from "../bindings/CatalogueView";
import { detail, row, view } from "../test/fixtures";

const sample = view();

function Harness(props: { view?: CatalogueView; selected?: string; onSelect?: (dir: string) => void }) {
  return (
    <SkillsView
      view={props.view ?? sample}
      selected={props.selected ?? null}
      focus={null}
      changeTick={0}
      onSelect={props.onSelect ?? (() => undefined)}
      onDirtyChange={() => undefined}
      onCatalogue={() => undefined}
      onRefresh={() => undefined}
    />
  );
}

const names = () => screen.queryAllByTestId("skill-row").map((r) => r.getAttribute("data-name"));

describe("Skills view", () => {
  afterEach(() => {
    cleanup(); // unmount (and unsubscribe) while the mocks are still there
    clearMocks();
  });

  it("lists every skill, then narrows to the search command's hits as you type", async () => {
    const queries: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd === "search") {
        queries.push(args);
        return { revision: view().revision, rows: [2], snippets: [{ row: 2, text: "…fill in the [template] for each…" }] };
      }
      return null;
    });
    renderInApp(<Harness />);
    expect(names()).toEqual(["naming-skills", "PDF_Tools", "summarising-incidents"]);

    await userEvent.type(screen.getByTestId("search"), "templ");
    await waitFor(() => expect(names()).toEqual(["summarising-incidents"]));
    // Debounced: one request for the whole word, not one per key.
    expect(queries).toEqual([{ query: "templ", limit: 3 }]);
    // Matched only in the body: the row shows the snippet, with the match marked.
    expect(screen.getByText("template").tagName).toBe("MARK");
    expect(screen.getByTestId("result-count").textContent).toContain("1 of 3 skills");

    await userEvent.clear(screen.getByTestId("search"));
    await waitFor(() => expect(names()).toHaveLength(3));
  });

  it("shows the answer to the latest query, whatever order the answers come back in", async () => {
    const pending: { query: string; answer: (result: unknown) => void }[] = [];
    mockIPC((cmd, args) => {
      if (cmd !== "search") return null;
      const query = (args as { query: string }).query;
      return new Promise((answer) => pending.push({ query, answer }));
    });
    renderInApp(<Harness />);
    const hit = (dir: string) => ({ revision: view().revision, rows: [view().skills.findIndex((s) => s.dir === dir)], snippets: [] });
    await userEvent.type(screen.getByTestId("search"), "na");
    await waitFor(() => expect(pending.map((p) => p.query)).toEqual(["na"]));
    await userEvent.type(screen.getByTestId("search"), "m");
    await waitFor(() => expect(pending.map((p) => p.query)).toEqual(["na", "nam"]));
    // The newer answer comes first, the older one after it: the older one is dropped.
    pending[1]!.answer(hit("naming-skills"));
    await waitFor(() => expect(names()).toEqual(["naming-skills"]));
    expect(screen.getByTestId("result-count").textContent).not.toContain("searching");
    pending[0]!.answer(hit("PDF_Tools"));
    await new Promise((r) => setTimeout(r, 50));
    expect(names()).toEqual(["naming-skills"]);
    expect(screen.getByTestId("result-count").textContent).toBe("1 of 3 skills");
  });

  it("drops an answer made for another revision of the catalogue and searches again with the new view", async () => {
    const first = view();
    // The same skills in another order, as after a skill was added and removed elsewhere.
    const second = { ...first, revision: "fixture-2", skills: [...first.skills].reverse() };
    const asked: string[] = [];
    mockIPC((cmd) => {
      if (cmd !== "search") return null;
      asked.push("search");
      // Rust already holds the second revision: position 0 there is summarising-incidents.
      return { revision: "fixture-2", rows: [0], snippets: [] };
    });
    const { rerender } = renderInApp(<Harness view={first} />);
    await userEvent.type(screen.getByTestId("search"), "inc");
    await waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    // Position 0 of the page's view is naming-skills: showing it would be wrong, so nothing changes.
    expect(names()).toHaveLength(3);
    expect(screen.getByTestId("result-count").textContent).toContain("searching");

    rerender(<Harness view={second} />);
    await waitFor(() => expect(names()).toEqual(["summarising-incidents"]));
    expect(asked).toHaveLength(2);
    expect(screen.getByTestId("result-count").textContent).toBe("1 of 3 skills");
  });

  it("filters by errors, warnings, budget, tag and agent", async () => {
    mockIPC(() => null);
    renderInApp(<Harness />);
    await userEvent.click(screen.getByTestId("filter-errors"));
    expect(names()).toEqual(["PDF_Tools"]);
    await userEvent.click(screen.getByTestId("filter-errors"));
    await userEvent.click(screen.getByTestId("filter-warnings"));
    expect(names()).toEqual(["summarising-incidents"]);
    await userEvent.click(screen.getByTestId("filter-warnings"));
    await userEvent.click(screen.getByTestId("filter-over-budget"));
    expect(names()).toEqual(["summarising-incidents"]);
    await userEvent.click(screen.getByTestId("filter-over-budget"));
    fireEvent.change(screen.getByTestId("filter-tag"), { target: { value: "pdf" } });
    expect(names()).toEqual(["PDF_Tools"]);
    fireEvent.change(screen.getByTestId("filter-tag"), { target: { value: "" } });
    fireEvent.change(screen.getByTestId("filter-agent"), { target: { value: "release-manager" } });
    expect(names()).toEqual(["naming-skills"]);
  });

  it("renders only the visible rows of a 10,000-skill catalogue", () => {
    mockIPC(() => null);
    const big = view();
    big.skills = Array.from({ length: 10_000 }, (_, i) => ({ ...big.skills[0]!, dir: `s${i}`, name: `skill-${i}` }));
    renderInApp(<Harness view={big} />);
    const rows = screen.getAllByTestId("skill-row");
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
  });

  it("lists one row per source with its translations as locale badges, and a locale filter for the translations", async () => {
    mockIPC(() => null);
    const translated = view({
      skills: [
        row("naming-skills", { translations: [{ locale: "de", dir: "i18n/de/skills/naming-skills" }, { locale: "ja", dir: "i18n/ja/skills/naming-skills" }] }),
        row("naming-skills", { dir: "i18n/de/skills/naming-skills", locale: "de", translationOf: "naming-skills", description: "Benennt Skills." }),
        row("naming-skills", { dir: "i18n/ja/skills/naming-skills", locale: "ja", translationOf: "naming-skills", description: "スキルに名前を付けます。" }),
        row("summarising-incidents"),
      ],
    });
    const selected = vi.fn();
    renderInApp(<Harness view={translated} onSelect={selected} />);
    expect(names()).toEqual(["naming-skills", "summarising-incidents"]);
    expect(screen.getByTestId("result-count").textContent).toBe("2 skills · 2 translations");
    const badges = screen.getAllByTestId("row-translation");
    expect(badges.map((b) => b.textContent)).toEqual(["de", "ja"]);
    await userEvent.click(badges[1]!);
    expect(selected).toHaveBeenCalledWith("i18n/ja/skills/naming-skills");
    expect(selected).toHaveBeenCalledTimes(1);

    await userEvent.selectOptions(screen.getByTestId("filter-locale"), "de");
    await waitFor(() => expect(screen.getAllByTestId("skill-row")).toHaveLength(1));
    expect(screen.getByTestId("row-locale").textContent).toBe("de");
    expect(screen.getByText("Benennt Skills.")).toBeTruthy();
  });

  it("has no locale filter when every skill is in one locale", () => {
    mockIPC(() => null);
    renderInApp(<Harness />);
    expect(screen.queryByTestId("filter-locale")).toBeNull();
    expect(screen.queryAllByTestId("row-translation")).toHaveLength(0);
  });

  it("shows the source and its translations as locale tabs over the editor, with the source side by side", async () => {
    mockIPC((cmd, args) => {
      if (cmd === "translation_freshness") {
        return {
          states: [
            {
              file: "i18n/de/skills/naming-skills/SKILL.md",
              locale: "de",
              source: "naming-skills/SKILL.md",
              freshness: { state: "outdated", sourceCommit: "0123456789abcdef", lastChange: "fedcba9876543210", diff: "+## Examples" },
            },
          ],
        };
      }
      if (cmd === "get_skill") {
        const dir = (args as { dir: string }).dir;
        return detail({ dir, file: `${dir}/SKILL.md`, name: "naming-skills", text: `---\nname: naming-skills\n---\nText of ${dir}\n` });
      }
      return null;
    });
    const translated = view({
      skills: [
        row("naming-skills", { translations: [{ locale: "de", dir: "i18n/de/skills/naming-skills" }] }),
        row("naming-skills", { dir: "i18n/de/skills/naming-skills", locale: "de", translationOf: "naming-skills" }),
      ],
    });
    const selected = vi.fn();
    renderInApp(<Harness view={translated} selected="i18n/de/skills/naming-skills" onSelect={selected} />);
    const tabs = screen.getAllByTestId("locale-tab");
    expect(tabs.map((t) => t.dataset.locale)).toEqual(["en", "de"]);
    expect(tabs[1]!.getAttribute("aria-selected")).toBe("true");
    await userEvent.click(tabs[0]!);
    expect(selected).toHaveBeenCalledWith("naming-skills");
    expect(screen.queryByTestId("source-pane")).toBeNull();
    await userEvent.click(screen.getByTestId("side-by-side"));
    const pane = await screen.findByTestId("source-pane");
    await waitFor(() => expect(pane.textContent).toContain("Text of naming-skills"));
    // The translation is outdated: said on its tab and above the editor, with the source's diff.
    const notice = await screen.findByTestId("translation-outdated");
    expect(notice.textContent).toContain("translated from 0123456789; the source changed in fedcba9876");
    expect(tabs[1]!.textContent).toContain("outdated");
    expect(screen.queryByTestId("source-diff")).toBeNull();
    await userEvent.click(screen.getByTestId("show-source-diff"));
    expect(screen.getByTestId("source-diff").textContent).toBe("+## Examples");
  });
});
