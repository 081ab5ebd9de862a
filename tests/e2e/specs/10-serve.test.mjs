// Serving the catalogue to agents: the panel lists what `skillhouse mcp` serves, holds back a
// skill broken on disk while the app runs, shows each client's snippet for the open catalogue,
// and its HTTP switch starts a real `skillhouse mcp --http` that an MCP request reaches (the
// skills it lists are the panel's), and stops it again.
import assert from "node:assert/strict";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe } from "node:test";
import { CATALOGUE, SCREENSHOTS, capture, closeApp, inCatalogue, launchApp, resetCatalogue, restPointer, sel, settle, shownText, skillNamesOnDisk, step, waitFor } from "../lib/app.mjs";

const BROKEN = "zz-broken-skill";

const ui = {
  view: '[data-testid="serve-view"]',
  served: '[data-testid="mcp-served"] li',
  servedCount: '[data-testid="mcp-served-count"]',
  held: '[data-testid="mcp-held"]',
  client: (id) => `[data-testid="mcp-client-${id}"]`,
  snippet: '[data-testid="mcp-snippet"]',
  toggle: '[data-testid="mcp-http-toggle"]',
  /** What a person clicks: the switch's label (the checkbox itself is drawn over by its track). */
  switch: '[data-testid="mcp-http"] label.switch',
  url: '[data-testid="mcp-http-url"]',
  toast: '[data-testid="error-toast"]',
};

/** One JSON-RPC request over Streamable HTTP; the answer may come as JSON or as one SSE event. */
async function rpc(url, method, params = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  assert.equal(response.status, 200, `${method}: HTTP ${response.status} ${await response.clone().text()}`);
  const text = await response.text();
  const json = text.trimStart().startsWith("{") ? text : text.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5)).find((l) => l.trim().startsWith("{"));
  const answer = JSON.parse(json);
  assert.ok(!answer.error, `${method}: ${JSON.stringify(answer.error)}`);
  return answer.result;
}

describe("serving the catalogue to agents", () => {
  let browser;
  let url;
  before(async () => {
    resetCatalogue();
    browser = await launchApp();
  });
  after(async () => {
    rmSync(inCatalogue(BROKEN), { recursive: true, force: true });
    await closeApp(browser);
  });

  step("the panel serves every skill of the sample and holds none back", async () => {
    await browser.$(sel.nav("serve")).click();
    await browser.$(ui.view).waitForDisplayed({ timeout: 15_000, timeoutMsg: "the Serve to agents panel did not open" });
    const expected = skillNamesOnDisk(CATALOGUE).length;
    await waitFor(browser, async () => (await browser.$$(ui.served).length) === expected, `the panel does not list the ${expected} skills as served`);
    assert.equal(await browser.$(ui.held).isExisting(), false, "a skill of the sample is held back");
  });

  step("a skill broken on disk is held back with its error, and the rest stay served", async () => {
    const before = await browser.$$(ui.served).length;
    mkdirSync(inCatalogue(BROKEN), { recursive: true });
    writeFileSync(inCatalogue(BROKEN, "SKILL.md"), `---\nname: ${BROKEN}\ndescription: [unclosed\n---\nBody.\n`);
    await waitFor(browser, async () => browser.$(ui.held).isExisting(), "the broken skill is not shown as held back", 15_000);
    const held = await shownText(browser.$(ui.held));
    assert.match(held, new RegExp(BROKEN));
    assert.match(held, /SKILL\.md:\d+/, "the held-back row does not say where the error is");
    assert.equal(await browser.$$(ui.served).length, before, "the served list changed");
  });

  step("each client's snippet launches this catalogue over stdio", async () => {
    for (const client of ["claude-desktop", "claude-code", "cursor", "codex", "vs-code"]) {
      await browser.$(ui.client(client)).click();
      await waitFor(browser, async () => (await browser.$(ui.client(client)).getAttribute("aria-pressed")) === "true", `${client} is not chosen`);
      const snippet = await browser.$(ui.snippet).getText();
      assert.ok(snippet.includes(CATALOGUE), `${client}'s snippet does not name the catalogue: ${snippet}`);
      assert.match(snippet, /skillhouse/);
      if (client === "claude-code") assert.match(snippet, /^claude mcp add /);
      if (client === "codex") assert.match(snippet, /^\[mcp_servers\.skillhouse\]/);
    }
    await browser.$(ui.client("claude-desktop")).click();
  });

  step("switching HTTP on starts skillhouse mcp; an MCP client gets the panel's served skills", async () => {
    await browser.$(ui.switch).click();
    await waitFor(
      browser,
      async () => {
        if (await browser.$(ui.toast).isExisting()) return `error: ${await shownText(browser.$(ui.toast))}`;
        return browser.$(ui.url).isExisting();
      },
      "the HTTP server did not start",
      60_000,
    );
    url = await browser.$(ui.url).getText();
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const init = await rpc(url, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1" } });
    assert.ok(init.capabilities.extensions?.["io.modelcontextprotocol/skills"], `no skills extension in ${JSON.stringify(init.capabilities)}`);
    const tools = await rpc(url, "tools/list");
    assert.deepEqual(tools.tools.map((t) => t.name).sort(), ["list_agents", "list_skills", "load_skill", "read_skill_resource", "search_skills"]);
    const listed = await rpc(url, "skills/list");
    const names = listed.skills.map((s) => s.frontmatter.name).sort();
    const shown = (await browser.$$(ui.served).map((li) => li.$("span").getText())).sort();
    assert.deepEqual(names, shown, "the server serves other skills than the panel lists");
    assert.ok(!names.includes(BROKEN), "the broken skill is served");
    await restPointer(browser);
    await settle(browser);
    await capture(browser, path.join(SCREENSHOTS, "serve-to-agents.png"));
  });

  step("switching it off stops the server", async () => {
    await browser.$(ui.switch).click();
    await waitFor(browser, async () => !(await browser.$(ui.url).isExisting()), "the URL is still shown");
    await assert.rejects(fetch(url, { method: "POST", body: "{}" }), "the server still answers after it was switched off");
  });
});
