// Searching while typing: the list narrows to the matching skills, best match first.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import path from "node:path";
import { after, before, describe } from "node:test";
import { SAMPLE, closeApp, readText, launchApp, resetCatalogue, rowNames, sel, step, textOf, typeInto, waitFor, shownText } from "../lib/app.mjs";

/**
 * The skills of the sample whose indexed text (name, description, metadata.tags and body, not
 * other metadata) has a word starting with `word`, as the search's prefix match finds them.
 */
function skillsMentioning(word) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "SKILL.md") {
        const text = readText(full);
        const [, yaml = "", body = ""] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
        const field = (re) => re.exec(yaml)?.[1] ?? "";
        const indexed = [field(/^name:\s*(.*)$/m), field(/^description:\s*(.*)$/m), field(/^\s+tags:\s*(.*)$/m), body].join("\n");
        if (new RegExp(`\\b${word}`, "i").test(indexed)) found.push(field(/^name:\s*(.*)$/m));
      }
    }
  };
  walk(SAMPLE);
  return found.sort();
}

/** The result count without the "· searching…" that shows while a search runs. */
async function resultCount(browser) {
  return (await textOf(browser, sel.resultCount)).replace(/\s*·\s*searching…$/, "");
}

describe("searching the catalogue", () => {
  let browser;
  before(async () => {
    resetCatalogue();
    browser = await launchApp();
  });
  after(() => closeApp(browser));

  step('typing "commit" narrows the list, with writing-commit-messages first', async () => {
    await typeInto(browser, sel.search, "commit");
    // Until the first answer arrives the list still shows every skill ("16 of 16 skills").
    await waitFor(
      browser,
      async () => {
        const match = /^(\d+) of 16 skills$/.exec(await resultCount(browser));
        return match !== null && Number(match[1]) < 16 && (await rowNames(browser)).length === Number(match[1]);
      },
      'the list does not narrow to "N of 16 skills"',
    );
    const names = await rowNames(browser);
    assert.equal(names[0], "writing-commit-messages");
    assert.ok(names.length < 16, `the list still shows ${names.length} skills`);
    assert.equal(await resultCount(browser), `${names.length} of 16 skills`);
  });

  step("the list holds exactly the skills whose name, description, tags or body mention the word", async () => {
    const expected = skillsMentioning("commit");
    const shown = await rowNames(browser);
    assert.deepEqual([...shown].sort(), expected);
    // A skill that has nothing to do with commits is gone.
    assert.equal(await browser.$(sel.rowNamed("reviewing-agent-cards")).isExisting(), false);
  });

  // Once broken: search made no snippets, so a row matching only in its body showed its
  // description with no sign of the match.
  step("a row that matches only in its body shows the matching snippet", async () => {
    const row = browser.$(sel.rowNamed("checking-well-known-index"));
    assert.match(await shownText(row.$(".skill-row-description")), /commit/i);
  });

  // Once broken: the watcher took the app's own file reads (inotify IN_OPEN) for changes, so a
  // catalogue-changed event came every ~250 ms and the search re-ran, flickering "searching…".
  step("once the results are in, the search stays still while nothing changes on disk", async () => {
    await waitFor(browser, async () => !(await textOf(browser, sel.resultCount)).includes("searching…"), "the search did not finish");
    const seen = await browser.execute(
      () =>
        new Promise((resolve) => {
          const el = document.querySelector('[data-testid="result-count"]');
          let searching = false;
          const observer = new MutationObserver(() => {
            searching ||= el.innerText.includes("searching…");
          });
          observer.observe(el, { subtree: true, childList: true, characterData: true });
          setTimeout(() => {
            observer.disconnect();
            resolve(searching);
          }, 2000);
        }),
    );
    assert.equal(seen, false, 'the list showed "searching…" again without any change');
  });

  step("a query nothing matches says so", async () => {
    await typeInto(browser, sel.search, "zzqxv");
    await waitFor(browser, async () => (await resultCount(browser)) === "0 of 16 skills", "the count does not drop to 0");
    assert.match(await textOf(browser, ".list-empty"), /No skill matches/);
  });

  step("clearing the search brings every skill back", async () => {
    await typeInto(browser, sel.search, "");
    await waitFor(browser, async () => (await rowNames(browser)).length === 16, "the 16 rows did not come back");
    assert.equal(await textOf(browser, sel.resultCount), "16 skills");
  });
});
