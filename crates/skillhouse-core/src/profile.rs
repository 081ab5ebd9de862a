//! Profiles: which readers' rules a skill is held to.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
pub enum Profile {
    /// The specification's six fields only.
    #[default]
    #[serde(rename = "agentskills")]
    AgentSkills = 0,
    /// The specification plus Claude Code's documented fields.
    ClaudeCode = 1,
    /// The specification's fields; unknown keys ignored, name need not match the directory.
    Codex = 2,
    /// The ADR-017 format, which must keep loading unchanged.
    Legacy = 3,
}

impl Profile {
    pub const ALL: [Profile; 4] = [Profile::AgentSkills, Profile::ClaudeCode, Profile::Codex, Profile::Legacy];

    pub fn as_str(self) -> &'static str {
        match self {
            Profile::AgentSkills => "agentskills",
            Profile::ClaudeCode => "claude-code",
            Profile::Codex => "codex",
            Profile::Legacy => "legacy",
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Profile {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Profile::ALL
            .into_iter()
            .find(|p| p.as_str() == s)
            .ok_or_else(|| format!("unknown profile `{s}`: use one of agentskills, claude-code, codex, legacy"))
    }
}
