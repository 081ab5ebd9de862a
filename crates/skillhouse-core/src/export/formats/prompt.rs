//! The `<available_skills>` block (the layout of `skills-ref to-prompt`) in
//! `available_skills.xml`, with the skill folders under `skills/<name>/`. Each `<location>` is
//! `skills/<name>/SKILL.md`, relative to the export folder, rather than the absolute path on the
//! machine that exported: the block then stays true wherever the folder is unpacked (a runtime
//! that needs absolute paths joins its own install folder in front).

use super::{published_skills, skill_file_entries};
use crate::catalogue::Catalogue;
use crate::export::{Content, Entry};
use std::collections::HashMap;

pub(crate) const FILE: &str = "available_skills.xml";
const PREFIX: &str = "skills";

pub(super) fn entries(catalogue: &Catalogue) -> Vec<Entry> {
    let skills = published_skills(catalogue, false);
    let folders: HashMap<&str, &str> = skills.iter().map(|p| (p.skill.dir.as_str(), p.folder.as_str())).collect();
    let mut text = crate::prompt::available_skills_at(catalogue, |s| {
        let folder = folders.get(s.dir.as_str()).copied().unwrap_or(s.name.as_str());
        format!("{PREFIX}/{folder}/{}", crate::scan::SKILL_FILE)
    });
    text.push('\n');
    let mut entries = vec![Entry { path: FILE.into(), content: Content::Bytes(text.into_bytes()) }];
    entries.extend(skill_file_entries(&skills, PREFIX));
    entries
}
