//! The index: derived, incremental, searchable, and migrated forward.

mod common;
use common::{copy_dir, sample};

use skillhouse_core::catalogue::{Catalogue, LoadOptions};
use skillhouse_core::index::{Index, SCHEMA_VERSION};
use skillhouse_core::{budget, Code};
use std::fs;
use std::path::{Path, PathBuf};

/// A copy of the sample catalogue in a temporary folder, and an index file beside it.
fn workspace() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("catalogue");
    copy_dir(&sample(), &root);
    let index = tmp.path().join("index.sqlite");
    (tmp, root, index)
}

fn open(index: &Path, root: &Path) -> (Catalogue, skillhouse_core::index::Refresh, Index) {
    let mut idx = Index::open(index).unwrap();
    let (cat, refresh) = idx.load(root, &LoadOptions::default(), &()).unwrap();
    (cat, refresh, idx)
}

/// What a person sees of a catalogue: names, counts, diagnostics (bodies are not kept).
fn summary(cat: &Catalogue) -> Vec<String> {
    let mut out: Vec<String> = cat
        .skills
        .iter()
        .map(|s| {
            format!(
                "{} {} {:?} {:?}",
                s.dir,
                s.name,
                s.tokens.as_ref().map(|t| (t.l1, t.l2, t.l3)),
                s.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>()
            )
        })
        .collect();
    out.extend(cat.agents.iter().map(|a| format!("{} {:?}", a.file, a.diagnostics)));
    out.extend(cat.diagnostics.iter().map(|d| format!("{d:?}")));
    out
}

#[test]
fn cold_index_matches_a_direct_load() {
    let (_tmp, root, index) = workspace();
    let (cat, refresh, _) = open(&index, &root);
    assert_eq!(refresh.reloaded, cat.skills.len());
    assert!(cat.skills.len() >= 12);
    let direct = budget::load_counted(&root, &LoadOptions::default()).unwrap();
    assert_eq!(summary(&cat), summary(&direct));
}

#[test]
fn reopening_an_unchanged_catalogue_rereads_nothing() {
    let (_tmp, root, index) = workspace();
    let (first, _, _) = open(&index, &root);
    let (second, refresh, _) = open(&index, &root);
    assert_eq!(refresh.reloaded, 0);
    assert_eq!(refresh.reused, first.skills.len());
    assert_eq!(summary(&first), summary(&second));
}

#[test]
fn bodies_are_searched_but_not_kept_in_the_stored_records() {
    // A re-open parses every stored record, so a body kept there is read for nothing.
    let (_tmp, root, index) = workspace();
    let file = root.join("naming-skills/SKILL.md");
    let text = fs::read_to_string(&file).unwrap();
    fs::write(&file, format!("{text}\nThe word quixotrope appears only in this body.\n")).unwrap();
    let (_, _, idx) = open(&index, &root);
    let records: Vec<String> = rusqlite_connection(&index)
        .prepare("SELECT record FROM skill_records")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(!records.is_empty());
    assert!(records.iter().all(|r| !r.contains("quixotrope")), "a stored record carries the body");
    let names = |idx: &Index| idx.search("quixotrope", 10).unwrap().into_iter().map(|h| h.name).collect::<Vec<_>>();
    assert_eq!(names(&idx), vec!["naming-skills"]);
    // Re-opened from the records, the body is still found, and still counted.
    let (cat, refresh, idx) = open(&index, &root);
    assert_eq!(refresh.reloaded, 0);
    assert_eq!(names(&idx), vec!["naming-skills"]);
    let direct = budget::load_counted(&root, &LoadOptions::default()).unwrap();
    assert_eq!(summary(&cat), summary(&direct));
}

#[test]
fn a_changed_skill_is_reread_and_searchable() {
    let (_tmp, root, index) = workspace();
    open(&index, &root);
    let file = root.join("naming-skills/SKILL.md");
    let text = fs::read_to_string(&file).unwrap();
    fs::write(&file, text.replacen("description: ", "description: Zanzibarian quokka naming. ", 1)).unwrap();
    let (cat, refresh, idx) = open(&index, &root);
    assert_eq!(refresh.reloaded, 1);
    assert!(cat.skill("naming-skills").unwrap().description.starts_with("Zanzibarian"));
    let hits = idx.search("zanzib", 10).unwrap();
    assert_eq!(hits.iter().map(|h| h.name.as_str()).collect::<Vec<_>>(), vec!["naming-skills"]);
}

#[test]
fn touching_a_file_without_changing_it_rereads_nothing() {
    let (_tmp, root, index) = workspace();
    open(&index, &root);
    let file = root.join("naming-skills/SKILL.md");
    let text = fs::read(&file).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    fs::write(&file, text).unwrap();
    let (_, refresh, _) = open(&index, &root);
    assert_eq!(refresh.reloaded, 0);
}

#[test]
fn a_new_resource_rereads_its_skill() {
    let (_tmp, root, index) = workspace();
    let (before, _, _) = open(&index, &root);
    let l3_before = before.skill("naming-skills").unwrap().tokens.as_ref().unwrap().l3;
    fs::create_dir_all(root.join("naming-skills/references")).unwrap();
    fs::write(root.join("naming-skills/references/extra.md"), "More about naming skills well.\n").unwrap();
    let (after, refresh, _) = open(&index, &root);
    assert_eq!(refresh.reloaded, 1);
    let t = after.skill("naming-skills").unwrap().tokens.clone().unwrap();
    assert!(t.l3 > l3_before);
    assert!(t.resources.iter().any(|r| r.path == "references/extra.md" && r.tokens.is_some()));
}

#[test]
fn a_deleted_skill_leaves_the_index_and_its_agents_report_it() {
    let (_tmp, root, index) = workspace();
    let (before, _, _) = open(&index, &root);
    let users: Vec<&str> =
        before.agents.iter().filter(|a| a.skills.iter().any(|s| s.name == "naming-skills")).map(|a| a.file.as_str()).collect();
    assert!(!users.is_empty(), "the sample should have an agent using naming-skills");
    fs::remove_dir_all(root.join("naming-skills")).unwrap();
    let (after, refresh, idx) = open(&index, &root);
    assert_eq!(refresh.removed, 1);
    assert!(after.skill("naming-skills").is_none());
    assert!(idx.search("naming", 50).unwrap().iter().all(|h| h.name != "naming-skills"));
    for file in users {
        let agent = after.agents.iter().find(|a| a.file == file).unwrap();
        assert!(agent.diagnostics.iter().any(|d| d.code == Code::AgentUnknownSkill), "{file} should report the missing skill");
    }
    let stored: i64 = idx.diagnostic_counts().unwrap().iter().filter(|(c, _, _)| c == "agent.unknown-skill").map(|(_, _, n)| *n).sum();
    assert!(stored >= 1, "the index stores the new diagnostics");
}

#[test]
fn deleting_the_index_loses_nothing() {
    let (_tmp, root, index) = workspace();
    let (first, _, _) = open(&index, &root);
    for suffix in ["", "-wal", "-shm"] {
        let _ = fs::remove_file(format!("{}{suffix}", index.display()));
    }
    let (second, refresh, _) = open(&index, &root);
    assert_eq!(refresh.reloaded, first.skills.len());
    assert_eq!(summary(&first), summary(&second));
}

#[test]
fn changed_settings_recheck_every_skill() {
    let (_tmp, root, index) = workspace();
    let (first, _, _) = open(&index, &root);
    let settings = root.join("skillhouse.yaml");
    let text = fs::read_to_string(&settings).unwrap();
    fs::write(&settings, text.replace("l2: 5000", "l2: 50")).unwrap();
    let (second, refresh, _) = open(&index, &root);
    assert_eq!(refresh.reloaded, first.skills.len());
    // Every skill without its own `metadata.token-budget` is now over the catalogue's L2 budget.
    let without_own: Vec<_> = second.skills.iter().filter(|s| s.token_budget.is_none()).collect();
    assert!(!without_own.is_empty());
    assert!(without_own.iter().all(|s| s.diagnostics.iter().any(|d| d.code == Code::BudgetL2)));
}

#[test]
fn refresh_after_a_rename_adds_and_clears_a_duplicate_name() {
    let (_tmp, root, index) = workspace();
    let (mut cat, _, mut idx) = open(&index, &root);
    let file = root.join("naming-skills/SKILL.md");
    let original = fs::read_to_string(&file).unwrap();
    fs::write(&file, original.replacen("name: naming-skills", "name: writing-commit-messages", 1)).unwrap();
    idx.refresh_skills(&mut cat, &["naming-skills".to_string()]).unwrap();
    let renamed = cat.skills.iter().find(|s| s.dir == "naming-skills").unwrap();
    assert!(renamed.diagnostics.iter().any(|d| d.code == Code::NameDirMismatch));
    let duplicates = cat.all_diagnostics().filter(|d| d.code == Code::SkillDuplicateName).count();
    assert_eq!(duplicates, 1);
    assert!(idx.diagnostic_counts().unwrap().iter().any(|(c, _, n)| c == "skill.duplicate-name" && *n == 1));

    fs::write(&file, &original).unwrap();
    idx.refresh_skills(&mut cat, &["naming-skills".to_string()]).unwrap();
    assert_eq!(cat.counts().errors, 0);
    assert!(!idx.diagnostic_counts().unwrap().iter().any(|(c, _, _)| c == "skill.duplicate-name" || c == "name.dir-mismatch"));
}

#[test]
fn a_refreshed_skill_is_the_skill_a_fresh_load_gives() {
    let (_tmp, root, index) = workspace();
    let (mut cat, _, mut idx) = open(&index, &root);
    let file = root.join("naming-skills/SKILL.md");
    let text = fs::read_to_string(&file).unwrap();
    fs::write(&file, text.replacen("description: ", "description: Refreshed. ", 1)).unwrap();
    idx.refresh_skills(&mut cat, &["naming-skills".to_string()]).unwrap();
    let fresh = skillhouse_core::budget::load_counted(&root, &skillhouse_core::LoadOptions::default()).unwrap();
    let refreshed = cat.skills.iter().find(|s| s.dir == "naming-skills").unwrap();
    let loaded = fresh.skills.iter().find(|s| s.dir == "naming-skills").unwrap();
    assert!(refreshed.description.starts_with("Refreshed. "));
    assert!(!refreshed.body.is_empty());
    assert_eq!(refreshed.body, loaded.body);
    assert_eq!(refreshed.tokens, loaded.tokens);
}

#[test]
fn exports_are_the_same_from_the_index_as_from_the_files() {
    let (_tmp, root, index) = workspace();
    let _ = open(&index, &root);
    let (from_index, refresh, _) = open(&index, &root);
    assert_eq!(refresh.reloaded, 0, "the second open reads the skills from the index");
    assert!(from_index.skills.iter().all(|s| s.body.is_empty()), "the index keeps no bodies");
    let from_files = skillhouse_core::budget::load_counted(&root, &LoadOptions::default()).unwrap();
    let options = skillhouse_core::export::Options { include_unapproved: true, ..Default::default() };
    for target in [skillhouse_core::export::Target::Legacy, skillhouse_core::export::Target::Bundle] {
        let bytes = |cat: &Catalogue| -> Vec<(String, Vec<u8>)> {
            skillhouse_core::export::export(cat, target, &options)
                .unwrap()
                .entries
                .into_iter()
                .map(|e| match e.content {
                    skillhouse_core::export::Content::Bytes(b) => (e.path, b),
                    skillhouse_core::export::Content::File(p) => (e.path, fs::read(p).unwrap()),
                })
                .collect()
        };
        assert_eq!(bytes(&from_index), bytes(&from_files), "{target:?}");
    }
}

#[test]
fn search_ranks_routing_text_first_and_finds_body_words() {
    let (_tmp, root, index) = workspace();
    let (_, _, idx) = open(&index, &root);
    let hits = idx.search("agent card", 5).unwrap();
    assert_eq!(hits.first().map(|h| h.name.as_str()), Some("reviewing-agent-cards"));
    // Words typed so far match as prefixes; FTS syntax in a query is taken literally.
    assert!(!idx.search("revie", 5).unwrap().is_empty());
    assert!(idx.search("\"AND OR NEAR(", 5).is_ok());
    assert!(idx.search("   ", 5).unwrap().is_empty());
    let mut hits = idx.search("checklist", 3).unwrap();
    idx.snippets("checklist", &mut hits).unwrap();
    assert!(hits.iter().any(|h| h.snippet.to_lowercase().contains("[checklist")), "{hits:?}");
}

#[test]
fn a_fresh_index_has_the_current_schema_and_a_newer_one_is_rebuilt() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("i.sqlite");
    assert_eq!(Index::open(&file).unwrap().schema_version().unwrap(), SCHEMA_VERSION);
    {
        let conn = rusqlite_connection(&file);
        conn.execute_batch("PRAGMA user_version = 99; CREATE TABLE future_thing(x);").unwrap();
    }
    let idx = Index::open(&file).unwrap();
    assert_eq!(idx.schema_version().unwrap(), SCHEMA_VERSION);
    let (_keep, root, _) = workspace();
    let mut idx = idx;
    let (cat, _) = idx.load(&root, &LoadOptions::default(), &()).unwrap();
    assert!(!cat.skills.is_empty());
}

fn rusqlite_connection(path: &Path) -> rusqlite::Connection {
    rusqlite::Connection::open(path).unwrap()
}

#[test]
fn a_version_1_index_is_migrated_forward_and_keeps_its_token_counts() {
    let (_tmp, root, index) = workspace();
    {
        // Build a version 1 database by hand: the first migration only.
        let conn = rusqlite_connection(&index);
        conn.execute_batch(skillhouse_core::index::MIGRATIONS[0]).unwrap();
        conn.execute_batch("PRAGMA user_version = 1; INSERT INTO token_counts VALUES ('abc', 42);").unwrap();
    }
    let mut idx = Index::open(&index).unwrap();
    assert_eq!(idx.schema_version().unwrap(), SCHEMA_VERSION);
    let (cat, refresh) = idx.load(&root, &LoadOptions::default(), &()).unwrap();
    assert_eq!(refresh.reloaded, cat.skills.len());
    assert!(!idx.search("commit", 5).unwrap().is_empty());
    let kept: i64 =
        rusqlite_connection(&index).query_row("SELECT tokens FROM token_counts WHERE sha256 = 'abc'", [], |r| r.get(0)).unwrap();
    assert_eq!(kept, 42);
}

#[test]
fn a_version_3_index_keeps_its_skills_when_records_move_to_their_own_table() {
    let (_tmp, root, index) = workspace();
    let skills = {
        let (cat, _, _) = open(&index, &root);
        cat.skills.len()
    };
    {
        // Turn the index back into version 3's shape: the record inside `skills`.
        let conn = rusqlite_connection(&index);
        conn.execute_batch(
            "ALTER TABLE skills ADD COLUMN record TEXT NOT NULL DEFAULT '';
             UPDATE skills SET record = (SELECT record FROM skill_records r WHERE r.id = skills.id);
             DROP TABLE skill_records;
             PRAGMA user_version = 3;",
        )
        .unwrap();
    }
    let mut idx = Index::open(&index).unwrap();
    assert_eq!(idx.schema_version().unwrap(), SCHEMA_VERSION);
    let (cat, refresh) = idx.load(&root, &LoadOptions::default(), &()).unwrap();
    assert_eq!((cat.skills.len(), refresh.reloaded), (skills, 0), "every skill comes from the migrated index");
    assert!(!idx.search("commit", 5).unwrap().is_empty());
}

#[test]
fn a_cancelled_load_stops_and_leaves_the_index_usable() {
    struct CancelAfter(std::sync::atomic::AtomicUsize);
    impl skillhouse_core::index::Progress for CancelAfter {
        fn advanced(&self, _done: usize) {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        fn cancelled(&self) -> bool {
            self.0.load(std::sync::atomic::Ordering::SeqCst) >= 3
        }
    }
    let (_tmp, root, index) = workspace();
    let mut idx = Index::open(&index).unwrap();
    let result = idx.load(&root, &LoadOptions::default(), &CancelAfter(Default::default()));
    assert!(matches!(result, Err(skillhouse_core::index::IndexError::Cancelled)));
    let (cat, refresh) = idx.load(&root, &LoadOptions::default(), &()).unwrap();
    assert_eq!(refresh.reloaded, cat.skills.len());
}

#[test]
fn a_body_match_is_listed_with_its_own_skill() {
    let (_tmp, root, index) = workspace();
    let file = root.join("naming-skills/SKILL.md");
    let text = fs::read_to_string(&file).unwrap();
    fs::write(&file, format!("{text}\nXylophonic naming is out of scope.\n")).unwrap();
    let (cat, _, idx) = open(&index, &root);
    let hits = idx.search("xylophon", 10).unwrap();
    let skill = cat.skill("naming-skills").unwrap();
    let found: Vec<(&str, &str, &str)> = hits.iter().map(|h| (h.dir.as_str(), h.name.as_str(), h.description.as_str())).collect();
    assert_eq!(found, vec![("naming-skills", "naming-skills", skill.description.as_str())]);
}

/// A resource edited so that its length stays the same must be counted again: its size alone
/// does not say it is unchanged.
#[test]
fn a_same_size_edit_of_a_resource_is_counted_again() {
    let (_tmp, root, index) = workspace();
    let (mut cat, _, mut idx) = open(&index, &root);
    let dir = "auditing-allowed-tools";
    let file = root.join(dir).join("references/tool-pattern-rules.md");
    let text = fs::read_to_string(&file).unwrap();
    // Same bytes count, far fewer tokens: every letter becomes one repeated letter.
    let flattened: String = text.chars().map(|c| if c.is_ascii_alphanumeric() { 'a' } else { c }).collect();
    assert_eq!(flattened.len(), text.len());
    fs::write(&file, &flattened).unwrap();
    let before = |cat: &Catalogue| {
        let s = cat.skills.iter().find(|s| s.dir == dir).unwrap();
        s.tokens.as_ref().unwrap().resources.iter().find(|r| r.path == "references/tool-pattern-rules.md").unwrap().tokens
    };
    let stale = before(&cat);
    idx.refresh_skills(&mut cat, &[dir.to_string()]).unwrap();
    let refreshed = before(&cat);
    assert_ne!(refreshed, stale, "the edit changed the text, so the count must change");

    let fresh_index = root.parent().unwrap().join("fresh.sqlite");
    let (fresh, _, _) = open(&fresh_index, &root);
    assert_eq!(refreshed, before(&fresh));
    let (reopened, _, _) = open(&index, &root);
    assert_eq!(before(&reopened), before(&fresh), "a re-open keeps the refreshed count");
    assert_eq!(summary(&reopened), summary(&fresh));
}
