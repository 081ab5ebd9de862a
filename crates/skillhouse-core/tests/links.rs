//! Symlinks in a catalogue: a skill reached through links is one skill at its real path.
#![cfg(unix)]

use skillhouse_core::catalogue::{Catalogue, LoadOptions};
use skillhouse_core::index::Index;
use skillhouse_core::{budget, Code};
use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;

fn write_skill(root: &Path, dir: &str) {
    let name = dir.rsplit('/').next().unwrap();
    let path = root.join(dir);
    fs::create_dir_all(path.join("references")).unwrap();
    fs::write(
        path.join("SKILL.md"),
        format!("---\nname: {name}\ndescription: Checks {name} things. Use when a user asks about {name}.\n---\nDo it.\n"),
    )
    .unwrap();
    fs::write(path.join("references/notes.md"), "Some notes.\n").unwrap();
}

fn load(root: &Path) -> Catalogue {
    budget::load_counted(root, &LoadOptions::default()).unwrap()
}

fn dirs(cat: &Catalogue) -> Vec<&str> {
    cat.skills.iter().map(|s| s.dir.as_str()).collect()
}

#[test]
fn a_linked_skill_is_listed_once_at_its_real_path_with_its_aliases() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    write_skill(root, "skills/pdf-tools");
    write_skill(root, "skills/csv-tools");
    fs::create_dir_all(root.join(".claude/skills")).unwrap();
    symlink("../../skills/pdf-tools", root.join(".claude/skills/pdf-tools")).unwrap();
    fs::create_dir_all(root.join(".codex")).unwrap();
    symlink("../skills", root.join(".codex/skills")).unwrap(); // a link to the folder of skills

    let cat = load(root);
    assert_eq!(dirs(&cat), vec!["skills/csv-tools", "skills/pdf-tools"]);
    let pdf = cat.skills.iter().find(|s| s.dir == "skills/pdf-tools").unwrap();
    assert_eq!(pdf.aliases, vec![".claude/skills/pdf-tools", ".codex/skills/pdf-tools"]);
    let csv = cat.skills.iter().find(|s| s.dir == "skills/csv-tools").unwrap();
    assert_eq!(csv.aliases, vec![".codex/skills/csv-tools"]);
    let codes: Vec<Code> = cat.all_diagnostics().map(|d| d.code).collect();
    assert!(!codes.contains(&Code::SkillDuplicateName), "{codes:?}");
    assert_eq!(cat.counts().errors, 0, "{:?}", cat.all_diagnostics().collect::<Vec<_>>());
    assert_eq!(pdf.resources.len(), 1, "the skill's own files, once");
}

#[test]
fn the_index_keeps_aliases_and_lists_the_skill_once() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("catalogue");
    write_skill(&root, "skills/pdf-tools");
    fs::create_dir_all(root.join(".claude/skills")).unwrap();
    symlink("../../skills/pdf-tools", root.join(".claude/skills/pdf-tools")).unwrap();
    let index = tmp.path().join("index.sqlite");
    for _ in 0..2 {
        let mut idx = Index::open(&index).unwrap();
        let (mut cat, _) = idx.load(&root, &LoadOptions::default(), &()).unwrap();
        assert_eq!(dirs(&cat), vec!["skills/pdf-tools"]);
        assert_eq!(cat.skills[0].aliases, vec![".claude/skills/pdf-tools"]);
        fs::write(root.join("skills/pdf-tools/references/notes.md"), "Other notes, longer.\n").unwrap();
        idx.refresh_skills(&mut cat, &["skills/pdf-tools".to_string()]).unwrap();
        assert_eq!(cat.skills[0].aliases, vec![".claude/skills/pdf-tools"], "a refresh keeps the links");
    }
}

#[test]
fn a_link_inside_a_skill_to_shared_files_still_lends_them() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    write_skill(root, "pdf-tools");
    fs::create_dir_all(root.join("shared")).unwrap();
    fs::write(root.join("shared/style.md"), "House style.\n").unwrap();
    symlink("../shared", root.join("pdf-tools/shared")).unwrap();
    let cat = load(root);
    let pdf = cat.skills.iter().find(|s| s.dir == "pdf-tools").unwrap();
    let paths: Vec<&str> = pdf.resources.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(paths, vec!["references/notes.md", "shared/style.md"]);
    assert!(pdf.aliases.is_empty());
}

#[test]
fn a_link_out_of_the_catalogue_stays_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    write_skill(outside.path(), "elsewhere");
    let root = tmp.path();
    write_skill(root, "skills/pdf-tools");
    symlink(outside.path().join("elsewhere"), root.join("elsewhere")).unwrap();
    let cat = load(root);
    assert_eq!(dirs(&cat), vec!["skills/pdf-tools"]);
    let outside_links: Vec<_> = cat.all_diagnostics().filter(|d| d.code == Code::PathSymlinkOutside).collect();
    assert_eq!(outside_links.len(), 1);
    assert_eq!(outside_links[0].file, "elsewhere");
}

#[test]
fn a_link_to_a_skipped_folder_is_still_walked_through_the_link() {
    // node_modules is never entered at its real path, so a link into it is the only way in.
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    write_skill(root, "node_modules/pkg/pdf-tools");
    symlink("node_modules/pkg/pdf-tools", root.join("pdf-tools")).unwrap();
    let cat = load(root);
    assert_eq!(dirs(&cat), vec!["pdf-tools"]);
}
