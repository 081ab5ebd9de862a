//! Several formats exported at once into one destination folder, as the app's Export view runs
//! them: where each format goes, what would change there since the previous export (the
//! preview), and writing them with progress.
//!
//! Each format is written to its own output inside the destination, named after the format
//! (`bundle`, `bundle.tar.gz`, `well-known.zip`, …), so exporting again into the same destination
//! replaces the previous export of each format and the preview can compare with it.

use super::archive::{self, Limits, WriteOptions, Written};
use super::{bundle, export, Content, Entry, ExportError, LeftOut, Options, Packaging, Target};
use crate::catalogue::Catalogue;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What the person chose in the Export view.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "ExportRequest")]
pub struct Request {
    /// The formats, each written to its own output; at least one.
    pub targets: Vec<Target>,
    pub packaging: Packaging,
    /// A folder outside the catalogue; created when missing.
    pub destination: String,
    #[serde(default)]
    pub options: Options,
}

/// How a file of an output compares with the previous export at the same place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
pub enum FileChange {
    Added,
    Changed,
    Unchanged,
    /// In the previous export, not in this one.
    Removed,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PreviewFile {
    pub path: String,
    /// Size in this export (in the previous one, for a removed file).
    pub size: u64,
    pub change: FileChange,
}

/// One format's output: where it goes and what it holds, compared with what is there now.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct OutputPreview {
    pub target: Target,
    /// The output's path: a folder, or the archive file.
    pub path: String,
    /// An earlier export is at `path` (the changes below are against it; all added otherwise).
    pub previous: bool,
    /// Sorted by path; removed files included.
    pub files: Vec<PreviewFile>,
    pub added: usize,
    pub changed: usize,
    pub unchanged: usize,
    pub removed: usize,
    /// Bytes of content in this export.
    pub bytes: u64,
    pub left_out: Vec<LeftOut>,
    pub warnings: Vec<String>,
    /// Skills of this output that specification readers would refuse as the catalogue holds
    /// them (rewritten portable when the request asks for it).
    pub refusals: Vec<super::portable::Refusal>,
    /// Why this output cannot be written (something that is not an export is in the way).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocked: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ExportPreview {
    pub destination: String,
    pub outputs: Vec<OutputPreview>,
}

/// What a run wrote.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ExportDone {
    pub destination: String,
    pub written: Vec<Written>,
    pub left_out: Vec<LeftOut>,
    pub warnings: Vec<String>,
}

/// The file or folder name a format is written to inside the destination.
pub fn output_name(target: Target, packaging: Packaging) -> String {
    let stem = match target {
        Target::Bundle => "bundle",
        Target::WellKnown => "well-known",
        Target::Marketplace => "marketplace",
        Target::AiCatalog => "ai-catalog",
        Target::A2aSite => "a2a-site",
        Target::Prompt => "prompt",
        Target::Legacy => "legacy",
    };
    match packaging {
        Packaging::Folder => stem.to_string(),
        Packaging::TarGz => format!("{stem}.tar.gz"),
        Packaging::Zip => format!("{stem}.zip"),
    }
}

/// A destination the request may use: given, absolute and outside the catalogue (an export
/// written inside it would be read as part of the catalogue next time).
fn destination(catalogue: &Catalogue, request: &Request) -> Result<PathBuf, ExportError> {
    if request.targets.is_empty() {
        return Err(ExportError::InvalidOption("choose at least one format to export".into()));
    }
    let dest = PathBuf::from(request.destination.trim());
    if dest.as_os_str().is_empty() || !dest.is_absolute() {
        return Err(ExportError::InvalidOption(format!(
            "the destination `{}` is not a full folder path; choose a folder (for example with Choose…)",
            request.destination
        )));
    }
    if crate::files::inside(&dest, &catalogue.root) {
        return Err(ExportError::InvalidOption(format!(
            "the destination `{}` is inside the catalogue, where the exported skills would be read as the catalogue's own next time; choose a folder outside `{}`",
            dest.display(),
            catalogue.root.display()
        )));
    }
    Ok(dest)
}

/// Computes every chosen format and compares each with the previous export at its output path.
/// Nothing is written.
pub fn preview(catalogue: &Catalogue, request: &Request) -> Result<ExportPreview, ExportError> {
    let dest = destination(catalogue, request)?;
    let mut outputs = Vec::new();
    for &target in &request.targets {
        let computed = export(catalogue, target, &request.options)?;
        let out = dest.join(output_name(target, request.packaging));
        let blocked =
            archive::check_output(&computed.entries, request.packaging, &out, &WriteOptions::default()).err().map(|e| e.to_string());
        let previous = if blocked.is_none() && out.exists() { previous_files(&out) } else { None };
        let mut files = Vec::with_capacity(computed.entries.len());
        let mut bytes = 0;
        let mut before = previous.clone().unwrap_or_default();
        for entry in &computed.entries {
            let (size, sha256) = entry_hash(entry).map_err(ExportError::io(format!("reading {}", entry.path)))?;
            bytes += size;
            let change = match before.remove(&entry.path) {
                None => FileChange::Added,
                Some((_, old)) if old == sha256 => FileChange::Unchanged,
                Some(_) => FileChange::Changed,
            };
            files.push(PreviewFile { path: entry.path.clone(), size, change });
        }
        files.extend(before.into_iter().map(|(path, (size, _))| PreviewFile { path, size, change: FileChange::Removed }));
        files.sort_by(|a, b| a.path.cmp(&b.path));
        let count = |c: FileChange| files.iter().filter(|f| f.change == c).count();
        outputs.push(OutputPreview {
            target,
            path: out.to_string_lossy().into_owned(),
            previous: previous.is_some(),
            added: count(FileChange::Added),
            changed: count(FileChange::Changed),
            unchanged: count(FileChange::Unchanged),
            removed: count(FileChange::Removed),
            files,
            bytes,
            left_out: computed.left_out,
            warnings: computed.warnings,
            refusals: computed.refusals,
            blocked,
        });
    }
    Ok(ExportPreview { destination: dest.to_string_lossy().into_owned(), outputs })
}

/// Writes every chosen format. `progress(done, total)` counts files over all outputs. Nothing is
/// written when one of the outputs is blocked; a write that fails leaves that output as it was
/// (see `archive::write`) and the outputs written before it in place.
pub fn run(catalogue: &Catalogue, request: &Request, progress: &mut dyn FnMut(usize, usize)) -> Result<ExportDone, ExportError> {
    let dest = destination(catalogue, request)?;
    let time = request.options.time.as_deref().map(super::parse_time).transpose()?;
    let computed: Vec<(Target, super::Export)> =
        request.targets.iter().map(|&t| export(catalogue, t, &request.options).map(|e| (t, e))).collect::<Result<_, _>>()?;
    for (target, e) in &computed {
        archive::check_output(
            &e.entries,
            request.packaging,
            &dest.join(output_name(*target, request.packaging)),
            &WriteOptions::default(),
        )?;
    }
    let total = computed.iter().map(|(_, e)| e.entries.len()).sum();
    let mut done = 0;
    progress(0, total);
    let mut result =
        ExportDone { destination: dest.to_string_lossy().into_owned(), written: Vec::new(), left_out: Vec::new(), warnings: Vec::new() };
    for (target, e) in computed {
        let out = dest.join(output_name(target, request.packaging));
        let written = archive::write_observed(&e.entries, request.packaging, &out, &WriteOptions { time, overwrite: false }, &mut |n| {
            progress(done + n, total)
        })?;
        done += e.entries.len();
        result.written.push(written);
        // Every format that publishes cards leaves out the same ones: name each once.
        for l in e.left_out {
            if !result.left_out.iter().any(|k| k.agent == l.agent) {
                result.left_out.push(l);
            }
        }
        let refused = e.refusals.iter().map(super::portable::Refusal::line);
        for w in e.warnings.into_iter().chain(refused) {
            if !result.warnings.contains(&w) {
                result.warnings.push(w);
            }
        }
    }
    Ok(result)
}

fn entry_hash(entry: &Entry) -> std::io::Result<(u64, String)> {
    match &entry.content {
        Content::Bytes(b) => bundle::hash_reader(&mut &b[..]),
        Content::File(path) => bundle::hash_file(path),
    }
}

/// The files of an earlier export at `out` (a folder or an archive), by path, with size and
/// sha256; `None` when it cannot be read as one (then everything counts as added).
fn previous_files(out: &Path) -> Option<BTreeMap<String, (u64, String)>> {
    let mut files = BTreeMap::new();
    let diagnostics = archive::read(out, &Limits::default(), &mut |path, _, reader| {
        let (size, sha256) = bundle::hash_reader(reader)?;
        files.insert(path.to_string(), (size, sha256));
        Ok(())
    })
    .ok()?;
    diagnostics.iter().all(|d| !d.is_error()).then_some(files)
}
