//! The host machine's readings, taken at the edges, and the watcher of a catalogue folder: the
//! core never runs git, reads the environment, looks up the user's folders or calls the desktop's
//! trash (ARCHITECTURE.md, invariant 7). The CLI, the desktop shell and `skillhouse mcp` read them
//! here, once each, and pass the values in.

pub mod build_info;
pub mod git;
pub mod keys;
pub mod resident;
pub mod watch;

use skillhouse_core::files::sha256_hex;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Who is approving a card: `user.name <user.email>` from git's configuration as seen from
/// `root`, else the login name, else `unknown`.
pub fn approver(root: &Path) -> String {
    let git = |key: &str| {
        Command::new("git")
            .args(["config", "--get", key])
            .current_dir(root)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .filter(|s| !s.is_empty())
    };
    let login = || std::env::var("USER").or_else(|_| std::env::var("USERNAME")).ok();
    name_of(git("user.name"), git("user.email"), login())
}

fn name_of(name: Option<String>, email: Option<String>, login: Option<String>) -> String {
    match (name, email) {
        (Some(name), Some(email)) => format!("{name} <{email}>"),
        (Some(name), None) => name,
        _ => login.unwrap_or_else(|| "unknown".into()),
    }
}

/// Where the index of a catalogue lives by default: the user's data folder (the temporary
/// folder when there is none), keyed by the catalogue's canonical path, so two checkouts of one
/// catalogue keep two indexes and a moved catalogue starts a new one.
pub fn index_location(root: &Path) -> PathBuf {
    let data = dirs::data_dir().unwrap_or_else(std::env::temp_dir);
    index_file_under(&data, root)
}

fn index_file_under(data: &Path, root: &Path) -> PathBuf {
    let canonical = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let key = sha256_hex(canonical.to_string_lossy().as_bytes());
    data.join("skillhouse").join("indexes").join(format!("{}.sqlite", &key[..16]))
}

/// What the agent tools' folders are worked out from: the home folder and the environment
/// (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`, `XDG_CONFIG_HOME`, `XDG_STATE_HOME`, ...).
pub fn agents_host() -> skillhouse_core::agents::Host {
    skillhouse_core::agents::Host {
        home: dirs::home_dir().unwrap_or_else(|| PathBuf::from("/")),
        env: std::env::vars_os().filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?))).collect(),
    }
}

/// The clock, read at the edge: RFC 3339 in UTC to the millisecond, as JavaScript's
/// `toISOString` writes it (the `skills` CLI's lock times).
pub fn now_millis() -> String {
    humantime::format_rfc3339_millis(std::time::SystemTime::now()).to_string()
}

/// The `skillhouse` CLI that MCP clients launch and the app starts for `skillhouse mcp --http`:
/// `SKILLHOUSE_CLI` when set, else the one beside the running program (a package installs both in
/// one folder; a build puts both in `target/<profile>`), else the first on the PATH.
pub fn cli_binary() -> Option<PathBuf> {
    let env = std::env::var_os("SKILLHOUSE_CLI").map(PathBuf::from);
    let beside = std::env::current_exe().ok().and_then(|exe| Some(exe.parent()?.join(CLI_NAME)));
    let on_path = std::env::var_os("PATH").map(|p| std::env::split_paths(&p).map(|d| d.join(CLI_NAME)).collect::<Vec<_>>());
    first_program(env.into_iter().chain(beside).chain(on_path.into_iter().flatten()))
}

const CLI_NAME: &str = if cfg!(windows) { "skillhouse.exe" } else { "skillhouse" };

fn first_program(candidates: impl IntoIterator<Item = PathBuf>) -> Option<PathBuf> {
    candidates.into_iter().find(|p| is_program(p)).map(|p| std::fs::canonicalize(&p).unwrap_or(p))
}

fn is_program(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else { return false };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

/// Moves a file or folder to the desktop's trash, where the person can restore it.
pub fn trash(path: &Path) -> std::io::Result<()> {
    trash::delete(path).map_err(std::io::Error::other)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn approver_prefers_git_then_login() {
        let s = |v: &str| Some(v.to_string());
        assert_eq!(name_of(s("Ada"), s("ada@example.org"), s("ada1")), "Ada <ada@example.org>");
        assert_eq!(name_of(s("Ada"), None, s("ada1")), "Ada");
        assert_eq!(name_of(None, s("ada@example.org"), s("ada1")), "ada1");
        assert_eq!(name_of(None, None, None), "unknown");
    }

    #[test]
    fn index_location_is_keyed_by_the_canonical_path() {
        let dir = tempfile::tempdir().unwrap();
        let cat = dir.path().join("cat");
        std::fs::create_dir(&cat).unwrap();
        let data = dir.path().join("data");
        let direct = index_file_under(&data, &cat);
        assert_eq!(direct, index_file_under(&data, &cat.join("../cat")), "one catalogue, one index");
        assert!(direct.starts_with(data.join("skillhouse/indexes")) && direct.extension().is_some_and(|e| e == "sqlite"));
        let other = dir.path().join("other");
        std::fs::create_dir(&other).unwrap();
        assert_ne!(direct, index_file_under(&data, &other));
    }

    #[test]
    fn the_first_runnable_candidate_is_the_cli() {
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain");
        std::fs::write(&plain, "not a program").unwrap();
        let program = dir.path().join("skillhouse");
        std::fs::write(&program, "#!/bin/sh\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
            assert_eq!(
                first_program([dir.path().join("missing"), plain.clone(), dir.path().to_path_buf()]),
                None,
                "files that do not run, and folders, are skipped"
            );
        }
        let found = first_program([dir.path().join("missing"), program.clone(), plain]).unwrap();
        assert_eq!(found, std::fs::canonicalize(&program).unwrap());
    }

    #[test]
    fn trash_moves_a_folder_where_it_can_be_restored() {
        let dir = tempfile::tempdir().unwrap();
        // The freedesktop trash of this test's own data folder, not the user's.
        std::env::set_var("XDG_DATA_HOME", dir.path().join("xdg"));
        let doomed = dir.path().join("skill");
        std::fs::create_dir(&doomed).unwrap();
        std::fs::write(doomed.join("SKILL.md"), "---\nname: skill\n---\n").unwrap();
        trash(&doomed).unwrap();
        assert!(!doomed.exists());
        let kept = std::fs::read_dir(dir.path().join("xdg/Trash/files")).unwrap().count();
        assert_eq!(kept, 1, "the folder is in the trash");
    }
}
