//! A2A agent cards: generation from the catalogue, the 0.3 and legacy dialects, review checks,
//! approval and a semantic diff against the approved card.

pub mod approval;
pub mod config;
pub mod dialect;
pub mod diff;
pub mod generate;
pub mod jwks;
pub mod review;
pub mod routing;
pub mod signing;

use crate::catalogue::Catalogue;
use crate::diagnostic::{Counts, Diagnostic};
pub use approval::{Approval, Status};
pub use dialect::Dialect;
pub use diff::Change;
pub use generate::{CardContext, Generated, SourceKind, ValueSource};
use serde::Serialize;
use serde_json::Value;

pub const SCHEMA_FILE: &str = "a2a-agent-card-1.0.schema.json";

pub fn schema() -> jsonschema::Validator {
    jsonschema::draft202012::new(&crate::schema::json(SCHEMA_FILE)).expect("the embedded agent card schema compiles")
}

/// A running card server, as the app shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
pub struct ServerInfo {
    /// `http://127.0.0.1:<port>`
    pub url: String,
    pub port: u16,
    /// The agent served at the root paths.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent: Option<String>,
    pub dialect: Dialect,
}

/// One agent's card with everything a reviewer needs.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CardReview {
    pub agent: String,
    pub agent_file: String,
    /// The 1.0 card.
    #[ts(type = "unknown")]
    pub card: Value,
    /// The exact bytes that approval writes and whose sha256 it records.
    pub json: String,
    pub sha256: String,
    pub publish: bool,
    pub sources: Vec<ValueSource>,
    pub diagnostics: Vec<Diagnostic>,
    pub status: Status,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approval: Option<Approval>,
    /// Changes from the approved card (empty when never approved).
    pub changes: Vec<Change>,
    /// The approval's signatures, checked against the catalogue's `cards/jwks.json`.
    pub signing: Signing,
}

/// Whether the approved card is signed, and by which keys, as a reviewer checks it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Signing {
    /// Public keys in `cards/jwks.json`; with none, approvals are not signed.
    pub keys: usize,
    /// Why `cards/jwks.json` could not be read: no signature is checked until it is fixed.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key_set_problem: Option<String>,
    /// Each signature of the approved card, in order (none when it is not signed).
    pub checks: Vec<signing::SignatureCheck>,
}

impl Signing {
    /// The approved card's signatures checked against the key set (or why they could not be).
    fn of(approved: Option<&(Approval, Value)>, keys: &Result<Option<signing::Jwks>, String>) -> Signing {
        let count = keys.as_ref().ok().and_then(|k| k.as_ref()).map_or(0, |k| k.keys.len());
        let problem = keys.as_ref().err().cloned();
        let checks = match (approved, keys) {
            (Some((record, card)), Ok(set)) if !record.signatures.is_empty() => {
                let empty = signing::Jwks::default();
                let source = match set {
                    Some(_) => format!("the catalogue's {}", jwks::FILE),
                    None => format!("the catalogue's {} (there is none)", jwks::FILE),
                };
                let card = signing::with_signatures(card, record.signatures.clone());
                signing::verify(&card, set.as_ref().unwrap_or(&empty), &source).unwrap_or_default()
            }
            _ => Vec::new(),
        };
        Signing { keys: count, key_set_problem: problem, checks }
    }

    /// Every signature verified (and there is at least one).
    pub fn verified(&self) -> bool {
        !self.checks.is_empty() && self.checks.iter().all(|c| c.outcome == signing::Outcome::Verified)
    }
}

impl CardReview {
    pub fn counts(&self) -> Counts {
        Counts::of(&self.diagnostics)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CardError {
    #[error("there is no agent `{0}` in this catalogue")]
    UnknownAgent(String),
    #[error(transparent)]
    Log(#[from] approval::LogError),
    #[error("the card of `{agent}` has {errors} error(s); fix them before approving")]
    HasErrors { agent: String, errors: usize },
    #[error("{what} failed: {source}")]
    Io { what: String, source: std::io::Error },
    #[error("the card of `{agent}` cannot be signed: {reason}")]
    Unsignable { agent: String, reason: String },
    #[error("the card signing keys cannot be checked: {0}; fix or remove the file, then export again")]
    KeySet(String),
    #[error("`{agent}` has no approved card that is still current: approve it first (skillhouse card {agent} --approve)")]
    NotApproved { agent: String },
}

/// Cards are written with object keys sorted and two-space indentation, so that the same card is
/// always the same bytes (and so the same sha256), whatever order the settings were written in.
pub fn to_bytes(value: &Value) -> Vec<u8> {
    let mut text = serde_json::to_string_pretty(&sorted(value)).expect("a JSON value serialises");
    text.push('\n');
    text.into_bytes()
}

fn sorted(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k.clone(), sorted(v))).collect())
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

/// Reviews the cards of every agent, in the catalogue's agent order.
pub fn review_all(catalogue: &Catalogue) -> Result<Vec<CardReview>, CardError> {
    let cx = CardContext::new(catalogue);
    let log = approval::read_log(&catalogue.root)?;
    let keys = jwks::read(&catalogue.root);
    let schema = schema();
    Ok(catalogue.agents.iter().map(|a| review_with(&cx, &log, &keys, &schema, &a.name)).collect())
}

pub fn review(catalogue: &Catalogue, agent: &str) -> Result<CardReview, CardError> {
    catalogue.agent(agent).ok_or_else(|| CardError::UnknownAgent(agent.into()))?;
    let cx = CardContext::new(catalogue);
    let log = approval::read_log(&catalogue.root)?;
    Ok(review_with(&cx, &log, &jwks::read(&catalogue.root), &schema(), agent))
}

fn review_with(
    cx: &CardContext<'_>,
    log: &approval::Log,
    keys: &Result<Option<signing::Jwks>, String>,
    schema: &jsonschema::Validator,
    name: &str,
) -> CardReview {
    let agent = cx.catalogue.agent(name).expect("the caller checked the agent exists");
    let generated = cx.generate(agent);
    let approved = approval::approved_card(&cx.catalogue.root, log, name);
    let diagnostics = review::check(&generated, approved.as_ref().map(|(_, card)| card), schema);
    let bytes = to_bytes(&generated.card);
    let sha256 = crate::files::sha256_hex(&bytes);
    let (status, changes) = match &approved {
        Some((a, _)) if a.sha256 == sha256 => (Status::Approved, Vec::new()),
        Some((_, card)) => (Status::Changed, diff::diff(card, &generated.card)),
        None if log.last_for(name).is_some() => (Status::Changed, Vec::new()),
        None => (Status::Unapproved, Vec::new()),
    };
    let signing = Signing::of(approved.as_ref(), keys);
    CardReview {
        agent: generated.agent.clone(),
        agent_file: generated.agent_file.clone(),
        json: String::from_utf8(bytes).expect("JSON is UTF-8"),
        card: generated.card.clone(),
        sha256,
        publish: generated.publish,
        sources: generated.sources,
        diagnostics,
        status,
        approval: approved.map(|(a, _)| a),
        changes,
        signing,
    }
}

/// The card of one agent in a dialect, as bytes ready to write or serve.
pub fn render(catalogue: &Catalogue, agent: &str, dialect: Dialect) -> Result<(Vec<u8>, CardReview), CardError> {
    let review = review(catalogue, agent)?;
    let cx = CardContext::new(catalogue);
    let generated = cx.generate(catalogue.agent(agent).expect("reviewed above"));
    let value = dialect::render(&generated, dialect, &cx.settings.legacy);
    Ok((to_bytes(&value), review))
}

/// Approves the current card of `agent`: writes `cards/<agent>.json` and appends to the log,
/// with a signature by each of `keys` (the private keys the approver holds of those in
/// `cards/jwks.json`). Refused while the card has errors, and when the catalogue publishes keys
/// but the approver holds none of them. `by` and `at` come from the caller (no clock in the core).
pub fn approve(catalogue: &Catalogue, agent: &str, by: &str, at: &str, keys: &[signing::SigningKey]) -> Result<Approval, CardError> {
    let review = review(catalogue, agent)?;
    let errors = review.counts().errors;
    if errors > 0 {
        return Err(CardError::HasErrors { agent: agent.into(), errors });
    }
    let unsignable = |reason: String| CardError::Unsignable { agent: agent.into(), reason };
    if keys.is_empty() {
        // A catalogue with published keys has chosen signed approvals: an approval nobody can
        // verify would pass for one that was never meant to be signed.
        let published = jwks::read(&catalogue.root).map_err(unsignable)?.map_or(0, |set| set.keys.len());
        if published > 0 {
            return Err(unsignable(format!(
                "this catalogue signs approvals ({} holds {published} key(s)) and you hold the private key of none of them; make yours with `skillhouse keys new` (it adds your public key), or approve where your key is kept",
                jwks::FILE
            )));
        }
    }
    let signatures = if keys.is_empty() {
        Vec::new()
    } else {
        let card: Value = serde_json::from_str(&review.json).map_err(|e| unsignable(e.to_string()))?;
        signing::sign(&card, keys, None).map_err(|e| unsignable(e.to_string()))?
    };
    let root = &catalogue.root;
    let mut log = approval::read_log(root)?;
    let record = Approval {
        agent: agent.into(),
        version: review.card["version"].as_str().unwrap_or_default().into(),
        sha256: review.sha256.clone(),
        approved_by: by.into(),
        approved_at: at.into(),
        signatures,
    };
    let io = |what: &str| {
        let what = what.to_string();
        move |source| CardError::Io { what, source }
    };
    std::fs::create_dir_all(root.join(approval::FOLDER)).map_err(io("creating the cards folder"))?;
    crate::files::write_atomically(&approval::card_path(root, agent), review.json.as_bytes()).map_err(io("writing the approved card"))?;
    log.approvals.push(record.clone());
    crate::files::write_atomically(&root.join(approval::LOG), &to_bytes(&serde_json::to_value(&log).expect("log serialises")))
        .map_err(io("writing cards/approvals.json"))?;
    Ok(record)
}

/// The approved card of `agent` as it is published: the approved bytes' card with the approval's
/// signatures, refused when the card changed since it was approved.
pub fn signed(catalogue: &Catalogue, agent: &str) -> Result<(Approval, Value), CardError> {
    let root = &catalogue.root;
    let log = approval::read_log(root)?;
    let current = review(catalogue, agent)?;
    let (record, card) = approval::approved_card(root, &log, agent)
        .filter(|(a, _)| a.sha256 == current.sha256)
        .ok_or_else(|| CardError::NotApproved { agent: agent.into() })?;
    let card = if record.signatures.is_empty() { card } else { signing::with_signatures(&card, record.signatures.clone()) };
    Ok((record, card))
}
