//! Frontmatter split of arbitrary text.
//!
//! Invariants checked (any violation, like any panic, is a crash):
//! - `source::split_frontmatter` never panics;
//! - on `None`, exactly one Error diagnostic was pushed; on `Some`, none was;
//! - on `Some(split)`: the first line of the text is `---` (a trailing `\r` allowed);
//!   `split.yaml` sits at `yaml_offset` and `split.body` is exactly the text from `body_offset`;
//!   the YAML ends before the body starts; the closing line is `---` and the body starts on the
//!   line after it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use skillhouse_core::diagnostic::Severity;
use skillhouse_core::source;

fuzz_target!(|text: &str| {
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
    assert!(
        first_line == "---" || first_line == "---\r",
        "split accepted a first line that is not `---`: {first_line:?}"
    );

    assert!(text[split.yaml_offset..].starts_with(split.yaml), "yaml not at yaml_offset");
    assert_eq!(&text[split.body_offset..], split.body, "body is not the text from body_offset");
    let yaml_end = split.yaml_offset + split.yaml.len();
    assert!(yaml_end <= split.body_offset, "yaml ends at {yaml_end}, after body offset {}", split.body_offset);

    // The text between yaml and body is the closing `---` line with its terminator.
    let closing = &text[yaml_end..split.body_offset];
    assert!(
        matches!(closing, "---" | "---\r" | "---\n" | "---\r\n"),
        "closing delimiter is {closing:?}"
    );
    assert_eq!(split.yaml_line, 2);
    assert_eq!(split.body_line, split.closing_line + 1);
    // The closing line number counts the newlines before it.
    assert_eq!(split.closing_line as usize, text[..yaml_end].matches('\n').count() + 1);
});
