import type { CatalogueView } from "../bindings/CatalogueView";
import { formatCount, formatShare } from "../model/format";
import { BudgetBar } from "../editor/BudgetBar";

function Figure(props: { label: string; value: string; note?: string; tone?: "ok" | "warn" | "bad"; testId?: string }) {
  return (
    <div className={`figure ${props.tone ?? ""}`} data-testid={props.testId}>
      <div className="figure-label">{props.label}</div>
      <div className="figure-value">{props.value}</div>
      {props.note && <div className="figure-note">{props.note}</div>}
    </div>
  );
}

function toneOfShare(share: number): "ok" | "warn" | "bad" {
  return share >= 0.999 ? "ok" : share >= 0.8 ? "warn" : "bad";
}

/** The catalogue in figures: size, health, token cost, and the heaviest skills. */
export function DashboardView(props: { view: CatalogueView; onOpenSkill: (name: string) => void }) {
  const s = props.view.stats;
  const heaviest = s.heaviest.slice(0, 12);
  const max = Math.max(1, ...heaviest.map((h) => h.l2 + h.l3));
  return (
    <div className="page dashboard">
      <div className="page-head">
        <h1>Dashboard</h1>
        <p className="muted">How large and healthy the catalogue is, and what it costs a model in tokens.</p>
      </div>
      <div className="figures">
        <Figure
          label="Skills"
          value={formatCount(s.skills - s.translations)}
          note={s.translations > 0 ? `and ${formatCount(s.translations)} translations` : undefined}
          testId="stat-skills"
        />
        <Figure label="Agents" value={formatCount(s.agents)} testId="stat-agents" />
        <Figure
          label="Skills per agent"
          value={s.skillAgentRatio === null ? "–" : `${s.skillAgentRatio.toFixed(1)} : 1`}
          note={s.skillAgentRatio === null ? "No agents in this catalogue" : undefined}
          testId="stat-ratio"
        />
        <Figure
          label="Valid under agentskills"
          value={formatShare(s.validAgentskills.share)}
          note={`${formatCount(s.validAgentskills.count)} of ${formatCount(s.skills)} skills`}
          tone={toneOfShare(s.validAgentskills.share)}
          testId="stat-valid"
        />
        <Figure
          label="Within budget"
          value={formatShare(s.withinBudget.share)}
          note={`${formatCount(s.withinBudget.count)} of ${formatCount(s.skills)} skills`}
          tone={toneOfShare(s.withinBudget.share)}
          testId="stat-budget"
        />
        <Figure
          label="Errors / warnings"
          value={`${formatCount(s.errors)} / ${formatCount(s.warnings)}`}
          tone={s.errors > 0 ? "bad" : s.warnings > 0 ? "warn" : "ok"}
          testId="stat-problems"
        />
      </div>

      <div className="dashboard-columns">
        <section className="card">
          <h2>Tokens by level</h2>
          <table className="table compact">
            <tbody>
              <tr>
                <th>L1 · listing</th>
                <td className="num">{formatCount(s.tokens.l1)}</td>
                <td className="muted small">name and description of every skill</td>
              </tr>
              <tr>
                <th>L2 · instructions</th>
                <td className="num">{formatCount(s.tokens.l2)}</td>
                <td className="muted small">every body, with the shared principles</td>
              </tr>
              <tr>
                <th>L3 · files</th>
                <td className="num">{formatCount(s.tokens.l3)}</td>
                <td className="muted small">every text file under the skills</td>
              </tr>
            </tbody>
          </table>
          <h2 className="card-subtitle">Listing budget</h2>
          <BudgetBar label="All L1 entries together" value={s.listing.totalL1} budget={s.listing.budget} testId="bar-listing" />
          <p className="muted small">
            {s.listing.skillsLost === 0
              ? "Every skill fits in the listing a model sees at start-up."
              : `${formatCount(s.listing.skillsLost)} skills fall past the budget: a model would not see them.`}
          </p>
          {s.locales.length > 0 && (
            <table className="table compact locale-table" data-testid="locale-figures">
              <caption className="muted small">Per locale: what a model working in that language is shown</caption>
              <thead>
                <tr>
                  <th>Locale</th>
                  <th className="num">Skills</th>
                  <th className="num">L1 listing</th>
                  <th className="num">L2 vs source</th>
                </tr>
              </thead>
              <tbody>
                {s.locales.map((l) => (
                  <tr key={l.locale} data-testid="locale-row" data-locale={l.locale}>
                    <th>{l.locale}</th>
                    <td className="num">{formatCount(l.skills)}</td>
                    <td className={l.listing.totalL1 > l.listing.budget ? "num over" : "num"}>
                      {formatCount(l.listing.totalL1)} / {formatCount(l.listing.budget)}
                    </td>
                    <td className="num">{l.l2Ratio === null ? "source" : `${l.l2Ratio.toFixed(2)}×`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section className="card">
          <h2>Heaviest skills</h2>
          <p className="muted small legend">
            <span className="legend-swatch l2" /> L2 body <span className="legend-swatch l3" /> L3 files
          </p>
          {heaviest.length === 0 && <p className="muted">No skills yet.</p>}
          <ul className="heavy-list">
            {heaviest.map((h) => (
              <li key={h.name} className="heavy-row" data-testid="heavy-row">
                <button type="button" className="link-button heavy-name" onClick={() => props.onOpenSkill(h.name)} title={h.name}>
                  {h.name}
                </button>
                <span className="heavy-track">
                  <span className="heavy-l2" style={{ width: `${(h.l2 / max) * 100}%` }} />
                  <span className="heavy-l3" style={{ width: `${(h.l3 / max) * 100}%` }} />
                </span>
                <span className="heavy-figure">
                  {formatCount(h.l2)}
                  <span className="muted"> + {formatCount(h.l3)}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
