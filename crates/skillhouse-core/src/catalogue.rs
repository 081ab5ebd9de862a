//! Loading a whole catalogue: settings, skills, agents, and the rules that need all of them.
//!
//! Loading never fails as a whole. It fails only when the root is not a readable folder;
//! everything else is a diagnostic on the returned catalogue.

use crate::agent::{self, Agent};
use crate::diagnostic::{self, Code, Counts, Diagnostic, Position};
use crate::profile::Profile;
use crate::scan::{self, Layout};
use crate::schema::{Schemas, Subject};
use crate::settings::{self, Settings};
use crate::skill::{self, Context, Skill};
use crate::source;
use crate::toolkit::Toolkit;
use crate::translation::{Freshness, History, TranslationState, Translations};
use crate::yaml::{self, Node};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// Overrides the catalogue's profile (and its per-folder profiles) for every skill.
    pub profile: Option<Profile>,
}

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("`{0}` is not a folder: give the path of a catalogue (a folder of skills)")]
    NotAFolder(PathBuf),
    #[error("`{path}` could not be opened: {source}")]
    Unreadable { path: PathBuf, source: std::io::Error },
}

#[derive(Debug, Clone, Serialize)]
pub struct Catalogue {
    pub root: PathBuf,
    pub settings: Settings,
    /// The operating-principles fragment prepended to every body at L2, when one is named.
    pub fragment: Option<String>,
    pub skills: Vec<Skill>,
    pub agents: Vec<Agent>,
    /// Diagnostics that belong to no single skill or agent (settings, scan, catalogue figures).
    pub diagnostics: Vec<Diagnostic>,
}

impl Catalogue {
    /// The skill of that name in the source locale (a translation shares its source's name).
    pub fn skill(&self, name: &str) -> Option<&Skill> {
        self.skills.iter().find(|s| s.name == name && s.translation_of.is_none()).or_else(|| self.skills.iter().find(|s| s.name == name))
    }

    pub fn agent(&self, name: &str) -> Option<&Agent> {
        self.agents.iter().find(|a| a.name == name)
    }

    /// Each translation of the catalogue (those marked with their source), compared with its source's
    /// last change: outdated when `metadata.source_commit` does not include it.
    pub fn translation_freshness(&self, history: &dyn History) -> Vec<TranslationState> {
        let mut out: Vec<TranslationState> = self
            .skills
            .iter()
            .filter_map(|s| {
                let source = s.translation_of.clone()?;
                let freshness = match crate::translation::declared(&s.frontmatter, "source_commit") {
                    None => Freshness::NoSourceCommit,
                    Some(commit) => match history.last_change(&source) {
                        None => Freshness::SourceUncommitted,
                        Some(last) => match history.includes(&commit, &last) {
                            Some(true) => Freshness::Current,
                            Some(false) => Freshness::Outdated {
                                diff: history.diff_since(&commit, &source).unwrap_or_default(),
                                source_commit: commit,
                                last_change: last,
                            },
                            None => Freshness::UnknownCommit { source_commit: commit },
                        },
                    },
                };
                Some(TranslationState { file: s.file(), locale: s.locale.clone(), source, freshness })
            })
            .collect();
        out.sort_by(|a, b| a.source.cmp(&b.source).then_with(|| a.locale.cmp(&b.locale)));
        out
    }

    /// The catalogue as seen in `locale` (what exports and cards publish): each translation in that
    /// locale stands in for its source. Refused for a locale no skill is translated into, and for any
    /// other than the source locale when `translations.publish` is off.
    pub fn in_locale(&self, locale: &str) -> Result<std::borrow::Cow<'_, Catalogue>, String> {
        let catalogue = self;
        if locale == catalogue.settings.translations.source_locale {
            return Ok(std::borrow::Cow::Borrowed(catalogue));
        }
        if !catalogue.settings.translations.publish {
            return Err(format!(
                "`translations.publish` is false in skillhouse.yaml, so only the source locale ({}) is exported; set it to true to publish `{locale}`",
                catalogue.settings.translations.source_locale
            ));
        }
        let swaps: Vec<(usize, String)> = catalogue
            .skills
            .iter()
            .enumerate()
            .filter(|(_, s)| s.locale == locale && s.translation_of.is_some())
            .filter_map(|(i, s)| s.translation_of.clone().map(|source| (i, source)))
            .collect();
        if swaps.is_empty() {
            let mut locales: Vec<&str> = catalogue.skills.iter().map(|s| s.locale.as_str()).collect();
            locales.sort_unstable();
            locales.dedup();
            return Err(format!("no skill is translated into `{locale}`; the catalogue's locales are {}", locales.join(", ")));
        }
        let mut localized = catalogue.clone();
        for (i, source) in swaps {
            let translation = localized.skills[i].file();
            if let Some(s) = localized.skills.iter_mut().find(|s| s.file() == source) {
                s.translation_of = Some(translation);
            }
            localized.skills[i].translation_of = None;
        }
        Ok(std::borrow::Cow::Owned(localized))
    }

    /// What a person should know that is neither an error nor a warning: how translations were
    /// recognised, and which locales' descriptions are not checked for trigger words.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        let t = &self.settings.translations;
        let translations: Vec<&Skill> = self.skills.iter().filter(|s| s.translation_of.is_some()).collect();
        if !translations.is_empty() {
            let mut locales: Vec<&str> = translations.iter().map(|s| s.locale.as_str()).collect();
            locales.sort_unstable();
            locales.dedup();
            let how = if *t == Translations::default() {
                format!(
                    "by the common layout ({}, source locale {}); a `translations:` section in skillhouse.yaml changes it",
                    t.folder, t.source_locale
                )
            } else {
                format!("by skillhouse.yaml's `translations:` ({}, source locale {})", t.folder, t.source_locale)
            };
            notes.push(format!("{} translations in {} recognised {how}", translations.len(), locales.join(", ")));
        }
        let mut unchecked: Vec<&str> = self
            .skills
            .iter()
            .filter(|s| s.parsed && crate::translation::trigger_words(&s.locale).is_none())
            .map(|s| s.locale.as_str())
            .collect();
        unchecked.sort_unstable();
        unchecked.dedup();
        for locale in unchecked {
            notes.push(format!("descriptions in `{locale}` are not checked for trigger words: there is no word list for that locale"));
        }
        notes
    }

    pub fn all_diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .chain(self.skills.iter().flat_map(|s| s.diagnostics.iter()))
            .chain(self.agents.iter().flat_map(|a| a.diagnostics.iter()))
    }

    pub fn counts(&self) -> Counts {
        Counts::of(self.all_diagnostics())
    }

    pub fn toolkit(&self) -> Toolkit {
        Toolkit::new(self.settings.toolkit.as_deref())
    }
}

/// The settings file read and checked, with where its keys are for diagnostics.
pub struct LoadedSettings {
    pub settings: Settings,
    pub node: Option<Node>,
    pub diagnostics: Vec<Diagnostic>,
}

pub fn read_settings(root: &Path, schemas: &Schemas) -> LoadedSettings {
    let file = settings::FILE_NAME;
    let path = root.join(file);
    let mut diagnostics = Vec::new();
    let mut loaded = LoadedSettings { settings: Settings::default(), node: None, diagnostics: Vec::new() };
    let Ok(bytes) = fs::read(&path) else {
        if path.exists() {
            diagnostics.push(
                Diagnostic::error(Code::FileUnreadable, file, Position::START, "skillhouse.yaml could not be read")
                    .with_hint("check the file's permissions"),
            );
        }
        loaded.diagnostics = diagnostics;
        return loaded;
    };
    if let Some(text) = source::decode(file, bytes, &mut diagnostics) {
        if let Some(node) = yaml::parse(file, &text.text, 1, &mut diagnostics) {
            match node.value {
                yaml::Value::Map(_) => {
                    let before = diagnostics.len();
                    schemas.check(Subject::Config, file, &node, &mut diagnostics);
                    if diagnostics[before..].iter().all(|d| !d.is_error()) {
                        match serde_json::from_value::<Settings>(node.to_json()) {
                            Ok(settings) => loaded.settings = settings,
                            Err(e) => diagnostics.push(Diagnostic::error(
                                Code::FieldInvalid,
                                file,
                                Position::START,
                                format!("skillhouse.yaml could not be read as settings: {e}"),
                            )),
                        }
                    }
                    loaded.node = Some(node);
                }
                yaml::Value::Null => {} // an empty settings file means the defaults
                _ => diagnostics.push(
                    Diagnostic::error(Code::FrontmatterNotMapping, file, Position::START, "skillhouse.yaml must be a mapping of settings")
                        .with_hint("write settings as `key: value` lines, e.g. `profile: agentskills`"),
                ),
            }
        }
    }
    loaded.diagnostics = diagnostics;
    loaded
}

fn read_fragment(root: &Path, loaded: &LoadedSettings, diagnostics: &mut Vec<Diagnostic>) -> Option<String> {
    let path = loaded.settings.operating_principles.as_ref()?;
    let at = loaded.node.as_ref().and_then(|n| n.locate("/operating_principles")).map(|(p, _)| p).unwrap_or(Position::START);
    let full = root.join(path);
    let inside = crate::files::resolves_inside(root, &full);
    match inside.and_then(|p| fs::read(p).ok()) {
        Some(bytes) => source::decode(path, bytes, diagnostics).map(|s| s.text),
        None => {
            diagnostics.push(
                Diagnostic::error(
                    Code::ConfigFragmentMissing,
                    settings::FILE_NAME,
                    at,
                    format!("the operating-principles fragment `{path}` does not exist in the catalogue"),
                )
                .with_pointer("/operating_principles")
                .with_hint("create the file, or fix or remove `operating_principles` in skillhouse.yaml"),
            );
            None
        }
    }
}

/// Everything a load needs that does not change between loads of the same catalogue.
pub struct Prepared {
    pub root: PathBuf,
    pub settings: Settings,
    pub fragment: Option<String>,
    pub layout: Layout,
    pub diagnostics: Vec<Diagnostic>,
    pub profile_override: Option<Profile>,
}

impl Prepared {
    pub fn profile_for(&self, dir: &str) -> Profile {
        self.profile_override.unwrap_or_else(|| self.settings.profile_for(dir))
    }
}

/// Reads the settings and scans the tree: the cheap first step of every load.
pub fn prepare(root: &Path, options: &LoadOptions, schemas: &Schemas) -> Result<Prepared, LoadError> {
    let meta = fs::metadata(root).map_err(|source| LoadError::Unreadable { path: root.to_path_buf(), source })?;
    if !meta.is_dir() {
        return Err(LoadError::NotAFolder(root.to_path_buf()));
    }
    let root = fs::canonicalize(root).map_err(|source| LoadError::Unreadable { path: root.to_path_buf(), source })?;
    let loaded = read_settings(&root, schemas);
    let mut diagnostics = loaded.diagnostics.clone();
    let fragment = read_fragment(&root, &loaded, &mut diagnostics);
    let layout = scan::scan(&root, loaded.settings.limits.max_depth);
    Ok(Prepared { root, settings: loaded.settings, fragment, layout, diagnostics, profile_override: options.profile })
}

/// Loads and checks a catalogue. Tokens are not counted here: see [`crate::budget::load_counted`].
pub fn load(root: &Path, options: &LoadOptions) -> Result<Catalogue, LoadError> {
    let schemas = Schemas::new();
    let prepared = prepare(root, options, &schemas)?;
    let toolkit = Toolkit::new(prepared.settings.toolkit.as_deref());
    let cx = Context::new(&prepared.root, &schemas, &toolkit, &prepared.settings);
    let skills: Vec<Skill> =
        prepared.layout.skills.par_iter().map(|found| skill::load(&cx, found, prepared.profile_for(&found.dir))).collect();
    let agents: Vec<Agent> = prepared.layout.agents.par_iter().map(|found| agent::load(&cx, found)).collect();
    Ok(assemble(prepared, skills, agents))
}

/// Puts loaded parts together and runs the rules that need the whole catalogue.
pub fn assemble(prepared: Prepared, mut skills: Vec<Skill>, mut agents: Vec<Agent>) -> Catalogue {
    let Prepared { root, settings, fragment, layout, mut diagnostics, .. } = prepared;
    diagnostics.extend(layout.diagnostics);
    skills.sort_by(|a, b| a.dir.cmp(&b.dir));
    agents.sort_by(|a, b| a.file.cmp(&b.file));

    // Diagnostics the scan made about a file inside a skill travel with that skill.
    let by_dir: HashMap<String, usize> = skills.iter().enumerate().map(|(i, s)| (s.dir.clone(), i)).collect();
    let mut catalogue_level = Vec::new();
    for d in diagnostics {
        let owner = std::iter::successors(Some(d.file.as_str()), |f| f.rfind('/').map(|i| &f[..i])).skip(1).find_map(|dir| by_dir.get(dir));
        match owner {
            Some(&i) if !skills[i].diagnostics.contains(&d) => skills[i].diagnostics.push(d),
            Some(_) => {}
            None => catalogue_level.push(d),
        }
    }
    diagnostic::sort(&mut catalogue_level);
    let mut catalogue = Catalogue { root, settings, fragment, skills, agents, diagnostics: catalogue_level };
    recheck(&mut catalogue);
    catalogue
}

/// Codes of the rules that look across skills and agents; [`recheck`] recomputes them.
const CROSS_CODES: &[Code] = &[
    Code::SkillDuplicateName,
    Code::TranslationMissingSections,
    Code::AgentUnknownSkill,
    Code::AgentDuplicateName,
    Code::CatalogueNoSkills,
];

/// Re-runs the rules that need the whole catalogue, after any skill or agent changed.
pub fn recheck(catalogue: &mut Catalogue) {
    let cross = |d: &Diagnostic| CROSS_CODES.contains(&d.code);
    catalogue.diagnostics.retain(|d| !cross(d));
    for s in &mut catalogue.skills {
        s.diagnostics.retain(|d| !cross(d));
    }
    for a in &mut catalogue.agents {
        a.diagnostics.retain(|d| !cross(d));
    }
    mark_translations(&mut catalogue.skills, &catalogue.settings.translations);
    check_duplicate_skills(&mut catalogue.skills);
    check_translated_sections(&mut catalogue.skills);
    check_agents(&mut catalogue.agents, &catalogue.skills);
    if catalogue.skills.is_empty() {
        catalogue.diagnostics.push(
            Diagnostic::warning(Code::CatalogueNoSkills, "", Position::START, "no SKILL.md was found in this catalogue")
                .with_hint("a skill is a folder holding a file named exactly SKILL.md; create one with `skillhouse new NAME`"),
        );
    }
    for s in &mut catalogue.skills {
        diagnostic::sort(&mut s.diagnostics);
    }
    for a in &mut catalogue.agents {
        diagnostic::sort(&mut a.diagnostics);
    }
    diagnostic::sort(&mut catalogue.diagnostics);
}

/// Marks each translation with the file of its source: a skill of the same name whose declared
/// `locale` differs from the source's, that lives under a locale folder or names its
/// `source_locale`. The source of a name is the skill in the source locale outside the locale
/// folders (else the first outside them).
fn mark_translations(skills: &mut [Skill], translations: &Translations) {
    let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, s) in skills.iter().enumerate() {
        if s.parsed {
            by_name.entry(s.name.as_str()).or_default().push(i);
        }
    }
    let mut marks: Vec<(usize, String)> = Vec::new();
    for rows in by_name.values().filter(|rows| rows.len() > 1) {
        let outside: Vec<usize> = rows.iter().copied().filter(|&i| translations.folder_locale(&skills[i].dir).is_none()).collect();
        let source = outside.iter().copied().find(|&i| skills[i].locale == translations.source_locale).or(outside.first().copied());
        let Some(source) = source else { continue };
        let source_locale = &skills[source].locale;
        for &i in rows.iter().filter(|&&i| i != source) {
            let s = &skills[i];
            let Some(locale) = crate::translation::declared(&s.frontmatter, "locale") else { continue };
            let placed =
                translations.folder_locale(&s.dir).is_some() || crate::translation::declared(&s.frontmatter, "source_locale").is_some();
            if &locale != source_locale && placed {
                marks.push((i, skills[source].file()));
            }
        }
    }
    for s in skills.iter_mut() {
        s.translation_of = None;
    }
    for (i, source) in marks {
        skills[i].translation_of = Some(source);
    }
}

/// A translation with fewer headings of some level than its source has lost sections (the
/// headings' words differ by language; their levels and counts do not).
fn check_translated_sections(skills: &mut [Skill]) {
    let by_file: HashMap<String, Vec<u8>> =
        skills.iter().filter(|s| s.translation_of.is_none()).map(|s| (s.file(), s.headings.clone())).collect();
    for s in skills.iter_mut() {
        let Some(source) = s.translation_of.as_ref().and_then(|f| by_file.get(f)) else { continue };
        let count = |levels: &[u8], level: u8| levels.iter().filter(|l| **l == level).count();
        let short: Vec<String> = (1..=6)
            .filter_map(|level| {
                let (want, have) = (count(source, level), count(&s.headings, level));
                (have < want).then(|| format!("{have} of {want} level-{level} headings"))
            })
            .collect();
        if !short.is_empty() {
            let source_file = s.translation_of.clone().unwrap_or_default();
            s.diagnostics.push(
                Diagnostic::warning(
                    Code::TranslationMissingSections,
                    &s.file(),
                    Position::new(s.body_line, 1),
                    format!("this `{}` translation has {} that `{source_file}` has: sections are missing", s.locale, short.join(", ")),
                )
                .with_hint("translate the sections the source added, or update the translation from the source"),
            );
        }
    }
}

/// Two skills of one name are duplicates, unless one is a translation of the other: then two
/// translations of one name in the same locale are.
fn check_duplicate_skills(skills: &mut [Skill]) {
    let mut first: HashMap<String, String> = HashMap::new();
    for s in skills.iter_mut() {
        if !s.parsed {
            continue;
        }
        let key = match s.translation_of {
            Some(_) => format!("{}\u{0}{}", s.name, s.locale),
            None => s.name.clone(),
        };
        match first.get(&key) {
            Some(original) => {
                let line = s.name_line;
                s.diagnostics.push(
                    Diagnostic::error(
                        Code::SkillDuplicateName,
                        &s.file(),
                        Position::new(line, 1),
                        format!("the skill name `{}` is already used by `{original}`", s.name),
                    )
                    .with_pointer("/name")
                    .with_hint("give one of them another name (and rename its folder to match); a reader would keep only one"),
                );
            }
            None => {
                first.insert(key, s.file());
            }
        }
    }
}

fn check_agents(agents: &mut [Agent], skills: &[Skill]) {
    let names: std::collections::HashSet<&str> = skills.iter().map(|s| s.name.as_str()).collect();
    let mut first: HashMap<String, String> = HashMap::new();
    for a in agents.iter_mut() {
        if !a.parsed {
            continue;
        }
        for (i, r) in a.skills.iter().enumerate() {
            if !names.contains(r.name.as_str()) {
                let close = closest(&r.name, names.iter().copied());
                let hint = match close {
                    Some(c) => format!("did you mean `{c}`? Otherwise create the skill or remove the entry"),
                    None => "create the skill or remove the entry".to_string(),
                };
                a.diagnostics.push(
                    Diagnostic::error(
                        Code::AgentUnknownSkill,
                        &a.file,
                        Position::new(r.line, r.column),
                        format!("the agent lists the skill `{}`, which the catalogue does not have", r.name),
                    )
                    .with_pointer(format!("/skills/{i}"))
                    .with_hint(hint),
                );
            }
        }
        match first.get(&a.name) {
            Some(original) => {
                let line = a.name_line;
                a.diagnostics.push(
                    Diagnostic::error(
                        Code::AgentDuplicateName,
                        &a.file,
                        Position::new(line, 1),
                        format!("the agent name `{}` is already used by `{original}`", a.name),
                    )
                    .with_pointer("/name")
                    .with_hint("give one of the agents another name"),
                );
            }
            None => {
                first.insert(a.name.clone(), a.file.clone());
            }
        }
    }
}

/// The nearest name by edit distance, when it is near enough to be a likely typo.
fn closest<'a>(wanted: &str, names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    names.map(|n| (strsim_distance(wanted, n), n)).filter(|(d, _)| *d <= 3.max(wanted.len() / 4)).min().map(|(_, n)| n)
}

fn strsim_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            let next = (row[j + 1] + 1).min(row[j] + 1).min(prev + cost);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}
