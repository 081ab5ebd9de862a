//! The `skillhouse` command used the way its README says.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn skillhouse(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skillhouse")).args(args).env("NO_COLOR", "1").output().expect("skillhouse runs")
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn fixture(name: &str) -> String {
    repo().join("tests/fixtures").join(name).to_string_lossy().into_owned()
}

#[test]
fn validate_passes_on_the_sample_catalogue() {
    let out = skillhouse(&["validate", &repo().join("skills").to_string_lossy()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(text(&out).contains("0 errors, 0 warnings"), "{}", text(&out));
}

#[test]
fn validate_exits_1_on_errors_and_shows_a_snippet_and_hint() {
    let out = skillhouse(&["validate", &fixture("07-yaml-duplicate-key")]);
    assert_eq!(out.status.code(), Some(1));
    let shown = text(&out);
    assert!(shown.contains("error[yaml.duplicate-key]"), "{shown}");
    assert!(shown.contains("pdf-tools/SKILL.md:5:"), "{shown}");
    assert!(shown.contains("5 | "), "the offending line is shown: {shown}");
    assert!(shown.contains("help: "), "{shown}");
}

#[test]
fn warnings_fail_only_with_deny_warnings() {
    let dir = fixture("09-file-bom");
    assert_eq!(skillhouse(&["validate", &dir]).status.code(), Some(0));
    assert_eq!(skillhouse(&["validate", &dir, "--deny-warnings"]).status.code(), Some(1));
}

#[test]
fn validate_exits_2_when_it_cannot_run() {
    let out = skillhouse(&["validate", "/no/such/catalogue"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error:"));
    assert_eq!(skillhouse(&["validate", ".", "--profile", "nonsense"]).status.code(), Some(2));
}

#[test]
fn the_profile_flag_changes_the_rules() {
    let dir = fixture("45-legacy-profile-valid");
    assert_eq!(skillhouse(&["validate", &dir, "--profile", "legacy"]).status.code(), Some(0));
    assert_eq!(skillhouse(&["validate", &dir, "--profile", "agentskills"]).status.code(), Some(1));
}

#[test]
fn json_output_lists_skills_agents_and_a_summary() {
    let out = skillhouse(&["validate", &fixture("36-agent-unknown-skill"), "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(repo().join("schemas/validate-report.schema.json")).unwrap()).unwrap();
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    assert!(validator.is_valid(&report));
    assert_eq!(report["summary"]["errors"], 1);
    assert_eq!(report["agents"][0]["diagnostics"][0]["code"], "agent.unknown-skill");
    assert!(report["skills"][0]["tokens"]["l1"].as_u64().unwrap() > 0);
}

#[test]
fn index_then_search_finds_a_skill() {
    let tmp = tempfile::tempdir().unwrap();
    let index = tmp.path().join("i.sqlite");
    let skills = repo().join("skills");
    let out = skillhouse(&["index", &skills.to_string_lossy(), "--index", &index.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text(&out).contains("indexed 16 skills"), "{}", text(&out));
    let out =
        skillhouse(&["search", "commit message", "-C", &skills.to_string_lossy(), "--index", &index.to_string_lossy(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let hits: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(hits[0]["name"], "writing-commit-messages");
    let out = skillhouse(&["search", "xyzzyplugh", "-C", &skills.to_string_lossy(), "--index", &index.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).contains("no skills match"));
}

#[test]
fn show_prints_each_level() {
    let skills = repo().join("skills").to_string_lossy().into_owned();
    let l1 = text(&skillhouse(&["show", "naming-skills", "-C", &skills]));
    assert!(l1.starts_with("naming-skills: "), "{l1}");
    assert!(l1.contains("L1 ") && l1.contains("(budget 100)"));
    let l2 = text(&skillhouse(&["show", "naming-skills", "-C", &skills, "--level", "2"]));
    let fragment = std::fs::read_to_string(repo().join("skills/OPERATING_PRINCIPLES.md")).unwrap();
    assert!(l2.starts_with(fragment.lines().next().unwrap()), "the fragment comes first at L2");
    assert!(l2.contains("L2 "));
    let l3 = text(&skillhouse(&["show", "reviewing-agent-cards", "-C", &skills, "--level", "3"]));
    assert!(l3.contains("references/") && l3.contains("L3 "), "{l3}");
    let missing = skillhouse(&["show", "no-such-skill", "-C", &skills]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn stats_reports_the_figures() {
    let out = skillhouse(&["stats", &repo().join("skills").to_string_lossy(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(stats["skills"], 16);
    assert_eq!(stats["agents"], 4);
    assert_eq!(stats["skillAgentRatio"], 4.0);
    // The legacy skill is valid here but not under the spec's profile.
    assert_eq!(stats["validAgentskills"]["count"], 15);
    assert_eq!(stats["withinBudget"]["count"], 16);
    assert!(stats["tokens"]["l2"].as_u64().unwrap() > stats["tokens"]["l1"].as_u64().unwrap());
}

#[test]
fn prompt_prints_the_available_skills_block() {
    let out = text(&skillhouse(&["prompt", &repo().join("skills").to_string_lossy()]));
    assert!(out.starts_with("<available_skills>\n<skill>\n<name>\n"), "{out}");
    assert!(out.trim_end().ends_with("</skill>\n</available_skills>"));
    assert_eq!(out.matches("<skill>").count(), 16);
    assert!(out.contains("/naming-skills/SKILL.md\n</location>"));
}

#[test]
fn new_scaffolds_a_skill_that_validates() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().to_string_lossy().into_owned();
    let out = skillhouse(&["new", "summarising-incidents", "-C", &root]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(tmp.path().join("summarising-incidents/SKILL.md").is_file());
    let check = skillhouse(&["validate", &root, "--deny-warnings"]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check));
    let again = skillhouse(&["new", "summarising-incidents", "-C", &root]);
    assert_eq!(again.status.code(), Some(2));
    let bad = skillhouse(&["new", "Bad Name", "-C", &root]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("bad-name"), "suggests a valid name");
}
