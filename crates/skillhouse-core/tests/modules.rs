//! Counting is a leaf: the models and the catalogue build on `tokens`, and the budget rules
//! over them sit above both. An import circle between these modules (issue 14) fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Modules no import circle may pass through.
const LAYERED: &[&str] = &["tokens", "budget", "catalogue", "skill"];
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
fn no_import_circle_passes_through_the_counting_layers() {
    let graph = graph();
    assert!(LAYERED.iter().all(|m| graph.contains_key(*m)), "a layered module was renamed: update this test");
    for module in LAYERED {
        if let Some(path) = path_to(&graph, module, module, &mut BTreeSet::new()) {
            panic!("import circle: {module} -> {}", path.join(" -> "));
        }
    }
}
