//! Installing skills into agent tools, in a temporary HOME and project: nothing touches the real
//! ones. The catalogue is a copy of the sample one (it holds a legacy skill).

mod common;

use common::{copy_dir, sample};
use skillhouse_core::agents::lock::{folder_hash, How};
use skillhouse_core::agents::plan::ConflictKind;
use skillhouse_core::agents::status::{status, State};
use skillhouse_core::agents::{apply, apply_reporting, plan, Action, Host, Registry, Request, Scope, Targets};
use skillhouse_core::catalogue::{self, Catalogue, LoadOptions};
use skillhouse_core::error_code::ErrorCode;
use skillhouse_core::schema::Schemas;
use std::fs;
use std::path::{Path, PathBuf};

const NOW: &str = "2026-12-05T12:00:00.000Z";

struct World {
    _dir: tempfile::TempDir,
    root: PathBuf,
    project: PathBuf,
    host: Host,
    registry: Registry,
    schemas: Schemas,
}

fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("catalogue");
    copy_dir(&sample(), &root);
    let project = dir.path().join("project");
    fs::create_dir_all(&project).unwrap();
    let host = Host { home: dir.path().join("home"), env: Default::default() };
    fs::create_dir_all(&host.home).unwrap();
    World {
        root: root.canonicalize().unwrap(),
        project: project.canonicalize().unwrap(),
        host,
        registry: Registry::builtin(),
        schemas: Schemas::new(),
        _dir: dir,
    }
}

impl World {
    fn catalogue(&self) -> Catalogue {
        catalogue::load(&self.root, &LoadOptions::default()).unwrap()
    }
    fn targets(&self) -> Targets<'_> {
        Targets { registry: &self.registry, host: &self.host, scope: Scope::Project(self.project.clone()) }
    }
    fn install(&self, skills: &[&str], agents: &[&str], copy: bool) -> skillhouse_core::agents::Plan {
        let skills: Vec<String> = skills.iter().map(|s| s.to_string()).collect();
        let agents: Vec<String> = agents.iter().map(|s| s.to_string()).collect();
        plan(&self.catalogue(), &self.schemas, &self.targets(), &Request::Install { skills: &skills, agents: &agents, copy }).unwrap()
    }
    fn apply(
        &self,
        plan: &skillhouse_core::agents::Plan,
    ) -> Result<skillhouse_core::agents::Applied, skillhouse_core::app_error::AppError> {
        apply(plan, &self.catalogue(), &self.schemas, &self.targets(), NOW)
    }
    fn lock(&self) -> serde_json::Value {
        serde_json::from_slice(&fs::read(self.project.join("skills-lock.json")).unwrap()).unwrap()
    }
}

fn tree(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> =
        walkdir::WalkDir::new(dir).into_iter().map(|e| e.unwrap().path().strip_prefix(dir).unwrap().display().to_string()).collect();
    out.sort();
    out
}

#[test]
fn a_plan_writes_nothing_and_applying_links_copies_and_records_in_the_skills_lock() {
    let w = world();
    let plan = w.install(&["naming-skills", "cicd-pipeline-design"], &["claude-code", "cursor", "codex"], false);
    assert!(!w.project.join(".claude").exists() && !w.project.join("skills-lock.json").exists(), "a plan wrote something");
    assert!(plan.conflicts.is_empty() && plan.blocked.is_empty(), "{plan:?}");
    // cursor and codex share .agents/skills: one folder per skill there, read by both.
    assert_eq!(plan.steps.len(), 4, "{:#?}", plan.steps);
    let step = |skill: &str, folder: &str| plan.steps.iter().find(|s| s.skill == skill && s.folder.ends_with(folder)).unwrap();
    let claude = step("naming-skills", ".claude/skills/naming-skills");
    assert_eq!((claude.action, claude.how), (Action::Link, How::Link));
    let shared = step("naming-skills", ".agents/skills/naming-skills");
    assert_eq!(shared.agents, ["cursor", "codex"]);
    assert_eq!(shared.how, How::Copy, "Cursor does not load symlinked folders");
    assert!(shared.why.as_deref().unwrap().contains("Cursor"));
    let legacy = step("cicd-pipeline-design", ".claude/skills/cicd-pipeline-design");
    assert_eq!((legacy.how, legacy.portable), (How::Copy, true), "a legacy skill goes as a portable copy");

    let applied = w.apply(&plan).unwrap();
    assert!(applied.fell_back.is_empty());
    let link = w.project.join(".claude/skills/naming-skills");
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(fs::read_link(&link).unwrap().is_absolute(), "the catalogue is outside the project: an absolute link");
    assert_eq!(fs::canonicalize(&link).unwrap(), w.root.join("naming-skills"));
    let copy = w.project.join(".agents/skills/naming-skills");
    assert_eq!(tree(&copy), tree(&w.root.join("naming-skills")));
    assert_eq!(folder_hash(&copy).unwrap(), folder_hash(&w.root.join("naming-skills")).unwrap());
    let portable = fs::read_to_string(w.project.join(".claude/skills/cicd-pipeline-design/SKILL.md")).unwrap();
    let original = fs::read_to_string(w.root.join("legacy/cicd-pipeline-design/SKILL.md")).unwrap();
    assert_ne!(portable, original);
    assert!(portable.ends_with(original.split("\n---\n").nth(1).unwrap()), "the body's bytes are kept");

    let lock = w.lock();
    assert_eq!(lock["version"], 1);
    let entry = &lock["skills"]["naming-skills"];
    assert_eq!(entry["sourceType"], "local");
    assert_eq!(entry["source"], "../catalogue/naming-skills");
    assert_eq!(entry["computedHash"], folder_hash(&w.root.join("naming-skills")).unwrap());
    let installs = entry["skillhouse"]["installs"].as_array().unwrap();
    assert_eq!(installs.len(), 2);
    let folders: Vec<&str> = installs.iter().map(|i| i["folder"].as_str().unwrap()).collect();
    assert_eq!(folders, [".agents/skills/naming-skills", ".claude/skills/naming-skills"], "a project's lock keeps project paths relative");

    let found = status(&w.catalogue(), &w.targets()).unwrap();
    assert_eq!(found.len(), 4);
    assert!(found.iter().all(|i| i.state == State::Current), "{found:#?}");

    // Planning the same install again: nothing to do.
    let again = w.install(&["naming-skills", "cicd-pipeline-design"], &["claude-code", "cursor", "codex"], false);
    assert_eq!(again.changes().count(), 0, "{:#?}", again.steps);
}

#[test]
fn a_skill_with_errors_is_blocked_with_its_first_diagnostic_and_nothing_is_written_for_it() {
    let w = world();
    let file = w.root.join("naming-skills/SKILL.md");
    let text = fs::read_to_string(&file).unwrap().replacen("name: naming-skills", "name: Naming Skills", 1);
    fs::write(&file, text).unwrap();
    // The broken skill is listed under its folder's name.
    let plan = w.install(&["naming-skills"], &["claude-code"], false);
    assert!(plan.steps.is_empty());
    assert_eq!(plan.blocked.len(), 1);
    assert_eq!(plan.blocked[0].diagnostic.file, "naming-skills/SKILL.md");
    assert!(plan.blocked[0].diagnostic.is_error());
    w.apply(&plan).unwrap();
    assert!(!w.project.join(".claude/skills/naming-skills").exists());
}

#[test]
fn a_folder_skillhouse_did_not_put_there_is_a_conflict_and_is_left_alone() {
    let w = world();
    let theirs = w.project.join(".claude/skills/naming-skills");
    fs::create_dir_all(&theirs).unwrap();
    fs::write(theirs.join("SKILL.md"), "mine").unwrap();
    fs::create_dir_all(w.project.join(".goose/skills")).unwrap();
    fs::write(w.project.join(".goose/skills/naming-skills"), "a file").unwrap();
    let plan = w.install(&["naming-skills"], &["claude-code", "goose"], false);
    let kinds: Vec<ConflictKind> = plan.conflicts.iter().map(|c| c.kind).collect();
    assert_eq!(kinds, [ConflictKind::NotOurs, ConflictKind::NotAFolder], "{:#?}", plan.conflicts);
    assert!(plan.conflicts[0].message.contains("never replaces it"));
    w.apply(&plan).unwrap();
    assert_eq!(fs::read_to_string(theirs.join("SKILL.md")).unwrap(), "mine");
    assert_eq!(fs::read_to_string(w.project.join(".goose/skills/naming-skills")).unwrap(), "a file");
    // Uninstalling what Skillhouse did not install is refused too.
    let names = vec!["naming-skills".to_string()];
    let agents = vec!["claude-code".to_string()];
    let un = plan_uninstall(&w, &names, &agents);
    assert_eq!(un.conflicts[0].kind, ConflictKind::NotOurs);
    assert!(un.steps.is_empty());
}

fn plan_uninstall(w: &World, skills: &[String], agents: &[String]) -> skillhouse_core::agents::Plan {
    plan(&w.catalogue(), &w.schemas, &w.targets(), &Request::Uninstall { skills, agents }).unwrap()
}

#[test]
fn a_copy_edited_in_the_agents_folder_shows_as_changed_there_and_is_not_overwritten() {
    let w = world();
    w.apply(&w.install(&["naming-skills"], &["claude-code"], true)).unwrap();
    let copied = w.project.join(".claude/skills/naming-skills/SKILL.md");
    fs::write(&copied, fs::read_to_string(&copied).unwrap() + "\nedited in the agent\n").unwrap();
    let found = status(&w.catalogue(), &w.targets()).unwrap();
    assert_eq!(found[0].state, State::ChangedThere);
    let sync = plan(&w.catalogue(), &w.schemas, &w.targets(), &Request::Sync).unwrap();
    assert_eq!(sync.conflicts[0].kind, ConflictKind::ChangedThere);
    assert_eq!(sync.changes().count(), 0);
    w.apply(&sync).unwrap();
    assert!(fs::read_to_string(&copied).unwrap().ends_with("edited in the agent\n"));
}

#[test]
fn replacing_moves_an_edited_copy_to_the_backup_folder_and_never_touches_a_folder_skillhouse_did_not_install() {
    let w = world();
    w.apply(&w.install(&["naming-skills"], &["claude-code"], true)).unwrap();
    let copied = w.project.join(".claude/skills/naming-skills/SKILL.md");
    fs::write(&copied, fs::read_to_string(&copied).unwrap() + "\nedited in the agent\n").unwrap();
    let theirs = w.project.join(".goose/skills/naming-skills");
    fs::create_dir_all(&theirs).unwrap();
    fs::write(theirs.join("SKILL.md"), "theirs").unwrap();
    let skills = vec!["naming-skills".to_string()];
    let agents = vec!["claude-code".to_string(), "goose".to_string()];
    let replace = Request::Replace { skills: &skills, agents: &agents, copy: true };
    let p = plan(&w.catalogue(), &w.schemas, &w.targets(), &replace).unwrap();
    assert_eq!(p.conflicts.iter().map(|c| c.kind).collect::<Vec<_>>(), [ConflictKind::NotOurs], "the other installer's folder stays");
    assert_eq!(p.steps.iter().map(|s| s.action).collect::<Vec<_>>(), [Action::Update]);
    assert!(p.steps[0].why.as_deref().unwrap().contains(".skillhouse-backup"));
    w.apply(&p).unwrap();
    let catalogues = fs::read_to_string(w.root.join("naming-skills/SKILL.md")).unwrap();
    assert_eq!(fs::read_to_string(&copied).unwrap(), catalogues);
    assert_eq!(fs::read_to_string(theirs.join("SKILL.md")).unwrap(), "theirs", "the other installer's folder is untouched");
    assert!(!w.project.join(".goose/skills/.skillhouse-backup").exists());
    let backup = fs::read_to_string(w.project.join(".claude/skills/.skillhouse-backup/naming-skills/SKILL.md")).unwrap();
    assert!(backup.ends_with("edited in the agent\n"), "the edited copy is kept");
    let states: Vec<State> = status(&w.catalogue(), &w.targets()).unwrap().iter().map(|r| r.state).collect();
    assert_eq!(states, [State::Current]);
}

/// A sync reads a copy only when the file system says it changed (its stamp); an edit that keeps
/// every file's size still changes the stamp, so it is still seen, there and in the catalogue.
#[test]
fn a_same_size_edit_is_seen_in_the_agents_copy_and_in_the_catalogue() {
    let w = world();
    w.apply(&w.install(&["naming-skills"], &["claude-code"], true)).unwrap();
    let lock = w.lock();
    let install = &lock["skills"]["naming-skills"]["skillhouse"]["installs"][0];
    assert!(install["stamp"].as_str().is_some_and(|s| s.len() == 64), "a copy is recorded with its stamp: {install}");
    assert_eq!(status(&w.catalogue(), &w.targets()).unwrap()[0].state, State::Current);
    let flip = |path: &Path| {
        let text = fs::read_to_string(path).unwrap();
        // A letter of the body's last word: the frontmatter, and so the skill's validity, stays.
        let at = text.rfind('e').unwrap();
        let flipped = format!("{}E{}", &text[..at], &text[at + 1..]);
        assert_eq!(flipped.len(), text.len());
        fs::write(path, flipped).unwrap();
    };
    let copied = w.project.join(".claude/skills/naming-skills/SKILL.md");
    flip(&copied);
    assert_eq!(status(&w.catalogue(), &w.targets()).unwrap()[0].state, State::ChangedThere);
    fs::write(&copied, fs::read_to_string(w.root.join("naming-skills/SKILL.md")).unwrap()).unwrap();
    assert_eq!(status(&w.catalogue(), &w.targets()).unwrap()[0].state, State::Current, "the same bytes again: current");
    flip(&w.root.join("naming-skills/SKILL.md"));
    assert_eq!(status(&w.catalogue(), &w.targets()).unwrap()[0].state, State::Outdated);
}

#[test]
fn a_run_that_changes_nothing_leaves_the_lock_untouched() {
    let w = world();
    // Refused (another installer's folder is there): no lock appears in the project.
    let theirs = w.project.join(".claude/skills/naming-skills");
    fs::create_dir_all(&theirs).unwrap();
    fs::write(theirs.join("SKILL.md"), "theirs").unwrap();
    w.apply(&w.install(&["naming-skills"], &["claude-code"], false)).unwrap();
    assert!(!w.project.join("skills-lock.json").exists(), "a plan of conflicts only wrote a lock");
    // Installed, then a sync with nothing to do: the lock's bytes and time stay.
    w.apply(&w.install(&["naming-skills"], &["cursor"], false)).unwrap();
    let lock = w.project.join("skills-lock.json");
    let (bytes, time) = (fs::read(&lock).unwrap(), fs::metadata(&lock).unwrap().modified().unwrap());
    std::thread::sleep(std::time::Duration::from_millis(20));
    let sync = plan(&w.catalogue(), &w.schemas, &w.targets(), &Request::Sync).unwrap();
    assert_eq!(sync.changes().count(), 0, "{:#?}", sync.steps);
    apply(&sync, &w.catalogue(), &w.schemas, &w.targets(), "2027-01-01T00:00:00.000Z").unwrap();
    assert_eq!(fs::read(&lock).unwrap(), bytes);
    assert_eq!(fs::metadata(&lock).unwrap().modified().unwrap(), time);
}

#[test]
fn a_catalogue_edit_makes_a_copy_outdated_and_a_sync_updates_it_keeping_a_backup() {
    let w = world();
    w.apply(&w.install(&["naming-skills"], &["claude-code"], true)).unwrap();
    let source = w.root.join("naming-skills/SKILL.md");
    fs::write(&source, fs::read_to_string(&source).unwrap() + "\nA new paragraph.\n").unwrap();
    assert_eq!(status(&w.catalogue(), &w.targets()).unwrap()[0].state, State::Outdated);
    let sync = plan(&w.catalogue(), &w.schemas, &w.targets(), &Request::Sync).unwrap();
    assert_eq!(sync.changes().map(|s| s.action).collect::<Vec<_>>(), [Action::Update]);
    w.apply(&sync).unwrap();
    let copied = w.project.join(".claude/skills/naming-skills/SKILL.md");
    assert!(fs::read_to_string(&copied).unwrap().ends_with("A new paragraph.\n"));
    let backup = w.project.join(".claude/skills/.skillhouse-backup/naming-skills/SKILL.md");
    assert!(!fs::read_to_string(&backup).unwrap().ends_with("A new paragraph.\n"), "the old copy is the backup");
    assert_eq!(status(&w.catalogue(), &w.targets()).unwrap()[0].state, State::Current);
}

#[test]
fn uninstall_removes_only_what_skillhouse_installed_and_the_lock_entry() {
    let w = world();
    w.apply(&w.install(&["naming-skills", "writing-commit-messages"], &["claude-code"], false)).unwrap();
    let names = vec!["naming-skills".to_string()];
    let agents = vec!["claude-code".to_string()];
    let un = plan_uninstall(&w, &names, &agents);
    assert_eq!(un.changes().map(|s| s.action).collect::<Vec<_>>(), [Action::Remove]);
    w.apply(&un).unwrap();
    assert!(fs::symlink_metadata(w.project.join(".claude/skills/naming-skills")).is_err());
    assert!(w.project.join(".claude/skills/writing-commit-messages").exists());
    let lock = w.lock();
    assert!(lock["skills"].get("naming-skills").is_none());
    assert!(lock["skills"].get("writing-commit-messages").is_some());
}

#[test]
fn a_failure_part_way_puts_back_everything_and_writes_no_lock() {
    let w = world();
    // Goose's folder cannot be made: `.goose` is a file. Claude Code's step comes first.
    fs::write(w.project.join(".goose"), "in the way").unwrap();
    let plan = w.install(&["naming-skills"], &["claude-code", "goose"], false);
    assert_eq!(plan.changes().count(), 2, "{:#?}", plan);
    let err = w.apply(&plan).unwrap_err();
    assert_eq!(err.code, ErrorCode::AgentsWriteFailed);
    assert!(err.message.contains("put back"), "{}", err.message);
    assert!(!w.project.join(".claude").exists(), "the first step was not undone: {:?}", tree(&w.project));
    assert!(!w.project.join("skills-lock.json").exists());
    assert_eq!(fs::read_to_string(w.project.join(".goose")).unwrap(), "in the way");
}

#[test]
fn a_plan_made_before_the_folder_changed_is_refused() {
    let w = world();
    let plan = w.install(&["naming-skills"], &["claude-code"], true);
    fs::create_dir_all(w.project.join(".claude/skills/naming-skills")).unwrap();
    let err = w.apply(&plan).unwrap_err();
    assert_eq!(err.code, ErrorCode::AgentsPlanStale);
}

#[test]
fn an_invalid_lock_or_an_unknown_agent_is_an_error_and_nothing_is_written() {
    let w = world();
    fs::write(w.project.join("skills-lock.json"), "{oops").unwrap();
    let skills = vec!["naming-skills".to_string()];
    let agents = vec!["claude-code".to_string()];
    let err =
        plan(&w.catalogue(), &w.schemas, &w.targets(), &Request::Install { skills: &skills, agents: &agents, copy: false }).unwrap_err();
    assert_eq!(err.code, ErrorCode::AgentsLockInvalid);
    assert_eq!(fs::read_to_string(w.project.join("skills-lock.json")).unwrap(), "{oops");
    fs::remove_file(w.project.join("skills-lock.json")).unwrap();
    let agents = vec!["no-such-tool".to_string()];
    let err =
        plan(&w.catalogue(), &w.schemas, &w.targets(), &Request::Install { skills: &skills, agents: &agents, copy: false }).unwrap_err();
    assert_eq!(err.code, ErrorCode::AgentsUnknownTool);
    assert!(err.message.contains("claude-code"), "the message lists the known ids");
}

#[test]
fn global_installs_go_to_the_home_folder_and_the_global_lock() {
    let mut w = world();
    w.host.env.insert("CLAUDE_CONFIG_DIR".into(), w.host.home.join("claude-config").display().to_string());
    let targets = Targets { registry: &w.registry, host: &w.host, scope: Scope::Global };
    let skills = vec!["naming-skills".to_string()];
    let agents = vec!["claude-code".to_string(), "codex".to_string()];
    let p = plan(&w.catalogue(), &w.schemas, &targets, &Request::Install { skills: &skills, agents: &agents, copy: false }).unwrap();
    apply(&p, &w.catalogue(), &w.schemas, &targets, NOW).unwrap();
    assert!(w.host.home.join("claude-config/skills/naming-skills/SKILL.md").exists());
    assert!(w.host.home.join(".agents/skills/naming-skills/SKILL.md").exists());
    let lock: serde_json::Value = serde_json::from_slice(&fs::read(w.host.home.join(".agents/.skill-lock.json")).unwrap()).unwrap();
    assert_eq!(lock["version"], 3);
    let entry = &lock["skills"]["naming-skills"];
    assert_eq!(entry["installedAt"], NOW);
    assert_eq!(entry["skillFolderHash"], folder_hash(&w.root.join("naming-skills")).unwrap());
    assert_eq!(entry["source"], w.root.join("naming-skills").display().to_string());
}

#[test]
fn a_tool_the_catalogue_adds_in_skillhouse_yaml_is_installed_into() {
    let w = world();
    let settings = w.root.join("skillhouse.yaml");
    let extra = "\nagents:\n  - {id: team-agent, name: Team agent, project: .team/skills, global: \"~/.team/skills\", links: false}\n";
    fs::write(&settings, fs::read_to_string(&settings).unwrap() + extra).unwrap();
    let cat = w.catalogue();
    assert!(cat.diagnostics.iter().all(|d| !d.is_error()), "{:#?}", cat.diagnostics);
    let registry = Registry::for_settings(&cat.settings).unwrap();
    assert_eq!(registry.tool("team-agent").unwrap().source.as_deref(), Some("skillhouse.yaml"));
    let targets = Targets { registry: &registry, host: &w.host, scope: Scope::Project(w.project.clone()) };
    let skills = vec!["naming-skills".to_string()];
    let agents = vec!["team-agent".to_string()];
    let p = plan(&cat, &w.schemas, &targets, &Request::Install { skills: &skills, agents: &agents, copy: false }).unwrap();
    assert_eq!(p.steps[0].how, How::Copy, "links: false copies");
    apply(&p, &cat, &w.schemas, &targets, NOW).unwrap();
    assert!(w.project.join(".team/skills/naming-skills/SKILL.md").is_file());

    // One whose project folder leaves the project is refused, with what to do.
    let text = fs::read_to_string(&settings).unwrap().replace("project: .team/skills", "project: ../outside");
    fs::write(&settings, text).unwrap();
    let err = Registry::for_settings(&w.catalogue().settings).unwrap_err();
    assert!(err.starts_with("skillhouse.yaml: ") && err.contains("stay inside the project"), "{err}");
}

/// Each copy remembers the catalogue's version it was made from: bringing one copy up to date
/// does not make the others look current.
#[test]
fn updating_one_copy_leaves_the_other_copies_of_the_skill_outdated() {
    let w = world();
    w.apply(&w.install(&["naming-skills"], &["claude-code", "goose"], true)).unwrap();
    let source = w.root.join("naming-skills/SKILL.md");
    fs::write(&source, fs::read_to_string(&source).unwrap() + "\nA new paragraph.\n").unwrap();
    w.apply(&w.install(&["naming-skills"], &["claude-code"], true)).unwrap();
    let found = status(&w.catalogue(), &w.targets()).unwrap();
    let state = |folder: &str| found.iter().find(|r| r.folder.ends_with(folder)).unwrap().state;
    assert_eq!(state(".claude/skills/naming-skills"), State::Current);
    assert_eq!(state(".goose/skills/naming-skills"), State::Outdated, "{found:#?}");
    let sync = plan(&w.catalogue(), &w.schemas, &w.targets(), &Request::Sync).unwrap();
    let changed: Vec<&Path> = sync.changes().map(|s| s.folder.as_path()).collect();
    assert_eq!(changed, [w.project.join(".goose/skills/naming-skills").as_path()]);
    w.apply(&sync).unwrap();
    assert!(status(&w.catalogue(), &w.targets()).unwrap().iter().all(|r| r.state == State::Current));
}

mod take_back {
    use super::*;
    use skillhouse_core::agents::take::{self, FileKind, TakeKind};

    fn take_plan(w: &World, skill: &str, agent: &str) -> take::TakePlan {
        take::plan(&w.catalogue(), &w.schemas, &w.targets(), skill, agent).unwrap()
    }

    #[test]
    fn an_edited_copy_is_taken_into_the_catalogue_and_the_skills_other_copies_become_outdated() {
        let w = world();
        w.apply(&w.install(&["naming-skills"], &["claude-code", "goose"], true)).unwrap();
        let copied = w.project.join(".claude/skills/naming-skills");
        let edited = fs::read_to_string(copied.join("SKILL.md")).unwrap() + "\nEdited in the agent.\n";
        fs::write(copied.join("SKILL.md"), &edited).unwrap();
        fs::create_dir_all(copied.join("references")).unwrap();
        fs::write(copied.join("references/new.md"), "A new reference.\n").unwrap();
        let before = fs::read_to_string(w.root.join("naming-skills/SKILL.md")).unwrap();

        let p = take_plan(&w, "naming-skills", "claude-code");
        assert_eq!((p.kind, p.into.as_str(), p.refused.as_deref(), p.records), (TakeKind::Changes, "naming-skills", None, true));
        let files: Vec<(&str, FileKind)> = p.files.iter().map(|f| (f.path.as_str(), f.kind)).collect();
        assert_eq!(files, [("SKILL.md", FileKind::Changed), ("references/new.md", FileKind::Added)]);
        let diff = p.files[0].diff.as_deref().unwrap();
        assert!(diff.contains("+Edited in the agent.") && diff.contains("--- catalogue/SKILL.md"), "{diff}");
        assert_eq!(fs::read_to_string(w.root.join("naming-skills/SKILL.md")).unwrap(), before, "a plan wrote something");

        let applied = take::apply(&p, &w.catalogue(), &w.targets(), NOW).unwrap();
        assert_eq!(applied.written, ["naming-skills/SKILL.md", "naming-skills/references/new.md"]);
        assert!(applied.recorded);
        assert_eq!(fs::read_to_string(w.root.join("naming-skills/SKILL.md")).unwrap(), edited);
        assert_eq!(fs::read_to_string(w.root.join("naming-skills/references/new.md")).unwrap(), "A new reference.\n");
        let found = status(&w.catalogue(), &w.targets()).unwrap();
        let state = |folder: &str| found.iter().find(|r| r.folder.ends_with(folder)).unwrap().state;
        assert_eq!(state(".claude/skills/naming-skills"), State::Current, "{found:#?}");
        assert_eq!(state(".goose/skills/naming-skills"), State::Outdated, "the other copy is now behind the catalogue");
        // Taking it again: nothing differs any more.
        assert!(take_plan(&w, "naming-skills", "claude-code").files.is_empty());
    }

    #[test]
    fn a_removed_file_is_removed_from_the_catalogue_too() {
        let w = world();
        fs::create_dir_all(w.root.join("naming-skills/references")).unwrap();
        fs::write(w.root.join("naming-skills/references/old.md"), "Old.\n").unwrap();
        w.apply(&w.install(&["naming-skills"], &["claude-code"], true)).unwrap();
        fs::remove_file(w.project.join(".claude/skills/naming-skills/references/old.md")).unwrap();
        let p = take_plan(&w, "naming-skills", "claude-code");
        assert_eq!(p.files.iter().map(|f| (f.path.as_str(), f.kind)).collect::<Vec<_>>(), [("references/old.md", FileKind::Removed)]);
        let applied = take::apply(&p, &w.catalogue(), &w.targets(), NOW).unwrap();
        assert_eq!(applied.removed, ["naming-skills/references/old.md"]);
        assert!(!w.root.join("naming-skills/references/old.md").exists());
    }

    #[test]
    fn a_portable_copys_body_edit_is_taken_onto_the_legacy_frontmatter_and_a_frontmatter_edit_is_refused() {
        let w = world();
        w.apply(&w.install(&["cicd-pipeline-design"], &["claude-code"], false)).unwrap();
        let copied = w.project.join(".claude/skills/cicd-pipeline-design/SKILL.md");
        let original = fs::read_to_string(w.root.join("legacy/cicd-pipeline-design/SKILL.md")).unwrap();
        let portable = fs::read_to_string(&copied).unwrap();
        fs::write(&copied, format!("{portable}\nA body edit.\n")).unwrap();
        let p = take_plan(&w, "cicd-pipeline-design", "claude-code");
        assert_eq!(p.refused, None);
        assert_eq!(p.into, "legacy/cicd-pipeline-design");
        let diff = p.files[0].diff.as_deref().unwrap();
        assert!(diff.contains("+A body edit.") && !diff.contains("-allowed-tools"), "the diff is against what was installed: {diff}");
        take::apply(&p, &w.catalogue(), &w.targets(), NOW).unwrap();
        let taken = fs::read_to_string(w.root.join("legacy/cicd-pipeline-design/SKILL.md")).unwrap();
        assert_eq!(taken, format!("{original}\nA body edit.\n"), "the catalogue keeps its legacy frontmatter, byte for byte");
        assert_eq!(status(&w.catalogue(), &w.targets()).unwrap()[0].state, State::Current);

        let portable = fs::read_to_string(&copied).unwrap();
        fs::write(&copied, portable.replacen("description: ", "description: Edited. ", 1)).unwrap();
        let p = take_plan(&w, "cicd-pipeline-design", "claude-code");
        assert!(p.refused.as_deref().is_some_and(|r| r.contains("frontmatter was edited")), "{p:?}");
        let err = take::apply(&p, &w.catalogue(), &w.targets(), NOW).unwrap_err();
        assert_eq!(err.code, ErrorCode::AgentsPlanStale);
        assert_eq!(fs::read_to_string(w.root.join("legacy/cicd-pipeline-design/SKILL.md")).unwrap(), taken, "nothing was written");
    }

    #[test]
    fn a_copy_is_not_taken_when_the_catalogues_skill_changed_too() {
        let w = world();
        w.apply(&w.install(&["naming-skills"], &["claude-code"], true)).unwrap();
        let copied = w.project.join(".claude/skills/naming-skills/SKILL.md");
        fs::write(&copied, fs::read_to_string(&copied).unwrap() + "\nThere.\n").unwrap();
        let source = w.root.join("naming-skills/SKILL.md");
        let here = fs::read_to_string(&source).unwrap() + "\nHere.\n";
        fs::write(&source, &here).unwrap();
        let p = take_plan(&w, "naming-skills", "claude-code");
        assert!(p.refused.as_deref().is_some_and(|r| r.contains("changed too")), "{p:?}");
        assert!(take::apply(&p, &w.catalogue(), &w.targets(), NOW).is_err());
        assert_eq!(fs::read_to_string(&source).unwrap(), here, "the catalogue's edit is kept");
    }

    #[test]
    fn another_installers_folder_is_adopted_as_a_new_skill_and_recorded_as_skillhouses_copy() {
        let w = world();
        let theirs = w.project.join(".claude/skills/found-elsewhere");
        fs::create_dir_all(theirs.join("scripts")).unwrap();
        let text = "---\nname: found-elsewhere\ndescription: Use when testing that a skill found in an agent's folder can be adopted.\n---\n\nBody.\n";
        fs::write(theirs.join("SKILL.md"), text).unwrap();
        fs::write(theirs.join("scripts/run.sh"), "echo hi\n").unwrap();
        let p = take_plan(&w, "found-elsewhere", "claude-code");
        assert_eq!((p.kind, p.into.as_str(), p.refused.as_deref()), (TakeKind::Adopt, "found-elsewhere", None));
        assert!(p.files.iter().all(|f| f.kind == FileKind::Added) && p.files.len() == 2);
        let applied = take::apply(&p, &w.catalogue(), &w.targets(), NOW).unwrap();
        assert!(applied.recorded);
        assert_eq!(fs::read_to_string(w.root.join("found-elsewhere/SKILL.md")).unwrap(), text);
        assert_eq!(fs::read_to_string(w.root.join("found-elsewhere/scripts/run.sh")).unwrap(), "echo hi\n");
        let leftovers: Vec<_> = fs::read_dir(&w.root)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().starts_with(".skillhouse"))
            .collect();
        assert!(leftovers.is_empty(), "the staging folder stayed: {leftovers:?}");
        let catalogue = w.catalogue();
        assert!(catalogue.skill("found-elsewhere").is_some(), "the catalogue loads the adopted skill");
        let found = status(&catalogue, &w.targets()).unwrap();
        assert_eq!(found.iter().find(|r| r.skill == "found-elsewhere").unwrap().state, State::Current, "{found:#?}");
        // Adopting again: the catalogue has it now, and nothing differs.
        let again = take_plan(&w, "found-elsewhere", "claude-code");
        assert_eq!((again.kind, again.files.len()), (TakeKind::Changes, 0));
    }

    #[test]
    fn a_stale_plan_or_a_bad_request_writes_nothing() {
        let w = world();
        w.apply(&w.install(&["naming-skills"], &["claude-code"], true)).unwrap();
        let copied = w.project.join(".claude/skills/naming-skills/SKILL.md");
        fs::write(&copied, fs::read_to_string(&copied).unwrap() + "\nOne.\n").unwrap();
        let p = take_plan(&w, "naming-skills", "claude-code");
        fs::write(&copied, fs::read_to_string(&copied).unwrap() + "\nTwo.\n").unwrap();
        let before = fs::read(w.root.join("naming-skills/SKILL.md")).unwrap();
        let err = take::apply(&p, &w.catalogue(), &w.targets(), NOW).unwrap_err();
        assert_eq!(err.code, ErrorCode::AgentsPlanStale, "{err:?}");
        assert_eq!(fs::read(w.root.join("naming-skills/SKILL.md")).unwrap(), before);

        let bad = |skill: &str, agent: &str| take::plan(&w.catalogue(), &w.schemas, &w.targets(), skill, agent).unwrap_err().code;
        assert_eq!(bad("naming-skills", "no-such-agent"), ErrorCode::AgentsUnknownTool);
        assert_eq!(bad("../naming-skills", "claude-code"), ErrorCode::SkillBadName);
        assert_eq!(bad("not-installed", "claude-code"), ErrorCode::Io);
    }

    #[test]
    fn a_linked_install_has_nothing_to_take() {
        let w = world();
        w.apply(&w.install(&["naming-skills"], &["claude-code"], false)).unwrap();
        let err = take::plan(&w.catalogue(), &w.schemas, &w.targets(), "naming-skills", "claude-code").unwrap_err();
        assert!(err.message.contains("symlink"), "{err:?}");
    }
}

#[cfg(unix)]
#[test]
fn a_read_only_agent_folder_is_an_error_with_the_next_step_and_nothing_is_written() {
    let w = world();
    let skills = w.project.join(".claude/skills");
    fs::create_dir_all(&skills).unwrap();
    // As root, permissions do not stop a write; the immutable attribute does.
    let root = std::process::Command::new("id").arg("-u").output().map(|o| o.stdout == b"0\n").unwrap_or(false);
    let lock_down = |on: bool| {
        if root {
            let status = std::process::Command::new("chattr").arg(if on { "+i" } else { "-i" }).arg(&skills).status().unwrap();
            assert!(status.success(), "chattr is needed to make a folder read-only as root");
        } else {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&skills, fs::Permissions::from_mode(if on { 0o555 } else { 0o755 })).unwrap();
        }
    };
    let plan = w.install(&["naming-skills"], &["claude-code", "cursor"], false);
    lock_down(true);
    let mut seen = Vec::new();
    let result = apply_reporting(&plan, &w.catalogue(), &w.schemas, &w.targets(), NOW, &mut |p| seen.push(p.done));
    lock_down(false);
    let err = result.unwrap_err();
    assert_eq!(err.code, ErrorCode::AgentsWriteFailed);
    assert!(seen.len() < plan.steps.len(), "the progress stops at the step that failed, not at the end: {seen:?}");
    assert!(err.message.contains("make the agent's skills folder writable"), "{}", err.message);
    assert!(err.message.contains("put back"), "{}", err.message);
    assert_eq!(fs::read_dir(&skills).unwrap().count(), 0, "nothing is left in the read-only folder");
    assert!(!w.project.join(".agents").exists(), "the other tool's step was put back: {:?}", tree(&w.project));
    assert!(!w.project.join("skills-lock.json").exists());
}

#[cfg(target_os = "linux")]
#[test]
fn an_agent_folder_on_another_device_is_linked_copied_and_synced_with_a_backup() {
    use std::os::unix::fs::MetadataExt;
    // /dev/shm is a tmpfs on Linux: another device than the temporary folder the catalogue is in.
    let shm = Path::new("/dev/shm");
    let mut w = world();
    assert!(shm.is_dir(), "this test needs /dev/shm");
    let other = tempfile::tempdir_in(shm).unwrap();
    assert_ne!(fs::metadata(other.path()).unwrap().dev(), fs::metadata(&w.root).unwrap().dev(), "/dev/shm is on the same device here");
    w.project = other.path().canonicalize().unwrap();
    let plan = w.install(&["naming-skills"], &["claude-code", "cursor"], false);
    w.apply(&plan).unwrap();
    let link = w.project.join(".claude/skills/naming-skills");
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(fs::read_link(&link).unwrap(), w.root.join("naming-skills"), "across devices the link holds the catalogue's path");
    let copy = w.project.join(".agents/skills/naming-skills/SKILL.md");
    let catalogue_file = w.root.join("naming-skills/SKILL.md");
    assert_eq!(fs::read(&copy).unwrap(), fs::read(&catalogue_file).unwrap());
    fs::write(&catalogue_file, fs::read_to_string(&catalogue_file).unwrap() + "\nOne more line.\n").unwrap();
    let sync = plan_sync(&w);
    assert_eq!(sync.changes().count(), 1, "{sync:#?}");
    w.apply(&sync).unwrap();
    assert!(fs::read_to_string(&copy).unwrap().ends_with("One more line.\n"));
    let backup = w.project.join(".agents/skills/.skillhouse-backup/naming-skills/SKILL.md");
    assert!(!fs::read_to_string(backup).unwrap().ends_with("One more line.\n"), "the replaced copy is kept until the next sync");
}

fn plan_sync(w: &World) -> skillhouse_core::agents::Plan {
    plan(&w.catalogue(), &w.schemas, &w.targets(), &Request::Sync).unwrap()
}

#[cfg(unix)]
#[test]
fn an_agent_folder_that_a_symlink_leads_out_of_the_project_is_not_written_through() {
    let w = world();
    let elsewhere = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), w.project.join(".claude")).unwrap();
    let first = w.install(&["naming-skills"], &["claude-code", "goose"], false);
    let unsafe_: Vec<&str> = first.conflicts.iter().filter(|c| c.kind == ConflictKind::Unsafe).map(|c| c.message.as_str()).collect();
    assert_eq!(unsafe_.len(), 1, "{first:#?}");
    assert!(unsafe_[0].contains("leads out of the project") && unsafe_[0].contains("install globally"), "{}", unsafe_[0]);
    assert_eq!(first.changes().count(), 1, "the other tool's folder is still installed into: {first:#?}");
    w.apply(&first).unwrap();
    assert_eq!(fs::read_dir(elsewhere.path()).unwrap().count(), 0, "nothing was written outside the project");
    // A folder that was installed before the link appeared is not synced or removed through it.
    fs::remove_file(w.project.join(".claude")).unwrap();
    w.apply(&w.install(&["naming-skills"], &["claude-code"], true)).unwrap();
    let inside = w.project.join(".claude");
    fs::rename(&inside, elsewhere.path().join("claude")).unwrap();
    std::os::unix::fs::symlink(elsewhere.path().join("claude"), &inside).unwrap();
    let sync = plan(&w.catalogue(), &w.schemas, &w.targets(), &Request::Sync).unwrap();
    assert!(sync.conflicts.iter().any(|c| c.kind == ConflictKind::Unsafe), "{sync:#?}");
    assert_eq!(sync.changes().count(), 0, "{sync:#?}");
    let skills = vec!["naming-skills".to_string()];
    let agents = vec!["claude-code".to_string()];
    let gone = plan(&w.catalogue(), &w.schemas, &w.targets(), &Request::Uninstall { skills: &skills, agents: &agents }).unwrap();
    assert!(gone.conflicts.iter().any(|c| c.kind == ConflictKind::Unsafe) && gone.changes().count() == 0, "{gone:#?}");
}

#[test]
fn applying_reports_each_step_once_in_order_and_ends_at_the_total() {
    let w = world();
    let plan = w.install(&["naming-skills", "cicd-pipeline-design"], &["claude-code", "cursor"], false);
    let mut seen = Vec::new();
    apply_reporting(&plan, &w.catalogue(), &w.schemas, &w.targets(), NOW, &mut |p| seen.push(p)).unwrap();
    let total = plan.steps.len();
    assert!(total >= 4, "{:#?}", plan.steps);
    let counts: Vec<usize> = seen.iter().map(|p| p.done).collect();
    assert_eq!(counts, (1..=total).collect::<Vec<_>>(), "one report per step, in order");
    assert!(seen.iter().all(|p| p.total == total));
    let skills: Vec<&str> = seen.iter().map(|p| p.skill.as_str()).collect();
    let planned: Vec<&str> = plan.steps.iter().map(|s| s.skill.as_str()).collect();
    assert_eq!(skills, planned, "each report names the step just carried out");
}
