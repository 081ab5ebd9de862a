//! Generates synthetic Agent Skills catalogues for benchmarks.
//!
//! Everything is derived from one seed with SplitMix64, so the same arguments always give
//! byte-identical output. Each skill draws from its own stream (seed, index), so a skill's
//! content does not depend on the skills generated before it.

pub mod lang;
pub mod realistic;
pub mod rng;
pub mod text;
pub mod vocab;

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use rng::Rng;
use text::{capitalized, Text};
use vocab::*;

/// Smallest and largest SKILL.md size, in bytes.
pub const SKILL_MIN_BYTES: usize = 5 * 1024;
pub const SKILL_MAX_BYTES: usize = 15 * 1024;
/// Size range of a file under `references/`.
pub const REF_MIN_BYTES: usize = 2 * 1024;
pub const REF_MAX_BYTES: usize = 8 * 1024;

const STREAM_NAMES: u64 = 1;
const STREAM_SKILL: u64 = 2;
const STREAM_AGENT_PLAN: u64 = 3;
const STREAM_AGENT: u64 = 4;

/// The layout and mix of files a catalogue has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shape {
    /// `<group>/<name>/SKILL.md`, 5-15 KB each, a few small resources, agents. The default.
    #[default]
    Simple,
    /// Like a large public collection: `skills/<category>/<name>/`, long-tailed SKILL.md sizes
    /// and resource counts, deep folders, large binaries, translations under `i18n/` and
    /// symlinked aliases under `.claude/skills/`. See [`realistic`].
    Realistic,
}

impl std::str::FromStr for Shape {
    type Err = String;
    fn from_str(s: &str) -> Result<Shape, String> {
        match s {
            "simple" => Ok(Shape::Simple),
            "realistic" => Ok(Shape::Realistic),
            _ => Err(format!("unknown shape `{s}`: use simple or realistic")),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Config {
    /// Layout of the catalogue; [`Shape::Simple`] unless asked otherwise.
    pub shape: Shape,
    pub skills: usize,
    pub out: PathBuf,
    pub seed: u64,
    /// Simple shape: defaults to `skills / 20`, at least 1. Realistic shape: defaults to 0.
    pub agents: Option<usize>,
    /// Worker threads (output does not depend on it). Defaults to 1.
    pub threads: usize,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub skills: usize,
    pub agents: usize,
    pub files: usize,
    pub bytes: u64,
    /// Of `skills`, how many are translated copies (realistic shape).
    pub translations: usize,
    /// Of `files`, how many are binary (realistic shape; the simple shape's icons not counted).
    pub binaries: usize,
    /// Symlinked skill aliases, not counted in `files` (realistic shape).
    pub symlinks: usize,
}

impl Summary {
    pub(crate) fn add(&mut self, other: Summary) {
        self.skills += other.skills;
        self.agents += other.agents;
        self.files += other.files;
        self.bytes += other.bytes;
        self.translations += other.translations;
        self.binaries += other.binaries;
        self.symlinks += other.symlinks;
    }
}

/// A generated file: path relative to the catalogue root, and its content.
pub type File = (String, Vec<u8>);

/// Names of the group folders for a catalogue of `skills` skills (about one per 100 skills).
pub fn group_names(skills: usize) -> Vec<String> {
    let n = skills.div_ceil(100).max(1);
    (0..n)
        .map(|i| {
            let base = GROUPS[i % GROUPS.len()];
            if i < GROUPS.len() {
                base.to_string()
            } else {
                format!("{base}-{}", i / GROUPS.len() + 1)
            }
        })
        .collect()
}

pub(crate) fn candidate_skill_name(r: &mut Rng) -> String {
    let v = r.pick(VERBS).0;
    let n = *r.pick(NOUNS);
    let n2 = *r.pick(NOUNS);
    let a = *r.pick(ADJECTIVES);
    match r.below(6) {
        0 | 1 => format!("{v}-{n}"),
        2 | 3 => format!("{v}-{a}-{n}"),
        4 => format!("{v}-{n}-{n2}"),
        _ => format!("{n}-{n2}-{}", r.pick(ROLES)),
    }
}

pub(crate) fn unique(taken: &mut HashSet<String>, r: &mut Rng, mut make: impl FnMut(&mut Rng) -> String) -> String {
    for _ in 0..8 {
        let c = make(r);
        if taken.insert(c.clone()) {
            return c;
        }
    }
    let base = make(r);
    let mut k = 2;
    loop {
        let c = format!("{base}-{k}");
        if taken.insert(c.clone()) {
            return c;
        }
        k += 1;
    }
}

/// (group index, name) for every skill, in index order.
pub fn plan_skills(seed: u64, skills: usize) -> Vec<(usize, String)> {
    let groups = group_names(skills).len();
    let mut r = Rng::derive(seed, STREAM_NAMES, 0);
    let mut taken = HashSet::with_capacity(skills);
    (0..skills)
        .map(|_| {
            let g = r.below(groups);
            let name = unique(&mut taken, &mut r, candidate_skill_name);
            (g, name)
        })
        .collect()
}

pub(crate) fn description(t: &mut Text, what_prefix: &str) -> String {
    const WHAT: &[&str] = &[
        "%s %a %n %p the %n",
        "%s the %n and %n of a %a %n",
        "%s %a %n %p %a %n, including the %n and %n",
        "%s and %s %n %p the %a %n",
        "%s the %a %n %d so the %n stays %a",
    ];
    const WHEN: &[&str] = &[
        "Use when %g %a %n or when the user asks to %v a %n.",
        "Use when the %n is %a, when %g the %n, or before %g a %a %n.",
        "Use when %g a %n %p the %n.",
        "Use when the user mentions %n, %n or %a %n.",
        "Use when a %a %n needs %g %p the %n.",
    ];
    loop {
        let mut s = String::from(what_prefix);
        let w = *t.rng.pick(WHAT);
        let mut what = String::new();
        t.expand(w, &mut what);
        // `expand` capitalizes; the prefix (if any) starts the sentence instead
        what[..1].make_ascii_lowercase();
        s.push_str(&what);
        if t.rng.chance(40) {
            s.push_str(", and ");
            let extra = *t.rng.pick(&["%s the %n", "%s %a %n %p the %n", "flags %a %n"]);
            let mut e = String::new();
            t.expand(extra, &mut e);
            s.push_str(&e.to_lowercase());
        }
        s.push_str(". ");
        let w = *t.rng.pick(WHEN);
        t.expand(w, &mut s);
        let len = s.chars().count();
        if (80..=300).contains(&len) {
            text::cap_first(&mut s);
            return s;
        }
    }
}

fn frontmatter(t: &mut Text, name: &str) -> String {
    let mut fm = String::with_capacity(800);
    fm.push_str("---\nname: ");
    fm.push_str(name);
    fm.push('\n');
    let desc = description(t, "");
    if t.rng.chance(20) {
        fm.push_str(&format!("description: \"{desc}\"\n"));
    } else {
        fm.push_str(&format!("description: {desc}\n"));
    }
    if t.rng.chance(35) {
        fm.push_str(&format!("license: {}\n", t.rng.pick(LICENSES)));
    }
    if t.rng.chance(8) {
        let tools = *t.rng.pick(&["git 2.40 or later", "Python 3.10+", "Node.js 20", "network access", "a POSIX shell"]);
        fm.push_str(&format!("compatibility: Requires {tools}\n"));
    }
    if t.rng.chance(30) {
        let mut tools: Vec<&str> = TOOLS.iter().copied().filter(|_| t.rng.chance(50)).collect();
        if tools.is_empty() {
            tools.push(TOOLS[0]);
        }
        fm.push_str(&format!("allowed-tools: {}\n", tools.join(" ")));
    }
    if t.rng.chance(40) {
        fm.push_str("metadata:\n");
        fm.push_str(&format!("  version: \"{}.{}.{}\"\n", t.rng.range(0, 3), t.rng.range(0, 12), t.rng.range(0, 20)));
        if t.rng.chance(60) {
            let k = t.rng.range(2, 4);
            let tags: Vec<&str> = (0..k).map(|_| *t.rng.pick(NOUNS)).collect();
            fm.push_str(&format!("  tags: \"{}\"\n", tags.join(", ")));
        }
        if t.rng.chance(30) {
            fm.push_str(&format!("  author: \"{} team\"\n", t.rng.pick(GROUPS)));
        }
        if t.rng.chance(30) {
            fm.push_str(&format!("  category: \"{}\"\n", t.rng.pick(GROUPS)));
        }
    }
    fm.push_str("---\n");
    fm
}

/// The start of every skill body, in both shapes: a title, a paragraph and "When to use".
pub(crate) fn body_opening(t: &mut Text, name: &str, md: &mut String) {
    md.push_str("# ");
    md.push_str(&title_of(name));
    md.push_str("\n\n");
    t.paragraph(md);
    md.push_str("## When to use this skill\n\n");
    for _ in 0..t.rng.range(2, 5) {
        md.push_str("- ");
        let tpl = *t.rng.pick(&["Use when %g %a %n", "The user asks to %v the %n", "A %n %s the %a %n", "Before %g a %n %p the %n"]);
        t.expand(tpl, md);
        md.push('\n');
    }
    md.push('\n');
}

pub(crate) fn title_of(name: &str) -> String {
    name.split('-').map(capitalized).collect::<Vec<_>>().join(" ")
}

fn asset_json(t: &mut Text, name: &str) -> Vec<u8> {
    let r = &mut *t.rng;
    let mut s = format!("{{\n  \"skill\": \"{name}\",\n  \"version\": \"1.{}.0\",\n", r.range(0, 9));
    for _ in 0..r.range(2, 6) {
        let k = *r.pick(NOUNS);
        match r.below(3) {
            0 => s.push_str(&format!("  \"{k}\": \"{}\",\n", r.pick(ADJECTIVES))),
            1 => s.push_str(&format!("  \"{k}\": {},\n", r.range(0, 1000))),
            _ => s.push_str(&format!("  \"{k}\": [\"{}\", \"{}\"],\n", r.pick(NOUNS), r.pick(NOUNS))),
        }
    }
    s.push_str(&format!("  \"enabled\": {}\n}}\n", r.chance(80)));
    s.into_bytes()
}

/// The files of skill `index`, with paths relative to the catalogue root.
pub fn skill_files(seed: u64, index: usize, dir: &str, name: &str) -> Vec<File> {
    let mut r = Rng::derive(seed, STREAM_SKILL, index as u64);
    let mut t = Text::new(&mut r);
    let mut files = Vec::with_capacity(4);

    let target = t.rng.range(SKILL_MIN_BYTES + 48, SKILL_MAX_BYTES);
    let mut md = frontmatter(&mut t, name);
    md.reserve(target + 64);

    // Optional resources, decided up front so the body can link them.
    let mut refs: Vec<&str> = Vec::new();
    if t.rng.chance(30) {
        let first = *t.rng.pick(REFERENCE_FILES);
        refs.push(first);
        if t.rng.chance(50) {
            let second = *t.rng.pick(REFERENCE_FILES);
            if second != first {
                refs.push(second);
            }
        }
    }
    let mut assets: Vec<&str> = Vec::new();
    if t.rng.chance(10) {
        assets.push(t.rng.word(ASSET_JSON_FILES));
        if t.rng.chance(30) {
            assets.push("icon.png");
        }
    }

    body_opening(&mut t, name, &mut md);
    if !refs.is_empty() || !assets.is_empty() {
        md.push_str("## Resources\n\n");
        for f in &refs {
            md.push_str(&format!("- [{}](references/{f}): ", title_of(f.trim_end_matches(".md"))));
            t.sentence(&mut md);
            md.push('\n');
        }
        for f in &assets {
            md.push_str(&format!("- `assets/{f}`: "));
            t.sentence(&mut md);
            md.push('\n');
        }
        md.push('\n');
    }
    t.fill_to(&mut md, target);
    files.push((format!("{dir}/SKILL.md"), md.into_bytes()));

    for f in &refs {
        let target = t.rng.range(REF_MIN_BYTES + 48, REF_MAX_BYTES);
        let mut s = format!("# {}\n\n", title_of(f.trim_end_matches(".md")));
        t.paragraph(&mut s);
        t.fill_to(&mut s, target);
        files.push((format!("{dir}/references/{f}"), s.into_bytes()));
    }
    for f in &assets {
        let bytes = if *f == "icon.png" {
            let mut b = b"\x89PNG\r\n\x1a\n".to_vec();
            let n = t.rng.range(200, 600);
            t.rng.fill_bytes(&mut b, n);
            b
        } else {
            asset_json(&mut t, name)
        };
        files.push((format!("{dir}/assets/{f}"), bytes));
    }
    files
}

/// (name, skills) for every agent.
pub fn plan_agents(seed: u64, agents: usize, skill_names: &[&str]) -> Vec<(String, Vec<String>)> {
    let mut r = Rng::derive(seed, STREAM_AGENT_PLAN, 0);
    let mut taken = HashSet::new();
    (0..agents)
        .map(|_| {
            let name = unique(&mut taken, &mut r, |r| {
                let n = *r.pick(NOUNS);
                let role = *r.pick(ROLES);
                format!("{n}-{role}")
            });
            let want = r.range(3, 5).min(skill_names.len());
            let mut skills: Vec<String> = Vec::with_capacity(want);
            while skills.len() < want {
                let s = skill_names[r.below(skill_names.len())];
                if !skills.iter().any(|x| x == s) {
                    skills.push(s.to_string());
                }
            }
            (name, skills)
        })
        .collect()
}

pub fn agent_file(seed: u64, index: usize, name: &str, skills: &[String]) -> File {
    let mut r = Rng::derive(seed, STREAM_AGENT, index as u64);
    let mut t = Text::new(&mut r);
    let role = name.rsplit('-').next().unwrap_or("assistant");
    let desc = description(&mut t, &format!("{} that ", capitalized(role)));
    let mut s = format!("---\nname: {name}\ndescription: {desc}\ntools: Read, Grep\nskills:\n");
    for sk in skills {
        s.push_str(&format!("  - {sk}\n"));
    }
    s.push_str("---\n\n");
    let who = title_of(name).to_lowercase();
    let article = if who.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    s.push_str(&format!("You are {article} {who}.\n\n"));
    t.paragraph(&mut s);
    s.push_str("## Responsibilities\n\n");
    for _ in 0..t.rng.range(3, 6) {
        s.push_str("- ");
        let tpl = *t.rng.pick(&["%v the %a %n", "%v every %n %p the %n", "keep the %n %a"]);
        t.expand(tpl, &mut s);
        s.push('\n');
    }
    s.push_str("\n## Process\n\n");
    for i in 0..t.rng.range(3, 6) {
        s.push_str(&format!("{}. ", i + 1));
        t.sentence(&mut s);
        s.push('\n');
    }
    s.push('\n');
    t.paragraph(&mut s);
    (format!("agents/{name}.md"), s.into_bytes())
}

pub const SKILLHOUSE_YAML: &str = "profile: agentskills\ntoolkit: [Read, Write, Edit, Glob, Grep, \"Bash(git:*)\"]\n";

pub(crate) fn write_files(root: &Path, files: &[File]) -> io::Result<Summary> {
    let mut sum = Summary::default();
    let mut last_dir: Option<&Path> = None;
    for (rel, bytes) in files {
        let path = root.join(rel);
        let parent = Path::new(rel).parent();
        if parent != last_dir {
            if let Some(p) = path.parent() {
                fs::create_dir_all(p)?;
            }
            last_dir = parent;
        }
        fs::write(&path, bytes)?;
        sum.files += 1;
        sum.bytes += bytes.len() as u64;
    }
    Ok(sum)
}

fn generate_skill_range(cfg: &Config, groups: &[String], plan: &[(usize, String)], from: usize, to: usize) -> io::Result<Summary> {
    let mut sum = Summary::default();
    for (i, (g, name)) in plan.iter().enumerate().take(to).skip(from) {
        let dir = format!("{}/{name}", groups[*g]);
        let files = skill_files(cfg.seed, i, &dir, name);
        sum.add(write_files(&cfg.out, &files)?);
        sum.skills += 1;
    }
    Ok(sum)
}

/// Generates the catalogue described by `cfg` into `cfg.out`, which must be missing or empty.
pub fn generate(cfg: &Config) -> io::Result<Summary> {
    if cfg.out.exists() && fs::read_dir(&cfg.out)?.next().is_some() {
        return Err(io::Error::new(io::ErrorKind::AlreadyExists, format!("{} exists and is not empty", cfg.out.display())));
    }
    fs::create_dir_all(&cfg.out)?;
    if cfg.shape == Shape::Realistic {
        return realistic::generate(cfg);
    }
    let groups = group_names(cfg.skills);
    let plan = plan_skills(cfg.seed, cfg.skills);

    let threads = cfg.threads.clamp(1, 64).min(cfg.skills.max(1));
    let mut sum = Summary::default();
    if threads <= 1 {
        sum.add(generate_skill_range(cfg, &groups, &plan, 0, cfg.skills)?);
    } else {
        let chunk = cfg.skills.div_ceil(threads);
        let results: Vec<io::Result<Summary>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|k| {
                    let (groups, plan) = (&groups, &plan);
                    let from = (k * chunk).min(cfg.skills);
                    let to = ((k + 1) * chunk).min(cfg.skills);
                    s.spawn(move || generate_skill_range(cfg, groups, plan, from, to))
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("worker panicked")).collect()
        });
        for r in results {
            sum.add(r?);
        }
    }

    let names: Vec<&str> = plan.iter().map(|(_, n)| n.as_str()).collect();
    let agents = if names.is_empty() { 0 } else { cfg.agents.unwrap_or(cfg.skills / 20).max(1) };
    let agent_files: Vec<File> =
        plan_agents(cfg.seed, agents, &names).iter().enumerate().map(|(j, (name, skills))| agent_file(cfg.seed, j, name, skills)).collect();
    sum.add(write_files(&cfg.out, &agent_files)?);
    sum.agents = agents;

    sum.add(write_files(&cfg.out, &[("skillhouse.yaml".to_string(), SKILLHOUSE_YAML.as_bytes().to_vec())])?);
    Ok(sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct TempDir(PathBuf);
    impl TempDir {
        fn new(tag: &str) -> Self {
            let p = std::env::temp_dir().join(format!("skillhouse-synth-{}-{tag}", std::process::id()));
            let _ = fs::remove_dir_all(&p);
            TempDir(p)
        }
    }
    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn cfg(out: &Path, skills: usize, seed: u64, threads: usize) -> Config {
        Config { shape: Shape::Simple, skills, out: out.to_path_buf(), seed, agents: None, threads }
    }

    /// Every file under `root`, sorted, as (relative path, bytes).
    fn snapshot(root: &Path) -> Vec<(String, Vec<u8>)> {
        fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, Vec<u8>)>) {
            for e in fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    walk(root, &p, out);
                } else {
                    let rel = p.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                    out.push((rel, fs::read(&p).unwrap()));
                }
            }
        }
        let mut out = Vec::new();
        walk(root, root, &mut out);
        out.sort();
        out
    }

    #[test]
    fn same_seed_same_bytes() {
        let a = TempDir::new("det-a");
        let b = TempDir::new("det-b");
        let c = TempDir::new("det-c");
        let sa = generate(&cfg(&a.0, 60, 7, 1)).unwrap();
        let sb = generate(&cfg(&b.0, 60, 7, 3)).unwrap();
        generate(&cfg(&c.0, 60, 8, 1)).unwrap();
        assert_eq!(sa, sb);
        let (fa, fb, fc) = (snapshot(&a.0), snapshot(&b.0), snapshot(&c.0));
        assert_eq!(fa.len(), sa.files);
        assert_eq!(fa.iter().map(|(_, b)| b.len() as u64).sum::<u64>(), sa.bytes);
        assert!(fa == fb, "same seed must give identical trees");
        assert!(fa != fc, "a different seed must give a different tree");
    }

    #[test]
    fn refuses_non_empty_output() {
        let d = TempDir::new("nonempty");
        fs::create_dir_all(&d.0).unwrap();
        fs::write(d.0.join("x"), "x").unwrap();
        assert!(generate(&cfg(&d.0, 3, 1, 1)).is_err());
    }

    #[test]
    fn skills_are_well_formed() {
        let d = TempDir::new("form");
        let n = 150;
        let sum = generate(&cfg(&d.0, n, 11, 2)).unwrap();
        assert_eq!(sum.skills, n);
        assert_eq!(sum.agents, n / 20);
        let files = snapshot(&d.0);
        let mut names = HashSet::new();
        let mut skills = 0;
        let mut with_refs = 0;
        let mut non_ascii = 0usize;
        let mut chars = 0usize;
        for (rel, bytes) in &files {
            if !rel.ends_with("/SKILL.md") {
                continue;
            }
            skills += 1;
            let text = std::str::from_utf8(bytes).expect("SKILL.md is UTF-8");
            assert!(text.starts_with("---\n"), "{rel} must start with ---");
            assert!((SKILL_MIN_BYTES..=SKILL_MAX_BYTES).contains(&bytes.len()), "{rel}: {} bytes", bytes.len());
            let parts: Vec<&str> = rel.split('/').collect();
            assert_eq!(parts.len(), 3, "{rel} must be group/name/SKILL.md");
            let dir = parts[1];
            let fm_end = text[4..].find("\n---\n").expect("closed frontmatter") + 4;
            let fm = &text[4..fm_end];
            let name = fm.lines().find_map(|l| l.strip_prefix("name: ")).expect("name field");
            assert_eq!(name, dir);
            assert!(name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'));
            assert!(!name.contains("--") && !name.starts_with('-') && !name.ends_with('-') && name.len() <= 64);
            assert!(names.insert(name.to_string()), "duplicate name {name}");
            let desc = fm.lines().find_map(|l| l.strip_prefix("description: ")).expect("description");
            let desc = desc.trim_matches('"');
            assert!((80..=300).contains(&desc.chars().count()), "{desc}");
            assert!(desc.contains("Use when"));
            for l in fm.lines() {
                let key = l.split(':').next().unwrap();
                if !l.starts_with(' ') {
                    assert!(
                        ["name", "description", "license", "compatibility", "metadata", "allowed-tools"].contains(&key),
                        "unexpected key {key}"
                    );
                }
            }
            // every linked reference exists
            for part in text.split("](references/").skip(1) {
                let f = &part[..part.find(')').unwrap()];
                let p = format!("{}/{}/references/{f}", parts[0], parts[1]);
                assert!(files.iter().any(|(r, _)| *r == p), "missing {p}");
                with_refs += 1;
            }
            non_ascii += text.chars().filter(|c| !c.is_ascii()).count();
            chars += text.chars().count();
            assert_eq!(text.matches("```").count() % 2, 0, "unbalanced code fences in {rel}");
        }
        assert_eq!(skills, n);
        assert!(with_refs > 0);
        assert!(non_ascii > 0 && non_ascii * 10 < chars);
        for (rel, bytes) in &files {
            if rel.contains("/references/") {
                assert!((REF_MIN_BYTES..=REF_MAX_BYTES).contains(&bytes.len()), "{rel}");
            }
            if rel.starts_with("agents/") {
                let text = std::str::from_utf8(bytes).unwrap();
                let listed: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("  - ")).collect();
                assert!((3..=5).contains(&listed.len()));
                assert!(listed.iter().all(|s| names.contains(*s)));
            }
        }
        assert!(files.iter().any(|(r, _)| r == "skillhouse.yaml"));
    }
}
