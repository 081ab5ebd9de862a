//! Builds an agent's A2A 1.0 AgentCard from its definition, the skills it lists and the card
//! settings, recording where every value came from.
//!
//! Skill fields that the frontmatter of the open specification has no place for (tags, examples,
//! modes) are looked up in this order, first found wins:
//! 1. the skill's `metadata` (`tags`, `examples`, `input-modes`, `output-modes`; lists are written
//!    comma-separated, examples `|`-separated, so the skill stays valid under `agentskills`);
//! 2. the sidecar file `agents/a2a.yaml` in the skill folder (YAML lists under `tags`, `examples`,
//!    `input_modes`, `output_modes`), as Codex keeps `agents/openai.yaml`;
//! 3. `cards.skill_defaults` in `skillhouse.yaml`.
//!
//! Modes found nowhere are left out: the card's default modes then apply to the skill.

use super::config::{CardFields, CardSettings};
use crate::agent::Agent;
use crate::catalogue::Catalogue;
use crate::diagnostic::{Code, Diagnostic, Position};
use crate::document;
use crate::settings;
use crate::skill::Skill;
use crate::yaml::{self, Node, Value as YamlValue};
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::path::Path;

pub const SIDECAR: &str = "agents/a2a.yaml";
pub const DEFAULT_MODES: &[&str] = &["text/plain"];

/// Where a value of the card came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
pub enum SourceKind {
    /// The agent definition (`agents/<name>.md`).
    Agent,
    /// A skill's frontmatter (`name`, `description`).
    SkillFrontmatter,
    SkillMetadata,
    Sidecar,
    /// `cards.skill_defaults` in skillhouse.yaml.
    CatalogueDefaults,
    /// `cards.<field>` in skillhouse.yaml.
    CardSettings,
    /// `cards.agents.<agent>.<field>` in skillhouse.yaml.
    AgentSettings,
    /// `provider` in skillhouse.yaml.
    Provider,
    /// Skillhouse's own default, used when nothing else says.
    BuiltIn,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct ValueSource {
    /// JSON pointer into the 1.0 card.
    pub pointer: String,
    pub source: SourceKind,
    /// Catalogue-relative file and 1-based line the value was read from (empty for built-ins).
    pub file: String,
    pub line: u32,
}

/// A skill as the card shows it, with what the checks need to point back at its files.
#[derive(Debug, Clone, PartialEq)]
pub struct CardSkill {
    pub id: String,
    pub file: String,
    /// Line of the entry in the agent's `skills:` list that put the skill on the card.
    pub agent_line: u32,
    pub description: String,
    pub description_line: u32,
    pub tags: Vec<String>,
    pub tags_line: u32,
    pub examples: Vec<String>,
    pub examples_line: u32,
    pub modes_file: String,
    pub token_budget: u64,
    pub version: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Generated {
    pub agent: String,
    pub agent_file: String,
    pub card: Value,
    pub sources: Vec<ValueSource>,
    pub skills: Vec<CardSkill>,
    pub publish: bool,
    /// Problems found while collecting values (missing settings, unavailable skills).
    pub diagnostics: Vec<Diagnostic>,
}

/// The card settings with the YAML they were read from, for positions.
pub struct CardContext<'a> {
    pub catalogue: &'a Catalogue,
    pub settings: CardSettings,
    settings_node: Option<Node>,
}

impl<'a> CardContext<'a> {
    /// Reads the `cards:` settings of a loaded catalogue. Problems in them were reported when the
    /// catalogue loaded (config schema); here an unreadable section means no card settings.
    pub fn new(catalogue: &'a Catalogue) -> Self {
        let settings = serde_json::from_value(catalogue.settings.cards.clone()).unwrap_or_default();
        let settings_node = read_settings_node(&catalogue.root);
        CardContext { catalogue, settings, settings_node }
    }

    fn settings_line(&self, pointer: &str) -> Option<u32> {
        self.settings_node.as_ref()?.locate(pointer).map(|(at, _)| at.line)
    }

    fn fields_for(&self, agent: &str) -> CardFields {
        match self.settings.agents.get(agent) {
            Some(own) => own.over(&self.settings.card),
            None => self.settings.card.clone(),
        }
    }

    /// Where a card-level setting came from: the agent's override, else the catalogue's.
    fn field_source(&self, agent: &str, field: &str, card_pointer: &str) -> Option<ValueSource> {
        let own = format!("/cards/agents/{}/{field}", escape(agent));
        let (source, line) = match self.settings_line(&own) {
            Some(line) => (SourceKind::AgentSettings, line),
            None => (SourceKind::CardSettings, self.settings_line(&format!("/cards/{field}"))?),
        };
        Some(ValueSource { pointer: card_pointer.into(), source, file: settings::FILE_NAME.into(), line })
    }

    pub fn generate(&self, agent: &Agent) -> Generated {
        let mut out = Generated {
            agent: agent.name.clone(),
            agent_file: agent.file.clone(),
            card: Value::Null,
            sources: Vec::new(),
            skills: Vec::new(),
            publish: false,
            diagnostics: Vec::new(),
        };
        let name = &agent.name;
        let fields = self.fields_for(name);
        out.publish = fields.publish.unwrap_or(false);
        let mut card = Map::new();
        let agent_source =
            |pointer: &str, line: u32| ValueSource { pointer: pointer.into(), source: SourceKind::Agent, file: agent.file.clone(), line };
        card.insert("name".into(), json!(name));
        out.sources.push(agent_source("/name", agent.name_line));
        card.insert("description".into(), json!(agent.description));
        out.sources.push(agent_source("/description", agent.description_line));

        let missing = |field: &str, what: &str| {
            Diagnostic::error(Code::CardFieldMissing, &agent.file, Position::START, format!("the card of `{name}` has no {what}"))
                .with_pointer(format!("/{field}"))
        };
        match &fields.version {
            Some(version) => {
                card.insert("version".into(), json!(version));
                out.sources.extend(self.field_source(name, "version", "/version"));
            }
            None => out.diagnostics.push(
                missing("version", "version")
                    .with_hint(format!("set `cards.version`, or `cards.agents.{name}.version`, in skillhouse.yaml (e.g. \"1.0.0\")")),
            ),
        }
        if let Some(provider) = &self.catalogue.settings.provider {
            card.insert("provider".into(), json!({"organization": provider.organization, "url": provider.url}));
            if let Some(line) = self.settings_line("/provider") {
                out.sources.push(ValueSource {
                    pointer: "/provider".into(),
                    source: SourceKind::Provider,
                    file: settings::FILE_NAME.into(),
                    line,
                });
            }
        }
        let interfaces: Vec<Value> = fields
            .interfaces
            .iter()
            .flatten()
            .map(|i| {
                let mut v = json!({
                    "url": i.url.replace("{agent}", name),
                    "protocolBinding": i.binding,
                    "protocolVersion": i.protocol_version,
                });
                if let Some(tenant) = &i.tenant {
                    v["tenant"] = json!(tenant);
                }
                v
            })
            .collect();
        if interfaces.is_empty() {
            out.diagnostics.push(
                missing("supportedInterfaces", "interface (no URL at which callers reach the agent)").with_hint(
                    "add `cards.interfaces: [{url: \"https://agents.example.com/{agent}\", binding: JSONRPC}]` to skillhouse.yaml",
                ),
            );
        } else {
            out.sources.extend(self.field_source(name, "interfaces", "/supportedInterfaces"));
        }
        card.insert("supportedInterfaces".into(), Value::Array(interfaces));

        let mut capabilities = Map::new();
        if let Some(c) = &fields.capabilities {
            let flags =
                [("streaming", c.streaming), ("pushNotifications", c.push_notifications), ("extendedAgentCard", c.extended_agent_card)];
            for (key, flag) in flags {
                if let Some(flag) = flag {
                    capabilities.insert(key.into(), json!(flag));
                }
            }
            if !c.extensions.is_empty() {
                capabilities.insert("extensions".into(), json!(c.extensions));
            }
            out.sources.extend(self.field_source(name, "capabilities", "/capabilities"));
        }
        card.insert("capabilities".into(), Value::Object(capabilities));

        for (field, key) in [("default_input_modes", "defaultInputModes"), ("default_output_modes", "defaultOutputModes")] {
            let modes = if field == "default_input_modes" { &fields.default_input_modes } else { &fields.default_output_modes };
            let pointer = format!("/{key}");
            match modes {
                Some(modes) => {
                    card.insert(key.into(), json!(modes));
                    out.sources.extend(self.field_source(name, field, &pointer));
                }
                None => {
                    card.insert(key.into(), json!(DEFAULT_MODES));
                    out.sources.push(ValueSource { pointer, source: SourceKind::BuiltIn, file: String::new(), line: 0 });
                }
            }
        }
        for (field, key, value) in
            [("documentation_url", "documentationUrl", &fields.documentation_url), ("icon_url", "iconUrl", &fields.icon_url)]
        {
            if let Some(url) = value {
                card.insert(key.into(), json!(url));
                out.sources.extend(self.field_source(name, field, &format!("/{key}")));
            }
        }
        if let Some(schemes) = &fields.security_schemes {
            card.insert("securitySchemes".into(), json!(schemes));
            out.sources.extend(self.field_source(name, "security_schemes", "/securitySchemes"));
        }
        if let Some(requirements) = &fields.security_requirements {
            let list: Vec<Value> = requirements
                .iter()
                .map(|r| {
                    let schemes: Map<String, Value> = r.iter().map(|(k, scopes)| (k.clone(), json!({"list": scopes}))).collect();
                    json!({"schemes": schemes})
                })
                .collect();
            card.insert("securityRequirements".into(), Value::Array(list));
            out.sources.extend(self.field_source(name, "security_requirements", "/securityRequirements"));
        }

        let mut skills = Vec::new();
        if agent.skills.is_empty() {
            out.diagnostics.push(
                Diagnostic::error(
                    Code::CardFieldMissing,
                    &agent.file,
                    Position::START,
                    format!("`{name}` lists no skills, and a card needs at least one"),
                )
                .with_pointer("/skills")
                .with_hint("list the agent's skills under `skills:` in its frontmatter"),
            );
        }
        for reference in &agent.skills {
            let at = Position::new(reference.line, reference.column);
            let Some(skill) = self.catalogue.skill(&reference.name) else {
                continue; // agent.unknown-skill already says so, at this very entry
            };
            let index = skills.len();
            if skill.has_errors() {
                let count = skill.diagnostics.iter().filter(|d| d.is_error()).count();
                out.diagnostics.push(
                    Diagnostic::error(
                        Code::CardSkillUnavailable,
                        &agent.file,
                        at,
                        format!("skill `{}` has {count} error(s), so the agent cannot be given it", skill.name),
                    )
                    .with_pointer(format!("/skills/{index}"))
                    .with_hint(format!("fix the errors in {} first", skill.file())),
                );
            }
            let (entry, mut info, sources) = self.skill_entry(skill, index, &mut out.diagnostics);
            info.agent_line = at.line;
            skills.push(entry);
            out.skills.push(info);
            out.sources.extend(sources);
        }
        card.insert("skills".into(), Value::Array(skills));
        out.card = Value::Object(card);
        out
    }

    fn skill_entry(&self, skill: &Skill, index: usize, diagnostics: &mut Vec<Diagnostic>) -> (Value, CardSkill, Vec<ValueSource>) {
        let file = skill.file();
        let base = format!("/skills/{index}");
        let mut sources = vec![
            ValueSource { pointer: format!("{base}/id"), source: SourceKind::SkillFrontmatter, file: file.clone(), line: skill.name_line },
            ValueSource {
                pointer: format!("{base}/description"),
                source: SourceKind::SkillFrontmatter,
                file: file.clone(),
                line: skill.description_line,
            },
        ];
        let metadata = read_metadata(&self.catalogue.root, skill, self.catalogue.settings.limits.max_file_bytes);
        let sidecar = read_sidecar(&self.catalogue.root, skill, diagnostics);
        let defaults = &self.settings.skill_defaults;
        let mut lookup = |key: &str, sidecar_key: &str, card_key: &str, separator: char, default: &Option<Vec<String>>| {
            let pointer = format!("{base}/{card_key}");
            if let Some((values, line)) = metadata.as_ref().and_then(|m| m.list(key, separator)) {
                sources.push(ValueSource { pointer, source: SourceKind::SkillMetadata, file: file.clone(), line });
                return Some((values, file.clone(), line));
            }
            if let Some((values, line)) = sidecar.as_ref().and_then(|s| s.list(sidecar_key, separator)) {
                let sidecar_file = format!("{}/{SIDECAR}", skill.dir);
                sources.push(ValueSource { pointer, source: SourceKind::Sidecar, file: sidecar_file.clone(), line });
                return Some((values, sidecar_file, line));
            }
            let values = default.clone()?;
            let line = self.settings_line(&format!("/cards/skill_defaults/{sidecar_key}")).unwrap_or(1);
            sources.push(ValueSource { pointer, source: SourceKind::CatalogueDefaults, file: settings::FILE_NAME.into(), line });
            Some((values, settings::FILE_NAME.to_string(), line))
        };
        let tags = lookup("tags", "tags", "tags", ',', &defaults.tags);
        let examples = lookup("examples", "examples", "examples", '|', &defaults.examples);
        let input = lookup("input-modes", "input_modes", "inputModes", ',', &defaults.input_modes);
        let output = lookup("output-modes", "output_modes", "outputModes", ',', &defaults.output_modes);

        let mut entry = Map::new();
        entry.insert("id".into(), json!(skill.name));
        entry.insert("name".into(), json!(skill.name));
        entry.insert("description".into(), json!(skill.description));
        entry.insert("tags".into(), json!(tags.as_ref().map(|t| t.0.clone()).unwrap_or_default()));
        for (key, value) in [("examples", &examples), ("inputModes", &input), ("outputModes", &output)] {
            if let Some((values, _, _)) = value {
                entry.insert(key.into(), json!(values));
            }
        }
        let budget = skill.token_budget.unwrap_or(self.catalogue.settings.budgets.l2);
        let version = metadata.as_ref().and_then(|m| m.text("version"));
        let info = CardSkill {
            id: skill.name.clone(),
            file: file.clone(),
            agent_line: 0,
            description: skill.description.clone(),
            description_line: skill.description_line,
            tags_line: tags.as_ref().map(|t| t.2).unwrap_or(skill.name_line),
            tags: tags.map(|t| t.0).unwrap_or_default(),
            examples_line: examples.as_ref().map(|e| e.2).unwrap_or(skill.name_line),
            examples: examples.map(|e| e.0).unwrap_or_default(),
            modes_file: input.or(output).map(|m| m.1).unwrap_or(file),
            token_budget: budget,
            version,
        };
        (Value::Object(entry), info, sources)
    }
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn read_settings_node(root: &Path) -> Option<Node> {
    let text = std::fs::read_to_string(root.join(settings::FILE_NAME)).ok()?;
    yaml::parse(settings::FILE_NAME, &text, 1, &mut Vec::new())
}

/// A YAML mapping with the text it came from, to read values as the author spelled them.
struct Fields {
    node: Node,
    yaml: String,
}

impl Fields {
    fn list(&self, key: &str, separator: char) -> Option<(Vec<String>, u32)> {
        let entry = self.node.entry(key)?;
        let values: Vec<String> = match &entry.value.value {
            YamlValue::Seq(items) => items.iter().filter_map(|i| i.scalar_text(&self.yaml)).collect(),
            _ => {
                entry.value.scalar_text(&self.yaml)?.split(separator).map(str::trim).filter(|t| !t.is_empty()).map(str::to_string).collect()
            }
        };
        Some((values, entry.key_at.line))
    }

    fn text(&self, key: &str) -> Option<String> {
        self.node.get(key)?.scalar_text(&self.yaml)
    }
}

fn read_metadata(root: &Path, skill: &Skill, limit: u64) -> Option<Fields> {
    let file = skill.file();
    let doc = document::read(&file, &root.join(&file), limit, &mut Vec::new())?;
    let node = doc.frontmatter.as_ref()?.get("metadata")?.clone();
    Some(Fields { node, yaml: doc.yaml().to_string() })
}

fn read_sidecar(root: &Path, skill: &Skill, diagnostics: &mut Vec<Diagnostic>) -> Option<Fields> {
    let file = format!("{}/{SIDECAR}", skill.dir);
    let text = std::fs::read_to_string(root.join(&file)).ok()?;
    let mut found = Vec::new();
    let node = yaml::parse(&file, &text, 1, &mut found);
    let node = match node {
        Some(node) if matches!(node.value, YamlValue::Map(_)) => Some(node),
        Some(node) => {
            found.push(
                Diagnostic::error(Code::CardSidecar, &file, node.at, "the card sidecar must be a mapping")
                    .with_hint("write `tags: [...]`, `examples: [...]`, `input_modes: [...]`, `output_modes: [...]`"),
            );
            None
        }
        None => None,
    };
    for d in found {
        let mut d = d;
        if d.code != Code::CardSidecar {
            // A YAML problem in the sidecar is a sidecar problem: the YAML codes speak of frontmatter.
            d.message = format!("card sidecar: {}", d.message.replace("the frontmatter", "the file"));
            d.code = Code::CardSidecar;
        }
        diagnostics.push(d);
    }
    if let Some(node) = &node {
        for entry in node.entries() {
            if !["tags", "examples", "input_modes", "output_modes"].contains(&entry.key.as_str()) {
                diagnostics.push(
                    Diagnostic::error(Code::CardSidecar, &file, entry.key_at, format!("`{}` is not a card sidecar field", entry.key))
                        .with_hint("the sidecar holds only `tags`, `examples`, `input_modes` and `output_modes`"),
                );
                continue;
            }
            let scalars = |n: &Node| n.scalar_text(&text).is_some();
            let fits = match &entry.value.value {
                YamlValue::Seq(items) => items.iter().all(scalars),
                _ => scalars(&entry.value),
            };
            if !fits {
                diagnostics.push(
                    Diagnostic::error(
                        Code::CardSidecar,
                        &file,
                        entry.key_at,
                        format!("`{}` in the card sidecar must be a list of strings", entry.key),
                    )
                    .with_hint(format!("write `{}: [first, second]`", entry.key)),
                );
            }
        }
    }
    node.map(|node| Fields { node, yaml: text })
}
