// The Form tab: edits become a draft (not saved), and a bad name is reported beside the field.
import assert from "node:assert/strict";
import { after, before, describe } from "node:test";
import {
  appendTo, closeApp, inCatalogue, launchApp, openSkill, openTab, readText, resetCatalogue, sel, step, textOf, typeInto, waitFor, shownText,
} from "../lib/app.mjs";

const SKILL = "naming-skills";
const ADDED = " Also for plugin names.";

describe("editing a skill in the Form tab", () => {
  let browser;
  let original;
  before(async () => {
    resetCatalogue();
    original = readText(inCatalogue(SKILL, "SKILL.md"));
    browser = await launchApp();
    await openSkill(browser, SKILL);
  });
  after(() => closeApp(browser));

  step("shows the skill's fields, saved and without problems", async () => {
    assert.equal(await browser.$(sel.tab("form")).getAttribute("aria-selected"), "true");
    assert.equal(await browser.$(sel.field("name")).getValue(), SKILL);
    assert.match(await browser.$(sel.field("description")).getValue(), /^Chooses or reviews a skill name/);
    assert.equal(await browser.$(sel.field("license")).getValue(), "MIT");
    assert.equal(await textOf(browser, sel.save), "Saved");
    assert.equal(await browser.$(sel.save).isEnabled(), false);
    assert.equal(await textOf(browser, `${sel.editor} .badge.ok`), "No problems");
  });

  step("editing the description makes a draft that the YAML tab shows too", async () => {
    const before = await browser.$(sel.field("description")).getValue();
    await appendTo(browser, sel.field("description"), ADDED);
    await waitFor(browser, async () => (await textOf(browser, sel.save)) === "Save", "the Save button does not offer to save");
    assert.equal(await browser.$(sel.save).isEnabled(), true);
    assert.equal(await browser.$('[data-testid="undo"]').isEnabled(), true);
    // The character counter follows the draft.
    const counter = await textOf(browser, `${sel.fieldBox("description")} .counter`);
    assert.equal(counter, `${[...(before + ADDED)].length} / 1024`);
    await openTab(browser, "yaml");
    const yaml = browser.$('[data-testid="yaml-editor-text"]');
    await yaml.waitForExist({ timeout: 10_000 });
    // The plain value stays plain (no quotes added while typing).
    await waitFor(browser, async () => (await shownText(yaml)).includes(`description: ${before}${ADDED}`), "the YAML tab does not show the edited description unquoted");
    await openTab(browser, "form");
    assert.equal(await browser.$(sel.field("description")).getValue(), before + ADDED);
  });

  step('typing "Bad Name" as the name shows a name.format diagnostic beside the field', async () => {
    await typeInto(browser, sel.field("name"), "Bad Name");
    const diagnostic = browser.$(`${sel.fieldBox("name")} ${sel.diagnostic}[data-code="name.format"]`);
    await diagnostic.waitForDisplayed({ timeout: 10_000, timeoutMsg: "no name.format diagnostic beside the name field" });
    assert.equal(await diagnostic.getAttribute("class"), "diagnostic-item error");
    assert.match(await shownText(diagnostic), /name/i);
    assert.equal(await browser.$(sel.field("name")).getAttribute("aria-invalid"), "true");
    assert.match(await textOf(browser, `${sel.editor} .editor-meta`), /\berror/);
    // The title follows the draft's name.
    assert.equal(await textOf(browser, `${sel.editor} h2`), "Bad Name");
  });

  step("restoring the name clears the diagnostic", async () => {
    await typeInto(browser, sel.field("name"), SKILL);
    await waitFor(browser, async () => !(await browser.$(`${sel.fieldBox("name")} ${sel.diagnostic}`).isExisting()), "the diagnostic did not go away");
    assert.equal(await browser.$(sel.field("name")).getAttribute("aria-invalid"), "false");
    assert.equal(await textOf(browser, `${sel.editor} h2`), SKILL);
  });

  step("nothing was written to disk: the draft is not saved until Save", async () => {
    assert.equal(await textOf(browser, sel.save), "Save");
    assert.equal(readText(inCatalogue(SKILL, "SKILL.md")), original);
  });

  step("undo steps back through the edits to the saved text", async () => {
    const undo = browser.$('[data-testid="undo"]');
    for (let i = 0; i < 200 && (await undo.isEnabled()); i++) await undo.click();
    await waitFor(browser, async () => (await textOf(browser, sel.save)) === "Saved", "undo did not return to the saved text");
    assert.equal(await browser.$(sel.field("description")).getValue(), /^description: (.*)$/m.exec(original)[1]);
    assert.equal(readText(inCatalogue(SKILL, "SKILL.md")), original);
  });
});
