import { useState } from "react";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { ImportApplied } from "../bindings/ImportApplied";
import type { ImportChange } from "../bindings/ImportChange";
import type { ImportPlan } from "../bindings/ImportPlan";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";
import { RichMessage } from "../diagnostics/RichMessage";
import { SeverityIcon } from "../diagnostics/SeverityIcon";
import { plural } from "../model/format";

/**
 * Import a bundle (folder, .tar.gz or .zip) into the open catalogue: first a dry run that
 * verifies the bundle and lists what would be added, replaced or left as it is; then, on
 * confirmation, exactly that plan is applied (all of it or nothing).
 */
export function ImportPanel(props: { onImported: (view: CatalogueView) => void }) {
  const report = useReportError();
  const [bundle, setBundle] = useState("");
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [busy, setBusy] = useState<"preview" | "import" | null>(null);
  const [applied, setApplied] = useState<ImportApplied | null>(null);

  const previewImport = async (path = bundle) => {
    if (!path.trim()) return;
    setBusy("preview");
    setApplied(null);
    setPlan(null);
    try {
      setPlan(await platform.previewImport(path.trim()));
    } catch (error) {
      report(platform.toAppError(error));
    } finally {
      setBusy(null);
    }
  };

  const applyImport = async () => {
    if (!plan) return;
    setBusy("import");
    try {
      const result = await platform.applyImport(plan.bundle);
      setApplied(result.applied);
      setPlan(null);
      props.onImported(result.view);
    } catch (error) {
      report(platform.toAppError(error));
    } finally {
      setBusy(null);
    }
  };

  const choose = async (kind: "file" | "folder") => {
    try {
      const chosen = kind === "file" ? await platform.pickBundleFile() : await platform.pickFolder("Import a bundle folder");
      if (chosen) {
        setBundle(chosen);
        await previewImport(chosen);
      }
    } catch (error) {
      report(platform.toAppError(error));
    }
  };

  const refused = plan ? plan.diagnostics.some((d) => d.severity === "error") : false;
  const writes = plan ? plan.add.length + plan.replace.length : 0;

  return (
    <section className="export-panel" aria-label="Import">
      <h2>Import a bundle</h2>
      <p className="muted small">
        Brings the skills of a Skillhouse bundle into this catalogue. The bundle is verified first (every file against its digest); nothing is written until you confirm.
      </p>
      <div className="input-row">
        <input
          className="input mono"
          value={bundle}
          placeholder="/path/to/bundle.tar.gz"
          onChange={(e) => {
            setBundle(e.target.value);
            setPlan(null);
          }}
          spellCheck={false}
          aria-label="Bundle to import"
          data-testid="import-path"
        />
        <button type="button" className="button" onClick={() => void choose("file")}>
          Choose archive…
        </button>
        <button type="button" className="button" onClick={() => void choose("folder")}>
          Choose folder…
        </button>
        <button type="button" className="button" disabled={busy !== null || !bundle.trim()} onClick={() => void previewImport()} data-testid="import-preview">
          {busy === "preview" ? "Verifying…" : "Preview import"}
        </button>
      </div>

      {applied && (
        <div className="notice ok" role="status" data-testid="import-done">
          <p>
            <strong>Imported.</strong> {plural(applied.added, "skill")} added, {plural(applied.replaced, "skill")} replaced, {formatSame(applied.skipped)}.
          </p>
        </div>
      )}

      {plan && (
        <div className="import-plan" data-testid="import-plan" data-refused={refused}>
          {plan.diagnostics.length > 0 && (
            <ul className="import-diagnostics">
              {plan.diagnostics.map((d, i) => (
                <li key={i} className={`import-diagnostic ${d.severity}`}>
                  <SeverityIcon severity={d.severity} />
                  <span>
                    <code>{d.code}</code> {d.file && <code>{d.file}</code>} <RichMessage text={d.message} />
                    {d.hint && <span className="muted small"> {d.hint}</span>}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {refused ? (
            <p className="notice error" data-testid="import-refused">
              This bundle is refused: nothing will be imported from it. Ask its publisher for a fresh export.
            </p>
          ) : (
            <>
              <p data-testid="import-summary">
                <strong>{plural(plan.add.length, "skill")} to add</strong>, <strong>{plural(plan.replace.length, "skill")} to replace</strong>, {formatSame(plan.skip.length)}.
              </p>
              <ChangeList title="Add" changes={plan.add} kind="add" />
              <ChangeList title="Replace (the folder in the catalogue is replaced whole)" changes={plan.replace} kind="replace" />
              <ChangeList title="Identical already" changes={plan.skip} kind="skip" collapsed />
              <div className="export-actions">
                <button type="button" className="button primary" disabled={busy !== null || writes === 0} onClick={() => void applyImport()} data-testid="import-apply">
                  {busy === "import" ? "Importing…" : writes === 0 ? "Nothing to import" : `Import ${plural(writes, "skill")}`}
                </button>
                <button type="button" className="button" disabled={busy !== null} onClick={() => setPlan(null)}>
                  Cancel
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** The first hex digits of a `sha256:…` digest, enough to tell two apart at a glance. */
function short(digest: string): string {
  return digest.replace(/^sha256:/, "").slice(0, 12);
}

function formatSame(n: number): string {
  return `${plural(n, "skill")} already the same`;
}

function ChangeList(props: { title: string; changes: ImportChange[]; kind: string; collapsed?: boolean }) {
  if (props.changes.length === 0) return null;
  const list = (
    <ul className="import-changes">
      {props.changes.map((c) => (
        <li key={c.dir} data-testid={`import-${props.kind}`} data-dir={c.dir}>
          <code>{c.dir}</code>
          <span className="muted small">
            {" "}
            {plural(c.files, "file")} · digest {short(c.digest)}
            {c.current && <> (the catalogue's now: {short(c.current)})</>}
          </span>
        </li>
      ))}
    </ul>
  );
  return props.collapsed ? (
    <details className="import-group">
      <summary>
        {props.title} ({props.changes.length})
      </summary>
      {list}
    </details>
  ) : (
    <div className="import-group">
      <h4>
        {props.title} ({props.changes.length})
      </h4>
      {list}
    </div>
  );
}
