//! Token budgets: the rules that hold a skill's counts, and the catalogue's L1 listing, against
//! `settings::Budgets`, and the one way to a counted catalogue ([`load_counted`]).
//!
//! Apart from `tokens` so that counting stays a leaf the models build on; these rules need the
//! models.

use crate::catalogue::{self, Catalogue, LoadError, LoadOptions};
use crate::diagnostic::{Code, Diagnostic, Position, Severity};
use crate::settings::Budgets;
use crate::skill::Skill;
use crate::tokens::{self, Cache, Levels};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;

/// The budget diagnostics of one skill.
pub fn budget_diagnostics(skill: &Skill, levels: &Levels, budgets: &Budgets) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if !skill.parsed {
        return out;
    }
    let severity = budgets.severity;
    let file = skill.file();
    if levels.l1 > budgets.l1 {
        out.push(
            Diagnostic::new(
                Code::BudgetL1,
                severity,
                &file,
                Position::new(skill.description_line, 1),
                format!("name and description take {} tokens, over the L1 budget of {}", levels.l1, budgets.l1),
            )
            .with_pointer("/description")
            .with_hint("tighten the description: every skill's L1 text is in every prompt"),
        );
    }
    let l2_budget = skill.token_budget.unwrap_or(budgets.l2);
    if levels.l2 > l2_budget {
        let source = if skill.token_budget.is_some() { "this skill's `metadata.token-budget`" } else { "the catalogue's L2 budget" };
        out.push(
            Diagnostic::new(
                Code::BudgetL2,
                severity,
                &file,
                Position::START,
                format!("the body takes {} tokens at activation, over {source} of {l2_budget}", levels.l2),
            )
            .with_hint("move detail into references/ files, which load only when needed"),
        );
    }
    for r in &levels.resources {
        if let Some(n) = r.tokens.filter(|n| *n > budgets.resource) {
            out.push(
                Diagnostic::new(
                    Code::BudgetResource,
                    severity,
                    &format!("{}/{}", skill.dir, r.path),
                    Position::START,
                    format!("`{}` takes {n} tokens, over the per-resource budget of {}", r.path, budgets.resource),
                )
                .with_hint("split the file by topic so a model reads only the part it needs"),
            );
        }
    }
    out
}

/// How the catalogue's L1 listing fits its budget.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Listing {
    pub total_l1: u64,
    pub budget: u64,
    /// Skills that would not fit, listing skills by name.
    pub skills_lost: usize,
}

/// The listing of the source locale: every skill but the translations (what a model working in
/// the catalogue's own language is shown).
pub fn listing(catalogue: &Catalogue) -> Listing {
    listing_of(catalogue, catalogue.skills.iter().filter(|s| s.translation_of.is_none()))
}

/// One listing per locale: the source locale's first, then each translated locale's (its
/// translations, by locale tag).
pub fn listings(catalogue: &Catalogue) -> Vec<(String, Listing)> {
    let mut locales: Vec<&str> = catalogue.skills.iter().filter(|s| s.translation_of.is_some()).map(|s| s.locale.as_str()).collect();
    locales.sort_unstable();
    locales.dedup();
    let mut out = vec![(catalogue.settings.translations.source_locale.clone(), listing(catalogue))];
    for locale in locales {
        let translated = catalogue.skills.iter().filter(|s| s.translation_of.is_some() && s.locale == locale);
        out.push((locale.to_string(), listing_of(catalogue, translated)));
    }
    out
}

fn listing_of<'a>(catalogue: &Catalogue, skills: impl Iterator<Item = &'a Skill>) -> Listing {
    let mut l1: Vec<(&str, u64)> = skills.filter_map(|s| s.tokens.as_ref().map(|t| (s.name.as_str(), t.l1))).collect();
    l1.sort();
    let budget = catalogue.settings.budgets.listing;
    let mut total = 0;
    let mut lost = 0;
    for (_, n) in l1 {
        total += n;
        if total > budget {
            lost += 1;
        }
    }
    Listing { total_l1: total, budget, skills_lost: lost }
}

/// Loads a catalogue and counts it: every skill's levels, its budget diagnostics and the
/// catalogue's listing diagnostic. What a caller wants unless it keeps an index (which counts
/// incrementally, with [`set_levels`] and [`add_listing_diagnostic`]).
pub fn load_counted(root: &Path, options: &LoadOptions) -> Result<Catalogue, LoadError> {
    let mut catalogue = catalogue::load(root, options)?;
    account(&mut catalogue);
    Ok(catalogue)
}

/// Counts every skill (in parallel), records the counts and budget diagnostics on the skills,
/// and adds the catalogue's listing diagnostic.
fn account(catalogue: &mut Catalogue) {
    let fragment_tokens = catalogue.fragment.as_deref().map(tokens::count).unwrap_or(0);
    let root = catalogue.root.clone();
    let budgets = catalogue.settings.budgets;
    let cache = Cache::new();
    let levels: Vec<Levels> = catalogue
        .skills
        .par_iter()
        .map(|skill| tokens::count_skill(&skill.disclosure(&root), fragment_tokens, &cache, &HashMap::new(), &mut Vec::new()))
        .collect();
    for (skill, levels) in catalogue.skills.iter_mut().zip(levels) {
        set_levels(skill, levels, &budgets);
    }
    add_listing_diagnostic(catalogue);
}

/// Stores counts on a skill, replacing any budget diagnostics from an earlier count.
pub fn set_levels(skill: &mut Skill, levels: Levels, budgets: &Budgets) {
    skill.diagnostics.retain(|d| !matches!(d.code, Code::BudgetL1 | Code::BudgetL2 | Code::BudgetResource));
    skill.diagnostics.extend(budget_diagnostics(skill, &levels, budgets));
    crate::diagnostic::sort(&mut skill.diagnostics);
    skill.tokens = Some(levels);
}

pub fn add_listing_diagnostic(catalogue: &mut Catalogue) {
    catalogue.diagnostics.retain(|d| d.code != Code::BudgetListing);
    let listings = listings(catalogue);
    let translated = listings.len() > 1;
    for (locale, listing) in listings {
        if listing.total_l1 <= listing.budget {
            continue;
        }
        let skills = listing_count(catalogue, &locale);
        let which = if translated { format!("the `{locale}` skills' L1 entries") } else { "all skills' L1 entries".to_string() };
        catalogue.diagnostics.push(
            Diagnostic::new(
                Code::BudgetListing,
                Severity::Warning,
                "",
                Position::START,
                format!(
                    "{which} take {} tokens, over the listing budget of {}: {} of {skills} skills would not be listed",
                    listing.total_l1, listing.budget, listing.skills_lost
                ),
            )
            .with_hint("shorten descriptions, split the catalogue per agent, or raise `budgets.listing` if your runtime lists more"),
        );
    }
    crate::diagnostic::sort(&mut catalogue.diagnostics);
}

/// How many skills the listing of `locale` holds (see [`listings`]).
fn listing_count(catalogue: &Catalogue, locale: &str) -> usize {
    let source = locale == catalogue.settings.translations.source_locale;
    catalogue
        .skills
        .iter()
        .filter(|s| if source { s.translation_of.is_none() } else { s.translation_of.is_some() && s.locale == locale })
        .count()
}
