//! What a session answers and takes: the rows, details and results a host shows, and the values
//! a form writes. These are the IPC contract (`docs/ipc.md`), exported to TypeScript with ts-rs;
//! they hold data only, so the desktop shell and any other host can share them.

use crate::diagnostic::Diagnostic;
use crate::profile::Profile;
use crate::settings::Budgets;
use crate::stats::Stats;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SkillRow {
    pub dir: String,
    pub name: String,
    pub description: String,
    pub profile: Profile,
    pub errors: usize,
    pub warnings: usize,
    pub tags: Vec<String>,
    pub l1: Option<u64>,
    pub l2: Option<u64>,
    pub l3: Option<u64>,
    pub over_budget: bool,
    /// Names of the agents that list this skill.
    pub agents: Vec<String>,
    /// The skill's locale (`translation`).
    pub locale: String,
    /// For a translation, its source's folder.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub translation_of: Option<String>,
    /// For a source, its translations, by locale.
    #[serde(default)]
    pub translations: Vec<LocaleLink>,
}

/// One translation of a skill: its locale and folder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct LocaleLink {
    pub locale: String,
    pub dir: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AgentRow {
    pub name: String,
    pub file: String,
    pub description: String,
    pub skills: Vec<String>,
    pub errors: usize,
    pub warnings: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueView {
    pub root: String,
    /// Names the order of `skills`: a [`SearchResult`] with the same revision indexes them.
    pub revision: String,
    pub skills: Vec<SkillRow>,
    pub agents: Vec<AgentRow>,
    /// Every diagnostic of the catalogue, its skills' and agents' included.
    pub diagnostics: Vec<Diagnostic>,
    pub stats: Stats,
    pub budgets: Budgets,
    /// Neither errors nor warnings: how translations were recognised, checks that were skipped.
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ResourceRow {
    pub path: String,
    pub size: u64,
    /// `None` for a binary file.
    pub tokens: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LevelTokens {
    pub l1: u64,
    pub l2: u64,
    pub l3: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DraftCheck {
    /// This file's diagnostics; lines refer to the checked text.
    pub diagnostics: Vec<Diagnostic>,
    /// The fields as JSON, `None` when the frontmatter cannot be read.
    #[ts(type = "Record<string, unknown> | null")]
    pub frontmatter: Option<serde_json::Value>,
    pub yaml_start_line: u32,
    pub body_start_line: u32,
    /// The body rendered by pulldown-cmark and sanitised by ammonia.
    pub body_html: String,
    pub tokens: LevelTokens,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SkillDetail {
    pub dir: String,
    pub file: String,
    pub name: String,
    pub profile: Profile,
    /// The whole `SKILL.md` as on disk.
    pub text: String,
    /// Of `text`, for save conflicts.
    pub sha256: String,
    /// The profile's JSON Schema, from which the form is generated.
    #[ts(type = "Record<string, unknown>")]
    pub schema: serde_json::Value,
    pub check: DraftCheck,
    pub resources: Vec<ResourceRow>,
    pub budgets: Budgets,
    pub l2_budget: u64,
    /// Symlinks in the catalogue that lead to this skill's folder ("also linked from").
    pub aliases: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SaveResult {
    pub sha256: String,
    pub detail: SkillDetail,
}

/// Payload of the `index-progress` event while a catalogue opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct IndexProgress {
    pub phase: crate::index::Phase,
    pub done: usize,
    pub total: usize,
}

/// What the app's search answers: positions in the view's skill list, which the page already
/// holds. A 10,000-hit answer is 47 KB this way, against 330 KB as folders and 2.4 MB as rows,
/// and it crosses to the page on every keystroke.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SearchResult {
    /// The [`CatalogueView::revision`] the rows index. A page holding another revision drops
    /// the answer: a newer view is on its way, and the search runs again with it.
    pub revision: String,
    /// Positions in `CatalogueView::skills`, best first.
    pub rows: Vec<u32>,
    pub snippets: Vec<SearchSnippet>,
}

/// A piece of a hit's body around the match, matches in `[brackets]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SearchSnippet {
    /// Position in `CatalogueView::skills`.
    pub row: u32,
    pub text: String,
}

/// What importing a bundle did, and the catalogue as it is afterwards.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct Imported {
    pub applied: crate::export::import::Applied,
    pub view: CatalogueView,
}

/// What taking an agent's folder into the catalogue wrote, and the catalogue re-read after it.
#[derive(Debug, Clone, Serialize, TS)]
pub struct Taken {
    pub applied: crate::agents::take::Applied,
    pub view: CatalogueView,
}

/// Payload of the `export-progress` event while an export is written: files written over all
/// the chosen formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ExportProgress {
    pub done: usize,
    pub total: usize,
}

/// What a form field writes: text, or yes/no for a boolean field (the form edits nothing else;
/// lists and maps are edited in the YAML).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum FieldValue {
    Text(String),
    Flag(bool),
}

/// What the About dialog shows: this build of the app, and the `skillhouse` CLI it starts to
/// serve over MCP, which should be the same build so that CI checks what authors see.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct About {
    pub version: String,
    /// 12 hex digits of the commit, or `unknown`.
    pub commit: String,
    /// The CLI the app runs, when one is found.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cli: Option<CliBuild>,
}

/// The `skillhouse` CLI found beside the app or on the PATH.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CliBuild {
    pub path: String,
    /// What `skillhouse --version` printed, when it answered.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version_line: Option<String>,
    /// Its version line is this app's: same version, same commit.
    pub same_build: bool,
}
