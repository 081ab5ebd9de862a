//! Finding the skills and agents of a catalogue on disk.
//!
//! A hand-written walk rather than a crate because the walk itself decides things a generic
//! walker does not know about: where a skill starts (and so which skills are nested), which
//! symlinks may be followed (only those that stay inside the root), and which directories look
//! like a skill that lost its `SKILL.md`.

use crate::diagnostic::{Code, Diagnostic, Position};
use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

pub const SKILL_FILE: &str = "SKILL.md";
const SKIPPED_DIRS: &[&str] = &[".git", "node_modules", "target"];
const AGENT_DIRS: &[&str] = &["agents", ".claude/agents"];
/// Folders that only a skill has; a directory holding one without `SKILL.md` lost its file.
const SKILL_FOLDERS: &[&str] = &["references", "scripts", "assets"];

/// A skill directory found by the scan, with the files the walk saw in it, so that nothing
/// needs to list the folder twice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillDir {
    /// Relative to the root, `/`-separated.
    pub dir: String,
    pub path: PathBuf,
    /// The relative directory of the skill this one is nested in, if any.
    pub parent: Option<String>,
    /// Size and modification time of `SKILL.md`.
    pub skill_md: (u64, i64),
    /// Every other file under the skill (not under a nested skill), sorted by path.
    pub resources: Vec<Resource>,
    /// Paths (relative to the root) of symlinks through which the skill is also reached,
    /// e.g. `.claude/skills/x` for `.claude/skills/x -> ../../skills/x`; sorted.
    pub aliases: Vec<String>,
}

/// A file under a skill other than `SKILL.md`: an L3 resource.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Resource {
    /// Relative to the skill directory, `/`-separated.
    pub path: String,
    pub size: u64,
    pub mtime_ns: i64,
}

impl SkillDir {
    pub fn file(&self) -> String {
        format!("{}/{SKILL_FILE}", self.dir)
    }

    /// The directory's own name, which the skill's `name` must equal.
    pub fn dir_name(&self) -> &str {
        self.dir.rsplit('/').next().unwrap_or(&self.dir)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentFile {
    pub file: String,
    pub path: PathBuf,
}

#[derive(Debug, Default)]
pub struct Layout {
    pub root: PathBuf,
    pub skills: Vec<SkillDir>,
    pub agents: Vec<AgentFile>,
    pub diagnostics: Vec<Diagnostic>,
    /// Symlinked folders that were not walked because their target is walked at its real path:
    /// `(link, target)`, both relative to the root.
    links: Vec<(String, String)>,
}

/// Joins a relative path with `/` whatever the platform.
pub fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

/// Whether a folder is a skill. Only looks (no folder is opened), so that a watcher asking
/// about a folder does not itself cause another event.
pub fn is_skill_folder(dir: &Path) -> bool {
    dir.join(SKILL_FILE).is_file()
}

pub fn symlink_outside(file: &str) -> Diagnostic {
    Diagnostic::error(
        Code::PathSymlinkOutside,
        file,
        Position::START,
        format!("`{file}` is a symlink that leads outside the catalogue (or nowhere); it was not followed"),
    )
    .with_hint("copy the target into the catalogue, or point the link at a path inside it")
}

pub fn scan(root: &Path, max_depth: usize) -> Layout {
    let root = fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let mut layout = Layout { root: root.clone(), ..Layout::default() };
    let visited = Mutex::new(HashSet::from([root.clone()]));
    walk(&root, &root, "", 0, max_depth, None, &visited, &mut layout);
    for skill in &mut layout.skills {
        skill.resources.sort_by(|a, b| a.path.cmp(&b.path));
    }
    layout.skills.sort_by(|a, b| a.dir.cmp(&b.dir));
    record_aliases(&mut layout);
    find_agents(&root, &mut layout);
    layout
}

/// Gives each skill the links it is also reached through: a link to the skill's folder, or to
/// a folder above it (`.claude/skills -> ../skills` aliases every skill below).
fn record_aliases(layout: &mut Layout) {
    let links = std::mem::take(&mut layout.links);
    for skill in &mut layout.skills {
        // A link to the root itself is a loop, not an alias.
        for (link, target) in links.iter().filter(|(_, t)| !t.is_empty()) {
            match skill.dir.strip_prefix(target.as_str()) {
                Some("") => skill.aliases.push(link.clone()),
                Some(rest) if rest.starts_with('/') => skill.aliases.push(format!("{link}{rest}")),
                _ => {}
            }
        }
        skill.aliases.sort();
        skill.aliases.dedup();
    }
}

/// Whether the walk reaches `rel` (relative to the root) at its real path: not under a folder it
/// skips, and not below the depth limit.
fn walked_at_real_path(rel: &str, max_depth: usize) -> bool {
    let parts: Vec<&str> = if rel.is_empty() { Vec::new() } else { rel.split('/').collect() };
    parts.len() <= max_depth && !parts.iter().any(|p| SKIPPED_DIRS.contains(p))
}

/// Scans one skill folder again (after a change), as the full scan would have seen it.
pub fn scan_skill(root: &Path, dir: &str, parent: Option<String>, max_depth: usize) -> Option<(SkillDir, Vec<Diagnostic>)> {
    let mut layout = Layout { root: root.to_path_buf(), ..Layout::default() };
    let path = root.join(dir);
    let visited = Mutex::new(HashSet::from([fs::canonicalize(&path).ok()?]));
    let depth = dir.split('/').count();
    walk(root, &path, dir, depth, max_depth, None, &visited, &mut layout);
    let mut found = layout.skills.into_iter().find(|s| s.dir == dir)?;
    found.resources.sort_by(|a, b| a.path.cmp(&b.path));
    found.parent = parent;
    let diagnostics = layout.diagnostics.into_iter().filter(|d| d.code != Code::SkillNested).collect();
    Some((found, diagnostics))
}

#[allow(clippy::too_many_arguments)]
fn walk(
    root: &Path,
    path: &Path,
    rel: &str,
    depth: usize,
    max_depth: usize,
    enclosing_skill: Option<usize>,
    visited: &Mutex<HashSet<PathBuf>>,
    layout: &mut Layout,
) {
    let Ok(read) = fs::read_dir(path) else { return };
    let mut entries: Vec<(String, PathBuf, fs::FileType)> =
        read.filter_map(Result::ok).filter_map(|e| Some((e.file_name().into_string().ok()?, e.path(), e.file_type().ok()?))).collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));

    let skill_file = entries.iter().find(|(name, p, t)| {
        name == SKILL_FILE && (t.is_file() || (t.is_symlink() && crate::files::resolves_inside(root, p).is_some_and(|t| t.is_file())))
    });
    let mut this_skill = enclosing_skill;
    if let (Some((_, skill_md, _)), false) = (skill_file, rel.is_empty()) {
        let stamp = fs::metadata(skill_md).map(|m| crate::files::FileStamp::of_metadata(&m)).unwrap_or_default();
        let parent = enclosing_skill.map(|i| layout.skills[i].dir.clone());
        if let Some(parent) = &parent {
            layout.diagnostics.push(
                Diagnostic::warning(
                    Code::SkillNested,
                    &join(rel, SKILL_FILE),
                    Position::START,
                    format!("this skill is nested inside the skill `{parent}`"),
                )
                .with_hint("move it next to the other skills; readers that load the outer skill treat its files as resources"),
            );
        }
        layout.skills.push(SkillDir {
            dir: rel.to_string(),
            path: path.to_path_buf(),
            parent,
            skill_md: stamp,
            resources: Vec::new(),
            aliases: Vec::new(),
        });
        this_skill = Some(layout.skills.len() - 1);
    } else if !rel.is_empty() && enclosing_skill.is_none() {
        lost_skill_file(rel, &entries, layout);
    }

    // Folders outside any skill are walked in parallel, at every depth: a re-open spends most of
    // its time listing folders and reading file sizes, and large collections keep all their
    // skills under one or two top-level folders (`skills/<category>/`), so parallel top-level
    // folders alone left one core idle. A skill's own files stay in one walk, in order.
    if this_skill.is_none() {
        use rayon::prelude::*;
        let parts: Vec<Layout> = entries
            .into_par_iter()
            .map(|(name, child, file_type)| {
                let mut part = Layout::default();
                visit(root, rel, depth, max_depth, None, visited, &mut part, name, child, file_type);
                part
            })
            .collect();
        for part in parts {
            layout.skills.extend(part.skills);
            layout.diagnostics.extend(part.diagnostics);
            layout.links.extend(part.links);
        }
        return;
    }
    for (name, child, file_type) in entries {
        visit(root, rel, depth, max_depth, this_skill, visited, layout, name, child, file_type);
    }
}

/// One entry of a folder being walked: a file of the enclosing skill, a folder to enter, or a
/// link to follow (inside the root) or refuse.
#[allow(clippy::too_many_arguments)]
fn visit(
    root: &Path,
    rel: &str,
    depth: usize,
    max_depth: usize,
    this_skill: Option<usize>,
    visited: &Mutex<HashSet<PathBuf>>,
    layout: &mut Layout,
    name: String,
    child: PathBuf,
    file_type: fs::FileType,
) {
    let child_rel = join(rel, &name);
    let is_dir = if file_type.is_symlink() {
        match crate::files::resolves_inside(root, &child) {
            Some(target) if target.is_dir() => {
                // A link to a folder the walk reaches anyway is an alias, not a second copy: a
                // skill is one skill at its real path. Only a link inside a skill to a folder
                // that is not a skill (shared references, say) lends that skill its files.
                let target_rel = target.strip_prefix(root).map(|p| p.to_string_lossy().replace('\\', "/")).unwrap_or_default();
                let is_alias = this_skill.is_none() || is_skill_folder(&target);
                if is_alias && walked_at_real_path(&target_rel, max_depth) {
                    layout.links.push((child_rel, target_rel));
                    return;
                }
                if !visited.lock().map(|mut v| v.insert(target)).unwrap_or(false) {
                    return; // a loop, or a second link to a folder already walked
                }
                true
            }
            Some(target) => {
                if let Some(i) = this_skill {
                    add_resource(layout, i, &child_rel, &target);
                }
                return;
            }
            None => {
                layout.diagnostics.push(symlink_outside(&child_rel));
                return;
            }
        }
    } else {
        file_type.is_dir()
    };
    if !is_dir {
        if let (Some(i), true) = (this_skill, file_type.is_file()) {
            let own_skill_file = layout.skills[i].dir == rel && name == SKILL_FILE;
            if !own_skill_file {
                add_resource(layout, i, &child_rel, &child);
            }
        }
        return;
    }
    if SKIPPED_DIRS.contains(&name.as_str()) {
        return;
    }
    if depth + 1 > max_depth {
        layout.diagnostics.push(
            Diagnostic::warning(
                Code::ScanDepthLimit,
                &child_rel,
                Position::START,
                format!("`{child_rel}` is below the scan depth limit (`limits.max_depth: {max_depth}`) and was not scanned"),
            )
            .with_hint("raise `limits.max_depth` in skillhouse.yaml, or move the skills up"),
        );
        return;
    }
    walk(root, &child, &child_rel, depth + 1, max_depth, this_skill, visited, layout);
}

fn add_resource(layout: &mut Layout, skill: usize, rel: &str, path: &Path) {
    let Ok(meta) = fs::metadata(path) else { return };
    let (size, mtime_ns) = crate::files::FileStamp::of_metadata(&meta);
    let owner = &mut layout.skills[skill];
    let path = rel.strip_prefix(&owner.dir).map(|p| p.trim_start_matches('/')).unwrap_or(rel).to_string();
    owner.resources.push(Resource { path, size, mtime_ns });
}

fn lost_skill_file(rel: &str, entries: &[(String, PathBuf, fs::FileType)], layout: &mut Layout) {
    if let Some((name, _, _)) = entries.iter().find(|(name, _, t)| t.is_file() && name.eq_ignore_ascii_case(SKILL_FILE)) {
        layout.diagnostics.push(
            Diagnostic::error(
                Code::SkillFileNameCase,
                &join(rel, name),
                Position::START,
                format!("`{name}` must be named exactly `{SKILL_FILE}` to be read as a skill"),
            )
            .with_hint(format!("rename it: git mv {} {}", join(rel, name), join(rel, SKILL_FILE))),
        );
    } else if entries.iter().any(|(name, _, t)| t.is_dir() && SKILL_FOLDERS.contains(&name.as_str())) {
        layout.diagnostics.push(
            Diagnostic::error(
                Code::SkillMissingSkillMd,
                rel,
                Position::START,
                format!("`{rel}` has skill folders (references, scripts or assets) but no `{SKILL_FILE}`"),
            )
            .with_hint(format!("add `{rel}/{SKILL_FILE}` with name and description, or move the folders into a skill")),
        );
    }
}

fn find_agents(root: &Path, layout: &mut Layout) {
    for dir in AGENT_DIRS {
        let Ok(read) = fs::read_dir(root.join(dir)) else { continue };
        let mut files: Vec<(String, PathBuf)> = read
            .filter_map(Result::ok)
            .filter_map(|e| Some((e.file_name().into_string().ok()?, e.path())))
            .filter(|(name, _)| name.ends_with(".md") && !name.eq_ignore_ascii_case("README.md"))
            .collect();
        files.sort();
        for (name, path) in files {
            let file = join(dir, &name);
            if path.is_symlink() && crate::files::resolves_inside(root, &path).is_none() {
                layout.diagnostics.push(symlink_outside(&file));
                continue;
            }
            if path.is_file() {
                layout.agents.push(AgentFile { file, path });
            }
        }
    }
}
