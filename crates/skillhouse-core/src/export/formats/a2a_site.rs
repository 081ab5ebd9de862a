//! Each published card at the path an A2A client resolves: `agents/<agent>/.well-known/agent-card.json`
//! (the layout `skillhouse serve` uses), and, when exactly one card is published, also at the
//! site's own `.well-known/agent-card.json`.

use super::Output;
use crate::catalogue::Catalogue;
use crate::export::{published_cards, Content, Entry, Options, PublishedCard};

pub(crate) const ROOT_CARD: &str = ".well-known/agent-card.json";

/// Where an agent's card is published inside the export.
pub(crate) fn card_path(agent: &str) -> String {
    format!("agents/{agent}/{ROOT_CARD}")
}

/// The card files for the cards given.
pub(crate) fn site(cards: &[PublishedCard]) -> Vec<Entry> {
    let mut entries: Vec<Entry> =
        cards.iter().map(|c| Entry { path: card_path(&c.agent), content: Content::Bytes(c.bytes.clone()) }).collect();
    if let [only] = cards {
        entries.push(Entry { path: ROOT_CARD.into(), content: Content::Bytes(only.bytes.clone()) });
    }
    entries
}

/// The site publishes cards, not skill files; a card's skills are still named when
/// specification readers would refuse them, since a caller that loads a card's skills meets them.
pub(super) fn output(catalogue: &Catalogue, options: &Options, portable: bool) -> Result<Output, crate::card::CardError> {
    let (cards, left_out) = published_cards(catalogue, options.include_unapproved)?;
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
    Ok(Output { entries: site(&cards), left_out, refusals })
}
