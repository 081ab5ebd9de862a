import { useCallback, useEffect, useState } from "react";
import type { Diagnostic } from "../bindings/Diagnostic";
import { fieldOf } from "../model/pointer";
import { splitSkillText } from "../model/skillText";
import type { Cursor } from "./CodeEditor";
import type { FieldFocus } from "./FormTab";

/** Where to put the cursor when a skill opens from a diagnostic. */
export type FocusTarget = {
  pointer: string | null;
  line: number | null;
  /** Set when the diagnostic is about another file of the skill (a resource). */
  resource?: boolean;
  nonce: number;
};

export type Tab = "form" | "yaml" | "body" | "files" | "disclosure";

/**
 * The open tab, and the field or line to put the cursor on. A new `focus` (opening at a
 * diagnostic) picks the field in the Form tab while the frontmatter parses (`hasForm`), else the
 * line in the YAML or Body tab; `goToLine` does the same for a diagnostic shown in the editor.
 */
export function useFocusTarget(focus: FocusTarget | null, hasForm: boolean, current: () => string) {
  const [tab, setTab] = useState<Tab>("form");
  const [fieldFocus, setFieldFocus] = useState<FieldFocus | null>(null);
  const [cursor, setCursor] = useState<Cursor | null>(null);

  const showLine = useCallback(
    (line: number, nonce: number) => {
      const parts = splitSkillText(current());
      setTab(parts && line >= parts.bodyStartLine ? "body" : "yaml");
      setCursor({ line, nonce });
    },
    [current],
  );

  useEffect(() => {
    if (!focus) return;
    if (focus.resource) {
      setTab("files");
      return;
    }
    const field = fieldOf(focus.pointer);
    if (field !== null && hasForm) {
      setTab("form");
      setFieldFocus({ name: field, nonce: focus.nonce });
      return;
    }
    if (focus.line !== null) showLine(focus.line, focus.nonce);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new focus request moves the cursor: re-running when a draft check makes the frontmatter parse or not would switch tabs under the person's typing
  }, [focus]);

  const goToLine = useCallback((d: Diagnostic) => showLine(d.line, Date.now()), [showLine]);

  return { tab, setTab, fieldFocus, cursor, goToLine };
}
