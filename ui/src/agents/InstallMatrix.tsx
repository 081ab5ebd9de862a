import { useRef } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { AgentToolRow } from "../bindings/AgentToolRow";
import type { Diagnostic } from "../bindings/Diagnostic";
import type { SkillRow } from "../bindings/SkillRow";
import { STATE_ABOUT, STATE_LABEL, cellOf, type Cells } from "./agentsModel";

const ROW_HEIGHT = 40;
const NAME_WIDTH = 300;
const COLUMN_WIDTH = 132;

type MatrixProps = {
  skills: SkillRow[];
  columns: AgentToolRow[];
  cells: Cells;
  /** The first error of each skill that has one, by dir: such a skill cannot be installed. */
  errors: Map<string, Diagnostic>;
  /** For each tool whose folder others read too, their names. */
  shared: Map<string, string[]>;
  selectedSkills: Set<string>;
  selectedTools: Set<string>;
  onToggleSkill: (name: string) => void;
  onToggleAllSkills: (on: boolean) => void;
  onToggleTool: (id: string) => void;
  onOpenSkill: (skill: SkillRow) => void;
  onOpenError: (d: Diagnostic) => void;
};

/**
 * Skills down, tools across, what is installed where in each cell. Only the rows in view exist in
 * the page (a catalogue may hold 10,000 skills); the header stays on top while the rows scroll.
 */
export function InstallMatrix(props: MatrixProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: props.skills.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => props.skills[index]?.dir ?? index,
  });
  const width = NAME_WIDTH + props.columns.length * COLUMN_WIDTH;
  const grid = { gridTemplateColumns: `${NAME_WIDTH}px repeat(${props.columns.length}, ${COLUMN_WIDTH}px)`, width };
  const installable = props.skills.filter((s) => !props.errors.has(s.dir));
  const allOn = installable.length > 0 && installable.every((s) => props.selectedSkills.has(s.name));

  return (
    <div className="agents-matrix" ref={scroller} data-testid="agents-matrix">
      <div className="matrix-head" style={grid} role="row">
        <label className="matrix-name matrix-all">
          <input
            type="checkbox"
            checked={allOn}
            onChange={(e) => props.onToggleAllSkills(e.target.checked)}
            disabled={installable.length === 0}
            data-testid="select-all-skills"
          />
          <span>Skill</span>
        </label>
        {props.columns.map((tool) => {
          const others = props.shared.get(tool.id);
          return (
            <label
              key={tool.id}
              className={tool.found ? "matrix-tool" : "matrix-tool not-found"}
              title={toolTitle(tool, others)}
              data-testid="agent-tool"
              data-agent={tool.id}
            >
              <span className="matrix-tool-top">
                <input
                  type="checkbox"
                  checked={props.selectedTools.has(tool.id)}
                  onChange={() => props.onToggleTool(tool.id)}
                  data-testid={`select-tool-${tool.id}`}
                />
                <span className="matrix-tool-name">{tool.name}</span>
              </span>
              <span className="muted small matrix-tool-note">
                {!tool.found ? "not found here" : tool.links ? "links" : "copies"}
                {others && " · shared folder"}
              </span>
            </label>
          );
        })}
      </div>
      <div className="matrix-body" style={{ height: virtualizer.getTotalSize(), width }}>
        {virtualizer.getVirtualItems().map((item) => {
          const skill = props.skills[item.index];
          if (!skill) return null;
          const error = props.errors.get(skill.dir);
          return (
            <div
              key={item.key}
              className={error ? "matrix-row blocked" : "matrix-row"}
              style={{ ...grid, transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              role="row"
              data-testid="agent-row"
              data-skill={skill.name}
            >
              <div className="matrix-name">
                <input
                  type="checkbox"
                  checked={!error && props.selectedSkills.has(skill.name)}
                  disabled={error !== undefined}
                  onChange={() => props.onToggleSkill(skill.name)}
                  aria-label={`Select ${skill.name}`}
                  data-testid="select-skill"
                />
                <span className="matrix-skill">
                  <button type="button" className="link-button matrix-skill-name" onClick={() => props.onOpenSkill(skill)} title="Open the skill">
                    {skill.name}
                  </button>
                  {error && (
                    <button
                      type="button"
                      className="link-button matrix-skill-error"
                      onClick={() => props.onOpenError(error)}
                      title="Not installable until this error is fixed: open it in the editor"
                      data-testid="skill-error"
                    >
                      not installable: {error.message}
                    </button>
                  )}
                </span>
              </div>
              {props.columns.map((tool) => {
                const cell = cellOf(props.cells, skill.name, tool.id);
                const where = toolTitle(tool, props.shared.get(tool.id));
                if (!cell) {
                  return (
                    <div key={tool.id} className="matrix-cell empty" title={`Not installed. ${where}`} data-testid="agent-cell" data-agent={tool.id} data-state="none">
                      <span aria-hidden="true">–</span>
                      <span className="visually-hidden">not installed</span>
                    </div>
                  );
                }
                const title = [`${STATE_LABEL[cell.state]} as a ${cell.how} at ${cell.folder}.`, STATE_ABOUT[cell.state], cell.detail, where]
                  .filter(Boolean)
                  .join(" ");
                return (
                  <div
                    key={tool.id}
                    className={`matrix-cell state-${cell.state}`}
                    title={title}
                    data-testid="agent-cell"
                    data-agent={tool.id}
                    data-state={cell.state}
                    data-how={cell.how}
                  >
                    <span className="matrix-glyph" aria-label={cell.how === "link" ? "link" : "copy"}>
                      {cell.how === "link" ? "↗" : "❐"}
                    </span>
                    <span className="matrix-state">{STATE_LABEL[cell.state]}</span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function toolTitle(tool: AgentToolRow, others: string[] | undefined): string {
  const reads = `${tool.name} reads ${tool.folder}`;
  return others ? `${reads}, as ${others.join(", ")} ${others.length === 1 ? "does" : "do"}: one installation serves them all.` : `${reads}.`;
}
