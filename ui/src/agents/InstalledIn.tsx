import { STATE_LABEL } from "./agentsModel";
import { useInstalledSkill } from "./InstallationsContext";

/** "Installed in Claude Code (installed), Cursor (changed there)": the skill's global installations. */
export function InstalledIn(props: { name: string }) {
  const { installed, toolName } = useInstalledSkill(props.name);
  if (installed.length === 0) return null;
  const parts = installed.flatMap((i) => i.agents.map((a) => ({ key: `${a}:${i.folder}`, tool: toolName(a), state: i.state, how: i.how, folder: i.folder })));
  return (
    <span className="muted small editor-installed" data-testid="installed-in" title="Installed for every project; the Agents view shows and changes this">
      installed in{" "}
      {parts.map((p, n) => (
        <span key={p.key} data-state={p.state} title={`${p.how} at ${p.folder}`}>
          {n > 0 && ", "}
          {p.tool} ({STATE_LABEL[p.state]})
        </span>
      ))}
    </span>
  );
}
