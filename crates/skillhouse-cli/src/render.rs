//! Text output: diagnostics with source snippets like a compiler's, and plain tables.

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use skillhouse_core::catalogue::Catalogue;
use skillhouse_core::index::Hit;
use skillhouse_core::skill::Skill;
use skillhouse_core::stats::Stats;
use skillhouse_core::{tokens, Code, Diagnostic, Severity};
use std::collections::HashMap;
use std::io::IsTerminal;

fn renderer() -> Renderer {
    if std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none() {
        Renderer::styled()
    } else {
        Renderer::plain()
    }
}

/// The byte range to underline on a line: one character where that is all the problem is (a tab,
/// an invalid byte), else from the column to the end of the word there.
fn underline(line: &str, column: u32, single: bool) -> std::ops::Range<usize> {
    let start = line.char_indices().nth(column.saturating_sub(1) as usize).map(|(i, _)| i).unwrap_or(line.len());
    let rest = &line[start..];
    let Some(first) = rest.chars().next() else { return start..start };
    if single || first.is_whitespace() {
        return start..start + first.len_utf8();
    }
    let len = rest.find(|c: char| c.is_whitespace() || c == ':' || c == ',').filter(|n| *n > 0).unwrap_or(rest.len());
    start..start + len
}

pub fn diagnostic(d: &Diagnostic, sources: &mut HashMap<String, Option<String>>, root: &std::path::Path) -> String {
    let level = match d.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
    };
    let text = sources.entry(d.file.clone()).or_insert_with(|| {
        let path = root.join(&d.file);
        (!d.file.is_empty() && path.is_file()).then(|| std::fs::read(path).ok().map(|b| String::from_utf8_lossy(&b).into_owned())).flatten()
    });
    let line = text.as_deref().and_then(|t| t.lines().nth(d.line.saturating_sub(1) as usize)).map(|l| l.trim_end_matches('\r').to_string());
    let title = level.clone().primary_title(d.message.as_str()).id(d.code.as_str());
    let help = d.hint.as_ref().map(|hint| Group::with_title(Level::HELP.secondary_title(hint.as_str())));
    let renderer = renderer();
    match &line {
        Some(source) => {
            let single = d.code == Code::FileNotUtf8;
            let group = title.element(
                Snippet::source(source.as_str())
                    .line_start(d.line as usize)
                    .path(d.file.as_str())
                    .annotation(AnnotationKind::Primary.span(underline(source, d.column, single))),
            );
            let mut report = vec![group];
            report.extend(help);
            renderer.render(&report).to_string()
        }
        None => {
            // A folder, a link or the catalogue itself: there is no line to show.
            let place = if d.file.is_empty() { "the catalogue root".to_string() } else { d.file.clone() };
            let mut out = renderer.render(&[Group::with_title(title)]).to_string();
            out.push_str(&format!("\n --> {place}"));
            if let Some(help) = help {
                out.push('\n');
                out.push_str(&renderer.render(&[help]).to_string());
            }
            out
        }
    }
}

pub fn validation(cat: &Catalogue) {
    let mut sources = HashMap::new();
    let mut all: Vec<&Diagnostic> = cat.all_diagnostics().collect();
    all.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    for d in &all {
        println!("{}\n", diagnostic(d, &mut sources, &cat.root));
    }
    for note in cat.notes() {
        println!("note: {note}");
    }
    let counts = cat.counts();
    let valid = cat.skills.iter().filter(|s| !s.has_errors()).count();
    println!(
        "{} skills ({valid} valid), {} agents: {} errors, {} warnings",
        cat.skills.len(),
        cat.agents.len(),
        counts.errors,
        counts.warnings
    );
}

pub fn hits(hits: &[Hit]) {
    if hits.is_empty() {
        println!("no skills match");
    }
    for h in hits {
        println!("{}  ({})\n    {}\n    … {}", h.name, h.dir, h.description, h.snippet.replace('\n', " "));
    }
}

pub fn show(cat: &Catalogue, skill: &Skill, level: u8) {
    let t = skill.tokens.clone().unwrap_or_default();
    let b = &cat.settings.budgets;
    match level {
        1 => {
            println!("{}", tokens::l1_text(&skill.name, &skill.description));
            println!("\nL1 {} tokens (budget {})", t.l1, b.l1);
        }
        2 => {
            let text = std::fs::read_to_string(cat.root.join(skill.file())).unwrap_or_default();
            let body = text.lines().skip(skill.body_line.saturating_sub(1) as usize).collect::<Vec<_>>().join("\n");
            if let Some(fragment) = &cat.fragment {
                println!("{fragment}\n");
            }
            println!("{body}");
            println!("\nL2 {} tokens (budget {})", t.l2, skill.token_budget.unwrap_or(b.l2));
        }
        _ => {
            for r in &t.resources {
                match r.tokens {
                    Some(n) => println!("{:>8} tokens  {:>9} bytes  {}", n, r.size, r.path),
                    None => println!("{:>8}         {:>9} bytes  {} (binary, not counted)", "-", r.size, r.path),
                }
            }
            println!("\nL3 {} tokens in {} files (budget {} per file)", t.l3, t.resources.len(), b.resource);
        }
    }
}

pub fn stats(s: &Stats) {
    let pct = |x: f64| format!("{:.0}%", x * 100.0);
    println!("skills                 {}", s.skills);
    if s.translations > 0 {
        println!("  of which translations {}", s.translations);
    }
    println!("agents                 {}", s.agents);
    println!("skill:agent ratio      {}", s.skill_agent_ratio.map(|r| format!("{r:.2}:1")).unwrap_or_else(|| "-".into()));
    println!("valid (agentskills)    {} ({})", s.valid_agentskills.count, pct(s.valid_agentskills.share));
    println!("within budget          {} ({})", s.within_budget.count, pct(s.within_budget.share));
    println!("errors / warnings      {} / {}", s.errors, s.warnings);
    println!("tokens L1 / L2 / L3    {} / {} / {}", s.tokens.l1, s.tokens.l2, s.tokens.l3);
    println!("listing                {} of {} tokens, {} skills lost", s.listing.total_l1, s.listing.budget, s.listing.skills_lost);
    if !s.heaviest.is_empty() {
        println!("heaviest (L2)");
        for h in &s.heaviest {
            println!("  {:>7}  {}", h.l2, h.name);
        }
    }
}

/// Translations grouped by source, each with its locale, its L2 tokens against the source's and
/// whether it is outdated.
pub fn translations(cat: &Catalogue, states: &[skillhouse_core::translation::TranslationState], diff: bool) {
    use skillhouse_core::translation::Freshness;
    let by_file: HashMap<String, &Skill> = cat.skills.iter().map(|s| (s.file(), s)).collect();
    let l2 = |file: &str| by_file.get(file).and_then(|s| s.tokens.as_ref()).map(|t| t.l2);
    let translated: Vec<&Skill> = cat.skills.iter().filter(|s| s.translation_of.is_some()).collect();
    if translated.is_empty() {
        println!("no translations: none of the skills has the name of another in another locale");
        return;
    }
    let mut sources: Vec<&str> = translated.iter().filter_map(|s| s.translation_of.as_deref()).collect();
    sources.sort_unstable();
    sources.dedup();
    let mut outdated = 0;
    for source in &sources {
        let name = by_file.get(*source).map_or("?", |s| s.name.as_str());
        let source_l2 = l2(source);
        println!("{name} ({source}, {}, L2 {} tokens)", cat.settings.translations.source_locale, source_l2.unwrap_or(0));
        let mut rows: Vec<&&Skill> = translated.iter().filter(|s| s.translation_of.as_deref() == Some(*source)).collect();
        rows.sort_by(|a, b| a.locale.cmp(&b.locale));
        for t in rows {
            let file = t.file();
            let tokens = match (l2(&file), source_l2) {
                (Some(n), Some(base)) if base > 0 => format!("L2 {n} tokens, {:.2}x the source", n as f64 / base as f64),
                (Some(n), _) => format!("L2 {n} tokens"),
                _ => String::new(),
            };
            let state = states.iter().find(|s| s.file == file).map(|s| &s.freshness);
            let status = match state {
                None => "not compared".to_string(),
                Some(Freshness::Current) => "current".to_string(),
                Some(Freshness::Outdated { source_commit, last_change, .. }) => {
                    outdated += 1;
                    format!("OUTDATED: translated from {}, the source changed in {}", short_hash(source_commit), short_hash(last_change))
                }
                Some(Freshness::UnknownCommit { source_commit }) => {
                    format!("source_commit {source_commit} is not a commit of this repository")
                }
                Some(Freshness::NoSourceCommit) => "no metadata.source_commit: cannot tell whether it is outdated".to_string(),
                Some(Freshness::SourceUncommitted) => "the source has no commit yet".to_string(),
            };
            println!("  {:<6} {file}  {tokens}  {status}", t.locale);
            if let (true, Some(Freshness::Outdated { diff: text, .. })) = (diff, state) {
                for line in text.lines() {
                    println!("      {line}");
                }
            }
        }
    }
    let locales: std::collections::BTreeSet<&str> = translated.iter().map(|s| s.locale.as_str()).collect();
    let n = |count: usize, one: &str, many: &str| format!("{count} {}", if count == 1 { one } else { many });
    println!(
        "{} of {} in {}; {outdated} outdated",
        n(translated.len(), "translation", "translations"),
        n(sources.len(), "skill", "skills"),
        n(locales.len(), "locale", "locales")
    );
}

fn short_hash(hash: &str) -> &str {
    hash.get(..10).unwrap_or(hash)
}

pub fn card_reviews(reviews: &[skillhouse_core::card::CardReview], root: &std::path::Path) {
    let mut sources = HashMap::new();
    for review in reviews {
        let mut all: Vec<&Diagnostic> = review.diagnostics.iter().collect();
        all.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
        for d in &all {
            let pointer = d.pointer.as_deref().map(|p| format!(" (card field {p})")).unwrap_or_default();
            println!("{}{pointer}\n", diagnostic(d, &mut sources, root));
        }
        let counts = review.counts();
        println!(
            "{}: card {} {}, {} skills, sha256 {}: {} errors, {} warnings\n",
            review.agent,
            review.card["version"].as_str().unwrap_or("(no version)"),
            review.status.as_str(),
            review.card["skills"].as_array().map_or(0, Vec::len),
            &review.sha256[..12],
            counts.errors,
            counts.warnings
        );
        if let Some(line) = signing_line(review) {
            println!("{line}\n");
        }
    }
}

/// How the approved card is signed, as the Agent Cards view says it; none before approval.
fn signing_line(review: &skillhouse_core::card::CardReview) -> Option<String> {
    let approval = review.approval.as_ref()?;
    let signing = &review.signing;
    if let Some(problem) = &signing.key_set_problem {
        return Some(format!("  signatures not checked: {problem}"));
    }
    if signing.checks.is_empty() {
        return Some(if signing.keys == 0 {
            "  not signed: the catalogue has no signing key (`skillhouse keys new` makes one)".into()
        } else {
            "  not signed: approved before the catalogue had a signing key; approve it again to sign it".into()
        });
    }
    let lines: Vec<String> = signing
        .checks
        .iter()
        .map(|c| match c.outcome {
            skillhouse_core::card::signing::Outcome::Verified => format!(
                "  signed by {} with {} key {}: verified",
                approval.approved_by,
                c.alg.as_deref().unwrap_or("?"),
                c.kid.as_deref().unwrap_or("?")
            ),
            _ => format!("  signature FAILED: {}", c.message),
        })
        .collect();
    Some(lines.join("\n"))
}
