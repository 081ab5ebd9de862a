import { useMemo } from "react";
import type { CatalogueView } from "../bindings/CatalogueView";
import { formatCount } from "../model/format";
import { NavIcon } from "./NavIcon";

export type Section = "skills" | "diagnostics" | "dashboard" | "cards" | "agents" | "serve" | "exports";

const SECTIONS: { id: Section; label: string }[] = [
  { id: "skills", label: "Skills" },
  { id: "diagnostics", label: "Diagnostics" },
  { id: "dashboard", label: "Dashboard" },
  { id: "cards", label: "Agent Cards" },
  { id: "agents", label: "Agents" },
  { id: "serve", label: "Serve to agents" },
  { id: "exports", label: "Export" },
];

export function Sidebar(props: { section: Section; onSection: (s: Section) => void; view: CatalogueView | null }) {
  const diagnostics = props.view?.diagnostics;
  const errors = useMemo(() => diagnostics?.filter((d) => d.severity === "error").length ?? 0, [diagnostics]);
  const warnings = (props.view?.diagnostics.length ?? 0) - errors;
  // Translations are versions of their source, listed as its badges.
  const skills = props.view?.skills;
  const sources = useMemo(() => skills?.filter((s) => s.translationOf === undefined).length ?? 0, [skills]);
  return (
    <nav className="sidebar" aria-label="Sections">
      <ul>
        {SECTIONS.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              className={props.section === s.id ? "nav-item active" : "nav-item"}
              aria-current={props.section === s.id ? "page" : undefined}
              onClick={() => props.onSection(s.id)}
              data-testid={`nav-${s.id}`}
              disabled={!props.view}
            >
              <NavIcon section={s.id} />
              <span className="nav-label">{s.label}</span>
              {props.view && s.id === "skills" && (
                <span className="nav-count">{formatCount(sources)}</span>
              )}
              {props.view && s.id === "diagnostics" && errors > 0 && (
                <span className="nav-count error" title={`${errors} errors`}>{formatCount(errors)}</span>
              )}
              {props.view && s.id === "diagnostics" && errors === 0 && warnings > 0 && (
                <span className="nav-count warning" title={`${warnings} warnings`}>{formatCount(warnings)}</span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {props.view && (
        <div className="sidebar-foot">
          <div>{formatCount(props.view.stats.agents)} agents</div>
          <div>Token budgets</div>
          <div className="sidebar-foot-value">
            L1 {formatCount(props.view.budgets.l1)} · L2 {formatCount(props.view.budgets.l2)}
          </div>
        </div>
      )}
    </nav>
  );
}
