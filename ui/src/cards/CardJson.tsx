import { useEffect, useRef, useState } from "react";
import type { CardReview } from "../bindings/CardReview";
import type { Dialect } from "../bindings/Dialect";
import * as platform from "../platform";
import { copyOrSelect } from "../model/clipboard";
import { useReportError } from "../errors/ErrorContext";

export const DIALECTS: { id: Dialect; label: string; help: string }[] = [
  { id: "1.0", label: "A2A 1.0", help: "The card as A2A 1.0 defines it: what is approved and published." },
  { id: "0.3", label: "A2A 0.3", help: "The same card in the older 0.3 shape, for clients that predate 1.0." },
  { id: "both", label: "Both", help: "The 1.0 and 0.3 fields in one document, read by clients of either version." },
  { id: "legacy", label: "Legacy", help: "The ADR-017 legacy agent_card shape." },
];

/** The card's JSON text in a dialect, read-only, with a copy button. */
export function CardJson(props: { review: CardReview; dialect: Dialect; onDialect: (d: Dialect) => void }) {
  const { review, dialect } = props;
  const report = useReportError();
  const [text, setText] = useState<{ key: string; text: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const pre = useRef<HTMLPreElement>(null);
  // The 1.0 text comes with the review (the exact bytes approval writes); others are asked for.
  const key = `${review.agent}\u0000${dialect}\u0000${review.sha256}`;

  useEffect(() => {
    if (dialect === "1.0") return;
    let live = true;
    platform.cardText(review.agent, dialect).then(
      (t) => live && setText({ key, text: t }),
      (error: unknown) => live && report(platform.toAppError(error)),
    );
    return () => {
      live = false;
    };
  }, [review.agent, dialect, key, report]);

  useEffect(() => setCopied(false), [key]);

  const shown = dialect === "1.0" ? review.json : text?.key === key ? text.text : null;

  const copy = async () => {
    if (shown === null) return;
    if (await copyOrSelect(shown, pre.current)) setCopied(true);
  };

  return (
    <section className="card card-json" aria-label="Card JSON">
      <div className="card-json-head">
        <h2>JSON</h2>
        <div className="segmented" role="group" aria-label="Dialect">
          {DIALECTS.map((d) => (
            <button
              key={d.id}
              type="button"
              className={dialect === d.id ? "segment on" : "segment"}
              aria-pressed={dialect === d.id}
              title={d.help}
              onClick={() => props.onDialect(d.id)}
              data-testid={`dialect-${d.id}`}
            >
              {d.label}
            </button>
          ))}
        </div>
        <button type="button" className="button small" onClick={() => void copy()} disabled={shown === null} data-testid="copy-json">
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <p className="muted small">{DIALECTS.find((d) => d.id === dialect)?.help}</p>
      <pre className="card-json-text" ref={pre} tabIndex={0} aria-label={`${review.agent} card JSON`} aria-busy={shown === null} data-testid="card-json">
        {shown ?? "Loading…"}
      </pre>
    </section>
  );
}
