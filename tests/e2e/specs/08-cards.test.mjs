// Agent Cards: a product owner reviews an agent's A2A card, sees the review's findings appear and
// go as skills change (one fixed in the app's editor, one on disk), approves the card, and tries
// it on the loopback card server.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe } from "node:test";
import {
  SCREENSHOTS, capture, restPointer, settle, closeApp, inCatalogue, launchApp, openTab, readText, resetCatalogue, sel, shownText, step, textOf, typeInto, waitFor,
} from "../lib/app.mjs";

/** Changes on disk must show within this time (the watcher debounces for 250 ms). */
const WATCH_TIMEOUT = 8_000;
const AGENT = "registry-publisher";
/** A skill of AGENT whose example we make read like another skill of AGENT (reviewing-release-notes). */
const COMMITS = "writing-commit-messages";
/** A skill of AGENT whose tags we remove on disk. */
const LEGACY = "migrating-legacy-frontmatter";
const MISROUTED = "Check the 2.3.0 changelog against what actually changed since 2.2.0 release notes";

const card = {
  pick: (agent) => `[data-testid="agent-pick"][data-agent="${agent}"]`,
  finding: (code) => `[data-testid="card-finding"][data-code="${code}"]`,
  anyFinding: '[data-testid="card-finding"]',
  approve: '[data-testid="approve"]',
};

async function findingCodes(browser) {
  return browser.execute(() => Array.from(document.querySelectorAll('[data-testid="card-finding"]')).map((f) => f.getAttribute("data-code")));
}

async function openCards(browser, agent = AGENT) {
  await browser.$(sel.nav("cards")).click();
  const pick = browser.$(card.pick(agent));
  await pick.waitForDisplayed({ timeout: 10_000, timeoutMsg: `no ${agent} in the agent picker` });
  await pick.click();
  await waitFor(browser, async () => (await pick.getAttribute("aria-pressed")) === "true", `${agent} is not selected`);
  await browser.$(`.card-review[data-agent="${agent}"]`).waitForExist();
}

describe("reviewing and approving an agent card", () => {
  let browser;
  let commitsOriginal;
  let legacyOriginal;
  let examplesValue;
  before(async () => {
    resetCatalogue();
    commitsOriginal = readText(inCatalogue(COMMITS, "SKILL.md"));
    legacyOriginal = readText(inCatalogue(LEGACY, "SKILL.md"));
    examplesValue = /^ {2}examples: "(.*)"$/m.exec(commitsOriginal)[1];
    browser = await launchApp();
  });
  after(() => closeApp(browser));

  step("the Agent Cards view lists the sample's agents, none approved, and shows the card", async () => {
    await openCards(browser);
    const agents = await browser.execute(() =>
      Array.from(document.querySelectorAll('[data-testid="agent-pick"]')).map((p) => [p.getAttribute("data-agent"), p.getAttribute("data-status")]),
    );
    assert.deepEqual(agents.map(([a]) => a).sort(), ["agent-card-reviewer", "registry-publisher", "skill-author-coach", "skill-security-reviewer"]);
    assert.ok(agents.every(([, status]) => status === "unapproved"), JSON.stringify(agents));
    assert.equal(await textOf(browser, `${card.pick(AGENT)} [data-testid="agent-status"]`), "Not approved");
    assert.deepEqual(await findingCodes(browser), []);
    assert.match(await textOf(browser, '[data-testid="rendered-card"]'), /writing-commit-messages/);
    assert.match(await textOf(browser, '[data-testid="card-json"]'), /"name": "registry-publisher"/);
  });

  step("an example that reads like another skill, and a skill without tags, show as findings", async () => {
    writeFileSync(inCatalogue(COMMITS, "SKILL.md"), commitsOriginal.replace(examplesValue, `${MISROUTED} | commit the staged work, I renamed two skills`));
    writeFileSync(inCatalogue(LEGACY, "SKILL.md"), legacyOriginal.replace(/^ {2}tags: .*\n/m, ""));
    await waitFor(
      browser,
      async () => {
        const codes = await findingCodes(browser);
        return codes.includes("card.example-misroute") && codes.includes("card.skill-no-tags") ? true : codes;
      },
      "the findings do not appear",
      WATCH_TIMEOUT,
    );
    const misroute = await shownText(browser.$(card.finding("card.example-misroute")));
    assert.match(misroute, /reads more like skill/);
    assert.match(misroute, /Fix:/);
    const pick = await textOf(browser, card.pick(AGENT));
    assert.match(pick, /error/);
    assert.match(pick, /1 warning/);
  });

  step("Approve is refused while the card has errors, with the reason", async () => {
    assert.equal(await browser.$(card.approve).isEnabled(), false);
    assert.match(await textOf(browser, '[data-testid="approve-reason"]'), /Fix the \d+ errors? listed under Review findings/);
  });

  step("clicking the finding marks the example it is about in the rendered card", async () => {
    await browser.$(`${card.finding("card.example-misroute")} .finding-main`).click();
    const marked = browser.$('[data-testid="rendered-card"] [data-target="true"]');
    await marked.waitForExist({ timeout: 5_000, timeoutMsg: "nothing is marked in the card" });
    assert.match(await marked.getAttribute("data-pointer"), /^\/skills\/\d+\/examples\/0$/);
    assert.equal((await shownText(marked)).replace(/^“|”$/g, ""), MISROUTED); // the quotes are CSS, which innerText may leave out
    await waitFor(
      browser,
      async () =>
        browser.execute(() => {
          const box = document.querySelector('[data-testid="rendered-card"] [data-target="true"]')?.getBoundingClientRect();
          const page = document.querySelector('[data-testid="cards-view"]')?.getBoundingClientRect();
          return !!box && !!page && box.top >= page.top && box.bottom <= page.bottom ? true : [box?.top, box?.bottom, page?.top, page?.bottom];
        }),
      "the marked example is not scrolled into view",
    );
  });

  step("Open file opens the skill in the editor; fixing the example there and saving clears the warning", async () => {
    await browser.$(`${card.finding("card.example-misroute")} [data-testid="finding-open"]`).click();
    await waitFor(browser, async () => (await browser.$(`${sel.editor} h2`).isExisting()) && (await textOf(browser, `${sel.editor} h2`)) === COMMITS, "the editor did not open the skill");
    // The finding's line is in the frontmatter: the YAML tab opens at it.
    await waitFor(browser, async () => (await browser.$(sel.tab("yaml")).getAttribute("aria-selected")) === "true", "the YAML tab did not open");
    await openTab(browser, "form");
    await typeInto(browser, sel.field("metadata-examples"), examplesValue);
    await waitFor(browser, async () => !(await shownText(browser.$(`${sel.editor} .editor-meta`))).includes("checking…"), "the draft is still being checked");
    await browser.$(sel.save).click();
    await waitFor(browser, async () => (await textOf(browser, sel.save)) === "Saved", "the Save button does not say Saved");
    assert.match(readText(inCatalogue(COMMITS, "SKILL.md")), new RegExp(examplesValue.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));

    await openCards(browser);
    await waitFor(
      browser,
      async () => {
        const codes = await findingCodes(browser);
        return !codes.includes("card.example-misroute") ? true : codes;
      },
      "the example-misroute finding is still listed",
    );
    assert.ok((await findingCodes(browser)).includes("card.skill-no-tags"));
  });

  step("restoring the tags on disk clears the error, and Approve becomes available", async () => {
    writeFileSync(inCatalogue(LEGACY, "SKILL.md"), legacyOriginal);
    await waitFor(browser, async () => ((await findingCodes(browser)).length === 0 ? true : await findingCodes(browser)), "the findings did not go away", WATCH_TIMEOUT);
    await waitFor(browser, async () => browser.$(card.approve).isEnabled(), "Approve is still disabled");
  });

  step("approving writes the card and the approval log with the sha256 the window shows", async () => {
    await browser.$(card.approve).click();
    const by = browser.$('[data-testid="approved-by"]');
    await by.waitForDisplayed({ timeout: 10_000, timeoutMsg: "no approval shown" });
    assert.match(await shownText(by), /^Approved by .+ at .+, sha256 [0-9a-f]{12}…$/);
    assert.equal(await textOf(browser, `${card.pick(AGENT)} [data-testid="agent-status"]`), "Approved");
    assert.equal(await browser.$(card.approve).isEnabled(), false);
    const shown = await browser.$('[data-testid="approved-sha"]').getAttribute("title");
    assert.match(shown, /^[0-9a-f]{64}$/);
    assert.equal((await textOf(browser, '[data-testid="approved-sha"]')).replace("…", ""), shown.slice(0, 12));

    const cardFile = inCatalogue("cards", `${AGENT}.json`);
    const logFile = inCatalogue("cards", "approvals.json");
    assert.ok(existsSync(cardFile), "cards/<agent>.json was not written");
    assert.ok(existsSync(logFile), "cards/approvals.json was not written");
    const bytes = readFileSync(cardFile);
    assert.equal(createHash("sha256").update(bytes).digest("hex"), shown, "the card on disk is not the one whose hash is shown");
    assert.equal(JSON.parse(bytes.toString("utf8")).name, AGENT);
    const log = JSON.parse(readText(logFile));
    const last = log.approvals.filter((a) => a.agent === AGENT).at(-1);
    assert.ok(last, "the log has no approval of the agent");
    assert.equal(last.sha256, shown);
    // The JSON beside the card is exactly the approved text.
    assert.equal(JSON.parse(await browser.$('[data-testid="card-json"]').getProperty("textContent")).name, AGENT);
  });

  step("Serve for testing serves the approved card on a loopback URL", async () => {
    await browser.$('[data-testid="serve"] .switch').click();
    const url = browser.$('[data-testid="serve-url"]');
    await url.waitForDisplayed({ timeout: 10_000, timeoutMsg: "the server's URL is not shown" });
    const address = await shownText(url);
    assert.match(address, /^http:\/\/127\.0\.0\.1:\d+\/agents\/registry-publisher\/\.well-known\/agent-card\.json$/);
    const response = await fetch(address);
    assert.equal(response.status, 200);
    const body = await response.text();
    assert.equal(JSON.parse(body).name, AGENT);
    assert.deepEqual(JSON.parse(body), JSON.parse(readText(inCatalogue("cards", `${AGENT}.json`))), "the served card is not the approved one");
    await browser.$('[data-testid="serve"] .switch').click();
    await waitFor(browser, async () => !(await url.isExisting()), "the URL is still shown after stopping");
  });

  step("with a signing key, approval signs the card, and the window says who signed and that it verified", async () => {
    // The sample's `{bearer: []}` is empty to a2a-sdk, so its cards cannot be signed: name a role.
    const config = inCatalogue("skillhouse.yaml");
    const text = readText(config);
    assert.ok(text.includes("    - {bearer: []}"), "the sample's security requirement moved; update this step");
    writeFileSync(config, text.replace("    - {bearer: []}", "    - {bearer: [agents.call]}"));
    // The key is made as docs/agent-cards.md says, into the app's own config folder.
    const made = execFileSync(process.env.E2E_CLI, ["keys", "new", "-C", process.env.E2E_CATALOGUE], {
      env: { ...process.env, XDG_CONFIG_HOME: process.env.E2E_CONFIG },
      encoding: "utf8",
    });
    const kid = /^new EdDSA key (\S+)$/m.exec(made)?.[1];
    assert.ok(kid, made);
    const other = "agent-card-reviewer";
    await openCards(browser, other);
    // The window reads skillhouse.yaml again once the watcher reports it; approve what it shows then.
    await waitFor(
      browser,
      async () => (await browser.$('[data-testid="card-json"]').getProperty("textContent")).includes("agents.call"),
      "the card does not show the changed security requirement",
      WATCH_TIMEOUT,
    );
    await waitFor(browser, async () => (await browser.$('[data-testid="signing"]').isExisting()) === false, "an unapproved card shows signatures");
    await browser.$(card.approve).click();
    const line = browser.$('[data-testid="signature"][data-outcome="verified"]');
    await line.waitForDisplayed({ timeout: 10_000, timeoutMsg: "no verified signature shown after approval" });
    assert.match(await shownText(line), new RegExp(`^Signed by .+ with EdDSA key ${kid.slice(0, 12)}…: verified against cards/jwks\\.json$`));
    assert.equal(await browser.$('[data-testid="signing"]').getAttribute("data-state"), "verified");
    const last = JSON.parse(readText(inCatalogue("cards", "approvals.json"))).approvals.at(-1);
    assert.equal(last.agent, other);
    assert.equal(last.signatures.length, 1);
    // And the CLI verifies what the app signed, against the catalogue's key set.
    const published = execFileSync(process.env.E2E_CLI, ["card", other, "-C", process.env.E2E_CATALOGUE, "--signed"], { encoding: "utf8" });
    const file = path.join(process.env.E2E_CONFIG, "signed.json");
    writeFileSync(file, published);
    assert.match(execFileSync(process.env.E2E_CLI, ["card", "verify", "-C", process.env.E2E_CATALOGUE, file], { encoding: "utf8" }), /^verified: signature 0 verified/m);
    await browser.$('[data-testid="approval"]').scrollIntoView({ block: "center" });
    await restPointer(browser);
    await settle(browser);
    await capture(browser, path.join(SCREENSHOTS, "signed-card.png"));
  });
});
