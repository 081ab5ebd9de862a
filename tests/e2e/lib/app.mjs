// Shared helpers of the end-to-end specs: the catalogue copy on disk, the app session, and the
// few gestures a person makes (choose a skill, type into a field, switch tabs).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { it } from "node:test";
import { remote } from "webdriverio";
import { remoteOptions } from "../wdio.conf.mjs";

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs through tests/e2e/run.sh`);
  return value;
}

/** The throwaway copy of the sample catalogue that the app opens (SKILLHOUSE_CATALOGUE). */
export const CATALOGUE = required("E2E_CATALOGUE");
/** The sample catalogue in the repository (never written to). */
export const SAMPLE = required("E2E_SAMPLE");
export const SCREENSHOTS = required("E2E_SCREENSHOTS");
const FAILURES = process.env.E2E_FAILURES ?? null;

/** How long the UI may take to show the result of an action (IPC, debounced checks, the watcher). */
export const UI_TIMEOUT = 10_000;

// --- Files on disk ------------------------------------------------------------------------------

/** Puts the catalogue copy back to the sample's content, so each spec file starts the same. */
export function resetCatalogue() {
  assert.notEqual(path.resolve(CATALOGUE), path.resolve(SAMPLE), "the specs must not write to the sample");
  mkdirSync(CATALOGUE, { recursive: true });
  for (const entry of readdirSync(CATALOGUE)) rmSync(path.join(CATALOGUE, entry), { recursive: true, force: true });
  cpSync(SAMPLE, CATALOGUE, { recursive: true });
}

/** Path of a file inside the catalogue copy. */
export function inCatalogue(...parts) {
  return path.join(CATALOGUE, ...parts);
}

export function readText(file) {
  return readFileSync(file, "utf8");
}

/** The `name:` of every SKILL.md under `root` (what the list must show), sorted. */
export function skillNamesOnDisk(root = SAMPLE) {
  const names = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry === "SKILL.md") {
        const match = /^name:\s*(.+?)\s*$/m.exec(readText(full));
        if (match) names.push(match[1]);
      }
    }
  };
  walk(root);
  return names.sort();
}

// --- The session ------------------------------------------------------------------------------

let current = null;

/** Starts the app through tauri-driver and waits until the catalogue is listed. */
export async function launchApp() {
  const browser = await remote(remoteOptions());
  current = browser;
  const url = await browser.getUrl();
  if (/^https?:\/\/localhost(:\d+)?\//.test(url)) {
    throw new Error(`the app loaded ${url}: build it with --features custom-protocol after ui/dist exists`);
  }
  await browser.$('[data-testid="skill-row"]').waitForExist({
    timeout: 30_000,
    timeoutMsg: "the app did not list any skill within 30 s",
  });
  return browser;
}

export async function closeApp(browser) {
  if (!browser) return;
  if (current === browser) current = null;
  await browser.deleteSession().catch(() => undefined);
}

/**
 * `it`, plus a screenshot of the window when the step fails (kept by run.sh with the logs).
 */
export function step(name, options, fn) {
  if (typeof options === "function") [options, fn] = [{}, options];
  return it(name, options, async (t) => {
    try {
      await fn(t);
    } catch (error) {
      if (current && FAILURES) {
        const file = path.join(FAILURES, `${name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80)}.png`);
        await capture(current, file).catch(() => undefined);
      }
      throw error;
    }
  });
}

/**
 * Saves what the window shows, taken from the X display with ImageMagick's `import`: what a
 * person sees. WebKitWebDriver's own screenshot waits for a frame that, with WebKit's
 * accelerated compositing off (the app's default, src-tauri/src/main.rs), can take minutes to come.
 */
export async function capture(browser, file) {
  const { x, y, width, height } = await browser.getWindowRect();
  execFileSync("import", ["-window", "root", "-crop", `${width}x${height}+${x}+${y}`, "+repage", file], { timeout: 20_000 });
}

// --- Reading the window ---------------------------------------------------------------------------

export const sel = {
  row: '[data-testid="skill-row"]',
  rowNamed: (name) => `[data-testid="skill-row"][data-name="${name}"]`,
  search: '[data-testid="search"]',
  resultCount: '[data-testid="result-count"]',
  editor: '[data-testid="skill-editor"]',
  field: (name) => `[data-testid="field-${name}"]`,
  fieldBox: (name) => `.form-field[data-field="${name}"]`,
  tab: (id) => `[data-testid="tab-${id}"]`,
  save: '[data-testid="save"]',
  diagnostic: '[data-testid="diagnostic"]',
  nav: (id) => `[data-testid="nav-${id}"]`,
};

/** The names of the rows in the list, top to bottom (the rows that exist in the page). */
export async function rowNames(browser) {
  return browser.execute(() =>
    Array.from(document.querySelectorAll('[data-testid="skill-row"]'))
      .sort((a, b) => Number(a.getAttribute("data-index")) - Number(b.getAttribute("data-index")))
      .map((row) => row.getAttribute("data-name")),
  );
}

/** Polls `check` (an async function returning true) until it holds, or fails with `message`. */
export async function waitFor(browser, check, message, timeout = UI_TIMEOUT) {
  let last;
  try {
    await browser.waitUntil(
      async () => {
        last = await check();
        return last === true;
      },
      { timeout, interval: 100 },
    );
  } catch {
    throw new Error(`${message} (waited ${timeout} ms${last !== undefined && last !== false ? `; last: ${JSON.stringify(last)}` : ""})`);
  }
}

/**
 * The text an element shows (its innerText, spaces collapsed). WebKitWebDriver's Get Element
 * Text returns "" for text cut with `text-overflow: ellipsis`, so it is not used.
 */
export async function textOf(browser, selector) {
  return shownText(browser.$(selector));
}

/** The same for an element already found. */
export async function shownText(element) {
  const text = await element.getProperty("innerText");
  return String(text ?? "").replace(/\s+/g, " ").trim();
}

// --- Gestures ---------------------------------------------------------------------------------

/** Clicks a skill in the list and waits until its editor has loaded (Form tab first). */
export async function openSkill(browser, name) {
  const row = browser.$(sel.rowNamed(name));
  await row.waitForExist({ timeout: UI_TIMEOUT, timeoutMsg: `no row for ${name} in the list` });
  await row.scrollIntoView({ block: "center" });
  await row.click();
  await waitFor(
    browser,
    async () => (await browser.$(`${sel.editor} h2`).isExisting()) && (await textOf(browser, `${sel.editor} h2`)) === name,
    `the editor did not open ${name}`,
  );
  await browser.$(sel.tab("form")).waitForExist();
}

export async function openTab(browser, id) {
  await browser.$(sel.tab(id)).click();
  await waitFor(browser, async () => (await browser.$(sel.tab(id)).getAttribute("aria-selected")) === "true", `the ${id} tab did not open`);
}

const BACKSPACE = "\uE003";

/**
 * Types `text` one key at a time (down, up, next key). WebdriverIO's `keys` presses every key
 * down before releasing any, and WebKit then drops a repeated letter ("commit" becomes "comit").
 */
export async function typeKeys(browser, text) {
  const action = browser.action("key");
  for (const key of text) action.down(key).up(key);
  await action.perform(true);
}

/**
 * Replaces the text of an input or textarea the way a person does: click into it, select all,
 * type the new text (each keystroke goes through React and the app's set_field command).
 */
export async function typeInto(browser, selector, text) {
  const input = browser.$(selector);
  await input.waitForDisplayed({ timeout: UI_TIMEOUT });
  await input.click();
  await browser.keys(["Control", "a"]);
  await typeKeys(browser, text === "" ? BACKSPACE : text);
  await waitFor(browser, async () => (await input.getValue()) === text, `${selector} does not show the typed text`);
}

/** Adds text at the end of an input or textarea. */
export async function appendTo(browser, selector, text) {
  const input = browser.$(selector);
  await input.waitForDisplayed({ timeout: UI_TIMEOUT });
  const before = await input.getValue();
  await input.click();
  await browser.keys(["Control", "End"]);
  await typeKeys(browser, text);
  await waitFor(browser, async () => (await input.getValue()) === before + text, `${selector} does not show the added text`);
}

/** Moves focus and the pointer away, so that nothing is focused or hovered (for screenshots). */
export async function restPointer(browser) {
  await browser.execute(() => {
    const active = document.activeElement;
    if (active && active !== document.body && typeof active.blur === "function") active.blur();
    window.getSelection()?.removeAllRanges();
  });
  await browser.$(".brand").moveTo({ xOffset: 1, yOffset: 1 }).catch(() => undefined);
}

/** Waits until nothing is being checked, searched or loaded, and the fonts are ready. */
export async function settle(browser) {
  await waitFor(
    browser,
    async () =>
      browser.execute(async () => {
        await document.fonts.ready;
        const busy = /checking…|updating…|searching…|Loading the editor…/.test(document.body.innerText);
        return !busy && document.querySelector('[aria-busy="true"]') === null;
      }),
    "the window did not settle",
  );
  await browser.execute(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
  await browser.pause(250);
}
