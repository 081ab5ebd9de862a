//! Each published card at the path an A2A client resolves: `agents/<agent>/.well-known/agent-card.json`
//! (the layout `skillhouse serve` uses), and, when exactly one card is published, also at the
//! site's own `.well-known/agent-card.json`. When a card is signed, the catalogue's key set goes
//! to the site's `.well-known/jwks.json`, where each signature's `jku` points with a base URL.

use super::Output;
use crate::catalogue::Catalogue;
use crate::export::{publication, Content, Entry, Options, Publication, PublishedCard};

pub(crate) const ROOT_CARD: &str = ".well-known/agent-card.json";
/// Where the site publishes the key set its cards' signatures verify against.
pub(crate) const KEY_SET: &str = ".well-known/jwks.json";

/// Where an agent's card is published inside the export.
pub(crate) fn card_path(agent: &str) -> String {
    format!("agents/{agent}/{ROOT_CARD}")
}

/// The card files for the cards given, and the key set when one is signed.
pub(crate) fn site(cards: &[PublishedCard], key_set: Option<Vec<u8>>) -> Vec<Entry> {
    let mut entries: Vec<Entry> =
        cards.iter().map(|c| Entry { path: card_path(&c.agent), content: Content::Bytes(c.bytes.clone()) }).collect();
    if let [only] = cards {
        entries.push(Entry { path: ROOT_CARD.into(), content: Content::Bytes(only.bytes.clone()) });
    }
    if let Some(bytes) = key_set {
        entries.push(Entry { path: KEY_SET.into(), content: Content::Bytes(bytes) });
    }
    entries
}

/// The site publishes cards, not skill files; a card's skills are still named when
/// specification readers would refuse them, since a caller that loads a card's skills meets them.
pub(super) fn output(catalogue: &Catalogue, options: &Options, portable: bool) -> Result<Output, crate::card::CardError> {
    let Publication { cards, left_out, key_set, warnings } = publication(catalogue, options, KEY_SET)?;
    let mut in_cards = std::collections::BTreeSet::new();
    for card in &cards {
        let value: serde_json::Value = serde_json::from_slice(&card.bytes).unwrap_or_default();
        for skill in value["skills"].as_array().into_iter().flatten() {
            if let Some(id) = skill["id"].as_str() {
                in_cards.insert(id.to_string());
            }
        }
    }
    let skills = super::published_skills(catalogue, portable);
    let named: Vec<_> = skills.into_iter().filter(|p| in_cards.contains(&p.folder) || in_cards.contains(&p.skill.name)).collect();
    let refusals = super::refusals(&named)
        .into_iter()
        // The site carries no skill files, so nothing of the skill is rewritten here.
        .map(|mut r| {
            r.rewritten = false;
            r
        })
        .collect();
    Ok(Output { entries: site(&cards, key_set), left_out, refusals, warnings })
}
