//! The JSON Schemas in `schemas/` and the translation of their errors into diagnostics that point
//! into the YAML the user wrote.

use crate::diagnostic::{Code, Diagnostic};
use crate::profile::Profile;
use crate::yaml::Node;
use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::Validator;

/// The schema files, embedded so that the binary never reads or fetches them at run time.
pub const FILES: &[(&str, &str)] = &[
    ("skill-frontmatter.agentskills.schema.json", include_str!("../../../schemas/skill-frontmatter.agentskills.schema.json")),
    ("skill-frontmatter.claude-code.schema.json", include_str!("../../../schemas/skill-frontmatter.claude-code.schema.json")),
    ("skill-frontmatter.codex.schema.json", include_str!("../../../schemas/skill-frontmatter.codex.schema.json")),
    ("skill-frontmatter.legacy.schema.json", include_str!("../../../schemas/skill-frontmatter.legacy.schema.json")),
    ("agent-frontmatter.schema.json", include_str!("../../../schemas/agent-frontmatter.schema.json")),
    ("skillhouse-config.schema.json", include_str!("../../../schemas/skillhouse-config.schema.json")),
    ("a2a-agent-card-1.0.schema.json", include_str!("../../../schemas/a2a-agent-card-1.0.schema.json")),
    ("validate-report.schema.json", include_str!("../../../schemas/validate-report.schema.json")),
    ("well-known-skills-index.schema.json", include_str!("../../../schemas/well-known-skills-index.schema.json")),
    ("claude-code-marketplace.schema.json", include_str!("../../../schemas/claude-code-marketplace.schema.json")),
    ("ai-catalog.schema.json", include_str!("../../../schemas/ai-catalog.schema.json")),
    ("extracted-skills-registry.schema.json", include_str!("../../../schemas/extracted-skills-registry.schema.json")),
    ("component-counts.schema.json", include_str!("../../../schemas/component-counts.schema.json")),
    ("registry.schema.json", include_str!("../../../schemas/registry.schema.json")),
];

pub fn text(file: &str) -> &'static str {
    FILES.iter().find(|(name, _)| *name == file).map(|(_, text)| *text).unwrap_or_else(|| panic!("no embedded schema {file}"))
}

pub fn json(file: &str) -> serde_json::Value {
    serde_json::from_str(text(file)).unwrap_or_else(|e| panic!("embedded schema {file} is not JSON: {e}"))
}

/// What a frontmatter document is, which decides the schema it answers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    Skill(Profile),
    Agent,
    Config,
}

impl Subject {
    pub fn schema_file(self) -> &'static str {
        match self {
            Subject::Skill(Profile::AgentSkills) => "skill-frontmatter.agentskills.schema.json",
            Subject::Skill(Profile::ClaudeCode) => "skill-frontmatter.claude-code.schema.json",
            Subject::Skill(Profile::Codex) => "skill-frontmatter.codex.schema.json",
            Subject::Skill(Profile::Legacy) => "skill-frontmatter.legacy.schema.json",
            Subject::Agent => "agent-frontmatter.schema.json",
            Subject::Config => "skillhouse-config.schema.json",
        }
    }
}

/// Compiled validators, built once per load and shared across threads.
pub struct Schemas {
    skills: [Validator; 4],
    agent: Validator,
    config: Validator,
}

fn compile(file: &str) -> Validator {
    jsonschema::draft202012::new(&json(file)).unwrap_or_else(|e| panic!("embedded schema {file} does not compile: {e}"))
}

impl Default for Schemas {
    fn default() -> Self {
        Self::new()
    }
}

impl Schemas {
    pub fn new() -> Self {
        Schemas {
            skills: Profile::ALL.map(|p| compile(Subject::Skill(p).schema_file())),
            agent: compile(Subject::Agent.schema_file()),
            config: compile(Subject::Config.schema_file()),
        }
    }

    fn validator(&self, subject: Subject) -> &Validator {
        match subject {
            Subject::Skill(p) => &self.skills[p as usize],
            Subject::Agent => &self.agent,
            Subject::Config => &self.config,
        }
    }

    pub fn is_valid(&self, subject: Subject, instance: &serde_json::Value) -> bool {
        self.validator(subject).is_valid(instance)
    }

    /// Validates a frontmatter tree; each schema error becomes a diagnostic at the key it concerns.
    pub fn check(&self, subject: Subject, file: &str, root: &Node, diagnostics: &mut Vec<Diagnostic>) {
        let instance = root.to_json();
        let mut found: Vec<Diagnostic> = Vec::new();
        for error in self.validator(subject).iter_errors(&instance) {
            let pointer = error.instance_path().as_str().to_string();
            found.extend(translate(subject, file, root, &pointer, error.kind()));
        }
        // A too-long name also fails the pattern; the length is the useful part.
        let length_pointers: Vec<String> =
            found.iter().filter(|d| matches!(d.code, Code::NameLength)).filter_map(|d| d.pointer.clone()).collect();
        found.retain(|d| !(d.code == Code::NameFormat && d.pointer.as_ref().is_some_and(|p| length_pointers.contains(p))));
        diagnostics.extend(found);
    }
}

fn field_name(pointer: &str) -> String {
    pointer.trim_start_matches('/').replace('/', ".")
}

fn translate(subject: Subject, file: &str, root: &Node, pointer: &str, kind: &ValidationErrorKind) -> Vec<Diagnostic> {
    let (at, node) = root.locate(pointer).unwrap_or((root.at, root));
    let field = field_name(pointer);
    let chars = node.as_str().map(|s| s.chars().count()).unwrap_or(0);
    let located = |code: Code, message: String| Diagnostic::error(code, file, at, message).with_pointer(pointer);
    match kind {
        ValidationErrorKind::Required { property } => {
            let property = property.as_str().unwrap_or_default().to_string();
            let child = format!("{pointer}/{property}");
            let hint = match (subject, property.as_str()) {
                (_, "description") => "add `description:` saying what it does and when to use it".to_string(),
                (Subject::Skill(_), "name") => "add `name:` equal to the skill's directory name".to_string(),
                _ => format!("add `{property}:`"),
            };
            let place = if pointer.is_empty() { "the frontmatter".to_string() } else { format!("`{field}`") };
            vec![Diagnostic::error(Code::FieldRequired, file, at, format!("{place} has no `{property}`, which is required"))
                .with_pointer(child)
                .with_hint(hint)]
        }
        ValidationErrorKind::AdditionalProperties { unexpected } => unexpected
            .iter()
            .map(|key| {
                let child = format!("{pointer}/{}", key.replace('~', "~0").replace('/', "~1"));
                let key_at = root.locate(&child).map(|(p, _)| p).unwrap_or(at);
                let hint = match subject {
                    Subject::Skill(Profile::AgentSkills) => {
                        "move it under `metadata` (string values), or select a profile that allows it (claude-code, codex, legacy)"
                    }
                    Subject::Skill(_) => "remove it or move it under `metadata`",
                    _ => "remove it or check its spelling",
                };
                let place = if pointer.is_empty() { String::new() } else { format!(" in `{field}`") };
                Diagnostic::error(Code::FieldUnknown, file, key_at, format!("`{key}` is not a field{place} this profile allows"))
                    .with_pointer(child)
                    .with_hint(hint)
            })
            .collect(),
        ValidationErrorKind::Type { kind } => {
            let expected = match kind {
                TypeKind::Single(t) => t.to_string(),
                TypeKind::Multiple(set) => set.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" or "),
            };
            let hint = if field == "allowed-tools" && node.as_seq().is_some() {
                "write the tools as one space-separated string, e.g. `allowed-tools: Read Grep`, or select the legacy or claude-code profile".to_string()
            } else {
                format!("write `{field}` as a {}", expected.replace("object", "mapping").replace("array", "list"))
            };
            vec![located(Code::FieldType, format!("`{field}` must be a {expected}, not a {}", node.kind())).with_hint(hint)]
        }
        ValidationErrorKind::OneOfNotValid { .. } | ValidationErrorKind::AnyOf { .. } => {
            vec![located(Code::FieldType, format!("`{field}` has the wrong type ({})", node.kind()))
                .with_hint("see the schema for the accepted forms")]
        }
        ValidationErrorKind::Pattern { .. } if field == "name" && matches!(subject, Subject::Skill(_)) => {
            vec![located(
                Code::NameFormat,
                format!(
                    "`name` {:?} may use only lowercase a-z, 0-9 and single hyphens, not at either end",
                    node.as_str().unwrap_or_default()
                ),
            )
            .with_hint(format!("try `{}`", suggest_name(node.as_str().unwrap_or_default())))]
        }
        ValidationErrorKind::MinLength { .. } | ValidationErrorKind::MaxLength { .. } => {
            let (code, limit) = match field.as_str() {
                "name" if matches!(subject, Subject::Skill(_)) => (Code::NameLength, "1 to 64"),
                "description" if matches!(subject, Subject::Skill(_)) => (Code::DescriptionLength, "1 to 1024"),
                "compatibility" => (Code::CompatibilityLength, "1 to 500"),
                _ => (Code::FieldInvalid, "a different number of"),
            };
            vec![located(code, format!("`{field}` must have {limit} characters; it has {chars}")).with_hint(
                match (chars, field.as_str()) {
                    (0, "name" | "description") => format!("write a value for `{field}`; it is required"),
                    (0, _) => format!("write a value for `{field}` or remove it"),
                    _ => format!("shorten `{field}`"),
                },
            )]
        }
        ValidationErrorKind::Enum { options } => {
            vec![located(Code::FieldInvalid, format!("`{field}` must be one of {options}")).with_hint("pick one of the listed values")]
        }
        other => vec![located(Code::FieldInvalid, format!("`{field}` is invalid: {}", describe(other)))
            .with_hint(format!("see `schemas/{}` for what `{field}` accepts", subject.schema_file()))],
    }
}

fn describe(kind: &ValidationErrorKind) -> String {
    match kind {
        ValidationErrorKind::Minimum { limit } => format!("must be at least {limit}"),
        ValidationErrorKind::Maximum { limit } => format!("must be at most {limit}"),
        ValidationErrorKind::Pattern { pattern } => format!("must match {pattern}"),
        ValidationErrorKind::MinItems { limit } => format!("needs at least {limit} entries"),
        _ => "does not match the schema".to_string(),
    }
}

/// A name that follows the rules, derived from one that does not.
pub fn suggest_name(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_matches('-').chars().take(64).collect::<String>();
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "my-skill".into()
    } else {
        out
    }
}
