//! `skillhouse`: the command-line face of skillhouse-core. Every check here is the one the
//! desktop app shows; this file only parses arguments, calls the core and prints.

mod progress;
mod render;

use clap::{Parser, Subcommand, ValueEnum};
use skillhouse_core::catalogue::{self, Catalogue, LoadOptions};
use skillhouse_core::index::{self, Index};
use skillhouse_core::{prompt, report, scaffold, stats, tokens, Profile};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "skillhouse", version, about = "Validate, index and inspect Agent Skills catalogues")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Format {
    Text,
    Json,
}

#[derive(clap::Args)]
struct IndexArgs {
    /// Index file (default: in the user's data directory, keyed by the catalogue's path).
    #[arg(long, value_name = "FILE")]
    index: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Check every skill and agent; exit 1 on errors (or warnings with --deny-warnings).
    Validate {
        #[arg(default_value = ".")]
        path: PathBuf,
        /// Rules to apply: agentskills, claude-code, codex or legacy (default: skillhouse.yaml's).
        #[arg(long)]
        profile: Option<Profile>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Treat warnings as failures.
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Build or refresh the catalogue's search index.
    Index {
        #[arg(default_value = ".")]
        path: PathBuf,
        #[command(flatten)]
        index: IndexArgs,
    },
    /// Full-text search over names, descriptions, tags and bodies.
    Search {
        query: String,
        #[arg(short = 'C', long = "catalogue", default_value = ".")]
        catalogue: PathBuf,
        #[arg(long, default_value_t = 20)]
        limit: usize,
        #[command(flatten)]
        index: IndexArgs,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Show one skill at a disclosure level: 1 (listing), 2 (activation), 3 (resources).
    Show {
        name: String,
        #[arg(short = 'C', long = "catalogue", default_value = ".")]
        catalogue: PathBuf,
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
        level: u8,
    },
    /// Figures: skills, agents, ratio, share valid under agentskills, share within budget.
    Stats {
        #[arg(default_value = ".")]
        path: PathBuf,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print the <available_skills> block for a system prompt.
    Prompt {
        #[arg(default_value = ".")]
        path: PathBuf,
    },
    /// Create a new skill that validates.
    New {
        name: String,
        /// Folder to create it in (default: the current folder).
        #[arg(short = 'C', long = "catalogue", default_value = ".")]
        catalogue: PathBuf,
    },
}

/// Exit codes: 0 clean, 1 problems found, 2 could not run.
const EXIT_PROBLEMS: u8 = 1;
const EXIT_CANNOT_RUN: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(EXIT_CANNOT_RUN)
        }
    }
}

fn load_counted(path: &Path, profile: Option<Profile>) -> Result<Catalogue, String> {
    let mut cat = catalogue::load(path, &LoadOptions { profile }).map_err(|e| e.to_string())?;
    tokens::account(&mut cat, &mut tokens::Cache::new());
    Ok(cat)
}

fn open_index(path: &Path, args: &IndexArgs) -> Result<Index, String> {
    let file = args.index.clone().unwrap_or_else(|| index::default_location(path));
    Index::open(&file).map_err(|e| format!("{e} (index file: {})", file.display()))
}

fn print_json<T: serde::Serialize>(value: &T) {
    println!("{}", serde_json::to_string_pretty(value).expect("reports serialise"));
}

fn run(command: Command) -> Result<u8, String> {
    match command {
        Command::Validate { path, profile, format, deny_warnings } => {
            let cat = load_counted(&path, profile)?;
            let counts = cat.counts();
            match format {
                Format::Json => print_json(&report::build(&cat, &path.to_string_lossy())),
                Format::Text => render::validation(&cat),
            }
            Ok(if counts.errors > 0 || (deny_warnings && counts.warnings > 0) { EXIT_PROBLEMS } else { 0 })
        }
        Command::Index { path, index } => {
            let mut idx = open_index(&path, &index)?;
            let bar = progress::Bar::new();
            let started = std::time::Instant::now();
            let (cat, refresh) = idx.load(&path, &LoadOptions::default(), &bar).map_err(|e| e.to_string())?;
            bar.finish();
            let counts = cat.counts();
            println!(
                "indexed {} skills and {} agents in {:.2?}: {} re-read, {} unchanged, {} removed; {} errors, {} warnings",
                cat.skills.len(),
                cat.agents.len(),
                started.elapsed(),
                refresh.reloaded,
                refresh.reused,
                refresh.removed,
                counts.errors,
                counts.warnings
            );
            Ok(0)
        }
        Command::Search { query, catalogue, limit, index, format } => {
            let mut idx = open_index(&catalogue, &index)?;
            idx.load(&catalogue, &LoadOptions::default(), &()).map_err(|e| e.to_string())?;
            let mut hits = idx.search(&query, limit).map_err(|e| e.to_string())?;
            idx.snippets(&query, &mut hits).map_err(|e| e.to_string())?;
            match format {
                Format::Json => print_json(&hits),
                Format::Text => render::hits(&hits),
            }
            Ok(if hits.is_empty() { EXIT_PROBLEMS } else { 0 })
        }
        Command::Show { name, catalogue, level } => {
            let cat = load_counted(&catalogue, None)?;
            let Some(skill) = cat.skill(&name) else {
                let names: Vec<&str> = cat.skills.iter().map(|s| s.name.as_str()).collect();
                return Err(format!("no skill named `{name}` in {}; skills: {}", catalogue.display(), names.join(", ")));
            };
            render::show(&cat, skill, level);
            Ok(0)
        }
        Command::Stats { path, format } => {
            let cat = load_counted(&path, None)?;
            let figures = stats::compute(&cat);
            match format {
                Format::Json => print_json(&figures),
                Format::Text => render::stats(&figures),
            }
            Ok(0)
        }
        Command::Prompt { path } => {
            let cat = load_counted(&path, None)?;
            println!("{}", prompt::available_skills(&cat));
            Ok(0)
        }
        Command::New { name, catalogue } => {
            let file = scaffold::create(&catalogue, &name).map_err(|e| e.to_string())?;
            println!("created {}", file.display());
            println!(
                "next: write its description (what it does and when to use it), then run `skillhouse validate {}`",
                catalogue.display()
            );
            Ok(0)
        }
    }
}
