//! Records the commit this build comes from, for `skillhouse --version` and the app's About
//! dialog. `SKILLHOUSE_COMMIT` wins (a build from a source archive has no git); without either
//! the commit reads `unknown`, never a guess.

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=SKILLHOUSE_COMMIT");
    let commit = std::env::var("SKILLHOUSE_COMMIT").ok().filter(|c| !c.trim().is_empty()).or_else(commit_from_git);
    println!("cargo:rustc-env=SKILLHOUSE_COMMIT={}", commit.as_deref().unwrap_or("unknown").trim());
}

fn git(args: &[&str]) -> Option<String> {
    let dir = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    let out = Command::new("git").args(args).current_dir(dir).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string()).filter(|s| !s.is_empty())
}

fn commit_from_git() -> Option<String> {
    let commit = git(&["rev-parse", "--short=12", "HEAD"])?;
    // Build again when HEAD moves, and only then: a path that does not exist would make cargo
    // run this script on every build.
    if let Some(dir) = git(&["rev-parse", "--absolute-git-dir"]) {
        for part in ["HEAD", "refs/heads", "packed-refs"] {
            let path = Path::new(&dir).join(part);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    Some(commit)
}
