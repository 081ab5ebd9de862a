//! One skill: its model, and the rules that can be checked by looking at it alone.

use crate::diagnostic::{Code, Diagnostic, Position, Severity};
use crate::document::{self, Document};
use crate::files::{sha256_hex, FileStamp};
use crate::profile::Profile;
use crate::scan::{self, SkillDir};
use crate::schema::{Schemas, Subject};
use crate::source;
use crate::tokens;
use crate::toolkit::{self, ToolSpec, Toolkit};
use crate::yaml::{Node, Value};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A skill as the catalogue knows it. A skill whose file could not be parsed is still listed,
/// under its directory name, with the diagnostics that say why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Skill {
    pub name: String,
    /// Directory relative to the root, `/`-separated.
    pub dir: String,
    pub profile: Profile,
    /// Whether the frontmatter was read as a mapping (the fields below are then meaningful).
    pub parsed: bool,
    pub description: String,
    /// The frontmatter as JSON (an empty object when it could not be read).
    pub frontmatter: serde_json::Value,
    pub tags: Vec<String>,
    pub allowed_tools: Vec<String>,
    /// `metadata.token-budget`, which overrides the L2 budget for this skill.
    pub token_budget: Option<u64>,
    /// The Markdown body; empty when the skill came from the index (read the file instead).
    #[serde(skip)]
    pub body: String,
    /// Whether the body holds more than white space: kept by the index (the body is not), so
    /// exports that ask it give the same answer however the catalogue was read.
    #[serde(default)]
    pub has_body: bool,
    pub body_line: u32,
    /// File lines of the `name` and `description` keys, where later diagnostics point.
    pub name_line: u32,
    pub description_line: u32,
    pub resources: Vec<Resource>,
    pub nested_in: Option<String>,
    /// Symlinks in the catalogue through which this skill is also reached (see `scan`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// Token counts per disclosure level, once counted (see `tokens`).
    pub tokens: Option<tokens::Levels>,
    /// The skill's locale: declared (`metadata.locale`), else its locale folder's, else the
    /// catalogue's source locale (`translation`).
    #[serde(default)]
    pub locale: String,
    /// For a translation, the `SKILL.md` of its source (set with the catalogue-wide rules).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub translation_of: Option<String>,
    /// The level of each Markdown heading of the body, in order (kept by the index, which does
    /// not keep the body): a translation is compared with its source by them.
    #[serde(default)]
    pub headings: Vec<u8>,
    pub stamp: FileStamp,
    pub diagnostics: Vec<Diagnostic>,
}

pub use crate::scan::Resource;

impl Skill {
    pub fn file(&self) -> String {
        scan::join(&self.dir, scan::SKILL_FILE)
    }

    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// What counting reads of this skill, in the catalogue at `root`.
    pub fn disclosure<'a>(&'a self, root: &Path) -> tokens::Disclosure<'a> {
        tokens::Disclosure {
            dir: root.join(&self.dir),
            name: &self.name,
            description: &self.description,
            body: &self.body,
            resources: &self.resources,
        }
    }
}

/// Words the Anthropic platform reserves in skill names.
const RESERVED_WORDS: &[&str] = &["anthropic", "claude"];
/// Phrases that tell a model when to pick a skill.
const SHORT_DESCRIPTION: usize = 40;
const MAX_BODY_LINES: usize = 500;

pub struct Context<'a> {
    pub root: &'a Path,
    pub schemas: &'a Schemas,
    pub toolkit: &'a Toolkit,
    pub max_file_bytes: u64,
    pub translations: &'a crate::translation::Translations,
}

impl<'a> Context<'a> {
    /// What loading needs from the catalogue's settings.
    pub fn new(root: &'a Path, schemas: &'a Schemas, toolkit: &'a Toolkit, settings: &'a crate::settings::Settings) -> Context<'a> {
        Context { root, schemas, toolkit, max_file_bytes: settings.limits.max_file_bytes, translations: &settings.translations }
    }
}

pub fn load(cx: &Context<'_>, found: &SkillDir, profile: Profile) -> Skill {
    let mut diagnostics = Vec::new();
    let document = document::read(&found.file(), &found.path.join(scan::SKILL_FILE), cx.max_file_bytes, &mut diagnostics);
    build(cx, found, profile, document, diagnostics)
}

/// Checks unsaved text as if it were the skill's `SKILL.md` (the editor's drafts).
pub fn load_text(cx: &Context<'_>, found: &SkillDir, profile: Profile, text: &str) -> Skill {
    let mut diagnostics = Vec::new();
    let stamp = FileStamp { size: text.len() as u64, mtime_ns: 0, sha256: sha256_hex(text.as_bytes()) };
    let document = document::parse(&found.file(), text.as_bytes().to_vec(), stamp, &mut diagnostics);
    build(cx, found, profile, document, diagnostics)
}

fn build(cx: &Context<'_>, found: &SkillDir, profile: Profile, document: Option<Document>, mut diagnostics: Vec<Diagnostic>) -> Skill {
    let resources = found.resources.clone();
    let mut skill = Skill {
        name: found.dir_name().to_string(),
        dir: found.dir.clone(),
        profile,
        parsed: false,
        description: String::new(),
        frontmatter: serde_json::Value::Object(Default::default()),
        tags: Vec::new(),
        allowed_tools: Vec::new(),
        token_budget: None,
        body: String::new(),
        has_body: false,
        body_line: 1,
        name_line: 1,
        description_line: 1,
        resources,
        nested_in: found.parent.clone(),
        aliases: found.aliases.clone(),
        tokens: None,
        locale: cx.translations.source_locale.clone(),
        translation_of: None,
        headings: Vec::new(),
        stamp: FileStamp::default(),
        diagnostics: Vec::new(),
    };
    if let Some(document) = document {
        apply_document(cx, &mut skill, found, document, &mut diagnostics);
    }
    crate::diagnostic::sort(&mut diagnostics);
    skill.diagnostics = diagnostics;
    skill
}

fn apply_document(cx: &Context<'_>, skill: &mut Skill, found: &SkillDir, document: Document, diagnostics: &mut Vec<Diagnostic>) {
    let file = found.file();
    skill.stamp = document.stamp.clone();
    skill.body = document.body().to_string();
    skill.headings = crate::markdown::heading_levels(&skill.body);
    skill.has_body = !skill.body.trim().is_empty();
    skill.body_line = document.body_line;
    let Some(front) = &document.frontmatter else { return };
    skill.parsed = true;
    skill.frontmatter = front.to_json();
    skill.locale = cx.translations.locale_of(&skill.dir, &skill.frontmatter);
    cx.schemas.check(Subject::Skill(skill.profile), &file, front, diagnostics);

    if let Some(entry) = front.entry("name") {
        skill.name_line = entry.key_at.line;
        if let Some(name) = entry.value.as_str() {
            skill.name = name.to_string();
            check_name(&file, name, found.dir_name(), entry.key_at, skill.profile, diagnostics);
        }
    }
    if let Some(entry) = front.entry("description") {
        skill.description_line = entry.key_at.line;
        if let Some(description) = entry.value.as_str() {
            skill.description = description.to_string();
            check_description(&file, description, &skill.locale, entry.key_at, diagnostics);
        }
    }
    let yaml = document.yaml();
    if let Some(metadata) = front.get("metadata") {
        check_metadata(&file, metadata, yaml, diagnostics);
        skill.tags = metadata.get("tags").map(|t| list_or_csv(t, yaml)).unwrap_or_default();
        skill.token_budget = token_budget(&file, metadata, yaml, diagnostics);
    }
    if let Some(entry) = front.entry("allowed-tools") {
        skill.allowed_tools =
            check_tools(&file, "/allowed-tools", &entry.value, entry.key_at, yaml, cx.toolkit, ToolOwner::Skill, diagnostics);
    }
    check_body(&file, &found.path, &document, &skill.resources, diagnostics);
}

fn check_name(file: &str, name: &str, dir_name: &str, at: Position, profile: Profile, diagnostics: &mut Vec<Diagnostic>) {
    if name.is_empty() {
        return; // the schema reports it; comparing an empty name with the folder says nothing more
    }
    if name != dir_name {
        let severity = if profile == Profile::Codex { Severity::Warning } else { Severity::Error };
        diagnostics.push(
            Diagnostic::new(Code::NameDirMismatch, severity, file, at, format!("`name` is `{name}` but the directory is `{dir_name}`"))
                .with_pointer("/name")
                .with_hint(if crate::scaffold::is_valid_name(name) {
                    format!("rename the directory to `{name}` or set `name: {dir_name}`")
                } else {
                    format!("set `name: {dir_name}`")
                }),
        );
    }
    let lower = name.to_lowercase();
    if let Some(word) = RESERVED_WORDS.iter().find(|w| lower.contains(*w)) {
        diagnostics.push(
            Diagnostic::warning(Code::NameReservedWord, file, at, format!("`name` contains `{word}`, which Anthropic's platform reserves"))
                .with_pointer("/name")
                .with_hint(format!("choose a name without `{word}` if the skill will be uploaded there")),
        );
    }
}

fn check_description(file: &str, description: &str, locale: &str, at: Position, diagnostics: &mut Vec<Diagnostic>) {
    let chars = description.chars().count();
    if chars == 0 || chars > 1024 {
        return; // the schema reports the length
    }
    if chars < SHORT_DESCRIPTION {
        diagnostics.push(
            Diagnostic::warning(
                Code::DescriptionTooShort,
                file,
                at,
                format!("the description has {chars} characters: too little for a model to route on"),
            )
            .with_pointer("/description")
            .with_hint("say what the skill does, when to use it, and what it is not for"),
        );
    }
    let lower = description.to_lowercase();
    // In a locale without a word list the check is skipped: English words would flag every one.
    let words = crate::translation::trigger_words(locale);
    if words.is_some_and(|words| !words.iter().any(|p| lower.contains(p))) {
        diagnostics.push(
            Diagnostic::warning(Code::DescriptionNoTrigger, file, at, "the description does not say when to use the skill")
                .with_pointer("/description")
                .with_hint(
                    "add a sentence such as `Use when the user asks to ...`; the description is the only routing signal a model sees",
                ),
        );
    }
    if description.contains('<') || description.contains('>') {
        diagnostics.push(
            Diagnostic::warning(Code::DescriptionAngleBrackets, file, at, "the description contains `<` or `>`")
                .with_pointer("/description")
                .with_hint("remove angle brackets: some readers reject them and prompt builders may read them as markup"),
        );
    }
}

fn check_metadata(file: &str, metadata: &Node, yaml: &str, diagnostics: &mut Vec<Diagnostic>) {
    for entry in metadata.entries() {
        let value = &entry.value;
        if matches!(value.value, Value::Str(_)) {
            continue;
        }
        let hint = match value.scalar_text(yaml) {
            Some(text) => format!("quote it: `{}: \"{text}\"`, so every reader sees the same string", entry.key),
            None => "write it as one string (for a list, comma-separated)".to_string(),
        };
        diagnostics.push(
            Diagnostic::warning(
                Code::MetadataNotString,
                file,
                entry.key_at,
                format!("`metadata.{}` is a {}; metadata values are strings", entry.key, value.kind()),
            )
            .with_pointer(format!("/metadata/{}", entry.key))
            .with_hint(hint),
        );
    }
}

fn list_or_csv(node: &Node, yaml: &str) -> Vec<String> {
    match &node.value {
        Value::Seq(items) => items.iter().filter_map(|i| i.scalar_text(yaml)).collect(),
        _ => node
            .scalar_text(yaml)
            .map(|s| s.split(',').map(str::trim).filter(|t| !t.is_empty()).map(str::to_string).collect())
            .unwrap_or_default(),
    }
}

fn token_budget(file: &str, metadata: &Node, yaml: &str, diagnostics: &mut Vec<Diagnostic>) -> Option<u64> {
    let entry = metadata.entry("token-budget")?;
    let text = entry.value.scalar_text(yaml).unwrap_or_default();
    match text.trim().parse::<u64>() {
        Ok(n) if n > 0 => Some(n),
        _ => {
            diagnostics.push(
                Diagnostic::warning(
                    Code::BudgetNotANumber,
                    file,
                    entry.key_at,
                    format!("`metadata.token-budget` is `{text}`, not a whole number of tokens"),
                )
                .with_pointer("/metadata/token-budget")
                .with_hint("write it as a quoted whole number, e.g. `token-budget: \"4500\"`; the catalogue's L2 budget applies meanwhile"),
            );
            None
        }
    }
}

/// Checks a tools field (a string or a list) and returns the entries that parsed.
/// Who declares the tools, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolOwner {
    Skill,
    Agent,
}

#[allow(clippy::too_many_arguments)]
pub fn check_tools(
    file: &str,
    pointer: &str,
    node: &Node,
    key_at: Position,
    yaml: &str,
    toolkit: &Toolkit,
    owner: ToolOwner,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<String> {
    let field = pointer.trim_start_matches('/');
    let spec_string = owner == ToolOwner::Skill;
    let entries: Vec<(String, Position, String)> = match &node.value {
        Value::Str(text) => {
            let (entries, commas) = toolkit::split_entries(text);
            if commas && spec_string {
                diagnostics.push(
                    Diagnostic::warning(
                        Code::ToolsCommaSeparated,
                        file,
                        key_at,
                        format!("`{field}` separates tools with commas; the specification separates them with spaces"),
                    )
                    .with_pointer(pointer)
                    .with_hint(format!(
                        "write `{field}: {}`",
                        entries.iter().map(|(e, _)| e.as_str()).filter(|e| !e.is_empty()).collect::<Vec<_>>().join(" ")
                    )),
                );
            }
            entries
                .into_iter()
                .map(|(e, offset)| (e.clone(), entry_position(node, yaml, text, offset).unwrap_or(key_at), pointer.to_string()))
                .collect()
        }
        Value::Seq(items) => items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| item.as_str().map(|s| (s.to_string(), item.at, format!("{pointer}/{i}"))))
            .collect(),
        _ => Vec::new(), // the schema reports the type
    };
    let mut parsed = Vec::new();
    for (entry, at, entry_pointer) in entries {
        match ToolSpec::parse(&entry) {
            Err(problem) => diagnostics.push(
                Diagnostic::error(Code::ToolsSyntax, file, at, format!("malformed tool entry: {problem}"))
                    .with_pointer(entry_pointer)
                    .with_hint("write a tool as `Name` or `Name(pattern)`, e.g. `Bash(git:*)`"),
            ),
            Ok(spec) => {
                if !toolkit.supplies(&spec) {
                    let hint = if let Some(server) = crate::toolkit::mcp_server(&spec.name) {
                        format!(
                            "MCP tools are not built in: declare `{}` (or `mcp__{server}__*`) in `toolkit:` in skillhouse.yaml when your runtime connects `{server}`, or remove it",
                            spec.name
                        )
                    } else if toolkit.is_default {
                        "declare the tool in `toolkit:` in skillhouse.yaml if your runtime supplies it, or remove it".to_string()
                    } else {
                        format!(
                            "add it to `toolkit:` in skillhouse.yaml if the runtime supplies it, or remove it (the toolkit has: {})",
                            toolkit.names().join(", ")
                        )
                    };
                    diagnostics.push(
                        Diagnostic::error(
                            Code::ToolsUnknown,
                            file,
                            at,
                            format!(
                                "the toolkit cannot supply `{entry}`{}: the {} would run without it",
                                crate::toolkit::mcp_server(&spec.name)
                                    .map(|server| format!(", a tool of the MCP server `{server}`"))
                                    .unwrap_or_default(),
                                if owner == ToolOwner::Skill { "skill" } else { "agent" }
                            ),
                        )
                        .with_pointer(entry_pointer)
                        .with_hint(hint),
                    );
                }
                parsed.push(entry);
            }
        }
    }
    parsed
}

/// The file position of the entry at byte `offset` of a tools string, when the scalar sits on one
/// line of the source and the entry can be found in it (escapes in quoted strings can hide it).
fn entry_position(node: &Node, yaml: &str, value: &str, offset: usize) -> Option<Position> {
    let (start, end) = node.span?;
    let source = yaml.get(start..end)?;
    let entry = value.get(offset..)?.split(|c: char| c.is_whitespace() || c == ',').next()?;
    if entry.is_empty() {
        return None;
    }
    // Skip as many earlier occurrences in the source as there are in the value before the entry.
    let skip = value.get(..offset)?.matches(entry).count();
    let index = source.match_indices(entry).nth(skip)?.0;
    if source[..index].contains('\n') {
        return None;
    }
    Some(Position::new(node.at.line, node.at.column + source[..index].chars().count() as u32))
}

fn check_body(file: &str, skill_path: &Path, document: &Document, resources: &[Resource], diagnostics: &mut Vec<Diagnostic>) {
    let body = document.body();
    if body.trim().is_empty() {
        diagnostics.push(
            Diagnostic::warning(
                Code::BodyEmpty,
                file,
                Position::new(document.closing_line, 1),
                "the skill has no instructions after the frontmatter",
            )
            .with_hint("write the steps a model should follow once the skill is chosen"),
        );
        return;
    }
    let lines = body.lines().count();
    if lines > MAX_BODY_LINES {
        diagnostics.push(
            Diagnostic::warning(
                Code::BodyTooLong,
                file,
                Position::new(document.body_line + MAX_BODY_LINES as u32, 1),
                format!("the body has {lines} lines, over the recommended {MAX_BODY_LINES}"),
            )
            .with_hint("move detail into references/ files and link to them; they load only when needed"),
        );
    }
    for (target, offset) in relative_links(body) {
        let path = target.split(['#', '?']).next().unwrap_or_default();
        if path.is_empty() {
            continue;
        }
        let path = path.trim_start_matches("./");
        let exists = resources.iter().any(|r| r.path == path || r.path.starts_with(&format!("{path}/"))) || skill_path.join(path).exists();
        if !exists {
            let at = source::position_at(body, offset);
            diagnostics.push(
                Diagnostic::warning(
                    Code::BodyBrokenLink,
                    file,
                    Position::new(at.line + document.body_line - 1, at.column),
                    format!("the link target `{target}` does not exist in this skill"),
                )
                .with_hint("fix the path (relative to the skill folder) or add the file"),
            );
        }
    }
}

/// Relative link and image targets in Markdown, with their byte offsets.
fn relative_links(body: &str) -> Vec<(String, usize)> {
    use pulldown_cmark::{Event, Parser, Tag};
    let mut links = Vec::new();
    // Every CommonMark link or image has `](` (inline) or a `]:` definition (reference style);
    // autolinks are absolute. Without either there is nothing to parse: most bodies in a large
    // catalogue, and the Markdown parse was a quarter of loading one.
    if !body.contains("](") && !body.contains("]:") {
        return links;
    }
    for (event, range) in Parser::new(body).into_offset_iter() {
        let target = match event {
            Event::Start(Tag::Link { dest_url, .. }) | Event::Start(Tag::Image { dest_url, .. }) => dest_url,
            _ => continue,
        };
        let is_relative = !(target.is_empty()
            || target.starts_with('#')
            || target.starts_with('/')
            || target.starts_with("//")
            || target.contains("://")
            || target.starts_with("mailto:")
            || target.starts_with("tel:")
            || target.starts_with("data:"));
        if is_relative {
            links.push((target.to_string(), range.start));
        }
    }
    links
}
