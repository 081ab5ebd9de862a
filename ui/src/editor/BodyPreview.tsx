/**
 * The body as HTML. This is the only place the app inserts HTML. It is safe because
 * `bodyHtml` is produced on the Rust side by pulldown-cmark and then sanitised by ammonia
 * (an allow-list of tags and attributes; scripts, event handlers, styles and `javascript:`
 * URLs removed) before it crosses IPC, and the page's CSP forbids inline scripts anyway.
 */
export function BodyPreview(props: { html: string }) {
  return (
    <div
      className="markdown-preview"
      data-testid="body-preview"
      // sanitised by ammonia in Rust, see above
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  );
}
