import { useEffect, useRef } from "react";

/** Whether a key event goes to something that edits text, and so has its own undo. */
function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest(".cm-editor") !== null ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)
  );
}

/**
 * The editor's shortcuts, anywhere in the window: Ctrl+S (Cmd+S) saves, even from a text field;
 * Ctrl+Z undoes and Ctrl+Shift+Z or Ctrl+Y redo outside the text editors, which have their own.
 */
export function useEditorKeys(keys: { save: () => void; undo: () => void; redo: () => void }) {
  const { undo, redo } = keys;
  // The latest save (it depends on the draft) without adding the listener again on each render.
  const save = useRef(keys.save);
  save.current = keys.save;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (!mod) return;
      const key = event.key.toLowerCase();
      if (key === "s") {
        event.preventDefault();
        save.current();
        return;
      }
      if (isTextTarget(event.target)) return;
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === "z" && event.shiftKey) || key === "y") {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);
}
