// Translations: a catalogue that keeps translated copies (i18n/<locale>/skills/<name>) opens
// with no duplicate-name errors; the list shows one row per source with its locales as badges
// (a click opens the translation), the locale filter lists a locale's translations, and the
// dashboard shows a listing per locale.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe } from "node:test";
import { SCREENSHOTS, capture, closeApp, inCatalogue, launchApp, resetCatalogue, restPointer, sel, settle, shownText, step, waitFor } from "../lib/app.mjs";

const SOURCE = "naming-skills";
const TRANSLATIONS = {
  de: "Wählt oder prüft einen Skill-Namen nach der Agent-Skills-Spezifikation. Verwende ihn, wenn ein Skill angelegt oder umbenannt wird.",
  fr: "Choisit ou vérifie le nom d'un skill selon la spécification Agent Skills. À utiliser quand un skill est créé ou renommé.",
  // Japanese, so the screenshot shows CJK text (not boxes: the test setup installs fonts-noto-cjk).
  ja: "Agent Skills 仕様に沿ってスキル名を選び、確認します。スキルを作成または名前を変更するときに使います。",
};

const ui = {
  badge: (locale) => `${sel.rowNamed(SOURCE)} [data-testid="row-translation"][data-locale="${locale}"]`,
  localeFilter: '[data-testid="filter-locale"]',
  rowLocale: '[data-testid="row-locale"]',
  localeRow: (locale) => `[data-testid="locale-row"][data-locale="${locale}"]`,
  diagnosticsNav: sel.nav("diagnostics"),
};

describe("translations", () => {
  let browser;
  before(async () => {
    resetCatalogue();
    // The source's sections, kept in each translation (one missing would be warned).
    const headings = readFileSync(inCatalogue(SOURCE, "SKILL.md"), "utf8").split("\n").filter((l) => /^#{1,6} /.test(l));
    for (const [locale, description] of Object.entries(TRANSLATIONS)) {
      const dir = inCatalogue("i18n", locale, "skills", SOURCE);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        path.join(dir, "SKILL.md"),
        `---\nname: ${SOURCE}\ndescription: ${description}\nlicense: MIT\nmetadata:\n  locale: ${locale}\n  source_locale: en\n  source_commit: "0123456"\n---\n${headings.map((h) => `${h}\n\n(${locale})\n`).join("\n")}`,
      );
    }
    browser = await launchApp();
  });
  after(() => closeApp(browser));

  step("the source is one row with its three locales as badges, and no duplicate-name error", async () => {
    await browser.$(ui.badge("de")).waitForExist({ timeout: 15_000, timeoutMsg: "no de badge on the source row" });
    const badges = await browser.$$(`${sel.rowNamed(SOURCE)} [data-testid="row-translation"]`).map((b) => b.getText());
    assert.deepEqual(badges, ["de", "fr", "ja"]);
    const rows = await browser.$$(sel.rowNamed(SOURCE)).length;
    assert.equal(rows, 1, "translations are not listed as rows of their own");
    assert.match(await shownText(browser.$(sel.resultCount)), /16 skills · 3 translations/);
    assert.equal(await browser.$(`${sel.nav("skills")} .nav-count`).getText(), "16", "the sidebar counts source skills");
    await browser.$(ui.diagnosticsNav).click();
    const diagnostics = await browser.execute(() => document.body.innerText);
    assert.doesNotMatch(diagnostics, /skill\.duplicate-name/);
    assert.match(diagnostics, /No problems found|0 errors/, "the translated catalogue has no findings");
    await browser.$(sel.nav("skills")).click();
  });

  step("a badge opens the translation, with the locales as tabs and the source side by side", async () => {
    await browser.$(ui.badge("ja")).click();
    await browser.$('[data-testid="locale-tab"][data-locale="ja"][aria-selected="true"]').waitForExist({ timeout: 10_000, timeoutMsg: "the Japanese translation did not open" });
    await waitFor(browser, async () => await browser.execute(() => [...document.querySelectorAll("textarea")].some((t) => t.value.includes("スキル名を選び"))), "the Japanese description is not shown");
    const tabs = await browser.$$('[data-testid="locale-tab"]').map((t) => t.getAttribute("data-locale"));
    assert.deepEqual(tabs, ["en", "de", "fr", "ja"]);
    await browser.$('[data-testid="side-by-side"]').click();
    const pane = browser.$('[data-testid="source-pane"]');
    await pane.waitForDisplayed({ timeout: 10_000, timeoutMsg: "the source is not shown side by side" });
    await waitFor(browser, async () => (await pane.getText()).includes("Chooses or reviews a skill name"), "the source pane does not show the source");
    await restPointer(browser);
    await settle(browser);
    await capture(browser, path.join(SCREENSHOTS, "translations-list.png"));
    await browser.$('[data-testid="side-by-side"]').click();
  });

  step("the locale filter lists the German translation", async () => {
    await browser.$(ui.localeFilter).selectByAttribute("value", "de");
    await waitFor(browser, async () => (await browser.$$(sel.row).length) === 1, "the de filter does not show one row");
    assert.equal(await browser.$(ui.rowLocale).getText(), "de");
    await browser.$(ui.localeFilter).selectByAttribute("value", "");
  });

  step("the dashboard shows a listing per locale", async () => {
    await browser.$(sel.nav("dashboard")).click();
    await browser.$(ui.localeRow("de")).waitForExist({ timeout: 10_000, timeoutMsg: "no per-locale row on the dashboard" });
    for (const locale of ["en", "de", "fr", "ja"]) assert.ok(await browser.$(ui.localeRow(locale)).isExisting(), `no ${locale} row`);
    assert.match(await browser.$(ui.localeRow("en")).getText(), /source/);
    assert.match(await browser.$(ui.localeRow("de")).getText(), /\d\.\d\d×/);
    await restPointer(browser);
    await settle(browser);
    await capture(browser, path.join(SCREENSHOTS, "translations-dashboard.png"));
  });
});
