//! The lock files the `skills` CLI (npm `skills`, vercel-labs/skills) keeps, which Skillhouse
//! reads and writes too, so a project moves between the two in either direction: a project's
//! `skills-lock.json` (version 1) and the global `~/.agents/.skill-lock.json` (version 3, under
//! `$XDG_STATE_HOME/skills/` when that is set). Every key either tool does not own is kept as it
//! was; Skillhouse's own record of an installation sits in each entry under `skillhouse`.

use super::registry::{Host, Scope};
use crate::app_error::AppError;
use crate::error_code::ErrorCode;
use indexmap::{IndexMap, IndexSet};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// How an installed skill reaches its agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InstallHow")]
pub enum How {
    /// A symlink to the skill's folder in the catalogue: the catalogue's edits show at once.
    Link,
    /// A copy, brought up to date by a sync.
    Copy,
}

/// One installation Skillhouse made: a skill folder in an agent tool's skills folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Install {
    /// The tools that read this folder (several share `.agents/skills`).
    pub agents: Vec<String>,
    /// The installed skill's folder.
    pub folder: PathBuf,
    pub how: How,
    /// `folder_hash` of what was written (for a link, of the catalogue's folder then).
    pub digest: String,
    /// Written with portable frontmatter (a legacy skill, for specification readers).
    #[serde(default)]
    pub portable: bool,
    /// `folder_stamp` of a copy when written: while it matches, `digest` is taken as still true.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stamp: String,
    /// `folder_hash` of the catalogue's folder this was made from: a copy is outdated when the
    /// catalogue's differs, whatever the other copies of the skill were brought up to. Locks
    /// written before it was kept take the record's `source_digest` (set on read).
    #[serde(default)]
    pub source: String,
}

/// Skillhouse's part of a lock entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    /// The catalogue the skill came from.
    pub catalogue: PathBuf,
    /// Its folder in the catalogue, relative, `/`-separated.
    pub dir: String,
    /// `folder_hash` of the catalogue's folder when it was last installed or synced.
    pub source_digest: String,
    /// `folder_stamp` of the catalogue's folder then: while it matches, `source_digest` holds.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source_stamp: String,
    pub installs: Vec<Install>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Project,
    Global,
}

impl Kind {
    fn version(self) -> u64 {
        match self {
            Kind::Project => 1,
            Kind::Global => 3,
        }
    }
}

/// A lock file as read, with every key kept.
///
/// Reading parses only what Skillhouse asks of a lock (the names, and its own records); the whole
/// document, every key of every tool, is parsed from the kept bytes the first time the lock is
/// changed or written. A sync of 10,000 skills with nothing to do never builds it.
#[derive(Debug, Clone)]
pub struct Lock {
    pub path: PathBuf,
    pub kind: Kind,
    /// The file's bytes as read (empty when there was no file).
    raw: Arc<Vec<u8>>,
    doc: OnceLock<Map<String, Value>>,
    /// The skill names as read, in the file's order; once `doc` is parsed, its keys are.
    names: IndexSet<String>,
    /// Skillhouse's records, paths absolute, kept in step with `doc` by `set` and `remove`.
    records: HashMap<String, Record>,
    /// Whether the file was there when read.
    pub existed: bool,
}

/// The part of a lock Skillhouse reads on every plan: anything else in it is skipped unparsed.
#[derive(Deserialize)]
struct Shape {
    version: Option<u64>,
    skills: IndexMap<String, Entry>,
}

#[derive(Deserialize)]
struct Entry {
    #[serde(default)]
    skillhouse: Option<Record>,
}

impl PartialEq for Lock {
    /// The same file contents: while neither document was needed, the names and records are all
    /// that can differ.
    fn eq(&self, other: &Lock) -> bool {
        if self.path != other.path || self.kind != other.kind || self.existed != other.existed {
            return false;
        }
        match (self.doc.get(), other.doc.get()) {
            (None, None) => self.raw == other.raw || (self.names == other.names && self.records == other.records),
            _ => self.doc() == other.doc(),
        }
    }
}

/// Where the lock for `scope` lives.
pub fn location(host: &Host, scope: &Scope) -> (PathBuf, Kind) {
    match scope {
        Scope::Project(dir) => (dir.join("skills-lock.json"), Kind::Project),
        Scope::Global => match host.env.get("XDG_STATE_HOME").filter(|v| !v.trim().is_empty()) {
            Some(state) => (Path::new(state).join("skills").join(".skill-lock.json"), Kind::Global),
            None => (host.home.join(".agents").join(".skill-lock.json"), Kind::Global),
        },
    }
}

impl Lock {
    /// Reads the lock at `path`; a missing file is an empty lock. A file that is not a lock this
    /// version understands is an error: the `skills` CLI would drop it silently, we never do.
    pub fn read(path: &Path, kind: Kind) -> Result<Lock, AppError> {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Lock {
                    path: path.to_path_buf(),
                    kind,
                    raw: Arc::default(),
                    doc: OnceLock::new(),
                    names: IndexSet::new(),
                    records: HashMap::new(),
                    existed: false,
                })
            }
            Err(e) => return Err(AppError::new(ErrorCode::Io, format!("cannot read {}: {e}", path.display()))),
        };
        let invalid = |why: String| {
            AppError::new(
                ErrorCode::AgentsLockInvalid,
                format!("{} {why}; nothing was changed. Fix it, or move it away to start a new one", path.display()),
            )
            .with_details(serde_json::json!({ "path": path }))
        };
        // The typed reading is the fast one; whatever it refuses is read again as plain JSON,
        // which either accepts it (an entry of another shape) or says exactly what is wrong.
        let (version, entries, doc) = match serde_json::from_slice::<Shape>(&bytes) {
            Ok(shape) => (shape.version, shape.skills.into_iter().map(|(n, e)| (n, e.skillhouse)).collect(), None),
            Err(_) => {
                let doc: Map<String, Value> = match serde_json::from_slice(&bytes) {
                    Ok(Value::Object(doc)) => doc,
                    Ok(_) => return Err(invalid("is not a JSON object".into())),
                    Err(e) => return Err(invalid(format!("is not valid JSON ({e})"))),
                };
                let version = doc.get("version").and_then(Value::as_u64);
                let Some(skills) = doc.get("skills").and_then(Value::as_object) else {
                    return Err(invalid("has no `skills` object".into()));
                };
                let mut entries: Vec<(String, Option<Record>)> = Vec::new();
                for (name, entry) in skills {
                    let record = match entry.get("skillhouse").filter(|r| !r.is_null()) {
                        Some(record) => Some(
                            Record::deserialize(record)
                                .map_err(|e| invalid(format!("has an unreadable `skillhouse` record for `{name}` ({e})")))?,
                        ),
                        None => None,
                    };
                    entries.push((name.clone(), record));
                }
                (version, entries, Some(doc))
            }
        };
        if version.is_none_or(|v| v < kind.version()) {
            return Err(invalid(format!("has version {version:?}, older than the {} this reads", kind.version())));
        }
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut names = IndexSet::with_capacity(entries.len());
        let mut records = HashMap::new();
        for (name, record) in entries {
            if let Some(mut record) = record {
                record.catalogue = dir.join(&record.catalogue);
                for install in &mut record.installs {
                    install.folder = dir.join(&install.folder);
                    if install.source.is_empty() {
                        install.source.clone_from(&record.source_digest);
                    }
                }
                records.insert(name.clone(), record);
            }
            names.insert(name);
        }
        let parsed = OnceLock::new();
        if let Some(doc) = doc {
            let _ = parsed.set(doc);
        }
        Ok(Lock { path: path.to_path_buf(), kind, raw: Arc::new(bytes), doc: parsed, names, records, existed: true })
    }

    /// The whole document, parsed on first use from the bytes `read` checked.
    fn doc(&self) -> &Map<String, Value> {
        self.doc.get_or_init(|| {
            if self.raw.is_empty() {
                let mut doc = Map::new();
                doc.insert("version".into(), self.kind.version().into());
                doc.insert("skills".into(), Value::Object(Map::new()));
                if self.kind == Kind::Global {
                    doc.insert("dismissed".into(), Value::Object(Map::new()));
                }
                return doc;
            }
            serde_json::from_slice(&self.raw).expect("read checked that the lock is a JSON object")
        })
    }

    fn skills(&self) -> &Map<String, Value> {
        self.doc()["skills"].as_object().expect("checked on read")
    }

    fn skills_mut(&mut self) -> &mut Map<String, Value> {
        self.doc();
        let doc = self.doc.get_mut().expect("parsed just now");
        doc.get_mut("skills").and_then(Value::as_object_mut).expect("checked on read")
    }

    /// The skill names in the lock, whoever installed them.
    pub fn names(&self) -> Box<dyn Iterator<Item = &str> + '_> {
        match self.doc.get() {
            Some(doc) => Box::new(doc["skills"].as_object().expect("checked on read").keys().map(String::as_str)),
            None => Box::new(self.names.iter().map(String::as_str)),
        }
    }

    /// Skillhouse's record for `name`, when Skillhouse installed it (checked on read), with its
    /// paths absolute.
    pub fn record(&self, name: &str) -> Option<Record> {
        self.records.get(name).cloned()
    }

    /// Skillhouse's records by skill name (see `record`).
    pub fn records_by_name(&self) -> &HashMap<String, Record> {
        &self.records
    }

    fn dir(&self) -> PathBuf {
        self.path.parent().map(Path::to_path_buf).unwrap_or_default()
    }

    /// A project's lock is committed with the project: paths inside it are kept relative, so a
    /// clone elsewhere reads the same record.
    fn stored(&self, path: &Path) -> PathBuf {
        match self.kind {
            Kind::Project => path.strip_prefix(self.dir()).map(Path::to_path_buf).unwrap_or_else(|_| path.to_path_buf()),
            Kind::Global => path.to_path_buf(),
        }
    }

    /// Every skill Skillhouse installed, in the lock's order.
    pub fn records(&self) -> impl Iterator<Item = (&str, &Record)> {
        self.names().filter_map(|n| Some((n, self.records.get(n)?)))
    }

    /// Records `name` as installed from the local folder `source`, in the shape `skills` writes
    /// for a local source, with Skillhouse's record beside its keys. `now` is an ISO 8601 time
    /// (the global lock keeps install and update times).
    pub fn set(&mut self, name: &str, source: &Path, hash: &str, record: &Record, now: &str) {
        let kind = self.kind;
        let lock_dir = self.dir();
        self.records.insert(name.to_string(), record.clone());
        let mut record = record.clone();
        record.catalogue = self.stored(&record.catalogue);
        for install in &mut record.installs {
            install.folder = self.stored(&install.folder);
        }
        let skills = self.skills_mut();
        let mut entry = match skills.get(name) {
            Some(Value::Object(old)) => old.clone(),
            _ => Map::new(),
        };
        let installed_at = entry.get("installedAt").cloned();
        match kind {
            Kind::Project => {
                let project = lock_dir;
                entry.insert("source".into(), portable_source(source, &project).into());
                entry.insert("sourceType".into(), "local".into());
                entry.insert("computedHash".into(), hash.into());
            }
            Kind::Global => {
                let source = source.to_string_lossy().into_owned();
                entry.insert("source".into(), source.clone().into());
                entry.insert("sourceType".into(), "local".into());
                entry.insert("sourceUrl".into(), source.into());
                entry.insert("skillFolderHash".into(), hash.into());
                entry.insert("installedAt".into(), installed_at.unwrap_or_else(|| now.into()));
                entry.insert("updatedAt".into(), now.into());
            }
        }
        entry.insert("skillhouse".into(), serde_json::to_value(&record).expect("a record serialises"));
        skills.insert(name.to_string(), Value::Object(entry));
    }

    pub fn remove(&mut self, name: &str) {
        self.skills_mut().shift_remove(name);
        self.records.remove(name);
    }

    /// The file's bytes as `skills` writes them: two-space JSON; a project lock with its skills
    /// sorted and a final newline, the global one without.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut doc = self.doc().clone();
        if self.kind == Kind::Project {
            let mut sorted: Vec<(String, Value)> = self.skills().clone().into_iter().collect();
            sorted.sort_by(|a, b| a.0.cmp(&b.0));
            doc.insert("skills".into(), Value::Object(sorted.into_iter().collect()));
        }
        let mut text = serde_json::to_string_pretty(&Value::Object(doc)).expect("JSON serialises");
        if self.kind == Kind::Project {
            text.push('\n');
        }
        text.into_bytes()
    }
}

/// `skills`' portable form of a local source: relative to the project, `./`-prefixed, `/`-separated.
fn portable_source(source: &Path, project: &Path) -> String {
    match pathdiff::diff_paths(source, project) {
        Some(rel) if !rel.is_absolute() => {
            let rel = rel.to_string_lossy().replace('\\', "/");
            if rel.is_empty() {
                ".".into()
            } else if rel == ".." || rel.starts_with("../") {
                rel
            } else {
                format!("./{rel}")
            }
        }
        _ => source.to_string_lossy().replace('\\', "/"),
    }
}

/// The files `skills` counts in a skill folder: regular files (symlinks skipped), `.git` and
/// `node_modules` left out, each with its `/`-separated path under `dir`. Unsorted.
pub(super) fn installed_files(dir: &Path) -> std::io::Result<Vec<(String, std::fs::DirEntry)>> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            if kind.is_dir() {
                let name = entry.file_name();
                if name != ".git" && name != "node_modules" {
                    folders.push(entry.path());
                }
            } else if kind.is_file() {
                let rel = entry.path().strip_prefix(dir).expect("walked from dir").to_string_lossy().replace('\\', "/");
                files.push((rel, entry));
            }
        }
    }
    Ok(files)
}

/// What the file system says about a folder's files without reading them: each regular file's
/// path, size, modification and change times and inode, as `folder_hash` walks them. Git's index
/// trusts the same readings; a folder whose stamp is unchanged is taken to hold the same bytes,
/// which is what lets a sync of thousands of copies read none of them. Any difference (a clone,
/// a touched file) only means the folder is hashed again.
pub fn folder_stamp(dir: &Path) -> std::io::Result<String> {
    let mut files: Vec<(String, [i64; 5])> = Vec::new();
    for (rel, entry) in installed_files(dir)? {
        files.push((rel, readings(&entry.metadata()?)));
    }
    files.sort();
    let mut hash = Sha256::new();
    for (rel, r) in &files {
        hash.update(rel.as_bytes());
        hash.update([0]);
        for n in r {
            hash.update(n.to_le_bytes());
        }
    }
    Ok(hex::encode(hash.finalize()))
}

#[cfg(unix)]
fn readings(m: &std::fs::Metadata) -> [i64; 5] {
    use std::os::unix::fs::MetadataExt;
    [m.len() as i64, m.mtime() * 1_000_000_000 + m.mtime_nsec(), m.ctime() * 1_000_000_000 + m.ctime_nsec(), m.ino() as i64, m.dev() as i64]
}

#[cfg(not(unix))]
fn readings(m: &std::fs::Metadata) -> [i64; 5] {
    let nanos = |t: std::io::Result<std::time::SystemTime>| {
        t.ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map_or(0, |d| d.as_nanos() as i64)
    };
    [m.len() as i64, nanos(m.modified()), nanos(m.created()), 0, 0]
}

/// `folder_hash` of `dir`, taken from `known` (a digest and the stamp it was recorded with) while
/// the folder's stamp still matches.
pub fn folder_hash_known(dir: &Path, known: Option<(&str, &str)>) -> std::io::Result<String> {
    if let Some((digest, stamp)) = known.filter(|(d, s)| !d.is_empty() && !s.is_empty()) {
        if folder_stamp(dir)? == stamp {
            return Ok(digest.to_string());
        }
    }
    folder_hash(dir)
}

/// The `skills` CLI's `computeSkillFolderHash`: SHA-256 over the folder's regular files (symlinks
/// and `.git`/`node_modules` folders skipped), sorted by relative path as JavaScript's
/// `localeCompare` sorts (ICU's root collation), each fed as its `/`-separated path then its bytes.
pub fn folder_hash(dir: &Path) -> std::io::Result<String> {
    let mut files: Vec<(String, PathBuf)> = installed_files(dir)?.into_iter().map(|(rel, entry)| (rel, entry.path())).collect();
    let collator = icu_collator::Collator::try_new(Default::default(), Default::default()).expect("compiled collation data");
    files.sort_by(|a, b| collator.compare(&a.0, &b.0));
    let mut hash = Sha256::new();
    for (rel, path) in &files {
        hash.update(rel.as_bytes());
        hash.update(std::fs::read(path)?);
    }
    Ok(hex::encode(hash.finalize()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_ordered_as_locale_compare_orders_them_not_by_bytes() {
        let dir = tempfile::tempdir().unwrap();
        for file in ["SKILL.md", "references/a.md", "assets/B.txt", "assets/a.txt"] {
            let path = dir.path().join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, file).unwrap();
        }
        std::fs::create_dir_all(dir.path().join(".git")).unwrap();
        std::fs::write(dir.path().join(".git/HEAD"), "ignored").unwrap();
        // localeCompare: assets/a.txt < assets/B.txt < references/a.md < SKILL.md (case folded first).
        let mut expected = Sha256::new();
        for file in ["assets/a.txt", "assets/B.txt", "references/a.md", "SKILL.md"] {
            expected.update(file.as_bytes());
            expected.update(file.as_bytes());
        }
        assert_eq!(folder_hash(dir.path()).unwrap(), hex::encode(expected.finalize()));
    }

    #[test]
    fn a_lock_that_is_not_json_or_too_old_is_refused_and_a_missing_one_is_empty() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("skills-lock.json");
        let empty = Lock::read(&path, Kind::Project).unwrap();
        assert!(!empty.existed && empty.names().next().is_none());
        for (text, why) in [("{not json", "not valid JSON"), ("[]", "not a JSON object"), (r#"{"version":0,"skills":{}}"#, "older")] {
            std::fs::write(&path, text).unwrap();
            let err = Lock::read(&path, Kind::Project).unwrap_err();
            assert_eq!(err.code, ErrorCode::AgentsLockInvalid);
            assert!(err.message.contains(why), "{}", err.message);
        }
    }

    #[test]
    fn keys_skillhouse_does_not_own_survive_and_the_project_source_is_relative() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("skills-lock.json");
        std::fs::write(
            &path,
            r#"{"version":1,"skills":{"theirs":{"source":"vercel-labs/skills","sourceType":"github","computedHash":"ab","extra":1}},"future":true}"#,
        )
        .unwrap();
        let mut lock = Lock::read(&path, Kind::Project).unwrap();
        let record = Record {
            catalogue: dir.path().join("cat"),
            dir: "mine".into(),
            source_digest: "cd".into(),
            source_stamp: String::new(),
            installs: vec![],
        };
        lock.set("mine", &dir.path().join("cat/mine"), "cd", &record, "2026-12-05T00:00:00.000Z");
        let written: Value = serde_json::from_slice(&lock.to_bytes()).unwrap();
        assert_eq!(written["future"], true);
        assert_eq!(written["skills"]["theirs"]["extra"], 1);
        assert_eq!(written["skills"]["mine"]["source"], "./cat/mine");
        assert_eq!(written["skills"]["mine"]["computedHash"], "cd");
        assert!(written["skills"]["mine"].get("installedAt").is_none(), "a project lock holds no times");
        assert_eq!(lock.record("mine"), Some(record));
        assert_eq!(written["skills"]["mine"]["skillhouse"]["catalogue"], "cat", "inside the project: relative");
        assert_eq!(lock.record("theirs"), None);
        let keys: Vec<&String> = written["skills"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["mine", "theirs"]);
    }

    #[test]
    fn the_typed_reading_and_the_plain_one_agree_on_names_records_and_refusals() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("skills-lock.json");
        let record = r#"{"catalogue":"cat","dir":"mine","sourceDigest":"cd","installs":[{"agents":["cursor"],"folder":".cursor/skills/mine","how":"copy","digest":"cd"}]}"#;
        // The first is read typed; the second has an entry of another shape (a string), which
        // only the plain reading accepts.
        for other in [r#"{"source":"x"}"#, r#""a string""#] {
            std::fs::write(
                &path,
                format!(r#"{{"version":1,"skills":{{"zed":{other},"mine":{{"skillhouse":{record}}},"nul":{{"skillhouse":null}}}}}}"#),
            )
            .unwrap();
            let lock = Lock::read(&path, Kind::Project).unwrap();
            assert_eq!(lock.names().collect::<Vec<_>>(), ["zed", "mine", "nul"], "{other}");
            let mine = lock.record("mine").unwrap();
            assert_eq!(mine.catalogue, dir.path().join("cat"));
            assert_eq!(mine.installs[0].folder, dir.path().join(".cursor/skills/mine"));
            assert_eq!(mine.installs[0].source, "cd", "an old record's source is its source digest");
            assert_eq!(lock.records().map(|(n, _)| n).collect::<Vec<_>>(), ["mine"]);
            assert_eq!(lock, Lock::read(&path, Kind::Project).unwrap());
            let mut changed = lock.clone();
            changed.remove("zed");
            assert_ne!(changed, lock);
            assert_eq!(changed.names().collect::<Vec<_>>(), ["mine", "nul"]);
        }
        std::fs::write(&path, r#"{"version":1,"skills":{"mine":{"skillhouse":{"dir":3}}}}"#).unwrap();
        let err = Lock::read(&path, Kind::Project).unwrap_err();
        assert!(err.message.contains("unreadable `skillhouse` record for `mine`"), "{}", err.message);
        std::fs::write(&path, r#"{"version":1,"skills":[]}"#).unwrap();
        assert!(Lock::read(&path, Kind::Project).unwrap_err().message.contains("no `skills` object"));
    }
}
