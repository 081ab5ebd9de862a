import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { CardReview } from "../bindings/CardReview";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { Dialect } from "../bindings/Dialect";
import type { ServerInfo } from "../bindings/ServerInfo";
import * as platform from "../platform";
import { useReportError } from "../errors/ErrorContext";
import { plural } from "../model/format";
import { CardJson } from "./CardJson";
import { Changes } from "./Changes";
import { Findings } from "./Findings";
import { DefaultTags } from "./DefaultTags";
import { RenderedCard } from "./RenderedCard";
import { ApprovalPanel, ServePanel } from "./ReviewActions";
import { STATUS_LABEL, STATUS_TONE, counts, targetFor } from "./cardModel";

/**
 * Agent Cards: each agent's A2A card as other agents will read it, the review's findings, the
 * approval that publication needs, and a local server to try the card with a client. The cards
 * are read again whenever the catalogue changes (`view` is replaced after saves and on the
 * watcher's `catalogue-changed`).
 */
export function CardsView(props: { view: CatalogueView; onOpenFile: (file: string, line: number) => void }) {
  const report = useReportError();
  const [reviews, setReviews] = useState<CardReview[] | null>(null);
  const [agent, setAgent] = useState<string | null>(null);
  const [dialect, setDialect] = useState<Dialect>("1.0");
  const [finding, setFinding] = useState<Diagnostic | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [approving, setApproving] = useState(false);
  const [settingTags, setSettingTags] = useState(false);
  const [server, setServer] = useState<ServerInfo | null>(null);
  const [serving, setServing] = useState(false);
  const rendered = useRef<HTMLDivElement>(null);
  const loadSeq = useRef(0);

  const load = useCallback(async () => {
    const id = ++loadSeq.current;
    try {
      const next = await platform.agentCards();
      if (loadSeq.current !== id) return;
      setReviews(next);
      setAgent((current) => (current && next.some((r) => r.agent === current) ? current : (next[0]?.agent ?? null)));
      // The findings are new objects: whichever was selected is shown again only if clicked.
      setFinding(null);
      setTarget(null);
    } catch (error) {
      if (loadSeq.current === id) report(platform.toAppError(error), () => void load());
    }
  }, [report]);

  useEffect(() => {
    void load();
  }, [load, props.view]);

  useEffect(() => {
    let live = true;
    platform.cardServerStatus().then(
      (info) => live && setServer(info),
      () => undefined, // without a status the switch simply starts off
    );
    return () => {
      live = false;
    };
  }, []);

  const review = reviews?.find((r) => r.agent === agent) ?? null;

  const selectAgent = (name: string) => {
    setAgent(name);
    setFinding(null);
    setTarget(null);
  };

  const selectFinding = (d: Diagnostic) => {
    const candidates = Array.from(rendered.current?.querySelectorAll<HTMLElement>("[data-pointer]") ?? []).map((e) => e.dataset.pointer ?? "");
    setFinding(d);
    setTarget(targetFor(candidates, d.pointer));
  };

  // Bring the part a finding concerns into view once it is marked.
  useLayoutEffect(() => {
    if (!target || !finding) return;
    const node = rendered.current?.querySelector<HTMLElement>('[data-target="true"]');
    node?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [target, finding]);

  const approve = async () => {
    if (!review) return;
    setApproving(true);
    try {
      const next = await platform.approveCard(review.agent);
      setReviews((list) => list?.map((r) => (r.agent === next.agent ? next : r)) ?? list);
    } catch (error) {
      report(platform.toAppError(error), () => void approve());
    } finally {
      setApproving(false);
    }
  };

  const setDefaultTags = async (tags: string[]) => {
    setSettingTags(true);
    try {
      setReviews(await platform.setCardDefaultTags(tags));
    } catch (error) {
      report(platform.toAppError(error), () => void setDefaultTags(tags));
    } finally {
      setSettingTags(false);
    }
  };

  const startServer = async (port: number) => {
    if (!review) return;
    setServing(true);
    try {
      setServer(await platform.startCardServer(port, review.agent, dialect));
    } catch (error) {
      report(platform.toAppError(error));
    } finally {
      setServing(false);
    }
  };

  const stopServer = async () => {
    setServing(true);
    try {
      await platform.stopCardServer();
      setServer(null);
    } catch (error) {
      report(platform.toAppError(error));
    } finally {
      setServing(false);
    }
  };

  return (
    <div className="page cards-view" data-testid="cards-view">
      <div className="page-head">
        <h1>Agent Cards</h1>
        <p className="muted">
          An agent card tells other agents what an agent does and how to reach it (A2A). Review each card, fix what the review finds, then approve it for publication.
        </p>
      </div>
      {reviews === null ? (
        <p className="muted" aria-busy="true">
          Reading the cards…
        </p>
      ) : reviews.length === 0 ? (
        <div className="notice">
          <p>This catalogue has no agents, so there are no cards to review.</p>
          <p className="muted small">
            An agent is a Markdown file in the catalogue's <code>agents/</code> folder that lists the skills it uses.
          </p>
        </div>
      ) : (
        <>
          <AgentPicker reviews={reviews} selected={agent} onSelect={selectAgent} />
          {review && (
            <div className="card-review" data-agent={review.agent}>
              <div className="review-actions">
                <ApprovalPanel review={review} busy={approving} onApprove={() => void approve()} />
                <ServePanel
                  agent={review.agent}
                  dialect={dialect}
                  server={server}
                  busy={serving}
                  onStart={(port) => void startServer(port)}
                  onStop={() => void stopServer()}
                />
              </div>
              <DefaultTags review={review} busy={settingTags} onSet={(tags) => void setDefaultTags(tags)} />
              <Findings review={review} selected={finding} onSelect={selectFinding} onOpenFile={props.onOpenFile} />
              {review.status === "changed" && <Changes review={review} />}
              <div className="cards-columns">
                <section className="card card-rendered" aria-label="The card as others read it">
                  <div className="card-section-head">
                    <h2>The card, as others read it</h2>
                    <span className="muted small">Captions say where each value comes from; hover one for the file and line.</span>
                  </div>
                  <div ref={rendered}>
                    <RenderedCard review={review} target={target} />
                  </div>
                </section>
                <CardJson review={review} dialect={dialect} onDialect={setDialect} />
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function AgentPicker(props: { reviews: CardReview[]; selected: string | null; onSelect: (agent: string) => void }) {
  return (
    <ul className="agent-picker" aria-label="Agents">
      {props.reviews.map((r) => {
        const { errors, warnings } = counts(r.diagnostics);
        const on = r.agent === props.selected;
        const skills = Array.isArray((r.card as { skills?: unknown }).skills) ? ((r.card as { skills: unknown[] }).skills.length) : 0;
        return (
          <li key={r.agent}>
            <button
              type="button"
              className={on ? "agent-pick on" : "agent-pick"}
              aria-pressed={on}
              onClick={() => props.onSelect(r.agent)}
              data-testid="agent-pick"
              data-agent={r.agent}
              data-status={r.status}
            >
              <span className="agent-pick-name">{r.agent}</span>
              <span className="agent-pick-meta">
                <span className={`badge ${STATUS_TONE[r.status]}`} data-testid="agent-status">
                  {STATUS_LABEL[r.status]}
                </span>
                {errors > 0 && <span className="badge error">{plural(errors, "error")}</span>}
                {warnings > 0 && <span className="badge warning">{plural(warnings, "warning")}</span>}
                {errors === 0 && warnings === 0 && <span className="muted small">no findings</span>}
              </span>
              <span className="muted small">{plural(skills, "skill")}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
