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

/// A value the form can write: a string, a boolean (`user-invocable: false`), or a list of
/// strings, written in flow style (`tags: [review, docs]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar<'a> {
    Str(&'a str),
    Bool(bool),
    List(&'a [String]),
}

impl Scalar<'_> {
    fn json(self) -> serde_json::Value {
        match self {
            Scalar::Str(s) => serde_json::Value::String(s.to_string()),
            Scalar::Bool(b) => serde_json::Value::Bool(b),
            Scalar::List(items) => items.iter().map(|i| serde_json::Value::String(i.clone())).collect(),
        }
    }

    fn render(self, style: Style) -> String {
        match self {
            Scalar::Str(s) => scalar(s, style),
            Scalar::Bool(b) => b.to_string(),
            Scalar::List(items) => {
                let items: Vec<String> = items
                    .iter()
                    .map(|i| {
                        // Flow context also ends a plain scalar at `,`, brackets and braces.
                        if plain_safe(i) && !i.contains([',', '[', ']', '{', '}']) {
                            i.clone()
                        } else {
                            serde_json::to_string(i).expect("strings serialise")
                        }
                    })
                    .collect();
                format!("[{}]", items.join(", "))
            }
        }
    }
}

/// Sets the field at `pointer` in a YAML document that is all YAML (`skillhouse.yaml`), with the
/// same guarantee as `set`: only that node's bytes change, or the edit is refused.
pub fn set_in_document(yaml: &str, pointer: &str, value: Option<Scalar<'_>>) -> Result<String, EditError> {
    let newline = if yaml.contains("\r\n") { "\r\n" } else { "\n" };
    let ends_with_newline = yaml.is_empty() || yaml.ends_with('\n');
    // Framed as a frontmatter so that one implementation serves both kinds of file.
    let framed = format!("---{newline}{yaml}{}---{newline}", if ends_with_newline { "" } else { newline });
    let mut ignored = Vec::new();
    let empty = matches!(yaml::parse("", yaml, 1, &mut ignored).map(|n| n.value), Some(Value::Null));
    if empty {
        // Nothing but comments (or nothing): the field and its mappings go at the end.
        let keys: Vec<String> = pointer.split('/').skip(1).map(|k| k.replace("~1", "/").replace("~0", "~")).collect();
        let Some(value) = value else { return Ok(yaml.to_string()) };
        if keys.is_empty() || keys.iter().any(String::is_empty) {
            return Err(EditError::BadPointer(pointer.to_string()));
        }
        let lead = if ends_with_newline { "" } else { newline };
        return Ok(format!("{yaml}{lead}{}", chain(&keys, value, "", newline)));
    }
    let edited = set(&framed, pointer, value)?;
    let inner = &edited[3 + newline.len()..edited.len() - 3 - newline.len()];
    Ok(if ends_with_newline { inner.to_string() } else { inner.strip_suffix(newline).unwrap_or(inner).to_string() })
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

    // Walk to the parent mapping; missing mappings on the way are created with the field.
    let line_starts = line_starts(text);
    let mut parent = &root;
    for (depth, key) in keys[..keys.len() - 1].iter().enumerate() {
        match parent.get(key) {
            Some(child) if matches!(child.value, Value::Map(_)) => parent = child,
            Some(_) => return Err(EditError::NotAScalar(key.clone())),
            None => {
                let Some(value) = value else { return Ok(text.to_string()) };
                let (at, indent) = append_point(text, yaml_offset, yaml, &line_starts, &root, parent, &keys[..depth])?;
                let insert = chain(&keys[depth..], value, &indent, newline);
                return verified(text, at..at, &insert, &keys, Some(value), &root);
            }
        }
    }
    let last = &keys[keys.len() - 1];
    match parent.entry(last) {
        Some(entry) => {
            let node = &entry.value;
            // A flow list (`[a, b]`) given a new list is replaced whole; the parser's span of a
            // collection is its opening bracket only, so the closing one is found here.
            let flow_list_end = match (value, &node.value, node.span) {
                (Some(Scalar::List(_)), Value::Seq(_), Some((s, _))) if yaml[s..].starts_with('[') => flow_end(yaml, s),
                _ => None,
            };
            if matches!(node.value, Value::Map(_) | Value::Seq(_)) && flow_list_end.is_none() {
                return Err(EditError::NotAScalar(field));
            }
            let (start, end) = node.span.ok_or_else(|| EditError::NotLossless(field.clone()))?;
            let end = flow_list_end.unwrap_or(end);
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
            let (at, indent) = append_point(text, yaml_offset, yaml, &line_starts, &root, parent, &keys[..keys.len() - 1])?;
            verified(text, at..at, &chain(std::slice::from_ref(last), value, &indent, newline), &keys, Some(value), &root)
        }
    }
}

/// Where a node's text ends: a block collection ends with its last entry, a flow one at its
/// closing bracket (the parser's span of a collection covers only its start).
fn node_end(yaml: &str, node: &Node) -> Option<usize> {
    let (start, end) = node.span?;
    if yaml[start..].starts_with(['[', '{']) && matches!(node.value, Value::Map(_) | Value::Seq(_)) {
        return flow_end(yaml, start);
    }
    match &node.value {
        Value::Map(entries) => entries.last().map_or(Some(end), |e| node_end(yaml, &e.value)),
        Value::Seq(items) => items.last().map_or(Some(end), |n| node_end(yaml, n)),
        _ => Some(end),
    }
}

/// The offset just past the `]` that closes the flow sequence opening at `start`.
fn flow_end(yaml: &str, start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut chars = yaml[start..].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match (quote, c) {
            (Some('"'), '\\') => {
                chars.next();
            }
            (Some(q), c) if c == q => {
                // `''` inside a single-quoted scalar is an escaped quote.
                if q == '\'' && chars.peek().is_some_and(|(_, n)| *n == '\'') {
                    chars.next();
                } else {
                    quote = None;
                }
            }
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[' | '{') => depth += 1,
            (None, ']' | '}') => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(start + i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// `a:` / `  b: value` lines that create the mappings `keys[..last]` holding the field.
fn chain(keys: &[String], value: Scalar<'_>, indent: &str, newline: &str) -> String {
    let mut out = String::new();
    for (i, key) in keys.iter().enumerate() {
        let pad = format!("{indent}{}", "  ".repeat(i));
        if i + 1 == keys.len() {
            out.push_str(&format!("{pad}{}: {}{newline}", key_text(key), value.render(Style::Plain)));
        } else {
            out.push_str(&format!("{pad}{}:{newline}", key_text(key)));
        }
    }
    out
}

/// Where a new entry of `parent` goes and at which indentation: the end of the YAML for the
/// root, else after the mapping's last entry at its entries' indentation. `path` names the
/// mapping, for the error.
fn append_point(
    text: &str,
    yaml_offset: usize,
    yaml: &str,
    line_starts: &[usize],
    root: &Node,
    parent: &Node,
    path: &[String],
) -> Result<(usize, String), EditError> {
    if std::ptr::eq(parent, root) {
        return Ok((yaml_offset + yaml_end_insertion(yaml), String::new()));
    }
    let name = path.join(".");
    let first = parent.entries().first().ok_or_else(|| EditError::FlowStyle(name.clone()))?;
    if parent.span.is_some_and(|(s, _)| yaml[s..].starts_with('{')) {
        return Err(EditError::FlowStyle(name));
    }
    let indent = " ".repeat((first.key_at.column - 1) as usize);
    let last_entry = parent.entries().last().expect("non-empty");
    let end = node_end(yaml, &last_entry.value).map(|e| yaml_offset + e).unwrap_or(line_starts[(last_entry.key_at.line - 1) as usize]);
    Ok((line_end(text, if text[..end].ends_with('\n') { end - 1 } else { end }), indent))
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

    const SETTINGS: &str = "# Team settings.\nprofile: agentskills\ncards:\n  version: \"1.0.0\"   # bump on change\n  agents:\n    a: {version: \"1.1.0\"}\nbudgets:\n  l1: 100\n";

    fn tags(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_list_goes_into_mappings_that_do_not_exist_yet() {
        let list = tags(&["review", "a, b"]);
        let out = set_in_document(SETTINGS, "/cards/skill_defaults/tags", Some(Scalar::List(&list))).unwrap();
        let expected = SETTINGS
            .replace("    a: {version: \"1.1.0\"}\n", "    a: {version: \"1.1.0\"}\n  skill_defaults:\n    tags: [review, \"a, b\"]\n");
        assert_eq!(out, expected);
        let out = set_in_document("profile: agentskills", "/cards/skill_defaults/tags", Some(Scalar::List(&list))).unwrap();
        assert_eq!(out, "profile: agentskills\ncards:\n  skill_defaults:\n    tags: [review, \"a, b\"]");
        assert_eq!(
            set_in_document("", "/cards/skill_defaults/tags", Some(Scalar::List(&list))).unwrap(),
            "cards:\n  skill_defaults:\n    tags: [review, \"a, b\"]\n"
        );
    }

    #[test]
    fn a_new_entry_follows_the_whole_of_a_nested_last_entry() {
        let text =
            "cards:\n  agents:\n    a: {version: \"1\"}\n    b:\n      version: \"2\"\n      publish: false\n# after\nprofile: legacy\n";
        let list = tags(&["review"]);
        let out = set_in_document(text, "/cards/skill_defaults/tags", Some(Scalar::List(&list))).unwrap();
        assert_eq!(out, text.replace("publish: false\n", "publish: false\n  skill_defaults:\n    tags: [review]\n"));
    }

    #[test]
    fn a_flow_list_is_replaced_in_place_and_a_flow_mapping_is_refused() {
        let text = "cards:\n  skill_defaults:\n    tags: [old]   # keep\n";
        let list = tags(&["new", "more"]);
        let out = set_in_document(text, "/cards/skill_defaults/tags", Some(Scalar::List(&list))).unwrap();
        assert_eq!(out, "cards:\n  skill_defaults:\n    tags: [new, more]   # keep\n");
        let flow = "cards: {skill_defaults: {examples: [x]}}\n";
        assert_eq!(
            set_in_document(flow, "/cards/skill_defaults/tags", Some(Scalar::List(&list))),
            Err(EditError::FlowStyle("cards.skill_defaults".into()))
        );
        let block_list = "cards:\n  skill_defaults:\n    tags:\n      - old\n";
        assert!(matches!(
            set_in_document(block_list, "/cards/skill_defaults/tags", Some(Scalar::List(&list))),
            Err(EditError::NotAScalar(_))
        ));
    }
}
