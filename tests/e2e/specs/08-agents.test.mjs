// Installing into agent tools: two skills go into Claude Code (links) and Cursor (copies, as it
// does not load linked skills) through the Agents view; a copy edited in Cursor's folder shows
// as "changed there", and Replace puts the catalogue's version back, keeping the edited one in
// .skillhouse-backup; another edited copy is shown as a diff and taken into the catalogue.
// Everything happens under run.sh's own HOME (E2E_HOME), never the person's.
import assert from "node:assert/strict";
import { appendFileSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { after, before, describe } from "node:test";
import {
  CATALOGUE, SCREENSHOTS, capture, closeApp, inCatalogue, launchApp, readText, resetCatalogue, restPointer, sel, settle, shownText, step, waitFor,
} from "../lib/app.mjs";

const HOME = process.env.E2E_HOME;
if (!HOME) throw new Error("E2E_HOME is not set: run the specs through tests/e2e/run.sh");

/** The first two skills of the sample (the matrix's first rows), both without errors and not legacy. */
const SKILLS = ["auditing-allowed-tools", "checking-well-known-index"];
const EDITED = SKILLS[0];
const CLAUDE = path.join(HOME, ".claude", "skills");
const CURSOR = path.join(HOME, ".cursor", "skills");
const ADDED = "\nEdited in Cursor's folder.\n";

const ui = {
  matrix: '[data-testid="agents-matrix"]',
  tool: (id) => `[data-testid="agent-tool"][data-agent="${id}"]`,
  selectTool: (id) => `[data-testid="select-tool-${id}"]`,
  selectSkill: (skill) => `[data-testid="agent-row"][data-skill="${skill}"] [data-testid="select-skill"]`,
  cell: (skill, agent) => `[data-testid="agent-row"][data-skill="${skill}"] [data-testid="agent-cell"][data-agent="${agent}"]`,
  install: '[data-testid="agents-install"]',
  refresh: '[data-testid="agents-refresh"]',
  plan: '[data-testid="agents-plan"]',
  step: '[data-testid="plan-step"]',
  conflict: (skill) => `[data-testid="plan-conflict"][data-skill="${skill}"]`,
  apply: '[data-testid="plan-apply"]',
  applied: '[data-testid="agents-applied"]',
  toast: '[data-testid="error-toast"]',
  fromTool: (skill) => `[data-testid="from-tool"][data-skill="${skill}"]`,
  takePlan: '[data-testid="take-plan"]',
};

/** Every file under `dir`, as relative path → content, for comparing a copy with its source. */
function filesOf(dir) {
  const out = {};
  const walk = (at) => {
    for (const entry of readdirSync(at)) {
      const full = path.join(at, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out[path.relative(dir, full)] = readFileSync(full, "utf8");
    }
  };
  walk(dir);
  return out;
}

async function cellState(browser, skill, agent) {
  return browser.$(ui.cell(skill, agent)).getAttribute("data-state");
}

/** Ticks a checkbox (clicking it only when it is not ticked yet). */
async function tick(browser, selector) {
  const box = browser.$(selector);
  await box.waitForExist({ timeout: 10_000, timeoutMsg: `no checkbox ${selector}` });
  if (!(await box.isSelected())) await box.click();
  await waitFor(browser, async () => box.isSelected(), `${selector} is not ticked`);
}

/** Clicks Apply on the plan shown and waits for the summary (failing with the error toast's text). */
async function applyPlan(browser) {
  await browser.$(ui.apply).click();
  await waitFor(
    browser,
    async () => {
      if (await browser.$(ui.toast).isExisting()) return `error: ${await shownText(browser.$(ui.toast))}`;
      return browser.$(ui.applied).isExisting();
    },
    "the plan was not applied",
    20_000,
  );
}

describe("installing skills into agent tools", () => {
  let browser;
  before(async () => {
    assert.ok(path.resolve(HOME).startsWith(path.resolve(path.dirname(CATALOGUE))), `E2E_HOME (${HOME}) is not inside the e2e work folder`);
    resetCatalogue();
    // Each run starts with both tools present and nothing installed (and no lock).
    for (const dir of [CLAUDE, CURSOR, path.join(HOME, ".agents")]) rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.dirname(CLAUDE), { recursive: true });
    mkdirSync(path.dirname(CURSOR), { recursive: true });
    browser = await launchApp();
  });
  after(() => closeApp(browser));

  step("the Agents view lists Claude Code and Cursor as found, with nothing installed", async () => {
    await browser.$(sel.nav("agents")).click();
    await browser.$(ui.matrix).waitForDisplayed({ timeout: 15_000, timeoutMsg: "the Agents view did not show its matrix" });
    await browser.$(ui.tool("claude-code")).waitForExist({ timeout: 10_000, timeoutMsg: "Claude Code is not a column (is ~/.claude there?)" });
    await browser.$(ui.tool("cursor")).waitForExist({ timeout: 10_000, timeoutMsg: "Cursor is not a column (is ~/.cursor there?)" });
    for (const skill of SKILLS) {
      assert.equal(await cellState(browser, skill, "claude-code"), "none");
      assert.equal(await cellState(browser, skill, "cursor"), "none");
    }
  });

  step("tick two skills and both tools, Install, and the plan links into Claude Code and copies into Cursor", async () => {
    for (const skill of SKILLS) await tick(browser, ui.selectSkill(skill));
    await tick(browser, ui.selectTool("claude-code"));
    await tick(browser, ui.selectTool("cursor"));
    await browser.$(ui.install).click();
    await browser.$(ui.plan).waitForDisplayed({ timeout: 15_000, timeoutMsg: "no plan was shown" });
    const steps = await browser.$$(ui.step).map(async (s) => `${await s.getAttribute("data-skill")}:${await s.getAttribute("data-action")}`);
    assert.deepEqual(steps.sort(), SKILLS.flatMap((s) => [`${s}:copy`, `${s}:link`]).sort());
    // Nothing is written by planning.
    assert.equal(existsSync(path.join(CLAUDE, SKILLS[0])), false, "planning wrote into ~/.claude/skills");
  });

  step("Apply writes a link in ~/.claude/skills and a copy in ~/.cursor/skills", async () => {
    await applyPlan(browser);
    for (const skill of SKILLS) {
      const link = path.join(CLAUDE, skill);
      assert.ok(lstatSync(link).isSymbolicLink(), `${link} is not a symlink`);
      assert.equal(realpathSync(link), realpathSync(inCatalogue(skill)), `${link} does not lead to the catalogue's folder`);
      const copy = path.join(CURSOR, skill);
      assert.ok(lstatSync(copy).isDirectory() && !lstatSync(copy).isSymbolicLink(), `${copy} is not a copied folder`);
      assert.deepEqual(filesOf(copy), filesOf(inCatalogue(skill)), `${copy} differs from the catalogue`);
    }
    for (const skill of SKILLS) {
      await waitFor(browser, async () => (await cellState(browser, skill, "claude-code")) === "current", `${skill} is not shown installed in Claude Code`);
      await waitFor(browser, async () => (await cellState(browser, skill, "cursor")) === "current", `${skill} is not shown installed in Cursor`);
    }
    assert.equal(await browser.$(ui.cell(SKILLS[0], "claude-code")).getAttribute("data-how"), "link");
    assert.equal(await browser.$(ui.cell(SKILLS[0], "cursor")).getAttribute("data-how"), "copy");
  });

  step("a copy edited in Cursor's folder shows as changed there after Refresh", async () => {
    appendFileSync(path.join(CURSOR, EDITED, "SKILL.md"), ADDED);
    await browser.$(ui.refresh).click();
    await waitFor(browser, async () => (await cellState(browser, EDITED, "cursor")) === "changedThere", "the edited copy is not shown as changed there");
    assert.match(await shownText(browser.$(ui.cell(EDITED, "cursor"))), /changed there/);
    assert.equal(await cellState(browser, EDITED, "claude-code"), "current", "the link changed state too");
  });

  step("Install again offers Replace for the edited copy; Replace puts the catalogue's back and keeps the edit in .skillhouse-backup", async () => {
    const edited = readText(path.join(CURSOR, EDITED, "SKILL.md"));
    await tick(browser, ui.selectSkill(EDITED));
    await tick(browser, ui.selectTool("cursor"));
    await browser.$(ui.install).click();
    const conflict = browser.$(ui.conflict(EDITED));
    await conflict.waitForDisplayed({ timeout: 15_000, timeoutMsg: "the plan does not list the edited copy as a conflict" });
    assert.equal(await conflict.getAttribute("data-kind"), "changedThere");
    await conflict.$('[data-testid="plan-replace"]').click();
    await waitFor(browser, async () => (await shownText(browser.$(`${ui.plan} h2`))).startsWith(`Replace ${EDITED}`), "the Replace plan was not shown");
    await applyPlan(browser);

    assert.deepEqual(filesOf(path.join(CURSOR, EDITED)), filesOf(inCatalogue(EDITED)), "the copy is not the catalogue's again");
    const backup = path.join(CURSOR, ".skillhouse-backup", EDITED, "SKILL.md");
    assert.ok(existsSync(backup), `${backup} is missing`);
    assert.equal(readText(backup), edited, "the backup is not the edited copy");
    assert.ok(edited.endsWith(ADDED));
    await waitFor(browser, async () => (await cellState(browser, EDITED, "cursor")) === "current", "the replaced copy is not shown as installed");
    // For the README: the matrix with two skills installed into both tools.
    await restPointer(browser);
    await settle(browser);
    await capture(browser, path.join(SCREENSHOTS, "agents.png"));
  });

  step("another copy edited in Cursor's folder is listed; Show changes shows its diff, and Take writes the edit into the catalogue", async () => {
    const other = SKILLS[1];
    const taken = "\nA better step, found while using the skill in Cursor.\n";
    appendFileSync(path.join(CURSOR, other, "SKILL.md"), taken);
    await browser.$(ui.refresh).click();
    const item = browser.$(ui.fromTool(other));
    await item.waitForDisplayed({ timeout: 15_000, timeoutMsg: "the edited copy is not listed under the tools' folders" });
    assert.equal(await item.getAttribute("data-state"), "changedThere");
    await item.$('[data-testid="from-tool-take"]').click();
    const panel = browser.$(ui.takePlan);
    await panel.waitForDisplayed({ timeout: 15_000, timeoutMsg: "the changes were not shown" });
    const diff = await shownText(panel.$('[data-testid="take-file"][data-path="SKILL.md"] [data-testid="take-diff"]'));
    assert.match(diff, /\+A better step, found while using the skill in Cursor\./, `the diff does not show the edit: ${diff}`);
    assert.ok(!readText(path.join(inCatalogue(other), "SKILL.md")).endsWith(taken), "showing the changes wrote into the catalogue");
    await restPointer(browser);
    await settle(browser);
    await capture(browser, path.join(SCREENSHOTS, "agents-take.png"));

    await panel.$('[data-testid="take-apply"]').click();
    await waitFor(
      browser,
      async () => {
        if (await browser.$(ui.toast).isExisting()) return `error: ${await shownText(browser.$(ui.toast))}`;
        return browser.$('[data-testid="take-done"]').isExisting();
      },
      "the changes were not taken",
      20_000,
    );
    assert.ok(readText(path.join(inCatalogue(other), "SKILL.md")).endsWith(taken), "the catalogue's SKILL.md does not have the edit");
    assert.deepEqual(filesOf(path.join(CURSOR, other)), filesOf(inCatalogue(other)), "the copy and the catalogue differ after taking");
    await waitFor(browser, async () => (await cellState(browser, other, "cursor")) === "current", "the taken copy is not shown as installed");
    assert.equal(await cellState(browser, other, "claude-code"), "current", "the link reads the catalogue, which now has the edit");
    assert.equal(await browser.$(ui.fromTool(other)).isExisting(), false, "the taken copy is still listed as edited");
  });
});
