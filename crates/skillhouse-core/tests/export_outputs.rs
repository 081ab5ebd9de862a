//! Exports as the app's Export view runs them (`export::outputs`): several formats into one
//! destination, a preview compared with the previous export there, progress, and refusals.

mod common;

use skillhouse_core::budget;
use skillhouse_core::catalogue::{Catalogue, LoadOptions};
use skillhouse_core::export::outputs::{self, FileChange, OutputPreview, Request};
use skillhouse_core::export::{verify, ExportError, Options, Packaging, Target};
use std::fs;
use std::path::Path;

fn counted(root: &Path) -> Catalogue {
    budget::load_counted(root, &LoadOptions::default()).unwrap()
}

fn request(targets: &[Target], packaging: Packaging, destination: &Path) -> Request {
    Request {
        targets: targets.to_vec(),
        packaging,
        destination: destination.to_string_lossy().into_owned(),
        options: Options { include_unapproved: true, ..Options::default() },
    }
}

fn change_of(output: &OutputPreview, path: &str) -> FileChange {
    output.files.iter().find(|f| f.path == path).unwrap_or_else(|| panic!("{path} is in the preview")).change
}

/// A writable copy of the sample catalogue in `tmp/cat`.
fn sample_copy(tmp: &Path) -> std::path::PathBuf {
    let root = tmp.join("cat");
    common::copy_dir(&common::sample(), &root);
    root
}

#[test]
fn a_first_preview_adds_every_file_and_names_each_output() {
    let tmp = tempfile::tempdir().unwrap();
    let cat = counted(&common::sample());
    let dest = tmp.path().join("out");
    let preview = outputs::preview(&cat, &request(&[Target::Bundle, Target::WellKnown], Packaging::Folder, &dest)).unwrap();
    assert_eq!(preview.outputs.len(), 2);
    let bundle = &preview.outputs[0];
    assert_eq!(bundle.path, dest.join("bundle").to_string_lossy());
    assert_eq!(preview.outputs[1].path, dest.join("well-known").to_string_lossy());
    assert!(!bundle.previous);
    assert!(bundle.files.iter().all(|f| f.change == FileChange::Added));
    assert_eq!(bundle.added, bundle.files.len());
    assert_eq!((bundle.changed, bundle.unchanged, bundle.removed), (0, 0, 0));
    assert_eq!(change_of(bundle, "registry.json"), FileChange::Added);
    let skill_md = fs::metadata(common::sample().join("naming-skills/SKILL.md")).unwrap().len();
    assert_eq!(bundle.files.iter().find(|f| f.path == "skills/naming-skills/SKILL.md").unwrap().size, skill_md);
    assert_eq!(bundle.bytes, bundle.files.iter().map(|f| f.size).sum::<u64>());
    assert!(!dest.exists(), "a preview writes nothing");
}

#[test]
fn after_a_run_the_preview_shows_what_changed_since() {
    let tmp = tempfile::tempdir().unwrap();
    let root = sample_copy(tmp.path());
    fs::create_dir_all(root.join("naming-skills/references")).unwrap();
    fs::write(root.join("naming-skills/references/old-names.md"), "# Old names\n").unwrap();
    let dest = tmp.path().join("out");
    for packaging in [Packaging::Folder, Packaging::TarGz, Packaging::Zip] {
        let req = request(&[Target::Bundle], packaging, &dest);
        let cat = counted(&root);
        let done = outputs::run(&cat, &req, &mut |_, _| {}).unwrap();
        assert_eq!(done.written.len(), 1);
        assert!(verify::verify(&done.written[0].path).unwrap().is_ok());
        let again = outputs::preview(&cat, &req).unwrap();
        let out = &again.outputs[0];
        assert!(out.previous, "{packaging:?}");
        assert_eq!(out.unchanged, out.files.len(), "nothing changed: {packaging:?}");
        assert!(out.files.iter().all(|f| f.change == FileChange::Unchanged));
    }
    // Change a skill's description, remove a file, add one; compare with the .zip written last.
    let skill = root.join("naming-skills/SKILL.md");
    let text = fs::read_to_string(&skill).unwrap();
    fs::write(&skill, text.replacen("description: ", "description: Renamed. ", 1)).unwrap();
    fs::remove_file(root.join("naming-skills/references/old-names.md")).unwrap();
    fs::write(root.join("naming-skills/references/new-names.md"), "# New names\n").unwrap();
    let cat = counted(&root);
    let preview = outputs::preview(&cat, &request(&[Target::Bundle], Packaging::Zip, &dest)).unwrap();
    let out = &preview.outputs[0];
    assert_eq!(change_of(out, "skills/naming-skills/SKILL.md"), FileChange::Changed);
    assert_eq!(change_of(out, "registry.json"), FileChange::Changed);
    assert_eq!(change_of(out, "skills/naming-skills/references/old-names.md"), FileChange::Removed);
    assert_eq!(change_of(out, "skills/naming-skills/references/new-names.md"), FileChange::Added);
    assert_eq!(change_of(out, "skills/triaging-ci-failures/SKILL.md"), FileChange::Unchanged);
    assert_eq!((out.added, out.removed), (1, 1));
    let changed: Vec<&str> = out.files.iter().filter(|f| f.change == FileChange::Changed).map(|f| f.path.as_str()).collect();
    assert!(
        changed.iter().all(|p| ["skills/naming-skills/SKILL.md", "registry.json"].contains(p) || p.starts_with("cards/")),
        "only the edited skill, the registry and cards listing the skill changed: {changed:?}"
    );
    assert_eq!(out.added + out.changed + out.unchanged + out.removed, out.files.len());
}

#[test]
fn a_run_reports_progress_over_every_output_up_to_the_total() {
    let tmp = tempfile::tempdir().unwrap();
    let cat = counted(&common::sample());
    let req = request(&[Target::Bundle, Target::Marketplace, Target::Prompt], Packaging::TarGz, &tmp.path().join("out"));
    let preview = outputs::preview(&cat, &req).unwrap();
    let expected: usize = preview.outputs.iter().map(|o| o.files.len()).sum();
    let mut seen = Vec::new();
    let done = outputs::run(&cat, &req, &mut |d, t| seen.push((d, t))).unwrap();
    assert_eq!(seen.first(), Some(&(0, expected)));
    assert_eq!(seen.last(), Some(&(expected, expected)));
    assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0), "progress only goes forward");
    assert_eq!(done.written.iter().map(|w| w.files).sum::<usize>(), expected);
    for (w, name) in done.written.iter().zip(["bundle.tar.gz", "marketplace.tar.gz", "prompt.tar.gz"]) {
        assert_eq!(w.path, tmp.path().join("out").join(name));
        assert!(w.sha256.is_some());
    }
}

#[test]
fn unapproved_cards_are_named_once_over_all_outputs() {
    let tmp = tempfile::tempdir().unwrap();
    let cat = counted(&common::sample());
    let mut req = request(&[Target::Bundle, Target::AiCatalog, Target::A2aSite], Packaging::Folder, &tmp.path().join("out"));
    req.options.include_unapproved = false;
    let done = outputs::run(&cat, &req, &mut |_, _| {}).unwrap();
    let mut agents: Vec<&str> = done.left_out.iter().map(|l| l.agent.as_str()).collect();
    assert!(!agents.is_empty(), "the sample's cards are not approved");
    let before = agents.len();
    agents.dedup();
    assert_eq!(agents.len(), before, "each agent is named once");
}

#[test]
fn a_destination_inside_the_catalogue_or_not_absolute_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let root = sample_copy(tmp.path());
    let cat = counted(&root);
    for dest in [root.join("exports"), root.join("naming-skills/deeper/still")] {
        let err = outputs::preview(&cat, &request(&[Target::Bundle], Packaging::Zip, &dest)).unwrap_err();
        assert!(matches!(err, ExportError::InvalidOption(ref m) if m.contains("inside the catalogue")), "{err}");
    }
    let err = outputs::run(&cat, &request(&[Target::Bundle], Packaging::Folder, Path::new("relative/out")), &mut |_, _| {}).unwrap_err();
    assert!(err.to_string().contains("not a full folder path"), "{err}");
    let err = outputs::preview(&cat, &request(&[], Packaging::Folder, &tmp.path().join("out"))).unwrap_err();
    assert!(err.to_string().contains("at least one format"), "{err}");
    assert!(!root.join("exports").exists());
}

#[test]
fn an_output_in_the_way_blocks_the_preview_and_the_run_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let cat = counted(&common::sample());
    let dest = tmp.path().join("out");
    fs::create_dir_all(dest.join("well-known")).unwrap();
    fs::write(dest.join("well-known/thesis.docx"), b"not an export").unwrap();
    let req = request(&[Target::Bundle, Target::WellKnown], Packaging::Folder, &dest);
    let preview = outputs::preview(&cat, &req).unwrap();
    assert!(preview.outputs[0].blocked.is_none());
    let blocked = preview.outputs[1].blocked.as_deref().expect("the well-known output is blocked");
    assert!(blocked.contains("thesis.docx"), "{blocked}");
    let err = outputs::run(&cat, &req, &mut |_, _| {}).unwrap_err();
    assert_eq!(err.code().as_str(), "export.output-exists");
    assert!(!dest.join("bundle").exists(), "no output is written when one is blocked");
    assert_eq!(fs::read(dest.join("well-known/thesis.docx")).unwrap(), b"not an export");
}

#[test]
fn a_catalogue_with_errors_is_refused_before_anything_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let root = sample_copy(tmp.path());
    let skill = root.join("naming-skills/SKILL.md");
    let text = fs::read_to_string(&skill).unwrap();
    fs::write(&skill, text.replacen("name: naming-skills", "name: Naming Skills", 1)).unwrap();
    let cat = counted(&root);
    let dest = tmp.path().join("out");
    let err = outputs::run(&cat, &request(&[Target::Bundle], Packaging::Folder, &dest), &mut |_, _| {}).unwrap_err();
    assert_eq!(err.code().as_str(), "export.has-errors");
    assert!(!dest.exists());
}
