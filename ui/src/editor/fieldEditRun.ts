/**
 * A run of consecutive form edits to one field (typing in it), and the text they apply to.
 *
 * Rust's `set_field` keeps the edited node's quoting style, and must quote some values
 * (`foo ` on the way to `foo bar`). Applied to the latest draft, one such keystroke would
 * leave the field quoted for good. Each edit of a run is therefore applied to `base`, the
 * text from before the run's first edit, so quoting is always decided against the node as
 * it was before the person started typing.
 */
export type FieldEditRun = {
  pointer: string;
  /** The text before the run's first edit. */
  base: string;
  /** What the run's last edit gave: while the draft is still this, the run goes on. */
  latest: string;
};

/**
 * The text an edit of `pointer` applies to: the run's base when it continues the run (same
 * field, and the draft has not changed by any other route since), otherwise the draft.
 */
export function baseOfEdit(run: FieldEditRun | null, pointer: string, draft: string): string {
  return run !== null && run.pointer === pointer && run.latest === draft ? run.base : draft;
}
