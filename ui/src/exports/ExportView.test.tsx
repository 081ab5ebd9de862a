import { afterEach, describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { emit } from "@tauri-apps/api/event";
import type { InvokeArgs } from "@tauri-apps/api/core";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { ExportPreview } from "../bindings/ExportPreview";
import type { ExportRequest } from "../bindings/ExportRequest";
import type { ImportPlan } from "../bindings/ImportPlan";
import type { PreviewFile } from "../bindings/PreviewFile";
import { ExportView } from "./ExportView";
import { buildTree, defaultDestination, describeTally } from "./exportModel";
import { renderInApp } from "../test/render";
import { ErrorProvider } from "../errors/ErrorContext";
import { view } from "../test/fixtures";

type Args = Record<string, unknown>;

function backend(handlers: Record<string, (args: Args) => unknown>) {
  const calls: [string, Args][] = [];
  mockIPC((cmd, payload?: InvokeArgs) => {
    const args = (payload ?? {}) as Args;
    calls.push([cmd, args]);
    const handler = handlers[cmd];
    if (handler) return handler(args);
    if (cmd.startsWith("plugin:event")) return 0;
    return null;
  });
  return calls;
}

const files: PreviewFile[] = [
  { path: "registry.json", size: 2048, change: "changed" },
  { path: "skills/naming-skills/SKILL.md", size: 900, change: "changed" },
  { path: "skills/naming-skills/references/old.md", size: 40, change: "removed" },
  { path: "skills/pdf-tools/SKILL.md", size: 700, change: "unchanged" },
  { path: "skills/summarising/SKILL.md", size: 500, change: "added" },
];

function preview(request: ExportRequest, patch: Partial<ExportPreview["outputs"][number]> = {}): ExportPreview {
  return {
    destination: request.destination,
    outputs: request.targets.map((target) => ({
      target,
      path: `${request.destination}/${target}.tar.gz`,
      previous: true,
      files,
      added: 1,
      changed: 2,
      unchanged: 1,
      removed: 1,
      bytes: 3688,
      leftOut: [{ agent: "release-manager", reason: "the card is not approved; approve it in the Agent Cards view" }],
      warnings: [],
      refusals: [],
      ...patch,
    })),
  };
}

const clean = () => view({ diagnostics: [] });

describe("the export model", () => {
  it("builds a tree whose folders count the changes below them", () => {
    const tree = buildTree(files);
    expect(tree.folders.map((f) => f.name)).toEqual(["skills"]);
    expect(tree.files.map((f) => f.path)).toEqual(["registry.json"]);
    const skills = tree.folders[0];
    expect(skills.tally).toEqual({ added: 1, changed: 1, unchanged: 1, removed: 1 });
    expect(skills.folders.map((f) => f.name)).toEqual(["naming-skills", "pdf-tools", "summarising"]);
    expect(skills.folders[0].folders[0].files[0].path).toBe("skills/naming-skills/references/old.md");
    expect(describeTally(skills.tally)).toBe("1 new · 1 changed · 1 removed");
    expect(describeTally({ added: 0, changed: 0, unchanged: 5, removed: 0 })).toBe("no changes");
  });

  it("puts exports beside the catalogue by default", () => {
    expect(defaultDestination("/home/me/skills")).toBe("/home/me/skills-export");
    expect(defaultDestination("/home/me/skills/")).toBe("/home/me/skills-export");
  });
});

describe("Export view", () => {
  afterEach(() => {
    clearMocks();
    localStorage.clear();
  });

  it("previews the chosen formats against the previous export, then writes them", async () => {
    const user = userEvent.setup();
    const calls = backend({
      preview_export: (a) => preview(a.request as ExportRequest),
      run_export: (a) => {
        const r = a.request as ExportRequest;
        return {
          destination: r.destination,
          written: r.targets.map((t) => ({ path: `${r.destination}/${t}.tar.gz`, packaging: "tar-gz", files: 4, bytes: 3648, sha256: "ab".repeat(32), archiveBytes: 1200 })),
          leftOut: [],
          warnings: [],
        };
      },
    });
    renderInApp(<ExportView view={clean()} onImported={() => undefined} />);
    expect((screen.getByTestId("export-destination") as HTMLInputElement).value).toBe("/home/me/skills-export");
    expect((screen.getByTestId("export-run") as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId("format-well-known"));
    await user.click(screen.getByTestId("export-preview"));

    const outputs = await screen.findAllByTestId("export-output");
    expect(outputs.map((o) => o.dataset.target)).toEqual(["bundle", "well-known"]);
    const request = calls.find(([c]) => c === "preview_export")?.[1].request as ExportRequest;
    expect(request).toMatchObject({ targets: ["bundle", "well-known"], packaging: "tar-gz", destination: "/home/me/skills-export" });
    const first = within(outputs[0]);
    expect(first.getByTestId("export-summary").textContent).toContain("1 new · 2 changed · 1 removed");
    expect(first.getByTestId("export-left-out").textContent).toContain("release-manager");
    // Only files that change are listed at first; the unchanged one appears on request.
    expect(outputs[0].querySelector('[data-path="skills/pdf-tools/SKILL.md"]')).toBeNull();
    expect(outputs[0].querySelector('[data-path="skills/naming-skills/references/old.md"]')?.getAttribute("data-change")).toBe("removed");
    await user.click(first.getByLabelText("Only files that change"));
    expect(outputs[0].querySelector('[data-path="skills/pdf-tools/SKILL.md"]')).not.toBeNull();

    await user.click(screen.getByTestId("export-run"));
    const done = await screen.findByTestId("export-done");
    expect(within(done).getAllByTestId("export-written").map((w) => w.dataset.path)).toEqual([
      "/home/me/skills-export/bundle.tar.gz",
      "/home/me/skills-export/well-known.tar.gz",
    ]);
    expect(localStorage.getItem("skillhouse.export.destination:/home/me/skills")).toBe("/home/me/skills-export");
  });

  it("names the skills specification readers refuse, and asks for portable frontmatter when chosen", async () => {
    const user = userEvent.setup();
    const refusal = (rewritten: boolean) => ({
      skill: "cicd-pipeline-design",
      file: "legacy/cicd-pipeline-design/SKILL.md",
      profile: "legacy" as const,
      reasons: ["`allowed-tools` is a list, not one space-separated string"],
      rewritten,
    });
    const calls = backend({
      preview_export: (a) => {
        const r = a.request as ExportRequest;
        return preview(r, { refusals: [refusal(r.options.portable)] });
      },
    });
    renderInApp(<ExportView view={clean()} onImported={() => undefined} />);
    await user.click(screen.getByTestId("export-preview"));
    let rows = await screen.findAllByTestId("export-refusal");
    expect(rows.map((r) => [r.dataset.skill, r.dataset.rewritten])).toEqual([["cicd-pipeline-design", "false"]]);
    expect(screen.getByTestId("export-refusals").textContent).toContain("would refuse");
    expect(rows[0]!.textContent).toContain("`allowed-tools` is a list".replace(/`/g, ""));

    await user.click(screen.getByTestId("export-portable"));
    await user.click(screen.getByTestId("export-preview"));
    await waitFor(() => expect(screen.getAllByTestId("export-refusal")[0]!.dataset.rewritten).toBe("true"));
    rows = screen.getAllByTestId("export-refusal");
    expect(rows.map((r) => [r.dataset.skill, r.dataset.rewritten])).toEqual([["cicd-pipeline-design", "true"]]);
    expect(screen.getByTestId("export-refusals").textContent).toContain("published with portable frontmatter");
    const requests = calls.filter(([c]) => c === "preview_export").map(([, a]) => (a.request as ExportRequest).options.portable);
    expect(requests).toEqual([false, true]);
  });

  it("offers the locales of the translations, and asks for the one chosen", async () => {
    const user = userEvent.setup();
    const calls = backend({ preview_export: (a) => preview(a.request as ExportRequest) });
    const base = clean();
    const translated = {
      ...base,
      skills: [
        ...base.skills,
        { ...base.skills[0]!, dir: "i18n/ja/skills/x", locale: "ja", translationOf: base.skills[0]!.dir },
        { ...base.skills[0]!, dir: "i18n/de/skills/x", locale: "de", translationOf: base.skills[0]!.dir },
      ],
    };
    renderInApp(<ExportView view={translated} onImported={() => undefined} />);
    const select = screen.getByTestId("export-locale");
    expect([...select.querySelectorAll("option")].map((o) => o.textContent)).toEqual(["The source locale", "de", "ja"]);
    await user.click(screen.getByTestId("export-preview"));
    await user.selectOptions(select, "ja");
    await user.click(screen.getByTestId("export-preview"));
    await waitFor(() => expect(calls.filter(([c]) => c === "preview_export")).toHaveLength(2));
    const locales = calls.filter(([c]) => c === "preview_export").map(([, a]) => (a.request as ExportRequest).options.locale);
    expect(locales).toEqual([undefined, "ja"]);
  });

  it("has no locale choice without translations", () => {
    backend({});
    renderInApp(<ExportView view={clean()} onImported={() => undefined} />);
    expect(screen.queryByTestId("export-locale")).toBeNull();
  });

  it("shows Rust's progress events as a bar while the export is written", async () => {
    const user = userEvent.setup();
    let finish: (value: unknown) => void = () => undefined;
    mockIPC(
      (cmd, payload?: InvokeArgs) => {
        const args = (payload ?? {}) as Args;
        if (cmd === "preview_export") return preview(args.request as ExportRequest);
        if (cmd === "run_export") return new Promise((resolve) => (finish = resolve));
        return null;
      },
      { shouldMockEvents: true },
    );
    renderInApp(<ExportView view={clean()} onImported={() => undefined} />);
    await user.click(screen.getByTestId("export-preview"));
    await screen.findByTestId("export-preview-result");
    await user.click(screen.getByTestId("export-run"));
    const bar = await screen.findByRole("progressbar", { name: "Writing the export" });
    await emit("export-progress", { done: 3, total: 12 });
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("3"));
    expect(bar.getAttribute("aria-valuemax")).toBe("12");
    expect(screen.getByTestId("export-progress").textContent).toContain("Writing 3 of 12 files");
    expect((bar.firstElementChild as HTMLElement).style.width).toBe("25%");
    finish({ destination: "/home/me/skills-export", written: [], leftOut: [], warnings: [] });
    await screen.findByTestId("export-done");
    expect(screen.queryByTestId("export-progress")).toBeNull();
  });

  it("retires a preview when a choice changes, and will not run with an output in the way", async () => {
    const user = userEvent.setup();
    backend({ preview_export: (a) => preview(a.request as ExportRequest, { blocked: "`/x/bundle.tar.gz` already exists and was not written by an export" }) });
    renderInApp(<ExportView view={clean()} onImported={() => undefined} />);
    await user.click(screen.getByTestId("export-preview"));
    expect((await screen.findByTestId("export-blocked")).textContent).toContain("not written by an export");
    expect((screen.getByTestId("export-run") as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId("packaging-zip"));
    await waitFor(() => expect(screen.queryByTestId("export-preview-result")).toBeNull());
  });

  it("says when the catalogue changed after the preview and will not export until previewed again", async () => {
    const user = userEvent.setup();
    const calls = backend({ preview_export: (a) => preview(a.request as ExportRequest) });
    const inApp = (v: CatalogueView) => (
      <ErrorProvider onOpenFolder={() => undefined} onReloadCatalogue={() => undefined}>
        <ExportView view={v} onImported={() => undefined} />
      </ErrorProvider>
    );
    const { rerender } = render(inApp(clean()));
    await user.click(screen.getByTestId("export-preview"));
    await screen.findByTestId("export-preview-result");
    expect((screen.getByTestId("export-run") as HTMLButtonElement).disabled).toBe(false);
    rerender(inApp(clean()));
    expect(screen.getByTestId("export-outdated").textContent).toContain("changed since this preview");
    expect((screen.getByTestId("export-run") as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId("export-preview"));
    await waitFor(() => expect(screen.queryByTestId("export-outdated")).toBeNull());
    expect((screen.getByTestId("export-run") as HTMLButtonElement).disabled).toBe(false);
    expect(calls.filter(([c]) => c === "preview_export")).toHaveLength(2);
  });

  it("shows a refusal as a sentence with the next step", async () => {
    const user = userEvent.setup();
    backend({
      preview_export: () => {
        throw { code: "export.has-errors", message: "the catalogue has 1 error(s)", details: null };
      },
    });
    renderInApp(<ExportView view={view()} onImported={() => undefined} />);
    expect(screen.getByTestId("export-has-errors").textContent).toContain("1 error");
    await user.click(screen.getByTestId("export-preview"));
    expect(await screen.findByText("The catalogue has errors, so it cannot be exported.")).toBeTruthy();
    expect(screen.queryByTestId("export-preview-result")).toBeNull();
  });

  it("previews an import, applies exactly that plan and hands on the new catalogue", async () => {
    const user = userEvent.setup();
    const plan: ImportPlan = {
      bundle: "/tmp/bundle.zip",
      into: "/home/me/skills",
      add: [{ name: "naming-skills", dir: "naming-skills", digest: "1".repeat(64), files: 1 }],
      replace: [{ name: "pdf-tools", dir: "pdf-tools", digest: "2".repeat(64), current: "3".repeat(64), files: 2 }],
      skip: [{ name: "summarising", dir: "summarising", digest: "4".repeat(64), files: 1 }],
      diagnostics: [],
    };
    const after = view({ diagnostics: [] });
    const calls = backend({
      preview_import: () => plan,
      apply_import: () => ({ applied: { added: 1, replaced: 1, skipped: 1 }, view: after }),
    });
    let handed: unknown = null;
    renderInApp(<ExportView view={clean()} onImported={(v) => (handed = v)} />);
    await user.type(screen.getByTestId("import-path"), "/tmp/bundle.zip");
    await user.click(screen.getByTestId("import-preview"));
    expect((await screen.findByTestId("import-summary")).textContent).toContain("1 skill to add, 1 skill to replace, 1 skill already the same");
    expect(screen.getByTestId("import-replace").textContent).toContain("pdf-tools");
    await user.click(screen.getByTestId("import-apply"));
    expect((await screen.findByTestId("import-done")).textContent).toContain("1 skill added, 1 skill replaced");
    expect(calls.filter(([c]) => c === "apply_import")).toEqual([["apply_import", { bundle: "/tmp/bundle.zip" }]]);
    expect(handed).toBe(after);
  });

  it("says a refused bundle is refused and offers no import", async () => {
    const user = userEvent.setup();
    backend({
      preview_import: () => ({
        bundle: "/tmp/evil.tar.gz",
        into: "/home/me/skills",
        add: [],
        replace: [],
        skip: [],
        diagnostics: [
          { code: "bundle.unsafe-path", severity: "error", message: "`../../etc/passwd` leaves the bundle", file: "../../etc/passwd", line: 1, column: 1, hint: "ask for a fresh export" },
        ],
      }),
    });
    renderInApp(<ExportView view={clean()} onImported={() => undefined} />);
    await user.type(screen.getByTestId("import-path"), "/tmp/evil.tar.gz");
    await user.click(screen.getByTestId("import-preview"));
    expect(await screen.findByTestId("import-refused")).toBeTruthy();
    expect(screen.getByText(/leaves the bundle/)).toBeTruthy();
    expect(screen.queryByTestId("import-apply")).toBeNull();
  });
});
