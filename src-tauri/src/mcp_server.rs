//! The "Serve to agents" HTTP switch: the app runs `skillhouse mcp <catalogue> --http <port>` as a
//! child process rather than serving MCP itself, so the shell never depends on `rmcp`
//! (ARCHITECTURE.md, invariant 22) and what the app serves is byte for byte what the snippets'
//! clients get. The child watches the catalogue itself; it is stopped when another catalogue opens
//! and when the app exits (and, on Linux, dies with the app even if the app is killed).

use skillhouse_core::app_error::AppError;
use skillhouse_core::error_code::ErrorCode;
use skillhouse_core::serving::HttpServing;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub struct Running {
    child: Child,
    pub root: PathBuf,
    pub info: HttpServing,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How long the child may take to open the catalogue and listen: a cold index of a large
/// catalogue takes tens of seconds; the app's own open has warmed it in the usual case.
const START_TIMEOUT: Duration = Duration::from_secs(120);

/// Starts the server on `127.0.0.1:<port>` (0: any free port). Blocking: call off the UI thread.
pub fn start(cli: &Path, root: &Path, index: &Path, port: u16) -> Result<Running, AppError> {
    let mut command = Command::new(cli);
    command
        .arg("mcp")
        .arg(root)
        .arg("--index")
        .arg(index)
        .arg("--http")
        .arg(port.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    die_with_parent(&mut command);
    let mut child = spawn_retrying_busy(&mut command).map_err(|e| {
        AppError::new(
            ErrorCode::ServeFailed,
            format!("cannot run {}: {e}. Reinstall Skillhouse, or set SKILLHOUSE_CLI to the skillhouse binary.", cli.display()),
        )
    })?;
    let said = drain_stderr(&mut child);
    let stdout = child.stdout.take().expect("stdout is piped");
    let (tx, rx) = std::sync::mpsc::channel();
    // The first line is the URL; the rest (none today) is read so that the pipe never fills.
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        let _ = tx.send(lines.next().and_then(Result::ok));
        for _ in lines {}
    });
    let first = rx.recv_timeout(START_TIMEOUT).ok().flatten();
    let info = first.as_deref().and_then(parse_url);
    match info {
        Some(info) => Ok(Running { child, root: root.to_path_buf(), info }),
        None => {
            let _ = child.kill();
            let status = child.wait().ok();
            // The stderr thread has read everything once the child is gone.
            std::thread::sleep(Duration::from_millis(50));
            let said: Vec<String> = said.lock().map(|l| l.iter().cloned().collect()).unwrap_or_default();
            let reason = if said.is_empty() {
                match status {
                    Some(s) if !s.success() => format!("it stopped ({s})"),
                    _ => format!("it did not say where it listens within {} s", START_TIMEOUT.as_secs()),
                }
            } else {
                said.join("\n")
            };
            let port_hint =
                if reason.contains("in use") || reason.contains("AddrInUse") { " Choose another port, or 0 for any free one." } else { "" };
            Err(AppError::new(ErrorCode::ServeFailed, format!("`skillhouse mcp --http {port}` did not start: {reason}.{port_hint}")))
        }
    }
}

/// `http://127.0.0.1:<port>/mcp`, as `skillhouse mcp --http` prints it.
fn parse_url(line: &str) -> Option<HttpServing> {
    let url = line.trim();
    let rest = url.strip_prefix("http://")?.strip_suffix("/mcp")?;
    let port = rest.rsplit_once(':')?.1.parse().ok()?;
    Some(HttpServing { url: url.to_string(), port })
}

/// Keeps the last lines the child wrote on stderr, for the error message if it does not start.
fn drain_stderr(child: &mut Child) -> Arc<Mutex<VecDeque<String>>> {
    let kept = Arc::new(Mutex::new(VecDeque::new()));
    if let Some(stderr) = child.stderr.take() {
        let into = kept.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            for line in BufReader::new(stderr.take(1 << 20)).lines().map_while(Result::ok) {
                text.clear();
                text.push_str(line.trim());
                if let Ok(mut lines) = into.lock() {
                    if lines.len() == 8 {
                        lines.pop_front();
                    }
                    lines.push_back(text.clone());
                }
            }
        });
    }
    kept
}

#[cfg(target_os = "linux")]
fn die_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: prctl is async-signal-safe and touches only the child's own process state.
    unsafe {
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent(_: &mut Command) {}

/// Spawns, trying again for a moment while the program is "busy" (ETXTBSY): a program just
/// written (an update being installed, a test's stand-in) stays busy while any process forked
/// meanwhile still holds the written file open, until that process execs.
fn spawn_retrying_busy(command: &mut Command) -> std::io::Result<Child> {
    const ETXTBSY: i32 = 26;
    let mut tries = 0;
    loop {
        match command.spawn() {
            Err(e) if e.raw_os_error() == Some(ETXTBSY) && tries < 20 => {
                tries += 1;
                std::thread::sleep(Duration::from_millis(25));
            }
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    fn fake_cli(dir: &Path, script: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let fake = dir.join("skillhouse");
        std::fs::write(&fake, script).unwrap();
        std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
        fake
    }

    #[test]
    fn the_url_line_gives_the_port() {
        assert_eq!(parse_url("http://127.0.0.1:43127/mcp\n"), Some(HttpServing { url: "http://127.0.0.1:43127/mcp".into(), port: 43127 }));
        assert_eq!(parse_url("skillhouse mcp: serving 3 skills"), None);
        assert_eq!(parse_url("http://127.0.0.1:x/mcp"), None);
    }

    #[cfg(unix)]
    #[test]
    fn a_server_that_does_not_start_is_an_error_with_what_it_said() {
        let dir = tempfile::tempdir().unwrap();
        let fake = fake_cli(dir.path(), "#!/bin/sh\necho 'cannot listen on 127.0.0.1:1: address in use' >&2\nexit 2\n");
        let err = start(&fake, dir.path(), &dir.path().join("i.sqlite"), 1).err().expect("refused");
        assert_eq!(err.code, ErrorCode::ServeFailed);
        assert!(err.message.contains("address in use") && err.message.contains("another port"), "{}", err.message);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_started_server_is_stopped_when_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("pid");
        let fake =
            fake_cli(dir.path(), &format!("#!/bin/sh\necho $$ > {}\necho http://127.0.0.1:4321/mcp\nexec sleep 60\n", pid_file.display()));
        let running = start(&fake, dir.path(), &dir.path().join("i.sqlite"), 0).unwrap();
        assert_eq!(running.info.port, 4321);
        let pid = std::fs::read_to_string(&pid_file).unwrap().trim().to_string();
        let proc_dir = PathBuf::from(format!("/proc/{pid}"));
        assert!(proc_dir.exists(), "the child runs");
        drop(running);
        assert!(!proc_dir.exists(), "the child was stopped and reaped");
    }
}
