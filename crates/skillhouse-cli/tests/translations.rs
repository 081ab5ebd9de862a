//! `skillhouse translations` on a git repository made here: a source committed, translated from
//! that commit, then changed and committed again: the translation is outdated, with the source's
//! diff since; before the change it is current; outside a repository the check says it is off.

use std::fs;
use std::path::Path;
use std::process::Command;

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["-c", "user.name=T", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"])
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

fn translations(dir: &Path, extra: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_skillhouse"))
        .arg("translations")
        .arg(dir)
        .args(extra)
        .env("NO_COLOR", "1")
        .env("XDG_DATA_HOME", dir.join(".data"))
        .output()
        .unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

const SOURCE: &str =
    "---\nname: naming-skills\ndescription: Names new skills. Use when a skill needs a name.\n---\n## Steps\n\nPick a verb.\n";

#[test]
fn a_translation_made_before_its_source_changed_is_outdated_with_the_diff() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("skills/naming-skills")).unwrap();
    fs::write(root.join("skills/naming-skills/SKILL.md"), SOURCE).unwrap();

    let (code, _, stderr) = translations(root, &[]);
    assert_eq!(code, 0);
    assert!(stderr.contains("is not in a git repository"), "the check says why it is off: {stderr}");

    git(root, &["init", "-q"]);
    fs::write(root.join(".gitignore"), ".data/\n").unwrap();
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "source"]);
    let translated_from = git(root, &["rev-parse", "HEAD"]);
    fs::create_dir_all(root.join("i18n/de/skills/naming-skills")).unwrap();
    fs::write(
        root.join("i18n/de/skills/naming-skills/SKILL.md"),
        format!("---\nname: naming-skills\ndescription: Benennt neue Skills. Verwende ihn, wenn ein Skill einen Namen braucht.\nmetadata:\n  locale: de\n  source_locale: en\n  source_commit: {translated_from}\n---\n## Schritte\n\nWähle ein Verb.\n"),
    )
    .unwrap();
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "translate"]);

    let (code, stdout, _) = translations(root, &[]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("de     i18n/de/skills/naming-skills/SKILL.md") && stdout.contains("current"), "{stdout}");
    assert!(stdout.contains("1 translation of 1 skill in 1 locale; 0 outdated"), "{stdout}");

    fs::write(root.join("skills/naming-skills/SKILL.md"), format!("{SOURCE}\n## Examples\n\nnaming-skills\n")).unwrap();
    git(root, &["commit", "-q", "-am", "source: examples"]);
    let (code, stdout, _) = translations(root, &["--diff"]);
    assert_eq!(code, 1, "an outdated translation fails the check: {stdout}");
    assert!(stdout.contains(&format!("OUTDATED: translated from {}", &translated_from[..10])), "{stdout}");
    assert!(stdout.contains("+## Examples"), "the source's diff since the translation: {stdout}");

    let (_, json, _) = translations(root, &["--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let state = &report["translations"][0];
    assert_eq!(state["locale"], "de");
    assert_eq!(state["source"], "skills/naming-skills/SKILL.md");
    assert_eq!(state["freshness"]["state"], "outdated");
    assert_eq!(state["freshness"]["sourceCommit"], translated_from);
    assert!(report["checkOff"].is_null());

    // A source_commit that is not a commit here is said so, not taken as current or outdated.
    let german = root.join("i18n/de/skills/naming-skills/SKILL.md");
    let text = fs::read_to_string(&german).unwrap().replace(&translated_from, "0123456789abcdef0123456789abcdef01234567");
    fs::write(&german, text).unwrap();
    let (_, stdout, _) = translations(root, &[]);
    assert!(stdout.contains("is not a commit of this repository"), "{stdout}");
}
