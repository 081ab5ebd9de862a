//! Turning a file's bytes into text that the rest of the core can trust, and splitting off the
//! frontmatter. Every refusal here is a diagnostic; nothing is guessed.

use crate::diagnostic::{Code, Diagnostic, Position};

const BOM: &str = "\u{feff}";

/// A file's text with the byte-order mark removed, and whether one was there.
#[derive(Debug, Clone)]
pub struct SourceText {
    pub text: String,
    pub had_bom: bool,
}

/// Decodes a file's bytes. `file` is the catalogue-relative path used in diagnostics.
pub fn decode(file: &str, bytes: Vec<u8>, diagnostics: &mut Vec<Diagnostic>) -> Option<SourceText> {
    match String::from_utf8(bytes) {
        Ok(mut text) => {
            let had_bom = text.starts_with(BOM);
            if had_bom {
                text.drain(..BOM.len());
                diagnostics.push(
                    Diagnostic::warning(Code::FileBom, file, Position::START, "the file starts with a UTF-8 byte-order mark")
                        .with_hint("save the file as UTF-8 without BOM; some readers treat the mark as part of the first line and miss the frontmatter"),
                );
            }
            Some(SourceText { text, had_bom })
        }
        Err(error) => {
            let valid = error.utf8_error().valid_up_to();
            let bytes = error.into_bytes();
            // The prefix is valid by construction, so positions can be counted on it.
            let prefix = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
            let at = position_at(prefix, prefix.len());
            diagnostics.push(
                Diagnostic::error(
                    Code::FileNotUtf8,
                    file,
                    at,
                    format!("the file is not valid UTF-8: byte 0x{:02x} at offset {valid}", bytes[valid]),
                )
                .with_hint("re-save the file as UTF-8 (for example `iconv -f latin1 -t utf-8`)"),
            );
            None
        }
    }
}

/// The position of byte `offset` in `text` (1-based line, column in code points).
pub fn position_at(text: &str, offset: usize) -> Position {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() as u32 + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    let column = before[line_start..].chars().count() as u32 + 1;
    Position::new(line, column)
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// A document split into frontmatter and body. Offsets are byte offsets into the text the split
/// was made from; lines are 1-based file lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split<'a> {
    pub yaml: &'a str,
    /// Byte offset where the YAML starts (the line after the opening `---`).
    pub yaml_offset: usize,
    /// File line of the first YAML line.
    pub yaml_line: u32,
    /// File line of the closing `---`.
    pub closing_line: u32,
    pub body: &'a str,
    pub body_offset: usize,
    /// File line of the first body line.
    pub body_line: u32,
}

/// Splits frontmatter from body. The frontmatter opens with a first line that is exactly `---`
/// and closes at the next line that is exactly `---` (a trailing `\r` is allowed, so CRLF files
/// split the same way). A `---` inside the body or an indented one inside a YAML value never
/// splits anything, which is where a substring split (as in the reference validator) goes wrong.
pub fn split_frontmatter<'a>(file: &str, text: &'a str, diagnostics: &mut Vec<Diagnostic>) -> Option<Split<'a>> {
    let mut lines = LineIter::new(text);
    let first = lines.next();
    if first.map(|l| l.content) != Some("---") {
        diagnostics.push(
            Diagnostic::error(Code::FrontmatterMissing, file, Position::START, "the file does not start with a `---` frontmatter line")
                .with_hint("start the file with a line `---`, the YAML fields (name, description), and a closing line `---`"),
        );
        return None;
    }
    let yaml_offset = first.map(|l| l.next_offset).unwrap_or(text.len());
    for line in lines {
        if line.content == "---" {
            let body_offset = line.next_offset;
            return Some(Split {
                yaml: &text[yaml_offset..line.offset],
                yaml_offset,
                yaml_line: 2,
                closing_line: line.number,
                body: &text[body_offset..],
                body_offset,
                body_line: line.number + 1,
            });
        }
    }
    diagnostics.push(
        Diagnostic::error(Code::FrontmatterUnterminated, file, Position::START, "the frontmatter opened on line 1 is never closed")
            .with_hint("add a line that is exactly `---` after the last frontmatter field"),
    );
    None
}

#[derive(Debug, Clone, Copy)]
struct Line<'a> {
    number: u32,
    offset: usize,
    next_offset: usize,
    /// The line without its terminator (`\n` or `\r\n`).
    content: &'a str,
}

struct LineIter<'a> {
    text: &'a str,
    offset: usize,
    number: u32,
}

impl<'a> LineIter<'a> {
    fn new(text: &'a str) -> Self {
        LineIter { text, offset: 0, number: 0 }
    }
}

impl<'a> Iterator for LineIter<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        if self.offset >= self.text.len() {
            return None;
        }
        let rest = &self.text[self.offset..];
        let (raw, advance) = match rest.find('\n') {
            Some(i) => (&rest[..i], i + 1),
            None => (rest, rest.len()),
        };
        let content = raw.strip_suffix('\r').unwrap_or(raw);
        self.number += 1;
        let line = Line { number: self.number, offset: self.offset, next_offset: self.offset + advance, content };
        self.offset += advance;
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> (Option<Split<'_>>, Vec<Diagnostic>) {
        let mut d = Vec::new();
        (split_frontmatter("f", text, &mut d), d)
    }

    #[test]
    fn splits_at_first_exact_closing_line() {
        let text = "---\nname: a\ndescription: |\n  ---\n  x\n---\nbody\n---\nmore\n";
        let (s, d) = split(text);
        let s = s.unwrap();
        assert!(d.is_empty());
        assert_eq!(s.yaml, "name: a\ndescription: |\n  ---\n  x\n");
        assert_eq!(s.closing_line, 6);
        assert_eq!(s.body, "body\n---\nmore\n");
        assert_eq!(s.body_line, 7);
    }

    #[test]
    fn crlf_splits_like_lf() {
        let (s, _) = split("---\r\nname: a\r\n---\r\nbody\r\n");
        let s = s.unwrap();
        assert_eq!(s.yaml, "name: a\r\n");
        assert_eq!(s.body, "body\r\n");
        assert_eq!(s.closing_line, 3);
    }

    #[test]
    fn a_dashes_substring_does_not_close() {
        let (s, d) = split("---\nname: a---b\n");
        assert!(s.is_none());
        assert_eq!(d[0].code, Code::FrontmatterUnterminated);
    }

    #[test]
    fn missing_opening_line() {
        let (s, d) = split("# Title\n---\n");
        assert!(s.is_none());
        assert_eq!(d[0].code, Code::FrontmatterMissing);
    }

    #[test]
    fn non_utf8_points_at_the_byte() {
        let mut d = Vec::new();
        assert!(decode("f", b"ab\ncd\xffe".to_vec(), &mut d).is_none());
        assert_eq!((d[0].line, d[0].column), (2, 3));
    }

    #[test]
    fn bom_is_stripped_with_a_warning() {
        let mut d = Vec::new();
        let s = decode("f", "\u{feff}---\n".as_bytes().to_vec(), &mut d).unwrap();
        assert!(s.had_bom && s.text == "---\n");
        assert_eq!(d[0].code, Code::FileBom);
    }

    #[test]
    fn positions_count_code_points() {
        assert_eq!(position_at("é\néé x", 7), Position::new(2, 3));
    }
}
