//! The fuzz targets' seed corpus, replayed as an ordinary test with the targets' own invariants
//! (`fuzz/invariants.rs`), so a change that breaks the reader on a known input fails here
//! without a sanitizer build.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

#[path = "../../../fuzz/invariants.rs"]
mod invariants;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn seeds() -> Vec<(String, Vec<u8>)> {
    let dir = repo().join("fuzz/corpus/frontmatter");
    let mut seeds: Vec<(String, Vec<u8>)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), fs::read(&p).unwrap()))
        .collect();
    seeds.sort();
    seeds
}

fn replay(name: &str, check: impl FnOnce() + std::panic::UnwindSafe) {
    if let Err(panic) = std::panic::catch_unwind(check) {
        let why = panic.downcast_ref::<String>().cloned().or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()));
        panic!("seed {name}: {}", why.unwrap_or_default());
    }
}

#[test]
fn every_seed_holds_the_frontmatter_invariants() {
    let seeds = seeds();
    assert!(seeds.len() >= 76, "the seed corpus shrank to {} files", seeds.len());
    for (name, bytes) in &seeds {
        let bytes = bytes.clone();
        replay(name, move || invariants::check_frontmatter(&bytes));
    }
}

#[test]
fn every_utf8_seed_holds_the_split_invariants() {
    let mut replayed = 0;
    for (name, bytes) in seeds() {
        // The split target takes `&str`: libFuzzer skips inputs that are not UTF-8, and so does this.
        let Ok(text) = String::from_utf8(bytes) else { continue };
        replay(&name, move || invariants::check_split(&text));
        replayed += 1;
    }
    assert!(replayed >= 70, "only {replayed} seeds are UTF-8");
}

#[test]
fn the_seeds_cover_accepted_and_refused_documents_and_every_fixture() {
    let seeds = seeds();
    let refused = seeds
        .iter()
        .filter(|(_, b)| {
            let mut d = Vec::new();
            skillhouse_core::document::parse("s", b.clone(), Default::default(), &mut d).is_none()
        })
        .count();
    assert!(refused > 0 && refused < seeds.len(), "{refused} of {} seeds refused: both paths must be replayed", seeds.len());

    // A fixture added later must join the corpus: docs/fuzzing.md promises every one is in.
    let contents: BTreeSet<&[u8]> = seeds.iter().map(|(_, b)| b.as_slice()).collect();
    let mut missing = Vec::new();
    let mut folders = vec![repo().join("tests/fixtures")];
    while let Some(folder) = folders.pop() {
        for path in fs::read_dir(&folder).unwrap().map(|e| e.unwrap().path()) {
            if path.is_dir() && !path.is_symlink() {
                folders.push(path);
            } else if path.file_name().is_some_and(|n| n == "SKILL.md") && !contents.contains(fs::read(&path).unwrap().as_slice()) {
                missing.push(path.strip_prefix(repo()).unwrap_or(&path).display().to_string());
            }
        }
    }
    missing.sort();
    assert!(missing.is_empty(), "fixtures missing from fuzz/corpus/frontmatter (copy them in as fixture-<name>_<dir>.md): {missing:?}");
}
