//! The catalogue's figures: what ADR-017 measures success by, and what the dashboard shows.

use crate::budget::{self, Listing};
use crate::catalogue::Catalogue;
use crate::diagnostic::Code;
use crate::profile::Profile;
use crate::schema::{Schemas, Subject};
use crate::skill::Skill;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// Every skill folder, translations included (the shares below are of these).
    pub skills: usize,
    /// How many of them are translations of another (`translation`).
    pub translations: usize,
    pub agents: usize,
    /// Skills per agent; `None` without agents.
    pub skill_agent_ratio: Option<f64>,
    /// Skills that would pass under the `agentskills` profile, whatever profile they use here.
    pub valid_agentskills: Share,
    pub within_budget: Share,
    pub errors: usize,
    pub warnings: usize,
    pub tokens: TokenTotals,
    pub listing: Listing,
    /// With translations: one row per locale, the source locale first; empty without.
    pub locales: Vec<LocaleFigures>,
    /// The skills with the largest L2, heaviest first (at most ten).
    pub heaviest: Vec<Heavy>,
}

/// One locale's listing (what a model working in that language sees) and what its skills cost
/// against their sources.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct LocaleFigures {
    pub locale: String,
    pub skills: usize,
    pub listing: Listing,
    /// L2 tokens of this locale's translations over their sources' (1.0: as many); `None` for
    /// the source locale.
    pub l2_ratio: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ts_rs::TS)]
pub struct Share {
    pub count: usize,
    /// Between 0 and 1; 0 for an empty catalogue.
    pub share: f64,
}

impl Share {
    fn of(count: usize, total: usize) -> Share {
        Share { count, share: if total == 0 { 0.0 } else { count as f64 / total as f64 } }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct TokenTotals {
    pub l1: u64,
    pub l2: u64,
    pub l3: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Heavy {
    pub name: String,
    pub l2: u64,
    pub l3: u64,
}

/// Codes whose verdict depends on the profile; the rest hold under every profile.
const PROFILE_CODES: &[Code] = &[
    Code::FieldRequired,
    Code::FieldType,
    Code::FieldUnknown,
    Code::FieldInvalid,
    Code::NameFormat,
    Code::NameLength,
    Code::DescriptionLength,
    Code::CompatibilityLength,
    Code::NameDirMismatch,
];

/// Whether a skill would pass under the `agentskills` profile, whatever profile it uses here.
pub fn valid_under_agentskills(skill: &Skill, schemas: &Schemas) -> bool {
    if !skill.parsed || skill.diagnostics.iter().any(|d| d.is_error() && !PROFILE_CODES.contains(&d.code)) {
        return false;
    }
    let dir_name = skill.dir.rsplit('/').next().unwrap_or(&skill.dir);
    skill.name == dir_name && schemas.is_valid(Subject::Skill(Profile::AgentSkills), &skill.frontmatter)
}

fn locale_figures(catalogue: &Catalogue) -> Vec<LocaleFigures> {
    let listings = budget::listings(catalogue);
    if listings.len() < 2 {
        return Vec::new();
    }
    let l2_of = |file: &str| catalogue.skills.iter().find(|s| s.file() == file).and_then(|s| s.tokens.as_ref()).map(|t| t.l2);
    let source_locale = &catalogue.settings.translations.source_locale;
    listings
        .into_iter()
        .map(|(locale, listing)| {
            let source = &locale == source_locale;
            let members: Vec<&crate::skill::Skill> = catalogue
                .skills
                .iter()
                .filter(|s| if source { s.translation_of.is_none() } else { s.translation_of.is_some() && s.locale == locale })
                .collect();
            let l2_ratio = (!source).then(|| {
                let (mine, theirs) = members.iter().fold((0u64, 0u64), |(m, t), s| {
                    let own = s.tokens.as_ref().map_or(0, |t| t.l2);
                    let base = s.translation_of.as_deref().and_then(l2_of).unwrap_or(0);
                    (m + own, t + base)
                });
                if theirs == 0 {
                    0.0
                } else {
                    mine as f64 / theirs as f64
                }
            });
            LocaleFigures { locale, skills: members.len(), listing, l2_ratio }
        })
        .collect()
}

pub fn compute(catalogue: &Catalogue) -> Stats {
    let schemas = Schemas::new();
    let skills = catalogue.skills.len();
    let agents = catalogue.agents.len();
    let valid = catalogue.skills.iter().filter(|s| valid_under_agentskills(s, &schemas)).count();
    let budget_codes = [Code::BudgetL1, Code::BudgetL2, Code::BudgetResource];
    let within =
        catalogue.skills.iter().filter(|s| s.tokens.is_some() && !s.diagnostics.iter().any(|d| budget_codes.contains(&d.code))).count();
    let mut totals = TokenTotals::default();
    for t in catalogue.skills.iter().filter_map(|s| s.tokens.as_ref()) {
        totals.l1 += t.l1;
        totals.l2 += t.l2;
        totals.l3 += t.l3;
    }
    let mut heaviest: Vec<Heavy> =
        catalogue.skills.iter().filter_map(|s| s.tokens.as_ref().map(|t| Heavy { name: s.name.clone(), l2: t.l2, l3: t.l3 })).collect();
    heaviest.sort_by(|a, b| b.l2.cmp(&a.l2).then_with(|| a.name.cmp(&b.name)));
    heaviest.truncate(10);
    let counts = catalogue.counts();
    Stats {
        skills,
        translations: catalogue.skills.iter().filter(|s| s.translation_of.is_some()).count(),
        agents,
        skill_agent_ratio: (agents > 0).then(|| skills as f64 / agents as f64),
        valid_agentskills: Share::of(valid, skills),
        within_budget: Share::of(within, skills),
        errors: counts.errors,
        warnings: counts.warnings,
        tokens: totals,
        listing: budget::listing(catalogue),
        locales: locale_figures(catalogue),
        heaviest,
    }
}
