//! Importing a bundle's skills into a catalogue: `plan` (a dry run: what would be added, replaced
//! or skipped as identical, and why the import would be refused) and `apply`.
//!
//! A bundle that fails verification is refused whole, as is one holding an unsafe path, a link, a
//! device, a file over the size limit or more than the total limit. Applying writes every file
//! into a staging folder inside the catalogue (checking each file's sha256 again as it is
//! written), then renames whole skill folders into place; a failure at any point puts back what
//! was moved, so the catalogue is left as it was. Only skills are imported: agents and cards stay
//! with their publisher (the registry lists them for reference).

use super::archive::{self, Limits};
use super::bundle::{self, FileEntry, RegistrySkill, SKILLS};
use super::{verify, ExportError};
use crate::diagnostic::{Code, Diagnostic, Position};
use crate::scan;
use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// One skill of the bundle and what importing it does.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[ts(rename = "ImportChange")]
pub struct Change {
    pub name: String,
    /// The folder, relative to the catalogue.
    pub dir: String,
    pub digest: String,
    /// The digest of the folder now in the catalogue (for a replacement).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub current: Option<String>,
    pub files: usize,
}

/// What `apply` would do; computed without writing anything.
#[derive(Debug, Clone, PartialEq, serde::Serialize, ts_rs::TS)]
pub struct ImportPlan {
    pub bundle: PathBuf,
    pub into: PathBuf,
    pub add: Vec<Change>,
    pub replace: Vec<Change>,
    /// Identical already (same digest).
    pub skip: Vec<Change>,
    /// Why the import is refused (errors), and what to know (warnings).
    pub diagnostics: Vec<Diagnostic>,
    #[serde(skip)]
    limits: Limits,
    /// The files each skill to write must have, by bundle path.
    #[serde(skip)]
    expected: BTreeMap<String, FileEntry>,
}

impl ImportPlan {
    pub fn is_refused(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// What `apply` did.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[ts(rename = "ImportApplied")]
pub struct Applied {
    pub added: usize,
    pub replaced: usize,
    pub skipped: usize,
}

/// The digest of a skill folder in a catalogue, computed as an export would (`SKILL.md` and the
/// files the scan sees as the skill's own); `None` when the folder holds no skill.
pub fn folder_digest(root: &Path, dir: &str) -> io::Result<Option<String>> {
    let Some((found, _)) = scan::scan_skill(root, dir, None, usize::MAX) else { return Ok(None) };
    let mut files = Vec::with_capacity(found.resources.len() + 1);
    for path in std::iter::once(scan::SKILL_FILE).chain(found.resources.iter().map(|r| r.path.as_str())) {
        let (size, sha256) = bundle::hash_file(&found.path.join(path))?;
        files.push(FileEntry { path: path.to_string(), size, sha256 });
    }
    Ok(Some(bundle::digest(&files)))
}

/// A dry run of importing `bundle` into the catalogue at `into` (which need not exist yet).
pub fn plan(bundle: &Path, into: &Path) -> Result<ImportPlan, ExportError> {
    plan_with(bundle, into, &Limits::default())
}

pub fn plan_with(bundle: &Path, into: &Path, limits: &Limits) -> Result<ImportPlan, ExportError> {
    let verification = verify::verify_with(bundle, limits)?;
    let mut plan = ImportPlan {
        bundle: bundle.to_path_buf(),
        into: into.to_path_buf(),
        add: Vec::new(),
        replace: Vec::new(),
        skip: Vec::new(),
        diagnostics: verification.diagnostics,
        limits: *limits,
        expected: BTreeMap::new(),
    };
    let Some(registry) = verification.registry else { return Ok(plan) };
    if into.exists() && !into.is_dir() {
        return Err(ExportError::ImportRefused(format!("`{}` is not a folder; import into a catalogue folder", into.display())));
    }
    let existing = existing_names(into);
    for skill in &registry.skills {
        let target = into.join(&skill.dir);
        let change = |current: Option<String>| Change {
            name: skill.name.clone(),
            dir: skill.dir.clone(),
            digest: skill.digest.clone(),
            current,
            files: skill.files.len(),
        };
        let key = (skill.name.clone(), skill.translation.as_ref().map(|t| t.locale.clone()).unwrap_or_default());
        if let Some(other) = existing.get(&key).filter(|d| **d != skill.dir) {
            plan.diagnostics.push(conflict(skill, format!("a skill named `{}` already exists in the catalogue, in `{other}`", skill.name)));
            continue;
        }
        match fs::symlink_metadata(&target) {
            Err(_) => {
                if let Some(blocker) = file_in_the_way(into, &skill.dir) {
                    plan.diagnostics
                        .push(conflict(skill, format!("`{blocker}` in the catalogue is a file where the skill's folder must go")));
                    continue;
                }
                expect(&mut plan.expected, skill);
                plan.add.push(change(None));
            }
            Ok(meta) if meta.is_dir() => match folder_digest(into, &skill.dir) {
                Ok(Some(current)) if current == skill.digest => plan.skip.push(change(Some(current))),
                Ok(Some(current)) => {
                    expect(&mut plan.expected, skill);
                    plan.replace.push(change(Some(current)));
                }
                Ok(None) => plan.diagnostics.push(conflict(
                    skill,
                    format!("`{}` exists in the catalogue and is not a skill folder (it has no SKILL.md)", skill.dir),
                )),
                Err(e) => {
                    return Err(ExportError::Io { what: format!("reading {}", target.display()), source: e });
                }
            },
            Ok(_) => plan.diagnostics.push(conflict(skill, format!("`{}` exists in the catalogue and is not a folder", skill.dir))),
        }
    }
    crate::diagnostic::sort(&mut plan.diagnostics);
    Ok(plan)
}

fn conflict(skill: &RegistrySkill, message: String) -> Diagnostic {
    Diagnostic::error(Code::BundleImportConflict, &format!("{SKILLS}/{}", skill.dir), Position::START, message).with_hint(
        "rename or move the skill in the catalogue (or in the bundle's catalogue) so that the two do not collide, then import again",
    )
}

fn expect(expected: &mut BTreeMap<String, FileEntry>, skill: &RegistrySkill) {
    for f in &skill.files {
        expected.insert(format!("{SKILLS}/{}/{}", skill.dir, f.path), f.clone());
    }
}

/// Skill names in the catalogue and their folders (only the `name` of each `SKILL.md` is read).
/// Each skill of the catalogue by name and, for one in another locale than the source's, that
/// locale (a translation shares its source's name), with its folder.
fn existing_names(root: &Path) -> HashMap<(String, String), String> {
    if !root.is_dir() {
        return HashMap::new();
    }
    let source_locale = crate::catalogue::read_settings(root, &crate::schema::Schemas::new()).settings.translations.source_locale;
    let limits = crate::settings::Limits::default();
    let layout = scan::scan(root, limits.max_depth);
    layout
        .skills
        .into_iter()
        .map(|s| {
            let front = crate::document::read(&s.file(), &s.path.join(scan::SKILL_FILE), limits.max_file_bytes, &mut Vec::new())
                .and_then(|d| d.frontmatter.as_ref().map(|f| f.to_json()));
            let name = front
                .as_ref()
                .and_then(|f| f.get("name"))
                .and_then(|n| n.as_str().map(str::to_string))
                .unwrap_or_else(|| s.dir_name().to_string());
            let locale =
                front.as_ref().and_then(|f| crate::translation::declared(f, "locale")).filter(|l| *l != source_locale).unwrap_or_default();
            ((name, locale), s.dir)
        })
        .collect()
}

/// The first ancestor of `dir` (inside `root`) that exists and is not a folder.
fn file_in_the_way(root: &Path, dir: &str) -> Option<String> {
    let mut path = root.to_path_buf();
    let mut rel = String::new();
    for part in dir.split('/') {
        path.push(part);
        rel = scan::join(&rel, part);
        match fs::symlink_metadata(&path) {
            Ok(m) if !m.is_dir() => return Some(rel),
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
    None
}

/// Applies a plan. Refused when the plan has errors.
pub fn apply(plan: &ImportPlan) -> Result<Applied, ExportError> {
    apply_with(plan, &mut |_| Ok(()))
}

/// `apply`, calling `before_move(dir)` before each skill folder is moved into place (tests use it
/// to inject a failure half-way).
pub fn apply_with(plan: &ImportPlan, before_move: &mut dyn FnMut(&str) -> io::Result<()>) -> Result<Applied, ExportError> {
    if plan.is_refused() {
        let errors = plan.diagnostics.iter().filter(|d| d.is_error()).count();
        return Err(ExportError::ImportRefused(format!(
            "the plan has {errors} problem(s); run `skillhouse import {}` to see them",
            plan.bundle.display()
        )));
    }
    let applied = Applied { added: plan.add.len(), replaced: plan.replace.len(), skipped: plan.skip.len() };
    if plan.add.is_empty() && plan.replace.is_empty() {
        return Ok(applied);
    }
    let into = &plan.into;
    fs::create_dir_all(into).map_err(ExportError::io(format!("creating {}", into.display())))?;
    let staging = tempfile::Builder::new()
        .prefix(".skillhouse-import-")
        .tempdir_in(into)
        .map_err(ExportError::io(format!("creating a staging folder in {}", into.display())))?;
    let new = staging.path().join("new");
    let old = staging.path().join("old");
    stage(plan, &new)?;
    let mut changes: Vec<(&Change, bool)> = plan.add.iter().map(|c| (c, false)).chain(plan.replace.iter().map(|c| (c, true))).collect();
    changes.sort_by(|a, b| a.0.dir.cmp(&b.0.dir));
    let mut done: Vec<Step> = Vec::new();
    for (change, replacing) in changes {
        if let Err(e) = move_in(into, &new, &old, change, replacing, before_move, &mut done) {
            roll_back(into, &new, &old, done);
            return Err(ExportError::Io {
                what: format!("moving `{}` into the catalogue (nothing was changed: every skill moved so far was put back)", change.dir),
                source: e,
            });
        }
    }
    Ok(applied)
}

/// Writes every file of the skills to add or replace under `new`, checking each against the plan.
fn stage(plan: &ImportPlan, new: &Path) -> Result<(), ExportError> {
    let mut written: HashMap<String, bool> = HashMap::new();
    let mut mismatch: Option<String> = None;
    let refusals = archive::read(&plan.bundle, &plan.limits, &mut |path: &str, _size: u64, data: &mut dyn Read| {
        let Some(expected) = plan.expected.get(path) else { return Ok(()) };
        let target = new.join(path.strip_prefix(&format!("{SKILLS}/")).unwrap_or(path));
        if !archive::is_plain_relative(Path::new(path)) {
            return Err(io::Error::other(format!("`{path}` is not a plain relative path")));
        }
        if let Some(dir) = target.parent() {
            fs::create_dir_all(dir)?;
        }
        let mut file = fs::File::create(&target)?;
        let mut hashing = HashingWriter { inner: &mut file, hasher: <sha2::Sha256 as sha2::Digest>::new(), size: 0 };
        io::copy(data, &mut hashing)?;
        let (size, sha256) = (hashing.size, hex::encode(sha2::Digest::finalize(hashing.hasher)));
        file.sync_all()?;
        if size != expected.size || sha256 != expected.sha256 {
            mismatch.get_or_insert_with(|| path.to_string());
        }
        written.insert(path.to_string(), true);
        Ok(())
    });
    let refusals = refusals?;
    if !refusals.is_empty() {
        return Err(ExportError::ImportRefused(format!(
            "the bundle changed since it was checked: {}",
            refusals.iter().map(|d| d.message.as_str()).collect::<Vec<_>>().join("; ")
        )));
    }
    if let Some(path) = mismatch {
        return Err(ExportError::ImportRefused(format!("`{path}` changed in the bundle since it was checked; check it again")));
    }
    if let Some(path) = plan.expected.keys().find(|p| !written.contains_key(*p)) {
        return Err(ExportError::ImportRefused(format!("`{path}` is no longer in the bundle; check it again")));
    }
    Ok(())
}

struct HashingWriter<'a> {
    inner: &'a mut fs::File,
    hasher: sha2::Sha256,
    size: u64,
}

impl Write for HashingWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        sha2::Digest::update(&mut self.hasher, &buf[..n]);
        self.size += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// One completed move, to undo.
enum Step {
    /// Folders created for a skill's parent path, outermost first.
    Created(PathBuf),
    /// The catalogue's folder moved aside into `old`.
    MovedAside(String),
    /// The new folder moved into place.
    MovedIn(String),
}

fn move_in(
    into: &Path,
    new: &Path,
    old: &Path,
    change: &Change,
    replacing: bool,
    before_move: &mut dyn FnMut(&str) -> io::Result<()>,
    done: &mut Vec<Step>,
) -> io::Result<()> {
    before_move(&change.dir)?;
    let target = into.join(&change.dir);
    if replacing {
        let aside = old.join(&change.dir);
        fs::create_dir_all(aside.parent().expect("a skill folder has a parent"))?;
        fs::rename(&target, &aside)?;
        done.push(Step::MovedAside(change.dir.clone()));
    } else if let Some(parent) = target.parent() {
        let mut missing = Vec::new();
        let mut p = parent;
        while !p.exists() {
            missing.push(p.to_path_buf());
            match p.parent() {
                Some(up) => p = up,
                None => break,
            }
        }
        for dir in missing.into_iter().rev() {
            fs::create_dir(&dir)?;
            done.push(Step::Created(dir));
        }
    }
    fs::rename(new.join(&change.dir), &target)?;
    done.push(Step::MovedIn(change.dir.clone()));
    Ok(())
}

fn roll_back(into: &Path, new: &Path, old: &Path, done: Vec<Step>) {
    for step in done.into_iter().rev() {
        let _ = match step {
            Step::MovedIn(dir) => fs::rename(into.join(&dir), new.join(&dir)),
            Step::MovedAside(dir) => fs::rename(old.join(&dir), into.join(&dir)),
            Step::Created(path) => fs::remove_dir(path),
        };
    }
}
