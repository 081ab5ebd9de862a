import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import * as platform from "./platform";

const SRC = join(__dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the platform boundary", () => {
  it("is the only app module that imports @tauri-apps", () => {
    const offenders = sourceFiles(SRC)
      .filter((path) => !/\.test\.tsx?$/.test(path)) // tests import @tauri-apps/api/mocks
      .filter((path) => relative(SRC, path) !== "platform.ts")
      .filter((path) => /(from\s+|import\s+|import\s*\(\s*|require\s*\(\s*)["']@tauri-apps\//.test(readFileSync(path, "utf8")))
      .map((path) => relative(SRC, path));
    expect(offenders).toEqual([]);
  });
});

describe("platform commands", () => {
  afterEach(() => clearMocks());

  it("passes the arguments of docs/ipc.md, in camelCase", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      if (cmd === "save_skill") return { sha256: "new", detail: {} };
      if (cmd === "rename_skill") return {};
      return null;
    });
    await platform.saveSkill("a", "text", "base");
    await platform.renameSkill("a", "b");
    expect(calls).toEqual([
      ["save_skill", { dir: "a", text: "text", baseSha256: "base" }],
      ["rename_skill", { dir: "a", newName: "b" }],
    ]);
  });

  it("rejects with the AppError that Rust sent", async () => {
    mockIPC(() => {
      throw { code: "skill.bad-name", message: "`A B` is not a valid name", details: { suggestion: "a-b" } };
    });
    await expect(platform.createSkill("A B")).rejects.toEqual({
      code: "skill.bad-name",
      message: "`A B` is not a valid name",
      details: { suggestion: "a-b" },
    });
  });

  it("turns any other rejection into an internal AppError", async () => {
    mockIPC(() => Promise.reject("command get_skill not found"));
    await expect(platform.getSkill("x")).rejects.toEqual({
      code: "internal",
      message: "command get_skill not found",
      details: null,
    });
    mockIPC(() => {
      throw new Error("boom");
    });
    await expect(platform.getSkill("x")).rejects.toMatchObject({ code: "internal", message: "boom" });
    mockIPC(() => {
      throw { code: "some.future-code", message: "new", details: 1 };
    });
    await expect(platform.getSkill("x")).rejects.toEqual({ code: "internal", message: "new", details: 1 });
  });

  it("reads a JSON string rejection as an AppError", () => {
    expect(platform.toAppError('{"code":"io","message":"disk full","details":null}')).toEqual({
      code: "io",
      message: "disk full",
      details: null,
    });
  });
});
