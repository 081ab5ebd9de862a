import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { Client } from "../bindings/Client";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { HeldRow } from "../bindings/HeldRow";
import type { ServeView as Serving } from "../bindings/ServeView";
import { useReportError } from "../errors/ErrorContext";
import { formatCount } from "../model/format";
import * as platform from "../platform";
import { copyOrSelect } from "../model/clipboard";
import { PortSwitch } from "../shell/PortSwitch";

/** Rows drawn of a long list; the filter finds the others. */
const SHOWN = 200;

/**
 * "Serve to agents": what `skillhouse mcp` serves of the open catalogue (only skills without
 * errors), the snippet each MCP client needs to launch it over stdio, and a switch for the HTTP
 * server. Everything shown comes from Rust's `serve_view`, so the panel and the server agree.
 */
export function ServeView(props: { view: CatalogueView; onOpenDiagnostic: (d: Diagnostic) => void }) {
  const report = useReportError();
  const [serving, setServing] = useState<Serving | null>(null);
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);
  const revision = props.view.revision;

  const load = useCallback(async () => {
    const id = ++seq.current;
    try {
      const next = await platform.serveView();
      if (seq.current === id) setServing(next);
    } catch (error) {
      if (seq.current === id) report(platform.toAppError(error), () => void load());
    }
  }, [report]);

  // Again after each change to the catalogue: an edit can hold a skill back or let it through.
  useEffect(() => {
    void load();
  }, [load, revision]);

  const switchHttp = async (on: boolean, port: number) => {
    setBusy(true);
    const id = ++seq.current;
    try {
      const next = on ? await platform.startMcpHttp(port) : await platform.stopMcpHttp();
      if (seq.current === id) setServing(next);
    } catch (error) {
      report(platform.toAppError(error));
    } finally {
      setBusy(false);
    }
  };

  const openHeld = (row: HeldRow) => {
    const inSkill = (file: string) => file === row.dir || file.startsWith(`${row.dir}/`);
    const first = props.view.diagnostics.find((d) => d.severity === "error" && inSkill(d.file));
    if (first) props.onOpenDiagnostic(first);
  };

  return (
    <div className="page serve-view" data-testid="serve-view">
      <div className="page-head">
        <h1>Serve to agents</h1>
        <p className="muted">
          <code>skillhouse mcp</code> serves this catalogue to any agent over MCP: each skill listed by its name and description,
          loaded when the agent chooses it, its files read when needed. Only skills without errors are served, and a saved edit is
          served within a second.
        </p>
      </div>
      {serving === null ? (
        <p className="muted" aria-busy="true">
          Reading what would be served…
        </p>
      ) : (
        <>
          {!serving.commandFound && (
            <div className="notice" data-testid="mcp-no-cli">
              <p>
                No <code>skillhouse</code> program was found beside the app or on the PATH, so the snippets below say{" "}
                <code>skillhouse</code> and need it on the client's PATH.
              </p>
              <p className="muted small">Install the Skillhouse package, or build it with <code>cargo build -p skillhouse-cli</code>.</p>
            </div>
          )}
          <div className="serve-columns">
            <div className="serve-setup">
              <ClientSnippets serving={serving} />
              <HttpSwitch serving={serving} busy={busy} onSwitch={(on, port) => void switchHttp(on, port)} />
            </div>
            <Lineup serving={serving} onOpenHeld={openHeld} />
          </div>
        </>
      )}
    </div>
  );
}

function ClientSnippets(props: { serving: Serving }) {
  const { clients } = props.serving;
  const [chosen, setChosen] = useState<Client>("claude-desktop");
  const [copied, setCopied] = useState(false);
  const pre = useRef<HTMLPreElement>(null);
  const setup = clients.find((c) => c.client === chosen) ?? clients[0];
  useEffect(() => setCopied(false), [chosen, setup?.snippet]);
  if (!setup) return null;

  const copy = async () => {
    if (await copyOrSelect(setup.snippet, pre.current)) setCopied(true);
  };

  return (
    <section className="card" aria-label="Launch from a client">
      <h2>Launch from a client</h2>
      <p className="muted small">The client starts <code>skillhouse mcp</code> on this catalogue over stdio when it needs it.</p>
      <div className="segmented" role="group" aria-label="Client">
        {clients.map((c) => (
          <button
            key={c.client}
            type="button"
            className={c.client === setup.client ? "segment on" : "segment"}
            aria-pressed={c.client === setup.client}
            onClick={() => setChosen(c.client)}
            data-testid={`mcp-client-${c.client}`}
          >
            {c.title}
          </button>
        ))}
      </div>
      <div className="snippet-head">
        <span className="muted small" data-testid="mcp-snippet-place">
          {setup.place}
        </span>
        <button type="button" className="button" onClick={() => void copy()} data-testid="mcp-copy">
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <pre className="snippet" ref={pre} data-testid="mcp-snippet" data-kind={setup.kind}>
        {setup.snippet}
      </pre>
    </section>
  );
}

function HttpSwitch(props: { serving: Serving; busy: boolean; onSwitch: (on: boolean, port: number) => void }) {
  const { http, commandFound } = props.serving;
  return (
    <section className="card serve-http" aria-label="Over HTTP" data-testid="mcp-http">
      <h2>Over HTTP</h2>
      <p className="muted small">
        For clients that connect to a URL (Streamable HTTP). This computer only (127.0.0.1); port 0 picks any free port. It stops when
        Skillhouse closes or another catalogue opens.
      </p>
      {http && (
        <p>
          <code className="card-url" data-testid="mcp-http-url">
            {http.url}
          </code>
        </p>
      )}
      <PortSwitch
        runningPort={http?.port ?? null}
        busy={props.busy}
        cannotStart={!commandFound}
        onStart={(port) => props.onSwitch(true, port)}
        onStop={() => props.onSwitch(false, 0)}
        testId="mcp-http"
      />
    </section>
  );
}

function Lineup(props: { serving: Serving; onOpenHeld: (row: HeldRow) => void }) {
  const { served, held } = props.serving.lineup;
  const [filter, setFilter] = useState("");
  const matches = useMemo(() => {
    const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    return served.filter((r) => words.every((w) => r.name.toLowerCase().includes(w) || r.dir.toLowerCase().includes(w)));
  }, [served, filter]);
  const l1 = useMemo(() => served.reduce((sum, r) => sum + r.l1, 0), [served]);
  return (
    <section className="card serve-lineup" aria-label="What is served">
      {held.length > 0 && (
        <>
          <h2 data-testid="mcp-held-count">
            Held back by errors: {formatCount(held.length)}
          </h2>
          <ul className="held-list" data-testid="mcp-held">
            {held.map((row) => (
              <li key={row.dir}>
                <button type="button" className="link-button" onClick={() => props.onOpenHeld(row)} title="Open the skill at its first error">
                  {row.name}
                </button>
                <span className="muted small held-reason">{row.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h2 data-testid="mcp-served-count">Served: {formatCount(served.length)}</h2>
      <p className="muted small">Listing them all costs an agent {formatCount(l1)} tokens (L1).</p>
      {served.length > SHOWN && (
        <input
          className="input"
          type="search"
          placeholder="Filter served skills"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          aria-label="Filter served skills"
        />
      )}
      <ul className="served-list" data-testid="mcp-served">
        {matches.slice(0, SHOWN).map((row) => (
          <li key={row.dir}>
            <span>{row.name}</span>
            <span className="muted small">{formatCount(row.l1)} tokens</span>
          </li>
        ))}
      </ul>
      {matches.length > SHOWN && (
        <p className="muted small">and {formatCount(matches.length - SHOWN)} more: filter to find one.</p>
      )}
    </section>
  );
}
