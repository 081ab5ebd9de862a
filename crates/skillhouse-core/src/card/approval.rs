//! Approved cards and the approval log, kept as files in the catalogue so they travel with it in
//! git: `cards/<agent>.json` holds the approved 1.0 card, `cards/approvals.json` every approval.

use serde::{Deserialize, Serialize};
use std::fs;
use std::path::{Path, PathBuf};

pub const FOLDER: &str = "cards";
pub const LOG: &str = "cards/approvals.json";
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Approval {
    pub agent: String,
    pub version: String,
    /// sha256 of the approved card's bytes as written to `cards/<agent>.json`.
    pub sha256: String,
    pub approved_by: String,
    /// RFC 3339, UTC.
    pub approved_at: String,
    /// The approval's signatures of the card (`AgentCard.signatures[]` entries), one per signing
    /// key the approver holds (two while a key is being rotated); none when the catalogue has
    /// no signing key.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, type = "Array<{ protected: string, signature: string }>")]
    pub signatures: Vec<serde_json::Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Log {
    pub approvals: Vec<Approval>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Never approved.
    Unapproved,
    /// The current card is byte for byte the approved one.
    Approved,
    /// Approved once, changed since: needs approval again.
    Changed,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Unapproved => "not approved",
            Status::Approved => "approved",
            Status::Changed => "changed since approval",
        }
    }
}

pub fn card_path(root: &Path, agent: &str) -> PathBuf {
    root.join(FOLDER).join(format!("{agent}.json"))
}

#[derive(Debug, thiserror::Error)]
pub enum LogError {
    #[error("{file} could not be read: {source}")]
    Read { file: String, source: std::io::Error },
    #[error("{file} is not a valid approval log: {message}")]
    Invalid { file: String, message: String },
}

/// The approval log; a missing log is an empty one, a broken one is an error (never silently empty).
pub fn read_log(root: &Path) -> Result<Log, LogError> {
    match fs::read(root.join(LOG)) {
        Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| LogError::Invalid { file: LOG.into(), message: e.to_string() }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Log::default()),
        Err(source) => Err(LogError::Read { file: LOG.into(), source }),
    }
}

impl Log {
    pub fn last_for(&self, agent: &str) -> Option<&Approval> {
        self.approvals.iter().rev().find(|a| a.agent == agent)
    }
}

/// The last approved card of an agent, if its file exists and matches the log's digest.
pub fn approved_card(root: &Path, log: &Log, agent: &str) -> Option<(Approval, serde_json::Value)> {
    let last = log.last_for(agent)?;
    let bytes = fs::read(card_path(root, agent)).ok()?;
    if crate::files::sha256_hex(&bytes) != last.sha256 {
        return None; // the file was edited by hand after approval: it proves nothing
    }
    Some((last.clone(), serde_json::from_slice(&bytes).ok()?))
}
