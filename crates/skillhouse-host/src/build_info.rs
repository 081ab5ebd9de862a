//! Which build this is. The CLI and the desktop app come from one workspace and one commit, so
//! a team can check that the app its authors use and the CLI its CI runs are the same.

/// The workspace version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The commit the build comes from (12 hex digits), or `unknown` (build.rs).
pub const COMMIT: &str = env!("SKILLHOUSE_COMMIT");

/// What `skillhouse --version` prints after the name: `0.1.0 (commit 0123456789ab)`.
pub const VERSION_LINE: &str = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("SKILLHOUSE_COMMIT"), ")");

/// This build, and the CLI the app would run with what it says of itself (`--version`).
pub fn about() -> skillhouse_core::views::About {
    let cli = crate::cli_binary().map(|path| {
        let version_line = std::process::Command::new(&path)
            .arg("--version")
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        skillhouse_core::views::CliBuild {
            path: path.to_string_lossy().into_owned(),
            same_build: version_line.as_deref() == Some(cli_version_line().as_str()),
            version_line,
        }
    });
    skillhouse_core::views::About { version: VERSION.into(), commit: COMMIT.into(), cli }
}

/// What the CLI of this same build prints for `--version`.
pub fn cli_version_line() -> String {
    format!("skillhouse {VERSION_LINE}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_line_names_the_version_and_a_commit() {
        assert_eq!(VERSION_LINE, format!("{VERSION} (commit {COMMIT})"));
        // Built from this repository, the commit is git's; `unknown` only without git.
        assert!(COMMIT == "unknown" || (COMMIT.len() >= 7 && COMMIT.chars().all(|c| c.is_ascii_hexdigit())), "{COMMIT}");
    }
}
