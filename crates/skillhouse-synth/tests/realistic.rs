//! The realistic shape: reproducible bytes, and the features a large public collection has
//! (translations, deep resource folders, binaries told by their first bytes, symlinked aliases).

use skillhouse_synth::{generate, Config, Shape, Summary};
use std::fs;
use std::path::{Path, PathBuf};

struct TempDir(PathBuf);
impl TempDir {
    fn new(tag: &str) -> Self {
        let p = std::env::temp_dir().join(format!("skillhouse-synth-real-{}-{tag}", std::process::id()));
        let _ = fs::remove_dir_all(&p);
        TempDir(p)
    }
}
impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn realistic(out: &Path, skills: usize, seed: u64, threads: usize) -> Summary {
    generate(&Config { shape: Shape::Realistic, skills, out: out.to_path_buf(), seed, agents: None, threads }).expect("generates")
}

#[derive(Debug, PartialEq)]
enum Entry {
    File(Vec<u8>),
    Link(PathBuf),
}

/// Every file and symlink under `root` (symlinks not followed), sorted by relative path.
fn snapshot(root: &Path) -> Vec<(String, Entry)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, Entry)>) {
        for e in fs::read_dir(dir).unwrap() {
            let e = e.unwrap();
            let p = e.path();
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            let kind = e.file_type().unwrap();
            if kind.is_symlink() {
                out.push((rel, Entry::Link(fs::read_link(&p).unwrap())));
            } else if kind.is_dir() {
                walk(root, &p, out);
            } else {
                out.push((rel, Entry::File(fs::read(&p).unwrap())));
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn same_seed_same_tree_whatever_the_threads() {
    let (a, b, c) = (TempDir::new("a"), TempDir::new("b"), TempDir::new("c"));
    let sa = realistic(&a.0, 160, 5, 1);
    let sb = realistic(&b.0, 160, 5, 3);
    realistic(&c.0, 160, 6, 2);
    assert_eq!(sa, sb);
    let (ta, tb, tc) = (snapshot(&a.0), snapshot(&b.0), snapshot(&c.0));
    assert!(ta == tb, "the same seed must give the same tree on any number of threads");
    assert!(ta != tc, "another seed must give another tree");
    let files = ta.iter().filter(|(_, e)| matches!(e, Entry::File(_))).count();
    let links = ta.len() - files;
    assert_eq!(files, sa.files);
    assert_eq!(links, sa.symlinks);
    let bytes: u64 = ta.iter().map(|(_, e)| if let Entry::File(b) = e { b.len() as u64 } else { 0 }).sum();
    assert_eq!(bytes, sa.bytes);
}

#[test]
fn has_the_shape_of_a_public_collection() {
    let d = TempDir::new("shape");
    let n = 400;
    let sum = realistic(&d.0, n, 13, 2);
    let tree = snapshot(&d.0);
    let skill_files: Vec<&String> = tree.iter().map(|(p, _)| p).filter(|p| p.ends_with("/SKILL.md")).collect();
    assert_eq!(skill_files.len(), n, "--skills counts every SKILL.md, translations included");
    assert_eq!(sum.skills, n);

    // Translations: under i18n/<lang>/skills/, about a quarter, same folder name as the source.
    let translated: Vec<&&String> = skill_files.iter().filter(|p| p.starts_with("i18n/")).collect();
    assert_eq!(translated.len(), sum.translations);
    assert!((n / 5..=n * 3 / 10).contains(&translated.len()), "{} translations of {n}", translated.len());
    for p in &translated {
        let parts: Vec<&str> = p.split('/').collect();
        assert!(["de", "es", "fr", "ja", "zh-CN"].contains(&parts[1]), "{p}");
        assert_eq!(parts[2], "skills", "{p}");
        let source = parts[2..].join("/");
        assert!(skill_files.iter().any(|s| **s == source), "{p} translates {source}, which must exist");
    }

    // Resources: some skills have none, some many, some in folders three deep.
    let english: Vec<String> =
        skill_files.iter().filter(|p| p.starts_with("skills/")).map(|p| p.trim_end_matches("/SKILL.md").to_string()).collect();
    let per_skill: Vec<usize> = english
        .iter()
        .map(|dir| tree.iter().filter(|(p, _)| p.starts_with(&format!("{dir}/")) && !p.ends_with("/SKILL.md")).count())
        .collect();
    assert!(per_skill.contains(&0), "some skills have no resources");
    assert!(per_skill.iter().any(|&k| k >= 20), "some skills have 20 or more resources");
    assert!(per_skill.iter().all(|&k| k <= 40), "at most 40 resources per skill");
    assert!(
        tree.iter().any(|(p, _)| p.starts_with("skills/") && p.split('/').count() >= 7),
        "some resources sit in folders three levels under the skill"
    );

    // Binaries: start with the format's magic bytes, and have a NUL in the first 8 KiB (how a
    // reader tells them from text without reading them whole).
    let mut binaries = 0;
    for (p, e) in &tree {
        let Entry::File(bytes) = e else { continue };
        let magic: &[&[u8]] = &[b"\x89PNG\r\n\x1a\n", b"\xFF\xD8\xFF", b"%PDF-"];
        if magic.iter().any(|m| bytes.starts_with(m)) {
            binaries += 1;
            assert!(bytes[..bytes.len().min(8192)].contains(&0), "{p} has no NUL in its first 8 KiB");
            assert!(bytes.len() >= 100 * 1024, "{p} is a large binary");
        } else {
            assert!(std::str::from_utf8(bytes).is_ok(), "{p} is neither a known binary nor UTF-8 text");
        }
    }
    assert_eq!(binaries, sum.binaries);
    assert!(binaries > 0);

    // Aliases: relative symlinks under .claude/skills that resolve to a skill folder.
    let aliases: Vec<&(String, Entry)> = tree.iter().filter(|(_, e)| matches!(e, Entry::Link(_))).collect();
    assert_eq!(aliases.len(), sum.symlinks);
    assert!(!aliases.is_empty());
    for (p, e) in aliases {
        let Entry::Link(target) = e else { unreachable!() };
        assert!(p.starts_with(".claude/skills/"), "{p}");
        assert!(target.is_relative(), "{p} -> {}", target.display());
        let resolved = d.0.join(p).parent().unwrap().join(target);
        assert!(resolved.join("SKILL.md").is_file(), "{p} -> {} must resolve to a skill", target.display());
    }
}
