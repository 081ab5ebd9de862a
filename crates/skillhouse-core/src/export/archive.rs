//! Writing an export's entries as a folder, a `.tar.gz` or a `.zip`, the same bytes every time;
//! and reading a bundle back from any of the three, refusing what no bundle should hold.
//!
//! Determinism rules (docs/exports.md): entries sorted by path, no directory entries, every file
//! mode 0644 (an executable bit differs between checkouts and platforms, and skills run their
//! scripts through an interpreter), uid and gid 0 with empty owner names, every time the
//! injected `--time` or else 0 (1980-01-01 in a zip, the earliest time the format holds), gzip
//! header without name or time and OS byte 255, compression level 6.

use super::{Content, Entry, ExportError, Packaging};
use crate::diagnostic::{Code, Diagnostic, Position};
use std::fs;
use std::io::{self, BufWriter, Read, Seek, Write};
use std::path::{Component, Path, PathBuf};

/// Mode of every file written into an archive.
pub const FILE_MODE: u32 = 0o644;
const BUFFER: usize = 256 * 1024;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Seconds since 1970 recorded as every entry's time (0 without one).
    pub time: Option<i64>,
    /// Replace an output that does not look like an earlier export.
    pub overwrite: bool,
}

/// What was written.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "WrittenOutput")]
pub struct Written {
    pub path: PathBuf,
    pub packaging: Packaging,
    pub files: usize,
    /// Bytes of content (before compression).
    pub bytes: u64,
    /// sha256 of the archive file (`None` for a folder).
    pub sha256: Option<String>,
    /// Size of the archive file (`None` for a folder).
    pub archive_bytes: Option<u64>,
}

/// The packaging an output path implies: `.tar.gz`/`.tgz`, `.zip`, else a folder.
pub fn packaging_for(path: &Path) -> Packaging {
    let name = path.file_name().map(|n| n.to_string_lossy().to_lowercase()).unwrap_or_default();
    if name.ends_with(".tar.gz") || name.ends_with(".tgz") {
        Packaging::TarGz
    } else if name.ends_with(".zip") {
        Packaging::Zip
    } else {
        Packaging::Folder
    }
}

/// Writes the entries (sorted, unique paths; see `export::export`) to `out`.
pub fn write(entries: &[Entry], packaging: Packaging, out: &Path, options: &WriteOptions) -> Result<Written, ExportError> {
    write_observed(entries, packaging, out, options, &mut |_| {})
}

/// [`write`], calling `written(n)` after each of the entries is written (`n` of them so far), for
/// a progress bar.
pub fn write_observed(
    entries: &[Entry],
    packaging: Packaging,
    out: &Path,
    options: &WriteOptions,
    written: &mut dyn FnMut(usize),
) -> Result<Written, ExportError> {
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&parent).map_err(ExportError::io(format!("creating {}", parent.display())))?;
    check_output(entries, packaging, out, options)?;
    let bytes = match packaging {
        Packaging::Folder => return write_folder(entries, out, &parent, written),
        Packaging::TarGz | Packaging::Zip => {
            let mut tmp = tempfile::Builder::new()
                .prefix(".skillhouse-export-")
                .tempfile_in(&parent)
                .map_err(ExportError::io(format!("creating a file in {}", parent.display())))?;
            let bytes = if packaging == Packaging::TarGz {
                write_tar_gz(entries, tmp.as_file_mut(), options.time.unwrap_or(0), written)
            } else {
                write_zip(entries, tmp.as_file_mut(), options.time, written)
            }
            .map_err(ExportError::io(format!("writing {}", out.display())))?;
            tmp.as_file().sync_all().map_err(ExportError::io(format!("writing {}", out.display())))?;
            readable(tmp.path(), false).map_err(ExportError::io(format!("writing {}", out.display())))?;
            tmp.persist(out).map_err(|e| ExportError::Io { what: format!("writing {}", out.display()), source: e.error })?;
            bytes
        }
    };
    let (size, sha256) = super::bundle::hash_file(out).map_err(ExportError::io(format!("reading {}", out.display())))?;
    Ok(Written { path: out.to_path_buf(), packaging, files: entries.len(), bytes, sha256: Some(sha256), archive_bytes: Some(size) })
}

/// An existing output is replaced only when it looks like an earlier export of the same kind
/// (a file with the packaging's extension; a folder whose top-level names are all ones this
/// export writes), or when asked.
pub(crate) fn check_output(entries: &[Entry], packaging: Packaging, out: &Path, options: &WriteOptions) -> Result<(), ExportError> {
    let Ok(meta) = fs::symlink_metadata(out) else { return Ok(()) };
    if options.overwrite {
        return Ok(());
    }
    let refuse = |found: String| Err(ExportError::OutputExists { path: out.to_path_buf(), found });
    match packaging {
        Packaging::Folder if meta.is_dir() => {
            let tops: std::collections::BTreeSet<&str> = entries.iter().map(|e| e.path.split('/').next().unwrap_or_default()).collect();
            let mut strangers = Vec::new();
            for e in fs::read_dir(out).map_err(ExportError::io(format!("listing {}", out.display())))? {
                let name = e.map_err(ExportError::io(format!("listing {}", out.display())))?.file_name().to_string_lossy().into_owned();
                if !tops.contains(name.as_str()) {
                    strangers.push(format!("`{name}`"));
                }
            }
            strangers.sort();
            if strangers.is_empty() {
                Ok(())
            } else {
                strangers.truncate(3);
                refuse(strangers.join(", "))
            }
        }
        Packaging::Folder => refuse("a file".into()),
        _ if meta.is_file() && packaging_for(out) == packaging => Ok(()),
        _ if meta.is_dir() => refuse("a folder".into()),
        _ => refuse("a file that is not an archive of this kind".into()),
    }
}

fn write_folder(entries: &[Entry], out: &Path, parent: &Path, written: &mut dyn FnMut(usize)) -> Result<Written, ExportError> {
    let staging = tempfile::Builder::new()
        .prefix(".skillhouse-export-")
        .tempdir_in(parent)
        .map_err(ExportError::io(format!("creating a folder in {}", parent.display())))?;
    let mut bytes = 0;
    for (i, entry) in entries.iter().enumerate() {
        let target = staging.path().join(&entry.path);
        if let Some(dir) = target.parent() {
            fs::create_dir_all(dir).map_err(ExportError::io(format!("creating {}", dir.display())))?;
        }
        bytes += match &entry.content {
            Content::Bytes(b) => fs::write(&target, b).map(|_| b.len() as u64),
            Content::File(source) => fs::copy(source, &target),
        }
        .map_err(ExportError::io(format!("writing {}", entry.path)))?;
        written(i + 1);
    }
    // Swap the finished folder in; the old one (an earlier export) goes only once the new is there.
    let old = parent.join(format!(".skillhouse-export-old-{}", std::process::id()));
    let had_old = out.exists();
    if had_old {
        fs::rename(out, &old).map_err(ExportError::io(format!("moving the earlier {} aside", out.display())))?;
    }
    readable(staging.path(), true).map_err(ExportError::io(format!("writing {}", out.display())))?;
    let staged = staging.keep();
    if let Err(e) = fs::rename(&staged, out) {
        if had_old {
            let _ = fs::rename(&old, out);
        }
        let _ = fs::remove_dir_all(&staged);
        return Err(ExportError::Io { what: format!("moving the export to {}", out.display()), source: e });
    }
    if had_old {
        let _ = fs::remove_dir_all(&old);
    }
    Ok(Written { path: out.to_path_buf(), packaging: Packaging::Folder, files: entries.len(), bytes, sha256: None, archive_bytes: None })
}

/// Temporary files and folders are private (0600, 0700); an export is meant to be shared.
fn readable(path: &Path, folder: bool) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(if folder { 0o755 } else { 0o644 }))?;
    }
    #[cfg(not(unix))]
    let _ = (path, folder);
    Ok(())
}

/// A reader that fails if the file is not exactly `size` bytes (it changed since it was hashed).
struct Exact<R> {
    inner: R,
    left: u64,
}

impl<R: Read> Read for Exact<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.left == 0 {
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(io::Error::other("a file grew while it was being exported; export again")),
            };
        }
        let max = buf.len().min(self.left.min(usize::MAX as u64) as usize);
        let n = self.inner.read(&mut buf[..max])?;
        if n == 0 {
            return Err(io::Error::other("a file shrank while it was being exported; export again"));
        }
        self.left -= n as u64;
        Ok(n)
    }
}

/// Opens an entry's content with its size.
fn open(entry: &Entry) -> io::Result<(u64, Box<dyn Read + '_>)> {
    match &entry.content {
        Content::Bytes(b) => Ok((b.len() as u64, Box::new(&b[..]))),
        Content::File(path) => {
            let file = fs::File::open(path)?;
            let size = file.metadata()?.len();
            Ok((size, Box::new(Exact { inner: io::BufReader::with_capacity(BUFFER, file), left: size })))
        }
    }
}

fn write_tar_gz(entries: &[Entry], out: &mut fs::File, mtime: i64, written: &mut dyn FnMut(usize)) -> io::Result<u64> {
    let gz =
        flate2::GzBuilder::new().operating_system(255).mtime(0).write(BufWriter::with_capacity(BUFFER, out), flate2::Compression::new(6));
    let mut tar = tar::Builder::new(gz);
    tar.mode(tar::HeaderMode::Deterministic);
    let mut bytes = 0;
    for (i, entry) in entries.iter().enumerate() {
        let (size, reader) = open(entry)?;
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(tar::EntryType::Regular);
        header.set_size(size);
        header.set_mode(FILE_MODE);
        header.set_uid(0);
        header.set_gid(0);
        header.set_mtime(mtime.max(0) as u64);
        tar.append_data(&mut header, &entry.path, reader)?;
        bytes += size;
        written(i + 1);
    }
    let gz = tar.into_inner()?;
    let mut buffered = gz.finish()?;
    buffered.flush()?;
    Ok(bytes)
}

/// A zip time: the injected time in UTC, or 1980-01-01 00:00:00, the earliest a zip holds.
fn zip_time(time: Option<i64>) -> zip::DateTime {
    let Some(t) = time.filter(|t| *t >= 315_532_800) else { return zip::DateTime::default() };
    let days = t.div_euclid(86_400);
    let secs = t.rem_euclid(86_400);
    // Civil date from days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    zip::DateTime::from_date_and_time(
        year.min(2107) as u16,
        month as u8,
        day as u8,
        (secs / 3600) as u8,
        (secs / 60 % 60) as u8,
        (secs % 60) as u8,
    )
    .unwrap_or_default()
}

fn write_zip(entries: &[Entry], out: &mut fs::File, time: Option<i64>, written: &mut dyn FnMut(usize)) -> io::Result<u64> {
    let mut zip = zip::ZipWriter::new(BufWriter::with_capacity(BUFFER, out));
    let base = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(6))
        .last_modified_time(zip_time(time))
        .unix_permissions(FILE_MODE);
    let mut bytes = 0;
    for (i, entry) in entries.iter().enumerate() {
        let (size, mut reader) = open(entry)?;
        zip.start_file(entry.path.as_str(), base.large_file(size >= u64::from(u32::MAX)))?;
        io::copy(&mut reader, &mut zip)?;
        bytes += size;
        written(i + 1);
    }
    let mut buffered = zip.finish()?;
    buffered.flush()?;
    Ok(bytes)
}

/// Limits on what reading a bundle accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest single file.
    pub max_entry_bytes: u64,
    /// Largest total of all files (what an archive expands to).
    pub max_total_bytes: u64,
    pub max_entries: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_entry_bytes: 256 * 1024 * 1024, max_total_bytes: 4 * 1024 * 1024 * 1024, max_entries: 1_000_000 }
    }
}

/// The packaging of an existing bundle: a folder, else by its first bytes.
pub fn detect(path: &Path) -> Result<Packaging, ExportError> {
    let not = |reason: String| ExportError::NotABundle { path: path.to_path_buf(), reason };
    let meta = fs::metadata(path).map_err(|e| not(e.to_string()))?;
    if meta.is_dir() {
        return Ok(Packaging::Folder);
    }
    let mut magic = [0u8; 4];
    let n = fs::File::open(path).and_then(|mut f| f.read(&mut magic)).map_err(|e| not(e.to_string()))?;
    match &magic[..n] {
        [0x1f, 0x8b, ..] => Ok(Packaging::TarGz),
        [b'P', b'K', 3, 4] | [b'P', b'K', 5, 6] => Ok(Packaging::Zip),
        _ => Err(not("it is neither a folder, a .tar.gz nor a .zip".into())),
    }
}

/// Checks a path inside a bundle: relative, `/`-separated, no empty, `.` or `..` component.
/// Returns why not.
pub fn unsafe_path(path: &str) -> Option<&'static str> {
    if path.is_empty() {
        return Some("it is empty");
    }
    if path.starts_with('/') || path.starts_with('\\') || path.as_bytes().get(1) == Some(&b':') {
        return Some("it is absolute");
    }
    if path.contains('\\') {
        return Some("it contains a backslash");
    }
    if path.contains('\0') {
        return Some("it contains a NUL byte");
    }
    for part in path.split('/') {
        match part {
            ".." => return Some("it has a `..` component"),
            "" | "." => return Some("it has an empty or `.` component"),
            _ => {}
        }
    }
    None
}

fn refusal(code: Code, path: &str, message: String, hint: &str) -> Diagnostic {
    Diagnostic::error(code, path, Position::START, message).with_hint(hint)
}

/// One file read from a bundle; `read` yields its bytes (at most the limits allow).
pub type Visit<'a> = dyn FnMut(&str, u64, &mut dyn Read) -> io::Result<()> + 'a;

/// Reads every file of a bundle and hands it to `visit`, in the bundle's order. Entries no bundle
/// should hold (unsafe paths, links, devices, files over the limits) are not handed on: each is a
/// diagnostic. A damaged archive is a `bundle.unreadable` diagnostic; only a bundle that cannot be
/// opened at all is an error.
pub fn read(path: &Path, limits: &Limits, visit: &mut Visit<'_>) -> Result<Vec<Diagnostic>, ExportError> {
    let packaging = detect(path)?;
    let mut reader = Reader { limits: *limits, total: 0, entries: 0, seen: Default::default(), diagnostics: Vec::new() };
    let result = match packaging {
        Packaging::Folder => reader.folder(path, visit),
        Packaging::TarGz => {
            let file = fs::File::open(path).map_err(ExportError::io(format!("opening {}", path.display())))?;
            reader.tar_gz(file, visit)
        }
        Packaging::Zip => {
            let file = fs::File::open(path).map_err(ExportError::io(format!("opening {}", path.display())))?;
            reader.zip(file, visit)
        }
    };
    match result {
        Ok(()) | Err(Stop::Limit) => {}
        Err(Stop::Damaged(reason)) => reader.diagnostics.push(refusal(
            Code::BundleUnreadable,
            "",
            format!("the bundle could not be read to the end: {reason}"),
            "download or copy the bundle again; if it keeps failing, ask its publisher for a new one",
        )),
    }
    Ok(reader.diagnostics)
}

enum Stop {
    /// A limit was reached (already reported); nothing more is read.
    Limit,
    Damaged(String),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Self {
        Stop::Damaged(e.to_string())
    }
}

struct Reader {
    limits: Limits,
    total: u64,
    entries: usize,
    seen: std::collections::HashSet<String>,
    diagnostics: Vec<Diagnostic>,
}

/// What kind of entry an archive holds.
enum Kind {
    File,
    Dir,
    Link(&'static str),
    Special(&'static str),
}

impl Reader {
    /// Decides whether an entry is handed on; reports it otherwise.
    fn admit(&mut self, path: &str, kind: Kind, size: u64) -> Result<bool, Stop> {
        let path = path.strip_prefix("./").unwrap_or(path);
        match kind {
            Kind::Dir => {
                if let Some(why) = unsafe_path(path.trim_end_matches('/')) {
                    self.unsafe_entry(path, why);
                }
                return Ok(false);
            }
            Kind::Link(what) => {
                self.diagnostics.push(refusal(
                    Code::BundleLink,
                    path,
                    format!("`{path}` is a {what}; a bundle holds only plain files"),
                    "a link can point outside the catalogue; ask the publisher to export again with Skillhouse, which copies linked files",
                ));
                return Ok(false);
            }
            Kind::Special(what) => {
                self.diagnostics.push(refusal(
                    Code::BundleSpecialFile,
                    path,
                    format!("`{path}` is a {what}; a bundle holds only plain files"),
                    "this is not something an export writes; do not import the bundle",
                ));
                return Ok(false);
            }
            Kind::File => {}
        }
        if let Some(why) = unsafe_path(path) {
            self.unsafe_entry(path, why);
            return Ok(false);
        }
        self.entries += 1;
        if self.entries > self.limits.max_entries {
            self.diagnostics.push(refusal(
                Code::BundleTooLarge,
                "",
                format!("the bundle holds more than {} files; nothing after that was read", self.limits.max_entries),
                "split the catalogue into smaller bundles",
            ));
            return Err(Stop::Limit);
        }
        if size > self.limits.max_entry_bytes {
            self.diagnostics.push(refusal(
                Code::BundleEntryTooLarge,
                path,
                format!("`{path}` is {size} bytes, over the limit of {} bytes for one file", self.limits.max_entry_bytes),
                "a skill should not carry files this large; ask the publisher what it is",
            ));
            return Ok(false);
        }
        self.total = self.total.saturating_add(size);
        if self.total > self.limits.max_total_bytes {
            self.diagnostics.push(refusal(
                Code::BundleTooLarge,
                path,
                format!("the bundle expands past {} bytes (at `{path}`); nothing after that was read", self.limits.max_total_bytes),
                "an archive that expands this far is refused, whatever it claims to hold; ask the publisher to split it",
            ));
            return Err(Stop::Limit);
        }
        if !self.seen.insert(path.to_string()) {
            self.diagnostics.push(refusal(
                Code::BundleDuplicateEntry,
                path,
                format!("`{path}` is in the bundle more than once"),
                "an export writes every path once; a later copy could replace the checked one, so the bundle is refused",
            ));
            return Ok(false);
        }
        Ok(true)
    }

    fn unsafe_entry(&mut self, path: &str, why: &str) {
        self.diagnostics.push(refusal(
            Code::BundleUnsafePath,
            path,
            format!("the bundle entry `{path}` is refused: {why}"),
            "a path like this could write outside the folder it is unpacked into; do not import the bundle",
        ));
    }

    /// Hands a file on, reading at most its declared size (so a lying header cannot expand).
    fn hand_on(&mut self, path: &str, size: u64, data: &mut dyn Read, visit: &mut Visit<'_>) -> Result<(), Stop> {
        let path = path.strip_prefix("./").unwrap_or(path);
        let mut limited = data.take(size);
        visit(path, size, &mut limited)?;
        Ok(())
    }

    fn folder(&mut self, root: &Path, visit: &mut Visit<'_>) -> Result<(), Stop> {
        let walk = walkdir::WalkDir::new(root).min_depth(1).follow_links(false).sort_by_file_name();
        for item in walk {
            let item = item.map_err(|e| Stop::Damaged(e.to_string()))?;
            let rel = item.path().strip_prefix(root).expect("under the root");
            let Some(rel) = rel.to_str().map(|s| s.replace(std::path::MAIN_SEPARATOR, "/")) else {
                self.unsafe_entry(&rel.to_string_lossy(), "its name is not UTF-8");
                continue;
            };
            let t = item.file_type();
            let meta = item.metadata().map_err(|e| Stop::Damaged(e.to_string()))?;
            let kind = if t.is_dir() {
                Kind::Dir
            } else if t.is_symlink() {
                Kind::Link("symbolic link")
            } else if t.is_file() {
                Kind::File
            } else {
                Kind::Special("device, socket or named pipe")
            };
            if self.admit(&rel, kind, meta.len())? {
                let mut file = fs::File::open(item.path())?;
                self.hand_on(&rel, meta.len(), &mut file, visit)?;
            }
        }
        Ok(())
    }

    fn tar_gz(&mut self, file: fs::File, visit: &mut Visit<'_>) -> Result<(), Stop> {
        let gz = flate2::read::GzDecoder::new(io::BufReader::with_capacity(BUFFER, file));
        let mut archive = tar::Archive::new(gz);
        for entry in archive.entries()? {
            let mut entry = entry?;
            let raw = entry.path_bytes();
            let Ok(path) = std::str::from_utf8(&raw).map(str::to_string) else {
                self.unsafe_entry(&String::from_utf8_lossy(&raw), "its name is not UTF-8");
                continue;
            };
            use tar::EntryType as T;
            let kind = match entry.header().entry_type() {
                T::Regular | T::Continuous => Kind::File,
                T::Directory => Kind::Dir,
                T::Symlink => Kind::Link("symbolic link"),
                T::Link => Kind::Link("hard link"),
                T::Char | T::Block => Kind::Special("device"),
                T::Fifo => Kind::Special("named pipe"),
                T::XGlobalHeader => continue,
                _ => Kind::Special("entry of an unknown type"),
            };
            let size = entry.header().entry_size()?;
            if self.admit(&path, kind, size)? {
                self.hand_on(&path, size, &mut entry, visit)?;
            }
        }
        Ok(())
    }

    fn zip<R: Read + Seek>(&mut self, file: R, visit: &mut Visit<'_>) -> Result<(), Stop> {
        let mut archive = zip::ZipArchive::new(io::BufReader::with_capacity(BUFFER, file)).map_err(|e| Stop::Damaged(e.to_string()))?;
        for i in 0..archive.len() {
            let mut entry = archive.by_index(i).map_err(|e| Stop::Damaged(e.to_string()))?;
            let path = match entry.name() {
                Ok(name) => name.to_string(),
                Err(_) => {
                    let raw = String::from_utf8_lossy(entry.name_raw()).into_owned();
                    self.unsafe_entry(&raw, "its name is not UTF-8");
                    continue;
                }
            };
            // Unix file type bits, when the archive records them.
            let kind = match entry.unix_mode().map(|m| m & 0o170000) {
                Some(0o120000) => Kind::Link("symbolic link"),
                Some(0o020000) | Some(0o060000) => Kind::Special("device"),
                Some(0o010000) => Kind::Special("named pipe"),
                Some(0o140000) => Kind::Special("socket"),
                _ if entry.is_dir() => Kind::Dir,
                _ => Kind::File,
            };
            let size = entry.size();
            if self.admit(&path, kind, size)? {
                self.hand_on(&path, size, &mut entry, visit)?;
            }
        }
        Ok(())
    }
}

/// Whether a path stays inside its base: relative with normal components only.
pub fn is_plain_relative(path: &Path) -> bool {
    path.components().all(|c| matches!(c, Component::Normal(_)))
}
