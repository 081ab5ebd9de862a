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
pub mod verify;

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
    /// The 1.0 card's bytes: the approved file's bytes when approved.
    pub bytes: Vec<u8>,
    pub sha256: String,
    pub version: String,
    pub approved: bool,
}

/// The cards an export publishes: every agent's approved card (as approved, byte for byte), and,
/// with `include_unapproved`, the current card of the others. The rest are named in the second
/// list with the reason.
pub fn published_cards(
    catalogue: &crate::catalogue::Catalogue,
    include_unapproved: bool,
) -> Result<(Vec<PublishedCard>, Vec<LeftOut>), crate::card::CardError> {
    use crate::card::Status;
    let mut cards = Vec::new();
    let mut left_out = Vec::new();
    for review in crate::card::review_all(catalogue)? {
        let version = review.card["version"].as_str().unwrap_or_default().to_string();
        match (review.status, review.approval) {
            (Status::Approved, Some(approval)) => cards.push(PublishedCard {
                agent: review.agent,
                bytes: review.json.into_bytes(),
                sha256: approval.sha256,
                version,
                approved: true,
            }),
            (status, _) if include_unapproved => {
                let _ = status;
                cards.push(PublishedCard {
                    agent: review.agent,
                    bytes: review.json.into_bytes(),
                    sha256: review.sha256,
                    version,
                    approved: false,
                })
            }
            (Status::Changed, _) => left_out.push(LeftOut {
                agent: review.agent,
                reason: "the card changed since it was approved; approve it again, or export with unapproved cards included".into(),
            }),
            _ => left_out.push(LeftOut {
                agent: review.agent,
                reason: "the card is not approved; approve it in the Agent Cards view or with `skillhouse card AGENT --approve`".into(),
            }),
        }
    }
    Ok((cards, left_out))
}
