//! A Claude Code plugin marketplace holding one skills-and-agents plugin:
//! `.claude-plugin/marketplace.json`, the skill folders under `skills/<name>/` and the agent
//! files under `agents/<file>.md`.
//!
//! The plugin is the marketplace's own root (`"source": "./"`) and has no `plugin.json`
//! (`"strict": false`): the marketplace entry is its whole manifest, listing each skill folder
//! and agent file. `claude plugin marketplace add <folder or repo>` then
//! `claude plugin install <plugin>@<marketplace>` installs it.
//!
//! Names: the marketplace and the plugin are both named after the catalogue's `name` in
//! `skillhouse.yaml`, else its `provider.organization`, else the catalogue folder's name, in
//! kebab-case, with `-skills` added when that is one of the names Claude Code reserves; the
//! catalogue's `version`, when set, is the marketplace's and the plugin's version. The owner is the
//! provider (`name` = organization, `url`); without a provider the owner is named after the
//! catalogue folder, so that the file stays valid; set `provider` to publish under your name.

use super::{json_bytes, published_skills, refusals, root_name, skill_file_entries, slug, Output};
use crate::catalogue::Catalogue;
use crate::export::{Content, Entry};
use serde_json::{json, Map, Value};

pub(crate) const FILE: &str = ".claude-plugin/marketplace.json";

/// Marketplace names Claude Code refuses (they belong to official marketplaces).
const RESERVED: &[&str] = &[
    "claude-code-marketplace",
    "claude-code-plugins",
    "claude-plugins-official",
    "anthropic-marketplace",
    "anthropic-plugins",
    "agent-skills",
    "life-sciences",
];

/// The marketplace (and plugin) name for a display name.
pub(crate) fn name_for(display: &str) -> String {
    let name = slug(display);
    if name.is_empty() {
        "skills".into()
    } else if RESERVED.contains(&name.as_str()) {
        format!("{name}-skills")
    } else {
        name
    }
}

/// An agent's file name in the export: the last part of its catalogue path.
fn agent_file(file: &str) -> &str {
    file.rsplit('/').next().unwrap_or(file)
}

pub(super) fn output(catalogue: &Catalogue, portable: bool) -> Output {
    let skills = published_skills(catalogue, portable);
    let mut agents: Vec<(&str, &crate::agent::Agent)> = catalogue
        .agents
        .iter()
        .filter(|a| a.parsed && !a.diagnostics.iter().any(crate::diagnostic::Diagnostic::is_error))
        .map(|a| (agent_file(&a.file), a))
        .filter(|(file, _)| file.ends_with(".md") && !file.starts_with('.'))
        .collect();
    agents.sort_by(|a, b| a.0.cmp(b.0));
    agents.dedup_by(|b, a| a.0 == b.0);

    let provider = catalogue.settings.provider.as_ref();
    let display = provider.map(|p| p.organization.clone()).unwrap_or_else(|| root_name(catalogue));
    let name = name_for(catalogue.settings.name.as_deref().unwrap_or(&display));
    let mut owner = Map::new();
    owner.insert("name".into(), Value::from(display.clone()));
    if let Some(p) = provider {
        owner.insert("url".into(), Value::from(p.url.clone()));
    }
    let description = format!("Agent Skills ({} skills, {} agents) from {display}", skills.len(), agents.len());
    let mut plugin = Map::new();
    plugin.insert("name".into(), Value::from(name.clone()));
    plugin.insert("source".into(), Value::from("./"));
    plugin.insert("description".into(), Value::from(description.clone()));
    if let Some(version) = &catalogue.settings.version {
        plugin.insert("version".into(), Value::from(version.clone()));
    }
    plugin.insert("author".into(), Value::Object(owner.clone()));
    plugin.insert("strict".into(), Value::from(false));
    plugin.insert("skills".into(), json!(skills.iter().map(|p| format!("./skills/{}", p.folder)).collect::<Vec<_>>()));
    if !agents.is_empty() {
        plugin.insert("agents".into(), json!(agents.iter().map(|(f, _)| format!("./agents/{f}")).collect::<Vec<_>>()));
    }
    let mut manifest = Map::new();
    manifest.insert("name".into(), Value::from(name));
    if let Some(version) = &catalogue.settings.version {
        manifest.insert("version".into(), Value::from(version.clone()));
    }
    manifest.insert("description".into(), Value::from(description));
    manifest.insert("owner".into(), Value::Object(owner));
    manifest.insert("plugins".into(), json!([plugin]));
    let manifest = Value::Object(manifest);

    let mut entries = vec![Entry { path: FILE.into(), content: Content::Bytes(json_bytes(&manifest)) }];
    entries.extend(skill_file_entries(&skills, "skills"));
    entries.extend(agents.iter().map(|(f, a)| Entry { path: format!("agents/{f}"), content: Content::File(catalogue.root.join(&a.file)) }));
    Output { entries, refusals: refusals(&skills), ..Output::default() }
}

#[cfg(test)]
mod tests {
    #[test]
    fn reserved_and_empty_names_are_avoided() {
        assert_eq!(super::name_for("Skillhouse Sample Team"), "skillhouse-sample-team");
        assert_eq!(super::name_for("Agent Skills"), "agent-skills-skills");
        assert_eq!(super::name_for("!!!"), "skills");
    }
}
