// Opening the sample catalogue: every skill is listed, with the catalogue's path in the header.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe } from "node:test";
import { CATALOGUE, SCREENSHOTS, capture, closeApp, launchApp, resetCatalogue, rowNames, sel, skillNamesOnDisk, step, textOf, waitFor, shownText } from "../lib/app.mjs";

describe("opening the sample catalogue", () => {
  let browser;
  before(async () => {
    resetCatalogue();
    browser = await launchApp();
  });
  after(() => closeApp(browser));

  step("lists the 16 skills of the catalogue, one row each", async () => {
    const expected = skillNamesOnDisk();
    assert.equal(expected.length, 16, "the sample catalogue has 16 skills");
    await waitFor(browser, async () => (await rowNames(browser)).length === 16, "the list does not show 16 rows");
    const shown = await rowNames(browser);
    assert.deepEqual([...shown].sort(), expected);
    assert.equal(await textOf(browser, sel.resultCount), "16 skills");
    assert.match(await textOf(browser, sel.nav("skills")), /Skills\s*16/);
  });

  step("shows the catalogue it opened (the copy named by SKILLHOUSE_CATALOGUE)", async () => {
    assert.equal(await shownText(browser.$('[data-testid="catalogue-path"] .catalogue-value')), CATALOGUE);
  });

  step("shows each row's description and L2 tokens, with no problem badges", async () => {
    const row = browser.$(sel.rowNamed("naming-skills"));
    assert.match(await shownText(row.$(".skill-row-description")), /^Chooses or reviews a skill name/);
    assert.match(await shownText(row.$(".skill-row-tokens")), /^\d[\d,]*\s*L2$/);
    assert.equal(await browser.$$(`${sel.row} .badge.error`).length, 0, "no skill of the sample has errors");
    // The one legacy skill is marked with its profile.
    const legacy = await browser.$$(`${sel.row} .badge.neutral`).map((b) => shownText(b));
    assert.deepEqual(legacy, ["legacy"]);
  });

  step("says to choose a skill while none is open", async () => {
    assert.match(await textOf(browser, ".editor-empty"), /Choose a skill on the left/);
  });

  step("About names this build's version and commit, and the CLI it runs as the same build", async () => {
    const commit = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8" }).trim();
    const version = /\[workspace\.package\][^[]*?version = "([^"]+)"/s.exec(readFileSync(new URL("../../../Cargo.toml", import.meta.url), "utf8"))?.[1];
    assert.ok(version, "the workspace version in Cargo.toml");
    await (await browser.$('[data-testid="open-about"]')).click();
    await waitFor(browser, async () => (await browser.$('[data-testid="about-version"]').isExisting()), "the About dialog did not show the version");
    assert.equal(await textOf(browser, '[data-testid="about-version"]'), version);
    assert.equal(await textOf(browser, '[data-testid="about-commit"]'), commit);
    assert.match(await textOf(browser, '[data-testid="about-cli"]'), /The same build as this app/);
    await capture(browser, path.join(SCREENSHOTS, "about.png"));
    await browser.keys("Escape");
    await waitFor(browser, async () => !(await browser.$('[data-testid="about-dialog"]').isExisting()), "Escape did not close About");
  });
});
