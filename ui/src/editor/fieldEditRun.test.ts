import { describe, expect, it } from "vitest";
import { baseOfEdit, type FieldEditRun } from "./fieldEditRun";

describe("a run of edits to one field", () => {
  const run: FieldEditRun = { pointer: "/description", base: "before", latest: 'description: "a "' };

  it("applies the next edit of the same field to the text from before the run", () => {
    expect(baseOfEdit(run, "/description", run.latest)).toBe("before");
  });

  it("ends when another field is edited", () => {
    expect(baseOfEdit(run, "/license", run.latest)).toBe(run.latest);
  });

  it("ends when the draft changed by another route (YAML, body, undo)", () => {
    expect(baseOfEdit(run, "/description", "edited in the YAML tab")).toBe("edited in the YAML tab");
  });

  it("starts from the draft when there is no run", () => {
    expect(baseOfEdit(null, "/description", "draft")).toBe("draft");
  });
});
