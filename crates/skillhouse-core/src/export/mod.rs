//! Exports: the Skillhouse bundle (`registry.json` beside the skill folders and approved cards)
//! and the same catalogue in the formats other tools read, written as a folder, a `.tar.gz` or a
//! `.zip`; and the way back: verifying a bundle and importing it.
//!
//! Every export is a sorted list of [`Entry`]s computed from a loaded catalogue; the writers in
//! `archive` turn that list into bytes the same way every time (sorted paths, fixed modes, owners
//! and times). No clock is read here: a time goes in only through [`Options::time`].

pub mod archive;
pub mod bundle;
pub mod formats;
pub mod import;
pub mod outputs;
pub mod portable;
pub mod verify;

use crate::catalogue::Catalogue;
use crate::diagnostic::Diagnostic;
use crate::skill::Skill;
use crate::tokens::{self, Levels};
use std::cell::OnceCell;
use std::path::PathBuf;

/// One file of an export, by its `/`-separated path inside the output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub path: String,
    pub content: Content,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    /// Generated text (indexes, manifests, cards).
    Bytes(Vec<u8>),
    /// A file copied from the catalogue, read when it is written (so large catalogues are not
    /// held in memory).
    File(PathBuf),
}

/// What to export.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    /// `registry.json`, the skill folders and the approved cards.
    Bundle,
    /// `.well-known/agent-skills/index.json` and the files, for the `skills` CLI.
    WellKnown,
    /// `.claude-plugin/marketplace.json` with the skills and agents.
    Marketplace,
    /// `.well-known/ai-catalog.json` listing the approved cards and the skills.
    AiCatalog,
    /// Each approved card at its well-known path.
    A2aSite,
    /// The `<available_skills>` block.
    Prompt,
    /// ADR-017's `extracted-skills-registry.json` and `component-counts.json`.
    Legacy,
}

/// How an export is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
pub enum Packaging {
    Folder,
    TarGz,
    Zip,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(rename = "ExportOptions")]
pub struct Options {
    /// Include cards that are not approved (they are left out, and named, otherwise).
    pub include_unapproved: bool,
    /// Refuse a catalogue with warnings too, not only one with errors.
    pub deny_warnings: bool,
    /// An RFC 3339 time to record (`updatedAt`, `generatedAt`); none is recorded without it.
    #[ts(optional)]
    pub time: Option<String>,
    /// Where the export will be published (`https://host/base`), for formats that hold URLs.
    #[ts(optional)]
    pub base_url: Option<String>,
    /// Publish skills that specification readers would refuse with their frontmatter in the
    /// specification's form (`export::portable`), in the formats those readers take. The
    /// catalogue is not changed, and the bundle keeps the catalogue's bytes.
    pub portable: bool,
    /// The locale the publishing formats publish (default: the source locale): each skill's
    /// translation in it where there is one, else the skill itself. The bundle carries every
    /// locale whatever this is.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<String>,
}

/// A card an export leaves out, and why (shown to the person exporting).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
pub struct LeftOut {
    pub agent: String,
    pub reason: String,
}

/// An agent's card as exports publish it.
#[derive(Debug, Clone, PartialEq)]
pub struct PublishedCard {
    pub agent: String,
    /// The 1.0 card's bytes: the approved card, with the approval's signatures when it is signed.
    pub bytes: Vec<u8>,
    /// Of `bytes`.
    pub sha256: String,
    pub version: String,
    pub approved: bool,
    /// Signatures the published card carries (each verifies against the published key set).
    pub signatures: usize,
}

/// What an export publishes of the agents: their cards, the cards left out and why, and the
/// key set that verifies the signed ones.
#[derive(Debug, Clone, PartialEq)]
pub struct Publication {
    pub cards: Vec<PublishedCard>,
    pub left_out: Vec<LeftOut>,
    /// The bytes of the catalogue's `cards/jwks.json`, when a published card is signed.
    pub key_set: Option<Vec<u8>>,
    /// Signatures left off because they no longer verify (a key removed after rotation).
    pub warnings: Vec<String>,
}

/// The cards an export publishes: every agent's approved card (as approved, with the signatures
/// that verify against `cards/jwks.json`), and, with `include_unapproved`, the current card of
/// the others. A signed card none of whose signatures verify is left out, and named, as is a
/// card that is not approved. `keys_at` is where the export puts the key set: with a base URL,
/// each signature's `jku` names it there (`signing::with_jku`).
pub fn publication(catalogue: &Catalogue, options: &Options, keys_at: &str) -> Result<Publication, crate::card::CardError> {
    use crate::card::signing::{self, Outcome};
    use crate::card::Status;
    let mut out = Publication { cards: Vec::new(), left_out: Vec::new(), key_set: None, warnings: Vec::new() };
    let jku = options.base_url.as_deref().filter(|b| !b.is_empty()).map(|b| formats::url_join(b, keys_at));
    for review in crate::card::review_all(catalogue)? {
        let version = review.card["version"].as_str().unwrap_or_default().to_string();
        match (review.status, &review.approval) {
            (Status::Approved, Some(approval)) if !approval.signatures.is_empty() => {
                if let Some(problem) = &review.signing.key_set_problem {
                    return Err(crate::card::CardError::KeySet(problem.clone()));
                }
                let kept: Vec<serde_json::Value> = review
                    .signing
                    .checks
                    .iter()
                    .filter(|c| c.outcome == Outcome::Verified)
                    .filter_map(|c| approval.signatures.get(c.index).cloned())
                    .collect();
                let failed: Vec<&str> =
                    review.signing.checks.iter().filter(|c| c.outcome != Outcome::Verified).map(|c| c.message.as_str()).collect();
                if kept.is_empty() {
                    out.left_out.push(LeftOut {
                        agent: review.agent.clone(),
                        reason: format!(
                            "the approval is signed, but no signature verifies against {} ({}); approve the card again with a key in it",
                            crate::card::jwks::FILE,
                            failed.join("; ")
                        ),
                    });
                    continue;
                }
                if !failed.is_empty() {
                    out.warnings.push(format!(
                        "the card of `{}` is published without {} signature(s): {}",
                        review.agent,
                        failed.len(),
                        failed.join("; ")
                    ));
                }
                let mut card = signing::with_signatures(&review.card, kept.clone());
                if let Some(jku) = &jku {
                    card = signing::with_jku(&card, jku);
                }
                let bytes = crate::card::to_bytes(&card);
                out.cards.push(PublishedCard {
                    agent: review.agent,
                    sha256: crate::files::sha256_hex(&bytes),
                    bytes,
                    version,
                    approved: true,
                    signatures: kept.len(),
                });
            }
            (Status::Approved, Some(approval)) => out.cards.push(PublishedCard {
                agent: review.agent,
                bytes: review.json.into_bytes(),
                sha256: approval.sha256.clone(),
                version,
                approved: true,
                signatures: 0,
            }),
            _ if options.include_unapproved => out.cards.push(PublishedCard {
                agent: review.agent,
                bytes: review.json.into_bytes(),
                sha256: review.sha256,
                version,
                approved: false,
                signatures: 0,
            }),
            (Status::Changed, _) => out.left_out.push(LeftOut {
                agent: review.agent,
                reason: "the card changed since it was approved; approve it again, or export with unapproved cards included".into(),
            }),
            _ => out.left_out.push(LeftOut {
                agent: review.agent,
                reason: "the card is not approved; approve it in the Agent Cards view or with `skillhouse card AGENT --approve`".into(),
            }),
        }
    }
    if out.cards.iter().any(|c| c.signatures > 0) {
        out.key_set = crate::card::jwks::read_bytes(&catalogue.root).map_err(crate::card::CardError::KeySet)?;
    }
    Ok(out)
}

/// An export computed from a catalogue, ready to be written by `archive::write`.
#[derive(Debug, Clone, PartialEq)]
pub struct Export {
    /// Sorted by path; every path is unique.
    pub entries: Vec<Entry>,
    pub left_out: Vec<LeftOut>,
    /// Things the person exporting should know that do not stop the export.
    pub warnings: Vec<String>,
    /// Published skills that specification readers would refuse as the catalogue holds them.
    pub refusals: Vec<portable::Refusal>,
}

/// Why an export, a write, a verification or an import could not run. Each variant has a stable
/// code (`ExportError::code`), which is also the `AppError` code the app branches on.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("the catalogue has {errors} error(s) and {warnings} warning(s), so it is not exported: {first}{more}; run `skillhouse validate` to see them all, and fix them before exporting", first = first.join("; "), more = if *errors + *warnings > first.len() { "; …" } else { "" })]
    HasErrors { errors: usize, warnings: usize, first: Vec<String> },
    #[error("the catalogue has {warnings} warning(s) and warnings are refused here: {first}{more}; run `skillhouse validate` to see them all, or export without --deny-warnings", first = first.join("; "), more = if *warnings > first.len() { "; …" } else { "" })]
    HasWarnings { warnings: usize, first: Vec<String> },
    #[error("{0}")]
    InvalidOption(String),
    #[error("`{}` already exists and was not written by an export (it holds {found}); choose another output, or empty it first", path.display())]
    OutputExists { path: PathBuf, found: String },
    #[error("`{}` cannot be read as a bundle: {reason}", path.display())]
    NotABundle { path: PathBuf, reason: String },
    #[error("the import was refused: {0}")]
    ImportRefused(String),
    #[error(transparent)]
    Card(#[from] crate::card::CardError),
    #[error("{what} failed: {source}")]
    Io { what: String, source: std::io::Error },
}

impl ExportError {
    /// The stable code of this error (also the `AppError` code).
    pub fn code(&self) -> crate::error_code::ErrorCode {
        use crate::error_code::ErrorCode;
        match self {
            ExportError::HasErrors { .. } => ErrorCode::ExportHasErrors,
            ExportError::HasWarnings { .. } => ErrorCode::ExportHasWarnings,
            ExportError::InvalidOption(_) => ErrorCode::ExportInvalidOption,
            ExportError::OutputExists { .. } => ErrorCode::ExportOutputExists,
            ExportError::NotABundle { .. } => ErrorCode::ExportNotABundle,
            ExportError::ImportRefused(_) => ErrorCode::ExportImportRefused,
            ExportError::Card(_) => ErrorCode::ExportCardsUnreadable,
            ExportError::Io { .. } => ErrorCode::Io,
        }
    }

    pub(crate) fn io(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> ExportError {
        let what = what.into();
        move |source| ExportError::Io { what, source }
    }
}

/// How many problems an export refusal names.
const NAMED_PROBLEMS: usize = 3;

fn named(d: &Diagnostic) -> String {
    let place = if d.file.is_empty() { String::new() } else { format!("{}:{}: ", d.file, d.line) };
    format!("{place}{} {}", d.code, d.message)
}

/// Refuses a catalogue with errors (and, with `deny_warnings`, one with warnings).
pub fn check_exportable(catalogue: &Catalogue, options: &Options) -> Result<(), ExportError> {
    let counts = catalogue.counts();
    let mut all: Vec<&Diagnostic> = catalogue.all_diagnostics().collect();
    all.sort_by(|a, b| b.is_error().cmp(&a.is_error()).then_with(|| a.sort_key().cmp(&b.sort_key())));
    if counts.errors > 0 {
        let first = all.iter().filter(|d| d.is_error()).take(NAMED_PROBLEMS).map(|d| named(d)).collect();
        return Err(ExportError::HasErrors { errors: counts.errors, warnings: counts.warnings, first });
    }
    if options.deny_warnings && counts.warnings > 0 {
        let first = all.iter().take(NAMED_PROBLEMS).map(|d| named(d)).collect();
        return Err(ExportError::HasWarnings { warnings: counts.warnings, first });
    }
    Ok(())
}

/// Checks `Options::time` and returns it as seconds since 1970 (what archives record).
pub fn parse_time(time: &str) -> Result<i64, ExportError> {
    let bad = || ExportError::InvalidOption(format!("`{time}` is not an RFC 3339 time; write it like 2026-12-01T09:30:00Z"));
    let re = regex::Regex::new(r"^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$")
        .expect("the pattern compiles");
    let c = re.captures(time).ok_or_else(bad)?;
    let n = |i: usize| c.get(i).map(|m| m.as_str().parse::<i64>().unwrap_or(-1)).unwrap_or(0);
    let (y, mo, d, h, mi, s) = (n(1), n(2), n(3), n(4), n(5), n(6));
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 60 {
        return Err(bad());
    }
    // Days from the civil date (Howard Hinnant's algorithm), so no calendar crate is needed.
    let (yy, mm) = if mo <= 2 { (y - 1, mo + 9) } else { (y, mo - 3) };
    let era = yy.div_euclid(400);
    let yoe = yy - era * 400;
    let doy = (153 * mm + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    let offset = match c.get(9).map(|m| m.as_str()) {
        Some(sign) => (n(10) * 3600 + n(11) * 60) * if sign == "-" { -1 } else { 1 },
        None => 0,
    };
    Ok(days * 86_400 + h * 3600 + mi * 60 + s - offset)
}

/// Computes an export of a loaded catalogue (with token counts, see `budget::load_counted`;
/// missing counts are made here). Refuses a catalogue with errors, and one with warnings when
/// `deny_warnings` is set. Nothing is written: see `archive::write`.
pub fn export(catalogue: &Catalogue, target: Target, options: &Options) -> Result<Export, ExportError> {
    check_exportable(catalogue, options)?;
    let localized = match (&options.locale, target) {
        (Some(locale), t) if t != Target::Bundle => catalogue.in_locale(locale).map_err(ExportError::InvalidOption)?,
        _ => std::borrow::Cow::Borrowed(catalogue),
    };
    let catalogue = localized.as_ref();
    if let Some(time) = &options.time {
        parse_time(time)?;
    }
    let mut export = match target {
        Target::Bundle => bundle::entries(catalogue, options)?,
        other => {
            let output = formats::entries(catalogue, other, options)?;
            Export { entries: output.entries, left_out: output.left_out, warnings: output.warnings, refusals: output.refusals }
        }
    };
    export.entries.sort_by(|a, b| a.path.cmp(&b.path));
    if let Some(pair) = export.entries.windows(2).find(|w| w[0].path == w[1].path) {
        return Err(ExportError::InvalidOption(format!("two files of the export have the same path `{}`", pair[0].path)));
    }
    Ok(export)
}

/// The token counts an export prints: the catalogue's own where it counted them, else counted
/// here, so a catalogue loaded without counting still exports with counts.
pub(crate) struct SkillCounts<'a> {
    catalogue: &'a Catalogue,
    /// Counted at the first skill that needs it: a counted catalogue never does.
    fragment_tokens: OnceCell<u64>,
}

impl<'a> SkillCounts<'a> {
    pub(crate) fn new(catalogue: &'a Catalogue) -> Self {
        SkillCounts { catalogue, fragment_tokens: OnceCell::new() }
    }

    pub(crate) fn levels(&self, skill: &Skill) -> Levels {
        if let Some(levels) = &skill.tokens {
            return levels.clone();
        }
        let fragment_tokens = *self.fragment_tokens.get_or_init(|| self.catalogue.fragment.as_deref().map(tokens::count).unwrap_or(0));
        let disclosure = skill.disclosure(&self.catalogue.root);
        tokens::count_skill(&disclosure, fragment_tokens, &tokens::Cache::new(), &Default::default(), &mut Vec::new())
    }
}
