//! What `skillhouse mcp` serves of a catalogue and how each MCP client launches it: one rule for
//! both hosts, so the app's "Serve to agents" panel shows exactly what the server serves, and the
//! snippets it offers run the same binary on the same catalogue.

use crate::diagnostic::Severity;
use crate::skill::Skill;
use crate::Catalogue;
use serde::Serialize;
use std::path::Path;
use ts_rs::TS;

/// Why a skill is held back, `code: message (file:line)` of its first error; `None` when it is
/// served. A skill with any error is never served: an agent must not get a skill the catalogue
/// refuses.
pub fn held_reason(skill: &Skill) -> Option<String> {
    if !skill.has_errors() {
        return None;
    }
    Some(match skill.diagnostics.iter().find(|d| d.severity == Severity::Error) {
        Some(d) => format!("{}: {} ({}:{})", d.code.as_str(), d.message, d.file, d.line),
        None => "it has errors".to_string(),
    })
}

/// The catalogue's skills split into served and held back, each sorted by name.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct Lineup {
    pub served: Vec<ServedRow>,
    pub held: Vec<HeldRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ServedRow {
    pub name: String,
    /// The skill's folder, relative to the catalogue.
    pub dir: String,
    /// What listing it costs an agent (o200k tokens of name and description).
    pub l1: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct HeldRow {
    pub name: String,
    pub dir: String,
    /// The first error, as [`held_reason`] words it.
    pub reason: String,
}

pub fn lineup(catalogue: &Catalogue) -> Lineup {
    let mut served = Vec::new();
    let mut held = Vec::new();
    // The source locale's skills: a translation has its source's name and address.
    for skill in catalogue.skills.iter().filter(|s| s.translation_of.is_none()) {
        match held_reason(skill) {
            Some(reason) => held.push(HeldRow { name: skill.name.clone(), dir: skill.dir.clone(), reason }),
            None => {
                served.push(ServedRow { name: skill.name.clone(), dir: skill.dir.clone(), l1: skill.tokens.as_ref().map_or(0, |t| t.l1) })
            }
        }
    }
    served.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.dir.cmp(&b.dir)));
    held.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.dir.cmp(&b.dir)));
    Lineup { served, held }
}

/// The MCP clients the panel has a configuration for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Client {
    ClaudeDesktop,
    ClaudeCode,
    Cursor,
    Codex,
    VsCode,
}

/// How the snippet is used: pasted into a file (JSON, TOML) or run in a terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum SnippetKind {
    Json,
    Toml,
    Shell,
}

/// One client's way to launch `skillhouse mcp` over stdio on the catalogue.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ClientSetup {
    pub client: Client,
    /// The client's name as people know it.
    pub title: String,
    /// What to do with the snippet, in the client's own words.
    pub place: String,
    pub kind: SnippetKind,
    pub snippet: String,
}

/// What the app's "Serve to agents" panel shows.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ServeView {
    pub lineup: Lineup,
    pub clients: Vec<ClientSetup>,
    /// The `skillhouse` binary the snippets launch.
    pub command: String,
    /// False when no `skillhouse` binary was found: the snippets then say `skillhouse`, which
    /// must be on the client's PATH, and the HTTP server cannot be started.
    pub command_found: bool,
    /// The HTTP server the app runs, if on.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub http: Option<HttpServing>,
}

/// `skillhouse mcp --http` run by the app.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct HttpServing {
    /// `http://127.0.0.1:<port>/mcp`
    pub url: String,
    pub port: u16,
}

/// The server's name in every client's configuration.
pub const SERVER_NAME: &str = "skillhouse";

/// A configuration for each client that launches `command mcp <catalogue>`; `command` is the
/// `skillhouse` binary (an absolute path when known, so the client needs no PATH).
pub fn client_setups(command: &str, catalogue: &Path) -> Vec<ClientSetup> {
    let catalogue = catalogue.to_string_lossy().into_owned();
    let args = ["mcp", catalogue.as_str()];
    let launch = serde_json::json!({ "command": command, "args": args });
    let mcp_servers = pretty(&serde_json::json!({ "mcpServers": { SERVER_NAME: launch } }));
    let vs_code = pretty(&serde_json::json!({ "servers": { SERVER_NAME: { "type": "stdio", "command": command, "args": args } } }));
    let codex = format!(
        "[mcp_servers.{SERVER_NAME}]\ncommand = {}\nargs = [{}]\n",
        toml_string(command),
        args.iter().map(|a| toml_string(a)).collect::<Vec<_>>().join(", ")
    );
    let claude_code = format!(
        "claude mcp add --scope user {SERVER_NAME} -- {} {}",
        shell_word(command),
        args.iter().map(|a| shell_word(a)).collect::<Vec<_>>().join(" ")
    );
    let setup = |client, title: &str, place: &str, kind, snippet: String| ClientSetup {
        client,
        title: title.into(),
        place: place.into(),
        kind,
        snippet,
    };
    vec![
        setup(
            Client::ClaudeDesktop,
            "Claude Desktop",
            "Add to claude_desktop_config.json (Settings › Developer › Edit Config), inside mcpServers",
            SnippetKind::Json,
            mcp_servers.clone(),
        ),
        setup(Client::ClaudeCode, "Claude Code", "Run in a terminal (user scope: every project)", SnippetKind::Shell, claude_code),
        setup(
            Client::Cursor,
            "Cursor",
            "Add to ~/.cursor/mcp.json (every project) or .cursor/mcp.json (one project)",
            SnippetKind::Json,
            mcp_servers,
        ),
        setup(Client::Codex, "Codex", "Add to ~/.codex/config.toml", SnippetKind::Toml, codex),
        setup(Client::VsCode, "VS Code", "Add to .vscode/mcp.json in the workspace", SnippetKind::Json, vs_code),
    ]
}

fn pretty(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).expect("JSON values serialise") + "\n"
}

/// A TOML basic string. JSON's escapes are TOML's for every character a path holds, except that
/// TOML has no `\/` (serde_json never writes it).
fn toml_string(s: &str) -> String {
    serde_json::to_string(s).expect("strings serialise")
}

/// One word for a POSIX shell: as it is when it holds only safe characters, else single-quoted.
fn shell_word(s: &str) -> String {
    let safe = !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+:=@%,".contains(c));
    if safe {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_snippet_launches_the_command_on_the_catalogue() {
        let setups = client_setups("/opt/skill house/skillhouse", Path::new("/home/ada/it's skills"));
        assert_eq!(setups.len(), 5);
        for s in &setups {
            let (command, args): (String, Vec<String>) = match s.kind {
                SnippetKind::Json => {
                    let v: serde_json::Value = serde_json::from_str(&s.snippet).unwrap();
                    let server = v.get("mcpServers").or_else(|| v.get("servers")).and_then(|m| m.get(SERVER_NAME)).unwrap();
                    (serde_json::from_value(server["command"].clone()).unwrap(), serde_json::from_value(server["args"].clone()).unwrap())
                }
                SnippetKind::Toml => {
                    // Read back as TOML would: each value is one basic string on its line.
                    let value =
                        |key: &str| s.snippet.lines().find_map(|l| l.strip_prefix(&format!("{key} = "))).map(str::to_string).unwrap();
                    let command: String = serde_json::from_str(&value("command")).unwrap();
                    (command, serde_json::from_str(&value("args")).unwrap())
                }
                SnippetKind::Shell => {
                    let after = s.snippet.split(" -- ").nth(1).unwrap();
                    let words = shell_words(after);
                    (words[0].clone(), words[1..].to_vec())
                }
            };
            assert_eq!(command, "/opt/skill house/skillhouse", "{:?}", s.client);
            assert_eq!(args, ["mcp", "/home/ada/it's skills"], "{:?}", s.client);
        }
        assert!(setups.iter().any(|s| s.client == Client::VsCode && s.snippet.contains("\"type\": \"stdio\"")));
    }

    /// The words a POSIX shell reads from `line` (the real reader of the Claude Code snippet).
    fn shell_words(line: &str) -> Vec<String> {
        let out = std::process::Command::new("sh").arg("-c").arg(format!("printf '%s\\0' {line}")).output().unwrap();
        assert!(out.status.success(), "sh reads {line}");
        String::from_utf8(out.stdout).unwrap().split_terminator('\0').map(str::to_string).collect()
    }

    #[test]
    fn a_skill_with_an_error_is_held_back_with_its_first_error() {
        let dir = tempfile::tempdir().unwrap();
        let skill = |name: &str, text: &str| {
            std::fs::create_dir_all(dir.path().join(name)).unwrap();
            std::fs::write(dir.path().join(name).join("SKILL.md"), text).unwrap();
        };
        skill("zeta", "---\nname: zeta\ndescription: Use when the zeta report is due.\n---\nBody.\n");
        skill("alpha", "---\nname: alpha\ndescription: Use when alpha things happen.\n---\nBody.\n");
        skill("broken", "---\nname: broken\ndescription: [unclosed\n---\nBody.\n");
        let catalogue = crate::budget::load_counted(dir.path(), &Default::default()).unwrap();
        let lineup = lineup(&catalogue);
        assert_eq!(lineup.served.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["alpha", "zeta"]);
        assert!(lineup.served.iter().all(|r| r.l1 > 0), "served rows carry their L1 tokens");
        assert_eq!(lineup.held.len(), 1);
        assert_eq!(lineup.held[0].dir, "broken");
        assert!(lineup.held[0].reason.contains("broken/SKILL.md:"), "{}", lineup.held[0].reason);
    }

    #[test]
    fn plain_words_stay_bare_and_others_are_quoted() {
        assert_eq!(shell_word("/usr/bin/skillhouse"), "/usr/bin/skillhouse");
        assert_eq!(shell_word("a b"), "'a b'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word(""), "''");
        assert_eq!(toml_string(r#"C:\a "b""#), r#""C:\\a \"b\"""#);
    }
}
