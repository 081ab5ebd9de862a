//! The app's operations on an open catalogue, without a window.

mod common;
use common::{copy_dir, sample};
use skillhouse_core::views::FieldValue;

use skillhouse_core::app_error::AppError;
use skillhouse_core::session::Session;
use skillhouse_core::views::SearchResult;
use skillhouse_core::Code;
use std::fs;
use std::path::PathBuf;

fn open() -> (tempfile::TempDir, PathBuf, Session) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("catalogue");
    copy_dir(&sample(), &root);
    let session = Session::open(&root, &tmp.path().join("index.sqlite"), &()).unwrap();
    (tmp, root, session)
}

#[test]
fn the_view_lists_skills_with_their_agents_and_figures() {
    let (_tmp, _, s) = open();
    let view = s.view();
    assert_eq!(view.skills.len(), 16);
    let naming = view.skills.iter().find(|r| r.name == "naming-skills").unwrap();
    assert!(!naming.agents.is_empty());
    assert!(naming.l2.unwrap() > naming.l1.unwrap());
    assert_eq!(view.stats.skills, 16);
    assert!(view.diagnostics.is_empty());
}

#[test]
fn a_draft_with_a_bad_name_gets_its_diagnostic() {
    let (_tmp, _, s) = open();
    let detail = s.skill("naming-skills").unwrap();
    let draft = Session::set_field(&detail.text, "/name", Some(&FieldValue::Text("Naming Skills".into()))).unwrap();
    let check = s.check_draft("naming-skills", &draft).unwrap();
    let codes: Vec<Code> = check.diagnostics.iter().map(|d| d.code).collect();
    assert!(codes.contains(&Code::NameFormat), "{codes:?}");
    assert!(check.diagnostics.iter().all(|d| d.pointer.as_deref() == Some("/name")));
    // Taking another skill's name is caught before saving.
    let draft = Session::set_field(&detail.text, "/name", Some(&FieldValue::Text("writing-commit-messages".into()))).unwrap();
    let check = s.check_draft("naming-skills", &draft).unwrap();
    assert!(check.diagnostics.iter().any(|d| d.code == Code::SkillDuplicateName));
}

#[test]
fn saving_changes_only_the_edited_line_and_is_not_an_outside_change() {
    let (_tmp, root, mut s) = open();
    let detail = s.skill("naming-skills").unwrap();
    let draft = Session::set_field(&detail.text, "/license", Some(&FieldValue::Text("Apache-2.0".into()))).unwrap();
    let saved = s.save("naming-skills", &draft, &detail.sha256).unwrap();
    let on_disk = fs::read_to_string(root.join("naming-skills/SKILL.md")).unwrap();
    assert_eq!(on_disk, draft);
    let changed: Vec<(&str, &str)> = detail.text.lines().zip(on_disk.lines()).filter(|(a, b)| a != b).collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert!(changed[0].1.contains("Apache-2.0"));
    assert_eq!(saved.detail.sha256, saved.sha256);
    // The watcher reports the save: the session knows it as its own.
    assert!(!s.files_changed(&[root.join("naming-skills/SKILL.md")]).unwrap());
    // No temporary file is left behind.
    assert!(fs::read_dir(root.join("naming-skills")).unwrap().all(|e| !e
        .unwrap()
        .file_name()
        .to_string_lossy()
        .starts_with(".skillhouse-save-")));
}

#[test]
fn a_save_over_an_outside_change_is_refused_with_both_versions() {
    let (_tmp, root, mut s) = open();
    let detail = s.skill("naming-skills").unwrap();
    let file = root.join("naming-skills/SKILL.md");
    let theirs = detail.text.replace("# ", "# Changed elsewhere: ");
    fs::write(&file, &theirs).unwrap();
    let err: AppError = s.save("naming-skills", &detail.text.replace("MIT", "BSD"), &detail.sha256).unwrap_err();
    assert_eq!(err.code, skillhouse_core::error_code::ErrorCode::SaveConflict);
    assert_eq!(err.details["disk_text"], theirs);
    assert_eq!(fs::read_to_string(&file).unwrap(), theirs, "nothing was overwritten");
    // Choosing "keep mine" saves against the disk version's hash.
    let disk_sha = err.details["disk_sha256"].as_str().unwrap();
    s.save("naming-skills", &detail.text, disk_sha).unwrap();
    assert_eq!(fs::read_to_string(&file).unwrap(), detail.text);
}

#[test]
fn outside_changes_are_picked_up() {
    let (_tmp, root, mut s) = open();
    let file = root.join("naming-skills/SKILL.md");
    let text = fs::read_to_string(&file).unwrap();
    fs::write(&file, text.replacen("name: naming-skills", "name: Naming", 1)).unwrap();
    assert!(s.files_changed(std::slice::from_ref(&file)).unwrap());
    let row = s.view().skills.into_iter().find(|r| r.dir == "naming-skills").unwrap();
    assert!(row.errors > 0);
    // A new skill folder made elsewhere appears too.
    fs::create_dir_all(root.join("brand-new")).unwrap();
    fs::write(
        root.join("brand-new/SKILL.md"),
        "---\nname: brand-new\ndescription: Does new things. Use when something new is needed.\n---\nSteps.\n",
    )
    .unwrap();
    assert!(s.files_changed(&[root.join("brand-new/SKILL.md")]).unwrap());
    assert!(s.view().skills.iter().any(|r| r.name == "brand-new"));
    // Sometimes the new folder is all a watcher reports (its file was written before the
    // folder was watched).
    std::thread::sleep(std::time::Duration::from_millis(20));
    fs::create_dir_all(root.join("newer-one")).unwrap();
    fs::write(
        root.join("newer-one/SKILL.md"),
        "---\nname: newer-one\ndescription: Does newer things. Use when something newer is needed.\n---\nSteps.\n",
    )
    .unwrap();
    assert!(s.files_changed(&[root.join("newer-one")]).unwrap());
    assert!(s.view().skills.iter().any(|r| r.name == "newer-one"));
    // Reported again with nothing changed, it is no change.
    assert!(!s.files_changed(&[root.join("newer-one")]).unwrap());
}

#[test]
fn create_rename_and_delete() {
    let (_tmp, root, mut s) = open();
    let created = s.create("summarising-incidents").unwrap();
    assert!(created.check.diagnostics.is_empty(), "{:?}", created.check.diagnostics);
    assert_eq!(s.create("summarising-incidents").unwrap_err().code, skillhouse_core::error_code::ErrorCode::SkillExists);
    let bad = s.create("Bad Name").unwrap_err();
    assert_eq!((bad.code.as_str(), bad.details["suggestion"].as_str()), ("skill.bad-name", Some("bad-name")));

    let view = s.rename("summarising-incidents", "incident-summaries").unwrap();
    assert!(view.skills.iter().any(|r| r.dir == "incident-summaries" && r.name == "incident-summaries" && r.errors == 0));
    assert!(!root.join("summarising-incidents").exists());
    assert_eq!(s.rename("incident-summaries", "naming-skills").unwrap_err().code, skillhouse_core::error_code::ErrorCode::SkillExists);

    let refused = s.delete("incident-summaries", |_| Err(std::io::Error::other("the trash is full"))).unwrap_err();
    assert_eq!(refused.code, skillhouse_core::error_code::ErrorCode::Io);
    assert!(
        refused.message.contains("the trash is full") && root.join("incident-summaries/SKILL.md").exists(),
        "a refused discard loses nothing"
    );
    let bin = root.parent().unwrap().join("bin");
    std::fs::create_dir(&bin).unwrap();
    let view = s.delete("incident-summaries", |p| std::fs::rename(p, bin.join(p.file_name().unwrap()))).unwrap();
    assert!(bin.join("incident-summaries/SKILL.md").exists(), "the folder given to discard is the skill's own");
    assert!(!root.join("incident-summaries").exists());
    assert!(view.skills.iter().all(|r| r.dir != "incident-summaries"));
    assert_eq!(s.skill("incident-summaries").unwrap_err().code, skillhouse_core::error_code::ErrorCode::SkillNotFound);
}

#[test]
fn the_preview_of_a_hostile_body_is_inert() {
    let (_tmp, _, s) = open();
    let detail = s.skill("naming-skills").unwrap();
    let hostile = skillhouse_core::edit::set_body(
        &detail.text,
        "<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[x](javascript:alert(3))\n",
    )
    .unwrap();
    let html = s.check_draft("naming-skills", &hostile).unwrap().body_html;
    assert!(!html.contains("<script") && !html.contains("onerror") && !html.contains("href=\"javascript"), "{html}");
    assert!(html.contains("<img src=\"x\">"), "harmless markup stays: {html}");
}

#[test]
fn files_that_were_only_read_are_not_changes() {
    let (_tmp, root, mut s) = open();
    // Watchers report opens and reads too; re-reading a skill must not look like an edit,
    // or the app would refresh itself in a loop.
    let paths = [
        root.join("naming-skills/SKILL.md"),
        root.join("reviewing-agent-cards/references/a2a-card-checks.md"),
        root.join("naming-skills"),
        root.join("agents/skill-author-coach.md"),
    ];
    for p in &paths {
        let _ = fs::read(p);
    }
    assert!(!s.files_changed(&paths).unwrap());
}

/// The folders a search answer names, read through the view it indexes (as the page does).
fn hit_dirs(s: &Session, found: &SearchResult) -> Vec<String> {
    let view = s.view();
    assert_eq!(found.revision, view.revision, "the answer indexes the current view");
    found.rows.iter().map(|&i| view.skills[i as usize].dir.clone()).collect()
}

fn snippet_dirs(s: &Session, found: &SearchResult) -> Vec<String> {
    let view = s.view();
    found.snippets.iter().map(|h| view.skills[h.row as usize].dir.clone()).collect()
}

#[test]
fn search_results_carry_snippets() {
    let (_tmp, _, s) = open();
    let found = s.search("checklist", 10).unwrap();
    assert!(!found.rows.is_empty());
    assert!(found.snippets.iter().any(|h| h.text.contains('[')), "{found:?}");
    assert!(found.snippets.iter().all(|h| found.rows.contains(&h.row)), "snippets are of hits: {found:?}");
}

#[test]
fn search_rows_index_the_view_and_follow_its_revision() {
    let (_tmp, root, mut s) = open();
    let before = s.view();
    let found = s.search("naming", 50).unwrap();
    assert_eq!(found.revision, before.revision);
    let dirs = hit_dirs(&s, &found);
    assert_eq!(dirs.first().map(String::as_str), Some("naming-skills"), "best first: {dirs:?}");
    let again = s.search("naming", 50).unwrap();
    assert_eq!(again, found, "the same catalogue answers the same");

    // A skill added outside the app changes the order, so the revision; the answer follows.
    let added = root.join("aardvark-naming");
    fs::create_dir_all(&added).unwrap();
    fs::write(added.join("SKILL.md"), "---\nname: aardvark-naming\ndescription: Naming aardvarks. Use when naming one.\n---\n\nBody.\n")
        .unwrap();
    assert!(s.files_changed(&[added.join("SKILL.md")]).unwrap());
    let after = s.view();
    assert_ne!(after.revision, before.revision);
    let found = s.search("naming", 50).unwrap();
    assert_eq!(found.revision, after.revision);
    let dirs = hit_dirs(&s, &found);
    assert!(dirs.contains(&"aardvark-naming".to_string()) && dirs.contains(&"naming-skills".to_string()), "{dirs:?}");

    // An edit that keeps every folder in place keeps the revision.
    let file = root.join("naming-skills/SKILL.md");
    let text = fs::read_to_string(&file).unwrap();
    fs::write(&file, format!("{text}\nOne more line.\n")).unwrap();
    assert!(s.files_changed(std::slice::from_ref(&file)).unwrap());
    assert_eq!(s.view().revision, after.revision);
    // The edited skill was written to the index again, under a new id: it is still found.
    assert!(hit_dirs(&s, &s.search("naming", 50).unwrap()).contains(&"naming-skills".to_string()));

    // So is a skill saved from the app, and the answer says which rows it found.
    let detail = s.skill("naming-skills").unwrap();
    let text = detail.text.replace("One more line.", "One more line, saved.");
    s.save("naming-skills", &text, &detail.sha256).unwrap();
    let found = s.search("naming", 50).unwrap();
    assert!(hit_dirs(&s, &found).contains(&"naming-skills".to_string()), "{found:?}");
    assert_eq!(found.rows.len(), hit_dirs(&s, &s.search("naming", 50).unwrap()).len());
}

#[test]
fn the_root_and_group_folders_being_read_are_not_changes() {
    let (_tmp, root, mut s) = open();
    assert!(!s.files_changed(&[root.clone(), root.join("legacy"), root.join("agents"), root.join("skillhouse.yaml")]).unwrap());
}

#[test]
fn paths_inside_a_grouped_skill_are_placed_in_that_skill() {
    let (_tmp, root, mut s) = open();
    let dir = s.view().skills.into_iter().map(|r| r.dir).find(|d| d.starts_with("legacy/")).expect("a skill in the legacy group");
    let file = root.join(&dir).join("SKILL.md");
    // Read, not written: the group folder, the skill's folder and its file are no change.
    let _ = fs::read(&file);
    assert!(!s.files_changed(&[root.join("legacy"), root.join(&dir), file.clone()]).unwrap());
    // Written elsewhere: that skill is re-read.
    let text = fs::read_to_string(&file).unwrap();
    fs::write(&file, format!("{text}\nOne more line.\n")).unwrap();
    assert!(s.files_changed(std::slice::from_ref(&file)).unwrap());
    assert!(s.skill(&dir).unwrap().text.ends_with("One more line.\n"));
}

#[test]
fn snippets_go_to_hits_whose_name_and_description_do_not_show_the_words() {
    let (_tmp, root, _) = open();
    let file = root.join("naming-skills/SKILL.md");
    let text = fs::read_to_string(&file).unwrap();
    fs::write(&file, format!("{text}\nXylophonic naming is out of scope.\n")).unwrap();
    let s = Session::open(&root, &root.parent().unwrap().join("index.sqlite"), &()).unwrap();
    let body_only = s.search("xylophonic", 10).unwrap();
    let view = s.view();
    assert!(
        body_only.snippets.iter().any(|h| view.skills[h.row as usize].dir == "naming-skills" && h.text.contains("[Xylophonic]")),
        "{body_only:?}"
    );
    // The list shows the description when it already holds every word: no snippet is made.
    let in_head = s.search("naming", 10).unwrap();
    assert!(hit_dirs(&s, &in_head).iter().any(|d| d == "naming-skills"), "naming-skills is found by its name");
    assert!(!snippet_dirs(&s, &in_head).iter().any(|d| d == "naming-skills"), "{in_head:?}");
}

/// A catalogue whose skills carry no tags: every skill of the card fails, and one action (the
/// catalogue-wide default) fixes them all without touching another byte of skillhouse.yaml.
#[test]
fn one_default_gives_every_untagged_skill_its_tags() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("catalogue");
    let settings = "# Our settings: keep this comment.\nprofile: agentskills\ncards:\n  version: \"1.0.0\"   # bump on change\n  interfaces:\n    - {url: \"https://agents.example.com/{agent}/a2a\"}\n";
    let skills = ["drafting-commits", "reviewing-pulls", "triaging-issues"];
    for name in skills {
        let dir = root.join(name);
        fs::create_dir_all(&dir).unwrap();
        let description = format!("Handles {name} for one repository. Use when the user asks for {name}.");
        fs::write(dir.join("SKILL.md"), format!("---\nname: {name}\ndescription: {description}\n---\nFollow the steps.\n")).unwrap();
    }
    fs::create_dir_all(root.join("agents")).unwrap();
    let list: String = skills.iter().map(|s| format!("  - {s}\n")).collect();
    fs::write(
        root.join("agents/helper.md"),
        format!("---\nname: helper\ndescription: Helps one repository with commits, pulls and issues.\nskills:\n{list}---\nYou help.\n"),
    )
    .unwrap();
    fs::write(root.join("skillhouse.yaml"), settings).unwrap();
    let mut s = Session::open(&root, &tmp.path().join("index.sqlite"), &()).unwrap();

    let before = s.cards().unwrap();
    let untagged: Vec<_> = before[0].diagnostics.iter().filter(|d| d.code == Code::CardSkillNoTags).collect();
    assert_eq!(untagged.len(), 3);
    assert!(untagged.iter().all(|d| d.hint.as_deref().unwrap_or_default().contains("`cards.skill_defaults.tags`")), "{untagged:?}");

    let after = s.set_card_default_tags(&["engineering".into(), " git ".into()]).unwrap();
    assert!(!after[0].diagnostics.iter().any(|d| d.code == Code::CardSkillNoTags), "{:?}", after[0].diagnostics);
    let written = fs::read_to_string(root.join("skillhouse.yaml")).unwrap();
    assert_eq!(written, format!("{settings}  skill_defaults:\n    tags: [engineering, git]\n"));
    assert_eq!(s.cards().unwrap()[0].card["skills"][0]["tags"], serde_json::json!(["engineering", "git"]));

    let refused = s.set_card_default_tags(&["  ".into()]).unwrap_err();
    assert_eq!(refused.code.as_str(), "edit.invalid");
    assert_eq!(fs::read_to_string(root.join("skillhouse.yaml")).unwrap(), written, "a refused edit writes nothing");
}

/// Taking an agent's folder into the open catalogue: the view has it at once, and the watcher's
/// report of those files is not taken for someone else's change.
#[test]
fn a_folder_adopted_from_an_agent_appears_in_the_view_and_is_the_sessions_own_write() {
    use skillhouse_core::agents::view::{plan_take, ScopeChoice};
    use skillhouse_core::agents::Host;
    let (tmp, root, mut s) = open();
    let project = tmp.path().join("project");
    let theirs = project.join(".claude/skills/found-there");
    fs::create_dir_all(&theirs).unwrap();
    fs::write(theirs.join("SKILL.md"), "---\nname: found-there\ndescription: Does found things. Use when testing adoption.\n---\nSteps.\n")
        .unwrap();
    let host = Host { home: tmp.path().join("home"), env: Default::default() };
    let scope = ScopeChoice::Project { folder: project.canonicalize().unwrap() };
    let plan = plan_take(s.catalogue(), &skillhouse_core::schema::Schemas::new(), &host, &scope, "found-there", "claude-code").unwrap();
    let taken = s.take_from_agent(&plan, &host, &scope, "2026-12-06T00:00:00.000Z").unwrap();
    assert_eq!(taken.applied.written, ["found-there/SKILL.md"]);
    assert!(taken.view.skills.iter().any(|r| r.name == "found-there" && r.errors == 0), "the view has the adopted skill");
    assert!(!s.files_changed(&[root.join("found-there/SKILL.md")]).unwrap(), "the session's own write");
}
