//! The Skillhouse bundle: `registry.json` (validated by `schemas/registry.schema.json`), every
//! file of every skill under `skills/<dir>/`, and the published agent cards under `cards/`.
//!
//! `registry.json` is content-addressed: it lists each file's size and sha256, each skill's
//! digest over that listing (see [`digest`]), and the sha256 of each card, so a reader can check
//! a bundle without trusting whoever handed it over (`verify`). docs/exports.md describes it.

use super::{Content, Entry, Export, ExportError, LeftOut, Options};
use crate::catalogue::Catalogue;
use crate::skill::Skill;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::Path;

pub const REGISTRY: &str = "registry.json";
pub const SCHEMA_FILE: &str = "registry.schema.json";
/// The value of `format` in `registry.json`; the number changes only with an incompatible shape.
pub const FORMAT: &str = "skillhouse-registry/1";
/// Folder of the bundle that holds the skill folders.
pub const SKILLS: &str = "skills";
/// Folder of the bundle that holds the published cards.
pub const CARDS: &str = "cards";
/// The key set the bundle's signed cards verify against: where the catalogue keeps it.
pub const KEY_SET: &str = crate::card::jwks::FILE;

/// `registry.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Registry {
    pub format: String,
    /// `skillhouse <version>`: what wrote the bundle.
    pub generator: String,
    /// Only when the export was given a time (`--time`); no clock is read otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated_at: Option<String>,
    pub catalogue: CatalogueId,
    pub skills: Vec<RegistrySkill>,
    pub agents: Vec<RegistryAgent>,
    /// The key set the signed cards verify against (`cards/jwks.json`), when a card is signed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keys: Option<KeySetRef>,
    /// The catalogue's figures (`stats::compute`) at export time.
    pub figures: serde_json::Value,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatalogueId {
    pub name: String,
    pub version: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RegistrySkill {
    pub name: String,
    /// The skill's folder relative to the catalogue root (and to `skills/` in the bundle).
    pub dir: String,
    pub description: String,
    /// `metadata.version`, when the skill has one.
    pub version: Option<String>,
    /// `sha256:` and the hex sha256 of the canonical listing of `files` (see [`digest`]).
    pub digest: String,
    /// ADR-017 level 1: what every prompt lists.
    pub level1: Level1,
    /// ADR-017 level 2: what the skill offers, before its body is read.
    pub level2: Level2,
    pub tokens: Tokens,
    /// Every file of the skill folder (`SKILL.md` included), sorted by path.
    pub files: Vec<FileEntry>,
    /// For a translation: its locale and the source it translates, with the source's digest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub translation: Option<TranslationRef>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TranslationRef {
    pub locale: String,
    /// The source's folder (its `dir` in this registry).
    pub source: String,
    pub source_digest: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level1 {
    pub name: String,
    pub description: String,
    pub tokens: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Level2 {
    /// The skill's tags (as its card lists them).
    pub capabilities: Vec<String>,
    pub examples: Vec<String>,
    /// `allowed-tools`.
    pub tools: Vec<String>,
    /// `metadata.token-budget`, else the catalogue's L2 budget.
    pub token_budget: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tokens {
    pub l1: u64,
    pub l2: u64,
    pub l3: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileEntry {
    /// Relative to the skill folder, `/`-separated.
    pub path: String,
    pub size: u64,
    pub sha256: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegistryAgent {
    pub name: String,
    pub description: String,
    pub skills: Vec<String>,
    /// The published card, or `null` when the export left it out.
    pub card: Option<CardRef>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeySetRef {
    /// `cards/jwks.json` in the bundle.
    pub path: String,
    pub sha256: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRef {
    /// `cards/<agent>.json` in the bundle.
    pub path: String,
    pub sha256: String,
    pub version: String,
    pub approved: bool,
}

/// The canonical listing a skill digest is computed over: for each file sorted by path (bytes),
/// `path NUL size NUL sha256-hex LF`.
pub fn listing(files: &[FileEntry]) -> String {
    let mut sorted: Vec<&FileEntry> = files.iter().collect();
    sorted.sort_by(|a, b| a.path.cmp(&b.path));
    let mut out = String::new();
    for f in sorted {
        out.push_str(&f.path);
        out.push('\0');
        out.push_str(&f.size.to_string());
        out.push('\0');
        out.push_str(&f.sha256);
        out.push('\n');
    }
    out
}

/// `sha256:` followed by the hex sha256 of [`listing`].
pub fn digest(files: &[FileEntry]) -> String {
    format!("sha256:{}", hex::encode(Sha256::digest(listing(files).as_bytes())))
}

/// Streams a reader through sha256: its size and hex digest.
pub fn hash_reader(reader: &mut dyn Read) -> std::io::Result<(u64, String)> {
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    let mut size = 0u64;
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        hasher.update(&buf[..n]);
        size += n as u64;
    }
    Ok((size, hex::encode(hasher.finalize())))
}

pub fn hash_file(path: &Path) -> std::io::Result<(u64, String)> {
    hash_reader(&mut std::fs::File::open(path)?)
}

/// The catalogue's name: `name` in skillhouse.yaml, else the folder's name.
pub fn catalogue_name(catalogue: &Catalogue) -> String {
    catalogue
        .settings
        .name
        .clone()
        .or_else(|| catalogue.root.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "catalogue".into())
}

fn text_of(value: &serde_json::Value) -> Option<String> {
    match value {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// `metadata.version` as written.
pub fn skill_version(skill: &Skill) -> Option<String> {
    text_of(skill.frontmatter.get("metadata")?.get("version")?)
}

fn list(value: &serde_json::Value, separator: char) -> Option<Vec<String>> {
    match value {
        serde_json::Value::Array(items) => Some(items.iter().filter_map(text_of).collect()),
        other => Some(text_of(other)?.split(separator).map(str::trim).filter(|t| !t.is_empty()).map(str::to_string).collect()),
    }
}

/// Tags and examples the way a card finds them: the skill's `metadata`, then its card sidecar
/// (`agents/a2a.yaml`), then `cards.skill_defaults` (see `card::generate`).
fn tags_and_examples(catalogue: &Catalogue, defaults: &crate::card::config::SkillDefaults, skill: &Skill) -> (Vec<String>, Vec<String>) {
    let metadata = skill.frontmatter.get("metadata");
    let sidecar_file = crate::card::generate::SIDECAR;
    let sidecar = skill
        .resources
        .iter()
        .any(|r| r.path == sidecar_file)
        .then(|| std::fs::read_to_string(catalogue.root.join(&skill.dir).join(sidecar_file)).ok())
        .flatten()
        .and_then(|text| crate::yaml::parse(sidecar_file, &text, 1, &mut Vec::new()).map(|n| n.to_json()));
    let find = |key: &str, separator: char, default: &Option<Vec<String>>| {
        metadata
            .and_then(|m| m.get(key))
            .and_then(|v| list(v, separator))
            .or_else(|| sidecar.as_ref().and_then(|s| s.get(key)).and_then(|v| list(v, separator)))
            .or_else(|| default.clone())
            .unwrap_or_default()
    };
    (find("tags", ',', &defaults.tags), find("examples", '|', &defaults.examples))
}

/// Hashes every file of every skill (in parallel), streaming each file.
fn hash_skills(catalogue: &Catalogue) -> Result<Vec<Vec<FileEntry>>, ExportError> {
    catalogue
        .skills
        .par_iter()
        .map(|skill| {
            let dir = catalogue.root.join(&skill.dir);
            let mut paths: Vec<&str> =
                std::iter::once(crate::scan::SKILL_FILE).chain(skill.resources.iter().map(|r| r.path.as_str())).collect();
            paths.sort_unstable();
            paths
                .into_iter()
                .map(|path| {
                    let (size, sha256) = hash_file(&dir.join(path)).map_err(ExportError::io(format!("reading {}/{path}", skill.dir)))?;
                    Ok(FileEntry { path: path.to_string(), size, sha256 })
                })
                .collect()
        })
        .collect()
}

/// A registry with the entries of the files it lists.
#[derive(Debug, Clone, PartialEq)]
pub struct Built {
    pub registry: Registry,
    /// The skill files and cards (not `registry.json` itself).
    pub entries: Vec<Entry>,
    pub left_out: Vec<LeftOut>,
    pub warnings: Vec<String>,
}

/// The registry, the entries of the files it lists and the cards left out.
pub fn registry(catalogue: &Catalogue, options: &Options) -> Result<Built, ExportError> {
    let super::Publication { cards, left_out, key_set, mut warnings } = super::publication(catalogue, options, KEY_SET)?;
    let card_settings: crate::card::config::CardSettings = serde_json::from_value(catalogue.settings.cards.clone()).unwrap_or_default();
    let counts = super::SkillCounts::new(catalogue);
    let files = hash_skills(catalogue)?;
    let mut entries = Vec::new();
    let mut skills = Vec::with_capacity(catalogue.skills.len());
    let publish_translations = catalogue.settings.translations.publish;
    for (skill, files) in catalogue.skills.iter().zip(files) {
        if skill.translation_of.is_some() && !publish_translations {
            continue;
        }
        let levels = counts.levels(skill);
        let (capabilities, examples) = tags_and_examples(catalogue, &card_settings.skill_defaults, skill);
        let dir = catalogue.root.join(&skill.dir);
        for f in &files {
            entries.push(Entry { path: format!("{SKILLS}/{}/{}", skill.dir, f.path), content: Content::File(dir.join(&f.path)) });
        }
        skills.push(RegistrySkill {
            name: skill.name.clone(),
            dir: skill.dir.clone(),
            description: skill.description.clone(),
            version: skill_version(skill),
            digest: digest(&files),
            level1: Level1 { name: skill.name.clone(), description: skill.description.clone(), tokens: levels.l1 },
            level2: Level2 {
                capabilities,
                examples,
                tools: skill.allowed_tools.clone(),
                token_budget: skill.token_budget.unwrap_or(catalogue.settings.budgets.l2),
            },
            tokens: Tokens { l1: levels.l1, l2: levels.l2, l3: levels.l3 },
            files,
            translation: None,
        });
    }
    // Every locale travels in the bundle; each translation names its source by folder and digest.
    let digests: std::collections::HashMap<String, String> =
        skills.iter().map(|s| (format!("{}/{}", s.dir, crate::scan::SKILL_FILE), s.digest.clone())).collect();
    let by_dir: std::collections::HashMap<&str, &Skill> = catalogue.skills.iter().map(|s| (s.dir.as_str(), s)).collect();
    for entry in skills.iter_mut() {
        let Some(skill) = by_dir.get(entry.dir.as_str()) else { continue };
        if let Some(source) = &skill.translation_of {
            entry.translation = Some(TranslationRef {
                locale: skill.locale.clone(),
                source: source.strip_suffix(crate::scan::SKILL_FILE).unwrap_or(source).trim_end_matches('/').to_string(),
                source_digest: digests.get(source).cloned().unwrap_or_default(),
            });
        }
    }
    let mut agents = Vec::with_capacity(catalogue.agents.len());
    for agent in &catalogue.agents {
        let card = cards.iter().find(|c| c.agent == agent.name).map(|c| {
            let path = format!("{CARDS}/{}.json", c.agent);
            entries.push(Entry { path: path.clone(), content: Content::Bytes(c.bytes.clone()) });
            CardRef { path, sha256: c.sha256.clone(), version: c.version.clone(), approved: c.approved }
        });
        agents.push(RegistryAgent {
            name: agent.name.clone(),
            description: agent.description.clone(),
            skills: agent.skills.iter().map(|r| r.name.clone()).collect(),
            card,
        });
    }
    let keys = key_set.map(|bytes| {
        let sha256 = crate::files::sha256_hex(&bytes);
        entries.push(Entry { path: KEY_SET.into(), content: Content::Bytes(bytes) });
        KeySetRef { path: KEY_SET.into(), sha256 }
    });
    let unapproved: Vec<String> = cards.iter().filter(|c| !c.approved).map(|c| format!("`{}`", c.agent)).collect();
    if !unapproved.is_empty() {
        let more = if unapproved.len() > 5 { format!(" and {} more", unapproved.len() - 5) } else { String::new() };
        warnings.push(format!(
            "{} card(s) included although not approved (--include-unapproved): {}{more}",
            unapproved.len(),
            unapproved[..unapproved.len().min(5)].join(", ")
        ));
    }
    let counts = catalogue.counts();
    if counts.warnings > 0 {
        warnings.push(format!("the catalogue has {} warning(s); `skillhouse validate` lists them", counts.warnings));
    }
    let registry = Registry {
        format: FORMAT.into(),
        generator: format!("skillhouse {}", env!("CARGO_PKG_VERSION")),
        generated_at: options.time.clone(),
        catalogue: CatalogueId { name: catalogue_name(catalogue), version: catalogue.settings.version.clone() },
        skills,
        agents,
        keys,
        figures: serde_json::to_value(crate::stats::compute(catalogue)).expect("figures serialise"),
    };
    Ok(Built { registry, entries, left_out, warnings })
}

/// The bytes of `registry.json`: two-space indented, newline-terminated.
pub fn to_bytes(registry: &Registry) -> Vec<u8> {
    let mut bytes = serde_json::to_vec_pretty(registry).expect("the registry serialises");
    bytes.push(b'\n');
    bytes
}

pub fn schema() -> jsonschema::Validator {
    jsonschema::draft202012::new(&crate::schema::json(SCHEMA_FILE)).expect("the embedded registry schema compiles")
}

/// The bundle export: `registry.json`, `skills/<dir>/...` and `cards/<agent>.json`.
pub fn entries(catalogue: &Catalogue, options: &Options) -> Result<Export, ExportError> {
    let Built { registry, mut entries, left_out, mut warnings } = registry(catalogue, options)?;
    entries.push(Entry { path: REGISTRY.into(), content: Content::Bytes(to_bytes(&registry)) });
    if options.portable {
        // The bundle is read back by `import` and `verify`, which must find the catalogue's own files.
        warnings.push(
            "the bundle keeps the catalogue's bytes, so portable frontmatter does not apply to it (it applies to the well-known, marketplace, ai-catalog and a2a-site formats)".into(),
        );
    }
    Ok(Export { entries, left_out, warnings, refusals: Vec::new() })
}
