import { describe, expect, it } from "vitest";
import { joinSkillText, offsetOf, splitSkillText } from "./skillText";

describe("splitSkillText", () => {
  const text = "---\nname: a\ndescription: b\n---\n\n# A\n";

  it("finds the YAML and the body with their file lines", () => {
    const parts = splitSkillText(text);
    expect(parts).toMatchObject({ yaml: "name: a\ndescription: b", body: "\n# A\n", yamlStartLine: 2, bodyStartLine: 5 });
  });

  it("puts the file back together byte for byte", () => {
    for (const t of [text, "---\r\nname: a\r\n---\r\nbody", "---\n---\n", "---\nname: a\n---"]) {
      const parts = splitSkillText(t);
      expect(parts).not.toBeNull();
      if (parts) expect(joinSkillText(parts)).toBe(t);
    }
  });

  it("returns null without a closed frontmatter", () => {
    expect(splitSkillText("# no frontmatter")).toBeNull();
    expect(splitSkillText("---\nname: a\n")).toBeNull();
  });
});

describe("offsetOf", () => {
  it("counts columns in code points", () => {
    const text = "ab\n😀x\n";
    expect(offsetOf(text, 1, 2)).toBe(1);
    expect(offsetOf(text, 2, 2)).toBe(5); // after the two UTF-16 units of the emoji
    expect(offsetOf(text, 9, 1)).toBe(text.length);
  });
});
