//! Skills as specification readers take them. A skill read under a looser profile (`legacy`,
//! `claude-code`, `codex`) can hold frontmatter that `skills-ref` and Google ADK's
//! `load_skill_from_dir` refuse: `allowed-tools` as a YAML list, keys outside the specification's
//! six, `metadata` values that are not strings. Exports meant for those readers name each such
//! skill ([`refusals`]); with `portable` they publish it rewritten in the specification's form
//! ([`rewrite`]). The catalogue itself is never changed: legacy keeps loading as it is.
//!
//! The rewrite keeps every value: `allowed-tools` becomes one space-separated string, a key
//! outside the specification moves under `metadata` as a string (a list or mapping as one JSON
//! string), and `metadata` values become strings. Every value is written double-quoted in block
//! style, which both strict readers take (strictyaml refuses flow collections); the body's bytes
//! follow unchanged.

use crate::schema::{Schemas, Subject};
use crate::skill::Skill;
use crate::Profile;
use serde_json::{Map, Value};

/// The specification's frontmatter fields, in the order a rewrite writes them.
const SPEC_FIELDS: &[&str] = &["name", "description", "license", "compatibility", "allowed-tools", "metadata"];

/// Who refuses such skills, for messages.
pub const SPEC_READERS: &str = "specification readers (skills-ref, Google ADK's load_skill_from_dir)";

/// A published skill that specification readers would refuse as the catalogue holds it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "ExportRefusal")]
pub struct Refusal {
    /// The skill's name (its folder in the export).
    pub skill: String,
    /// Its `SKILL.md`, relative to the catalogue.
    pub file: String,
    /// The profile it is read under here.
    pub profile: Profile,
    /// Why a specification reader refuses it, one short sentence each.
    pub reasons: Vec<String>,
    /// The export publishes it rewritten in the specification's form (portable frontmatter),
    /// which those readers take.
    pub rewritten: bool,
}

impl Refusal {
    /// The line `skillhouse export` prints.
    pub fn line(&self) -> String {
        let reasons = self.reasons.join("; ");
        if self.rewritten {
            format!("`{}` ({}) is published with portable frontmatter, as {SPEC_READERS} need it: {reasons}", self.skill, self.file)
        } else {
            format!(
                "`{}` ({}, `{}` profile) would be refused by {SPEC_READERS}: {reasons}; export with --portable (in the app: Publish portable frontmatter) to publish it in the specification's form",
                self.skill,
                self.file,
                self.profile.as_str()
            )
        }
    }
}

/// Why specification readers would refuse this skill's frontmatter; empty when they take it.
pub fn reasons(skill: &Skill, schemas: &Schemas) -> Vec<String> {
    if crate::stats::valid_under_agentskills(skill, schemas) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let Some(fields) = skill.frontmatter.as_object() else { return vec!["its frontmatter is not a mapping".into()] };
    for (key, value) in fields {
        match key.as_str() {
            "allowed-tools" if !value.is_string() => {
                out.push("`allowed-tools` is a list, not one space-separated string".into());
            }
            "metadata" => match value.as_object() {
                Some(map) => {
                    let odd: Vec<&str> = map.iter().filter(|(_, v)| !v.is_string()).map(|(k, _)| k.as_str()).collect();
                    if !odd.is_empty() {
                        out.push(format!("`metadata` values must be strings, and {} are not", ticked(&odd)));
                    }
                }
                None => out.push("`metadata` is not a mapping of strings".into()),
            },
            "name" | "description" | "license" | "compatibility" if !value.is_string() => {
                out.push(format!("`{key}` is not a string"));
            }
            k if !SPEC_FIELDS.contains(&k) => out.push(format!("`{k}` is not a specification field")),
            _ => {}
        }
    }
    if out.is_empty() {
        out.push("it does not pass the `agentskills` profile (`skillhouse validate --profile agentskills` says why)".into());
    }
    out
}

fn ticked(keys: &[&str]) -> String {
    keys.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
}

/// A value as the one string the specification wants: strings as they are, scalars in their
/// YAML spelling, lists and mappings as compact JSON.
fn as_string(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        Value::Bool(_) | Value::Number(_) => Some(value.to_string()),
        Value::Array(_) | Value::Object(_) => Some(value.to_string()),
    }
}

/// The frontmatter in the specification's form.
pub fn portable_frontmatter(frontmatter: &Map<String, Value>) -> Map<String, Value> {
    let mut out = Map::new();
    let mut metadata = Map::new();
    if let Some(Value::Object(own)) = frontmatter.get("metadata") {
        for (k, v) in own {
            if let Some(s) = as_string(v) {
                metadata.insert(k.clone(), Value::String(s));
            }
        }
    } else if let Some(other) = frontmatter.get("metadata").and_then(as_string) {
        metadata.insert("metadata".into(), Value::String(other));
    }
    for (key, value) in frontmatter {
        match key.as_str() {
            "metadata" => {}
            "allowed-tools" => {
                let entries: Vec<String> = match value {
                    Value::Array(items) => items.iter().filter_map(as_string).collect(),
                    other => as_string(other)
                        .map(|s| crate::toolkit::split_entries(&s).0.into_iter().map(|(e, _)| e).filter(|e| !e.is_empty()).collect())
                        .unwrap_or_default(),
                };
                out.insert(key.clone(), Value::String(entries.join(" ")));
            }
            k if SPEC_FIELDS.contains(&k) => {
                if let Some(s) = as_string(value) {
                    out.insert(key.clone(), Value::String(s));
                }
            }
            _ => {
                if let Some(s) = as_string(value) {
                    // A metadata key of the same name wins; the moved value keeps its place.
                    let moved = if metadata.contains_key(key) { format!("{key}-frontmatter") } else { key.clone() };
                    metadata.insert(moved, Value::String(s));
                }
            }
        }
    }
    if !metadata.is_empty() {
        out.insert("metadata".into(), Value::Object(metadata));
    }
    let mut ordered = Map::new();
    for field in SPEC_FIELDS {
        if let Some(v) = out.remove(*field) {
            ordered.insert((*field).into(), v);
        }
    }
    ordered
}

/// A key as YAML: plain when it cannot be mistaken for anything else, else double-quoted.
fn key(text: &str) -> String {
    let plain = !text.is_empty()
        && text.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && text.chars().next().is_some_and(|c| c.is_ascii_alphanumeric());
    if plain {
        text.to_string()
    } else {
        Value::String(text.into()).to_string()
    }
}

/// The frontmatter as YAML text, every value a double-quoted string (JSON's escapes are YAML's).
fn yaml_text(frontmatter: &Map<String, Value>, newline: &str) -> String {
    let mut out = String::new();
    for (k, v) in frontmatter {
        match v {
            Value::Object(map) => {
                out.push_str(&format!("{}:{newline}", key(k)));
                for (mk, mv) in map {
                    out.push_str(&format!("  {}: {mv}{newline}", key(mk)));
                }
            }
            other => out.push_str(&format!("{}: {other}{newline}", key(k))),
        }
    }
    out
}

/// `SKILL.md` text with its frontmatter in the specification's form and its body's bytes as
/// they were; `None` when the text has no frontmatter to rewrite, or the rewrite would still be
/// refused (a name the specification does not allow cannot be fixed by moving fields).
pub fn rewrite(text: &str, schemas: &Schemas) -> Option<String> {
    let mut ignored = Vec::new();
    let split = crate::source::split_frontmatter("", text, &mut ignored)?;
    let node = crate::yaml::parse("", split.yaml, split.yaml_line, &mut ignored)?;
    let Value::Object(frontmatter) = node.to_json() else { return None };
    let portable = portable_frontmatter(&frontmatter);
    if !schemas.is_valid(Subject::Skill(Profile::AgentSkills), &Value::Object(portable.clone())) {
        return None;
    }
    let newline = if split.yaml.contains("\r\n") { "\r\n" } else { "\n" };
    Some(format!("---{newline}{}---{newline}{}", yaml_text(&portable, newline), &text[split.body_offset..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEGACY: &str = "---\nname: cicd-pipeline-design\ndescription: Designs pipelines. Use when setting one up.\nallowed-tools: [Read, \"Bash(git:*)\"]\nmetadata:\n  token-budget: \"4500\"\n  tags: [ci, cd]\nagent_skills_framework:\n  enabled: true\n  capabilities: [pipeline-design]\nversion: 1.0\n---\n\n# Body\r\nkept  as   is\n";

    #[test]
    fn the_rewrite_moves_fields_under_metadata_and_keeps_the_body() {
        let out = rewrite(LEGACY, &Schemas::new()).expect("rewritten");
        let expected = "---\nname: \"cicd-pipeline-design\"\ndescription: \"Designs pipelines. Use when setting one up.\"\nallowed-tools: \"Read Bash(git:*)\"\nmetadata:\n  token-budget: \"4500\"\n  tags: \"[\\\"ci\\\",\\\"cd\\\"]\"\n  agent_skills_framework: \"{\\\"enabled\\\":true,\\\"capabilities\\\":[\\\"pipeline-design\\\"]}\"\n  version: \"1.0\"\n---\n\n# Body\r\nkept  as   is\n";
        assert_eq!(out, expected);
        // And it reads back as the specification's form.
        let mut d = Vec::new();
        let split = crate::source::split_frontmatter("", &out, &mut d).unwrap();
        let json = crate::yaml::parse("", split.yaml, 1, &mut d).unwrap().to_json();
        assert!(Schemas::new().is_valid(Subject::Skill(Profile::AgentSkills), &json), "{json}");
        assert_eq!(json["metadata"]["agent_skills_framework"], "{\"enabled\":true,\"capabilities\":[\"pipeline-design\"]}");
    }

    #[test]
    fn a_comma_separated_tools_string_becomes_space_separated() {
        let text = "---\nname: a\ndescription: Does a. Use when asked.\nallowed-tools: Read, Write,Edit\nwhen_to_use: later\n---\nBody\n";
        let out = rewrite(text, &Schemas::new()).unwrap();
        assert!(out.contains("allowed-tools: \"Read Write Edit\"\n"), "{out}");
        assert!(out.contains("metadata:\n  when_to_use: \"later\"\n"), "{out}");
    }

    #[test]
    fn a_name_the_specification_refuses_is_not_rewritten() {
        let text = "---\nname: Bad Name\ndescription: Does a. Use when asked.\nallowed-tools: [Read]\n---\nBody\n";
        assert_eq!(rewrite(text, &Schemas::new()), None);
        assert_eq!(rewrite("no frontmatter\n", &Schemas::new()), None);
    }

    #[test]
    fn a_moved_key_does_not_replace_a_metadata_key() {
        let mut fm = Map::new();
        fm.insert("name".into(), "a".into());
        fm.insert("metadata".into(), serde_json::json!({ "version": "2" }));
        fm.insert("version".into(), serde_json::json!(1));
        let out = portable_frontmatter(&fm);
        assert_eq!(Value::Object(out), serde_json::json!({ "name": "a", "metadata": { "version": "2", "version-frontmatter": "1" } }));
    }
}
