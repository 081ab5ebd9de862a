//! The well-known skills index read by the `skills` CLI (vercel-labs/skills, provider
//! `wellknown`): `.well-known/agent-skills/index.json` lists each skill's `name`, `description`
//! and `files`, and each file is served at `.well-known/agent-skills/<name>/<file>`.
//!
//! The reader requires `name` to equal the skill's folder (here it is: skills are published
//! under their name), `files` to include `SKILL.md`, and no file to start with `/` or `\` or to
//! contain `..`.

use super::{json_bytes, published_skills, refusals, skill_file_entries, Output, Published};
use crate::catalogue::Catalogue;
use crate::export::{Content, Entry};
use serde_json::json;

pub(crate) const PREFIX: &str = ".well-known/agent-skills";
pub(crate) const INDEX: &str = ".well-known/agent-skills/index.json";

/// One skill's index entry.
pub(crate) fn index_entry(p: &Published<'_>) -> serde_json::Value {
    json!({
        "name": p.folder,
        "description": p.skill.description,
        "files": p.files.iter().map(|(rel, _)| rel.as_str()).collect::<Vec<_>>(),
    })
}

/// The index and the files, for the skills given (already sorted).
pub(crate) fn site(skills: &[Published<'_>]) -> Vec<Entry> {
    let index = json!({ "skills": skills.iter().map(index_entry).collect::<Vec<_>>() });
    let mut entries = vec![Entry { path: INDEX.into(), content: Content::Bytes(json_bytes(&index)) }];
    entries.extend(skill_file_entries(skills, PREFIX));
    entries
}

pub(super) fn output(catalogue: &Catalogue, portable: bool) -> Output {
    let skills = published_skills(catalogue, portable);
    Output { entries: site(&skills), refusals: refusals(&skills), ..Output::default() }
}
