//! The registry artefacts of the seed ADR-017: `extracted-skills-registry.json`, the registry
//! of skills with their three disclosure levels, and `config/component-counts.json`, the counts
//! its success metrics are measured by. Keys are snake_case, as in the ADR.
//!
//! Disclosure levels follow the ADR's shapes, filled from the catalogue:
//! - `level_1` (skill card): `skill_id`, `name`, `description`, and its o200k `tokens`;
//! - `level_2` (summary): `skill_id`, `name`, `capabilities`, `tools`, `token_budget`, `tokens`;
//! - `level_3` (full specification): `skill_id`, `full_specification` (the `SKILL.md` path),
//!   `resources` (each file under the skill with its tokens, `null` for binaries) and `tokens`.
//!
//! `skill_id` is the legacy `agent_skills_framework.skill_id` when the skill has one, else its
//! name; `capabilities` the framework block's `capabilities`, else the skill's tags; `tools` its
//! `allowed-tools`; `token_budget` its `metadata.token-budget`, else the catalogue's L2 budget.
//! Paths are relative to the catalogue root, where the ADR keeps these files. Token counts are
//! the catalogue's own when it was counted, and are counted here otherwise.
//!
//! Component counts: `skills` and `agents` as loaded; `commands` are the Markdown files under
//! `commands/` and `.claude/commands/` (Claude Code's slash commands); `workflows` the `.md`,
//! `.yaml`, `.yml` and `.json` files under `workflows/`; `skill_agent_ratio` rounded to two
//! decimals (`null` without agents); `portable_skills` pass under the agentskills profile;
//! `skills_with_three_levels` have a description, a body and at least one resource;
//! `agents_with_cards` is the number of cards this export publishes.

use super::{a2a_site, json_bytes, Output};
use crate::catalogue::Catalogue;
use crate::export::{publication, Content, Entry, Options, SkillCounts};
use crate::schema::Schemas;
use crate::skill::Skill;
use crate::tokens::Levels;
use serde_json::{json, Map, Value};
use std::path::Path;

pub(crate) const REGISTRY: &str = "extracted-skills-registry.json";
pub(crate) const COUNTS: &str = "config/component-counts.json";
/// The version of the registry layout written here.
const REGISTRY_VERSION: &str = "1.0";

fn strings(value: Option<&Value>) -> Vec<String> {
    match value {
        Some(Value::Array(items)) => items.iter().filter_map(|v| v.as_str().map(str::to_string)).collect(),
        Some(Value::String(s)) => s.split([',', ' ']).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect(),
        _ => Vec::new(),
    }
}

fn has_three_levels(skill: &Skill) -> bool {
    !skill.description.trim().is_empty() && skill.has_body && !skill.resources.is_empty()
}

fn registry_entry(catalogue: &Catalogue, skill: &Skill, levels: &Levels, portable: bool) -> Value {
    let framework = skill.frontmatter.get("agent_skills_framework");
    let skill_id =
        framework.and_then(|f| f.get("skill_id")).and_then(Value::as_str).map(str::to_string).unwrap_or_else(|| skill.name.clone());
    let capabilities = match framework.and_then(|f| f.get("capabilities")) {
        Some(c) => strings(Some(c)),
        None => skill.tags.clone(),
    };
    let composable_with = strings(framework.and_then(|f| f.get("composable_with")));
    let token_budget = skill.token_budget.unwrap_or(catalogue.settings.budgets.l2);
    let resources: Vec<Value> = levels.resources.iter().map(|r| json!({ "path": r.path, "size": r.size, "tokens": r.tokens })).collect();
    let mut level_2 = Map::new();
    level_2.insert("skill_id".into(), Value::from(skill_id.clone()));
    level_2.insert("name".into(), Value::from(skill.name.clone()));
    level_2.insert("capabilities".into(), json!(capabilities));
    level_2.insert("tools".into(), json!(skill.allowed_tools));
    if !composable_with.is_empty() {
        level_2.insert("composable_with".into(), json!(composable_with));
    }
    level_2.insert("token_budget".into(), Value::from(token_budget));
    level_2.insert("tokens".into(), Value::from(levels.l2));
    json!({
        "skill_id": skill_id,
        "name": skill.name,
        "path": skill.dir,
        "profile": skill.profile,
        "portable": portable,
        "level_1": {
            "skill_id": skill_id,
            "name": skill.name,
            "description": skill.description,
            "tokens": levels.l1,
        },
        "level_2": level_2,
        "level_3": {
            "skill_id": skill_id,
            "full_specification": skill.file(),
            "resources": resources,
            "tokens": levels.l3,
        },
    })
}

/// Files under `root/dir` (recursively, to `depth` levels) whose name ends with one of `ends`.
fn count_files(root: &Path, dir: &str, ends: &[&str], depth: usize) -> usize {
    fn walk(path: &Path, ends: &[&str], depth: usize) -> usize {
        let Ok(read) = std::fs::read_dir(path) else { return 0 };
        let mut n = 0;
        for entry in read.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            match entry.file_type() {
                Ok(t) if t.is_dir() && depth > 0 => n += walk(&entry.path(), ends, depth - 1),
                Ok(t) if t.is_file() && ends.iter().any(|e| name.ends_with(e)) => n += 1,
                _ => {}
            }
        }
        n
    }
    walk(&root.join(dir), ends, depth)
}

pub(super) fn output(catalogue: &Catalogue, options: &Options) -> Result<Output, crate::card::CardError> {
    let crate::export::Publication { cards, left_out, .. } = publication(catalogue, options, a2a_site::KEY_SET)?;
    let schemas = Schemas::new();
    let counts = SkillCounts::new(catalogue);
    let mut skills: Vec<&Skill> = catalogue.skills.iter().filter(|s| s.parsed && !s.has_errors() && s.translation_of.is_none()).collect();
    skills.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.dir.cmp(&b.dir)));

    let mut portable = 0;
    let mut three_levels = 0;
    let mut list = Vec::with_capacity(skills.len());
    for skill in &skills {
        let is_portable = crate::stats::valid_under_agentskills(skill, &schemas);
        portable += usize::from(is_portable);
        three_levels += usize::from(has_three_levels(skill));
        list.push(registry_entry(catalogue, skill, &counts.levels(skill), is_portable));
    }

    let mut registry = Map::new();
    registry.insert("version".into(), Value::from(REGISTRY_VERSION));
    if let Some(time) = &options.time {
        registry.insert("generated_at".into(), Value::from(time.clone()));
    }
    registry.insert("skills".into(), Value::Array(list));

    let depth = catalogue.settings.limits.max_depth;
    let commands =
        count_files(&catalogue.root, "commands", &[".md"], depth) + count_files(&catalogue.root, ".claude/commands", &[".md"], depth);
    let workflows = count_files(&catalogue.root, "workflows", &[".md", ".yaml", ".yml", ".json"], depth);
    let agents = catalogue.agents.len();
    let ratio = (agents > 0).then(|| (skills.len() as f64 / agents as f64 * 100.0).round() / 100.0);
    let mut counts = Map::new();
    counts.insert("agents".into(), Value::from(agents));
    counts.insert("commands".into(), Value::from(commands));
    counts.insert("skills".into(), Value::from(skills.len()));
    counts.insert("workflows".into(), Value::from(workflows));
    counts.insert("skill_agent_ratio".into(), json!(ratio));
    counts.insert("portable_skills".into(), Value::from(portable));
    counts.insert("skills_with_three_levels".into(), Value::from(three_levels));
    counts.insert("agents_with_cards".into(), Value::from(cards.len()));
    if let Some(time) = &options.time {
        counts.insert("generated_at".into(), Value::from(time.clone()));
    }

    Ok(Output {
        entries: vec![
            Entry { path: REGISTRY.into(), content: Content::Bytes(json_bytes(&Value::Object(registry))) },
            Entry { path: COUNTS.into(), content: Content::Bytes(json_bytes(&Value::Object(counts))) },
        ],
        left_out,
        ..Output::default()
    })
}
