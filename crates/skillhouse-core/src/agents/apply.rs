//! Carrying out a confirmed plan: each step checked against what the folder held when planned,
//! every change logged so that a failure part-way puts back what it changed, the lock written last.

use super::lock::{folder_hash, folder_hash_known, folder_stamp, How, Install};
use super::plan::{look, occupied, record_for, Action, Plan, Step, Targets};
use crate::app_error::AppError;
use crate::catalogue::Catalogue;
use crate::error_code::ErrorCode;
use crate::export::portable;
use crate::schema::Schemas;
use serde::Serialize;
use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Backups of replaced or removed installations, beside them, until the next successful sync.
pub const BACKUP_FOLDER: &str = ".skillhouse-backup";

#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InstallApplied")]
pub struct Applied {
    /// The steps carried out, with `how` as it turned out (a link that could not be made is a copy).
    pub steps: Vec<Step>,
    /// Each link that became a copy, and why.
    pub fell_back: Vec<String>,
}

enum Undo {
    /// Remove what was created here.
    Created(PathBuf),
    /// Put `backup` back at `target` (after removing whatever is at `target`).
    Moved { target: PathBuf, backup: PathBuf },
}

/// Payload of the `install-progress` event while a plan is applied: `done` of `total` steps,
/// `skill` the one just carried out.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InstallProgress")]
pub struct ApplyProgress {
    pub done: usize,
    pub total: usize,
    pub skill: String,
}

/// Applies `plan`. Nothing is written when a folder no longer holds what the plan saw
/// (`agents.plan-stale`); a failure part-way undoes every change (`agents.write-failed`).
pub fn apply(plan: &Plan, catalogue: &Catalogue, schemas: &Schemas, targets: &Targets, now: &str) -> Result<Applied, AppError> {
    apply_reporting(plan, catalogue, schemas, targets, now, &mut |_| {})
}

/// [`apply`], calling `progress` after each step; the steps that change nothing count too, so the
/// bar reaches its end when the lock is written.
pub fn apply_reporting(
    plan: &Plan,
    catalogue: &Catalogue,
    schemas: &Schemas,
    targets: &Targets,
    now: &str,
    progress: &mut dyn FnMut(ApplyProgress),
) -> Result<Applied, AppError> {
    let mut lock = super::plan::lock_for(targets)?;
    let as_read = lock.clone();
    if lock.path != plan.lock {
        return Err(stale(format!("the plan records into {}, this scope into {}", plan.lock.display(), lock.path.display())));
    }
    for step in plan.changes() {
        if look(&step.folder) != step.seen {
            return Err(stale(format!("{} changed since the plan was made", step.folder.display())));
        }
    }
    let mut undo: Vec<Undo> = Vec::new();
    let mut applied = Applied { steps: Vec::new(), fell_back: Vec::new() };
    let mut old_backups: Vec<PathBuf> = Vec::new();
    let by_name: HashMap<&str, &crate::skill::Skill> = catalogue.skills.iter().map(|s| (s.name.as_str(), s)).collect();
    // A skill goes to several folders: its folder is hashed (and stamped) once.
    let mut digests: HashMap<String, (String, String)> = HashMap::new();
    let total = plan.steps.len();
    let result = (|| -> Result<(), String> {
        for step in &plan.steps {
            let skill = by_name.get(step.skill.as_str()).copied();
            let mut done = step.clone();
            match step.action {
                Action::Keep => {}
                Action::Remove => {
                    set_aside(&step.folder, &mut undo, &mut old_backups)?;
                }
                Action::Link | Action::Copy | Action::Update => {
                    let skill = skill.ok_or_else(|| format!("`{}` is no longer in the catalogue", step.skill))?;
                    if step.action == Action::Update {
                        set_aside(&step.folder, &mut undo, &mut old_backups)?;
                    }
                    let parent = step.folder.parent().ok_or("an installation folder has no parent")?;
                    create_folder(parent, &mut undo)?;
                    let source = catalogue.root.join(&skill.dir);
                    done.how = write(step, &source, targets, schemas, &mut undo, &mut applied.fell_back)?;
                }
            }
            // The lock: Skillhouse's record of where each skill is and how.
            let Some(skill) = skill else {
                lock.remove(&step.skill);
                applied.steps.push(done);
                progress(ApplyProgress { done: applied.steps.len(), total, skill: step.skill.clone() });
                continue;
            };
            let source = catalogue.root.join(&skill.dir);
            let mut record = record_for(catalogue, skill, &lock);
            let read = |e: std::io::Error| format!("cannot read {}: {e}", source.display());
            let (source_digest, source_stamp) = match digests.get(&skill.name) {
                Some(d) => d.clone(),
                None => {
                    let stamp = folder_stamp(&source).map_err(read)?;
                    let known = (record.source_stamp == stamp).then_some((record.source_digest.as_str(), stamp.as_str()));
                    let d = (folder_hash_known(&source, known).map_err(read)?, stamp);
                    digests.insert(skill.name.clone(), d.clone());
                    d
                }
            };
            record.installs.retain(|i| i.folder != step.folder);
            if step.action != Action::Remove
                && !(step.action == Action::Keep && step.why.as_deref().is_some_and(|w| w.starts_with("already gone")))
            {
                // A link shows the catalogue's folder, and a plain copy holds exactly the files
                // `folder_hash` reads there; only a portable copy differs and is hashed itself.
                let digest = if done.how == How::Link || !step.portable {
                    source_digest.clone()
                } else {
                    folder_hash(&step.folder).map_err(|e| format!("cannot read {}: {e}", step.folder.display()))?
                };
                let stamp = match done.how {
                    How::Link => String::new(),
                    How::Copy => folder_stamp(&step.folder).map_err(|e| format!("cannot read {}: {e}", step.folder.display()))?,
                };
                record.installs.push(Install {
                    agents: step.agents.clone(),
                    folder: step.folder.clone(),
                    how: done.how,
                    digest,
                    portable: step.portable,
                    stamp,
                    source: source_digest.clone(),
                });
            }
            record.installs.sort_by(|a, b| a.folder.cmp(&b.folder));
            if record.installs.is_empty() {
                lock.remove(&step.skill);
            } else {
                record.source_digest = source_digest.clone();
                record.source_stamp = source_stamp.clone();
                // Unchanged, it is not set again: that would only move its update time.
                if lock.record(&step.skill).as_ref() != Some(&record) {
                    lock.set(&step.skill, &source, &source_digest, &record, now);
                }
            }
            applied.steps.push(done);
            progress(ApplyProgress { done: applied.steps.len(), total, skill: step.skill.clone() });
        }
        // A plan that changes nothing leaves the lock as it is, its bytes and its time: the
        // `skills` CLI's file is not reformatted, and no empty lock appears in a project.
        if lock == as_read {
            return Ok(());
        }
        if let Some(dir) = lock.path.parent() {
            create_folder(dir, &mut undo)?;
        }
        crate::files::write_atomically(&lock.path, &lock.to_bytes()).map_err(|e| format!("cannot write {}: {e}", lock.path.display()))
    })();
    match result {
        Ok(()) => {
            // The backups of earlier syncs go once this one has succeeded.
            for old in old_backups {
                let _ = remove(&old);
            }
            Ok(applied)
        }
        Err(why) => {
            let mut failures = Vec::new();
            for step in undo.into_iter().rev() {
                if let Err(e) = reverse(step) {
                    failures.push(e.to_string());
                }
            }
            let message = if failures.is_empty() {
                format!("{why}; everything this changed was put back{}", next_step(&why))
            } else {
                format!("{why}; putting back failed too ({}): check the agent folders by hand", failures.join("; "))
            };
            Err(AppError::new(ErrorCode::AgentsWriteFailed, message))
        }
    }
}

/// What to do about a failed write, when its cause says.
fn next_step(why: &str) -> &'static str {
    if why.contains("Permission denied") || why.contains("Operation not permitted") || why.contains("Read-only file system") {
        ": make the agent's skills folder writable, or install into another scope"
    } else {
        ""
    }
}

fn stale(why: String) -> AppError {
    AppError::new(ErrorCode::AgentsPlanStale, format!("{why}; nothing was written: plan again"))
}

/// Writes the installation; returns how it ended up (a link that cannot be made becomes a copy).
fn write(
    step: &Step,
    source: &Path,
    targets: &Targets,
    schemas: &Schemas,
    undo: &mut Vec<Undo>,
    fell_back: &mut Vec<String>,
) -> Result<How, String> {
    if step.how == How::Link {
        match link(source, &step.folder, targets) {
            Ok(()) => {
                undo.push(Undo::Created(step.folder.clone()));
                return Ok(How::Link);
            }
            Err(e) => fell_back.push(format!("{}: copied, because a symlink could not be made ({e})", step.folder.display())),
        }
    }
    copy(source, &step.folder, step.portable, schemas).map_err(|e| format!("cannot copy into {}: {e}", step.folder.display()))?;
    undo.push(Undo::Created(step.folder.clone()));
    Ok(How::Copy)
}

#[cfg(unix)]
fn link(source: &Path, folder: &Path, targets: &Targets) -> io::Result<()> {
    let source = source.canonicalize()?;
    // Inside the project, a relative link survives the project being moved or cloned.
    let target = match &targets.scope {
        super::registry::Scope::Project(project) if source.starts_with(project.canonicalize()?) => {
            let parent = folder.parent().expect("checked").canonicalize()?;
            pathdiff::diff_paths(&source, &parent).unwrap_or(source)
        }
        _ => source,
    };
    std::os::unix::fs::symlink(target, folder)
}

#[cfg(not(unix))]
fn link(_: &Path, _: &Path, _: &Targets) -> io::Result<()> {
    Err(io::Error::other("symlinks are not made on this system"))
}

/// Copies the folder's regular files (as `folder_hash` counts them) into a hidden staging folder
/// beside `folder`, then renames it into place, so an agent never reads half a skill.
fn copy(source: &Path, folder: &Path, portable_form: bool, schemas: &Schemas) -> io::Result<()> {
    let parent = folder.parent().expect("checked");
    let staging = tempfile::Builder::new().prefix(".skillhouse-staging-").tempdir_in(parent)?;
    for entry in walkdir::WalkDir::new(source)
        .follow_links(false)
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !(e.file_type().is_dir() && (e.file_name() == ".git" || e.file_name() == "node_modules")))
    {
        let entry = entry.map_err(io::Error::other)?;
        if !entry.file_type().is_file() {
            continue;
        }
        let rel = entry.path().strip_prefix(source).expect("walked from source");
        let to = staging.path().join(rel);
        fs::create_dir_all(to.parent().expect("a file has a folder"))?;
        if portable_form && rel == Path::new(crate::scan::SKILL_FILE) {
            let text = fs::read_to_string(entry.path())?;
            let rewritten = portable::rewrite(&text, schemas).ok_or_else(|| io::Error::other("its frontmatter cannot be rewritten"))?;
            fs::write(&to, rewritten)?;
        } else {
            fs::copy(entry.path(), &to)?;
        }
    }
    let staged = staging.keep();
    fs::rename(&staged, folder).inspect_err(|_| {
        let _ = fs::remove_dir_all(&staged);
    })
}

/// Moves Skillhouse's installation at `folder` into the backup folder beside it.
fn set_aside(folder: &Path, undo: &mut Vec<Undo>, old_backups: &mut Vec<PathBuf>) -> Result<(), String> {
    let parent = folder.parent().ok_or("an installation folder has no parent")?;
    let name = folder.file_name().ok_or("an installation folder has no name")?;
    let backups = parent.join(BACKUP_FOLDER);
    create_folder(&backups, undo)?;
    let backup = backups.join(name);
    if occupied(&backup) {
        // An earlier sync's backup: kept until this one succeeds.
        let mut older = backup.clone().into_os_string();
        older.push(".previous");
        let older = PathBuf::from(older);
        let _ = remove(&older);
        fs::rename(&backup, &older).map_err(|e| format!("cannot move {} aside: {e}", backup.display()))?;
        undo.push(Undo::Moved { target: backup.clone(), backup: older.clone() });
        old_backups.push(older);
    }
    fs::rename(folder, &backup).map_err(|e| format!("cannot move {} to {}: {e}", folder.display(), backup.display()))?;
    undo.push(Undo::Moved { target: folder.to_path_buf(), backup });
    Ok(())
}

/// Creates `dir` and the folders above it that are missing, logging the topmost for undo.
fn create_folder(dir: &Path, undo: &mut Vec<Undo>) -> Result<(), String> {
    let mut top = None;
    let mut at = Some(dir);
    while let Some(path) = at {
        // Not `look`, which hashes a folder: the parent is the agent's whole skills folder.
        if occupied(path) {
            break;
        }
        top = Some(path.to_path_buf());
        at = path.parent();
    }
    match fs::metadata(dir) {
        Ok(m) if !m.is_dir() => return Err(format!("{} is a file, not a folder", dir.display())),
        _ => {}
    }
    fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    if let Some(top) = top {
        undo.push(Undo::Created(top));
    }
    Ok(())
}

fn remove(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
        Ok(m) if m.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
    }
}

fn reverse(step: Undo) -> io::Result<()> {
    match step {
        Undo::Created(path) => remove(&path),
        Undo::Moved { target, backup } => {
            remove(&target)?;
            fs::rename(backup, target)
        }
    }
}
