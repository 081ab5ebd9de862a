//! Strict YAML 1.2 parsing of frontmatter into a tree that remembers where every node came from.
//!
//! `serde-saphyr` does the parsing (duplicate keys refused, alias expansion bounded); we only walk
//! its output into [`Node`]s, each carrying the file position and byte span of its source text, so
//! that schema errors found later can point back into the YAML and the editor can replace exactly
//! one node.

use crate::diagnostic::{Code, Diagnostic, Position};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::{Location, Spanned};
use std::fmt;

/// A YAML node with its position in the file.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub value: Value,
    /// File position of the node's first character.
    pub at: Position,
    /// Byte range of the node in the YAML text, when the parser reports it.
    pub span: Option<(usize, usize)>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    /// A string scalar. Plain scalars that YAML reads as numbers or booleans are not strings.
    Str(String),
    Seq(Vec<Node>),
    Map(Vec<Entry>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub key: String,
    /// File position of the key.
    pub key_at: Position,
    pub value: Node,
}

impl Node {
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.entry(key).map(|e| &e.value)
    }

    pub fn entry(&self, key: &str) -> Option<&Entry> {
        match &self.value {
            Value::Map(entries) => entries.iter().find(|e| e.key == key),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_seq(&self) -> Option<&[Node]> {
        match &self.value {
            Value::Seq(items) => Some(items),
            _ => None,
        }
    }

    pub fn entries(&self) -> &[Entry] {
        match &self.value {
            Value::Map(entries) => entries,
            _ => &[],
        }
    }

    /// The scalar's text as it would read to a person: strings as they are, numbers and booleans
    /// in their source spelling where known (`1.0` stays `1.0`), else their canonical form.
    pub fn scalar_text(&self, yaml: &str) -> Option<String> {
        let source = self.span.and_then(|(s, e)| yaml.get(s..e)).map(str::trim);
        match &self.value {
            Value::Str(s) => Some(s.clone()),
            Value::Int(_) | Value::Float(_) | Value::Bool(_) => Some(match (source, &self.value) {
                (Some(text), _) if !text.is_empty() => text.to_string(),
                (_, Value::Int(i)) => i.to_string(),
                (_, Value::Float(f)) => f.to_string(),
                (_, Value::Bool(b)) => b.to_string(),
                _ => unreachable!(),
            }),
            _ => None,
        }
    }

    /// Finds the node and, when it is a mapping value, its key's position, for a JSON pointer.
    pub fn locate(&self, pointer: &str) -> Option<(Position, &Node)> {
        let mut node = self;
        let mut at = self.at;
        for token in pointer.split('/').skip(1) {
            let token = token.replace("~1", "/").replace("~0", "~");
            match &node.value {
                Value::Map(entries) => {
                    let entry = entries.iter().find(|e| e.key == token)?;
                    at = entry.key_at;
                    node = &entry.value;
                }
                Value::Seq(items) => {
                    node = items.get(token.parse::<usize>().ok()?)?;
                    at = node.at;
                }
                _ => return None,
            }
        }
        Some((at, node))
    }

    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::Value as J;
        match &self.value {
            Value::Null => J::Null,
            Value::Bool(b) => J::Bool(*b),
            Value::Int(i) => J::from(*i),
            Value::Float(f) => serde_json::Number::from_f64(*f).map(J::Number).unwrap_or_else(|| J::String(f.to_string())),
            Value::Str(s) => J::String(s.clone()),
            Value::Seq(items) => J::Array(items.iter().map(Node::to_json).collect()),
            Value::Map(entries) => J::Object(entries.iter().map(|e| (e.key.clone(), e.value.to_json())).collect()),
        }
    }

    pub fn kind(&self) -> &'static str {
        match &self.value {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Int(_) | Value::Float(_) => "number",
            Value::Str(_) => "string",
            Value::Seq(_) => "list",
            Value::Map(_) => "mapping",
        }
    }
}

/// Limits that keep a hostile file from expanding without end (the "billion laughs").
const MAX_REPLAYED_ALIAS_EVENTS: usize = 10_000;

/// Parses `yaml` (which starts on file line `first_line`) into a node tree. On failure every
/// problem found is pushed as a diagnostic and `None` is returned; nothing partial is handed on.
pub fn parse(file: &str, yaml: &str, first_line: u32, diagnostics: &mut Vec<Diagnostic>) -> Option<Node> {
    let mut options = serde_saphyr::options! {
        strict_booleans: true,
        with_snippet: false,
    };
    options.duplicate_keys = serde_saphyr::DuplicateKeyPolicy::Error;
    options.alias_limits.max_total_replayed_events = MAX_REPLAYED_ALIAS_EVENTS;
    options.alias_limits.max_alias_expansions_per_anchor = 1_000;

    match serde_saphyr::from_str_with_options::<Spanned<Raw>>(yaml, options) {
        Ok(root) => Some(convert(root, yaml, first_line)),
        Err(error) => {
            diagnostics.push(error_diagnostic(file, yaml, first_line, &error));
            None
        }
    }
}

fn error_diagnostic(file: &str, yaml: &str, first_line: u32, error: &serde_saphyr::Error) -> Diagnostic {
    use serde_saphyr::Error as E;
    let error = innermost(error);
    let at = error.location().filter(|l| l.line() > 0).map(|l| to_file_position(&l, first_line)).unwrap_or(Position::new(first_line, 1));
    let message = without_positions(&error.to_string());
    match error {
        E::DuplicateMappingKey { key, .. } => {
            let key = key.clone().unwrap_or_default();
            Diagnostic::error(Code::YamlDuplicateKey, file, at, format!("duplicate key `{key}` in the frontmatter"))
                .with_hint("keep one of the two entries; readers disagree on which one wins")
        }
        E::Budget { .. }
        | E::AliasReplayLimitExceeded { .. }
        | E::AliasExpansionLimitExceeded { .. }
        | E::AliasReplayStackDepthExceeded { .. }
        | E::AliasReplayCounterOverflow { .. } => {
            Diagnostic::error(Code::YamlAliasLimit, file, at, format!("YAML aliases expand past the safety limit: {message}"))
                .with_hint("write the values out instead of nesting anchors and aliases")
        }
        _ => {
            if let Some(tab) = tab_indent(yaml, first_line) {
                return Diagnostic::error(Code::YamlTabIndent, file, tab, "a tab is used for indentation; YAML allows only spaces")
                    .with_hint("replace the tab with spaces");
            }
            Diagnostic::error(Code::YamlSyntax, file, at, format!("the frontmatter is not valid YAML: {message}")).with_hint(
                "check quoting and indentation on this line; values containing `: ` or starting with `[`, `{`, `*` or `&` need quotes",
            )
        }
    }
}

/// The error that says what went wrong, out of the wrappers that add snippets or alias sites.
fn innermost(error: &serde_saphyr::Error) -> &serde_saphyr::Error {
    match error.without_snippet() {
        serde_saphyr::Error::AliasError { error, .. } => innermost(error),
        other => other,
    }
}

/// The parser's message without its own positions, which count from the start of the YAML rather
/// than the file and would contradict the diagnostic's.
fn without_positions(message: &str) -> String {
    let positions = regex::Regex::new(r"\s*\(?(?:defined |used )?at line \d+, column \d+\)?").expect("valid pattern");
    positions.replace_all(message, "").trim().to_string()
}

/// The first tab inside a line's leading whitespace, if any.
fn tab_indent(yaml: &str, first_line: u32) -> Option<Position> {
    yaml.lines().enumerate().find_map(|(i, line)| {
        let indent_len = line.len() - line.trim_start_matches([' ', '\t']).len();
        line[..indent_len].find('\t').map(|col| Position::new(first_line + i as u32, col as u32 + 1))
    })
}

fn to_file_position(location: &Location, first_line: u32) -> Position {
    Position::new(location.line() as u32 + first_line - 1, location.column() as u32)
}

fn convert(spanned: Spanned<Raw>, yaml: &str, first_line: u32) -> Node {
    let location = spanned.referenced;
    let at = to_file_position(&location, first_line);
    let span = location.span();
    let span = match (span.byte_offset(), span.byte_len()) {
        (Some(start), Some(len)) => Some((start as usize, (start + len) as usize)),
        _ => None,
    };
    let value = match spanned.value {
        Raw::Null => Value::Null,
        Raw::Bool(b) => Value::Bool(b),
        Raw::Int(_) | Raw::Float(_) if !core_number(span.and_then(|(s, e)| yaml.get(s..e)).unwrap_or("0")) => {
            Value::Str(span.and_then(|(s, e)| yaml.get(s..e)).unwrap_or_default().trim().to_string())
        }
        Raw::Int(i) => Value::Int(i),
        Raw::Float(f) => Value::Float(f),
        Raw::Str(s) => Value::Str(s),
        Raw::Seq(items) => Value::Seq(items.into_iter().map(|n| convert(n, yaml, first_line)).collect()),
        Raw::Map(entries) => Value::Map(
            entries
                .into_iter()
                .map(|(key, value)| Entry {
                    key: key.value.0,
                    key_at: to_file_position(&key.referenced, first_line),
                    value: convert(value, yaml, first_line),
                })
                .collect(),
        ),
    };
    Node { value, at, span }
}

/// Whether a plain scalar is a number in YAML 1.2's core schema, which the specification's
/// readers use. serde-saphyr also reads YAML 1.1 and extended spellings (`1_000`, `0b101`,
/// `+0x1F`) as numbers; to every other reader they are strings, so they are strings here too.
fn core_number(text: &str) -> bool {
    static CORE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let core = CORE.get_or_init(|| {
        regex::Regex::new(
            r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        )
        .expect("the core schema's number pattern compiles")
    });
    core.is_match(text.trim())
}

/// What serde-saphyr hands us, before positions are made file-relative.
enum Raw {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Seq(Vec<Spanned<Raw>>),
    Map(Vec<(Spanned<KeyText>, Spanned<Raw>)>),
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(RawVisitor)
    }
}

struct RawVisitor;

impl<'de> Visitor<'de> for RawVisitor {
    type Value = Raw;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any YAML value")
    }
    fn visit_unit<E>(self) -> Result<Raw, E> {
        Ok(Raw::Null)
    }
    fn visit_none<E>(self) -> Result<Raw, E> {
        Ok(Raw::Null)
    }
    fn visit_bool<E>(self, v: bool) -> Result<Raw, E> {
        Ok(Raw::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Raw, E> {
        Ok(Raw::Int(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Raw, E> {
        Ok(i64::try_from(v).map(Raw::Int).unwrap_or(Raw::Float(v as f64)))
    }
    fn visit_i128<E>(self, v: i128) -> Result<Raw, E> {
        Ok(i64::try_from(v).map(Raw::Int).unwrap_or(Raw::Float(v as f64)))
    }
    fn visit_u128<E>(self, v: u128) -> Result<Raw, E> {
        Ok(i64::try_from(v).map(Raw::Int).unwrap_or(Raw::Float(v as f64)))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Raw, E> {
        Ok(Raw::Float(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Raw, E> {
        Ok(Raw::Str(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Raw, E> {
        Ok(Raw::Str(v))
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Raw, E> {
        Ok(Raw::Str(String::from_utf8_lossy(v).into_owned()))
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Raw, D::Error> {
        Raw::deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Raw, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Spanned<Raw>>()? {
            items.push(item);
        }
        Ok(Raw::Seq(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Raw, A::Error> {
        let mut entries = Vec::new();
        while let Some(key) = map.next_key::<Spanned<KeyText>>()? {
            let value = map.next_value::<Spanned<Raw>>()?;
            entries.push((key, value));
        }
        Ok(Raw::Map(entries))
    }
}

/// A mapping key as text: frontmatter keys are names, so numbers and booleans are read as their
/// spelling rather than refused.
struct KeyText(String);

impl<'de> Deserialize<'de> for KeyText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = KeyText;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a scalar mapping key")
            }
            fn visit_str<E>(self, v: &str) -> Result<KeyText, E> {
                Ok(KeyText(v.to_string()))
            }
            fn visit_string<E>(self, v: String) -> Result<KeyText, E> {
                Ok(KeyText(v))
            }
            fn visit_bool<E>(self, v: bool) -> Result<KeyText, E> {
                Ok(KeyText(v.to_string()))
            }
            fn visit_i64<E>(self, v: i64) -> Result<KeyText, E> {
                Ok(KeyText(v.to_string()))
            }
            fn visit_u64<E>(self, v: u64) -> Result<KeyText, E> {
                Ok(KeyText(v.to_string()))
            }
            fn visit_f64<E>(self, v: f64) -> Result<KeyText, E> {
                Ok(KeyText(v.to_string()))
            }
            fn visit_unit<E>(self) -> Result<KeyText, E> {
                Ok(KeyText("null".into()))
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_ok(yaml: &str) -> Node {
        let mut d = Vec::new();
        let node = parse("f", yaml, 2, &mut d);
        assert!(d.is_empty(), "{d:?}");
        node.unwrap()
    }

    #[test]
    fn only_yaml_1_2_core_spellings_are_numbers() {
        let node = parse_ok("a: 1_000\nb: 0b101\nc: +0x1F\nd: -0o17\ne: 0x1_F\nf: 42\ng: -1.5e3\nh: 0x1F\ni: 0o17\nk: '7'\n");
        let value = |key: &str| node.entries().iter().find(|e| e.key == key).unwrap().value.value.clone();
        for (key, text) in [("a", "1_000"), ("b", "0b101"), ("c", "+0x1F"), ("d", "-0o17"), ("e", "0x1_F"), ("k", "7")] {
            assert_eq!(value(key), Value::Str(text.into()), "{key}");
        }
        assert_eq!(value("f"), Value::Int(42));
        assert_eq!(value("g"), Value::Float(-1500.0));
        assert_eq!(value("h"), Value::Int(31));
        assert_eq!(value("i"), Value::Int(15));
    }

    fn parse_err(yaml: &str) -> Diagnostic {
        let mut d = Vec::new();
        assert!(parse("f", yaml, 2, &mut d).is_none());
        assert_eq!(d.len(), 1);
        d.remove(0)
    }

    #[test]
    fn keys_and_values_carry_file_positions() {
        let node = parse_ok("name: a\nmetadata:\n  version: 1.0\n");
        let (at, value) = node.locate("/metadata/version").unwrap();
        assert_eq!(at, Position::new(4, 3));
        assert_eq!(value.value, Value::Float(1.0));
        assert_eq!(value.scalar_text("name: a\nmetadata:\n  version: 1.0\n").as_deref(), Some("1.0"));
        assert_eq!(node.locate("/name").unwrap().0, Position::new(2, 1));
    }

    #[test]
    fn yaml_1_2_keeps_yes_and_dates_as_strings() {
        let node = parse_ok("a: yes\nb: 2026-03-05\nc: 'true'\n");
        assert_eq!(node.get("a").unwrap().value, Value::Str("yes".into()));
        assert_eq!(node.get("b").unwrap().value, Value::Str("2026-03-05".into()));
        assert_eq!(node.get("c").unwrap().value, Value::Str("true".into()));
    }

    #[test]
    fn duplicate_keys_are_refused_at_the_second() {
        let d = parse_err("name: a\ndescription: x\nname: b\n");
        assert_eq!(d.code, Code::YamlDuplicateKey);
        assert_eq!(d.line, 4);
    }

    #[test]
    fn nested_duplicate_keys_are_refused() {
        let d = parse_err("metadata:\n  a: x\n  a: y\n");
        assert_eq!(d.code, Code::YamlDuplicateKey);
    }

    #[test]
    fn alias_bomb_is_bounded() {
        let mut yaml = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for (i, prev) in ["a", "b", "c", "d", "e", "f", "g", "h"].iter().enumerate() {
            let name = (b'b' + i as u8) as char;
            yaml.push_str(&format!(
                "{name}: &{name} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"
            ));
        }
        let d = parse_err(&yaml);
        assert_eq!(d.code, Code::YamlAliasLimit, "{d:?}");
    }

    #[test]
    fn tabs_in_indentation_are_named() {
        let d = parse_err("metadata:\n\tversion: x\n");
        assert_eq!(d.code, Code::YamlTabIndent);
        assert_eq!((d.line, d.column), (3, 1));
    }

    #[test]
    fn syntax_errors_point_into_the_file() {
        let d = parse_err("name: a\ndescription: \"open\n");
        assert_eq!(d.code, Code::YamlSyntax);
        assert!(d.line >= 3, "{d:?}");
    }

    #[test]
    fn parser_positions_are_removed_from_messages() {
        assert_eq!(without_positions("did not find expected key at line 3, column 9"), "did not find expected key");
        assert_eq!(without_positions("x at line 1, column 2 (defined at line 3, column 7) (used at line 4, column 36)"), "x");
    }

    #[test]
    fn json_conversion_keeps_order() {
        let node = parse_ok("b: 1\na: [x, true]\n");
        assert_eq!(node.to_json().to_string(), r#"{"b":1,"a":["x",true]}"#);
    }
}
