//! The invariants the fuzz targets check, shared with the ordinary test that replays the seed
//! corpus (`crates/skillhouse-core/tests/fuzz_seeds.rs`), so both check the same thing. Any
//! violation panics; docs/fuzzing.md lists them in words.

// Each fuzz target calls one of the two checkers.
#![allow(dead_code)]

use skillhouse_core::diagnostic::Severity;
use skillhouse_core::{document, source};

/// Whole-document parse of a SKILL.md from arbitrary bytes:
/// - `document::parse` never panics;
/// - when it returns `None`, at least one diagnostic of severity Error was pushed;
/// - when it returns a document whose frontmatter is not a mapping (`frontmatter == None`),
///   an Error was pushed too;
/// - every diagnostic has `line >= 1` and `column >= 1`;
/// - a returned document's text is the input decoded as UTF-8 with a leading BOM removed, its
///   body is a suffix of that text, and the YAML range lies before the body
///   (`0 < yaml_offset <= yaml_end <= body_offset <= text.len()`).
pub fn check_frontmatter(data: &[u8]) {
    let mut diags = Vec::new();
    let doc = document::parse("fuzz/SKILL.md", data.to_vec(), Default::default(), &mut diags);

    for d in &diags {
        assert!(d.line >= 1 && d.column >= 1, "diagnostic at line {} column {}: {d:?}", d.line, d.column);
    }
    let has_error = diags.iter().any(|d| d.severity == Severity::Error);

    let Some(doc) = doc else {
        assert!(has_error, "parse returned None without an error diagnostic: {diags:?}");
        return;
    };

    // The decoded text, computed independently of the core.
    let decoded = std::str::from_utf8(data).expect("a document was returned for invalid UTF-8");
    let decoded = decoded.strip_prefix('\u{feff}').unwrap_or(decoded);
    assert_eq!(doc.text, decoded, "document text is not the decoded input");

    assert!(doc.yaml_offset > 0, "yaml starts at offset 0, before the opening `---` line");
    assert!(doc.yaml_offset <= doc.yaml_end, "yaml range reversed: {}..{}", doc.yaml_offset, doc.yaml_end);
    assert!(doc.yaml_end <= doc.body_offset, "yaml ends at {} after body offset {}", doc.yaml_end, doc.body_offset);
    assert!(doc.body_offset <= decoded.len(), "body offset {} past end {}", doc.body_offset, decoded.len());
    assert!(decoded.is_char_boundary(doc.yaml_offset) && decoded.is_char_boundary(doc.yaml_end));

    let body = doc.body();
    assert!(decoded.ends_with(body), "body is not a suffix of the decoded text");
    assert_eq!(decoded.len() - body.len(), doc.body_offset);
    assert_eq!(doc.yaml(), &decoded[doc.yaml_offset..doc.yaml_end]);
    assert!(doc.closing_line >= 2 && doc.body_line == doc.closing_line + 1);

    if doc.frontmatter.is_none() {
        assert!(has_error, "document without a mapping frontmatter but no error diagnostic: {diags:?}");
    }
}

/// Frontmatter split of arbitrary text:
/// - `source::split_frontmatter` never panics;
/// - on `None`, exactly one Error diagnostic was pushed; on `Some`, none was;
/// - on `Some(split)`: the first line of the text is `---` (a trailing `\r` allowed);
///   `split.yaml` sits at `yaml_offset` and `split.body` is exactly the text from `body_offset`;
///   the YAML ends before the body starts; the closing line is `---` and the body starts on the
///   line after it.
pub fn check_split(text: &str) {
    let mut d = Vec::new();
    let split = source::split_frontmatter("f", text, &mut d);

    for diag in &d {
        assert!(diag.line >= 1 && diag.column >= 1, "bad position: {diag:?}");
    }

    let Some(split) = split else {
        assert_eq!(d.len(), 1, "expected exactly one diagnostic: {d:?}");
        assert_eq!(d[0].severity, Severity::Error);
        return;
    };
    assert!(d.is_empty(), "split succeeded but pushed diagnostics: {d:?}");

    let first_line = text.split('\n').next().unwrap_or("");
    assert!(first_line == "---" || first_line == "---\r", "split accepted a first line that is not `---`: {first_line:?}");

    assert!(text[split.yaml_offset..].starts_with(split.yaml), "yaml not at yaml_offset");
    assert_eq!(&text[split.body_offset..], split.body, "body is not the text from body_offset");
    let yaml_end = split.yaml_offset + split.yaml.len();
    assert!(yaml_end <= split.body_offset, "yaml ends at {yaml_end}, after body offset {}", split.body_offset);

    // The text between yaml and body is the closing `---` line with its terminator.
    let closing = &text[yaml_end..split.body_offset];
    assert!(matches!(closing, "---" | "---\r" | "---\n" | "---\r\n"), "closing delimiter is {closing:?}");
    assert_eq!(split.yaml_line, 2);
    assert_eq!(split.body_line, split.closing_line + 1);
    // The closing line number counts the newlines before it.
    assert_eq!(split.closing_line as usize, text[..yaml_end].matches('\n').count() + 1);
}
