import { useState } from "react";
import type { CardReview } from "../bindings/CardReview";

/** The code of the finding this action answers; the UI branches on codes, never on text. */
const NO_TAGS = "card.skill-no-tags";

/** How many skills of the card lack tags (each has one `card.skill-no-tags` finding). */
export function untaggedSkills(review: CardReview): number {
  return review.diagnostics.filter((d) => d.code === NO_TAGS).length;
}

/** Tags as a person types them: comma-separated, trimmed, empty ones dropped, each once. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(",").map((t) => t.trim()).filter((t) => t.length > 0))];
}

/**
 * When several skills of a card have no tags, one catalogue-wide default fixes them all:
 * `cards.skill_defaults.tags` in skillhouse.yaml, written as a lossless edit by the core.
 */
export function DefaultTags(props: { review: CardReview; busy: boolean; onSet: (tags: string[]) => void }) {
  const [text, setText] = useState("");
  const missing = untaggedSkills(props.review);
  if (missing < 2) return null;
  const tags = parseTags(text);
  return (
    <section className="card default-tags" aria-label="Default tags" data-testid="default-tags">
      <div className="card-section-head">
        <h2>{missing} skills have no tags</h2>
        <span className="muted small">
          A2A needs at least one tag per skill. Give every skill without its own tags a default: this sets{" "}
          <code>cards.skill_defaults.tags</code> in skillhouse.yaml and changes nothing else in it.
        </span>
      </div>
      <form
        className="default-tags-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (tags.length > 0) props.onSet(tags);
        }}
      >
        <label>
          Tags, separated by commas
          <input
            type="text"
            value={text}
            placeholder="e.g. engineering, git"
            onChange={(e) => setText(e.target.value)}
            data-testid="default-tags-input"
          />
        </label>
        <button type="submit" className="button primary" disabled={props.busy || tags.length === 0} data-testid="default-tags-set">
          {props.busy ? "Setting…" : "Set for all skills without tags"}
        </button>
      </form>
    </section>
  );
}
