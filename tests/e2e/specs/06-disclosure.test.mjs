// The Disclosure tab: what a skill costs a model at L1, L2 and L3, against the catalogue's budgets.
import assert from "node:assert/strict";
import { after, before, describe } from "node:test";
import { closeApp, launchApp, openSkill, openTab, resetCatalogue, step, textOf, shownText } from "../lib/app.mjs";

const SKILL = "reviewing-agent-cards";
// From skills/skillhouse.yaml.
const BUDGETS = { l1: 100, l2: 5000, resource: 10000 };

/** A bar's label, its figures as shown ("401 of 10,000 tokens") and its meter's numbers. */
async function readBar(bar) {
  const meter = bar.$('[role="meter"]');
  return {
    label: (await shownText(bar.$(".budget-label"))).trim(),
    figures: (await shownText(bar.$(".budget-figures"))).trim(),
    value: Number(await meter.getAttribute("aria-valuenow")),
    max: Number(await meter.getAttribute("aria-valuemax")),
    tone: await bar.getAttribute("data-tone"),
    fill: await bar.$(".budget-fill").getAttribute("style"),
  };
}

const count = (n) => n.toLocaleString("en-GB");

describe("the Disclosure tab", () => {
  let browser;
  before(async () => {
    resetCatalogue();
    browser = await launchApp();
    await openSkill(browser, SKILL);
    await openTab(browser, "disclosure");
  });
  after(() => closeApp(browser));

  step("shows one L1 bar, one L2 bar and one L3 bar per text file, with numbers", async () => {
    await browser.$('[data-testid="bar-l1"]').waitForDisplayed();
    const [l1] = await browser.$$('[data-testid="bar-l1"]').map(readBar);
    const [l2] = await browser.$$('[data-testid="bar-l2"]').map(readBar);
    const l3 = await browser.$$('[data-testid="bar-l3"]').map(readBar);

    assert.equal(l1.max, BUDGETS.l1);
    assert.ok(l1.value > 0 && l1.value <= BUDGETS.l1, `L1 is ${l1.value}`);
    assert.equal(l1.figures, `${count(l1.value)} of ${count(BUDGETS.l1)} tokens`);

    assert.equal(l2.max, BUDGETS.l2);
    assert.ok(l2.value > 0 && l2.value <= BUDGETS.l2, `L2 is ${l2.value}`);
    assert.equal(l2.figures, `${count(l2.value)} of ${count(BUDGETS.l2)} tokens`);

    assert.deepEqual(l3.map((b) => b.label).sort(), ["assets/agent-card-template.json", "references/a2a-card-checks.md"]);
    for (const bar of l3) {
      assert.equal(bar.max, BUDGETS.resource);
      assert.ok(bar.value > 0, `${bar.label} has no tokens`);
      assert.equal(bar.figures, `${count(bar.value)} of ${count(BUDGETS.resource)} tokens`);
    }
    // The L3 total in the text is the sum of the file bars.
    const total = l3.reduce((sum, b) => sum + b.value, 0);
    assert.match(await textOf(browser, ".disclosure"), new RegExp(`In total: ${count(total).replace(",", "\\,")} tokens`));
  });

  step("the bars are filled in proportion and all within budget", async () => {
    const bars = await browser.$$('[data-testid^="bar-"]').map(readBar);
    assert.equal(bars.length, 4);
    for (const bar of bars) {
      assert.equal(bar.tone, "ok", `${bar.label} is ${bar.tone}`);
      const width = Number(/width:\s*([\d.]+)%/.exec(bar.fill)?.[1]);
      assert.ok(Math.abs(width - (bar.value / bar.max) * 100) < 0.01, `${bar.label} is filled ${width}%`);
    }
  });
});
