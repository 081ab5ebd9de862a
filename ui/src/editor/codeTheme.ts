import { HighlightStyle } from "@codemirror/language";
import { tags as t } from "@lezer/highlight";

/** Calm syntax colours for YAML and Markdown, in the app's palette. */
export const codeHighlight = HighlightStyle.define([
  { tag: [t.propertyName, t.definition(t.propertyName)], color: "#2f5bd3" },
  { tag: [t.string, t.special(t.string)], color: "#1d6b3a" },
  { tag: [t.number, t.bool, t.null, t.atom], color: "#9a3d8f" },
  { tag: t.comment, color: "#7a8494", fontStyle: "italic" },
  { tag: [t.punctuation, t.separator, t.meta], color: "#7a8494" },
  { tag: t.heading, fontWeight: "700", color: "#1d2430" },
  { tag: t.strong, fontWeight: "700" },
  { tag: t.emphasis, fontStyle: "italic" },
  { tag: [t.link, t.url], color: "#2f5bd3" },
  { tag: t.monospace, color: "#8a4b00" },
  { tag: t.quote, color: "#5e6877" },
  { tag: t.list, color: "#5e6877" },
]);
