//! `skillhouse.yaml`: the catalogue's settings, with the defaults that apply without it.

use crate::diagnostic::Severity;
use crate::profile::Profile;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const FILE_NAME: &str = "skillhouse.yaml";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// The catalogue's name in exports (default: the folder's name).
    pub name: Option<String>,
    /// The catalogue's version in exports.
    pub version: Option<String>,
    pub profile: Profile,
    /// Folder (relative to the root) to profile, for catalogues that mix formats.
    pub profiles: BTreeMap<String, Profile>,
    /// Tools the runtime can supply; `None` means Claude Code's built-in tools.
    pub toolkit: Option<Vec<String>>,
    pub budgets: Budgets,
    pub operating_principles: Option<String>,
    pub limits: Limits,
    pub provider: Option<Provider>,
    pub cards: serde_json::Value,
    /// Agent tools besides the built-in ones (`agents::Registry`).
    pub agents: Vec<CustomAgent>,
    /// The source locale and where translations live (`translation`).
    pub translations: crate::translation::Translations,
}

/// An agent tool the catalogue adds (`agents:` in skillhouse.yaml); paths are templates as in
/// `data/agents.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CustomAgent {
    pub id: String,
    pub name: String,
    pub project: String,
    pub global: String,
    #[serde(default)]
    pub detect: Vec<String>,
    #[serde(default = "links_by_default")]
    pub links: bool,
}

fn links_by_default() -> bool {
    true
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            name: None,
            version: None,
            profile: Profile::default(),
            profiles: BTreeMap::new(),
            toolkit: None,
            budgets: Budgets::default(),
            operating_principles: None,
            limits: Limits::default(),
            provider: None,
            cards: serde_json::Value::Object(Default::default()),
            agents: Vec::new(),
            translations: Default::default(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(default, deny_unknown_fields)]
pub struct Budgets {
    pub l1: u64,
    pub l2: u64,
    pub resource: u64,
    pub listing: u64,
    pub severity: Severity,
}

impl Default for Budgets {
    fn default() -> Self {
        Budgets { l1: 100, l2: 5_000, resource: 10_000, listing: 8_000, severity: Severity::Warning }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    pub max_file_bytes: u64,
    pub max_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_file_bytes: 1024 * 1024, max_depth: 8 }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provider {
    pub organization: String,
    pub url: String,
}

impl Settings {
    /// The profile for a skill directory (relative, `/`-separated): the longest matching folder in
    /// `profiles`, else the catalogue's profile.
    pub fn profile_for(&self, dir: &str) -> Profile {
        self.profiles
            .iter()
            .filter(|(folder, _)| {
                let folder = folder.trim_end_matches('/');
                dir == folder || dir.starts_with(&format!("{folder}/"))
            })
            .max_by_key(|(folder, _)| folder.len())
            .map(|(_, p)| *p)
            .unwrap_or(self.profile)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_folder_wins() {
        let mut s = Settings::default();
        s.profiles.insert("legacy".into(), Profile::Legacy);
        s.profiles.insert("legacy/cc".into(), Profile::ClaudeCode);
        assert_eq!(s.profile_for("legacy/x"), Profile::Legacy);
        assert_eq!(s.profile_for("legacy/cc/y"), Profile::ClaudeCode);
        assert_eq!(s.profile_for("legacyish/z"), Profile::AgentSkills);
    }
}
