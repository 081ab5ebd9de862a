//! Lossless edits of a frontmatter: change one field and nothing else. Comments, key order,
//! quoting of other values, unknown keys and every byte of the body stay as they were.
//!
//! The edit is made on the text, at the byte span the parser reported for the node, and then
//! checked by parsing the result: the edited field must read back as the new value and every
//! other field must read back unchanged. An edit that cannot be made that way is refused, never
//! approximated.

use crate::source;
use crate::yaml::{self, Node, Value};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("the frontmatter cannot be read, so fields cannot be edited one by one: fix it in the YAML editor first")]
    Unreadable,
    #[error("`{0}` is a list or a mapping: edit it in the YAML editor")]
    NotAScalar(String),
    #[error("`{0}` is written in flow style (`{{...}}`): edit it in the YAML editor")]
    FlowStyle(String),
    #[error("only fields and fields of mappings can be edited here, not `{0}`")]
    BadPointer(String),
    #[error("the edit of `{0}` could not be made without changing other fields; edit it in the YAML editor")]
    NotLossless(String),
}

/// A value the form can write: a string, or a boolean (`user-invocable: false`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar<'a> {
    Str(&'a str),
    Bool(bool),
}

impl Scalar<'_> {
    fn json(self) -> serde_json::Value {
        match self {
            Scalar::Str(s) => serde_json::Value::String(s.to_string()),
            Scalar::Bool(b) => serde_json::Value::Bool(b),
        }
    }

    fn render(self, style: Style) -> String {
        match self {
            Scalar::Str(s) => scalar(s, style),
            Scalar::Bool(b) => b.to_string(),
        }
    }
}

/// Sets (`Some`) or removes (`None`) the string field at `pointer` (`/description`,
/// `/metadata/version`) in a whole `SKILL.md` text and returns the new text.
pub fn set_field(text: &str, pointer: &str, value: Option<&str>) -> Result<String, EditError> {
    set(text, pointer, value.map(Scalar::Str))
}

/// Sets or removes the field at `pointer` to a string or a boolean.
pub fn set(text: &str, pointer: &str, value: Option<Scalar<'_>>) -> Result<String, EditError> {
    let keys: Vec<String> = pointer.split('/').skip(1).map(|k| k.replace("~1", "/").replace("~0", "~")).collect();
    if keys.is_empty() || keys.iter().any(String::is_empty) || !pointer.starts_with('/') {
        return Err(EditError::BadPointer(pointer.to_string()));
    }
    let (yaml_offset, yaml, root) = parse(text).ok_or(EditError::Unreadable)?;
    let newline = if yaml.contains("\r\n") { "\r\n" } else { "\n" };
    let field = keys.join(".");

    // Walk to the parent mapping.
    let mut parent = &root;
    for key in &keys[..keys.len() - 1] {
        match parent.get(key) {
            Some(child) if matches!(child.value, Value::Map(_)) => parent = child,
            Some(_) => return Err(EditError::NotAScalar(key.clone())),
            None => {
                // The parent mapping is missing: create it with the field, at the end of its own
                // parent (only one level deep is supported, which covers `metadata`).
                let Some(value) = value else { return Ok(text.to_string()) };
                if keys.len() != 2 || !std::ptr::eq(parent, &root) {
                    return Err(EditError::BadPointer(pointer.to_string()));
                }
                let insert = format!("{}:{newline}  {}: {}{newline}", key_text(&keys[0]), key_text(&keys[1]), value.render(Style::Plain));
                let at = yaml_offset + yaml_end_insertion(yaml);
                return verified(text, at..at, &insert, &keys, Some(value), &root);
            }
        }
    }
    let last = &keys[keys.len() - 1];
    let line_starts = line_starts(text);
    match parent.entry(last) {
        Some(entry) => {
            let node = &entry.value;
            if matches!(node.value, Value::Map(_) | Value::Seq(_)) {
                return Err(EditError::NotAScalar(field));
            }
            let (start, end) = node.span.ok_or_else(|| EditError::NotLossless(field.clone()))?;
            let key_line_start = line_starts[(entry.key_at.line - 1) as usize];
            match value {
                None => {
                    // Remove the key's line(s): from the key's line to the end of the value's.
                    let end_abs = yaml_offset + end;
                    let end_line =
                        line_end(text, if end_abs > key_line_start && text[..end_abs].ends_with('\n') { end_abs - 1 } else { end_abs });
                    verified(text, key_line_start..end_line, "", &keys, None, &root)
                }
                Some(value) => {
                    let source = &yaml[start..end];
                    let abs = yaml_offset + start..yaml_offset + end;
                    let header_start = text[key_line_start..abs.start].find(':').map(|i| key_line_start + i + 1);
                    let is_block = matches!(value, Scalar::Str(_))
                        && node.at.line > entry.key_at.line
                        && header_start.is_some_and(|h| text[h..abs.start].trim_start().starts_with(['|', '>']));
                    if is_block {
                        let header = header_start.expect("checked above");
                        let indent = " ".repeat((node.at.column - 1) as usize);
                        let folded = text[header..abs.start].trim_start().starts_with('>');
                        let Scalar::Str(value) = value else { unreachable!("blocks are kept for strings only") };
                        let attempt = block(value, &indent, folded, newline);
                        if let Some(replacement) = attempt {
                            if let Ok(t) = verified(text, header..abs.end, &replacement, &keys, Some(Scalar::Str(value)), &root) {
                                return Ok(t);
                            }
                        }
                        // Fall back to a quoted string on the key's line.
                        let replacement = format!(" {}{newline}", scalar(value, Style::Double));
                        return verified(text, header..abs.end, &replacement, &keys, Some(Scalar::Str(value)), &root);
                    }
                    let style = match source.chars().next() {
                        Some('\'') => Style::Single,
                        Some('"') => Style::Double,
                        _ => Style::Plain,
                    };
                    let rendered = value.render(style);
                    // `key:` with no value: the span is empty right after the colon.
                    let rendered = if source.is_empty() && !text[..abs.start].ends_with(' ') { format!(" {rendered}") } else { rendered };
                    verified(text, abs, &rendered, &keys, Some(value), &root)
                }
            }
        }
        None => {
            let Some(value) = value else { return Ok(text.to_string()) };
            let line = format!("{}: {}{newline}", key_text(last), value.render(Style::Plain));
            if std::ptr::eq(parent, &root) {
                let at = yaml_offset + yaml_end_insertion(yaml);
                return verified(text, at..at, &line, &keys, Some(value), &root);
            }
            // A nested block mapping: after its last entry, at its indentation.
            let first = parent.entries().first().ok_or_else(|| EditError::NotLossless(field.clone()))?;
            let key_line = line_starts[(first.key_at.line - 1) as usize];
            if text[key_line..].trim_start().starts_with('{')
                || text[line_starts[(parent.at.line - 1) as usize]..].contains('{') && parent.at.line == first.key_at.line
            {
                return Err(EditError::FlowStyle(keys[..keys.len() - 1].join(".")));
            }
            let indent = " ".repeat((first.key_at.column - 1) as usize);
            let last_entry = parent.entries().last().expect("non-empty");
            let end = last_entry.value.span.map(|(_, e)| yaml_offset + e).unwrap_or(line_starts[(last_entry.key_at.line - 1) as usize]);
            let at = line_end(text, if text[..end].ends_with('\n') { end - 1 } else { end });
            verified(text, at..at, &format!("{indent}{line}"), &keys, Some(value), &root)
        }
    }
}

/// Replaces the whole body (everything after the closing `---`), leaving the frontmatter's bytes
/// as they are.
pub fn set_body(text: &str, body: &str) -> Result<String, EditError> {
    let mut diagnostics = Vec::new();
    let split = source::split_frontmatter("", text, &mut diagnostics).ok_or(EditError::Unreadable)?;
    Ok(format!("{}{body}", &text[..split.body_offset]))
}

fn parse(text: &str) -> Option<(usize, &str, Node)> {
    let mut diagnostics = Vec::new();
    let split = source::split_frontmatter("", text, &mut diagnostics)?;
    let node = yaml::parse("", split.yaml, split.yaml_line, &mut diagnostics)?;
    matches!(node.value, Value::Map(_)).then_some((split.yaml_offset, split.yaml, node))
}

/// Applies the replacement and checks that only the intended field changed.
fn verified(
    text: &str,
    range: std::ops::Range<usize>,
    replacement: &str,
    keys: &[String],
    value: Option<Scalar<'_>>,
    before: &Node,
) -> Result<String, EditError> {
    let mut out = String::with_capacity(text.len() + replacement.len());
    out.push_str(&text[..range.start]);
    out.push_str(replacement);
    out.push_str(&text[range.end..]);
    let field = keys.join(".");
    let (_, _, after) = parse(&out).ok_or_else(|| EditError::NotLossless(field.clone()))?;
    let mut expected = before.to_json();
    let mut target = &mut expected;
    for key in &keys[..keys.len() - 1] {
        let object = target.as_object_mut().ok_or_else(|| EditError::NotLossless(field.clone()))?;
        target = object.entry(key.clone()).or_insert_with(|| serde_json::Value::Object(Default::default()));
    }
    let object = target.as_object_mut().ok_or_else(|| EditError::NotLossless(field.clone()))?;
    match value {
        Some(v) => {
            object.insert(keys[keys.len() - 1].clone(), v.json());
        }
        None => {
            object.remove(&keys[keys.len() - 1]);
        }
    }
    if after.to_json() != expected {
        return Err(EditError::NotLossless(field));
    }
    Ok(out)
}

#[derive(Clone, Copy)]
enum Style {
    Plain,
    Single,
    Double,
}

/// A scalar in the requested style, or double-quoted when that style cannot hold the value.
fn scalar(value: &str, style: Style) -> String {
    match style {
        Style::Plain if plain_safe(value) => value.to_string(),
        Style::Single if !value.contains(['\n', '\r']) && !value.is_empty() => format!("'{}'", value.replace('\'', "''")),
        _ => serde_json::to_string(value).expect("strings serialise"),
    }
}

/// Whether a value reads back as the same string when written without quotes.
fn plain_safe(value: &str) -> bool {
    if value.is_empty()
        || value.trim() != value
        || value.contains(['\n', '\r', '\t'])
        || value.contains(": ")
        || value.contains(" #")
        || value.ends_with(':')
    {
        return false;
    }
    if value.starts_with(['-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`']) {
        return false;
    }
    let mut d = Vec::new();
    let probe = format!("k: {value}\n");
    matches!(yaml::parse("", &probe, 1, &mut d).and_then(|n| n.get("k").cloned()).map(|n| n.value), Some(Value::Str(s)) if s == value)
}

/// A block scalar's header and content for `value`, or `None` when a block cannot hold it
/// exactly (leading spaces, or trailing blank lines).
fn block(value: &str, indent: &str, folded: bool, newline: &str) -> Option<String> {
    if value.starts_with([' ', '\t']) || value.ends_with("\n\n") || value.is_empty() {
        return None;
    }
    let chomp = if value.ends_with('\n') { "" } else { "-" };
    let content = value.strip_suffix('\n').unwrap_or(value);
    let mut out = format!(" {}{chomp}{newline}", if folded { ">" } else { "|" });
    if folded {
        if content.contains('\n') {
            return None;
        }
        // Wrap at word boundaries; a folded scalar turns each line break back into one space.
        let mut line = String::new();
        for word in content.split(' ') {
            if word.is_empty() {
                return None;
            }
            if !line.is_empty() && line.len() + word.len() + 1 > 96 {
                out.push_str(&format!("{indent}{line}{newline}"));
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        out.push_str(&format!("{indent}{line}{newline}"));
    } else {
        for l in content.split('\n') {
            if l.is_empty() {
                out.push_str(newline);
            } else {
                out.push_str(&format!("{indent}{l}{newline}"));
            }
        }
    }
    Some(out)
}

fn key_text(key: &str) -> String {
    if plain_safe(key) && !key.contains(':') {
        key.to_string()
    } else {
        serde_json::to_string(key).expect("strings serialise")
    }
}

/// Where a new top-level line goes: the end of the YAML, after a final newline.
fn yaml_end_insertion(yaml: &str) -> usize {
    yaml.len()
}

fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect()
}

/// The offset just past the end of the line holding `offset` (after its `\n`).
fn line_end(text: &str, offset: usize) -> usize {
    text[offset..].find('\n').map(|i| offset + i + 1).unwrap_or(text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SKILL: &str = "---\n# Routing matters: keep this comment.\nname: pdf-tools   # trailing comment\ndescription: 'Reads PDFs. Use when a user shares one.'\nx-owner: team-a\nmetadata:\n  version: \"1.0\"\n  tags: pdf, text\nlicense: MIT\n---\n# Body\n\nKeep  these   bytes.\n---\n";

    fn body_of(text: &str) -> &str {
        &text[text.find("---\n# Body").unwrap()..]
    }

    #[test]
    fn changing_one_value_changes_only_its_bytes() {
        let out = set_field(SKILL, "/description", Some("Reads PDF files. Use when a user shares one.")).unwrap();
        assert_eq!(out, SKILL.replace("'Reads PDFs. Use when a user shares one.'", "'Reads PDF files. Use when a user shares one.'"));
    }

    #[test]
    fn plain_values_stay_plain_and_comments_stay() {
        let out = set_field(SKILL, "/name", Some("pdf-reader")).unwrap();
        assert!(out.contains("name: pdf-reader   # trailing comment\n"));
        assert!(out.contains("# Routing matters: keep this comment.\n"));
        assert_eq!(body_of(&out), body_of(SKILL));
    }

    #[test]
    fn values_that_need_quotes_get_them() {
        for value in ["true", "1.0", "a: b", "#x", "", " padded", "null", "- item"] {
            let out = set_field(SKILL, "/license", Some(value)).unwrap();
            let (_, _, node) = parse(&out).unwrap();
            assert_eq!(node.get("license").unwrap().as_str(), Some(value), "{value}: {out}");
        }
    }

    #[test]
    fn nested_values_keep_their_quotes() {
        let out = set_field(SKILL, "/metadata/version", Some("2.0")).unwrap();
        assert_eq!(out, SKILL.replace("version: \"1.0\"", "version: \"2.0\""));
    }

    #[test]
    fn new_fields_are_added_at_the_end_of_their_mapping() {
        let out = set_field(SKILL, "/compatibility", Some("Needs poppler")).unwrap();
        assert_eq!(out, SKILL.replace("license: MIT\n", "license: MIT\ncompatibility: Needs poppler\n"));
        let out = set_field(SKILL, "/metadata/author", Some("Ana")).unwrap();
        assert_eq!(out, SKILL.replace("  tags: pdf, text\n", "  tags: pdf, text\n  author: Ana\n"));
    }

    #[test]
    fn a_missing_metadata_mapping_is_created() {
        let text = "---\nname: a\ndescription: b\n---\nbody\n";
        let out = set_field(text, "/metadata/version", Some("1.0")).unwrap();
        assert_eq!(out, "---\nname: a\ndescription: b\nmetadata:\n  version: \"1.0\"\n---\nbody\n");
    }

    #[test]
    fn removing_a_field_removes_its_line_only() {
        let out = set_field(SKILL, "/x-owner", None).unwrap();
        assert_eq!(out, SKILL.replace("x-owner: team-a\n", ""));
        let out = set_field(SKILL, "/metadata/tags", None).unwrap();
        assert_eq!(out, SKILL.replace("  tags: pdf, text\n", ""));
    }

    #[test]
    fn block_scalars_stay_blocks() {
        let text = "---\nname: a\ndescription: >\n  Reads PDFs.\n  Use when asked.\nlicense: MIT\n---\nbody\n";
        let out = set_field(text, "/description", Some("Reads PDF files. Use when asked.\n")).unwrap();
        assert_eq!(out, "---\nname: a\ndescription: >\n  Reads PDF files. Use when asked.\nlicense: MIT\n---\nbody\n");
        let literal = "---\nname: a\ndescription: |-\n  line one\n  line two\n---\nbody\n";
        let out = set_field(literal, "/description", Some("line one\nline 2")).unwrap();
        assert_eq!(out, "---\nname: a\ndescription: |-\n  line one\n  line 2\n---\nbody\n");
    }

    #[test]
    fn crlf_files_stay_crlf() {
        let text = "---\r\nname: a\r\ndescription: b\r\n---\r\nbody\r\n";
        let out = set_field(text, "/license", Some("MIT")).unwrap();
        assert_eq!(out, "---\r\nname: a\r\ndescription: b\r\nlicense: MIT\r\n---\r\nbody\r\n");
        let out = set_field(text, "/description", Some("c")).unwrap();
        assert_eq!(out, "---\r\nname: a\r\ndescription: c\r\n---\r\nbody\r\n");
    }

    #[test]
    fn lists_and_broken_files_are_refused() {
        let text = "---\nname: a\nallowed-tools: [Read, Grep]\n---\n";
        assert_eq!(set_field(text, "/allowed-tools", Some("Read")), Err(EditError::NotAScalar("allowed-tools".into())));
        assert_eq!(set_field("---\nname: [\n---\n", "/name", Some("a")), Err(EditError::Unreadable));
        assert!(matches!(set_field(SKILL, "name", Some("a")), Err(EditError::BadPointer(_))));
    }

    #[test]
    fn booleans_are_written_as_booleans() {
        let text = "---\nname: a\ndescription: b\nuser-invocable: true # shown in the menu\n---\n";
        let out = set(text, "/user-invocable", Some(Scalar::Bool(false))).unwrap();
        assert_eq!(out, "---\nname: a\ndescription: b\nuser-invocable: false # shown in the menu\n---\n");
        let out = set(text, "/disable-model-invocation", Some(Scalar::Bool(true))).unwrap();
        assert!(out.ends_with("disable-model-invocation: true\n---\n"), "{out}");
    }

    #[test]
    fn the_body_can_be_replaced_alone() {
        let out = set_body(SKILL, "New body\n").unwrap();
        assert!(out.starts_with(&SKILL[..SKILL.find("# Body").unwrap()]));
        assert!(out.ends_with("---\nNew body\n"));
    }
}
