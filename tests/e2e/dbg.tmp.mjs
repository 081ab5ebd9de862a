process.env.E2E_APP ??= "/tmp/e2e-dbg/app";
process.env.E2E_CATALOGUE ??= "/tmp/e2e-dbg/cat";
process.env.E2E_SAMPLE ??= "/work/main/skills";
process.env.E2E_SCREENSHOTS ??= "/tmp/e2e-dbg/shots";
process.env.TAURI_DRIVER_PORT ??= "4460";
const lib = await import("./lib/app.mjs");
const { sel } = lib;
lib.resetCatalogue();
const b = await lib.launchApp();
const count = () => b.execute(() => window.__ev.length);
try {
  await b.execute(async () => {
    window.__ev = [];
    const t = window.__TAURI_INTERNALS__;
    const id = t.transformCallback((e) => window.__ev.push(e));
    await t.invoke("plugin:event|listen", { event: "catalogue-changed", target: { kind: "Any" }, handler: id });
  });
  await b.pause(3000);
  console.log("idle 3s:", await count());
  await lib.openSkill(b, "naming-skills");
  await b.pause(3000);
  console.log("after opening a skill +3s:", await count());
  await lib.typeInto(b, sel.search, "commit");
  await b.pause(3000);
  console.log("after search +3s:", await count());
} finally {
  await lib.closeApp(b);
}
