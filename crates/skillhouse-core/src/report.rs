//! The machine-readable result of `skillhouse validate --format json`; its shape is
//! `schemas/validate-report.schema.json`.

use crate::catalogue::Catalogue;
use crate::diagnostic::{Counts, Diagnostic};
use serde::{Deserialize, Serialize};

pub const FORMAT: &str = "skillhouse.validate/1";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub format: String,
    pub root: String,
    pub profile: String,
    pub skills: Vec<SkillEntry>,
    pub agents: Vec<AgentEntry>,
    /// Diagnostics that belong to the catalogue rather than one skill or agent.
    pub diagnostics: Vec<Diagnostic>,
    pub summary: Summary,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SkillEntry {
    pub name: String,
    /// The skill's folder, relative to the root.
    pub path: String,
    pub profile: String,
    pub valid: bool,
    pub tokens: Option<TokenEntry>,
    pub diagnostics: Vec<Diagnostic>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenEntry {
    pub l1: u64,
    pub l2: u64,
    pub l3: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentEntry {
    pub name: String,
    pub path: String,
    pub valid: bool,
    pub skills: Vec<String>,
    pub diagnostics: Vec<Diagnostic>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub skills: usize,
    pub valid_skills: usize,
    pub agents: usize,
    pub errors: usize,
    pub warnings: usize,
}

pub fn build(catalogue: &Catalogue, root_label: &str) -> Report {
    let skills: Vec<SkillEntry> = catalogue
        .skills
        .iter()
        .map(|s| SkillEntry {
            name: s.name.clone(),
            path: s.dir.clone(),
            profile: s.profile.to_string(),
            valid: !s.has_errors(),
            tokens: s.tokens.as_ref().map(|t| TokenEntry { l1: t.l1, l2: t.l2, l3: t.l3 }),
            diagnostics: s.diagnostics.clone(),
        })
        .collect();
    let agents = catalogue
        .agents
        .iter()
        .map(|a| AgentEntry {
            name: a.name.clone(),
            path: a.file.clone(),
            valid: !a.diagnostics.iter().any(Diagnostic::is_error),
            skills: a.skills.iter().map(|r| r.name.clone()).collect(),
            diagnostics: a.diagnostics.clone(),
        })
        .collect();
    let Counts { errors, warnings } = catalogue.counts();
    Report {
        format: FORMAT.to_string(),
        root: root_label.to_string(),
        profile: catalogue.settings.profile.to_string(),
        summary: Summary {
            skills: skills.len(),
            valid_skills: skills.iter().filter(|s| s.valid).count(),
            agents: catalogue.agents.len(),
            errors,
            warnings,
        },
        skills,
        agents,
        diagnostics: catalogue.diagnostics.clone(),
    }
}
