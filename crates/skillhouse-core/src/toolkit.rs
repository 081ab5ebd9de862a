//! Tools: parsing `allowed-tools` entries and deciding whether the catalogue's toolkit can supply
//! them. A skill that declares a tool nobody supplies is refused rather than loaded amputated.

/// Claude Code's built-in tools, the toolkit assumed when a catalogue declares none.
///
/// Taken from Claude Code's tools reference (code.claude.com/docs/en/tools-reference), as it
/// stood for Claude Code 2.1 on 2026-12-04. Update this list, `RETIRED_TOOL_NAMES` and
/// docs/catalogue-format.md together when that page changes.
pub const DEFAULT_TOOLKIT: &[&str] = &[
    "Agent",
    "Artifact",
    "AskUserQuestion",
    "Bash",
    "CronCreate",
    "CronDelete",
    "CronList",
    "Edit",
    "EnterPlanMode",
    "EnterWorktree",
    "ExitPlanMode",
    "ExitWorktree",
    "Glob",
    "Grep",
    "ListMcpResourcesTool",
    "LSP",
    "Monitor",
    "NotebookEdit",
    "PowerShell",
    "Read",
    "ReadMcpResourceTool",
    "SendMessage",
    "Skill",
    "TaskCreate",
    "TaskGet",
    "TaskList",
    "TaskOutput",
    "TaskStop",
    "TaskUpdate",
    "TeamCreate",
    "TeamDelete",
    "TodoWrite",
    "ToolSearch",
    "WebFetch",
    "WebSearch",
    "Write",
];

/// Names earlier Claude Code releases used, still accepted by the default toolkit so that skills
/// written for them keep loading (Claude Code itself still honours `Task` for `Agent`). Each
/// maps to the tool that took its place, for the docs and for anyone migrating.
pub const RETIRED_TOOL_NAMES: &[(&str, &str)] = &[
    ("BashOutput", "TaskOutput"),
    ("KillShell", "TaskStop"),
    ("LS", "Glob"),
    ("MultiEdit", "Edit"),
    ("NotebookRead", "Read"),
    ("SlashCommand", "Skill"),
    ("Task", "Agent"),
];

/// The server of an MCP tool name, `mcp__<server>__<tool>` (or `mcp__<server>` alone).
pub fn mcp_server(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("mcp__")?;
    let server = rest.split("__").next()?;
    (!server.is_empty()).then_some(server)
}

/// A tool entry: `Read`, `Bash(git:*)`, `mcp__github__*`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolSpec {
    pub name: String,
    pub argument: Option<String>,
}

impl ToolSpec {
    pub fn parse(entry: &str) -> Result<ToolSpec, String> {
        let entry = entry.trim();
        if entry.is_empty() {
            return Err("an empty tool entry (two separators in a row, or an empty value)".into());
        }
        if entry.ends_with("()") {
            return Err(format!("`{entry}` has an empty pattern: name the tool alone, or put a pattern inside the parentheses"));
        }
        let (name, argument) = match entry.find('(') {
            None => {
                if entry.contains(')') {
                    return Err(format!("`{entry}` has a `)` without `(`"));
                }
                (entry, None)
            }
            Some(open) => {
                let Some(inner) = entry[open + 1..].strip_suffix(')') else {
                    return Err(format!("`{entry}` opens a parenthesis it does not close"));
                };
                if inner.contains('(') || inner.contains(')') {
                    return Err(format!("`{entry}` has nested or unbalanced parentheses"));
                }
                (&entry[..open], Some(inner.to_string()))
            }
        };
        if name.is_empty() || name.chars().any(|c| c.is_whitespace() || c == ',') {
            return Err(format!("`{entry}` is not a tool name"));
        }
        Ok(ToolSpec { name: name.to_string(), argument })
    }
}

/// Splits an `allowed-tools` string into entries with their byte offsets: on whitespace and
/// commas outside parentheses, so `Bash(git status) Read` is two entries. An empty place
/// between commas (or an empty string) is an empty entry, for the caller to report. Returns the
/// entries and whether commas were used.
pub fn split_entries(text: &str) -> (Vec<(String, usize)>, bool) {
    let mut entries: Vec<(String, usize)> = Vec::new();
    let mut current = String::new();
    let mut start = 0;
    let mut depth = 0usize;
    let mut commas = false;
    let mut since_comma = false; // an entry ended since the last comma
    for (i, c) in text.char_indices() {
        let separator = depth == 0 && (c == ',' || c.is_whitespace());
        if separator {
            if !current.is_empty() {
                entries.push((std::mem::take(&mut current), start));
                since_comma = true;
            }
            if c == ',' {
                if commas && !since_comma {
                    entries.push((String::new(), i));
                }
                commas = true;
                since_comma = false;
            }
            continue;
        }
        if current.is_empty() {
            start = i;
        }
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
        current.push(c);
    }
    if !current.is_empty() {
        entries.push((current, start));
    }
    if entries.is_empty() {
        entries.push((String::new(), 0));
    }
    (entries, commas)
}

#[derive(Debug, Clone)]
pub struct Toolkit {
    entries: Vec<ToolSpec>,
    pub is_default: bool,
}

impl Toolkit {
    pub fn new(entries: Option<&[String]>) -> Toolkit {
        match entries {
            Some(list) => Toolkit { entries: list.iter().filter_map(|e| ToolSpec::parse(e).ok()).collect(), is_default: false },
            None => Toolkit {
                entries: DEFAULT_TOOLKIT
                    .iter()
                    .chain(RETIRED_TOOL_NAMES.iter().map(|(old, _)| old))
                    .map(|n| ToolSpec { name: n.to_string(), argument: None })
                    .collect(),
                is_default: true,
            },
        }
    }

    pub fn supplies(&self, wanted: &ToolSpec) -> bool {
        self.entries.iter().any(|have| covers(have, wanted))
    }

    pub fn names(&self) -> Vec<String> {
        self.entries
            .iter()
            .map(|e| match &e.argument {
                Some(a) => format!("{}({a})", e.name),
                None => e.name.clone(),
            })
            .collect()
    }
}

fn covers(have: &ToolSpec, wanted: &ToolSpec) -> bool {
    if !glob(&have.name, &wanted.name) {
        return false;
    }
    match (&have.argument, &wanted.argument) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(have), Some(wanted)) => argument_covers(have, wanted),
    }
}

/// `git:*` covers `git:*`, `git status`, `git log:*`; other patterns are globs on the argument.
fn argument_covers(have: &str, wanted: &str) -> bool {
    if let Some(prefix) = have.strip_suffix(":*") {
        let wanted = wanted.strip_suffix(":*").unwrap_or(wanted);
        return wanted == prefix || wanted.strip_prefix(prefix).is_some_and(|rest| rest.starts_with(' ') || rest.starts_with(':'));
    }
    glob(have, wanted)
}

/// `*` matches any run of characters; everything else matches itself.
fn glob(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let mut rest = text;
    for (i, part) in parts.iter().enumerate() {
        if i == 0 {
            let Some(r) = rest.strip_prefix(part) else { return false };
            rest = r;
        } else if i == parts.len() - 1 {
            return rest.ends_with(part);
        } else {
            let Some(found) = rest.find(part) else { return false };
            rest = &rest[found + part.len()..];
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kit(entries: &[&str]) -> Toolkit {
        Toolkit::new(Some(&entries.iter().map(|s| s.to_string()).collect::<Vec<_>>()))
    }

    fn spec(s: &str) -> ToolSpec {
        ToolSpec::parse(s).unwrap()
    }

    #[test]
    fn whole_tools_cover_their_patterns() {
        let k = kit(&["Bash", "Read"]);
        assert!(k.supplies(&spec("Bash(git:*)")));
        assert!(k.supplies(&spec("Read")));
        assert!(!k.supplies(&spec("Write")));
    }

    #[test]
    fn command_prefixes() {
        let k = kit(&["Bash(git:*)"]);
        assert!(k.supplies(&spec("Bash(git:*)")));
        assert!(k.supplies(&spec("Bash(git status)")));
        assert!(k.supplies(&spec("Bash(git log:*)")));
        assert!(!k.supplies(&spec("Bash(gitk)")));
        assert!(!k.supplies(&spec("Bash(rm -rf:*)")));
        assert!(!k.supplies(&spec("Bash")));
    }

    #[test]
    fn name_globs() {
        let k = kit(&["mcp__github__*"]);
        assert!(k.supplies(&spec("mcp__github__create_issue")));
        assert!(!k.supplies(&spec("mcp__jira__create")));
    }

    #[test]
    fn malformed_entries_are_refused() {
        assert!(ToolSpec::parse("Bash(git:*").is_err());
        assert!(ToolSpec::parse("Bash)").is_err());
        assert!(ToolSpec::parse("Bash((x))").is_err());
        assert!(ToolSpec::parse("").is_err());
    }

    #[test]
    fn splitting_respects_parentheses_and_reports_commas() {
        let names = |t: &str| split_entries(t).0.into_iter().map(|(e, _)| e).collect::<Vec<_>>();
        assert_eq!(split_entries("Bash(git status) Read"), (vec![("Bash(git status)".into(), 0), ("Read".into(), 17)], false));
        assert_eq!(names("Read, Write,Edit"), vec!["Read", "Write", "Edit"]);
        assert!(split_entries("Read, Write").1);
        assert_eq!(names("Read, , Grep"), vec!["Read", "", "Grep"]);
        assert_eq!(names(""), vec![""]);
        assert_eq!(names("   "), vec![""]);
    }

    #[test]
    fn default_toolkit_is_claude_codes() {
        let k = Toolkit::new(None);
        assert!(k.is_default && k.supplies(&spec("Read")) && !k.supplies(&spec("Deploy")));
        for today in ["Agent", "TaskCreate", "TaskGet", "TaskList", "TaskUpdate", "SendMessage", "TeamCreate", "ToolSearch", "LSP"] {
            assert!(k.supplies(&spec(today)), "{today} is a Claude Code tool today");
        }
        assert!(k.supplies(&spec("Task")), "the older name of Agent keeps loading");
        assert!(!k.supplies(&spec("mcp__github__create_issue")), "MCP tools come from servers the toolkit must declare");
    }

    #[test]
    fn the_docs_list_the_default_toolkit() {
        let docs = include_str!("../../../docs/catalogue-format.md");
        let section = docs.split("### The default toolkit").nth(1).and_then(|s| s.split("\n## ").next()).expect("the section");
        let listed: Vec<&str> = section.split('`').skip(1).step_by(2).collect();
        for name in DEFAULT_TOOLKIT.iter().chain(RETIRED_TOOL_NAMES.iter().flat_map(|(a, b)| [a, b])) {
            assert!(listed.contains(name), "docs/catalogue-format.md does not list `{name}`");
        }
        let known = |n: &&str| {
            DEFAULT_TOOLKIT.contains(n)
                || RETIRED_TOOL_NAMES.iter().any(|(old, _)| old == n)
                || n.contains("mcp__")
                || n.contains(':')
                || n.contains('.')
        };
        let stray: Vec<&&str> = listed.iter().filter(|n| !known(n)).collect();
        assert!(stray.is_empty(), "docs list tools the code does not: {stray:?}");
    }

    #[test]
    fn retired_names_point_at_tools_of_today() {
        for (old, new) in RETIRED_TOOL_NAMES {
            assert!(!DEFAULT_TOOLKIT.contains(old), "{old} is retired");
            assert!(DEFAULT_TOOLKIT.contains(new), "{old} maps to {new}, which must be a tool of today");
        }
    }

    #[test]
    fn mcp_servers_are_read_from_tool_names() {
        assert_eq!(mcp_server("mcp__github__create_issue"), Some("github"));
        assert_eq!(mcp_server("mcp__github"), Some("github"));
        assert_eq!(mcp_server("mcp____x"), None);
        assert_eq!(mcp_server("Read"), None);
    }
}
