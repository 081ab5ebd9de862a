//! `skillhouse`: the command-line face of skillhouse-core. Every check here is the one the
//! desktop app shows; this file only parses arguments, calls the core and prints.

mod agents;
mod exports;
mod progress;
mod render;
mod signing;

use clap::{Parser, Subcommand, ValueEnum};
use skillhouse_core::card::{self, Dialect};
use skillhouse_core::catalogue::{Catalogue, LoadOptions};
use skillhouse_core::index::Index;
use skillhouse_core::translation::Freshness;
use skillhouse_core::{budget, prompt, report, scaffold, stats, Profile};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "skillhouse", version = skillhouse_host::build_info::VERSION_LINE, about = "Validate, index and inspect Agent Skills catalogues")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum DialectArg {
    #[value(name = "1.0")]
    V1,
    #[value(name = "0.3")]
    V03,
    Both,
    Legacy,
}

impl From<DialectArg> for Dialect {
    fn from(d: DialectArg) -> Dialect {
        match d {
            DialectArg::V1 => Dialect::V1,
            DialectArg::V03 => Dialect::V03,
            DialectArg::Both => Dialect::Both,
            DialectArg::Legacy => Dialect::Legacy,
        }
    }
}

#[derive(clap::Args)]
struct IndexArgs {
    /// Index file (default: in the user's data directory, keyed by the catalogue's path).
    #[arg(long, value_name = "FILE")]
    index: Option<PathBuf>,
}

#[derive(Subcommand)]
enum CardAction {
    /// Check a card's signatures: which key verified each, or why it failed. Against the
    /// catalogue's cards/jwks.json unless --jwks; exit 1 unless every signature verifies.
    Verify {
        file: PathBuf,
        /// The key set to verify against (a `jku` in a signature is shown, never fetched).
        #[arg(long, value_name = "FILE")]
        jwks: Option<PathBuf>,
        #[arg(short = 'C', long = "catalogue", default_value = ".")]
        catalogue: PathBuf,
    },
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
    /// List the translations with their locale and source, and which are outdated: their
    /// `metadata.source_commit` is older than the last commit that changed the source (git).
    /// Exit 1 when one is outdated.
    Translations {
        #[arg(default_value = ".")]
        path: PathBuf,
        /// Show how each outdated translation's source changed since it was translated.
        #[arg(long)]
        diff: bool,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print the <available_skills> block for a system prompt.
    Prompt {
        #[arg(default_value = ".")]
        path: PathBuf,
    },
    /// Print an agent's A2A card, or check the cards (exit 1 on errors, as `validate`);
    /// `skillhouse card verify FILE` checks a card's signatures.
    #[command(args_conflicts_with_subcommands = true)]
    Card {
        #[command(subcommand)]
        action: Option<CardAction>,
        /// The agent (with --check, leave it out to check every agent).
        agent: Option<String>,
        #[arg(short = 'C', long = "catalogue", default_value = ".")]
        catalogue: PathBuf,
        #[arg(long, value_enum, default_value_t = DialectArg::V1)]
        dialect: DialectArg,
        /// Print the review findings instead of the card.
        #[arg(long)]
        check: bool,
        /// Record approval of the current card in cards/ (refused while it has errors).
        #[arg(long)]
        approve: bool,
        /// Who approves (default: git's user.name and user.email).
        #[arg(long, requires = "approve")]
        by: Option<String>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[arg(long)]
        deny_warnings: bool,
        /// Build the card from the skills' translations into this locale (default: the source
        /// locale). Approval is of the source locale's card.
        #[arg(long, value_name = "LOCALE", conflicts_with = "approve")]
        locale: Option<String>,
        /// Print the approved card as published: with the approval's signatures (refused when
        /// the card changed since it was approved).
        #[arg(long, conflicts_with_all = ["approve", "check", "locale"])]
        signed: bool,
    },
    /// The keys that sign card approvals (docs/agent-cards.md, "Signed cards").
    Keys {
        #[command(subcommand)]
        action: signing::KeysAction,
    },
    /// Serve the catalogue's skills to any agent over MCP: the Skills extension and five tools.
    /// Only skills without errors are served; edits are served as they are saved. Over stdio (what
    /// MCP clients launch) unless --http; see docs/mcp.md.
    Mcp {
        #[arg(default_value = ".")]
        path: PathBuf,
        #[command(flatten)]
        index: IndexArgs,
        /// Serve Streamable HTTP at http://ADDRESS:PORT/mcp instead (no PORT: any free one).
        #[arg(long, value_name = "PORT", num_args = 0..=1, default_missing_value = "0")]
        http: Option<u16>,
        /// The address to listen on with --http; another than loopback needs --token-file.
        #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1", requires = "http")]
        bind: std::net::IpAddr,
        /// A file holding the bearer token HTTP clients must send (Authorization: Bearer …).
        #[arg(long, value_name = "FILE", requires = "http")]
        token_file: Option<PathBuf>,
    },
    /// Serve every agent's card on 127.0.0.1 for testing with A2A clients.
    Serve {
        #[arg(short = 'C', long = "catalogue", default_value = ".")]
        catalogue: PathBuf,
        /// Port on 127.0.0.1 (0 picks a free one).
        #[arg(long, default_value_t = 0)]
        port: u16,
        /// The agent served at /.well-known/agent-card.json.
        #[arg(long)]
        agent: Option<String>,
        #[arg(long, value_enum, default_value_t = DialectArg::V1)]
        dialect: DialectArg,
    },
    /// Export the catalogue: a bundle (registry.json, skills, approved cards) or another tool's format.
    Export(exports::ExportArgs),
    /// Check a bundle (folder, .tar.gz or .zip) against its registry.json; exit 1 on any problem.
    Verify {
        bundle: PathBuf,
        #[command(flatten)]
        limits: exports::LimitArgs,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Import a bundle's skills into a catalogue: a dry run unless --yes.
    Import {
        bundle: PathBuf,
        /// The catalogue to import into.
        #[arg(long, default_value = ".")]
        into: PathBuf,
        /// Apply the import (without it, only show what would change).
        #[arg(long)]
        yes: bool,
        #[command(flatten)]
        limits: exports::LimitArgs,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// The agent tools Skillhouse installs into: found here or not, and where each reads skills.
    Agents {
        /// A catalogue whose skillhouse.yaml adds tools (`agents:`).
        #[arg(default_value = ".")]
        path: PathBuf,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Install skills into agent tools: a plan (dry run) unless --yes. Only skills without errors.
    Install {
        /// The catalogue.
        #[arg(default_value = ".")]
        path: PathBuf,
        #[command(flatten)]
        selection: agents::Selection,
        #[command(flatten)]
        scope: agents::ScopeArgs,
        /// Copy even where a symlink would do.
        #[arg(long)]
        copy: bool,
        /// Replace Skillhouse's copies edited in the agent's folder with the catalogue's; the
        /// edited copy is moved to `.skillhouse-backup/` beside it.
        #[arg(long)]
        replace: bool,
        /// Apply the plan (without it, only show it: nothing is written).
        #[arg(long)]
        yes: bool,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Remove skills Skillhouse installed: a plan (dry run) unless --yes.
    Uninstall {
        #[arg(default_value = ".")]
        path: PathBuf,
        #[command(flatten)]
        selection: agents::Selection,
        #[command(flatten)]
        scope: agents::ScopeArgs,
        /// Apply the plan (without it, only show it: nothing is written).
        #[arg(long)]
        yes: bool,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Bring every installation the lock records from this catalogue up to date: a plan unless --yes.
    Sync {
        #[arg(default_value = ".")]
        path: PathBuf,
        #[command(flatten)]
        scope: agents::ScopeArgs,
        /// Apply the plan (without it, only show it: nothing is written).
        #[arg(long)]
        yes: bool,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Take a skill's folder in an agent tool into the catalogue: the edits made to Skillhouse's
    /// copy there, or another installer's folder (adopted as a new skill). Prints every file that
    /// differs with its diff; a dry run unless --yes.
    Take {
        /// The catalogue.
        #[arg(default_value = ".")]
        path: PathBuf,
        /// The skill's name (its folder's name in the agent's folder).
        #[arg(long, value_name = "NAME")]
        skill: String,
        /// The agent tool whose folder holds it (`skillhouse agents` lists them).
        #[arg(long, value_name = "ID")]
        agent: String,
        #[command(flatten)]
        scope: agents::ScopeArgs,
        /// Apply the plan (without it, only show it: nothing is written).
        #[arg(long)]
        yes: bool,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// What became of each installation: exit 1 when any is outdated, changed there, missing or blocked.
    Status {
        #[arg(default_value = ".")]
        path: PathBuf,
        #[command(flatten)]
        scope: agents::ScopeArgs,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
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
    if !matches!(cli.command, Command::Serve { .. } | Command::Mcp { .. }) {
        end_when_the_reader_stops();
    }
    match run(cli.command) {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(EXIT_CANNOT_RUN)
        }
    }
}

/// Output piped into `head` and the like ends when the reader stops, as any Unix tool's does (the
/// default SIGPIPE action, which Rust's runtime sets aside: `println!` then panics). A server
/// keeps it ignored, so a client that goes away cannot end it.
#[cfg(unix)]
fn end_when_the_reader_stops() {
    // SAFETY: called at the start of `main`, before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn end_when_the_reader_stops() {}

fn load_counted(path: &Path, profile: Option<Profile>) -> Result<Catalogue, String> {
    budget::load_counted(path, &LoadOptions { profile }).map_err(|e| e.to_string())
}

fn open_index(path: &Path, args: &IndexArgs) -> Result<Index, String> {
    let file = args.index.clone().unwrap_or_else(|| skillhouse_host::index_location(path));
    Index::open(&file).map_err(|e| format!("{e} (index file: {})", file.display()))
}

/// The CLI is an edge, so the clock is read here and handed to the core.
fn now_rfc3339() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
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
        Command::Translations { path, diff, format } => {
            let cat = load_counted(&path, None)?;
            let history = skillhouse_host::git::GitHistory::open(&cat.root);
            let states = match &history {
                Ok(history) => cat.translation_freshness(history),
                Err(_) => Vec::new(),
            };
            let outdated = states.iter().filter(|s| matches!(s.freshness, Freshness::Outdated { .. })).count();
            match format {
                Format::Json => print_json(&serde_json::json!({ "translations": states, "checkOff": history.as_ref().err() })),
                Format::Text => {
                    if let Err(why) = &history {
                        eprintln!("{why}");
                    }
                    render::translations(&cat, &states, diff);
                }
            }
            Ok(if outdated > 0 { EXIT_PROBLEMS } else { 0 })
        }
        Command::Prompt { path } => {
            let cat = load_counted(&path, None)?;
            println!("{}", prompt::available_skills(&cat));
            Ok(0)
        }
        Command::Keys { action } => signing::run_keys(action),
        Command::Card { action: Some(CardAction::Verify { file, jwks, catalogue }), .. } => {
            signing::verify(&file, jwks.as_deref(), &catalogue)
        }
        Command::Card { action: None, agent, catalogue, dialect, check, approve, by, format, deny_warnings, locale, signed } => {
            let cat = load_counted(&catalogue, None)?;
            let cat = match locale {
                Some(locale) => cat.in_locale(&locale)?.into_owned(),
                None => cat,
            };
            if approve {
                let agent = agent.ok_or("name the agent to approve: skillhouse card AGENT --approve")?;
                let by = by.unwrap_or_else(|| skillhouse_host::approver(&cat.root));
                let keys = skillhouse_host::keys::Keeper::for_user().for_catalogue(&cat.root)?;
                let record = card::approve(&cat, &agent, &by, &now_rfc3339(), &keys).map_err(|e| e.to_string())?;
                println!(
                    "approved {} {} (sha256 {}) by {} at {}",
                    record.agent, record.version, record.sha256, record.approved_by, record.approved_at
                );
                match keys.len() {
                    0 => println!("not signed: the catalogue has no signing key (`skillhouse keys new` makes one)"),
                    _ => println!(
                        "signed by {}",
                        keys.iter().map(|k| format!("{} key {}", k.alg().name(), k.kid())).collect::<Vec<_>>().join(" and ")
                    ),
                }
                println!("next: commit cards/{agent}.json and cards/approvals.json");
                return Ok(0);
            }
            if check {
                let reviews = match &agent {
                    Some(a) => vec![card::review(&cat, a).map_err(|e| e.to_string())?],
                    None => card::review_all(&cat).map_err(|e| e.to_string())?,
                };
                match format {
                    Format::Json => print_json(&reviews),
                    Format::Text => render::card_reviews(&reviews, &cat.root),
                }
                let errors: usize = reviews.iter().map(|r| r.counts().errors).sum();
                let warnings: usize = reviews.iter().map(|r| r.counts().warnings).sum();
                return Ok(if errors > 0 || (deny_warnings && warnings > 0) { EXIT_PROBLEMS } else { 0 });
            }
            let names: Vec<&str> = cat.agents.iter().map(|a| a.name.as_str()).collect();
            let agent = agent.ok_or_else(|| format!("name an agent: {}", names.join(", ")))?;
            if signed {
                let (record, published) = card::signed(&cat, &agent).map_err(|e| e.to_string())?;
                std::io::Write::write_all(&mut std::io::stdout(), &card::to_bytes(&published)).map_err(|e| e.to_string())?;
                if record.signatures.is_empty() {
                    eprintln!("this approval is not signed: make a key (`skillhouse keys new`) and approve again");
                }
                return Ok(0);
            }
            let (bytes, review) = card::render(&cat, &agent, dialect.into()).map_err(|e| e.to_string())?;
            std::io::Write::write_all(&mut std::io::stdout(), &bytes).map_err(|e| e.to_string())?;
            let counts = review.counts();
            if counts.errors + counts.warnings > 0 {
                eprintln!(
                    "{} errors, {} warnings in this card: run `skillhouse card {agent} --check` for the findings",
                    counts.errors, counts.warnings
                );
            }
            Ok(if counts.errors > 0 || (deny_warnings && counts.warnings > 0) { EXIT_PROBLEMS } else { 0 })
        }
        Command::Mcp { path, index, http, bind, token_file } => {
            let listen = match http {
                Some(port) => {
                    let token = match &token_file {
                        Some(f) => {
                            Some(std::fs::read_to_string(f).map_err(|e| format!("cannot read the token file {}: {e}", f.display()))?)
                        }
                        None => None,
                    };
                    let listen = skillhouse_mcp::http::Listen { address: std::net::SocketAddr::new(bind, port), token };
                    listen.check()?;
                    Some(listen)
                }
                None => None,
            };
            // A server runs for days: its memory is what a person sees of it. The tokenizer is
            // loaded and its embedded vocabulary handed back before the catalogue is read, so
            // the two never stand in memory together (docs/benchmarks.md, "Serving over MCP").
            // SAFETY: no other thread exists yet.
            unsafe { skillhouse_host::resident::cap_arenas() };
            skillhouse_host::resident::hand_back();
            let file = index.index.unwrap_or_else(|| skillhouse_host::index_location(&path));
            let live = skillhouse_mcp::Live::open(&path, &file).map_err(|e| format!("{} (index file: {})", e.message, file.display()))?;
            let served = live.current();
            // Over stdio, stdout carries the protocol; what a person reads goes to stderr.
            eprintln!(
                "skillhouse mcp: serving {} skills from {} ({} held back by errors)",
                served.skills.len(),
                served.root.display(),
                served.held.len()
            );
            drop(served);
            skillhouse_host::resident::trim_heap();
            let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().map_err(|e| e.to_string())?;
            let server = skillhouse_mcp::SkillsServer::new(std::sync::Arc::new(live));
            let _watcher = skillhouse_mcp::watch(&server, runtime.handle().clone()).or_else(|| {
                eprintln!("skillhouse mcp: the catalogue cannot be watched; edits show after a restart");
                None
            });
            match listen {
                None => runtime.block_on(skillhouse_mcp::serve_stdio(server))?,
                Some(listen) => {
                    let guarded = listen.token.is_some();
                    runtime.block_on(skillhouse_mcp::http::serve(server, listen, |at| {
                        println!("http://{at}/mcp");
                        if guarded {
                            eprintln!("skillhouse mcp: clients must send the bearer token of the token file");
                        }
                    }))?
                }
            }
            Ok(0)
        }
        Command::Serve { catalogue, port, agent, dialect } => {
            let cat = load_counted(&catalogue, None)?;
            let set = skillhouse_serve::CardSet::build(&cat, dialect.into(), agent.as_deref()).map_err(|e| e.to_string())?;
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())?;
            runtime.block_on(async move {
                let listener = skillhouse_serve::bind(port).await.map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
                let addr = listener.local_addr().map_err(|e| e.to_string())?;
                for name in set.cards.keys() {
                    println!("http://{addr}/agents/{name}/.well-known/agent-card.json");
                }
                if let Some(a) = &set.selected {
                    println!("http://{addr}/.well-known/agent-card.json ({a})");
                }
                println!("serving {} cards on http://{addr}; press Ctrl-C to stop", set.cards.len());
                let shared = skillhouse_serve::snapshot(set);
                let stop = async {
                    let _ = tokio::signal::ctrl_c().await;
                };
                skillhouse_serve::run(listener, shared, stop).await.map_err(|e| e.to_string())
            })?;
            Ok(0)
        }
        Command::Export(args) => exports::export(args, |path, index| {
            let mut idx = open_index(path, index)?;
            let bar = progress::Bar::new();
            let loaded = idx.load(path, &LoadOptions::default(), &bar).map_err(|e| e.to_string());
            bar.finish();
            Ok(loaded?.0)
        }),
        Command::Verify { bundle, limits, format } => exports::verify(&bundle, limits, format == Format::Json),
        Command::Import { bundle, into, yes, limits, format } => exports::import(&bundle, &into, limits, yes, format == Format::Json),
        Command::Agents { path, format } => agents::list(&path, format == Format::Json),
        Command::Install { path, selection, scope, copy, replace, yes, format } => {
            agents::change(&path, Some(&selection), &scope, agents::Change::Install { copy, replace }, yes, format == Format::Json)
        }
        Command::Uninstall { path, selection, scope, yes, format } => {
            agents::change(&path, Some(&selection), &scope, agents::Change::Uninstall, yes, format == Format::Json)
        }
        Command::Sync { path, scope, yes, format } => {
            agents::change(&path, None, &scope, agents::Change::Sync, yes, format == Format::Json)
        }
        Command::Take { path, skill, agent, scope, yes, format } => {
            agents::take(&path, &skill, &agent, &scope, yes, format == Format::Json)
        }
        Command::Status { path, scope, format } => agents::status(&path, &scope, format == Format::Json),
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
