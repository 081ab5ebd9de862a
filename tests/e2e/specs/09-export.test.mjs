// Export and import: a team exports the catalogue in two formats, changes a skill, sees exactly
// that change in the next export's preview; a colleague's catalogue that lost a skill and edited
// another gets both back from the bundle, after a preview of what the import does.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe } from "node:test";
import {
  CATALOGUE, SAMPLE, SCREENSHOTS, capture, closeApp, inCatalogue, launchApp, readText, resetCatalogue, restPointer, sel, settle, step,
  textOf, typeInto, waitFor,
} from "../lib/app.mjs";

const DEST = path.join(path.dirname(CATALOGUE), "exports-e2e");
const BUNDLE = path.join(DEST, "bundle.tar.gz");
/** Edited on disk after the first export. */
const EDITED = "naming-skills";
/** Deleted on disk before the import, which brings it back. */
const DELETED = "triaging-ci-failures";

const ui = {
  format: (id) => `[data-testid="format-${id}"]`,
  packaging: (id) => `[data-testid="packaging-${id}"]`,
  destination: '[data-testid="export-destination"]',
  preview: '[data-testid="export-preview"]',
  run: '[data-testid="export-run"]',
  output: (target) => `[data-testid="export-output"][data-target="${target}"]`,
  done: '[data-testid="export-done"]',
  importPath: '[data-testid="import-path"]',
  importPreview: '[data-testid="import-preview"]',
  importApply: '[data-testid="import-apply"]',
};

async function isChecked(browser, selector) {
  return browser.execute((s) => document.querySelector(s)?.checked === true, selector);
}

/**
 * Previews, and previews again while the view says the catalogue changed since (a person does
 * what the notice says). The app can re-read the catalogue shortly after it opens.
 */
async function previewCurrent(browser) {
  await waitFor(
    browser,
    async () => {
      await browser.$(ui.preview).click();
      await browser.$(ui.output("bundle")).waitForDisplayed({ timeout: 30_000 });
      await browser.pause(300);
      return !(await browser.$('[data-testid="export-outdated"]').isExisting());
    },
    "the preview stayed outdated",
    20_000,
  );
}

async function skillCount(browser) {
  const text = await textOf(browser, sel.resultCount);
  return Number(/^([\d,]+) skills$/.exec(text)?.[1].replace(/,/g, "") ?? NaN);
}

describe("exporting a catalogue and importing a bundle in the app", () => {
  let browser;
  let listed;
  before(async () => {
    resetCatalogue();
    rmSync(DEST, { recursive: true, force: true });
    browser = await launchApp();
    listed = await skillCount(browser);
  });
  after(async () => {
    await closeApp(browser);
    rmSync(DEST, { recursive: true, force: true });
  });

  step("the Export view previews two formats: a first export, every file new", async () => {
    await browser.$(sel.nav("exports")).click();
    await browser.$('[data-testid="export-view"]').waitForDisplayed({ timeout: 10_000 });
    assert.equal(await isChecked(browser, ui.format("bundle")), true, "the bundle is chosen by default");
    await browser.$(ui.format("well-known")).click();
    await browser.$(ui.packaging("tar-gz")).click();
    await typeInto(browser, ui.destination, DEST);
    assert.equal(await browser.$(ui.run).isEnabled(), false, "export waits for a preview");
    await previewCurrent(browser);
    await browser.$(ui.output("well-known")).waitForDisplayed({ timeout: 30_000 });
    const summary = await textOf(browser, `${ui.output("bundle")} [data-testid="export-summary"]`);
    assert.match(summary, /First export here: \d+ files/);
    const shown = await textOf(browser, `${ui.output("bundle")} .output-path`);
    assert.equal(shown, BUNDLE);
    assert.equal(existsSync(DEST), false, "a preview writes nothing");
  });

  step("Export writes both archives; the bundle holds the catalogue's files with their digests", async () => {
    if (await browser.$('[data-testid="export-outdated"]').isExisting()) await previewCurrent(browser);
    assert.equal(await browser.$(ui.run).isEnabled(), true, "a current preview allows the export");
    await browser.$(ui.run).click();
    await browser.$(ui.done).waitForDisplayed({ timeout: 60_000 });
    const written = await browser.execute(() => Array.from(document.querySelectorAll('[data-testid="export-written"]')).map((w) => w.getAttribute("data-path")));
    assert.deepEqual(written, [BUNDLE, path.join(DEST, "well-known.tar.gz")]);
    const unpacked = mkdtempSync(path.join(tmpdir(), "skillhouse-e2e-bundle-"));
    try {
      execFileSync("tar", ["-xzf", BUNDLE, "-C", unpacked]);
      const registry = JSON.parse(readFileSync(path.join(unpacked, "registry.json"), "utf8"));
      const skill = registry.skills.find((s) => s.name === EDITED);
      assert.ok(skill, `${EDITED} is in registry.json`);
      const file = skill.files.find((f) => f.path === "SKILL.md");
      const bytes = readFileSync(path.join(SAMPLE, EDITED, "SKILL.md"));
      assert.equal(file.sha256, createHash("sha256").update(bytes).digest("hex"));
      assert.deepEqual(readFileSync(path.join(unpacked, "skills", EDITED, "SKILL.md")), bytes);
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  });

  step("after a skill changes on disk, the next preview shows exactly what changed", async () => {
    const file = inCatalogue(EDITED, "SKILL.md");
    writeFileSync(file, readText(file).replace(/^description: /m, "description: Updated for the e2e run. "));
    // Wait until the app has read the edit (the watcher), as a person would see it in the list.
    await browser.$(sel.nav("skills")).click();
    await waitFor(
      browser,
      async () => browser.execute((s) => document.querySelector(s)?.textContent?.includes("Updated for the e2e run") === true, sel.rowNamed(EDITED)),
      "the list did not show the edited description",
    );
    await browser.$(sel.nav("exports")).click();
    await previewCurrent(browser);
    const summary = await textOf(browser, `${ui.output("bundle")} [data-testid="export-summary"]`);
    assert.match(summary, /Compared with the previous export here: \d+ changed/);
    assert.doesNotMatch(summary, /new|removed/);
    const changed = await browser.execute(
      (s) => Array.from(document.querySelectorAll(`${s} .tree-file`)).map((f) => [f.getAttribute("data-path"), f.getAttribute("data-change")]),
      ui.output("bundle"),
    );
    assert.deepEqual(changed.sort(), [["registry.json", "changed"], [`skills/${EDITED}/SKILL.md`, "changed"]]);
    const site = await browser.execute(
      (s) => Array.from(document.querySelectorAll(`${s} .tree-file`)).map((f) => f.getAttribute("data-path")),
      ui.output("well-known"),
    );
    assert.deepEqual(site.sort(), [".well-known/agent-skills/index.json", `.well-known/agent-skills/${EDITED}/SKILL.md`], "the index holds the description");
    assert.ok(changed.every(([, c]) => c === "changed"), "only changed files are listed by default");
    await browser.execute(() => document.querySelector('[data-testid="export-preview-result"]')?.scrollIntoView({ block: "start" }));
    await restPointer(browser);
    await settle(browser);
    await capture(browser, path.join(SCREENSHOTS, "export.png"));
  });

  step("import previews what the bundle adds and replaces, then restores both skills", async () => {
    rmSync(inCatalogue(DELETED), { recursive: true, force: true });
    await browser.$(sel.nav("skills")).click();
    await waitFor(browser, async () => (await skillCount(browser)) === listed - 1, `${DELETED} did not leave the list`);
    await browser.$(sel.nav("exports")).click();
    await typeInto(browser, ui.importPath, BUNDLE);
    await browser.$(ui.importPreview).click();
    await browser.$('[data-testid="import-summary"]').waitForDisplayed({ timeout: 30_000 });
    const dirs = (kind) =>
      browser.execute((k) => Array.from(document.querySelectorAll(`[data-testid="import-${k}"]`)).map((c) => c.getAttribute("data-dir")), kind);
    assert.deepEqual(await dirs("add"), [DELETED]);
    assert.deepEqual(await dirs("replace"), [EDITED]);
    assert.equal(existsSync(inCatalogue(DELETED)), false, "a preview writes nothing");
    await browser.execute(() => document.querySelector('[data-testid="import-plan"]')?.scrollIntoView({ block: "center" }));
    await restPointer(browser);
    await settle(browser);
    await capture(browser, path.join(SCREENSHOTS, "import.png"));

    await browser.$(ui.importApply).click();
    await browser.$('[data-testid="import-done"]').waitForDisplayed({ timeout: 30_000 });
    assert.match(await textOf(browser, '[data-testid="import-done"]'), /1 skill added, 1 skill replaced/);
    for (const dir of [DELETED, EDITED]) {
      assert.deepEqual(readFileSync(inCatalogue(dir, "SKILL.md")), readFileSync(path.join(SAMPLE, dir, "SKILL.md")), `${dir} is as exported`);
    }
    await browser.$(sel.nav("skills")).click();
    await waitFor(browser, async () => (await skillCount(browser)) === listed, `${DELETED} did not come back to the list`);
  });
});
