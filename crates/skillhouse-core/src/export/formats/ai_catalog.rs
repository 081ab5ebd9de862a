//! An AI Catalog (`/.well-known/ai-catalog.json`, media type `application/ai-catalog+json`,
//! spec version 1.0) listing each published agent card and each skill.
//!
//! - Identifiers are `urn:air:<publisher>:a2a:<agent>` and `urn:air:<publisher>:skill:<name>`,
//!   where the publisher is the host of `provider.url` in `skillhouse.yaml`, else the host of
//!   the base URL, else `localhost` (a placeholder that says "not published yet").
//! - With a base URL every entry has a `url`: cards at `<base>/agents/<agent>/.well-known/agent-card.json`
//!   and skills (`application/agent-skills+md`) at `<base>/.well-known/agent-skills/<name>/SKILL.md`,
//!   each with the `sha256:` digest of the bytes served there.
//! - Without one, entries carry their document inline (`data`): a card is the card itself (with
//!   its digest); a skill is `application/agent-skills+json` metadata, the same
//!   `{name, description, files}` object as in the well-known index, since inlining every
//!   `SKILL.md` would put the whole catalogue in one file.
//! - The export also holds the card files and the well-known skill files, so that publishing the
//!   folder at the base URL makes every `url` resolve.
//! - `updatedAt` appears only when the export is given a time.

use super::{a2a_site, host_of, json_bytes, published_skills, refusals, url_join, well_known, Output};
use crate::catalogue::Catalogue;
use crate::export::{publication, Content, Entry, Options};
use serde_json::{json, Map, Value};

pub(crate) const FILE: &str = ".well-known/ai-catalog.json";
pub(crate) const CARD_TYPE: &str = "application/a2a-agent-card+json";
pub(crate) const SKILL_MD_TYPE: &str = "application/agent-skills+md";
pub(crate) const SKILL_JSON_TYPE: &str = "application/agent-skills+json";

pub(super) fn output(catalogue: &Catalogue, options: &Options, portable: bool) -> Result<Output, crate::card::CardError> {
    let crate::export::Publication { cards, left_out, key_set, warnings } = publication(catalogue, options, a2a_site::KEY_SET)?;
    let skills = published_skills(catalogue, portable);
    let provider = catalogue.settings.provider.as_ref();
    let base = options.base_url.as_deref().filter(|b| !b.is_empty());
    let publisher_host = provider.and_then(|p| host_of(&p.url)).or_else(|| base.and_then(host_of)).unwrap_or_else(|| "localhost".into());
    let publisher = provider.map(|p| json!({ "identifier": publisher_host, "displayName": p.organization }));

    let finish_entry = |mut entry: Map<String, Value>| {
        if let Some(time) = &options.time {
            entry.insert("updatedAt".into(), Value::from(time.clone()));
        }
        if let Some(publisher) = &publisher {
            entry.insert("publisher".into(), publisher.clone());
        }
        entry
    };

    let mut list: Vec<(String, Map<String, Value>)> = Vec::new();
    for card in &cards {
        let identifier = format!("urn:air:{publisher_host}:a2a:{}", card.agent);
        let document: Value = serde_json::from_slice(&card.bytes).unwrap_or(Value::Null);
        let mut entry = Map::new();
        entry.insert("identifier".into(), Value::from(identifier.clone()));
        entry.insert("type".into(), Value::from(CARD_TYPE));
        match base {
            Some(base) => entry.insert("url".into(), Value::from(url_join(base, &a2a_site::card_path(&card.agent)))),
            None => entry.insert("data".into(), document.clone()),
        };
        if let Some(description) = document.get("description").and_then(Value::as_str) {
            entry.insert("description".into(), Value::from(description));
        }
        if !card.version.is_empty() {
            entry.insert("version".into(), Value::from(card.version.clone()));
        }
        entry.insert("digest".into(), Value::from(format!("sha256:{}", card.sha256)));
        list.push((identifier, finish_entry(entry)));
    }
    for p in &skills {
        let identifier = format!("urn:air:{publisher_host}:skill:{}", p.folder);
        let mut entry = Map::new();
        entry.insert("identifier".into(), Value::from(identifier.clone()));
        match base {
            Some(base) => {
                entry.insert("type".into(), Value::from(SKILL_MD_TYPE));
                let path = format!("{}/{}/{}", well_known::PREFIX, p.folder, crate::scan::SKILL_FILE);
                entry.insert("url".into(), Value::from(url_join(base, &path)));
            }
            None => {
                entry.insert("type".into(), Value::from(SKILL_JSON_TYPE));
                entry.insert("data".into(), well_known::index_entry(p));
            }
        }
        entry.insert("description".into(), Value::from(p.skill.description.clone()));
        if !p.skill.tags.is_empty() {
            entry.insert("tags".into(), json!(p.skill.tags));
        }
        if let Some(version) = p.skill.frontmatter.pointer("/metadata/version").and_then(Value::as_str) {
            entry.insert("version".into(), Value::from(version));
        }
        let sha256 = p.skill_md_sha256();
        if base.is_some() && !sha256.is_empty() {
            // The digest of the bytes served, which a portable rewrite changes.
            entry.insert("digest".into(), Value::from(format!("sha256:{sha256}")));
        }
        list.push((identifier, finish_entry(entry)));
    }
    list.sort_by(|a, b| a.0.cmp(&b.0));

    let mut catalog = Map::new();
    catalog.insert("specVersion".into(), Value::from("1.0"));
    if let Some(p) = provider {
        catalog.insert("host".into(), json!({ "displayName": p.organization, "identifier": publisher_host }));
    }
    catalog.insert("entries".into(), Value::Array(list.into_iter().map(|(_, e)| Value::Object(e)).collect()));

    let mut entries = vec![Entry { path: FILE.into(), content: Content::Bytes(json_bytes(&Value::Object(catalog))) }];
    entries.extend(a2a_site::site(&cards, key_set));
    entries.extend(well_known::site(&skills));
    Ok(Output { entries, left_out, refusals: refusals(&skills), warnings })
}
