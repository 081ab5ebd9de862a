//! Text output: diagnostics with source snippets like a compiler's, and plain tables.

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use skillhouse_core::catalogue::Catalogue;
use skillhouse_core::index::Hit;
use skillhouse_core::skill::Skill;
use skillhouse_core::stats::Stats;
use skillhouse_core::{tokens, Diagnostic, Severity};
use std::collections::HashMap;
use std::io::IsTerminal;

fn renderer() -> Renderer {
    if std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none() {
        Renderer::styled()
    } else {
        Renderer::plain()
    }
}

/// The byte range to underline on a line: from the column to the end of the word there.
fn underline(line: &str, column: u32) -> std::ops::Range<usize> {
    let start = line.char_indices().nth(column.saturating_sub(1) as usize).map(|(i, _)| i).unwrap_or(line.len());
    let rest = &line[start..];
    let len = rest.find(|c: char| c.is_whitespace() || c == ':').filter(|n| *n > 0).unwrap_or(rest.len().max(1).min(rest.len()));
    start..(start + len).max(start)
}

pub fn diagnostic(d: &Diagnostic, sources: &mut HashMap<String, Option<String>>, root: &std::path::Path) -> String {
    let level = match d.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
    };
    let text = sources.entry(d.file.clone()).or_insert_with(|| {
        if d.file.is_empty() {
            None
        } else {
            std::fs::read(root.join(&d.file)).ok().map(|b| String::from_utf8_lossy(&b).into_owned())
        }
    });
    let line = text.as_deref().and_then(|t| t.lines().nth(d.line.saturating_sub(1) as usize)).map(|l| l.trim_end_matches('\r').to_string());
    let code = d.code.as_str();
    let title = level.clone().primary_title(d.message.as_str()).id(code);
    let path = if d.file.is_empty() { "(catalogue)".to_string() } else { d.file.clone() };
    let location = format!("{path}:{}:{}", d.line, d.column);
    let group = match &line {
        Some(source) => title.element(
            Snippet::source(source.as_str())
                .line_start(d.line as usize)
                .path(path.as_str())
                .annotation(AnnotationKind::Primary.span(underline(source, d.column))),
        ),
        None => title.element(annotate_snippets::Origin::path(location.as_str())),
    };
    let mut report = vec![group];
    if let Some(hint) = &d.hint {
        report.push(Group::with_title(Level::HELP.secondary_title(hint.as_str())));
    }
    renderer().render(&report).to_string()
}

pub fn validation(cat: &Catalogue) {
    let mut sources = HashMap::new();
    let mut all: Vec<&Diagnostic> = cat.all_diagnostics().collect();
    all.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    for d in &all {
        println!("{}\n", diagnostic(d, &mut sources, &cat.root));
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
