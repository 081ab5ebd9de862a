//! The catalogue's history, read with the `git` program (when it is installed): what
//! `translation::History` asks, for the outdated-translation check. The core only compares.

use skillhouse_core::translation::History;
use std::path::{Path, PathBuf};
use std::process::Command;

pub struct GitHistory {
    root: PathBuf,
}

impl GitHistory {
    /// The history of the repository `root` is in; why there is none otherwise (no git, not a
    /// repository), worded for the person who asked.
    pub fn open(root: &Path) -> Result<GitHistory, String> {
        let out = Command::new("git").arg("-C").arg(root).args(["rev-parse", "--is-inside-work-tree"]).output().map_err(|e| {
            format!(
                "the outdated-translation check is off: git cannot be run ({e}); install git to compare translations with their sources"
            )
        })?;
        if !out.status.success() || String::from_utf8_lossy(&out.stdout).trim() != "true" {
            return Err(format!(
                "the outdated-translation check is off: {} is not in a git repository, so there is no history to compare `source_commit` with",
                root.display()
            ));
        }
        Ok(GitHistory { root: root.to_path_buf() })
    }

    fn git(&self, args: &[&str]) -> Option<std::process::Output> {
        Command::new("git").arg("-C").arg(&self.root).args(args).output().ok()
    }
}

/// A commit name as git reads it, and nothing an option could hide in.
fn commit_like(s: &str) -> bool {
    !s.is_empty() && !s.starts_with('-') && s.chars().all(|c| c.is_ascii_alphanumeric() || "._/^~".contains(c))
}

impl History for GitHistory {
    fn last_change(&self, file: &str) -> Option<String> {
        let out = self.git(&["log", "-1", "--format=%H", "--", file])?;
        let hash = String::from_utf8_lossy(&out.stdout).trim().to_string();
        (out.status.success() && !hash.is_empty()).then_some(hash)
    }

    fn includes(&self, commit: &str, ancestor: &str) -> Option<bool> {
        if !commit_like(commit) || !commit_like(ancestor) {
            return None;
        }
        let known = |c: &str| self.git(&["cat-file", "-e", &format!("{c}^{{commit}}")]).is_some_and(|o| o.status.success());
        if !known(commit) || !known(ancestor) {
            return None;
        }
        let out = self.git(&["merge-base", "--is-ancestor", ancestor, commit])?;
        match out.status.code() {
            Some(0) => Some(true),
            Some(1) => Some(false),
            _ => None,
        }
    }

    fn diff_since(&self, commit: &str, file: &str) -> Option<String> {
        if !commit_like(commit) {
            return None;
        }
        let out = self.git(&["diff", "--no-color", commit, "--", file])?;
        out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn git(dir: &Path, args: &[&str]) {
        let ok = Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(["-c", "user.name=T", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"])
            .args(args)
            .output()
            .unwrap();
        assert!(ok.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&ok.stderr));
    }

    #[test]
    fn a_file_changed_after_a_commit_is_not_included_in_it() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        assert!(GitHistory::open(root).err().unwrap().contains("not in a git repository"));
        git(root, &["init", "-q"]);
        std::fs::write(root.join("a.md"), "one\n").unwrap();
        git(root, &["add", "."]);
        git(root, &["commit", "-q", "-m", "one"]);
        let history = GitHistory::open(root).unwrap();
        let first = history.last_change("a.md").unwrap();
        std::fs::write(root.join("a.md"), "two\n").unwrap();
        git(root, &["commit", "-q", "-am", "two"]);
        let second = history.last_change("a.md").unwrap();
        assert_ne!(first, second);
        assert_eq!(history.includes(&second, &first), Some(true));
        assert_eq!(history.includes(&first, &second), Some(false));
        assert_eq!(history.includes("0123456789abcdef0123456789abcdef01234567", &first), None, "an unknown commit");
        assert_eq!(history.includes("--output=/tmp/x", &first), None, "never an option");
        assert!(history.diff_since(&first, "a.md").unwrap().contains("+two"));
        assert_eq!(history.last_change("missing.md"), None);
    }
}
