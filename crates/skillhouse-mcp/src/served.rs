//! What the server serves, made from one state of the loaded catalogue: every skill without
//! errors with its files (path, size, digest, tokens), and the skills held back with their first
//! error. Made again whenever the catalogue changes; a request sees one snapshot throughout.
//!
//! Files are read from disk when asked for, never held: a file is served only when it is one the
//! snapshot lists, inside its skill's folder once symlinks are resolved, and still the bytes that
//! were checked (size and digest); anything else is refused with the reason.

use crate::address::{self, Address};
use crate::cut;
use skillhouse_core::catalogue::Catalogue;
use skillhouse_core::files::sha256_hex;
use skillhouse_core::skill::Skill;
use std::collections::HashMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Files larger than this are neither listed nor read: no agent loads them into a context, and
/// reading one would hold the request (and the memory) for nothing.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// One state of the catalogue as served.
pub struct Served {
    pub root: PathBuf,
    /// Every skill without errors, by name.
    pub skills: Vec<ServedSkill>,
    by_name: HashMap<String, usize>,
    /// Skills with errors: never served, listed (with the reason) for whoever asks.
    pub held: Vec<Held>,
    /// The operating-principles fragment that Skillhouse counts into every skill's L2.
    pub fragment: Option<String>,
    /// Position in the catalogue's skill list of each served skill, for search results.
    by_row: HashMap<usize, usize>,
    /// Every agent whose file could be read, by name, with the skills it lists.
    pub agents: Vec<ServedAgent>,
}

/// An agent as `list_agents` shows it: what it is for and which skills it uses. An agent with
/// errors is listed too (its skills that are served are usable on their own), with the count.
pub struct ServedAgent {
    pub name: String,
    pub description: String,
    /// The agent's file, relative to the catalogue.
    pub file: String,
    pub skills: Vec<String>,
    pub errors: usize,
}

pub struct ServedSkill {
    pub name: String,
    pub description: String,
    /// Folder relative to the catalogue root.
    pub dir: String,
    /// The frontmatter as written (YAML read as JSON), for `skills/list`.
    pub frontmatter: serde_json::Map<String, serde_json::Value>,
    /// `SKILL.md` first, then every other file of the skill, by path.
    pub files: Vec<ServedFile>,
    /// Files of the skill over [`MAX_FILE_BYTES`], left out of `files`.
    pub too_large: Vec<String>,
    /// Files reached through a symlink that leads out of the skill's folder, left out of `files`.
    pub leads_out: Vec<String>,
    pub l1: u64,
    pub l2: u64,
    pub l3: u64,
}

#[derive(Clone)]
pub struct ServedFile {
    /// Relative to the skill folder, `/`-separated.
    pub path: String,
    pub size: u64,
    pub mtime_ns: i64,
    /// Hex sha256, when the catalogue read the file (text files and SKILL.md); binaries are
    /// hashed when first listed (see [`Digests`]).
    pub sha256: Option<String>,
    /// o200k tokens of a text file under the skill; `None` for SKILL.md (its L1 and L2 are the
    /// skill's) and for binaries.
    pub tokens: Option<u64>,
}

pub struct Held {
    pub name: String,
    pub dir: String,
    /// `code: message (file:line)` of the first error.
    pub reason: String,
}

/// Digests of binary files, hashed once per content (size and modification time) across
/// snapshots: the catalogue's walk does not read binaries, and listing must not read them again.
#[derive(Default, Clone)]
pub struct Digests(Arc<Mutex<HashMap<PathBuf, Hashed>>>);

/// Size, modification time and hex sha256 of a file when it was hashed.
type Hashed = (u64, i64, String);

impl Digests {
    fn of(&self, path: &Path, size: u64, mtime_ns: i64) -> Option<String> {
        if let Some((s, m, d)) = self.0.lock().ok()?.get(path) {
            if *s == size && *m == mtime_ns && mtime_ns != 0 {
                return Some(d.clone());
            }
        }
        let digest = sha256_hex(&fs::read(path).ok()?);
        self.0.lock().ok()?.insert(path.to_path_buf(), (size, mtime_ns, digest.clone()));
        Some(digest)
    }
}

/// Why a request for a skill or a file is refused. Each says what to ask instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A malformed URI or path (`..`, absolute, not `skill://`): the request is wrong.
    BadRequest(String),
    /// No served skill or file there.
    NotFound(String),
}

impl Refusal {
    pub fn message(&self) -> &str {
        match self {
            Refusal::BadRequest(m) | Refusal::NotFound(m) => m,
        }
    }
}

impl Served {
    pub fn of(catalogue: &Catalogue) -> Served {
        let mut pairs = Vec::new();
        let mut held = Vec::new();
        // The source locale's skills: a translation has its source's name, so its address.
        for (row, skill) in catalogue.skills.iter().enumerate().filter(|(_, s)| s.translation_of.is_none()) {
            match skillhouse_core::serving::held_reason(skill) {
                Some(reason) => held.push(Held { name: skill.name.clone(), dir: skill.dir.clone(), reason }),
                None => pairs.push((row, served(&catalogue.root, skill))),
            }
        }
        pairs.sort_by(|(_, a), (_, b)| a.name.cmp(&b.name).then_with(|| a.dir.cmp(&b.dir)));
        let by_row = pairs.iter().enumerate().map(|(at, (row, _))| (*row, at)).collect();
        let skills: Vec<ServedSkill> = pairs.into_iter().map(|(_, s)| s).collect();
        // Two error-free skills cannot share a name (`skill.duplicate-name` is an error), so the
        // first of a name is the only one.
        let mut by_name = HashMap::new();
        for (i, s) in skills.iter().enumerate() {
            by_name.entry(s.name.clone()).or_insert(i);
        }
        held.sort_by(|a, b| a.name.cmp(&b.name));
        let mut agents: Vec<ServedAgent> = catalogue
            .agents
            .iter()
            .filter(|a| a.parsed)
            .map(|a| ServedAgent {
                name: a.name.clone(),
                description: a.description.clone(),
                file: a.file.clone(),
                skills: a.skills.iter().map(|r| r.name.clone()).collect(),
                errors: a.diagnostics.iter().filter(|d| d.severity == skillhouse_core::diagnostic::Severity::Error).count(),
            })
            .collect();
        agents.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.file.cmp(&b.file)));
        Served { root: catalogue.root.clone(), skills, by_name, held, fragment: catalogue.fragment.clone(), by_row, agents }
    }

    pub fn skill(&self, name: &str) -> Option<&ServedSkill> {
        self.by_name.get(name).map(|i| &self.skills[*i])
    }

    /// The served skill at `row` of the catalogue's skill list (search answers in rows).
    pub fn at_row(&self, row: usize) -> Option<&ServedSkill> {
        self.by_row.get(&row).map(|i| &self.skills[*i])
    }

    /// The served skill named in `uri`, with the refusal a client can act on.
    pub fn skill_of(&self, name: &str) -> Result<&ServedSkill, Refusal> {
        self.skill(name).ok_or_else(|| match self.held.iter().find(|h| h.name == name) {
            Some(h) => Refusal::NotFound(format!("skill `{}` is not served because it has errors: {}", cut(name), h.reason)),
            None => Refusal::NotFound(format!("no skill `{}` is served here; list_skills or skills/list names them", cut(name))),
        })
    }

    /// The folder of a skill on disk.
    pub fn folder(&self, skill: &ServedSkill) -> PathBuf {
        self.root.join(&skill.dir)
    }

    /// The hex sha256 of a listed file, hashing a binary the first time.
    pub fn digest(&self, skill: &ServedSkill, file: &ServedFile, digests: &Digests) -> Option<String> {
        file.sha256.clone().or_else(|| digests.of(&self.folder(skill).join(&file.path), file.size, file.mtime_ns))
    }

    /// The bytes of `path` in `skill`, as checked. Refuses a path that is not one of the skill's
    /// listed files (with why: a folder, too large, outside it), a file whose symlinks lead out of
    /// the skill's folder, and a file that changed since the catalogue checked it.
    pub fn read(&self, skill: &ServedSkill, path: &str, digests: &Digests) -> Result<Vec<u8>, Refusal> {
        address::check_relative(path)?;
        let Some(file) = skill.files.iter().find(|f| f.path == path) else {
            return Err(self.not_a_file(skill, path));
        };
        let folder = self.folder(skill);
        let full = folder.join(&file.path);
        let real_folder = fs::canonicalize(&folder).map_err(|_| self.gone(skill, path))?;
        let real = fs::canonicalize(&full).map_err(|_| self.gone(skill, path))?;
        if !real.starts_with(&real_folder) {
            return Err(leads_out(&skill.name, path));
        }
        let meta = fs::metadata(&real).map_err(|_| self.gone(skill, path))?;
        if !meta.is_file() {
            return Err(self.not_a_file(skill, path));
        }
        if meta.len() > MAX_FILE_BYTES {
            return Err(too_large(&skill.name, path, meta.len()));
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        fs::File::open(&real).and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)).map_err(|_| self.gone(skill, path))?;
        let expected = self.digest(skill, file, digests);
        if bytes.len() as u64 != file.size || expected.as_deref() != Some(sha256_hex(&bytes).as_str()) {
            return Err(Refusal::NotFound(format!(
                "`{path}` of skill `{}` changed on disk since Skillhouse checked it; it is being checked again: list the skill again in a moment",
                skill.name
            )));
        }
        Ok(bytes)
    }

    /// The folders directly inside `path` of `skill` ("" for its top), and its files there.
    pub fn directory<'s>(&self, skill: &'s ServedSkill, path: &str) -> Result<(Vec<String>, Vec<&'s ServedFile>), Refusal> {
        if !path.is_empty() {
            address::check_relative(path)?;
        }
        let prefix = if path.is_empty() { String::new() } else { format!("{path}/") };
        let mut folders: Vec<String> = Vec::new();
        let mut files = Vec::new();
        for f in &skill.files {
            let Some(rest) = f.path.strip_prefix(&prefix) else { continue };
            match rest.split_once('/') {
                Some((folder, _)) => folders.push(folder.to_string()),
                None => files.push(f),
            }
        }
        if folders.is_empty() && files.is_empty() {
            return Err(if skill.files.iter().any(|f| f.path == path) {
                Refusal::BadRequest(format!("`{}` of skill `{}` is a file, not a folder: resources/read reads it", cut(path), skill.name))
            } else {
                Refusal::NotFound(format!("skill `{}` has no folder `{}`", skill.name, cut(path)))
            });
        }
        folders.sort();
        folders.dedup();
        Ok((folders, files))
    }

    fn not_a_file(&self, skill: &ServedSkill, path: &str) -> Refusal {
        let prefix = format!("{path}/");
        if skill.files.iter().any(|f| f.path.starts_with(&prefix)) {
            return Refusal::BadRequest(format!(
                "`{path}` of skill `{}` is a folder: resources/directory/read lists it, resources/read reads its files",
                skill.name
            ));
        }
        if skill.too_large.iter().any(|p| p == path) {
            return too_large(&skill.name, path, 0);
        }
        if skill.leads_out.iter().any(|p| p == path) {
            return leads_out(&skill.name, path);
        }
        Refusal::NotFound(format!("skill `{}` has no file `{}`; skills/get (or load_skill) lists its files", skill.name, cut(path)))
    }

    fn gone(&self, skill: &ServedSkill, path: &str) -> Refusal {
        Refusal::NotFound(format!("`{path}` of skill `{}` is no longer on disk; list the skill again in a moment", skill.name))
    }

    /// The skill as a `skill://` address names it, or why not.
    pub fn address(&self, uri: &str) -> Result<(&ServedSkill, Address), Refusal> {
        let address = address::parse(uri)?;
        let skill = self.skill_of(&address.skill)?;
        Ok((skill, address))
    }
}

fn too_large(skill: &str, path: &str, size: u64) -> Refusal {
    let size = if size > 0 { format!(" ({size} bytes)") } else { String::new() };
    Refusal::NotFound(format!("`{path}` of skill `{skill}` is larger than {MAX_FILE_BYTES} bytes{size}; it is not served"))
}

fn leads_out(skill: &str, path: &str) -> Refusal {
    Refusal::NotFound(format!("`{path}` of skill `{skill}` is a symlink that leads outside the skill's folder; it is not served"))
}

/// Whether `path` (relative to `folder`) stays inside `folder` once symlinks are followed. Only
/// a path with a symlink on its way is resolved, so a skill without links costs one `lstat` per
/// file and folder.
fn stays_inside(folder: &Path, real_folder: &mut Option<Option<PathBuf>>, path: &str, links: &mut HashMap<String, bool>) -> bool {
    let mut at = String::new();
    for segment in path.split('/') {
        if !at.is_empty() {
            at.push('/');
        }
        at.push_str(segment);
        let linked =
            *links.entry(at.clone()).or_insert_with(|| fs::symlink_metadata(folder.join(&at)).is_ok_and(|m| m.file_type().is_symlink()));
        if linked {
            let real = real_folder.get_or_insert_with(|| fs::canonicalize(folder).ok());
            return match (real, fs::canonicalize(folder.join(path))) {
                (Some(real), Ok(target)) => target.starts_with(real),
                _ => false,
            };
        }
    }
    true
}

fn served(root: &Path, skill: &Skill) -> ServedSkill {
    let levels = skill.tokens.clone().unwrap_or_default();
    let counted: HashMap<&str, &skillhouse_core::tokens::ResourceTokens> = levels.resources.iter().map(|r| (r.path.as_str(), r)).collect();
    let mut files = vec![ServedFile {
        path: skillhouse_core::scan::SKILL_FILE.to_string(),
        size: skill.stamp.size,
        mtime_ns: skill.stamp.mtime_ns,
        sha256: Some(skill.stamp.sha256.clone()),
        tokens: None,
    }];
    let (mut too_large, mut leads_out) = (Vec::new(), Vec::new());
    let folder = root.join(&skill.dir);
    let (mut real_folder, mut links) = (None, HashMap::new());
    let mut resources: Vec<&skillhouse_core::scan::Resource> = skill.resources.iter().collect();
    resources.sort_by(|a, b| a.path.cmp(&b.path));
    for r in resources {
        if r.size > MAX_FILE_BYTES {
            too_large.push(r.path.clone());
            continue;
        }
        if !stays_inside(&folder, &mut real_folder, &r.path, &mut links) {
            leads_out.push(r.path.clone());
            continue;
        }
        let known = counted.get(r.path.as_str()).filter(|c| c.size == r.size && c.mtime_ns == r.mtime_ns);
        files.push(ServedFile {
            path: r.path.clone(),
            size: r.size,
            mtime_ns: r.mtime_ns,
            sha256: known.and_then(|c| c.sha256.clone()),
            tokens: known.and_then(|c| c.tokens),
        });
    }
    let frontmatter = match &skill.frontmatter {
        serde_json::Value::Object(map) => map.clone(),
        _ => serde_json::Map::new(),
    };
    ServedSkill {
        name: skill.name.clone(),
        description: skill.description.clone(),
        dir: skill.dir.clone(),
        frontmatter,
        files,
        too_large,
        leads_out,
        l1: levels.l1,
        l2: levels.l2,
        l3: levels.l3,
    }
}
