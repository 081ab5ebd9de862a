//! The benchmark's realistic catalogue is one Skillhouse reads as a user's would: every English
//! skill loads clean, aliases are found, deep resources listed, binaries not counted as text.

use skillhouse_core::catalogue::{self, LoadOptions};
use skillhouse_core::diagnostic::{Code, Severity};
use skillhouse_core::index::Index;
use skillhouse_synth::{generate, Config, Shape};

#[test]
fn a_realistic_catalogue_loads_and_counts_as_a_real_one_would() {
    let dir = std::env::temp_dir().join(format!("skillhouse-bench-realistic-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let sum = generate(&Config { shape: Shape::Realistic, skills: 240, out: dir.clone(), seed: 3, agents: None, threads: 2 }).unwrap();

    let cat = catalogue::load(&dir, &LoadOptions::default()).expect("loads");
    assert_eq!(cat.skills.len(), sum.skills);

    // The only errors are a translated copy and its source sharing a name (issue 17 gives
    // translations a place); nothing else in an English skill is wrong.
    for d in cat.all_diagnostics().filter(|d| d.severity == Severity::Error) {
        let translation_pair = d.file.starts_with("i18n/") || d.message.contains("`i18n/");
        assert!(d.code == Code::SkillDuplicateName && translation_pair, "unexpected error: {d:?}");
    }
    let aliased = cat.skills.iter().filter(|s| !s.aliases.is_empty()).count();
    assert_eq!(aliased, sum.symlinks, "each .claude/skills alias is recognised as an alias, not a second skill");
    let deepest = cat.skills.iter().flat_map(|s| &s.resources).map(|r| r.path.matches('/').count()).max().unwrap();
    assert!(deepest >= 3, "resources in deep folders are listed (deepest has {deepest} slashes)");

    // Counting: binaries are listed without tokens, text resources counted.
    let mut index = Index::in_memory().unwrap();
    let (counted, _) = index.load(&dir, &LoadOptions::default(), &()).expect("indexes");
    let levels: Vec<_> = counted.skills.iter().filter_map(|s| s.tokens.as_ref()).flat_map(|l| &l.resources).collect();
    let binaries = levels.iter().filter(|r| r.tokens.is_none()).count();
    assert_eq!(binaries, sum.binaries, "every binary, and only they, go uncounted");
    assert!(levels.iter().filter(|r| r.tokens.is_some()).count() > 0);
    let _ = std::fs::remove_dir_all(&dir);
}
