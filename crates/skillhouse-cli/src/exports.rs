//! `skillhouse export`, `verify` and `import`: argument handling and printing over
//! `skillhouse_core::export`.

use clap::ValueEnum;
use skillhouse_core::export::archive::Limits;
use skillhouse_core::export::archive::{self, WriteOptions};
use skillhouse_core::export::{self, import, verify, Options, Packaging, Target};
use skillhouse_core::Diagnostic;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, ValueEnum)]
pub enum TargetArg {
    Bundle,
    WellKnown,
    Marketplace,
    AiCatalog,
    A2aSite,
    Prompt,
    Legacy,
}

impl From<TargetArg> for Target {
    fn from(t: TargetArg) -> Target {
        match t {
            TargetArg::Bundle => Target::Bundle,
            TargetArg::WellKnown => Target::WellKnown,
            TargetArg::Marketplace => Target::Marketplace,
            TargetArg::AiCatalog => Target::AiCatalog,
            TargetArg::A2aSite => Target::A2aSite,
            TargetArg::Prompt => Target::Prompt,
            TargetArg::Legacy => Target::Legacy,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub enum PackagingArg {
    Folder,
    TarGz,
    Zip,
}

impl From<PackagingArg> for Packaging {
    fn from(p: PackagingArg) -> Packaging {
        match p {
            PackagingArg::Folder => Packaging::Folder,
            PackagingArg::TarGz => Packaging::TarGz,
            PackagingArg::Zip => Packaging::Zip,
        }
    }
}

#[derive(clap::Args)]
pub struct ExportArgs {
    /// The catalogue to export.
    #[arg(default_value = ".")]
    path: PathBuf,
    /// Where to write: a folder, or a file ending in .tar.gz or .zip.
    #[arg(long, short = 'o', value_name = "OUT")]
    out: PathBuf,
    #[arg(long, value_enum, default_value = "bundle")]
    target: TargetArg,
    /// How to write it (default: from OUT's extension; a folder otherwise).
    #[arg(long, value_enum)]
    packaging: Option<PackagingArg>,
    /// Include the current card of agents whose card is not approved.
    #[arg(long)]
    include_unapproved: bool,
    /// Refuse a catalogue with warnings too.
    #[arg(long)]
    deny_warnings: bool,
    /// An RFC 3339 time to record in the export and as every archive entry's time (none otherwise).
    #[arg(long, value_name = "RFC3339")]
    time: Option<String>,
    /// Where the export will be published, for formats that hold URLs.
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
    /// Publish skills that specification readers (skills-ref, Google ADK) would refuse with their
    /// frontmatter in the specification's form: allowed-tools as one string, other fields under
    /// metadata as strings. The catalogue is not changed; the bundle keeps its bytes.
    #[arg(long)]
    portable: bool,
    /// Publish the skills in this locale (their translations where there are some); default: the
    /// source locale. The bundle carries every locale.
    #[arg(long, value_name = "LOCALE")]
    locale: Option<String>,
    /// Replace OUT even when it does not look like an earlier export.
    #[arg(long)]
    force: bool,
    /// Token counts are reused from the search index (as `skillhouse index` keeps it).
    #[command(flatten)]
    index: crate::IndexArgs,
}

fn human(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 => format!("{:.1} GiB", b as f64 / (1u64 << 30) as f64),
        b if b >= 1 << 20 => format!("{:.1} MiB", b as f64 / (1u64 << 20) as f64),
        b if b >= 1 << 10 => format!("{:.1} KiB", b as f64 / 1024.0),
        b => format!("{b} bytes"),
    }
}

pub fn export(
    args: ExportArgs,
    load: impl FnOnce(&Path, &crate::IndexArgs) -> Result<skillhouse_core::Catalogue, String>,
) -> Result<u8, String> {
    let options = Options {
        include_unapproved: args.include_unapproved,
        deny_warnings: args.deny_warnings,
        time: args.time.clone(),
        base_url: args.base_url.clone(),
        portable: args.portable,
        locale: args.locale.clone(),
    };
    let time = options.time.as_deref().map(export::parse_time).transpose().map_err(|e| e.to_string())?;
    let packaging = args.packaging.map(Packaging::from).unwrap_or_else(|| archive::packaging_for(&args.out));
    if packaging == Packaging::Folder && skillhouse_core::files::inside(&absolute(&args.out)?, &args.path) {
        return Err(format!(
            "`{}` is inside the catalogue `{}`: the skills written there would be read as the catalogue's own next time; write the folder elsewhere, or an archive (--out NAME.tar.gz)",
            args.out.display(),
            args.path.display()
        ));
    }
    let cat = load(&args.path, &args.index)?;
    let target: Target = args.target.into();
    let computed = match export::export(&cat, target, &options) {
        Ok(e) => e,
        Err(e @ (export::ExportError::HasErrors { .. } | export::ExportError::HasWarnings { .. })) => {
            eprintln!("error: {e}");
            return Ok(crate::EXIT_PROBLEMS);
        }
        Err(e) => return Err(e.to_string()),
    };
    let written = archive::write(&computed.entries, packaging, &args.out, &WriteOptions { time, overwrite: args.force })
        .map_err(|e| e.to_string())?;
    let what = match packaging {
        Packaging::Folder => "folder",
        Packaging::TarGz => ".tar.gz",
        Packaging::Zip => ".zip",
    };
    let contents = if target == Target::Bundle {
        let cards = computed.entries.iter().filter(|e| e.path.starts_with("cards/")).count();
        format!("; {} skills, {cards} agent cards", cat.skills.len())
    } else {
        String::new()
    };
    println!("wrote {} ({what}): {} files, {} of content{contents}", written.path.display(), written.files, human(written.bytes));
    if let (Some(sha), Some(size)) = (&written.sha256, written.archive_bytes) {
        println!("sha256 {sha}  {} ({})", written.path.display(), human(size));
    }
    for left in &computed.left_out {
        println!("left out: the card of `{}`: {}", left.agent, left.reason);
    }
    for warning in &computed.warnings {
        println!("note: {warning}");
    }
    for refusal in &computed.refusals {
        let kind = if refusal.rewritten { "note" } else { "warning" };
        println!("{kind}: {}", refusal.line());
    }
    Ok(0)
}

/// Bundle diagnostics have no source line to show: the file is inside the bundle. The layout is
/// the one `validate` uses for a diagnostic without a line.
fn print_diagnostics(diagnostics: &[Diagnostic]) {
    for d in diagnostics {
        let place = if d.file.is_empty() { "the bundle".to_string() } else { d.file.clone() };
        let pointer = d.pointer.as_deref().map(|p| format!(" (registry.json at {p})")).unwrap_or_default();
        println!("{}[{}]: {}", d.severity, d.code, d.message);
        println!(" --> {place}{pointer}");
        if let Some(hint) = &d.hint {
            println!("help: {hint}");
        }
        println!();
    }
}

/// How much a bundle may hold before `verify` and `import` refuse it.
#[derive(clap::Args, Clone, Copy)]
pub struct LimitArgs {
    /// Refuse a bundle holding a file larger than this (MiB).
    #[arg(long, value_name = "MIB", default_value_t = Limits::default().max_entry_bytes >> 20)]
    max_file_mib: u64,
    /// Refuse a bundle whose files add up to more than this (MiB): what an archive expands to.
    #[arg(long, value_name = "MIB", default_value_t = Limits::default().max_total_bytes >> 20)]
    max_total_mib: u64,
}

impl LimitArgs {
    fn limits(&self) -> Limits {
        Limits {
            max_entry_bytes: self.max_file_mib.saturating_mul(1 << 20),
            max_total_bytes: self.max_total_mib.saturating_mul(1 << 20),
            ..Limits::default()
        }
    }
}

pub fn verify(bundle: &Path, limits: LimitArgs, json: bool) -> Result<u8, String> {
    let v = verify::verify_with(bundle, &limits.limits()).map_err(|e| e.to_string())?;
    if json {
        crate::print_json(&v);
    } else {
        print_diagnostics(&v.diagnostics);
        if v.is_ok() {
            println!("{}: ok: {} skills, {} agent cards, {} files match registry.json", bundle.display(), v.skills, v.cards, v.files);
            if v.signed_cards > 0 {
                println!("{} signed card(s): every signature verified against the bundle's cards/jwks.json", v.signed_cards);
            }
        } else {
            println!("{}: {} problem(s); do not use this bundle", bundle.display(), v.diagnostics.len());
        }
    }
    Ok(if v.is_ok() { 0 } else { crate::EXIT_PROBLEMS })
}

pub fn import(bundle: &Path, into: &Path, limits: LimitArgs, yes: bool, json: bool) -> Result<u8, String> {
    let plan = import::plan_with(bundle, into, &limits.limits()).map_err(|e| e.to_string())?;
    if json && !yes {
        crate::print_json(&plan);
        return Ok(if plan.is_refused() { crate::EXIT_PROBLEMS } else { 0 });
    }
    print_diagnostics(&plan.diagnostics);
    if plan.is_refused() {
        println!("refused: nothing was imported into {}", into.display());
        return Ok(crate::EXIT_PROBLEMS);
    }
    for (label, changes) in [("add", &plan.add), ("replace", &plan.replace), ("skip", &plan.skip)] {
        for c in changes {
            let note = match label {
                "replace" => format!("  (was {})", short(c.current.as_deref().unwrap_or_default())),
                "skip" => "  (identical)".to_string(),
                _ => String::new(),
            };
            println!("{label:<8} {:<40} {:>3} file{}  {}{note}", c.dir, c.files, if c.files == 1 { " " } else { "s" }, short(&c.digest));
        }
    }
    let summary = format!("{} to add, {} to replace, {} identical", plan.add.len(), plan.replace.len(), plan.skip.len());
    if !yes {
        println!("{summary}; dry run: nothing was written (run again with --yes to import)");
        return Ok(0);
    }
    let applied = import::apply(&plan).map_err(|e| e.to_string())?;
    println!("imported into {}: {} added, {} replaced, {} identical", into.display(), applied.added, applied.replaced, applied.skipped);
    println!("next: run `skillhouse validate {}`", into.display());
    Ok(0)
}

fn short(digest: &str) -> &str {
    let hex = digest.strip_prefix("sha256:").unwrap_or(digest);
    &hex[..hex.len().min(12)]
}

/// `path` from the working folder, which only the edges read.
fn absolute(path: &Path) -> Result<std::path::PathBuf, String> {
    std::path::absolute(path).map_err(|e| format!("`{}` cannot be resolved from the current folder: {e}", path.display()))
}
