// The packaged app's CSP refuses <style> elements created at run time unless they carry the
// session's nonce. Tauri puts that nonce on the page's own <style> elements (index.html has an
// empty one, #csp-nonce, for this) and in the `style-src` directive. CodeMirror creates its
// stylesheet at run time, so it is handed the nonce through `EditorView.cspNonce`.

const UNREPLACED = "__TAURI_STYLE_NONCE__";

export function styleNonce(): string | null {
  if (typeof document === "undefined") return null;
  const probe = document.getElementById("csp-nonce");
  // The attribute is hidden from scripts once parsed; the `nonce` property keeps the value.
  const nonce = probe?.nonce || probe?.getAttribute("nonce") || "";
  return nonce !== "" && nonce !== UNREPLACED ? nonce : null;
}
