//! What the session makes of a file watcher's reports: which skills to re-read, whether to
//! re-open, and which reports are only files being opened or read (most of them).

use super::Session;
use crate::app_error::AppError;
use crate::catalogue::Catalogue;
use crate::files::{sha256_hex, FileStamp};
use crate::skill::Skill;
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

impl Session {
    /// Takes file changes reported by a watcher. Returns whether anything changed that the UI
    /// should show; the session's own saves are recognised and ignored.
    pub fn files_changed(&mut self, paths: &[PathBuf]) -> Result<bool, AppError> {
        let root = self.catalogue.root.clone();
        let mut dirs: Vec<String> = Vec::new();
        let mut whole = false;
        {
            // One lookup per batch: the watcher's own walk of a 10,000-skill catalogue reports
            // some 14,000 folders opened, and a scan of every skill per path held the session
            // (and so every search) for over ten seconds.
            let skills = SkillLookup::new(&self.catalogue.skills);
            for p in paths {
                let own = self.own_writes.get(p).is_some_and(|sha| fs::read(p).map(|b| &sha256_hex(&b) == sha).unwrap_or(false));
                // Watchers also report files being opened or read (by us, re-reading a skill):
                // only a file whose size or modification time differs from what we hold counts.
                if own || self.is_unchanged(p, &skills) {
                    continue;
                }
                let Ok(rel) = p.strip_prefix(&root) else { continue };
                let rel = rel.to_string_lossy().replace('\\', "/");
                if rel.starts_with(".git/") || rel.contains("/.git/") {
                    continue;
                }
                match skills.owner(&rel) {
                    // A skill's own folder changed: refresh just that skill.
                    Some(s) if rel != s.dir => dirs.push(s.dir.clone()),
                    // Anything else (a new or removed skill, agents, settings): re-open, which
                    // re-reads only what changed.
                    _ => whole = true,
                }
            }
        }
        if whole {
            self.reload()?;
        } else if !dirs.is_empty() {
            dirs.sort();
            dirs.dedup();
            self.refresh(&dirs)?;
        }
        Ok(whole || !dirs.is_empty())
    }

    /// Whether a path the watcher reported leaves the catalogue as it is. Watchers also report
    /// files being opened and read (by us, re-reading a skill), so only these count: a skill's
    /// file or an agent whose size or modification time differs from what the catalogue holds,
    /// a new or removed file in a skill, a new or removed agent, a changed `skillhouse.yaml` or
    /// fragment, and a new folder that holds a `SKILL.md`. Everything else cannot change what
    /// the catalogue shows.
    fn is_unchanged(&self, path: &Path, skills: &SkillLookup<'_>) -> bool {
        let Ok(rel) = path.strip_prefix(&self.catalogue.root) else { return true };
        let rel = rel.to_string_lossy().replace('\\', "/");
        let meta = fs::metadata(path).ok();
        let stamp = meta.as_ref().map(FileStamp::of_metadata);
        if let Some(known) = self.outer_files.get(path) {
            return stamp.as_ref() == Some(known);
        }
        if let Some(skill) = skills.owner(&rel) {
            if rel == skill.dir {
                return meta.is_some(); // the skill's folder itself: gone is a change
            }
            let inner = &rel[skill.dir.len() + 1..];
            if inner == crate::scan::SKILL_FILE {
                return stamp == Some((skill.stamp.size, skill.stamp.mtime_ns));
            }
            return match (skill.resources.iter().find(|r| r.path == inner), &meta) {
                (Some(r), Some(_)) => stamp == Some((r.size, r.mtime_ns)),
                (Some(_), None) => false,      // a resource was removed
                (None, Some(m)) => m.is_dir(), // a new file is a new resource
                (None, None) => true,          // something that came and went
            };
        }
        if let Some(agent) = self.catalogue.agents.iter().find(|a| a.file == rel) {
            return stamp == Some((agent.stamp.size, agent.stamp.mtime_ns));
        }
        let agent_file = (rel.starts_with("agents/") || rel.starts_with(".claude/agents/")) && rel.ends_with(".md");
        match meta {
            // The root and the folders above known skills are opened by every scan; a folder
            // is news only when it is new and holds a skill.
            Some(m) if m.is_dir() => rel.is_empty() || skills.above.contains(rel.as_str()) || !crate::scan::is_skill_folder(path),
            Some(_) => !(agent_file || rel.ends_with(&format!("/{}", crate::scan::SKILL_FILE))),
            None => !agent_file,
        }
    }
}

/// The skills by folder, for placing the paths a watcher reports without a scan of every skill
/// per path.
struct SkillLookup<'a> {
    by_dir: HashMap<&'a str, &'a Skill>,
    /// Every folder above a skill's folder (`group` for `group/skill`).
    above: std::collections::HashSet<&'a str>,
}

impl<'a> SkillLookup<'a> {
    fn new(skills: &'a [Skill]) -> Self {
        let by_dir = skills.iter().map(|s| (s.dir.as_str(), s)).collect();
        let above = skills.iter().flat_map(|s| s.dir.match_indices('/').map(|(i, _)| &s.dir[..i])).collect();
        SkillLookup { by_dir, above }
    }

    /// The skill whose folder is `rel` or holds it, the innermost when skills nest.
    fn owner(&self, rel: &str) -> Option<&'a Skill> {
        std::iter::once(rel).chain(rel.rmatch_indices('/').map(|(i, _)| &rel[..i])).find_map(|d| self.by_dir.get(d).copied())
    }
}

/// The stamps of the files outside skills and agents that change what a load finds.
pub(super) fn outer_files(catalogue: &Catalogue) -> HashMap<PathBuf, (u64, i64)> {
    let mut paths = vec![catalogue.root.join(crate::settings::FILE_NAME)];
    if let Some(fragment) = &catalogue.settings.operating_principles {
        paths.push(catalogue.root.join(fragment));
    }
    paths
        .into_iter()
        .map(|p| {
            let stamp = fs::metadata(&p).map(|m| FileStamp::of_metadata(&m)).unwrap_or((u64::MAX, 0));
            (p, stamp)
        })
        .collect()
}
