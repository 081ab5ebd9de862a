import { describe, expect, it } from "vitest";
import { fieldsOf } from "./schemaFields";

describe("fieldsOf", () => {
  it("reads kinds, titles and required fields from the schema", () => {
    const fields = fieldsOf({
      type: "object",
      required: ["name"],
      properties: {
        name: { type: "string", title: "Name", maxLength: 64 },
        description: { type: "string" },
        metadata: { type: "object" },
        "user-invocable": { type: "boolean" },
        effort: { enum: ["low", "high"] },
        "allowed-tools": { oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
        hooks: { type: "object" },
      },
    });
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ["name", "text", true],
      ["description", "textarea", false],
      ["metadata", "map", false],
      ["user-invocable", "checkbox", false],
      ["effort", "select", false],
      ["allowed-tools", "text", false],
      ["hooks", "other", false],
    ]);
    expect(fields[4]?.options).toEqual(["low", "high"]);
  });
});
