// Saving: the form's edit reaches SKILL.md on disk, and only the edited line changes.
import assert from "node:assert/strict";
import { after, before, describe } from "node:test";
import {
  appendTo, closeApp, inCatalogue, launchApp, openSkill, readText, resetCatalogue, sel, step, textOf, waitFor, shownText,
} from "../lib/app.mjs";

const SKILL = "writing-commit-messages";
const ADDED = " Also for squash merges.";

describe("saving an edited skill", () => {
  let browser;
  let original;
  let description;
  before(async () => {
    resetCatalogue();
    original = readText(inCatalogue(SKILL, "SKILL.md"));
    description = /^description: (.*)$/m.exec(original)[1];
    browser = await launchApp();
    await openSkill(browser, SKILL);
  });
  after(() => closeApp(browser));

  step("edit the description in the form and click Save", async () => {
    await appendTo(browser, sel.field("description"), ADDED);
    await waitFor(browser, async () => (await textOf(browser, sel.save)) === "Save", "the Save button does not offer to save");
    // Let the field's last set_field edit land before saving (the button saves the latest draft).
    await waitFor(browser, async () => !(await shownText(browser.$(`${sel.editor} .editor-meta`))).includes("checking…"), "the draft is still being checked");
    await browser.$(sel.save).click();
    await waitFor(browser, async () => (await textOf(browser, sel.save)) === "Saved", "the Save button does not say Saved");
    assert.equal(await browser.$(sel.save).isEnabled(), false);
  });

  step("SKILL.md on disk differs from the original in exactly the description line", async () => {
    const saved = readText(inCatalogue(SKILL, "SKILL.md"));
    const before = original.split("\n");
    const after = saved.split("\n");
    assert.equal(after.length, before.length, "the save added or removed lines");
    const changed = before.map((line, i) => (line === after[i] ? null : i)).filter((i) => i !== null);
    assert.deepEqual(changed, [before.indexOf(`description: ${description}`)], "more than the description line changed");
    // A plain value stays plain: typing a space at the end must not make the line quoted.
    assert.equal(after[changed[0]], `description: ${description}${ADDED}`);
  });

  step("the list shows the new description, and no error", async () => {
    const row = browser.$(sel.rowNamed(SKILL));
    await waitFor(browser, async () => (await shownText(row.$(".skill-row-description"))).endsWith(ADDED.trim()), "the row keeps the old description");
    assert.equal(await browser.$('[data-testid="error-toast"]').isExisting(), false);
  });

  // Once broken (intermittently): a catalogue-changed event arriving while the save was on its
  // way made the editor fetch the skill, find the just-saved text (a new sha256) while the draft
  // still counted as unsaved, and show "SKILL.md changed on disk while you were editing".
  step("the app's own save is not taken for an outside change", async () => {
    await browser.pause(1000);
    assert.equal(await browser.$('[data-testid="disk-notice"]').isExisting(), false, "the disk notice is shown after the app's own save");
  });
});
