//! The agent tools on a computer and where each reads skills: `data/agents.toml`, embedded, plus
//! the catalogue's own (`skillhouse.yaml`, `agents:`). Paths are templates over the host's
//! readings (`Host`), which the CLI and the shell take and pass in.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

const BUILTIN: &str = include_str!("../../data/agents.toml");

/// What the host tells us: the home folder and the environment variables the templates name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Host {
    pub home: PathBuf,
    pub env: BTreeMap<String, String>,
}

/// One agent tool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(rename = "AgentTool")]
pub struct Tool {
    /// The id the CLI's `--agent` takes (the `skills` CLI's, for the built-in ones).
    pub id: String,
    /// The name people know it by.
    pub name: String,
    /// Where it reads a project's skills, relative to the project folder.
    pub project: String,
    /// Where it reads skills for every project (a template).
    pub global: String,
    /// Folders whose presence says it is installed (templates); none: never "found".
    #[serde(default)]
    pub detect: Vec<String>,
    /// Whether it loads a symlinked skill folder; when not, skills are copied.
    #[serde(default = "yes")]
    pub links: bool,
    /// Where the paths were read, when not the file's default source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub source: Option<String>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    agent: Vec<Tool>,
}

/// Where an installation goes: the tools' global folders, or one project's.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind", content = "folder")]
pub enum Scope {
    Global,
    Project(PathBuf),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registry {
    pub tools: Vec<Tool>,
}

impl Registry {
    /// The built-in tools, then `custom` (a custom tool with a built-in id replaces it).
    pub fn with(custom: &[Tool]) -> Result<Registry, String> {
        let file: File = toml::from_str(BUILTIN).map_err(|e| format!("data/agents.toml: {e}"))?;
        let mut tools = file.agent;
        for tool in custom {
            check(tool)?;
            match tools.iter_mut().find(|t| t.id == tool.id) {
                Some(known) => *known = tool.clone(),
                None => tools.push(tool.clone()),
            }
        }
        Ok(Registry { tools })
    }

    /// The built-in tools and the catalogue's own (`agents:` in skillhouse.yaml).
    pub fn for_settings(settings: &crate::settings::Settings) -> Result<Registry, String> {
        let custom: Vec<Tool> = settings
            .agents
            .iter()
            .map(|a| Tool {
                id: a.id.clone(),
                name: a.name.clone(),
                project: a.project.clone(),
                global: a.global.clone(),
                detect: a.detect.clone(),
                links: a.links,
                source: Some("skillhouse.yaml".into()),
            })
            .collect();
        Registry::with(&custom).map_err(|e| format!("skillhouse.yaml: {e}"))
    }

    pub fn builtin() -> Registry {
        Registry::with(&[]).expect("data/agents.toml is checked by tests")
    }

    pub fn tool(&self, id: &str) -> Option<&Tool> {
        self.tools.iter().find(|t| t.id == id)
    }
}

/// A custom tool's paths must stay where they say: a project path inside the project.
fn check(tool: &Tool) -> Result<(), String> {
    let id_ok = !tool.id.is_empty() && tool.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !id_ok {
        return Err(format!("agent id `{}`: use lowercase letters, digits and hyphens", tool.id));
    }
    if !stays_inside(Path::new(&tool.project)) {
        return Err(format!(
            "agent `{}`: project folder `{}` must be relative and stay inside the project (no `..`)",
            tool.id, tool.project
        ));
    }
    if !(tool.global.starts_with("~/") || tool.global.starts_with('{') || Path::new(&tool.global).is_absolute()) {
        return Err(format!("agent `{}`: global folder `{}` must start with `~/` or be absolute", tool.id, tool.global));
    }
    Ok(())
}

/// A relative path with only normal components.
pub fn stays_inside(path: &Path) -> bool {
    path.components().next().is_some() && path.components().all(|c| matches!(c, Component::Normal(_)))
}

impl Host {
    /// `~/x` and `{VAR|default}` expanded; an unclosed brace is taken literally.
    pub fn expand(&self, template: &str) -> PathBuf {
        let mut out = String::new();
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}') else { break };
            out.push_str(&rest[..open]);
            let inner = &rest[open + 1..open + close];
            let (var, default) = inner.split_once('|').unwrap_or((inner, ""));
            match self.env.get(var).map(|v| v.trim()).filter(|v| !v.is_empty()) {
                Some(value) => out.push_str(value),
                None => out.push_str(default),
            }
            rest = &rest[open + close + 1..];
        }
        out.push_str(rest);
        match out.strip_prefix("~/") {
            Some(under_home) => self.home.join(under_home),
            None if out == "~" => self.home.clone(),
            None => PathBuf::from(out),
        }
    }
}

impl Tool {
    /// The folder this tool reads skills from in `scope`.
    pub fn folder(&self, host: &Host, scope: &Scope) -> PathBuf {
        match scope {
            Scope::Global => host.expand(&self.global),
            Scope::Project(dir) => dir.join(&self.project),
        }
    }

    /// Whether it is installed on this computer, by the folders it leaves.
    pub fn found(&self, host: &Host) -> bool {
        self.detect.iter().any(|d| host.expand(d).exists())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host() -> Host {
        Host { home: PathBuf::from("/home/ann"), env: BTreeMap::new() }
    }

    #[test]
    fn the_builtin_table_reads_and_covers_the_tools_people_use() {
        let registry = Registry::builtin();
        for id in [
            "claude-code",
            "codex",
            "cursor",
            "gemini-cli",
            "github-copilot",
            "opencode",
            "goose",
            "amp",
            "windsurf",
            "cline",
            "roo",
            "kiro-cli",
            "continue",
            "antigravity",
            "qwen-code",
            "kimi-code-cli",
            "junie",
            "trae",
            "augment",
            "zed",
            "universal",
        ] {
            let tool = registry.tool(id).unwrap_or_else(|| panic!("{id} missing"));
            check(tool).unwrap();
        }
        let ids: std::collections::BTreeSet<_> = registry.tools.iter().map(|t| &t.id).collect();
        assert_eq!(ids.len(), registry.tools.len(), "an id appears twice");
    }

    #[test]
    fn templates_take_the_environment_first_and_the_default_else() {
        let mut host = host();
        let claude = Registry::builtin().tool("claude-code").unwrap().clone();
        assert_eq!(claude.folder(&host, &Scope::Global), PathBuf::from("/home/ann/.claude/skills"));
        host.env.insert("CLAUDE_CONFIG_DIR".into(), "/opt/claude".into());
        assert_eq!(claude.folder(&host, &Scope::Global), PathBuf::from("/opt/claude/skills"));
        host.env.insert("CLAUDE_CONFIG_DIR".into(), "  ".into());
        assert_eq!(claude.folder(&host, &Scope::Global), PathBuf::from("/home/ann/.claude/skills"), "a blank value is unset");
        assert_eq!(claude.folder(&host, &Scope::Project("/p".into())), PathBuf::from("/p/.claude/skills"));
    }

    #[test]
    fn a_custom_tool_is_added_or_replaces_one_and_may_not_leave_its_project() {
        let mine = Tool {
            id: "my-agent".into(),
            name: "My agent".into(),
            project: ".mine/skills".into(),
            global: "~/.mine/skills".into(),
            detect: vec![],
            links: false,
            source: None,
        };
        let registry = Registry::with(std::slice::from_ref(&mine)).unwrap();
        assert_eq!(registry.tool("my-agent"), Some(&mine));
        let mut codex = mine.clone();
        codex.id = "codex".into();
        assert_eq!(Registry::with(std::slice::from_ref(&codex)).unwrap().tool("codex").unwrap().project, ".mine/skills");
        for project in ["../elsewhere", "/abs/skills", ""] {
            let bad = Tool { project: project.into(), ..mine.clone() };
            let err = Registry::with(&[bad]).unwrap_err();
            assert!(err.contains("stay inside the project"), "{err}");
        }
        let bad = Tool { id: "My Agent".into(), ..mine };
        assert!(Registry::with(&[bad]).unwrap_err().contains("lowercase"));
    }
}
