import { useEffect, useRef, useState } from "react";

/**
 * The text an input shows: the person's own typing while the input has focus, the draft's
 * value otherwise (so undo, YAML edits and reloads show up, but never fight the cursor).
 */
export function useEditableText(value: string) {
  const [text, setText] = useState(value);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) setText(value);
  }, [value]);
  return {
    text,
    setText,
    onFocus: () => {
      focused.current = true;
    },
    onBlur: () => {
      focused.current = false;
      setText(value);
    },
  };
}
