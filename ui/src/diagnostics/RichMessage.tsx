/** A message from Rust: `backticked` parts (field names, values, paths) shown as code. */
export function RichMessage(props: { text: string }) {
  const parts = props.text.split(/(`[^`]+`)/g);
  return (
    <>
      {parts.map((part, i) =>
        part.length > 2 && part.startsWith("`") && part.endsWith("`") ? (
          <code key={i}>{part.slice(1, -1)}</code>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}
