import { describe, expect, it } from "vitest";
import * as platform from "../platform";
import answers from "./answers.json";
import { answer, demoRoot } from "./replay";

describe("the browser demo", () => {
  it("answers open_catalogue with the recorded view", async () => {
    const view = await answer("open_catalogue", { path: null });
    expect(view).toEqual(answers.open_catalogue);
    expect(view.root).toBe(demoRoot);
    expect(await answer("open_catalogue", { path: demoRoot })).toEqual(view);
  });

  it("answers get_skill for a recorded folder, and check_draft for its text", async () => {
    const detail = await answer("get_skill", { dir: "naming-skills" });
    expect(detail).toEqual(answers.get_skill["naming-skills"]);
    expect(await answer("check_draft", { dir: "naming-skills", text: detail.text })).toEqual(detail.check);
  });

  it("hands out copies, so a screen cannot change later answers", async () => {
    const first = await answer("agent_cards", {});
    first.length = 0;
    expect(await answer("agent_cards", {})).toHaveLength(answers.agent_cards.length);
  });

  it("refuses a mutation with the read-only code", async () => {
    const detail = await answer("get_skill", { dir: "naming-skills" });
    await expect(answer("save_skill", { dir: "naming-skills", text: detail.text, baseSha256: detail.sha256 })).rejects.toMatchObject({
      code: "demo.read-only",
    });
    await expect(answer("check_draft", { dir: "naming-skills", text: detail.text + "\nmore" })).rejects.toMatchObject({
      code: "demo.read-only",
    });
  });

  it("refuses an unknown skill with the real backend's code", async () => {
    await expect(answer("get_skill", { dir: "no-such-skill" })).rejects.toMatchObject({ code: "skill.not-found" });
  });

  it("replays recorded searches and filters the names for others", async () => {
    const limit = answers.open_catalogue.skills.length;
    expect(await answer("search", { query: "review", limit })).toEqual(answers.search.review);
    const found = await answer("search", { query: "naming-skills", limit });
    expect(found.rows.map((r) => answers.open_catalogue.skills[r]?.dir)).toEqual(["naming-skills"]);
  });

  it("previews any subset of the recorded export formats", async () => {
    const { destination } = answers.preview_export.request;
    const options = { includeUnapproved: false, denyWarnings: false, portable: false };
    const preview = await answer("preview_export", { request: { targets: ["prompt", "bundle"], packaging: "tar-gz", destination, options } });
    expect(preview.outputs.map((o) => o.target)).toEqual(["prompt", "bundle"]);
    await expect(
      answer("preview_export", { request: { targets: ["prompt"], packaging: "zip", destination, options } }),
    ).rejects.toMatchObject({ code: "demo.read-only" });
  });

  it("answers platform calls in a plain browser, its refusals being AppErrors", async () => {
    expect(platform.isDemo()).toBe(true);
    expect(await platform.openCatalogue(null)).toEqual(answers.open_catalogue);
    await expect(platform.deleteSkill("naming-skills")).rejects.toMatchObject({ code: "demo.read-only" });
    expect(await platform.pickFolder()).toBe(demoRoot);
  });
});
