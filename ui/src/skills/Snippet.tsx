/** A search snippet; words in [brackets] are the matches and are highlighted. */
export function Snippet(props: { text: string }) {
  const parts = props.text.split(/(\[[^\]\n]+\])/g);
  return (
    <>
      {parts.map((part, i) =>
        /^\[[^\]]+\]$/.test(part) ? <mark key={i}>{part.slice(1, -1)}</mark> : <span key={i}>{part}</span>,
      )}
    </>
  );
}
