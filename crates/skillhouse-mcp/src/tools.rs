//! Five tools for hosts that call tools but do not read the Skills extension: list (L1), search,
//! load (L2), read one file (L3), and the agents with their skills resolved. Their descriptions are kept short, since every host puts
//! the tool list into the model's context; `TOOLS_TOKENS` in the tests says what it costs.

use crate::address;
use crate::live::Live;
use crate::manifest::skill_uri;
use crate::served::{Refusal, Served, ServedSkill};
use base64::Engine;
use rmcp::model::{CallToolResult, ContentBlock, JsonObject, ResourceContents, Tool, ToolAnnotations};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

pub const LIST: &str = "list_skills";
pub const SEARCH: &str = "search_skills";
pub const LOAD: &str = "load_skill";
pub const READ: &str = "read_skill_resource";
pub const AGENTS: &str = "list_agents";

/// Skills per page of `list_skills` unless asked for fewer; the most a page holds.
const PAGE: usize = 100;
/// Hits of `search_skills` unless asked for fewer; the most it returns.
const HITS: usize = 10;
const MAX_HITS: usize = 50;

pub fn all() -> Vec<Tool> {
    let read_only = ToolAnnotations::new().read_only(true).destructive(false).idempotent(true).open_world(false);
    [
        (
            LIST,
            "List the available skills (name, description, token counts). Load one with load_skill.",
            json!({"type": "object", "properties": {
                "query": {"type": "string", "description": "Only skills whose name or description contains this"},
                "cursor": {"type": "string", "description": "nextCursor of the previous page"},
                "limit": {"type": "integer", "minimum": 1, "maximum": PAGE}
            }}),
        ),
        (
            SEARCH,
            "Search skills by words in their name, description, tags and text; best first.",
            json!({"type": "object", "properties": {
                "query": {"type": "string"},
                "limit": {"type": "integer", "minimum": 1, "maximum": MAX_HITS}
            }, "required": ["query"]}),
        ),
        (
            LOAD,
            "Load a skill's instructions, and the list of its files.",
            json!({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}),
        ),
        (
            READ,
            "Read one file of a skill, by its path in the skill (from load_skill).",
            json!({"type": "object", "properties": {
                "name": {"type": "string", "description": "The skill"},
                "path": {"type": "string", "description": "For example references/guide.md"}
            }, "required": ["name", "path"]}),
        ),
        (AGENTS, "List the catalogue's agents and the skills each uses.", json!({"type": "object", "properties": {}})),
    ]
    .into_iter()
    .map(|(name, description, schema)| {
        let Value::Object(schema) = schema else { unreachable!("each schema is an object") };
        Tool::new(name, description, Arc::new(schema)).with_annotations(read_only.clone())
    })
    .collect()
}

/// Runs tool `name`; `None` for a tool this server does not have.
pub fn call(live: &Live, name: &str, arguments: Option<JsonObject>) -> Option<CallToolResult> {
    let arguments = Value::Object(arguments.unwrap_or_default());
    let result = match name {
        LIST => args(arguments).and_then(|a| list(live, a)),
        SEARCH => args(arguments).and_then(|a| search(live, a)),
        LOAD => args(arguments).and_then(|a| load(live, a)),
        READ => args(arguments).and_then(|a| read(live, a)),
        AGENTS => args::<NoArgs>(arguments).map(|_| agents(&live.current())),
        _ => return None,
    };
    Some(result.unwrap_or_else(|message| CallToolResult::error(vec![ContentBlock::text(message)])))
}

fn args<T: for<'de> Deserialize<'de>>(arguments: Value) -> Result<T, String> {
    serde_json::from_value(arguments)
        .map_err(|e| format!("the arguments do not fit the tool's input schema: {}", crate::cut(&e.to_string())))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListArgs {
    query: Option<String>,
    cursor: Option<String>,
    limit: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchArgs {
    query: String,
    limit: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LoadArgs {
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadArgs {
    name: String,
    path: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoArgs {}

/// Each agent with its skills resolved against what is served: a served skill with its tokens,
/// else why it is not (held back by its first error, or not in the catalogue).
fn agents(served: &Served) -> CallToolResult {
    let agents: Vec<Value> = served
        .agents
        .iter()
        .map(|agent| {
            let skills: Vec<Value> = agent
                .skills
                .iter()
                .map(|name| match served.skill(name) {
                    Some(skill) => l1_row(skill),
                    None => {
                        let reason = match served.held.iter().find(|h| &h.name == name) {
                            Some(h) => format!("not served: {}", h.reason),
                            None => "not served: no skill of this name in the catalogue".to_string(),
                        };
                        json!({"name": name, "notServed": reason})
                    }
                })
                .collect();
            let mut row = json!({"name": agent.name, "description": agent.description, "file": agent.file, "skills": skills});
            if agent.errors > 0 {
                row["errors"] = json!(agent.errors);
            }
            row
        })
        .collect();
    answer(json!({ "agents": agents }))
}

fn l1_row(skill: &ServedSkill) -> Value {
    json!({
        "name": skill.name,
        "description": skill.description,
        "uri": skill_uri(&skill.name),
        "tokens": {"l1": skill.l1, "l2": skill.l2, "l3": skill.l3},
    })
}

/// A JSON answer: as text for hosts that show only content, and as structured content.
fn answer(value: Value) -> CallToolResult {
    let text = serde_json::to_string(&value).expect("JSON values serialise");
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.structured_content = Some(value);
    result
}

fn list(live: &Live, a: ListArgs) -> Result<CallToolResult, String> {
    let served = live.current();
    let limit = a.limit.unwrap_or(PAGE).clamp(1, PAGE);
    let query = a.query.as_deref().map(str::to_lowercase).filter(|q| !q.trim().is_empty());
    let matching: Vec<&ServedSkill> = served
        .skills
        .iter()
        .filter(|s| query.as_deref().is_none_or(|q| s.name.to_lowercase().contains(q) || s.description.to_lowercase().contains(q)))
        .collect();
    let start =
        match a.cursor.as_deref() {
            None => 0,
            Some(c) => c.parse::<usize>().ok().filter(|n| *n <= matching.len()).ok_or_else(|| {
                format!("`{}` is not a cursor of this listing; leave cursor out to start from the first page", crate::cut(c))
            })?,
        };
    let end = (start + limit).min(matching.len());
    let skills: Vec<Value> = matching[start..end].iter().map(|s| l1_row(s)).collect();
    let mut value = json!({ "skills": skills, "total": matching.len() });
    if end < matching.len() {
        value["nextCursor"] = json!(end.to_string());
    }
    if !served.held.is_empty() {
        value["heldBack"] = json!(format!("{} skills with errors are not served until they are fixed", served.held.len()));
    }
    Ok(answer(value))
}

fn search(live: &Live, a: SearchArgs) -> Result<CallToolResult, String> {
    if a.query.trim().is_empty() {
        return Err("give words to search for in `query`".into());
    }
    let limit = a.limit.unwrap_or(HITS).clamp(1, MAX_HITS);
    // Skills with errors rank too and are dropped here, so ask for as many more.
    let found = live.search(&a.query, limit + live.current().held.len()).map_err(|e| e.message)?;
    let hits: Vec<Value> = found
        .rows
        .iter()
        .filter_map(|row| Some((found.served.at_row(*row as usize)?, found.snippets.get(row))))
        .take(limit)
        .map(|(skill, snippet)| {
            let mut row = l1_row(skill);
            if let Some(snippet) = snippet {
                row["snippet"] = json!(snippet);
            }
            row
        })
        .collect();
    Ok(answer(json!({ "hits": hits })))
}

/// What a model reads at L2: the operating-principles fragment (when the catalogue names one)
/// and the body, as Skillhouse counts them.
fn load(live: &Live, a: LoadArgs) -> Result<CallToolResult, String> {
    let served = live.current();
    let skill = served.skill_of(&a.name).map_err(|r| r.message().to_string())?;
    let bytes = served.read(skill, skillhouse_core::scan::SKILL_FILE, &live.digests).map_err(|r| r.message().to_string())?;
    let text = String::from_utf8(bytes).map_err(|_| format!("the SKILL.md of `{}` is not UTF-8", skill.name))?;
    let body = body_of(&text).to_string();
    let instructions = match served.fragment.as_deref() {
        Some(fragment) => format!("{}\n\n{}", fragment.trim_end(), body.trim_start()),
        None => body,
    };
    let files: Vec<Value> = skill
        .files
        .iter()
        .skip(1)
        .map(|f| json!({ "path": f.path, "size": f.size, "tokens": f.tokens, "uri": address::uri(&skill.name, &f.path) }))
        .collect();
    let listing = if files.is_empty() {
        "This skill has no other files.".to_string()
    } else {
        let paths: Vec<&str> = skill.files.iter().skip(1).map(|f| f.path.as_str()).collect();
        format!("Files of this skill (read_skill_resource reads one): {}", paths.join(", "))
    };
    let mut result = CallToolResult::success(vec![ContentBlock::text(instructions), ContentBlock::text(listing)]);
    result.structured_content = Some(json!({
        "name": skill.name,
        "uri": skill_uri(&skill.name),
        "tokens": {"l2": skill.l2},
        "files": files,
    }));
    Ok(result)
}

fn read(live: &Live, a: ReadArgs) -> Result<CallToolResult, String> {
    let served = live.current();
    let skill = served.skill_of(&a.name).map_err(|r| r.message().to_string())?;
    let contents = contents(&served, skill, &a.path, &live.digests).map_err(|r| r.message().to_string())?;
    Ok(CallToolResult::success(vec![ContentBlock::resource(contents)]))
}

/// One file as resource contents: text when it is UTF-8 without NUL, else base64.
pub fn contents(served: &Served, skill: &ServedSkill, path: &str, digests: &crate::served::Digests) -> Result<ResourceContents, Refusal> {
    let bytes = served.read(skill, path, digests)?;
    let uri = address::uri(&skill.name, path);
    let mime = mime_of(path);
    let contents = match String::from_utf8(bytes) {
        Ok(text) if !text.contains('\0') => ResourceContents::text(text, uri),
        Ok(text) => ResourceContents::blob(base64::engine::general_purpose::STANDARD.encode(text.as_bytes()), uri),
        Err(e) => ResourceContents::blob(base64::engine::general_purpose::STANDARD.encode(e.as_bytes()), uri),
    };
    Ok(match mime {
        Some(m) => contents.with_mime_type(m),
        None => contents,
    })
}

/// The Markdown after the frontmatter (the whole text when it has none, which a served skill
/// always has: one without is an error and is not served).
fn body_of(text: &str) -> &str {
    let mut diagnostics = Vec::new();
    match skillhouse_core::source::split_frontmatter("SKILL.md", text, &mut diagnostics) {
        Some(split) => split.body,
        None => text,
    }
}

pub fn mime_of(path: &str) -> Option<&'static str> {
    let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
    Some(match ext.as_str() {
        "md" | "markdown" => "text/markdown",
        "txt" => "text/plain",
        "json" => "application/json",
        "yaml" | "yml" => "application/yaml",
        "py" => "text/x-python",
        "sh" => "text/x-shellscript",
        "js" | "mjs" => "text/javascript",
        "ts" => "text/x-typescript",
        "html" | "htm" => "text/html",
        "csv" => "text/csv",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "svg" => "image/svg+xml",
        "pdf" => "application/pdf",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the tool list costs a model in every conversation (o200k tokens of `tools/list`'s
    /// JSON); docs/mcp.md gives the figure. Kept small: a host lists every server's tools.
    #[test]
    fn the_tool_list_costs_few_tokens() {
        let json = serde_json::to_string(&all()).unwrap();
        let tokens = skillhouse_core::tokens::count(&json);
        println!("tools/list: {} bytes, {tokens} o200k tokens", json.len());
        assert!(tokens < 450, "the tools cost {tokens} tokens; shorten their descriptions");
        for tool in all() {
            let words = tool.description.as_deref().unwrap_or_default().split_whitespace().count();
            assert!((5..=20).contains(&words), "{}: {words} words", tool.name);
        }
    }
}
