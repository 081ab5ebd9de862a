import { useEffect, useRef } from "react";
import { Compartment, EditorState, Transaction } from "@codemirror/state";
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { indentUnit, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, setDiagnostics, type Diagnostic as LintMark } from "@codemirror/lint";
import { yaml } from "@codemirror/lang-yaml";
import { markdown } from "@codemirror/lang-markdown";
import type { Diagnostic } from "../bindings/Diagnostic";
import { offsetOf } from "../model/skillText";
import { codeHighlight } from "./codeTheme";
import { styleNonce } from "./cspNonce";

export type Cursor = { line: number; nonce: number };

/**
 * CodeMirror 6 over one part of the draft. Lines are shown with their numbers in the whole
 * file (`firstLine` is the file line of the editor's first line), and `diagnostics` (file
 * lines) become lint marks. The text is controlled: `value` replaces the document when it
 * differs (undo, form edits), without adding to CodeMirror's own history.
 */
export function CodeEditor(props: {
  value: string;
  onChange: (text: string) => void;
  language: "yaml" | "markdown";
  firstLine: number;
  diagnostics: Diagnostic[];
  cursor: Cursor | null;
  label: string;
  testId: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const numbers = useRef(new Compartment());
  const firstLine = useRef(props.firstLine);

  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: props.value,
        extensions: [
          EditorView.cspNonce.of(styleNonce() ?? ""),
          numbers.current.of(lineNumbers({ formatNumber: (n) => String(n + firstLine.current - 1) })),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          indentUnit.of("  "),
          EditorState.tabSize.of(2),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          syntaxHighlighting(codeHighlight),
          props.language === "yaml" ? yaml() : markdown(),
          EditorView.lineWrapping,
          lintGutter(),
          EditorView.contentAttributes.of({ "aria-label": props.label, "data-testid": `${props.testId}-text` }),
          EditorView.updateListener.of((update) => {
            const external = update.transactions.some((t) => t.annotation(Transaction.remote) === true);
            if (update.docChanged && !external) onChange.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the view is made once per mount: a new one would lose CodeMirror's undo history and selection; value, line numbers, marks and cursor reach it through the effects below, and language, label and testId are fixed for an editor
  }, []);

  // Outside changes to the text (undo, a form edit, a reload from disk).
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const current = view.state.doc.toString();
    if (current === props.value) return;
    view.dispatch({
      changes: { from: 0, to: current.length, insert: props.value },
      annotations: [Transaction.remote.of(true), Transaction.addToHistory.of(false)],
    });
  }, [props.value]);

  // File line numbers move when lines are added above this part.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || firstLine.current === props.firstLine) return;
    firstLine.current = props.firstLine;
    view.dispatch({
      effects: numbers.current.reconfigure(lineNumbers({ formatNumber: (n) => String(n + props.firstLine - 1) })),
    });
  }, [props.firstLine]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const text = view.state.doc.toString();
    const lineCount = view.state.doc.lines;
    const marks: LintMark[] = [];
    for (const d of props.diagnostics) {
      const line = d.line - props.firstLine + 1;
      if (line < 1 || line > lineCount) continue;
      const from = offsetOf(text, line, d.column);
      const to = view.state.doc.line(line).to;
      marks.push({
        from,
        to: Math.max(from, to),
        severity: d.severity,
        message: d.hint ? `${d.message}\nFix: ${d.hint}` : d.message,
        source: d.code,
      });
    }
    view.dispatch(setDiagnostics(view.state, marks));
  }, [props.diagnostics, props.firstLine, props.value]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || !props.cursor) return;
    const line = Math.min(Math.max(props.cursor.line - firstLine.current + 1, 1), view.state.doc.lines);
    const pos = view.state.doc.line(line).from;
    view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: "center" }) });
    view.focus();
  }, [props.cursor]);

  return <div className="code-editor" ref={host} data-testid={props.testId} />;
}
