//! Whole-document parse of a SKILL.md from arbitrary bytes.
//!
//! Invariants checked (any violation, like any panic, is a crash):
//! - `document::parse` never panics;
//! - when it returns `None`, at least one diagnostic of severity Error was pushed;
//! - when it returns a document whose frontmatter is not a mapping (`frontmatter == None`),
//!   an Error was pushed too;
//! - every diagnostic has `line >= 1` and `column >= 1`;
//! - a returned document's text is the input decoded as UTF-8 with a leading BOM removed, its
//!   body is a suffix of that text, and the YAML range lies before the body
//!   (`0 < yaml_offset <= yaml_end <= body_offset <= text.len()`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use skillhouse_core::diagnostic::Severity;
use skillhouse_core::document;

fuzz_target!(|data: &[u8]| {
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
});
