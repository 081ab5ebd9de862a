//! The core's modules form layers: counting and the file primitives are leaves, the models and
//! the catalogue build on them, and the session sits on top. An import circle between any two
//! top-level modules (issue 14 found export -> session -> card -> app_error -> export) fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Modules no import circle may pass through; a rename must update this list.
const LAYERED: &[&str] = &["tokens", "budget", "catalogue", "skill", "files", "error_code", "views", "session"];
/// Leaves: modules that import no other module of the crate.
const LEAVES: &[&str] = &["files", "error_code"];
/// What counting may not reach: everything that knows a skill or a catalogue.
const ABOVE_TOKENS: &[&str] = &["catalogue", "skill", "index", "export", "session", "budget"];

/// Top-level module -> the top-level modules its code names as `crate::x` or `crate::{x, ..}`.
/// Comments are skipped: a doc link is not an import.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut folders = vec![src.clone()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap().map(Result::unwrap) {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let rel = path.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
            if !rel.ends_with(".rs") || rel == "lib.rs" {
                continue;
            }
            let module = rel.split('/').next().unwrap().trim_end_matches(".rs").to_string();
            let uses = graph.entry(module.clone()).or_default();
            let text = fs::read_to_string(&path).unwrap();
            for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
                for (at, _) in line.match_indices("crate::") {
                    let rest = &line[at + "crate::".len()..];
                    let names = match rest.strip_prefix('{') {
                        Some(group) => group.split('}').next().unwrap_or("").split(',').map(str::trim).collect(),
                        None => vec![rest],
                    };
                    for name in names {
                        let name: String = name.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                        if !name.is_empty() && name != module {
                            uses.insert(name);
                        }
                    }
                }
            }
        }
    }
    graph
}

/// A path of imports from `from` back to `to`, if there is one.
fn path_to(graph: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str, seen: &mut BTreeSet<String>) -> Option<Vec<String>> {
    for next in graph.get(from).into_iter().flatten() {
        if next == to {
            return Some(vec![next.clone()]);
        }
        if seen.insert(next.clone()) {
            if let Some(mut path) = path_to(graph, next, to, seen) {
                path.insert(0, next.clone());
                return Some(path);
            }
        }
    }
    None
}

#[test]
fn tokens_imports_nothing_that_knows_a_skill() {
    let graph = graph();
    let uses = &graph["tokens"];
    let above: Vec<&&str> = ABOVE_TOKENS.iter().filter(|m| uses.contains(**m)).collect();
    assert!(above.is_empty(), "tokens imports {above:?}; counting must take plain data");
}

#[test]
fn no_import_circle_joins_any_two_modules() {
    let graph = graph();
    assert!(LAYERED.iter().all(|m| graph.contains_key(*m)), "a layered module was renamed: update this test");
    assert!(graph.len() > LAYERED.len(), "the module graph lost modules: is the walk broken?");
    for module in graph.keys() {
        if let Some(path) = path_to(&graph, module, module, &mut BTreeSet::new()) {
            panic!("import circle: {module} -> {}", path.join(" -> "));
        }
    }
}

#[test]
fn the_leaves_import_no_other_module() {
    let graph = graph();
    for leaf in LEAVES {
        let uses = &graph[*leaf];
        assert!(uses.is_empty(), "{leaf} imports {uses:?}; it is a leaf every other module may use");
    }
}

#[test]
fn a_circle_is_found_when_there_is_one() {
    // The detector itself must be able to fail: a two-module circle and a three-module one.
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    graph.entry("c".into()).or_default().insert("a".into());
    graph.entry("d".into()).or_default().insert("a".into());
    assert_eq!(path_to(&graph, "a", "a", &mut BTreeSet::new()), Some(vec!["b".into(), "c".into(), "a".into()]));
    assert_eq!(path_to(&graph, "d", "d", &mut BTreeSet::new()), None);
}
