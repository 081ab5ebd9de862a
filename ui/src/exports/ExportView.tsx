import { useCallback, useMemo, useState } from "react";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { ExportDone } from "../bindings/ExportDone";
import type { ExportPreview } from "../bindings/ExportPreview";
import type { ExportProgress } from "../bindings/ExportProgress";
import type { ExportRequest } from "../bindings/ExportRequest";
import type { OutputPreview } from "../bindings/OutputPreview";
import type { Packaging } from "../bindings/Packaging";
import type { Target } from "../bindings/Target";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";
import { formatBytes, formatCount, plural } from "../model/format";
import { RichMessage } from "../diagnostics/RichMessage";
import { FileTree } from "./FileTree";
import { useSubscription } from "../shell/useSubscription";
import { ImportPanel } from "./ImportPanel";
import { PACKAGINGS, TARGETS, defaultDestination, describeTally, targetLabel } from "./exportModel";

const destinationKey = (root: string) => `skillhouse.export.destination:${root}`;

function rememberedDestination(root: string): string {
  try {
    return localStorage.getItem(destinationKey(root)) ?? defaultDestination(root);
  } catch {
    return defaultDestination(root);
  }
}

/**
 * Export: choose formats and a destination, preview each output's files against the previous
 * export there, write them with a progress bar and show the result in the file manager. Below,
 * Import brings a colleague's bundle into this catalogue with the same kind of preview.
 */
export function ExportView(props: { view: CatalogueView; onImported: (view: CatalogueView) => void }) {
  const report = useReportError();
  const root = props.view.root;
  const [targets, setTargets] = useState<Target[]>(["bundle"]);
  const [packaging, setPackaging] = useState<Packaging>("tar-gz");
  const [destination, setDestination] = useState(() => rememberedDestination(root));
  const [includeUnapproved, setIncludeUnapproved] = useState(false);
  const [denyWarnings, setDenyWarnings] = useState(false);
  const [portable, setPortable] = useState(false);
  const [baseUrl, setBaseUrl] = useState("");
  // "" is the source locale; the others are the locales the catalogue has translations in.
  const [locale, setLocale] = useState("");
  const translatedLocales = useMemo(
    () => [...new Set(props.view.skills.flatMap((s) => (s.translationOf !== undefined ? [s.locale] : [])))].sort(),
    [props.view.skills],
  );
  // A preview describes one set of choices and one state of the catalogue.
  const [shown, setShown] = useState<{ preview: ExportPreview; request: ExportRequest; view: CatalogueView } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [done, setDone] = useState<ExportDone | null>(null);

  const request: ExportRequest = useMemo(
    () => ({
      targets: TARGETS.map((t) => t.id).filter((id) => targets.includes(id)),
      packaging,
      destination,
      options: {
        includeUnapproved,
        denyWarnings,
        portable,
        ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
        ...(locale ? { locale } : {}),
      },
    }),
    [targets, packaging, destination, includeUnapproved, denyWarnings, portable, baseUrl, locale],
  );

  const preview = shown && shown.request === request ? shown.preview : null;
  const outdated = preview !== null && shown?.view !== props.view;

  // Without events the bar stays at its start until the export is done.
  useSubscription(platform.onExportProgress, setProgress);

  const errors = useMemo(() => props.view.diagnostics.filter((d) => d.severity === "error").length, [props.view.diagnostics]);

  const runPreview = useCallback(async () => {
    setPreviewing(true);
    setDone(null);
    try {
      const asked = props.view;
      setShown({ preview: await platform.previewExport(request), request, view: asked });
    } catch (error) {
      report(platform.toAppError(error));
    } finally {
      setPreviewing(false);
    }
  }, [props.view, report, request]);

  const runExport = useCallback(async () => {
    setRunning(true);
    setProgress({ done: 0, total: preview?.outputs.reduce((n, o) => n + o.files.length - o.removed, 0) ?? 0 });
    setDone(null);
    try {
      const result = await platform.runExport(request);
      try {
        localStorage.setItem(destinationKey(root), request.destination);
      } catch {
        // a private window: the destination is simply not remembered
      }
      setDone(result);
      setShown(null);
    } catch (error) {
      report(platform.toAppError(error), () => void runExport());
    } finally {
      setRunning(false);
      setProgress(null);
    }
  }, [preview, report, request, root]);

  const chooseDestination = async () => {
    try {
      const chosen = await platform.pickFolder("Export into this folder");
      if (chosen) setDestination(chosen);
    } catch (error) {
      report(platform.toAppError(error));
    }
  };

  const blocked = preview?.outputs.some((o) => o.blocked) ?? false;
  const busy = previewing || running;

  return (
    <div className="page export-view" data-testid="export-view">
      <div className="page-head">
        <h1>Export and import</h1>
        <p className="muted">
          Publish this catalogue for other tools and colleagues. Every export is byte-for-byte the same for the same catalogue, and each skill carries a digest that{" "}
          <code>skillhouse verify</code> checks.
        </p>
      </div>

      {errors > 0 && (
        <div className="notice warning" data-testid="export-has-errors">
          <p>
            This catalogue has {plural(errors, "error")}. Exports refuse a catalogue with errors: fix them in Diagnostics first.
          </p>
        </div>
      )}

      <section className="export-panel" aria-label="Export">
        <h2>Export</h2>
        <fieldset className="export-formats">
          <legend>Formats</legend>
          {TARGETS.map((t) => (
            <label key={t.id} className="format-option">
              <input
                type="checkbox"
                checked={targets.includes(t.id)}
                onChange={(e) => setTargets((list) => (e.target.checked ? [...list, t.id] : list.filter((x) => x !== t.id)))}
                data-testid={`format-${t.id}`}
              />
              <span>
                <span className="format-label">{t.label}</span>
                <span className="muted small format-about">{t.about}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <div className="export-settings">
          <label className="export-field">
            <span className="field-label">Destination folder</span>
            <span className="input-row">
              <input
                className="input mono"
                value={destination}
                onChange={(e) => setDestination(e.target.value)}
                spellCheck={false}
                data-testid="export-destination"
                aria-describedby="export-destination-help"
              />
              <button type="button" className="button" onClick={() => void chooseDestination()}>
                Choose…
              </button>
            </span>
            <span id="export-destination-help" className="muted small">
              Each format is written here under its own name (for example <code>bundle.tar.gz</code>), replacing the previous export of that format.
            </span>
          </label>
          <div className="export-field">
            <span className="field-label" id="packaging-label">
              Write as
            </span>
            <div className="segmented" role="radiogroup" aria-labelledby="packaging-label">
              {PACKAGINGS.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  role="radio"
                  aria-checked={packaging === p.id}
                  className={packaging === p.id ? "segment on" : "segment"}
                  onClick={() => setPackaging(p.id)}
                  data-testid={`packaging-${p.id}`}
                >
                  {p.label}
                </button>
              ))}
            </div>
          </div>
          <label className="export-field">
            <span className="field-label">Published at (optional)</span>
            <input
              className="input mono"
              value={baseUrl}
              placeholder="https://skills.example.com"
              onChange={(e) => setBaseUrl(e.target.value)}
              spellCheck={false}
            />
            <span className="muted small">For formats that hold links to their files.</span>
          </label>
          {translatedLocales.length > 0 && (
            <label className="export-field" title="The bundle carries every locale; the other formats publish this one (a skill's translation where there is one, else the skill).">
              <span className="field-label">Publish in locale</span>
              <select className="select compact" value={locale} onChange={(e) => setLocale(e.target.value)} data-testid="export-locale">
                <option value="">The source locale</option>
                {translatedLocales.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="checkbox">
            <input type="checkbox" checked={includeUnapproved} onChange={(e) => setIncludeUnapproved(e.target.checked)} data-testid="include-unapproved" />
            Include agent cards that are not approved
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={denyWarnings} onChange={(e) => setDenyWarnings(e.target.checked)} />
            Refuse warnings (not only errors)
          </label>
          <label className="checkbox" title="Skills read under a looser profile (legacy, claude-code) are written in the specification's form in the well-known, marketplace, AI catalog and A2A site formats: allowed-tools as one string, other fields under metadata. The catalogue and the bundle keep their bytes.">
            <input type="checkbox" checked={portable} onChange={(e) => setPortable(e.target.checked)} data-testid="export-portable" />
            Publish portable frontmatter (for skills-ref, Google ADK and other specification readers)
          </label>
        </div>

        <div className="export-actions">
          <button type="button" className="button" disabled={busy || request.targets.length === 0} onClick={() => void runPreview()} data-testid="export-preview">
            {previewing ? "Comparing…" : "Preview"}
          </button>
          <button
            type="button"
            className="button primary"
            disabled={busy || !preview || blocked || outdated}
            onClick={() => void runExport()}
            data-testid="export-run"
            title={
              !preview || outdated
                ? "Preview first: see what will be written"
                : blocked
                  ? "Something is in the way of an output; see the preview"
                  : undefined
            }
          >
            Export {request.targets.length > 1 ? `${request.targets.length} formats` : ""}
          </button>
          {request.targets.length === 0 && <span className="muted small">Choose at least one format.</span>}
        </div>

        {running && <ExportProgressBar progress={progress ?? { done: 0, total: 0 }} />}
        {done && <ExportResult done={done} />}
        {outdated && (
          <div className="notice warning" data-testid="export-outdated">
            <p>The catalogue changed since this preview. Preview again to see what the export will write.</p>
          </div>
        )}
        {preview && <PreviewList preview={preview} />}
      </section>

      <ImportPanel onImported={props.onImported} />
    </div>
  );
}

function ExportProgressBar(props: { progress: ExportProgress }) {
  const { done, total } = props.progress;
  const share = total > 0 ? Math.min(1, done / total) : 0;
  return (
    <div className="export-progress" data-testid="export-progress">
      <div
        className="progress"
        role="progressbar"
        aria-label="Writing the export"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <div className="progress-bar determinate" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <span className="muted small">
        Writing {formatCount(done)} of {plural(total, "file")}…
      </span>
    </div>
  );
}

function PreviewList(props: { preview: ExportPreview }) {
  return (
    <div className="export-preview" data-testid="export-preview-result">
      {props.preview.outputs.map((o) => (
        <OutputCard key={o.path} output={o} />
      ))}
    </div>
  );
}

function OutputCard(props: { output: OutputPreview }) {
  const o = props.output;
  const [onlyChanges, setOnlyChanges] = useState(o.previous);
  return (
    <article className="output-card" data-testid="export-output" data-target={o.target}>
      <header className="output-head">
        <h3>{targetLabel(o.target)}</h3>
        <code className="output-path">{o.path}</code>
      </header>
      {o.blocked ? (
        <div className="notice error" data-testid="export-blocked">
          <p>
            <RichMessage text={o.blocked} />
          </p>
        </div>
      ) : (
        <p className="output-summary" data-testid="export-summary">
          {o.previous ? (
            <>
              Compared with the previous export here: <strong>{describeTally({ added: o.added, changed: o.changed, unchanged: o.unchanged, removed: o.removed })}</strong>
              {o.unchanged > 0 && <span className="muted"> ({formatCount(o.unchanged)} unchanged)</span>}
            </>
          ) : (
            <>
              First export here: <strong>{plural(o.added, "file")}</strong>
            </>
          )}
          <span className="muted"> · {formatBytes(Number(o.bytes))}</span>
        </p>
      )}
      {o.leftOut.length > 0 && (
        <div className="notice" data-testid="export-left-out">
          <p>
            {plural(o.leftOut.length, "agent card")} left out:
          </p>
          <ul className="left-out">
            {o.leftOut.map((l) => (
              <li key={l.agent}>
                <strong>{l.agent}</strong>: <RichMessage text={l.reason} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {o.refusals.length > 0 && (
        <div className={o.refusals.every((r) => r.rewritten) ? "notice" : "notice warning"} data-testid="export-refusals">
          <p>
            {o.refusals.every((r) => r.rewritten)
              ? `${plural(o.refusals.length, "skill")} published with portable frontmatter, as specification readers need it:`
              : `${plural(o.refusals.length, "skill")} that specification readers (skills-ref, Google ADK) would refuse as the catalogue holds ${o.refusals.length === 1 ? "it" : "them"}; choose “Publish portable frontmatter” to publish the specification's form:`}
          </p>
          <ul className="left-out">
            {o.refusals.map((r) => (
              <li key={r.file} data-testid="export-refusal" data-skill={r.skill} data-rewritten={r.rewritten ? "true" : "false"}>
                <strong>{r.skill}</strong> <span className="muted">({r.file}, {r.profile} profile)</span>: <RichMessage text={r.reasons.join("; ")} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {o.warnings.map((w) => (
        <p key={w} className="muted small">
          Note: <RichMessage text={w} />
        </p>
      ))}
      {o.previous && (
        <label className="checkbox small">
          <input type="checkbox" checked={onlyChanges} onChange={(e) => setOnlyChanges(e.target.checked)} />
          Only files that change
        </label>
      )}
      <FileTree files={o.files} onlyChanges={onlyChanges} />
    </article>
  );
}

function ExportResult(props: { done: ExportDone }) {
  const report = useReportError();
  const reveal = async (path: string) => {
    try {
      await platform.revealExport(path);
    } catch (error) {
      report(platform.toAppError(error));
    }
  };
  return (
    <div className="notice ok export-done" data-testid="export-done" role="status">
      <p>
        <strong>Exported.</strong> {plural(props.done.written.length, "output")} written to <code>{props.done.destination}</code>.
      </p>
      <ul className="written">
        {props.done.written.map((w) => (
          <li key={w.path} data-testid="export-written" data-path={w.path}>
            <code>{w.path}</code>
            <span className="muted small">
              {" "}
              {plural(w.files, "file")}, {formatBytes(Number(w.bytes))}
              {w.sha256 && <> · sha256 {w.sha256.slice(0, 12)}…</>}
            </span>
            <button type="button" className="button small" onClick={() => void reveal(w.path)}>
              Show in folder
            </button>
          </li>
        ))}
      </ul>
      {props.done.leftOut.length > 0 && (
        <p className="muted small">
          Left out: {props.done.leftOut.map((l) => l.agent).join(", ")} (cards not approved).
        </p>
      )}
    </div>
  );
}
