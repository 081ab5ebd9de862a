//! Every broken catalogue in `tests/fixtures/` must produce exactly the diagnostics its
//! `expected.json` lists (code, severity, file, line), and nothing may crash.

use skillhouse_core::{budget, Diagnostic, LoadOptions, Profile};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

type Key = (String, String, String, u32);

fn key(d: &Diagnostic) -> Key {
    (d.code.as_str().to_string(), d.severity.to_string(), d.file.clone(), d.line)
}

fn run(dir: &Path) -> Result<(), String> {
    let expected: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("expected.json")).map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    let profile = expected["profile"].as_str().map(|p| p.parse::<Profile>().unwrap());
    let cat = budget::load_counted(dir, &LoadOptions { profile }).map_err(|e| e.to_string())?;
    let got: BTreeSet<Key> = cat.all_diagnostics().map(key).collect();
    let want: BTreeSet<Key> = expected["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["severity"].as_str().unwrap().to_string(),
                d["file"].as_str().unwrap().to_string(),
                d["line"].as_u64().unwrap() as u32,
            )
        })
        .collect();
    // Every diagnostic must say what to do or at least where: message and position are set.
    for d in cat.all_diagnostics() {
        if d.message.is_empty() || d.line == 0 || d.column == 0 {
            return Err(format!("incomplete diagnostic {d:?}"));
        }
    }
    if got != want {
        let details: Vec<String> = cat
            .all_diagnostics()
            .map(|d| format!("  {} {} {}:{}:{} {}", d.code, d.severity, d.file, d.line, d.column, d.message))
            .collect();
        return Err(format!(
            "missing {:?}\n unexpected {:?}\n all:\n{}",
            want.difference(&got).collect::<Vec<_>>(),
            got.difference(&want).collect::<Vec<_>>(),
            details.join("\n")
        ));
    }
    Ok(())
}

#[test]
fn every_fixture_produces_exactly_its_expected_diagnostics() {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(fixtures_dir())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.join("expected.json").is_file())
        .collect();
    dirs.sort();
    assert!(dirs.len() >= 30, "expected at least 30 fixtures, found {}", dirs.len());
    let failures: Vec<String> =
        dirs.iter().filter_map(|d| run(d).err().map(|e| format!("{}: {e}", d.file_name().unwrap().to_string_lossy()))).collect();
    assert!(failures.is_empty(), "{} of {} fixtures failed:\n{}", failures.len(), dirs.len(), failures.join("\n\n"));
}
