//! Other tools' formats: the same catalogue laid out the way other readers expect it.
//!
//! | target | files |
//! |---|---|
//! | `well-known` | `.well-known/agent-skills/index.json` and every skill file beside it |
//! | `marketplace` | `.claude-plugin/marketplace.json`, `skills/<name>/…`, `agents/<file>.md` |
//! | `ai-catalog` | `.well-known/ai-catalog.json`, plus the cards and skill files its URLs name |
//! | `a2a-site` | `agents/<agent>/.well-known/agent-card.json` (and the root card for one agent) |
//! | `prompt` | `available_skills.xml` and the skill folders its locations name |
//! | `legacy` | ADR-017's `extracted-skills-registry.json` and `config/component-counts.json` |
//!
//! Rules every format keeps:
//! - Skill files are [`Content::File`]s, read only when written; only generated files are bytes.
//! - Generated JSON has its keys in a fixed order, two-space indentation and a final newline;
//!   no time goes in unless [`Options::time`] gives one.
//! - Entries are sorted by path and unique.
//! - Only skills that were read without errors are exported (the export itself refuses a
//!   catalogue with errors before it gets here; the filter keeps direct callers safe too).
//! - A skill is published under its `name` (which every profile requires to be lowercase
//!   letters, digits and hyphens), so a skill nested in folders (`legacy/cicd-pipeline-design`)
//!   is flattened to `<name>/`: the last folder of its path is its name, as agentskills requires.
//! - A file whose path contains `..` is left out of the exports that publish files (the
//!   well-known reader refuses such paths); such names are unusual enough not to need more.

mod a2a_site;
mod ai_catalog;
mod legacy;
mod marketplace;
mod prompt;
mod well_known;

use super::portable::{self, Refusal};
use super::{Content, Entry, LeftOut, Options, Target};
use crate::catalogue::Catalogue;
use crate::skill::Skill;
use serde_json::Value;
use std::path::PathBuf;

/// What one format produces: its files, the cards it left out (with why), and the skills it
/// publishes that specification readers would refuse as the catalogue holds them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Output {
    pub entries: Vec<Entry>,
    pub left_out: Vec<LeftOut>,
    pub refusals: Vec<Refusal>,
    /// What the person exporting should know that does not stop the export.
    pub warnings: Vec<String>,
}

/// The formats read by specification readers, which get refusals named and portable rewrites.
pub fn for_spec_readers(target: Target) -> bool {
    matches!(target, Target::WellKnown | Target::Marketplace | Target::AiCatalog | Target::A2aSite)
}

/// The files of `target` for `catalogue`.
///
/// # Panics
/// For [`Target::Bundle`], which `export::bundle` writes.
pub fn entries(catalogue: &Catalogue, target: Target, options: &Options) -> Result<Output, crate::card::CardError> {
    let portable = options.portable && for_spec_readers(target);
    let output = match target {
        Target::Bundle => panic!("the bundle is written by export::bundle, not export::formats"),
        Target::WellKnown => well_known::output(catalogue, portable),
        Target::Marketplace => marketplace::output(catalogue, portable),
        Target::AiCatalog => ai_catalog::output(catalogue, options, portable)?,
        Target::A2aSite => a2a_site::output(catalogue, options, portable)?,
        Target::Prompt => Output { entries: prompt::entries(catalogue), ..Output::default() },
        Target::Legacy => legacy::output(catalogue, options)?,
    };
    Ok(Output { entries: finish(output.entries), ..output })
}

/// Generated JSON as exports write it: keys in the order the value holds them (each format
/// builds its objects in a fixed order), two-space indentation, a final newline.
pub(crate) fn json_bytes(value: &Value) -> Vec<u8> {
    let mut text = serde_json::to_string_pretty(value).expect("a JSON value serialises");
    text.push('\n');
    text.into_bytes()
}

/// Sorted by path; a second entry with the same path is dropped (it cannot happen for a
/// catalogue without errors: names and agent names are unique there).
fn finish(mut entries: Vec<Entry>) -> Vec<Entry> {
    entries.sort_by(|a, b| a.path.cmp(&b.path));
    entries.dedup_by(|b, a| a.path == b.path);
    entries
}

/// Every skill name rule of every profile: lowercase letters, digits and single hyphens.
fn is_safe_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name.split('-').all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()))
}

/// A skill as exports publish it: the folder name it gets, and its files.
pub(crate) struct Published<'a> {
    pub skill: &'a Skill,
    /// The folder it is published under: its name (its own folder's name if the name is not a
    /// valid skill name, which only a catalogue with errors has).
    pub folder: String,
    /// `SKILL.md` and every resource, relative to the skill folder, `/`-separated, sorted.
    pub files: Vec<(String, PathBuf)>,
    /// The `SKILL.md` published in place of the catalogue's, when it was rewritten portable.
    pub skill_md: Option<Vec<u8>>,
    /// What specification readers make of it, when they would refuse the catalogue's file.
    pub refusal: Option<Refusal>,
}

impl Published<'_> {
    /// The sha256 of the `SKILL.md` bytes published.
    pub fn skill_md_sha256(&self) -> String {
        match &self.skill_md {
            Some(bytes) => crate::files::sha256_hex(bytes),
            None => self.skill.stamp.sha256.clone(),
        }
    }
}

/// The skills an export publishes, sorted by folder, first of each folder only: the source
/// locale's (translations share their source's name, so its folder). With
/// `portable`, a skill specification readers would refuse is published with its frontmatter
/// rewritten (see `export::portable`); either way such a skill carries its refusal.
pub(crate) fn published_skills(catalogue: &Catalogue, portable: bool) -> Vec<Published<'_>> {
    let schemas = crate::schema::Schemas::new();
    let mut out: Vec<Published<'_>> = catalogue
        .skills
        .iter()
        .filter(|s| s.parsed && !s.has_errors() && s.translation_of.is_none())
        .map(|skill| {
            let folder =
                if is_safe_name(&skill.name) { skill.name.clone() } else { skill.dir.rsplit('/').next().unwrap_or(&skill.dir).to_string() };
            let dir = catalogue.root.join(&skill.dir);
            let mut files = vec![(crate::scan::SKILL_FILE.to_string(), dir.join(crate::scan::SKILL_FILE))];
            files.extend(skill.resources.iter().filter(|r| is_safe_file(&r.path)).map(|r| (r.path.clone(), dir.join(&r.path))));
            files.sort_by(|a, b| a.0.cmp(&b.0));
            let reasons = portable::reasons(skill, &schemas);
            let skill_md = (portable && !reasons.is_empty())
                .then(|| std::fs::read_to_string(dir.join(crate::scan::SKILL_FILE)).ok())
                .flatten()
                .and_then(|text| portable::rewrite(&text, &schemas))
                .map(String::into_bytes);
            let refusal = (!reasons.is_empty()).then(|| Refusal {
                skill: folder.clone(),
                file: skill.file(),
                profile: skill.profile,
                reasons,
                rewritten: skill_md.is_some(),
            });
            Published { skill, folder, files, skill_md, refusal }
        })
        .filter(|p| !p.folder.is_empty())
        .collect();
    out.sort_by(|a, b| a.folder.cmp(&b.folder));
    out.dedup_by(|b, a| a.folder == b.folder);
    out
}

/// The refusals of the skills given, in their order.
pub(crate) fn refusals(skills: &[Published<'_>]) -> Vec<Refusal> {
    skills.iter().filter_map(|p| p.refusal.clone()).collect()
}

/// A relative file path the well-known reader accepts: no leading `/` or `\`, no `..`.
fn is_safe_file(path: &str) -> bool {
    !path.is_empty() && !path.starts_with('/') && !path.starts_with('\\') && !path.contains("..")
}

/// The files of every published skill under `prefix` (`<prefix>/<folder>/<file>`).
pub(crate) fn skill_file_entries(skills: &[Published<'_>], prefix: &str) -> Vec<Entry> {
    skills
        .iter()
        .flat_map(|p| {
            p.files.iter().map(move |(rel, path)| {
                let content = match (&p.skill_md, rel.as_str()) {
                    (Some(bytes), crate::scan::SKILL_FILE) => Content::Bytes(bytes.clone()),
                    _ => Content::File(path.clone()),
                };
                Entry { path: format!("{prefix}/{}/{rel}", p.folder), content }
            })
        })
        .collect()
}

/// `base` and a relative path joined with exactly one `/`.
pub(crate) fn url_join(base: &str, path: &str) -> String {
    format!("{}/{}", base.trim_end_matches('/'), path.trim_start_matches('/'))
}

/// The host of an `http(s)` URL, lowercased, without port.
pub(crate) fn host_of(url: &str) -> Option<String> {
    url::Url::parse(url).ok().and_then(|u| u.host_str().map(str::to_ascii_lowercase)).filter(|h| !h.is_empty())
}

/// A kebab-case slug of `text` (ASCII letters and digits kept, the rest become single hyphens).
pub(crate) fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The catalogue's name: `name` in `skillhouse.yaml`, else the folder's own name.
pub(crate) fn root_name(catalogue: &Catalogue) -> String {
    if let Some(name) = catalogue.settings.name.as_deref().filter(|n| !n.trim().is_empty()) {
        return name.to_string();
    }
    let canonical = catalogue.root.canonicalize().unwrap_or_else(|_| catalogue.root.clone());
    canonical.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "catalogue".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_and_names() {
        assert_eq!(slug("Skillhouse Sample Team"), "skillhouse-sample-team");
        assert_eq!(slug("  Ünïcode & Co. "), "n-code-co");
        assert!(is_safe_name("a-b-1"));
        assert!(!is_safe_name("a--b") && !is_safe_name("A") && !is_safe_name("") && !is_safe_name("../x"));
        assert!(is_safe_file("references/x.md"));
        assert!(!is_safe_file("/etc/passwd") && !is_safe_file("\\x") && !is_safe_file("a/../b") && !is_safe_file("notes..md"));
    }

    #[test]
    fn urls_join_with_one_slash() {
        assert_eq!(url_join("https://h.example/base/", "/x/y"), "https://h.example/base/x/y");
        assert_eq!(url_join("https://h.example", "x"), "https://h.example/x");
        assert_eq!(host_of("https://Skills.Example.com:8443/a").as_deref(), Some("skills.example.com"));
        assert_eq!(host_of("not a url"), None);
    }
}
