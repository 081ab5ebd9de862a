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

pub const SKILL_FILE: &str = "SKILL.md";
const SKIPPED_DIRS: &[&str] = &[".git", "node_modules", "target"];
const AGENT_DIRS: &[&str] = &["agents", ".claude/agents"];
/// Folders that only a skill has; a directory holding one without `SKILL.md` lost its file.
const SKILL_FOLDERS: &[&str] = &["references", "scripts", "assets"];

/// A skill directory found by the scan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillDir {
    /// Relative to the root, `/`-separated.
    pub dir: String,
    pub path: PathBuf,
    /// The relative directory of the skill this one is nested in, if any.
    pub parent: Option<String>,
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
}

/// Joins a relative path with `/` whatever the platform.
pub fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

/// Whether `path` resolves inside `root` (both canonical). A link that cannot be resolved is
/// treated as outside: it cannot be shown to be safe.
pub fn resolves_inside(root: &Path, path: &Path) -> Option<PathBuf> {
    fs::canonicalize(path).ok().filter(|p| p.starts_with(root))
}

pub fn symlink_outside(file: &str) -> Diagnostic {
    Diagnostic::error(Code::PathSymlinkOutside, file, Position::START, format!("`{file}` is a symlink that leads outside the catalogue (or nowhere); it was not followed"))
        .with_hint("copy the target into the catalogue, or point the link at a path inside it")
}

pub fn scan(root: &Path, max_depth: usize) -> Layout {
    let root = fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let mut layout = Layout { root: root.clone(), ..Layout::default() };
    let mut visited = HashSet::new();
    visited.insert(root.clone());
    walk(&root, &root, "", 0, max_depth, None, &mut visited, &mut layout);
    layout.skills.sort_by(|a, b| a.dir.cmp(&b.dir));
    find_agents(&root, &mut layout);
    layout
}

#[allow(clippy::too_many_arguments)]
fn walk(
    root: &Path,
    path: &Path,
    rel: &str,
    depth: usize,
    max_depth: usize,
    enclosing_skill: Option<&str>,
    visited: &mut HashSet<PathBuf>,
    layout: &mut Layout,
) {
    let Ok(read) = fs::read_dir(path) else { return };
    let mut entries: Vec<(String, PathBuf, fs::FileType)> = read
        .filter_map(Result::ok)
        .filter_map(|e| Some((e.file_name().into_string().ok()?, e.path(), e.file_type().ok()?)))
        .collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));

    let has_skill_file = entries.iter().any(|(name, p, t)| name == SKILL_FILE && (t.is_file() || (t.is_symlink() && p.is_file())));
    let mut this_skill = enclosing_skill.map(str::to_string);
    if has_skill_file && !rel.is_empty() {
        layout.skills.push(SkillDir { dir: rel.to_string(), path: path.to_path_buf(), parent: enclosing_skill.map(str::to_string) });
        if let Some(parent) = enclosing_skill {
            layout.diagnostics.push(
                Diagnostic::warning(Code::SkillNested, &join(rel, SKILL_FILE), Position::START, format!("this skill is nested inside the skill `{parent}`"))
                    .with_hint("move it next to the other skills; readers that load the outer skill treat its files as resources"),
            );
        }
        this_skill = Some(rel.to_string());
    } else if !rel.is_empty() && enclosing_skill.is_none() {
        lost_skill_file(rel, &entries, layout);
    }

    for (name, child, file_type) in entries {
        let child_rel = join(rel, &name);
        let is_dir = if file_type.is_symlink() {
            match resolves_inside(root, &child) {
                Some(target) if target.is_dir() => {
                    if !visited.insert(target) {
                        continue; // a loop, or a second link to a folder already walked
                    }
                    true
                }
                Some(_) => false,
                None => {
                    // Links inside a skill are reported when its resources are listed.
                    if this_skill.is_none() {
                        layout.diagnostics.push(symlink_outside(&child_rel));
                    }
                    continue;
                }
            }
        } else {
            file_type.is_dir()
        };
        if !is_dir || SKIPPED_DIRS.contains(&name.as_str()) {
            continue;
        }
        if depth + 1 > max_depth {
            layout.diagnostics.push(
                Diagnostic::warning(Code::ScanDepthLimit, &child_rel, Position::START, format!("`{child_rel}` is deeper than {max_depth} levels and was not scanned"))
                    .with_hint("raise `limits.max_depth` in skillhouse.yaml, or move the skills up"),
            );
            continue;
        }
        walk(root, &child, &child_rel, depth + 1, max_depth, this_skill.as_deref(), visited, layout);
    }
}

fn lost_skill_file(rel: &str, entries: &[(String, PathBuf, fs::FileType)], layout: &mut Layout) {
    if let Some((name, _, _)) = entries.iter().find(|(name, _, t)| t.is_file() && name.eq_ignore_ascii_case(SKILL_FILE)) {
        layout.diagnostics.push(
            Diagnostic::error(Code::SkillFileNameCase, &join(rel, name), Position::START, format!("`{name}` must be named exactly `{SKILL_FILE}` to be read as a skill"))
                .with_hint(format!("rename it: git mv {} {}", join(rel, name), join(rel, SKILL_FILE))),
        );
    } else if entries.iter().any(|(name, _, t)| t.is_dir() && SKILL_FOLDERS.contains(&name.as_str())) {
        layout.diagnostics.push(
            Diagnostic::error(Code::SkillMissingSkillMd, rel, Position::START, format!("`{rel}` has skill folders (references, scripts or assets) but no `{SKILL_FILE}`"))
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
            if path.is_symlink() && resolves_inside(root, &path).is_none() {
                layout.diagnostics.push(symlink_outside(&file));
                continue;
            }
            if path.is_file() {
                layout.agents.push(AgentFile { file, path });
            }
        }
    }
}
