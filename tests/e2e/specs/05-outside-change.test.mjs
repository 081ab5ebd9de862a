// Files changed outside the app (an editor, git pull): the list and the open skill follow.
import assert from "node:assert/strict";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { after, before, describe } from "node:test";
import {
  closeApp, inCatalogue, launchApp, openSkill, readText, resetCatalogue, rowNames, sel, step, textOf, typeInto, waitFor,
} from "../lib/app.mjs";

/** Changes on disk must show within this time (the watcher debounces for 250 ms). */
const WATCH_TIMEOUT = 5_000;
const NEW_SKILL = "summarising-incidents";

function skillText(name) {
  return [
    "---",
    `name: ${name}`,
    "description: Summarises an incident timeline into a short report with impact, cause and follow-ups. Use when an incident is closed and needs a write-up.",
    "license: MIT",
    "---",
    "",
    "# Summarising incidents",
    "",
    "Read the timeline, then write the impact, the cause and the follow-ups.",
    "",
  ].join("\n");
}

describe("changes made outside the app", () => {
  let browser;
  before(async () => {
    resetCatalogue();
    browser = await launchApp();
  });
  after(() => closeApp(browser));

  step("a new skill folder appears in the list", async () => {
    mkdirSync(inCatalogue(NEW_SKILL));
    writeFileSync(inCatalogue(NEW_SKILL, "SKILL.md"), skillText(NEW_SKILL));
    await waitFor(browser, async () => (await rowNames(browser)).includes(NEW_SKILL), "the new skill is not listed", WATCH_TIMEOUT);
    assert.equal(await textOf(browser, sel.resultCount), "17 skills");
    assert.equal(await browser.$(`${sel.rowNamed(NEW_SKILL)} .badge.error`).isExisting(), false);
  });

  step("breaking its name on disk marks the row with an error", async () => {
    writeFileSync(inCatalogue(NEW_SKILL, "SKILL.md"), skillText("Summarising Incidents"));
    await waitFor(
      browser,
      async () => browser.execute(() =>
        Array.from(document.querySelectorAll('[data-testid="skill-row"]')).some((r) => r.querySelector(".badge.error") !== null),
      ),
      "no row shows an error badge",
      WATCH_TIMEOUT,
    );
    const nav = await textOf(browser, sel.nav("diagnostics"));
    assert.match(nav, /Diagnostics\s*[1-9]/, "the sidebar does not count the new errors");
  });

  step("deleting the folder removes the row", async () => {
    rmSync(inCatalogue(NEW_SKILL), { recursive: true });
    await waitFor(browser, async () => (await rowNames(browser)).length === 16, "the list does not drop back to 16 rows", WATCH_TIMEOUT);
    assert.equal(await textOf(browser, sel.resultCount), "16 skills");
    assert.equal(await browser.$(`${sel.row} .badge.error`).isExisting(), false);
  });

  // The search answers positions in the list the page holds; a skill added elsewhere shifts
  // them, so the page must drop an answer for the old list and search again with the new one.
  step("a search on screen takes in a matching skill added outside", async () => {
    const count = () => textOf(browser, sel.resultCount);
    await typeInto(browser, sel.search, "timeline");
    await waitFor(browser, async () => (await count()) === "0 of 16 skills", "the search for a word no skill has does not settle");
    mkdirSync(inCatalogue(NEW_SKILL));
    writeFileSync(inCatalogue(NEW_SKILL, "SKILL.md"), skillText(NEW_SKILL));
    await waitFor(
      browser,
      async () => (await count()) === "1 of 17 skills" && (await rowNames(browser)).join() === NEW_SKILL,
      "the search does not show the new skill, alone",
      WATCH_TIMEOUT,
    );
    rmSync(inCatalogue(NEW_SKILL), { recursive: true });
    await waitFor(browser, async () => (await count()) === "0 of 16 skills", "the search still shows the deleted skill", WATCH_TIMEOUT);
    await typeInto(browser, sel.search, "");
    await waitFor(browser, async () => (await rowNames(browser)).length === 16, "clearing the search does not bring back 16 rows");
  });

  step("the open skill reloads when its SKILL.md changes on disk", async () => {
    const skill = "translating-skills";
    await openSkill(browser, skill);
    const file = inCatalogue(skill, "SKILL.md");
    const text = readText(file);
    writeFileSync(file, text.replace(/^license: MIT$/m, "license: Apache-2.0"));
    await waitFor(
      browser,
      async () => (await browser.$(sel.field("license")).getValue()) === "Apache-2.0",
      "the Form tab does not show the license written on disk",
      WATCH_TIMEOUT,
    );
    // Nothing was edited in the app, so it just reloads: no notice, still saved.
    assert.equal(await textOf(browser, sel.save), "Saved");
    assert.equal(await browser.$('[data-testid="disk-notice"]').isExisting(), false);
  });
});
