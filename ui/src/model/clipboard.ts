/**
 * Copies `text` to the clipboard; true when it was copied. Without clipboard permission the
 * node's text is selected instead, so that Ctrl+C copies it, and false is answered.
 */
export async function copyOrSelect(text: string, node: Node | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const selection = window.getSelection();
    if (node && selection) {
      const range = document.createRange();
      range.selectNodeContents(node);
      selection.removeAllRanges();
      selection.addRange(range);
    }
    return false;
  }
}
