//! `skillhouse export`, `verify` and `import` used the way docs/exports.md says.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn sample() -> String {
    repo().join("skills").to_string_lossy().into_owned()
}

fn skillhouse(args: &[&str]) -> Output {
    // Exports keep token counts in a search index: one of its own per run, not in the user's data folder.
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let index = std::env::temp_dir().join(format!("skillhouse-export-test-{}-{n}.sqlite", std::process::id()));
    let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    if args[0] == "export" {
        args.extend(["--index".to_string(), index.to_string_lossy().into_owned()]);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_skillhouse")).args(&args).env("NO_COLOR", "1").output().expect("skillhouse runs");
    for suffix in ["", "-wal", "-shm"] {
        let _ = fs::remove_file(format!("{}{suffix}", index.display()));
    }
    out
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn path(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

#[test]
fn export_writes_a_tar_gz_and_prints_its_sha256_and_what_was_left_out() {
    let tmp = tempfile::tempdir().unwrap();
    let out_file = tmp.path().join("team-skills.tar.gz");
    let out = skillhouse(&["export", &sample(), "--out", &path(&out_file)]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    let shown = stdout(&out);
    assert!(shown.contains("wrote ") && shown.contains("(.tar.gz)"), "{shown}");
    let bytes = fs::read(&out_file).unwrap();
    assert_eq!(&bytes[..2], &[0x1f, 0x8b]);
    let sha = skillhouse_core::files::sha256_hex(&bytes);
    assert!(shown.contains(&format!("sha256 {sha}")), "{shown}");
    assert!(shown.contains("left out: the card of `agent-card-reviewer`: the card is not approved"), "{shown}");
}

#[test]
fn the_same_export_twice_is_the_same_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    for name in ["a.zip", "b.zip", "a.tar.gz", "b.tar.gz"] {
        let out = skillhouse(&[
            "export",
            &sample(),
            "--out",
            &path(&tmp.path().join(name)),
            "--include-unapproved",
            "--time",
            "2026-12-01T09:30:00Z",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    assert_eq!(fs::read(tmp.path().join("a.zip")).unwrap(), fs::read(tmp.path().join("b.zip")).unwrap());
    assert_eq!(fs::read(tmp.path().join("a.tar.gz")).unwrap(), fs::read(tmp.path().join("b.tar.gz")).unwrap());
}

#[test]
fn packaging_follows_the_extension_unless_given() {
    let tmp = tempfile::tempdir().unwrap();
    let zip = tmp.path().join("b.zip");
    assert_eq!(skillhouse(&["export", &sample(), "--out", &path(&zip)]).status.code(), Some(0));
    assert_eq!(&fs::read(&zip).unwrap()[..2], b"PK");
    let folder = tmp.path().join("site");
    assert_eq!(skillhouse(&["export", &sample(), "--out", &path(&folder)]).status.code(), Some(0));
    assert!(folder.join("registry.json").is_file() && folder.join("skills/naming-skills/SKILL.md").is_file());
    let forced = tmp.path().join("bundle.bin");
    assert_eq!(skillhouse(&["export", &sample(), "--out", &path(&forced), "--packaging", "tar-gz"]).status.code(), Some(0));
    assert_eq!(&fs::read(&forced).unwrap()[..2], &[0x1f, 0x8b]);
}

#[test]
fn a_catalogue_with_errors_is_not_exported() {
    let tmp = tempfile::tempdir().unwrap();
    let fixture = repo().join("tests/fixtures/07-yaml-duplicate-key");
    let out = skillhouse(&["export", &path(&fixture), "--out", &path(&tmp.path().join("b.tar.gz"))]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("yaml.duplicate-key") && stderr(&out).contains("skillhouse validate"), "{}", stderr(&out));
    assert!(!tmp.path().join("b.tar.gz").exists());
}

#[test]
fn a_folder_that_is_not_an_export_is_not_overwritten() {
    let tmp = tempfile::tempdir().unwrap();
    fs::write(tmp.path().join("notes.txt"), "mine").unwrap();
    let out = skillhouse(&["export", &sample(), "--out", &path(tmp.path())]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("`notes.txt`"), "{}", stderr(&out));
    assert_eq!(fs::read_to_string(tmp.path().join("notes.txt")).unwrap(), "mine");
}

#[test]
fn a_bad_time_cannot_run() {
    let tmp = tempfile::tempdir().unwrap();
    let out = skillhouse(&["export", &sample(), "--out", &path(&tmp.path().join("b.zip")), "--time", "noon"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("RFC 3339"), "{}", stderr(&out));
}

#[test]
fn verify_exits_0_on_a_good_bundle_1_on_a_tampered_one_2_on_no_bundle() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = tmp.path().join("b");
    assert_eq!(skillhouse(&["export", &sample(), "--out", &path(&bundle), "--include-unapproved"]).status.code(), Some(0));
    let out = skillhouse(&["verify", &path(&bundle)]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("ok: 16 skills, 4 agent cards"), "{}", stdout(&out));
    fs::write(bundle.join("skills/naming-skills/extra.md"), "added\n").unwrap();
    let out = skillhouse(&["verify", &path(&bundle)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("error[bundle.file-unlisted]"), "{}", stdout(&out));
    let json = skillhouse(&["verify", &path(&bundle), "--format", "json"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(value["diagnostics"].as_array().unwrap().iter().any(|d| d["code"] == "bundle.file-unlisted"));
    assert_eq!(skillhouse(&["verify", &path(&tmp.path().join("nothing"))]).status.code(), Some(2));
}

#[test]
fn import_is_a_dry_run_until_yes_and_round_trips() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = tmp.path().join("team-skills.tar.gz");
    assert_eq!(skillhouse(&["export", &sample(), "--out", &path(&bundle), "--include-unapproved"]).status.code(), Some(0));
    let into = tmp.path().join("mine");
    let dry = skillhouse(&["import", &path(&bundle), "--into", &path(&into)]);
    assert_eq!(dry.status.code(), Some(0), "{}", stdout(&dry));
    assert!(stdout(&dry).contains("add      naming-skills"), "{}", stdout(&dry));
    assert!(stdout(&dry).contains("16 to add, 0 to replace, 0 identical; dry run"), "{}", stdout(&dry));
    assert!(!into.exists(), "a dry run writes nothing");
    let real = skillhouse(&["import", &path(&bundle), "--into", &path(&into), "--yes"]);
    assert_eq!(real.status.code(), Some(0), "{}", stdout(&real));
    assert!(stdout(&real).contains("16 added, 0 replaced, 0 identical"), "{}", stdout(&real));
    // The catalogue's settings are the importer's own; with the sample's, it exports the same skills.
    for f in ["skillhouse.yaml", "OPERATING_PRINCIPLES.md"] {
        fs::copy(repo().join("skills").join(f), into.join(f)).unwrap();
    }
    let again = tmp.path().join("again");
    assert_eq!(skillhouse(&["export", &path(&into), "--out", &path(&again)]).status.code(), Some(0));
    let first = skillhouse(&["import", &path(&bundle), "--into", &path(&into), "--format", "json"]);
    let plan: serde_json::Value = serde_json::from_slice(&first.stdout).unwrap();
    assert_eq!(plan["skip"].as_array().unwrap().len(), 16);
    let digests = |p: &Path| -> Vec<(String, String)> {
        let v: serde_json::Value = serde_json::from_slice(&fs::read(p.join("registry.json")).unwrap()).unwrap();
        v["skills"].as_array().unwrap().iter().map(|s| (s["dir"].as_str().unwrap().into(), s["digest"].as_str().unwrap().into())).collect()
    };
    let unpacked = tmp.path().join("unpacked");
    assert_eq!(skillhouse(&["export", &sample(), "--out", &path(&unpacked), "--include-unapproved"]).status.code(), Some(0));
    assert_eq!(digests(&unpacked), digests(&again));
}

#[test]
fn import_refuses_a_tampered_bundle_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = tmp.path().join("b");
    assert_eq!(skillhouse(&["export", &sample(), "--out", &path(&bundle)]).status.code(), Some(0));
    fs::write(bundle.join("skills/naming-skills/SKILL.md"), "---\nname: naming-skills\ndescription: changed\n---\n").unwrap();
    let into = tmp.path().join("mine");
    let out = skillhouse(&["import", &path(&bundle), "--into", &path(&into), "--yes"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("error[bundle.file-mismatch]") && stdout(&out).contains("refused: nothing was imported"),
        "{}",
        stdout(&out)
    );
    assert!(!into.exists());
}

#[test]
fn other_targets_are_written_through_the_same_writers() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    let out = skillhouse(&["export", &sample(), "--target", "well-known", "--out", &path(&site)]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    assert!(site.join(".well-known/agent-skills/index.json").is_file());
    assert!(site.join(".well-known/agent-skills/naming-skills/SKILL.md").is_file());
    let zip = tmp.path().join("marketplace.zip");
    let out = skillhouse(&["export", &sample(), "--target", "marketplace", "--out", &path(&zip), "--time", "2026-12-01T09:30:00Z"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(&fs::read(&zip).unwrap()[..2], b"PK");
}

#[test]
fn a_folder_export_inside_the_catalogue_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let cat = tmp.path().join("cat");
    fs::create_dir_all(cat.join("naming-skills")).unwrap();
    fs::copy(repo().join("skills/naming-skills/SKILL.md"), cat.join("naming-skills/SKILL.md")).unwrap();
    let out = skillhouse(&["export", &path(&cat), "--out", &path(&cat.join("dist"))]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("inside the catalogue"), "{}", stderr(&out));
    assert!(!cat.join("dist").exists());
    // An archive there is fine: it is not a skill folder.
    assert_eq!(skillhouse(&["export", &path(&cat), "--out", &path(&cat.join("dist.tar.gz"))]).status.code(), Some(0));
}

#[test]
fn the_size_limits_can_be_set_and_each_refusal_says_which() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = tmp.path().join("b.zip");
    assert_eq!(skillhouse(&["export", &sample(), "--out", &path(&bundle)]).status.code(), Some(0));
    // The defaults take the sample's bundle.
    assert_eq!(skillhouse(&["verify", &path(&bundle)]).status.code(), Some(0));
    let out = skillhouse(&["verify", &path(&bundle), "--max-file-mib", "0"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("error[bundle.entry-too-large]"), "{}", stdout(&out));
    let into = tmp.path().join("mine");
    let out = skillhouse(&["import", &path(&bundle), "--into", &path(&into), "--max-total-mib", "0", "--yes"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("error[bundle.too-large]") && stdout(&out).contains("refused: nothing was imported"), "{}", stdout(&out));
    assert!(!into.exists());
}
