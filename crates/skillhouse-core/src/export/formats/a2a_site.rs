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

pub(super) fn output(catalogue: &Catalogue, options: &Options) -> Result<Output, crate::card::CardError> {
    let (cards, left_out) = published_cards(catalogue, options.include_unapproved)?;
    Ok(Output { entries: site(&cards), left_out })
}
