// The parts of a SKILL.md draft: `---` line, YAML, closing `---` line, Markdown body.
// The draft is always the whole file; the YAML and Body tabs edit one part each and put the
// file back together with `joinSkillText`, so every other byte stays as it was.

export type SkillTextParts = {
  /** The opening `---` line with its line ending. */
  open: string;
  /** The YAML lines without the last line ending (what the YAML tab shows). */
  yaml: string;
  /** The line ending that closed the YAML (empty when the YAML is empty). */
  yamlEnd: string;
  /** The closing `---` line with its line ending (if any). */
  close: string;
  body: string;
  /** 1-based file line of the first YAML line. */
  yamlStartLine: number;
  /** 1-based file line of the first body line. */
  bodyStartLine: number;
};

function splitLines(text: string): string[] {
  // Each entry keeps its own line ending, so joining them gives back the text.
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\n") {
      lines.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

function isFence(line: string): boolean {
  return line.replace(/\r?\n$/, "") === "---";
}

/** Splits a SKILL.md into its parts, or returns null when it has no closed frontmatter. */
export function splitSkillText(text: string): SkillTextParts | null {
  const lines = splitLines(text);
  const first = lines[0];
  if (first === undefined || !isFence(first.replace(/^\uFEFF/, ""))) return null;
  const closeIndex = lines.findIndex((line, i) => i > 0 && isFence(line));
  if (closeIndex < 0) return null;
  const yamlLines = lines.slice(1, closeIndex).join("");
  const endMatch = /\r?\n$/.exec(yamlLines);
  const yamlEnd = endMatch ? endMatch[0] : "";
  return {
    open: first,
    yaml: yamlLines.slice(0, yamlLines.length - yamlEnd.length),
    yamlEnd,
    close: lines[closeIndex] ?? "",
    body: lines.slice(closeIndex + 1).join(""),
    yamlStartLine: 2,
    bodyStartLine: closeIndex + 2,
  };
}

export function joinSkillText(parts: SkillTextParts): string {
  const yamlEnd = parts.yaml === "" ? "" : parts.yamlEnd || "\n";
  return parts.open + parts.yaml + yamlEnd + parts.close + parts.body;
}

/** Offset (UTF-16, as CodeMirror counts) of a 1-based line and code-point column in `text`. */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  const lineEnd = text.indexOf("\n", offset);
  const end = lineEnd < 0 ? text.length : lineEnd;
  let points = 1;
  while (points < column && offset < end) {
    const code = text.codePointAt(offset) ?? 0;
    offset += code > 0xffff ? 2 : 1;
    points++;
  }
  return offset;
}
