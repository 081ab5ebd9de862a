process.env.E2E_APP ??= "/tmp/e2e-dbg/app";
process.env.E2E_CATALOGUE ??= "/tmp/e2e-dbg/cat";
process.env.E2E_SAMPLE ??= "/work/main/skills";
process.env.E2E_SCREENSHOTS ??= "/tmp/e2e-dbg/shots";
process.env.TAURI_DRIVER_PORT ??= "4460";
const lib = await import("./lib/app.mjs");
const { sel } = lib;
lib.resetCatalogue();
const b = await lib.launchApp();
try {
  await lib.openSkill(b, "writing-commit-messages");
  const f = b.$(sel.field("description"));
  await f.click();
  await b.keys(["Control", "End"]);
  const added = " Also for squash merges and for fixup commits made during review.";
  const a = b.action("key");
  for (const k of added) a.down(k).up(k);
  a.down("\uE009").down("s").up("s").up("\uE009");
  await a.perform(true);
  await b.pause(3000);
  const text = lib.readText(lib.inCatalogue("writing-commit-messages", "SKILL.md"));
  console.log(/^description: .*$/m.exec(text)[0].slice(-90));
  console.log("save button:", await lib.textOf(b, sel.save));
} finally {
  await lib.closeApp(b);
}
