import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const UI = join(__dirname, "..");
const SOURCE = 'import { invoke } from "@tauri-apps/api/core";\nexport const ping = () => invoke("ping");\n';

/** The no-restricted-imports messages ESLint reports for SOURCE as if it were the file at `path` (relative to ui/). */
async function restrictedImports(path: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: UI });
  const [result] = await eslint.lintText(SOURCE, { filePath: join(UI, path) });
  if (!result) throw new Error(`ESLint returned no result for ${path}`);
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("the lint rule of the platform boundary", () => {
  it("reports an @tauri-apps import in any other module", async () => {
    for (const path of ["src/editor/SkillEditor.tsx", "src/model/pointer.ts"]) {
      const messages = await restrictedImports(path);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain("Only src/platform.ts imports @tauri-apps");
    }
  });

  it("allows it in src/platform.ts", async () => {
    expect(await restrictedImports("src/platform.ts")).toEqual([]);
  });
});
