// Screenshots of the main views for docs/screenshots/ (shown in the README). Each is taken in a
// tidy state: nothing half typed, no focus ring or hover, nothing still loading.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe } from "node:test";
import {
  SCREENSHOTS, capture, closeApp, inCatalogue, launchApp, openSkill, openTab, readText, resetCatalogue, restPointer, sel, settle, step, textOf,
  typeInto, waitFor,
} from "../lib/app.mjs";

async function shoot(browser, name) {
  // Every selected skill of these shots is among the first rows: show the list from its top.
  await browser.execute(() => document.querySelector('[data-testid="skill-list"]')?.scrollTo(0, 0));
  await restPointer(browser);
  await settle(browser);
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await capture(browser, file);
  return file;
}

// Two skills with typical problems, written to disk for the Diagnostics view (the sample has none).
const BROKEN = {
  "drafting-incident-reports": [
    "---",
    "name: Drafting_Incident_Reports",
    "description: Drafts an incident report from the timeline, the chat log and the alerts of an outage.",
    "license: MIT",
    "---",
    "",
    "# Drafting incident reports",
    "",
    "Collect the timeline first, then write the summary.",
    "",
  ],
  "pdf-tools": [
    "---",
    "name: pdf-tools",
    "description: Extracts text and tables from PDF files and fills PDF forms. Use when a task involves reading or filling a PDF.",
    "allowed-tools: Read Bash",
    "---",
    "",
    "# PDF tools",
    "",
    "See [the form guide](references/forms.md) before filling a form.",
    "",
  ],
};

describe("screenshots of the main views", () => {
  let browser;
  before(async () => {
    resetCatalogue();
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchApp();
    const [width, height] = await browser.execute(() => [window.innerWidth, window.innerHeight]);
    assert.ok(width >= 1200 && height >= 780, `the window is ${width}x${height}`);
  });
  after(() => closeApp(browser));

  step("skills list, with a skill open in the Form tab", async () => {
    await openSkill(browser, "reviewing-agent-cards");
    await shoot(browser, "skills-list");
  });

  step("skill form with a diagnostic beside the name field", async () => {
    await openSkill(browser, "naming-skills");
    await typeInto(browser, sel.field("name"), "Naming Skills");
    await browser.$(`${sel.fieldBox("name")} ${sel.diagnostic}[data-code="name.format"]`).waitForDisplayed();
    await shoot(browser, "skill-form-diagnostic");
  });

  step("YAML tab, with the same problem marked on its line", async () => {
    await openTab(browser, "yaml");
    await browser.$('[data-testid="yaml-editor-text"]').waitForExist();
    await browser.$(`.code-tab-diagnostics ${sel.diagnostic}[data-code="name.format"]`).waitForDisplayed();
    await shoot(browser, "skill-yaml");
  });

  step("body tab: the Markdown beside its preview", async () => {
    // Undo the bad name first, so that leaving the skill asks nothing.
    const undo = browser.$('[data-testid="undo"]');
    for (let i = 0; i < 100 && (await undo.isEnabled()); i++) await undo.click();
    await waitFor(browser, async () => (await textOf(browser, sel.save)) === "Saved", "undo did not return to the saved text");
    await openSkill(browser, "reviewing-agent-cards");
    await openTab(browser, "body");
    await browser.$('[data-testid="body-preview"] h1').waitForDisplayed();
    await shoot(browser, "skill-body-preview");
  });

  step("disclosure tab: L1, L2 and L3 against their budgets", async () => {
    await openTab(browser, "disclosure");
    await browser.$('[data-testid="bar-l3"]').waitForDisplayed();
    await shoot(browser, "skill-disclosure");
  });

  step("dashboard", async () => {
    await browser.$(sel.nav("dashboard")).click();
    await browser.$('[data-testid="stat-skills"]').waitForDisplayed();
    assert.match(await textOf(browser, '[data-testid="stat-skills"]'), /16/);
    await shoot(browser, "dashboard");
  });

  step("agent cards: a card with one review finding", async () => {
    // An example of writing-commit-messages that reads like reviewing-release-notes (same agent).
    const file = inCatalogue("writing-commit-messages", "SKILL.md");
    const text = readText(file);
    writeFileSync(file, text.replace(/^( {2}examples: ")[^|]*\|/m, "$1Check the 2.3.0 changelog against what actually changed since 2.2.0 release notes |"));
    await browser.$(sel.nav("cards")).click();
    const pick = browser.$('[data-testid="agent-pick"][data-agent="registry-publisher"]');
    await pick.waitForDisplayed();
    await pick.click();
    const finding = browser.$('[data-testid="card-finding"][data-code="card.example-misroute"]');
    await finding.waitForDisplayed({ timeout: 10_000, timeoutMsg: "the example-misroute finding is not listed" });
    // The top of the page: the picker, approval and serving, the finding, the card's head.
    await shoot(browser, "agent-cards");
    writeFileSync(file, text);
  });

  step("diagnostics view, after two broken skills were added on disk", async () => {
    for (const [dir, lines] of Object.entries(BROKEN)) {
      mkdirSync(inCatalogue(dir), { recursive: true });
      writeFileSync(inCatalogue(dir, "SKILL.md"), lines.join("\n"));
    }
    await browser.$(sel.nav("diagnostics")).click();
    await waitFor(
      browser,
      async () => (await browser.$$(`.diagnostics-view ${sel.diagnostic}`).length) >= 4,
      "the Diagnostics view does not list the new problems",
    );
    await shoot(browser, "diagnostics");
  });
});
