import type { Diagnostic } from "../bindings/Diagnostic";
import { joinSkillText, splitSkillText } from "../model/skillText";
import { BodyPreview } from "./BodyPreview";
import { CodeEditor, type Cursor } from "./CodeEditor";

/** The Markdown body in an editor beside its rendered preview. */
export function BodyTab(props: {
  draft: string;
  html: string;
  diagnostics: Diagnostic[];
  cursor: Cursor | null;
  checking: boolean;
  onChange: (text: string) => void;
}) {
  const parts = splitSkillText(props.draft);
  const value = parts ? parts.body : props.draft;
  const firstLine = parts ? parts.bodyStartLine : 1;
  return (
    <div className="body-tab">
      <div className="body-pane">
        <div className="pane-title">Markdown</div>
        <CodeEditor
          value={value}
          onChange={(text) => props.onChange(parts ? joinSkillText({ ...parts, body: text }) : text)}
          language="markdown"
          firstLine={firstLine}
          diagnostics={props.diagnostics}
          cursor={props.cursor}
          label="Body (Markdown)"
          testId="body-editor"
        />
      </div>
      <div className="body-pane">
        <div className="pane-title">
          Preview {props.checking && <span className="muted small">updating…</span>}
        </div>
        <BodyPreview html={props.html} />
      </div>
    </div>
  );
}
