process.env.E2E_APP ??= "/tmp/e2e-dbg/app";
process.env.E2E_CATALOGUE ??= "/tmp/e2e-dbg/cat";
process.env.E2E_SAMPLE ??= "/work/main/skills";
process.env.E2E_SCREENSHOTS ??= "/tmp/e2e-dbg/shots";
process.env.TAURI_DRIVER_PORT ??= "4460";
import { watch } from "node:fs";
const lib = await import("./lib/app.mjs");
const { sel } = lib;
lib.resetCatalogue();
const events = [];
const w = watch("/tmp/e2e-dbg/cat", { recursive: true }, (ev, f) => events.push([ev, f]));
const b = await lib.launchApp();
try {
  await b.execute(() => {
    window.__log = [];
    const t0 = performance.now();
    const el = document.querySelector('.app');
    new MutationObserver((m) => window.__log.push([Math.round(performance.now() - t0), m.length])).observe(el, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await b.pause(2000);
  console.log("idle mutations", (await b.execute(() => window.__log)).length, "fs events", events.length, events.slice(0, 10));
  await lib.typeInto(b, sel.search, "commit");
  await b.pause(2000);
  console.log("after search mutations", (await b.execute(() => window.__log)).length, "fs events", events.length, events.slice(0, 10));
} finally {
  await lib.closeApp(b);
  w.close();
}
