//! What an install, an uninstall or a sync would do, worked out before anything is written: every
//! folder to link, copy, update or remove, every conflict, every skill held back by its errors.

use super::lock::{folder_hash, folder_hash_known, How, Install, Kind, Lock, Record};
use super::registry::{stays_inside, Host, Registry, Scope, Tool};
use crate::app_error::AppError;
use crate::catalogue::Catalogue;
use crate::diagnostic::Diagnostic;
use crate::error_code::ErrorCode;
use crate::export::portable;
use crate::schema::Schemas;
use crate::skill::Skill;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where installations go and what reads them.
pub struct Targets<'a> {
    pub registry: &'a Registry,
    pub host: &'a Host,
    pub scope: Scope,
}

/// What a step does to its folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InstallAction")]
pub enum Action {
    /// Make a symlink to the catalogue's folder.
    Link,
    /// Copy the catalogue's folder.
    Copy,
    /// Replace Skillhouse's earlier installation (an outdated copy, or a link that must become a
    /// copy, or the reverse); the old one is kept as a backup until the next successful sync.
    Update,
    /// Take Skillhouse's installation away (kept as a backup until the next successful sync).
    Remove,
    /// Already as asked: nothing to do.
    Keep,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InstallStep")]
pub struct Step {
    pub skill: String,
    /// The tools that read `folder` (several share `.agents/skills`).
    pub agents: Vec<String>,
    /// The installed skill's folder.
    #[ts(type = "string")]
    pub folder: PathBuf,
    pub action: Action,
    pub how: How,
    /// Written with portable frontmatter, for readers of the specification.
    pub portable: bool,
    /// Why it is a copy when a link was possible, or why it is updated.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// What the folder held when planned; `apply` refuses when it holds something else.
    #[serde(skip)]
    pub(super) seen: Seen,
}

/// Why a folder is left alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InstallConflictKind")]
pub enum ConflictKind {
    /// Something Skillhouse did not put there: never replaced; move it away, or leave it.
    NotOurs,
    /// A file where the skill's folder would go.
    NotAFolder,
    /// Skillhouse's copy was edited inside the agent's folder.
    ChangedThere,
    /// Installed there from another catalogue.
    OtherCatalogue,
    /// The skill's name would leave the agent's folder.
    Unsafe,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InstallConflict")]
pub struct Conflict {
    pub skill: String,
    pub agents: Vec<String>,
    #[ts(type = "string")]
    pub folder: PathBuf,
    pub kind: ConflictKind,
    pub message: String,
}

/// A skill that is not installed (or not updated) because of what is wrong with it.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InstallBlocked")]
pub struct Blocked {
    pub skill: String,
    /// The first error, to open in the editor.
    pub diagnostic: Diagnostic,
}

#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InstallPlan")]
pub struct Plan {
    /// The lock file the plan records into.
    #[ts(type = "string")]
    pub lock: PathBuf,
    pub steps: Vec<Step>,
    pub conflicts: Vec<Conflict>,
    pub blocked: Vec<Blocked>,
}

impl Plan {
    /// The steps that change something.
    pub fn changes(&self) -> impl Iterator<Item = &Step> {
        self.steps.iter().filter(|s| s.action != Action::Keep)
    }
}

/// What a folder held when looked at.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(super) enum Seen {
    #[default]
    Absent,
    File,
    Link(PathBuf),
    Folder(String),
}

/// Whether anything (a link included, even a dangling one) is at `path`: a look that reads no files.
pub(super) fn occupied(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

pub(super) fn look(path: &Path) -> Seen {
    look_with(path, |p| folder_hash(p).unwrap_or_default())
}

/// `look` at an installation Skillhouse recorded: a copy whose stamp is unchanged is not read.
pub(super) fn look_installed(install: &Install) -> Seen {
    let known = Some((install.digest.as_str(), install.stamp.as_str()));
    look_with(&install.folder, |p| folder_hash_known(p, known).unwrap_or_default())
}

/// What is at `path`, a folder's digest taken by `hash`. Most installations are links: asking
/// for the link first answers them in one system call rather than two.
fn look_with(path: &Path, hash: impl Fn(&Path) -> String) -> Seen {
    match std::fs::read_link(path) {
        Ok(target) => return Seen::Link(target),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Seen::Absent,
        Err(_) => {}
    }
    match std::fs::symlink_metadata(path) {
        Err(_) => Seen::Absent,
        Ok(m) if m.file_type().is_symlink() => Seen::Link(std::fs::read_link(path).unwrap_or_default()),
        Ok(m) if m.is_dir() => Seen::Folder(hash(path)),
        Ok(_) => Seen::File,
    }
}

/// `folder_hash` of a skill's folder in the catalogue, not read while its stamp matches the record's.
pub(super) fn source_hash(source: &Path, record: Option<&Record>) -> String {
    folder_hash_known(source, record.map(|r| (r.source_digest.as_str(), r.source_stamp.as_str()))).unwrap_or_default()
}

/// What to do.
pub enum Request<'a> {
    Install {
        skills: &'a [String],
        agents: &'a [String],
        copy: bool,
    },
    /// As `Install`, but Skillhouse's own copy edited in the agent's folder is moved to the backup
    /// folder beside it and replaced with the catalogue's.
    Replace {
        skills: &'a [String],
        agents: &'a [String],
        copy: bool,
    },
    Uninstall {
        skills: &'a [String],
        agents: &'a [String],
    },
    /// Every installation the lock records from this catalogue, brought up to date.
    Sync,
}

pub fn lock_for(targets: &Targets) -> Result<Lock, AppError> {
    let (path, kind): (PathBuf, Kind) = super::lock::location(targets.host, &targets.scope);
    Lock::read(&path, kind)
}

pub fn plan(catalogue: &Catalogue, schemas: &Schemas, targets: &Targets, request: &Request) -> Result<Plan, AppError> {
    let lock = lock_for(targets)?;
    let records = lock.records_by_name();
    let mut planner = Planner {
        catalogue,
        targets,
        records,
        digests: HashMap::new(),
        seen: HashMap::new(),
        replace: false,
        escapes: Arc::default(),
        plan: Plan { lock: lock.path.clone(), steps: vec![], conflicts: vec![], blocked: vec![] },
    };
    match request {
        Request::Install { skills, agents, copy } | Request::Replace { skills, agents, copy } => {
            planner.replace = matches!(request, Request::Replace { .. });
            let folders = planner.folders(agents)?;
            planner.escapes = escapes(targets, folders.iter().map(|(f, _)| f.as_path()));
            for skill in planner.skills(skills)? {
                if planner.blocked(skill) {
                    continue;
                }
                let portable = !portable::reasons(skill, schemas).is_empty();
                for (folder, tools) in &folders {
                    planner.install(skill, folder, tools, *copy, portable);
                }
            }
        }
        Request::Uninstall { skills, agents } => {
            let folders = planner.folders(agents)?;
            planner.escapes = escapes(targets, folders.iter().map(|(f, _)| f.as_path()));
            for name in skills.iter() {
                for (folder, tools) in &folders {
                    planner.uninstall(name, folder, tools);
                }
            }
        }
        Request::Sync => {
            let by_name: HashMap<&str, &Skill> = catalogue.skills.iter().map(|s| (s.name.as_str(), s)).collect();
            let mut ours: Vec<(&String, &Record, &Skill)> = records
                .iter()
                .filter(|(_, r)| r.catalogue == catalogue.root)
                .filter_map(|(n, r)| Some((n, r, by_name.get(n.as_str()).copied()?)))
                .collect();
            ours.sort_by(|a, b| a.0.cmp(b.0));
            let parents: BTreeSet<&Path> = ours.iter().flat_map(|(_, r, _)| r.installs.iter().filter_map(|i| i.folder.parent())).collect();
            let escapes = escapes(targets, parents.into_iter());
            // Each skill is planned on its own, in parallel: its source hashed, its folders looked
            // at, its steps decided. The plans are then joined in the skills' order, so the plan
            // is the same however many threads made it.
            let parts: Vec<Plan> = ours
                .par_iter()
                .map(|(name, record, skill)| {
                    let mut part = Planner {
                        catalogue,
                        targets,
                        records,
                        digests: HashMap::from([((*name).clone(), source_hash(&catalogue.root.join(&skill.dir), Some(record)))]),
                        seen: record.installs.iter().map(|i| (i.folder.clone(), look_installed(i))).collect(),
                        replace: false,
                        escapes: escapes.clone(),
                        plan: Plan { lock: PathBuf::new(), steps: vec![], conflicts: vec![], blocked: vec![] },
                    };
                    if !part.blocked(skill) {
                        let portable = !portable::reasons(skill, schemas).is_empty();
                        for install in &record.installs {
                            let tools: Vec<&Tool> = install.agents.iter().filter_map(|id| targets.registry.tool(id)).collect();
                            let parent = install.folder.parent().unwrap_or(Path::new("")).to_path_buf();
                            part.install(skill, &parent, &tools, install.how == How::Copy, portable);
                        }
                    }
                    part.plan
                })
                .collect();
            for part in parts {
                planner.plan.steps.extend(part.steps);
                planner.plan.conflicts.extend(part.conflicts);
                planner.plan.blocked.extend(part.blocked);
            }
        }
    }
    Ok(planner.plan)
}

struct Planner<'a> {
    catalogue: &'a Catalogue,
    targets: &'a Targets<'a>,
    /// Skillhouse's records in the lock, read once.
    records: &'a HashMap<String, Record>,
    /// What each recorded folder holds, when looked at beforehand (a sync looks at all in parallel).
    seen: HashMap<PathBuf, Seen>,
    /// `folder_hash` of each skill's folder, read once however many tools it goes to.
    digests: HashMap<String, String>,
    /// Whether what stands in the way is replaced (backed up) rather than left as a conflict.
    replace: bool,
    /// The agent folders that a symlink on the way leads out of the project, with where they lead.
    escapes: Arc<HashMap<PathBuf, PathBuf>>,
    plan: Plan,
}

/// The conflict's message for an agent folder that `leads_out`.
fn out_of_project(parent: &Path, real: &Path) -> String {
    format!(
        "{} leads out of the project, to {}, through a symlink: Skillhouse does not write outside the project; remove the link, or install globally",
        parent.display(),
        real.display()
    )
}

/// Where `folder` really is when a symlink on its way leads it out of `project` (both as given;
/// the nearest part of `folder` that exists is resolved). A project's agent folders are written
/// by whoever opens the project, so one that leads elsewhere (`.claude -> /somewhere`) is not
/// written through.
fn leads_out(folder: &Path, project: &Path) -> Option<PathBuf> {
    let project = project.canonicalize().ok()?;
    let (real, rest) = folder.ancestors().find_map(|a| Some((a.canonicalize().ok()?, folder.strip_prefix(a).ok()?)))?;
    let real = real.join(rest);
    (!real.starts_with(&project)).then_some(real)
}

/// `leads_out` for each of `folders`, in project scope.
fn escapes<'p>(targets: &Targets, folders: impl Iterator<Item = &'p Path>) -> Arc<HashMap<PathBuf, PathBuf>> {
    let Scope::Project(project) = &targets.scope else { return Arc::default() };
    Arc::new(folders.filter_map(|f| Some((f.to_path_buf(), leads_out(f, project)?))).collect())
}

impl<'a> Planner<'a> {
    /// The requested tools grouped by the folder they read, in the registry's order.
    fn folders(&self, agents: &[String]) -> Result<Vec<(PathBuf, Vec<&'a Tool>)>, AppError> {
        let mut folders: BTreeMap<PathBuf, Vec<&Tool>> = BTreeMap::new();
        for id in agents {
            let tool = self.targets.registry.tool(id).ok_or_else(|| {
                let known: Vec<&str> = self.targets.registry.tools.iter().map(|t| t.id.as_str()).collect();
                AppError::new(ErrorCode::AgentsUnknownTool, format!("no agent tool `{id}`; known: {}", known.join(", ")))
            })?;
            let list = folders.entry(tool.folder(self.targets.host, &self.targets.scope)).or_default();
            if !list.contains(&tool) {
                list.push(tool);
            }
        }
        Ok(folders.into_iter().collect())
    }

    fn skills(&self, names: &[String]) -> Result<Vec<&'a Skill>, AppError> {
        names
            .iter()
            .map(|n| {
                // By name, else by folder: a skill whose name is broken is listed under its folder.
                let by_folder = || self.catalogue.skills.iter().find(|s| s.dir == *n || s.dir.rsplit('/').next() == Some(n.as_str()));
                self.catalogue.skill(n).or_else(by_folder).ok_or_else(|| {
                    AppError::new(ErrorCode::SkillNotFound, format!("no skill named `{n}` in {}", self.catalogue.root.display()))
                })
            })
            .collect()
    }

    /// Holds back a skill with errors.
    fn blocked(&mut self, skill: &Skill) -> bool {
        if let Some(first) = skill.diagnostics.iter().find(|d| d.is_error()) {
            self.plan.blocked.push(Blocked { skill: skill.name.clone(), diagnostic: first.clone() });
            return true;
        }
        // A legacy skill without errors always rewrites to the specification's form (the
        // schemas differ only in what portable frontmatter moves); should one not, `apply`
        // refuses it while copying and puts everything back.
        false
    }

    /// `portable`: the skill is published with portable frontmatter (`portable::reasons`).
    fn install(&mut self, skill: &Skill, parent: &Path, tools: &[&Tool], copy: bool, portable: bool) {
        let agents: Vec<String> = tools.iter().map(|t| t.id.clone()).collect();
        let folder = parent.join(&skill.name);
        if !stays_inside(Path::new(&skill.name)) || Path::new(&skill.name).components().count() != 1 {
            return self.conflict(skill, agents, folder, ConflictKind::Unsafe, "the skill's name would leave the agent's folder".into());
        }
        if let Some(real) = self.escapes.get(parent) {
            let message = out_of_project(parent, real);
            return self.conflict(skill, agents, folder, ConflictKind::Unsafe, message);
        }
        let no_links: Vec<&str> = tools.iter().filter(|t| !t.links).map(|t| t.name.as_str()).collect();
        let (how, why) = if copy {
            (How::Copy, None)
        } else if portable {
            (
                How::Copy,
                Some("copied with portable frontmatter: the catalogue's legacy form is refused by specification readers".to_string()),
            )
        } else if !no_links.is_empty() {
            (How::Copy, Some(format!("copied: {} does not load symlinked skill folders", no_links.join(", "))))
        } else {
            (How::Link, None)
        };
        let source = self.catalogue.root.join(&skill.dir);
        let record = self.records.get(&skill.name);
        let ours = record.and_then(|r| r.installs.iter().find(|i| i.folder == folder).map(|i| (r, i)));
        let seen = match (self.seen.remove(&folder), ours) {
            (Some(seen), _) => seen,
            (None, Some((_, install))) => look_installed(install),
            (None, None) => look(&folder),
        };
        let step = |action: Action, why: Option<String>| Step {
            skill: skill.name.clone(),
            agents: agents.clone(),
            folder: folder.clone(),
            action,
            how,
            portable,
            why,
            seen: seen.clone(),
        };
        let new_action = if how == How::Link { Action::Link } else { Action::Copy };
        let Some((record, install)) = ours else {
            return match &seen {
                Seen::Absent => self.plan.steps.push(step(new_action, why)),
                Seen::File => self.replace_or_conflict(
                    step(new_action, None),
                    ConflictKind::NotAFolder,
                    "a file is where the skill's folder goes: move it away".into(),
                ),
                _ => self.replace_or_conflict(
                    step(new_action, None),
                    ConflictKind::NotOurs,
                    "a skill folder Skillhouse did not install is there, and Skillhouse never replaces it: move it away, or leave it"
                        .into(),
                ),
            };
        };
        if record.catalogue != self.catalogue.root {
            let message = format!("installed there from another catalogue, {}", record.catalogue.display());
            return self.conflict(skill, agents, folder, ConflictKind::OtherCatalogue, message);
        }
        if let Some(changed) = changed_there(install, &seen) {
            return self.replace_or_conflict(step(new_action, None), ConflictKind::ChangedThere, changed);
        }
        if seen == Seen::Absent {
            return self.plan.steps.push(step(new_action, Some("it was removed from the agent's folder".into())));
        }
        let source_digest = self.digests.entry(skill.name.clone()).or_insert_with(|| source_hash(&source, Some(record))).clone();
        let action = match (install.how, how) {
            (How::Link, How::Link) if points_at(&seen, &folder, &source) => Action::Keep,
            (How::Link, How::Link) => return self.plan.steps.push(step(Action::Update, Some("the link points elsewhere".into()))),
            (How::Copy, How::Copy) if install.source == source_digest && install.portable == portable => Action::Keep,
            (How::Copy, How::Copy) => {
                return self.plan.steps.push(step(Action::Update, Some("the catalogue's skill changed since it was copied".into())))
            }
            _ => Action::Update,
        };
        self.plan.steps.push(step(action, why));
    }

    fn uninstall(&mut self, name: &str, parent: &Path, tools: &[&Tool]) {
        let agents: Vec<String> = tools.iter().map(|t| t.id.clone()).collect();
        let folder = parent.join(name);
        if let Some(real) = self.escapes.get(parent) {
            let message = out_of_project(parent, real);
            self.plan.conflicts.push(Conflict { skill: name.into(), agents, folder, kind: ConflictKind::Unsafe, message });
            return;
        }
        let install = self.records.get(name).and_then(|r| r.installs.iter().find(|i| i.folder == folder).cloned());
        let seen = install.as_ref().map_or_else(|| look(&folder), look_installed);
        let Some(install) = install else {
            if seen != Seen::Absent {
                let message = "Skillhouse did not install this folder, so it does not remove it".to_string();
                self.plan.conflicts.push(Conflict { skill: name.into(), agents, folder, kind: ConflictKind::NotOurs, message });
            }
            return;
        };
        if let Some(changed) = changed_there(&install, &seen) {
            self.plan.conflicts.push(Conflict { skill: name.into(), agents, folder, kind: ConflictKind::ChangedThere, message: changed });
            return;
        }
        let action = if seen == Seen::Absent { Action::Keep } else { Action::Remove };
        let why = (seen == Seen::Absent).then(|| "already gone from the agent's folder; only the lock entry goes".to_string());
        self.plan.steps.push(Step { skill: name.into(), agents, folder, action, how: install.how, portable: install.portable, why, seen });
    }

    fn conflict(&mut self, skill: &Skill, agents: Vec<String>, folder: PathBuf, kind: ConflictKind, message: String) {
        self.plan.conflicts.push(Conflict { skill: skill.name.clone(), agents, folder, kind, message });
    }

    /// Skillhouse's own copy edited in the agent's folder, when asked to replace it: moved to the
    /// backup folder, then the catalogue's skill installed. Everything else stays a conflict: a
    /// folder or file Skillhouse did not put there is never replaced.
    fn replace_or_conflict(&mut self, step: Step, kind: ConflictKind, message: String) {
        if self.replace && kind == ConflictKind::ChangedThere {
            let why = format!("replaces what is there ({message}); that is moved to {} beside it", super::apply::BACKUP_FOLDER);
            return self.plan.steps.push(Step { action: Action::Update, why: Some(why), ..step });
        }
        self.plan.conflicts.push(Conflict { skill: step.skill, agents: step.agents, folder: step.folder, kind, message });
    }
}

/// Why Skillhouse's installation no longer is what it wrote, if it is not.
pub(super) fn changed_there(install: &Install, seen: &Seen) -> Option<String> {
    match (install.how, seen) {
        (_, Seen::Absent) => None,
        (How::Copy, Seen::Folder(hash)) if *hash == install.digest => None,
        (How::Copy, Seen::Folder(_)) => {
            Some("the copy was edited in the agent's folder: copy the changes into the catalogue, or replace the copy".into())
        }
        (How::Link, Seen::Link(_)) => None,
        (_, Seen::File) => Some("a file replaced the installed skill".into()),
        (How::Copy, Seen::Link(_)) => Some("a symlink replaced the copied skill".into()),
        (How::Link, Seen::Folder(_)) => Some("a folder replaced the symlink Skillhouse made".into()),
    }
}

pub(super) fn record_for(catalogue: &Catalogue, skill: &Skill, lock: &Lock) -> Record {
    lock.record(&skill.name).filter(|r| r.catalogue == catalogue.root).unwrap_or_else(|| Record {
        catalogue: catalogue.root.clone(),
        dir: skill.dir.clone(),
        source_digest: String::new(),
        source_stamp: String::new(),
        installs: Vec::new(),
    })
}

fn points_at(seen: &Seen, link: &Path, source: &Path) -> bool {
    // The link Skillhouse makes outside a project holds the catalogue's own path: no need to
    // resolve every component of both (a sync of thousands of links would).
    if matches!(seen, Seen::Link(target) if target.is_absolute() && target == source) {
        return true;
    }
    match (std::fs::canonicalize(link), std::fs::canonicalize(source)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
