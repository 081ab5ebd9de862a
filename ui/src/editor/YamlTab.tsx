import type { Diagnostic } from "../bindings/Diagnostic";
import { joinSkillText, splitSkillText } from "../model/skillText";
import { CodeEditor, type Cursor } from "./CodeEditor";
import { DiagnosticList } from "./DiagnosticList";

/** The frontmatter's YAML in an editor, with the file's line numbers and lint marks. */
export function YamlTab(props: {
  draft: string;
  diagnostics: Diagnostic[];
  cursor: Cursor | null;
  onChange: (text: string) => void;
  onGoToLine: (d: Diagnostic) => void;
}) {
  const parts = splitSkillText(props.draft);
  // Without a closed frontmatter there is no YAML part to cut out: edit the whole file.
  const value = parts ? parts.yaml : props.draft;
  const firstLine = parts ? parts.yamlStartLine : 1;
  return (
    <div className="code-tab">
      {!parts && (
        <div className="notice warning">
          The file has no frontmatter between two <code>---</code> lines, so the whole file is shown.
        </div>
      )}
      <CodeEditor
        value={value}
        onChange={(text) => props.onChange(parts ? joinSkillText({ ...parts, yaml: text }) : text)}
        language="yaml"
        firstLine={firstLine}
        diagnostics={props.diagnostics}
        cursor={props.cursor}
        label="YAML frontmatter"
        testId="yaml-editor"
      />
      {props.diagnostics.length > 0 && (
        <div className="code-tab-diagnostics">
          <DiagnosticList diagnostics={props.diagnostics} onLine={props.onGoToLine} showLine />
        </div>
      )}
    </div>
  );
}
