//! `skillhouse mcp`: serves a catalogue's checked skills to any agent over the Model Context
//! Protocol, from the same core session the desktop app holds. Two ways in, from one snapshot:
//!
//! - the Skills extension (SEP-2640, `io.modelcontextprotocol/skills`): `skills/list`,
//!   `skills/get`, every file as a `skill://<skill>/<path>` resource, `resources/directory/read`;
//! - four tools for hosts that only call tools: `list_skills`, `search_skills`, `load_skill`,
//!   `read_skill_resource`.
//!
//! Only skills without errors are served; token counts (o200k, as Skillhouse counts them) are in
//! `_meta` under `dev.skillhouse/tokens`. This crate depends on `rmcp`; the core does not, and the
//! desktop shell does not depend on this crate.

pub mod address;
pub mod envelope;
pub mod http;
pub mod live;
pub mod manifest;
pub mod served;
pub mod server;
pub mod stdio;
pub mod tools;

pub use live::Live;
pub use server::SkillsServer;

use rmcp::ServiceExt;

/// Watches the catalogue: each change on disk is checked by the session, and when what is served
/// changed, every client is sent `notifications/resources/list_changed`. Stops when dropped.
pub fn watch(server: &SkillsServer, runtime: tokio::runtime::Handle) -> Option<skillhouse_host::watch::Watcher> {
    let watching = server.clone();
    skillhouse_host::watch::watch(&server.live().root(), move |paths| {
        match watching.live().files_changed(&paths) {
            Ok(true) => {
                let server = watching.clone();
                runtime.spawn(async move { server.announce_change().await });
            }
            Ok(false) => {}
            Err(e) => eprintln!("skillhouse mcp: re-reading the catalogue failed: {}", e.message),
        }
        // The snapshot before this change is freed once the last request holding it ends.
        skillhouse_host::resident::trim_heap();
    })
}

/// Serves over stdin and stdout until the client closes them.
pub async fn serve_stdio(server: SkillsServer) -> Result<(), String> {
    let running = server.serve(stdio::stdio()).await.map_err(|e| format!("the MCP session did not start: {e}"))?;
    running.waiting().await.map_err(|e| format!("the MCP session ended with an error: {e}"))?;
    Ok(())
}

/// Client text quoted in an answer, cut so that an answer never echoes a huge input.
pub(crate) fn cut(text: &str) -> String {
    const MAX: usize = 200;
    if text.len() <= MAX {
        return text.to_string();
    }
    let mut end = MAX;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &text[..end], text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_input_is_cut() {
        assert_eq!(cut("short"), "short");
        let long = "é".repeat(1000);
        let shown = cut(&long);
        assert!(shown.len() < 260 && shown.ends_with("(2000 bytes)"), "{shown}");
    }
}
