//! A served skill as the Skills extension lists it: `SKILL.md`'s URI, the frontmatter as written,
//! every file with its digest and size, and Skillhouse's token counts in `_meta`.

use crate::address;
use crate::served::{Digests, Served, ServedSkill};
use rmcp::model::{MetaObject, Skill, SkillFrontmatter, SkillResource, SkillResources};
use serde_json::{json, Map, Value};

/// The `_meta` key of Skillhouse's token counts (o200k): `{l1, l2, l3, files: {path: tokens}}`.
pub const TOKENS_META: &str = "dev.skillhouse/tokens";

pub fn skill_uri(name: &str) -> String {
    address::uri(name, skillhouse_core::scan::SKILL_FILE)
}

/// The entry of `skill`; `None` when the extension's rules refuse it (a name it does not allow),
/// so one such skill does not make the whole listing invalid.
pub fn entry(served: &Served, skill: &ServedSkill, digests: &Digests) -> Option<Skill> {
    let mut files = Vec::with_capacity(skill.files.len());
    for file in &skill.files {
        // A file that vanished since the snapshot cannot be described; it is left out, and the
        // watcher's next snapshot lists the skill as it now is.
        let Some(digest) = served.digest(skill, file, digests) else { continue };
        files.push(SkillResource::new(address::uri(&skill.name, &file.path), format!("sha256:{digest}"), file.size));
    }
    let mut extra = skill.frontmatter.clone();
    let name = match extra.remove("name") {
        Some(Value::String(s)) => s,
        _ => skill.name.clone(),
    };
    let description = match extra.remove("description") {
        Some(Value::String(s)) => s,
        _ => skill.description.clone(),
    };
    let mut frontmatter = SkillFrontmatter::new(name, description);
    frontmatter.extra = extra;
    let entry = Skill::new(skill_uri(&skill.name), frontmatter, SkillResources::Files(files)).with_meta(tokens_meta(skill));
    entry.validate().ok().map(|()| entry)
}

pub fn tokens_meta(skill: &ServedSkill) -> MetaObject {
    let files: Map<String, Value> = skill.files.iter().filter_map(|f| Some((f.path.clone(), json!(f.tokens?)))).collect();
    let mut meta = Map::new();
    meta.insert(TOKENS_META.to_string(), json!({ "l1": skill.l1, "l2": skill.l2, "l3": skill.l3, "files": files }));
    MetaObject(meta)
}
