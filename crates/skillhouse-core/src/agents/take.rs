//! Taking what is in an agent's folder into the catalogue: the edits made to Skillhouse's copy
//! there ("take these changes into the catalogue"), or a skill folder another installer put there
//! ("adopt into the catalogue", as a new skill, or into the catalogue's skill of that name). A plan
//! first, with every file that differs and its diff; applying writes the catalogue's files, each
//! checked against what both folders held when planned, then records the agent's folder as
//! Skillhouse's copy, so that it is current and a sync keeps it so.

use super::lock::{folder_hash, folder_stamp, installed_files, How, Install, Record};
use super::plan::{lock_for, Targets};
use super::registry::stays_inside;
use crate::app_error::AppError;
use crate::catalogue::Catalogue;
use crate::error_code::ErrorCode;
use crate::export::portable;
use crate::files::write_atomically;
use crate::scan::SKILL_FILE;
use crate::schema::Schemas;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Where the agent's folder goes in the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "TakeKind")]
pub enum TakeKind {
    /// Into the catalogue's skill of the same name (Skillhouse's edited copy, or another
    /// installer's folder of that name).
    Changes,
    /// As a new skill: the catalogue has none of that name.
    Adopt,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "TakeFileKind")]
pub enum FileKind {
    Added,
    Changed,
    Removed,
}

/// One file the catalogue gets from the agent's folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "TakeFile")]
pub struct FileChange {
    /// `/`-separated, relative to the skill's folder.
    pub path: String,
    pub kind: FileKind,
    /// A unified diff from the catalogue's text to the agent's, for text files.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diff: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "TakePlan")]
pub struct TakePlan {
    pub skill: String,
    pub kind: TakeKind,
    /// The agent's folder the files come from.
    #[ts(type = "string")]
    pub folder: PathBuf,
    /// The skill's folder in the catalogue, relative, `/`-separated.
    pub into: String,
    pub files: Vec<FileChange>,
    /// Why it cannot be taken; nothing is written then.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// Whether the agent's folder is recorded as Skillhouse's copy afterwards (not when another
    /// installer's lock entry claims the name: that stays theirs).
    pub records: bool,
    /// The lock it records into.
    #[ts(type = "string")]
    pub lock: PathBuf,
    #[serde(skip)]
    pub(super) agents: Vec<String>,
    #[serde(skip)]
    pub(super) portable: bool,
    /// `folder_hash` of the agent's folder and of the catalogue's (empty: absent) when planned.
    #[serde(skip)]
    pub(super) seen: (String, String),
    /// What each changed file becomes in the catalogue (`None`: removed).
    #[serde(skip)]
    pub(super) writes: BTreeMap<String, Option<Vec<u8>>>,
}

/// What `apply` did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "TakeApplied")]
pub struct Applied {
    /// The skill's folder in the catalogue.
    pub into: String,
    /// Files written into the catalogue, relative to the catalogue's root (the session takes them
    /// as its own writes).
    pub written: Vec<String>,
    pub removed: Vec<String>,
    pub recorded: bool,
}

/// What taking `skill` from the folder `agent` reads in this scope into the catalogue would do.
pub fn plan(catalogue: &Catalogue, schemas: &Schemas, targets: &Targets, skill: &str, agent: &str) -> Result<TakePlan, AppError> {
    let tool = targets.registry.tool(agent).ok_or_else(|| {
        let known: Vec<&str> = targets.registry.tools.iter().map(|t| t.id.as_str()).collect();
        AppError::new(ErrorCode::AgentsUnknownTool, format!("no agent tool `{agent}`; known: {}", known.join(", ")))
    })?;
    if !stays_inside(Path::new(skill)) || Path::new(skill).components().count() != 1 {
        return Err(AppError::new(ErrorCode::SkillBadName, format!("`{skill}` would leave the agent's folder; give a skill's name")));
    }
    let parent = tool.folder(targets.host, &targets.scope);
    let folder = parent.join(skill);
    match fs::symlink_metadata(&folder) {
        Ok(m) if m.is_dir() => {}
        Ok(m) if m.file_type().is_symlink() => {
            return Err(AppError::new(
                ErrorCode::Io,
                format!("{} is a symlink: its skill lives where it points, so there is nothing here to take", folder.display()),
            ))
        }
        Ok(_) => return Err(AppError::new(ErrorCode::Io, format!("{} is a file, not a skill folder", folder.display()))),
        Err(e) => {
            return Err(AppError::new(ErrorCode::Io, format!("{} cannot be read ({e}); is the skill installed there?", folder.display())))
        }
    }
    if !folder.join(SKILL_FILE).is_file() {
        return Err(AppError::new(ErrorCode::Io, format!("{} has no {SKILL_FILE}: it is not a skill folder", folder.display())));
    }
    let lock = lock_for(targets)?;
    let record = lock.record(skill);
    let claimed_by_other = lock.names().any(|n| n == skill) && record.is_none();
    let ours = record.as_ref().filter(|r| r.catalogue == catalogue.root).and_then(|r| r.installs.iter().find(|i| i.folder == folder));
    let catalogue_skill = catalogue.skill(skill);
    let agents = match ours {
        Some(install) => install.agents.clone(),
        None => targets.registry.tools.iter().filter(|t| t.folder(targets.host, &targets.scope) == parent).map(|t| t.id.clone()).collect(),
    };
    let read = |p: &Path, e: std::io::Error| AppError::new(ErrorCode::Io, format!("cannot read {}: {e}", p.display()));
    let copy_hash = folder_hash(&folder).map_err(|e| read(&folder, e))?;
    let (kind, into) = match catalogue_skill {
        Some(s) => (TakeKind::Changes, s.dir.clone()),
        None => (TakeKind::Adopt, skill.to_string()),
    };
    let source = catalogue.root.join(&into);
    let source_hash = match kind {
        TakeKind::Changes => folder_hash(&source).map_err(|e| read(&source, e))?,
        TakeKind::Adopt => String::new(),
    };
    let portable = ours.is_some_and(|i| i.portable);
    let mut plan = TakePlan {
        skill: skill.to_string(),
        kind,
        folder: folder.clone(),
        into: into.clone(),
        files: Vec::new(),
        refused: None,
        records: !claimed_by_other,
        lock: lock.path.clone(),
        agents,
        portable,
        seen: (copy_hash, source_hash.clone()),
        writes: BTreeMap::new(),
    };
    if let Some(r) = record.as_ref().filter(|r| r.catalogue != catalogue.root) {
        plan.refused = Some(format!("it was installed there from another catalogue, {}: take it into that one", r.catalogue.display()));
        return Ok(plan);
    }
    if kind == TakeKind::Adopt && fs::symlink_metadata(&source).is_ok() {
        plan.refused = Some(format!("`{into}` already exists in the catalogue and is not a skill named `{skill}`: move it away first"));
        return Ok(plan);
    }
    if let Some(install) = ours {
        // The usual conflict check: the catalogue's skill must be what the copy was made from,
        // else both sides changed and taking the copy would lose the catalogue's edits.
        if install.how == How::Copy && !install.source.is_empty() && install.source != source_hash {
            plan.refused = Some(
                "the catalogue's skill changed too since this copy was made: open both and merge by hand, or replace the copy with the catalogue's"
                    .into(),
            );
            return Ok(plan);
        }
    }
    let theirs = files(&folder).map_err(|e| read(&folder, e))?;
    let mine = match kind {
        TakeKind::Changes => files(&source).map_err(|e| read(&source, e))?,
        TakeKind::Adopt => BTreeMap::new(),
    };
    for (path, bytes) in &theirs {
        let current = mine.get(path);
        let (shown, written) = if let Some(mine) = current.filter(|_| path == SKILL_FILE && portable) {
            // The copy holds the portable form of the catalogue's SKILL.md: its body's edits are
            // taken, and its frontmatter must still be what the rewrite made of the catalogue's.
            let catalogue_text = String::from_utf8_lossy(mine);
            let Some(rewritten) = portable::rewrite(&catalogue_text, schemas) else {
                plan.refused = Some("the catalogue's SKILL.md no longer rewrites to the specification's form: fix it in Skillhouse".into());
                return Ok(plan);
            };
            let copy_text = String::from_utf8_lossy(bytes);
            let (Some(their_body), Some(rewritten_body), Some(my_body)) =
                (body_offset(&copy_text), body_offset(&rewritten), body_offset(&catalogue_text))
            else {
                plan.refused = Some(format!("{SKILL_FILE} in the agent's folder has no frontmatter any more"));
                return Ok(plan);
            };
            if copy_text[..their_body] != rewritten[..rewritten_body] {
                plan.refused = Some(
                    "the copy's frontmatter was edited, and it is in the specification's form while the catalogue keeps its legacy form: edit the frontmatter in Skillhouse (edits to the body can be taken)"
                        .into(),
                );
                return Ok(plan);
            }
            let merged = format!("{}{}", &catalogue_text[..my_body], &copy_text[their_body..]);
            (rewritten.into_bytes(), merged.into_bytes())
        } else {
            (current.cloned().unwrap_or_default(), bytes.clone())
        };
        if current.is_some_and(|c| *c == written) {
            continue;
        }
        let kind = if current.is_some() { FileKind::Changed } else { FileKind::Added };
        plan.files.push(FileChange { path: path.clone(), kind, diff: diff(path, current.map(|_| &shown[..]), Some(bytes)) });
        plan.writes.insert(path.clone(), Some(written));
    }
    for (path, bytes) in mine.iter().filter(|(p, _)| !theirs.contains_key(*p)) {
        plan.files.push(FileChange { path: path.clone(), kind: FileKind::Removed, diff: diff(path, Some(bytes), None) });
        plan.writes.insert(path.clone(), None);
    }
    plan.files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(plan)
}

/// Writes the plan's files into the catalogue, then records the agent's folder as Skillhouse's
/// copy. Refused (`agents.plan-stale`) when either folder changed since the plan; a failure
/// part-way puts back every file it wrote (`agents.write-failed`).
pub fn apply(plan: &TakePlan, catalogue: &Catalogue, targets: &Targets, now: &str) -> Result<Applied, AppError> {
    if let Some(why) = &plan.refused {
        return Err(AppError::new(ErrorCode::AgentsPlanStale, format!("this cannot be taken: {why}")));
    }
    let source = catalogue.root.join(&plan.into);
    let stale = |what: &Path| {
        AppError::new(
            ErrorCode::AgentsPlanStale,
            format!("{} changed since the plan was made; nothing was written: plan again", what.display()),
        )
    };
    if folder_hash(&plan.folder).ok().as_deref() != Some(plan.seen.0.as_str()) {
        return Err(stale(&plan.folder));
    }
    let now_source = match plan.kind {
        TakeKind::Changes => folder_hash(&source).unwrap_or_default(),
        TakeKind::Adopt if fs::symlink_metadata(&source).is_ok() => "present".into(),
        TakeKind::Adopt => String::new(),
    };
    if now_source != plan.seen.1 {
        return Err(stale(&source));
    }
    let mut lock = lock_for(targets)?;
    if lock.path != plan.lock {
        return Err(stale(&plan.lock));
    }
    let mut applied = Applied { into: plan.into.clone(), written: Vec::new(), removed: Vec::new(), recorded: false };
    let failed = |why: String| AppError::new(ErrorCode::AgentsWriteFailed, why);
    match plan.kind {
        TakeKind::Adopt => {
            // A new folder appears whole: staged beside where it goes, then renamed into place.
            let staging = tempfile::Builder::new()
                .prefix(".skillhouse-adopt-")
                .tempdir_in(&catalogue.root)
                .map_err(|e| failed(format!("cannot create a folder in {}: {e}", catalogue.root.display())))?;
            for (path, bytes) in &plan.writes {
                let to = staging.path().join(path);
                let write = fs::create_dir_all(to.parent().expect("a file has a folder"))
                    .and_then(|()| fs::write(&to, bytes.as_deref().unwrap_or_default()));
                write.map_err(|e| failed(format!("cannot write {}: {e}; nothing was added to the catalogue", to.display())))?;
                applied.written.push(crate::scan::join(&plan.into, path));
            }
            let staged = staging.keep();
            fs::rename(&staged, &source).map_err(|e| {
                let _ = fs::remove_dir_all(&staged);
                failed(format!("cannot move the skill into {}: {e}; nothing was added to the catalogue", source.display()))
            })?;
        }
        TakeKind::Changes => {
            let mut undo: Vec<(PathBuf, Option<Vec<u8>>)> = Vec::new();
            let result = (|| -> Result<(), String> {
                for (path, bytes) in &plan.writes {
                    let to = source.join(path);
                    undo.push((to.clone(), fs::read(&to).ok()));
                    match bytes {
                        Some(bytes) => {
                            fs::create_dir_all(to.parent().expect("a file has a folder"))
                                .map_err(|e| format!("cannot create {}: {e}", to.display()))?;
                            write_atomically(&to, bytes).map_err(|e| format!("cannot write {}: {e}", to.display()))?;
                            applied.written.push(crate::scan::join(&plan.into, path));
                        }
                        None => {
                            fs::remove_file(&to).map_err(|e| format!("cannot remove {}: {e}", to.display()))?;
                            applied.removed.push(crate::scan::join(&plan.into, path));
                        }
                    }
                }
                Ok(())
            })();
            if let Err(why) = result {
                for (path, old) in undo.into_iter().rev() {
                    let _ = match old {
                        Some(bytes) => write_atomically(&path, &bytes),
                        None => fs::remove_file(&path),
                    };
                }
                return Err(failed(format!("{why}; every file written was put back")));
            }
        }
    }
    if plan.records {
        let read = |p: &Path, e: std::io::Error| {
            failed(format!("the catalogue has the skill now, but {} cannot be read to record it ({e})", p.display()))
        };
        let source_digest = folder_hash(&source).map_err(|e| read(&source, e))?;
        let mut record = lock.record(&plan.skill).filter(|r| r.catalogue == catalogue.root).unwrap_or_else(|| Record {
            catalogue: catalogue.root.clone(),
            dir: plan.into.clone(),
            source_digest: String::new(),
            source_stamp: String::new(),
            installs: Vec::new(),
        });
        record.installs.retain(|i| i.folder != plan.folder);
        record.installs.push(Install {
            agents: plan.agents.clone(),
            folder: plan.folder.clone(),
            how: How::Copy,
            digest: plan.seen.0.clone(),
            portable: plan.portable,
            stamp: folder_stamp(&plan.folder).map_err(|e| read(&plan.folder, e))?,
            source: source_digest.clone(),
        });
        record.installs.sort_by(|a, b| a.folder.cmp(&b.folder));
        record.source_stamp = folder_stamp(&source).map_err(|e| read(&source, e))?;
        record.source_digest.clone_from(&source_digest);
        lock.set(&plan.skill, &source, &source_digest, &record, now);
        if let Some(dir) = lock.path.parent() {
            fs::create_dir_all(dir).map_err(|e| read(dir, e))?;
        }
        write_atomically(&lock.path, &lock.to_bytes()).map_err(|e| {
            failed(format!(
                "the catalogue has the skill now, but {} cannot be written ({e}): install it again to record it",
                lock.path.display()
            ))
        })?;
        applied.recorded = true;
    }
    Ok(applied)
}

/// Every file of a skill folder, as an installation holds them, with its bytes.
fn files(dir: &Path) -> std::io::Result<BTreeMap<String, Vec<u8>>> {
    installed_files(dir)?.into_iter().map(|(rel, entry)| Ok((rel, fs::read(entry.path())?))).collect()
}

fn body_offset(text: &str) -> Option<usize> {
    crate::source::split_frontmatter("", text, &mut Vec::new()).map(|s| s.body_offset)
}

/// A unified diff of a text file (`None` for binary files, which are listed without one).
fn diff(path: &str, old: Option<&[u8]>, new: Option<&[u8]>) -> Option<String> {
    let text = |b: Option<&[u8]>| match b {
        None => Some(String::new()),
        Some(b) => String::from_utf8(b.to_vec()).ok().filter(|t| !t.contains('\0')),
    };
    let (old, new) = (text(old)?, text(new)?);
    let diff = similar::TextDiff::from_lines(&old, &new);
    Some(diff.unified_diff().context_radius(3).header(&format!("catalogue/{path}"), &format!("agent/{path}")).to_string())
}
