//! The realistic shape: a catalogue laid out like a large public skill collection.
//!
//! `--skills N` is the number of skill folders with a `SKILL.md`, translations included:
//! N - N/4 English skills and N/4 translated copies. For N = 4000 that is about 250 MB on disk,
//! of which about 50 MB is SKILL.md text and most of the rest binaries.
//!
//! - `skills/<category>/<name>/SKILL.md`: categories hold a few to a few dozen skills (about one
//!   category per 25 skills, the first ones fuller). SKILL.md sizes are long-tailed (45 % under
//!   6 KB, 2 % 50-100 KB, about 12 KB on average); frontmatter is valid under the `agentskills`
//!   profile (name = folder name, a description saying what the skill does and "Use when ...",
//!   sometimes as a folded `>-` block; optional `license`, `compatibility`, `allowed-tools` as
//!   one space-separated string of Claude Code tool names, and `metadata` as string -> string).
//! - 0-40 further files per skill, long-tailed (35 % none, 6 % 20-40), under `references/`,
//!   `scripts/` and `assets/`, often in deeper folders (`references/api/v2/endpoints.md`,
//!   `assets/templates/email/welcome.html`): Markdown, Python, shell, JavaScript, JSON, YAML,
//!   CSV, HTML and CSS, plus about one binary per 18 skills counted (PNG, JPEG or PDF, 100 KB to
//!   5 MB, beginning with the format's magic bytes and holding NUL bytes in the first 8 KB).
//!   The body links or names the first of them.
//! - `i18n/<lang>/skills/<category>/<name>/SKILL.md` for langs de, es, fr, ja, zh-CN: about a
//!   fifth of the English skills get one to five translations, same `name`, description and body
//!   in that language, `metadata.locale`, `metadata.source_locale: en` and
//!   `metadata.source_commit`. Translations have only their SKILL.md (no binaries, no resources).
//! - `.claude/skills/<name> -> ../../skills/<category>/<name>`: relative symlinks for about 2 %
//!   of the English skills (at least one); not written on non-unix systems. Not counted in N.
//! - `skillhouse.yaml` (profile and a toolkit that supplies every tool used) and a `README.md`.
//!
//! Shares (sizes, resource counts) are stratified over the skills rather than drawn
//! independently, so even a small catalogue has a few large skills and the totals stay close
//! to the figures above.

use std::collections::{BTreeSet, HashSet};
use std::fmt::Write as _;
use std::io;
use std::path::Path;

use crate::lang::{lang, LANGS};
use crate::rng::Rng;
use crate::text::{capitalized, Text};
use crate::vocab::*;
use crate::{
    agent_file, body_opening, candidate_skill_name, description, plan_agents, title_of, unique, write_files, Config, File, Summary,
};

const STREAM_PLAN: u64 = 21;
const STREAM_TRAITS: u64 = 22;
const STREAM_SKILL: u64 = 23;
const STREAM_TRANSLATION: u64 = 24;

/// (share in percent, smallest, largest) of SKILL.md sizes in bytes, rarest first.
const SKILL_TIERS: &[(usize, usize, usize)] =
    &[(2, 50 * 1024, 100 * 1024), (6, 30 * 1024, 50 * 1024), (17, 14 * 1024, 30 * 1024), (30, 6 * 1024, 14 * 1024), (45, 800, 6 * 1024)];
/// (share in percent, fewest, most) files besides SKILL.md, rarest first.
const EXTRA_TIERS: &[(usize, usize, usize)] = &[(3, 20, 40), (5, 10, 19), (13, 4, 9), (29, 1, 3), (50, 0, 0)];
/// (share in percent, smallest, largest) binary sizes.
const BINARY_TIERS: &[(usize, usize, usize)] = &[
    (60, 100 * 1024, 400 * 1024),
    (25, 400 * 1024, 1200 * 1024),
    (12, 1200 * 1024, 3 * 1024 * 1024),
    (3, 3 * 1024 * 1024, 5 * 1024 * 1024),
];
/// Binaries per 1000 skills counted.
const BINARIES_PER_1000: usize = 40;

/// Tools a skill may list in `allowed-tools`, in the order they are written.
pub const ALLOWED_TOOLS: &[&str] = &[
    "Read",
    "Grep",
    "Glob",
    "Edit",
    "Write",
    "Bash",
    "Bash(git:*)",
    "Bash(python:*)",
    "Bash(npm:*)",
    "WebFetch",
    "WebSearch",
    "TodoWrite",
];

pub const SKILLHOUSE_YAML: &str = "profile: agentskills\ntoolkit: [Read, Grep, Glob, Edit, Write, Bash, WebFetch, WebSearch, TodoWrite]\n";

const VENDORS: &[&str] =
    &["aws", "gcp", "azure", "k8s", "github", "gitlab", "slack", "notion", "stripe", "figma", "jira", "postgres", "terraform", "sentry"];
const AUTHORS: &[&str] = &["platform-team", "docs-guild", "security-wg", "data-eng", "devex", "community", "sre", "ml-infra"];
const COMPATIBILITY: &[&str] =
    &["Requires git 2.40 or later", "Requires Python 3.10+", "Requires Node.js 20", "Needs network access", "Requires a POSIX shell"];

/// Per-skill choices that a translation shares with its English source.
#[derive(Clone, Debug)]
pub struct Traits {
    /// Target SKILL.md size in bytes.
    pub size: usize,
    /// Files besides SKILL.md.
    pub extra: usize,
    pub license: Option<&'static str>,
    pub compatibility: Option<&'static str>,
    pub tools: Option<String>,
    pub metadata: Vec<(&'static str, String)>,
    pub long_description: bool,
}

#[derive(Clone, Debug)]
pub struct Source {
    pub category: usize,
    pub name: String,
    pub traits: Traits,
    /// Which of the extra file slots (0..traits.extra) hold binaries, ascending.
    pub binaries: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct Plan {
    pub categories: Vec<String>,
    pub sources: Vec<Source>,
    /// (source index, language), sorted.
    pub translations: Vec<(usize, &'static str)>,
    /// Source indices with a `.claude/skills/` alias, ascending.
    pub aliases: Vec<usize>,
}

impl Plan {
    pub fn dir(&self, i: usize) -> String {
        let s = &self.sources[i];
        format!("skills/{}/{}", self.categories[s.category], s.name)
    }
}

fn shuffle<T>(r: &mut Rng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        let j = r.below(i + 1);
        v.swap(i, j);
    }
}

/// The tier of the skill with stratification rank `rank`: ranks are spread over the percent
/// table by a multiplier coprime with 100, so every run of 100 ranks holds each tier's share.
fn tier(tiers: &[(usize, usize, usize)], rank: usize, mult: usize, offset: usize) -> (usize, usize) {
    let p = ((rank % 100) * mult + offset) % 100;
    let mut acc = 0;
    for &(share, lo, hi) in tiers {
        acc += share;
        if p < acc {
            return (lo, hi);
        }
    }
    let last = tiers[tiers.len() - 1];
    (last.1, last.2)
}

fn drawn(r: &mut Rng, tiers: &[(usize, usize, usize)]) -> usize {
    let p = r.below(100);
    let mut acc = 0;
    for &(share, lo, hi) in tiers {
        acc += share;
        if p < acc {
            return r.range(lo, hi);
        }
    }
    tiers[0].1
}

fn traits(seed: u64, index: usize, rank: usize) -> Traits {
    let mut r = Rng::derive(seed, STREAM_TRAITS, index as u64);
    let (lo, hi) = tier(SKILL_TIERS, rank, 59, 7);
    let size = r.range(lo, hi);
    let (lo, hi) = tier(EXTRA_TIERS, rank, 37, 0);
    let extra = r.range(lo, hi);
    let license = r.chance(40).then(|| r.word(LICENSES));
    let compatibility = r.chance(8).then(|| r.word(COMPATIBILITY));
    let tools = r.chance(45).then(|| {
        let k = r.range(1, 6);
        let mut idx: Vec<usize> = (0..ALLOWED_TOOLS.len()).collect();
        shuffle(&mut r, &mut idx);
        idx.truncate(k);
        idx.sort_unstable();
        idx.iter().map(|&i| ALLOWED_TOOLS[i]).collect::<Vec<_>>().join(" ")
    });
    let mut metadata = Vec::new();
    if r.chance(55) {
        metadata.push(("author", r.word(AUTHORS).to_string()));
        metadata.push(("version", format!("{}.{}.{}", r.range(0, 3), r.range(0, 12), r.range(0, 20))));
        if r.chance(60) {
            let tags: Vec<&str> = (0..r.range(2, 4)).map(|_| r.word(NOUNS)).collect();
            metadata.push(("tags", tags.join(", ")));
        }
    }
    let long_description = r.chance(25);
    Traits { size, extra, license, compatibility, tools, metadata, long_description }
}

fn skill_name(r: &mut Rng) -> String {
    let base = candidate_skill_name(r);
    let name = match r.below(20) {
        0 | 1 => format!("{}-{base}", r.word(VENDORS)),
        2 => format!("{base}-v2"),
        3 => format!("{base}-{}-{}", r.word(NOUNS), r.word(ROLES)),
        _ => base,
    };
    if name.len() > 56 {
        candidate_skill_name(r)
    } else {
        name
    }
}

/// Everything decided at catalogue level: categories, names, which slots are binaries, which
/// skills are translated into which languages and which get an alias.
pub fn plan(seed: u64, count: usize) -> Plan {
    let n_trans = count / 4;
    let n_src = count - n_trans;
    let mut r = Rng::derive(seed, STREAM_PLAN, 0);

    let n_cat = (n_src / 25).max(1);
    let mut taken: HashSet<String> = HashSet::new();
    let categories: Vec<String> = (0..n_cat)
        .map(|i| {
            if i < GROUPS.len() {
                taken.insert(GROUPS[i].to_string());
                GROUPS[i].to_string()
            } else {
                unique(&mut taken, &mut r, |r| format!("{}-{}", r.word(GROUPS), r.word(NOUNS)))
            }
        })
        .collect();

    let mut ranks: Vec<usize> = (0..n_src).collect();
    shuffle(&mut r, &mut ranks);
    let mut names: HashSet<String> = HashSet::with_capacity(n_src);
    let mut sources: Vec<Source> = (0..n_src)
        .map(|i| {
            let category = r.below(n_cat).min(r.below(n_cat));
            let name = unique(&mut names, &mut r, skill_name);
            Source { category, name, traits: traits(seed, i, ranks[i]), binaries: Vec::new() }
        })
        .collect();

    // Binaries: a uniform choice of extra-file slots, so skills with more files get more.
    let slots: usize = sources.iter().map(|s| s.traits.extra).sum();
    if slots > 0 {
        let want = (count * BINARIES_PER_1000 / 1000).clamp(1, slots);
        let mut chosen = BTreeSet::new();
        while chosen.len() < want {
            chosen.insert(r.below(slots));
        }
        let mut chosen = chosen.into_iter().peekable();
        let mut base = 0;
        for s in &mut sources {
            let end = base + s.traits.extra;
            while let Some(&slot) = chosen.peek() {
                if slot >= end {
                    break;
                }
                s.binaries.push(slot - base);
                chosen.next();
            }
            base = end;
        }
    }

    let mut order: Vec<usize> = (0..n_src).collect();
    shuffle(&mut r, &mut order);
    let mut translations = Vec::with_capacity(n_trans);
    for &src in &order {
        if translations.len() >= n_trans {
            break;
        }
        let k = (*r.pick(&[1usize, 1, 1, 2, 2, 3, 5])).min(n_trans - translations.len());
        let mut langs: Vec<usize> = (0..LANGS.len()).collect();
        shuffle(&mut r, &mut langs);
        for &l in &langs[..k] {
            translations.push((src, l));
        }
    }
    translations.sort_unstable();
    let translations = translations.into_iter().map(|(s, l)| (s, LANGS[l])).collect();

    let n_alias = if n_src == 0 { 0 } else { ((n_src * 2 + 50) / 100).max(1) };
    let mut aliases: Vec<usize> = order.iter().rev().take(n_alias).copied().collect();
    aliases.sort_unstable();

    Plan { categories, sources, translations, aliases }
}

// ---------------------------------------------------------------------------------------------
// Frontmatter

/// `s` as a YAML double-quoted scalar.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `s` as a folded block scalar (`>-`) wrapped near 80 columns, for the key at `indent`.
fn folded(s: &str, indent: &str) -> String {
    let mut out = String::from(">-\n");
    let mut line = 0;
    for word in s.split(' ') {
        if line > 0 && line + word.len() > 78 {
            out.push('\n');
            line = 0;
        }
        if line == 0 {
            out.push_str(indent);
            out.push_str("  ");
        } else {
            out.push(' ');
        }
        out.push_str(word);
        line += word.len() + 1;
    }
    out
}

fn english_description(t: &mut Text, long: bool) -> String {
    let mut d = description(t, "");
    if long {
        let goal = t.rng.range(400, 1000);
        let mut extra = String::new();
        while d.len() < goal {
            extra.clear();
            extra.push(' ');
            t.sentence(&mut extra);
            if d.len() + extra.len() > 1020 {
                break;
            }
            d.push_str(&extra);
        }
    }
    d
}

fn frontmatter(name: &str, description: &str, style: usize, tr: &Traits, extra_meta: &[(&str, String)]) -> String {
    let mut fm = format!("---\nname: {name}\ndescription: ");
    match style {
        0 => fm.push_str(description),
        1 => fm.push_str(&quoted(description)),
        _ => fm.push_str(&folded(description, "")),
    }
    fm.push('\n');
    if let Some(l) = tr.license {
        let _ = writeln!(fm, "license: {l}");
    }
    if let Some(c) = tr.compatibility {
        let _ = writeln!(fm, "compatibility: {c}");
    }
    if let Some(t) = &tr.tools {
        let _ = writeln!(fm, "allowed-tools: {t}");
    }
    if !tr.metadata.is_empty() || !extra_meta.is_empty() {
        fm.push_str("metadata:\n");
        for (k, v) in tr.metadata.iter().chain(extra_meta) {
            let _ = writeln!(fm, "  {k}: {}", quoted(v));
        }
    }
    fm.push_str("---\n\n");
    fm
}

// ---------------------------------------------------------------------------------------------
// Resources

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Md,
    Txt,
    Py,
    Sh,
    Js,
    Json,
    Yaml,
    Csv,
    Html,
    Css,
    Png,
    Jpeg,
    Pdf,
}

impl Kind {
    fn ext(self) -> &'static str {
        match self {
            Kind::Md => "md",
            Kind::Txt => "txt",
            Kind::Py => "py",
            Kind::Sh => "sh",
            Kind::Js => "js",
            Kind::Json => "json",
            Kind::Yaml => "yaml",
            Kind::Csv => "csv",
            Kind::Html => "html",
            Kind::Css => "css",
            Kind::Png => "png",
            Kind::Jpeg => "jpg",
            Kind::Pdf => "pdf",
        }
    }
}

struct Extra {
    /// Relative to the skill folder.
    path: String,
    kind: Kind,
    size: usize,
}

const REF_DIRS: &[&str] =
    &["api", "guides", "examples", "concepts", "specs", "troubleshooting", "reference", "tutorials", "integrations", "recipes"];
const REF_SUBDIRS: &[&str] = &["v1", "v2", "v3", "advanced", "basics", "internal", "legacy", "python", "typescript", "go"];
const REF_LEAF_DIRS: &[&str] = &["endpoints", "models", "errors", "auth", "webhooks", "events"];
const REF_STEMS: &[&str] = &[
    "overview",
    "endpoints",
    "authentication",
    "pagination",
    "errors",
    "quickstart",
    "schema",
    "glossary",
    "patterns",
    "examples",
    "migration-guide",
    "style-guide",
    "faq",
    "checklist",
    "rate-limits",
    "webhooks",
    "configuration",
    "deployment",
    "testing",
    "security",
    "architecture",
    "changelog",
];
const SCRIPT_DIRS: &[&str] = &["lib", "utils", "helpers", "ci", "tools"];
const SCRIPT_SUBDIRS: &[&str] = &["internal", "parsers", "hooks", "fixtures", "legacy"];
const TEMPLATE_DIRS: &[&str] = &["email", "reports", "pages", "slides", "invoices"];
const HTML_STEMS: &[&str] =
    &["welcome", "reset-password", "invoice", "report", "summary", "dashboard", "newsletter", "onboarding", "receipt", "notification"];
const IMAGE_DIRS: &[&str] = &["screenshots", "diagrams", "icons", "examples", "logos"];

fn stem(r: &mut Rng, list: &[&'static str]) -> String {
    if r.chance(45) {
        r.word(list).to_string()
    } else {
        format!("{}-{}", r.word(NOUNS), r.word(NOUNS))
    }
}

/// The folders one skill's files go into, chosen once per skill so that its files share a
/// few folders (as in real skills) instead of each opening its own.
struct Folders {
    refs: Vec<String>,
    scripts: Vec<String>,
    templates: String,
    data: &'static str,
    images: String,
    pdfs: &'static str,
}

impl Folders {
    fn new(r: &mut Rng) -> Folders {
        let mut refs = vec!["references".to_string()];
        for _ in 0..usize::from(r.chance(50)) + usize::from(r.chance(20)) {
            let mut d = format!("references/{}", r.word(REF_DIRS));
            let depth = *r.pick(&[1, 1, 2, 2, 3]);
            for list in [REF_SUBDIRS, REF_LEAF_DIRS].iter().take(depth - 1) {
                d.push('/');
                d.push_str(r.word(list));
            }
            refs.push(d);
        }
        let mut scripts = vec!["scripts".to_string()];
        if r.chance(35) {
            scripts.push(format!("scripts/{}", r.word(SCRIPT_DIRS)));
        }
        if r.chance(10) {
            scripts.push(format!("scripts/{}/{}", r.word(SCRIPT_DIRS), r.word(SCRIPT_SUBDIRS)));
        }
        let templates = if r.chance(50) { format!("assets/templates/{}", r.word(TEMPLATE_DIRS)) } else { "assets/templates".to_string() };
        let data = r.word(&["assets", "assets/data", "assets/config", "assets/schemas", "assets/fixtures"]);
        let images = if r.chance(35) { format!("assets/images/{}", r.word(IMAGE_DIRS)) } else { "assets/images".to_string() };
        let pdfs = r.word(&["assets/docs", "assets/examples", "references/pdfs", "assets"]);
        Folders { refs, scripts, templates, data, images, pdfs }
    }

    fn pick<'a>(r: &mut Rng, dirs: &'a [String]) -> &'a str {
        if dirs.len() == 1 || r.chance(40) {
            &dirs[0]
        } else {
            &dirs[1 + r.below(dirs.len() - 1)]
        }
    }
}

/// (path without extension, kind, size) of one file besides SKILL.md.
fn extra_file(r: &mut Rng, f: &Folders, binary: bool) -> (String, Kind, usize) {
    if binary {
        let size = drawn(r, BINARY_TIERS);
        let kind = *r.pick(&[Kind::Png, Kind::Png, Kind::Png, Kind::Jpeg, Kind::Jpeg, Kind::Pdf, Kind::Pdf]);
        let dir = if kind == Kind::Pdf { f.pdfs } else { f.images.as_str() };
        let name = format!("{}-{}", r.word(ADJECTIVES), r.word(NOUNS));
        return (format!("{dir}/{name}"), kind, size);
    }
    let top = r.below(100);
    if top < 50 {
        let kind = match r.below(20) {
            0 => Kind::Json,
            1 => Kind::Yaml,
            2 => Kind::Txt,
            _ => Kind::Md,
        };
        let dir = Folders::pick(r, &f.refs).to_string();
        let size = match kind {
            Kind::Md => drawn(r, &[(55, 400, 2 * 1024), (33, 2 * 1024, 6 * 1024), (10, 6 * 1024, 16 * 1024), (2, 16 * 1024, 40 * 1024)]),
            _ => r.range(200, 4 * 1024),
        };
        let s = stem(r, REF_STEMS);
        (format!("{dir}/{s}"), kind, size)
    } else if top < 72 {
        let kind = match r.below(50) {
            0..=24 => Kind::Py,
            25..=40 => Kind::Sh,
            _ => Kind::Js,
        };
        let dir = Folders::pick(r, &f.scripts).to_string();
        let (v, _, _) = *r.pick(VERBS);
        let n = r.word(NOUNS);
        let name = if kind == Kind::Py { format!("{v}_{n}") } else { format!("{v}-{n}") };
        let size = drawn(r, &[(75, 300, 3 * 1024), (25, 3 * 1024, 8 * 1024)]);
        (format!("{dir}/{name}"), kind, size)
    } else {
        let (kind, path) = match r.below(20) {
            0..=5 => (Kind::Html, format!("{}/{}", f.templates, r.word(HTML_STEMS))),
            6..=10 => (Kind::Json, format!("{}/{}", f.data, stem(r, &["defaults", "schema", "mapping"]))),
            11..=13 => (Kind::Yaml, format!("{}/{}", f.data, stem(r, &["defaults", "pipeline", "rules"]))),
            14..=15 => (Kind::Css, format!("assets/styles/{}", r.word(&["main", "print", "theme", "email"]))),
            16..=17 => (Kind::Md, format!("{}/{}", f.templates, stem(r, &["report-template", "pr-template", "issue-template"]))),
            _ => (Kind::Csv, format!("{}/{}", f.data, stem(r, &["sample", "fixtures", "lookup"]))),
        };
        let size = match kind {
            Kind::Html => r.range(1024, 12 * 1024),
            Kind::Css => r.range(500, 4 * 1024),
            Kind::Json | Kind::Csv if r.chance(3) => r.range(20 * 1024, 100 * 1024),
            _ => r.range(200, 4 * 1024),
        };
        (path, kind, size)
    }
}

fn plan_extras(r: &mut Rng, count: usize, binaries: &[usize]) -> Vec<Extra> {
    if count == 0 {
        return Vec::new();
    }
    let folders = Folders::new(r);
    let mut taken = HashSet::new();
    (0..count)
        .map(|j| {
            let (base, kind, size) = extra_file(r, &folders, binaries.contains(&j));
            let mut path = format!("{base}.{}", kind.ext());
            if !taken.insert(path.clone()) {
                path = format!("{base}-{}.{}", j + 2, kind.ext());
                taken.insert(path.clone());
            }
            Extra { path, kind, size }
        })
        .collect()
}

fn ident(r: &mut Rng) -> (&'static str, &'static str, &'static str) {
    let (v, _, _) = *r.pick(VERBS);
    (v, r.word(NOUNS), r.word(NOUNS))
}

fn python(t: &mut Text, target: usize) -> String {
    let mut s = String::from("#!/usr/bin/env python3\n\"\"\"");
    t.sentence(&mut s);
    s.push_str("\"\"\"\n\nimport argparse\nimport json\nimport sys\nfrom pathlib import Path\n\n\n");
    let mut first = None;
    while s.len() + 300 < target || first.is_none() {
        let (v, n, n2) = ident(t.rng);
        let a = t.rng.word(ADJECTIVES);
        first.get_or_insert(format!("{v}_{n}"));
        match t.rng.below(3) {
            0 => {
                let _ = write!(s, "def {v}_{n}({n2}_path, {a}_only=False):\n    \"\"\"{} the {n} from {n2}_path.\"\"\"\n    data = json.loads(Path({n2}_path).read_text())\n    if {a}_only:\n        data = {{k: v for k, v in data.items() if v}}\n    return data\n\n\n", capitalized(v));
            }
            1 => {
                let k = t.rng.range(2, 9);
                let _ = write!(s, "def {v}_{n}(items, limit={k}):\n    \"\"\"Return at most {k} {n} entries, {a} first.\"\"\"\n    ranked = sorted(items, key=lambda item: item.get(\"{n2}\", 0), reverse=True)\n    return ranked[:limit]\n\n\n");
            }
            _ => {
                let _ = write!(s, "class {}{}:\n    \"\"\"Keeps the {a} {n} state.\"\"\"\n\n    def __init__(self, {n2}):\n        self.{n2} = {n2}\n        self.seen = set()\n\n    def {v}(self, key):\n        if key in self.seen:\n            return False\n        self.seen.add(key)\n        return True\n\n\n", capitalized(n), capitalized(n2));
            }
        }
    }
    let _ = write!(s, "def main(argv=None):\n    parser = argparse.ArgumentParser(description=__doc__)\n    parser.add_argument(\"path\")\n    args = parser.parse_args(argv)\n    print({}(args.path))\n    return 0\n\n\nif __name__ == \"__main__\":\n    sys.exit(main())\n", first.unwrap_or_default());
    s
}

fn shell(t: &mut Text, target: usize) -> String {
    let mut s = String::from("#!/usr/bin/env bash\n# ");
    t.sentence(&mut s);
    s.push_str("\nset -euo pipefail\n\n");
    let mut fns = Vec::new();
    while s.len() + 200 < target || fns.is_empty() {
        let (v, n, n2) = ident(t.rng);
        let _ = write!(
            s,
            "{v}_{n}() {{\n  local {n2}=\"${{1:-.}}\"\n  echo \"{v} {n} in ${{{n2}}}\" >&2\n  {}\n}}\n\n",
            t.rng.word(SHELL_COMMANDS)
        );
        fns.push(format!("{v}_{n}"));
    }
    s.push_str("main() {\n");
    for f in &fns {
        let _ = writeln!(s, "  {f} \"$@\"");
    }
    s.push_str("}\n\nmain \"$@\"\n");
    s
}

fn javascript(t: &mut Text, target: usize) -> String {
    let mut s = String::from("#!/usr/bin/env node\n// ");
    t.sentence(&mut s);
    s.push_str("\n'use strict';\n\nconst fs = require('fs');\nconst path = require('path');\n\n");
    let mut fns = Vec::new();
    while s.len() + 200 < target || fns.is_empty() {
        let (v, n, n2) = ident(t.rng);
        let a = t.rng.word(ADJECTIVES);
        let f = format!("{v}{}", capitalized(n));
        let _ = write!(s, "function {f}({n2}File, options = {{}}) {{\n  const items = JSON.parse(fs.readFileSync(path.resolve({n2}File), 'utf8'));\n  const {a}Only = Boolean(options.{a});\n  return items.filter((x) => !{a}Only || x.{a});\n}}\n\n");
        fns.push(f);
    }
    let _ = writeln!(s, "module.exports = {{ {} }};", fns.join(", "));
    s
}

fn json(t: &mut Text, name: &str, target: usize) -> String {
    let r = &mut *t.rng;
    let mut s = format!("{{\n  \"skill\": \"{name}\",\n  \"version\": \"1.{}.0\",\n  \"items\": [\n", r.range(0, 9));
    let mut first = true;
    while s.len() + 40 < target || first {
        if !first {
            s.push_str(",\n");
        }
        first = false;
        let _ = write!(
            s,
            "    {{\"id\": {}, \"{}\": \"{}\", \"{}\": {}, \"enabled\": {}}}",
            r.range(1, 99999),
            r.word(NOUNS),
            r.word(ADJECTIVES),
            r.word(NOUNS),
            r.range(0, 1000),
            r.chance(70)
        );
    }
    s.push_str("\n  ]\n}\n");
    s
}

fn yaml(t: &mut Text, target: usize) -> String {
    let mut s = String::from("# ");
    t.sentence(&mut s);
    s.push('\n');
    let r = &mut *t.rng;
    while s.len() + 60 < target || s.len() < 40 {
        let _ = write!(
            s,
            "{}:\n  {}: {}\n  retries: {}\n  steps:\n    - {}\n    - check\n",
            r.word(NOUNS),
            r.word(NOUNS),
            r.word(ADJECTIVES),
            r.range(1, 9),
            r.pick(VERBS).0
        );
    }
    s
}

fn csv(t: &mut Text, target: usize) -> String {
    let r = &mut *t.rng;
    let mut s = String::from("id,name,status,owner,updated\n");
    let mut id = 1;
    while s.len() < target {
        let _ = writeln!(
            s,
            "{id},{}-{},{},{},2024-{:02}-{:02}",
            r.word(NOUNS),
            r.word(NOUNS),
            r.word(ADJECTIVES),
            r.word(AUTHORS),
            r.range(1, 12),
            r.range(1, 28)
        );
        id += 1;
    }
    s
}

fn html(t: &mut Text, title: &str, target: usize) -> String {
    let mut s = format!("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n  <title>{title}</title>\n  <style>body {{ font-family: sans-serif; max-width: 40em; }}</style>\n</head>\n<body>\n  <h1>{title}</h1>\n");
    while s.len() + 200 < target {
        s.push_str("  <h2>");
        let h = t.title();
        s.push_str(&h);
        s.push_str("</h2>\n  <p>");
        for _ in 0..t.rng.range(2, 4) {
            t.sentence(&mut s);
            s.push(' ');
        }
        s.push_str("</p>\n  <ul>\n");
        for _ in 0..t.rng.range(2, 4) {
            s.push_str("    <li>{{");
            s.push_str(t.rng.word(NOUNS));
            s.push_str("}}</li>\n");
        }
        s.push_str("  </ul>\n");
    }
    s.push_str("</body>\n</html>\n");
    s
}

fn css(t: &mut Text, target: usize) -> String {
    let r = &mut *t.rng;
    let mut s = String::from(":root {\n  --accent: #3b5bdb;\n  --muted: #868e96;\n}\n\n");
    while s.len() < target {
        let _ = write!(
            s,
            ".{}-{} {{\n  margin: {}px;\n  padding: {}px {}px;\n  color: var(--{});\n}}\n\n",
            r.word(NOUNS),
            r.word(NOUNS),
            r.range(0, 24),
            r.range(0, 16),
            r.range(0, 16),
            r.word(&["accent", "muted"])
        );
    }
    s
}

fn markdown(t: &mut Text, title: &str, target: usize) -> String {
    let mut s = format!("# {title}\n\n");
    t.paragraph(&mut s);
    t.fill_to(&mut s, target);
    s
}

fn text_file(t: &mut Text, target: usize) -> String {
    let mut s = String::new();
    while s.len() < target {
        t.sentence(&mut s);
        s.push('\n');
    }
    s
}

// ---------------------------------------------------------------------------------------------
// Binaries

/// Appends `n` pseudo-random bytes, eight at a time.
fn fill(r: &mut Rng, out: &mut Vec<u8>, n: usize) {
    let start = out.len();
    out.resize(start + n, 0);
    let mut chunks = out[start..].chunks_exact_mut(8);
    for c in &mut chunks {
        c.copy_from_slice(&r.next_u64().to_le_bytes());
    }
    let rest = chunks.into_remainder();
    let w = r.next_u64().to_le_bytes();
    let len = rest.len();
    rest.copy_from_slice(&w[..len]);
}

fn crc32_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    for (i, e) in table.iter_mut().enumerate() {
        let mut c = i as u32;
        for _ in 0..8 {
            c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
        }
        *e = c;
    }
    table
}

fn png_chunk(out: &mut Vec<u8>, table: &[u32; 256], kind: &[u8; 4], data_len: usize, r: Option<&mut Rng>, data: &[u8]) {
    out.extend_from_slice(&(data_len as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    match r {
        Some(r) => fill(r, out, data_len),
        None => out.extend_from_slice(data),
    }
    let mut c = 0xFFFF_FFFFu32;
    for &b in &out[start..] {
        c = table[((c ^ b as u32) & 0xFF) as usize] ^ (c >> 8);
    }
    out.extend_from_slice(&(!c).to_be_bytes());
}

fn png(r: &mut Rng, size: usize) -> Vec<u8> {
    let table = crc32_table();
    let mut b = Vec::with_capacity(size + 64);
    b.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let (w, h) = (r.range(320, 2560) as u32, r.range(240, 1600) as u32);
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 6, 0, 0, 0]);
    png_chunk(&mut b, &table, b"IHDR", 13, None, &ihdr);
    while b.len() + 12 + 12 < size {
        let n = (size - b.len() - 24).min(65536);
        png_chunk(&mut b, &table, b"IDAT", n, Some(r), &[]);
    }
    png_chunk(&mut b, &table, b"IEND", 0, None, &[]);
    b
}

fn jpeg(r: &mut Rng, size: usize) -> Vec<u8> {
    let mut b = Vec::with_capacity(size + 16);
    b.extend_from_slice(b"\xFF\xD8\xFF\xE0\x00\x10JFIF\x00\x01\x01\x00\x00\x48\x00\x48\x00\x00");
    b.extend_from_slice(b"\xFF\xDB\x00\x43\x00");
    fill(r, &mut b, 64);
    let (w, h) = (r.range(320, 4032) as u16, r.range(240, 3024) as u16);
    b.extend_from_slice(b"\xFF\xC0\x00\x11\x08");
    b.extend_from_slice(&h.to_be_bytes());
    b.extend_from_slice(&w.to_be_bytes());
    b.extend_from_slice(b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01");
    b.extend_from_slice(b"\xFF\xDA\x00\x0C\x03\x01\x00\x02\x11\x03\x11\x00\x3F\x00");
    let n = size.saturating_sub(b.len() + 2);
    fill(r, &mut b, n);
    b.extend_from_slice(b"\xFF\xD9");
    b
}

fn pdf(r: &mut Rng, size: usize) -> Vec<u8> {
    let mut b = Vec::with_capacity(size + 512);
    b.extend_from_slice(b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n");
    let mut offsets = Vec::new();
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>".to_string(),
    ];
    for (i, o) in objects.iter().enumerate() {
        offsets.push(b.len());
        b.extend_from_slice(format!("{} 0 obj\n{o}\nendobj\n", i + 1).as_bytes());
    }
    let n = size.saturating_sub(b.len() + 300).max(64);
    offsets.push(b.len());
    b.extend_from_slice(format!("4 0 obj\n<< /Length {n} /Filter /FlateDecode >>\nstream\n").as_bytes());
    let at = b.len();
    fill(r, &mut b, n);
    b[at + 3] = 0; // compressed streams hold NUL bytes; make sure the first 8 KB do
    b.extend_from_slice(b"\nendstream\nendobj\n");
    let xref = b.len();
    let mut tail = format!("xref\n0 {}\n0000000000 65535 f \n", offsets.len() + 1);
    for o in &offsets {
        let _ = writeln!(tail, "{o:010} 00000 n ");
    }
    let _ = write!(tail, "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", offsets.len() + 1);
    b.extend_from_slice(tail.as_bytes());
    b
}

// ---------------------------------------------------------------------------------------------
// Skills

/// The files of English skill `index` (paths relative to the catalogue root).
pub fn skill_files(seed: u64, plan: &Plan, index: usize) -> Vec<File> {
    let src = &plan.sources[index];
    let tr = &src.traits;
    let dir = plan.dir(index);
    let mut r = Rng::derive(seed, STREAM_SKILL, index as u64);
    let mut t = Text::new(&mut r);
    t.non_ascii_permille = 40;

    let extras = plan_extras(t.rng, tr.extra, &src.binaries);
    let desc = english_description(&mut t, tr.long_description);
    let style = if tr.long_description { 2 } else { usize::from(t.rng.chance(25)) };
    let mut md = frontmatter(&src.name, &desc, style, tr, &[]);
    md.reserve(tr.size + 256);

    body_opening(&mut t, &src.name, &mut md);
    if t.rng.chance(60) && tr.size > 3000 {
        md.push_str("## Quick start\n\n");
        t.code_block(&mut md);
    }
    if !extras.is_empty() {
        md.push_str("## Resources\n\n");
        for e in extras.iter().take(15) {
            if e.kind == Kind::Md && e.path.starts_with("references/") {
                let stem = e.path.rsplit('/').next().unwrap_or_default().trim_end_matches(".md");
                let _ = write!(md, "- [{}]({}): ", title_of(stem), e.path);
            } else {
                let _ = write!(md, "- `{}`: ", e.path);
            }
            t.sentence(&mut md);
            md.push('\n');
        }
        if extras.len() > 15 {
            let _ = writeln!(md, "- ... and {} more files in this skill's folders.", extras.len() - 15);
        }
        md.push('\n');
    }
    t.fill_to(&mut md, tr.size);

    let mut files = Vec::with_capacity(1 + extras.len());
    files.push((format!("{dir}/SKILL.md"), md.into_bytes()));
    for e in &extras {
        let title = title_of(e.path.rsplit('/').next().unwrap_or_default().split('.').next().unwrap_or_default());
        let bytes = match e.kind {
            Kind::Md => markdown(&mut t, &title, e.size).into_bytes(),
            Kind::Txt => text_file(&mut t, e.size).into_bytes(),
            Kind::Py => python(&mut t, e.size).into_bytes(),
            Kind::Sh => shell(&mut t, e.size).into_bytes(),
            Kind::Js => javascript(&mut t, e.size).into_bytes(),
            Kind::Json => json(&mut t, &src.name, e.size).into_bytes(),
            Kind::Yaml => yaml(&mut t, e.size).into_bytes(),
            Kind::Csv => csv(&mut t, e.size).into_bytes(),
            Kind::Html => html(&mut t, &title, e.size).into_bytes(),
            Kind::Css => css(&mut t, e.size).into_bytes(),
            Kind::Png | Kind::Jpeg | Kind::Pdf => {
                let mut br = Rng::new(t.rng.next_u64());
                match e.kind {
                    Kind::Png => png(&mut br, e.size),
                    Kind::Jpeg => jpeg(&mut br, e.size),
                    _ => pdf(&mut br, e.size),
                }
            }
        };
        files.push((format!("{dir}/{}", e.path), bytes));
    }
    files
}

/// Whether a generated file is one of the binaries (by extension).
pub fn is_binary_path(path: &str) -> bool {
    path.ends_with(".png") || path.ends_with(".jpg") || path.ends_with(".pdf")
}

/// The SKILL.md of translation `k` (`plan.translations[k]`).
pub fn translation_file(seed: u64, plan: &Plan, k: usize) -> File {
    let (index, code) = plan.translations[k];
    let src = &plan.sources[index];
    let l = lang(code);
    let mut r = Rng::derive(seed, STREAM_TRANSLATION, k as u64);
    let desc = l.description(&mut r);
    let mut commit = String::with_capacity(40);
    for _ in 0..5 {
        let _ = write!(commit, "{:08x}", r.next_u64() as u32);
    }
    let meta = [("locale", code.to_string()), ("source_locale", "en".to_string()), ("source_commit", commit)];
    let mut md = frontmatter(&src.name, &desc, 1, &src.traits, &meta);
    let target = src.traits.size * r.range(85, 115) / 100;
    let source_path = format!("{}/SKILL.md", plan.dir(index));
    let _ = write!(md, "# {}\n\n> ", title_of(&src.name));
    md.push_str(&l.banner.replace("{}", &source_path));
    md.push_str("\n\n");
    l.paragraph(&mut r, &mut md);
    let _ = write!(md, "## {}\n\n", l.when_title);
    l.bullets(&mut r, &mut md);
    let mut scratch = String::new();
    loop {
        scratch.clear();
        let _ = write!(scratch, "## {}\n\n", r.word(l.titles));
        for _ in 0..r.range(1, 4) {
            match r.below(6) {
                0..=2 => l.paragraph(&mut r, &mut scratch),
                3 => l.bullets(&mut r, &mut scratch),
                4 => {
                    let mut t = Text::new(&mut r);
                    t.code_block(&mut scratch);
                }
                _ => {
                    scratch.push_str(l.note);
                    l.sentence(&mut r, &mut scratch);
                    scratch.push_str("\n\n");
                }
            }
        }
        if md.len() + scratch.len() > target {
            break;
        }
        md.push_str(&scratch);
    }
    (format!("i18n/{code}/{source_path}"), md.into_bytes())
}

fn readme(plan: &Plan) -> String {
    let mut counts = vec![0usize; plan.categories.len()];
    for s in &plan.sources {
        counts[s.category] += 1;
    }
    let mut s = String::from("# Skills\n\nA collection of Agent Skills, one folder per skill under `skills/<category>/`.\nTranslations live under `i18n/<lang>/`.\n\n## Categories\n\n");
    for (c, n) in plan.categories.iter().zip(&counts) {
        if *n > 0 {
            let _ = writeln!(s, "- [{}](skills/{c}/): {n} skills", capitalized(c));
        }
    }
    s
}

#[cfg(unix)]
fn write_alias(root: &Path, name: &str, target: &str) -> io::Result<bool> {
    let dir = root.join(".claude/skills");
    std::fs::create_dir_all(&dir)?;
    std::os::unix::fs::symlink(format!("../../{target}"), dir.join(name))?;
    Ok(true)
}

#[cfg(not(unix))]
fn write_alias(_root: &Path, _name: &str, _target: &str) -> io::Result<bool> {
    Ok(false)
}

fn generate_range(cfg: &Config, plan: &Plan, from: usize, to: usize) -> io::Result<Summary> {
    let n_src = plan.sources.len();
    let mut sum = Summary::default();
    for job in from..to {
        if job < n_src {
            let files = skill_files(cfg.seed, plan, job);
            sum.binaries += files.iter().filter(|(p, _)| is_binary_path(p)).count();
            sum.add(write_files(&cfg.out, &files)?);
        } else {
            let file = translation_file(cfg.seed, plan, job - n_src);
            sum.add(write_files(&cfg.out, &[file])?);
            sum.translations += 1;
        }
        sum.skills += 1;
    }
    Ok(sum)
}

/// Generates the realistic shape into `cfg.out` (already created and empty).
pub fn generate(cfg: &Config) -> io::Result<Summary> {
    let plan = plan(cfg.seed, cfg.skills);
    let jobs = plan.sources.len() + plan.translations.len();
    let threads = cfg.threads.clamp(1, 64).min(jobs.max(1));
    let mut sum = Summary::default();
    if threads <= 1 {
        sum.add(generate_range(cfg, &plan, 0, jobs)?);
    } else {
        let chunk = jobs.div_ceil(threads);
        let results: Vec<io::Result<Summary>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|k| {
                    let plan = &plan;
                    let (from, to) = ((k * chunk).min(jobs), ((k + 1) * chunk).min(jobs));
                    s.spawn(move || generate_range(cfg, plan, from, to))
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("worker panicked")).collect()
        });
        for r in results {
            sum.add(r?);
        }
    }

    for &i in &plan.aliases {
        if write_alias(&cfg.out, &plan.sources[i].name, &plan.dir(i))? {
            sum.symlinks += 1;
        }
    }

    let names: Vec<&str> = plan.sources.iter().map(|s| s.name.as_str()).collect();
    let agents = if names.is_empty() { 0 } else { cfg.agents.unwrap_or(0) };
    let agent_files: Vec<File> =
        plan_agents(cfg.seed, agents, &names).iter().enumerate().map(|(j, (name, skills))| agent_file(cfg.seed, j, name, skills)).collect();
    sum.add(write_files(&cfg.out, &agent_files)?);
    sum.agents = agents;

    let root =
        [("skillhouse.yaml".to_string(), SKILLHOUSE_YAML.as_bytes().to_vec()), ("README.md".to_string(), readme(&plan).into_bytes())];
    sum.add(write_files(&cfg.out, &root)?);
    Ok(sum)
}
