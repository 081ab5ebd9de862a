//! Agent definitions (`agents/*.md`): Markdown with frontmatter whose body is the system prompt.

use crate::diagnostic::{Diagnostic, Position};
use crate::document;
use crate::files::FileStamp;
use crate::scan::AgentFile;
use crate::schema::Subject;
use crate::skill::{self, Context};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Agent {
    pub name: String,
    /// Path relative to the root.
    pub file: String,
    pub parsed: bool,
    pub description: String,
    /// File line of the `name` key.
    pub name_line: u32,
    /// File line of the `description` key.
    #[serde(default)]
    pub description_line: u32,
    pub frontmatter: serde_json::Value,
    pub tools: Vec<String>,
    /// Skills the agent lists, with the file position of each entry.
    pub skills: Vec<SkillRef>,
    /// The Markdown body; empty when the skill came from the index (read the file instead).
    #[serde(skip)]
    pub body: String,
    pub stamp: FileStamp,
    pub diagnostics: Vec<Diagnostic>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkillRef {
    pub name: String,
    pub line: u32,
    pub column: u32,
}

pub fn load(cx: &Context<'_>, found: &AgentFile) -> Agent {
    let mut diagnostics = Vec::new();
    let stem = found.file.rsplit('/').next().unwrap_or(&found.file).trim_end_matches(".md").to_string();
    let mut agent = Agent {
        name: stem,
        file: found.file.clone(),
        parsed: false,
        description: String::new(),
        name_line: 1,
        description_line: 1,
        frontmatter: serde_json::Value::Object(Default::default()),
        tools: Vec::new(),
        skills: Vec::new(),
        body: String::new(),
        stamp: FileStamp::default(),
        diagnostics: Vec::new(),
    };
    if let Some(document) = document::read(&found.file, &found.path, cx.max_file_bytes, &mut diagnostics) {
        agent.stamp = document.stamp.clone();
        agent.body = document.body().to_string();
        if let Some(front) = &document.frontmatter {
            agent.parsed = true;
            agent.frontmatter = front.to_json();
            cx.schemas.check(Subject::Agent, &found.file, front, &mut diagnostics);
            if let Some(entry) = front.entry("name") {
                agent.name_line = entry.key_at.line;
                if let Some(name) = entry.value.as_str() {
                    agent.name = name.to_string();
                }
            }
            if let Some(entry) = front.entry("description") {
                agent.description_line = entry.key_at.line;
                if let Some(description) = entry.value.as_str() {
                    agent.description = description.to_string();
                }
            }
            if let Some(entry) = front.entry("tools") {
                agent.tools = skill::check_tools(
                    &found.file,
                    "/tools",
                    &entry.value,
                    entry.key_at,
                    document.yaml(),
                    cx.toolkit,
                    skill::ToolOwner::Agent,
                    &mut diagnostics,
                );
            }
            if let Some(list) = front.get("skills").and_then(|n| n.as_seq()) {
                agent.skills = list
                    .iter()
                    .filter_map(|item| {
                        let Position { line, column } = item.at;
                        item.as_str().map(|name| SkillRef { name: name.to_string(), line, column })
                    })
                    .collect();
            }
        }
    }
    crate::diagnostic::sort(&mut diagnostics);
    agent.diagnostics = diagnostics;
    agent
}
