//! Rules whose details (positions, messages, interplay) the fixtures do not pin down.

use skillhouse_core::catalogue::{self, LoadOptions};
use skillhouse_core::{Code, Diagnostic, Profile};
use std::fs;

fn check(files: &[(&str, &str)], profile: Option<Profile>) -> Vec<Diagnostic> {
    let tmp = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = tmp.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let cat = catalogue::load(tmp.path(), &LoadOptions { profile }).unwrap();
    cat.all_diagnostics().cloned().collect()
}

const DESCRIPTION: &str = "description: Turns PDF pages into text and tables. Use when a user hands over a PDF to read.\n";

fn skill(extra: &str) -> String {
    format!("---\nname: pdf-tools\n{DESCRIPTION}{extra}---\nRead the PDF.\n")
}

#[test]
fn an_unknown_tool_in_a_string_is_pointed_at_itself() {
    let d = check(&[("pdf-tools/SKILL.md", &skill("allowed-tools: Read Grep WebFetch Deploy\n"))], None);
    let unknown: Vec<_> = d.iter().filter(|d| d.code == Code::ToolsUnknown).collect();
    assert_eq!(unknown.len(), 1, "{d:?}");
    assert_eq!((unknown[0].line, unknown[0].column), (4, 35));
    assert!(unknown[0].message.contains("`Deploy`") && unknown[0].message.contains("skill"));
}

#[test]
fn an_agents_unknown_tool_says_agent() {
    let agent = "---\nname: helper\ndescription: Helps with PDFs when asked.\ntools: Read, Frobnicate\n---\nYou help.\n";
    let d = check(&[("pdf-tools/SKILL.md", &skill("")), ("agents/helper.md", agent)], None);
    let unknown = d.iter().find(|d| d.code == Code::ToolsUnknown).expect("reported");
    assert!(unknown.message.contains("the agent would run without it"), "{}", unknown.message);
    assert_eq!((unknown.line, unknown.column), (4, 14));
}

#[test]
fn empty_tool_entries_are_malformed() {
    for tools in ["\"\"", "\"Read, , Grep\"", "\"Bash()\""] {
        let d = check(&[("pdf-tools/SKILL.md", &skill(&format!("allowed-tools: {tools}\n")))], None);
        assert!(d.iter().any(|d| d.code == Code::ToolsSyntax), "{tools}: {d:?}");
        assert!(!d.iter().any(|d| d.code == Code::ToolsUnknown), "{tools}: {d:?}");
    }
}

#[test]
fn an_empty_list_entry_under_claude_code_is_only_a_syntax_error() {
    let d = check(&[("pdf-tools/SKILL.md", &skill("allowed-tools:\n  - Read\n  - \"\"\n"))], Some(Profile::ClaudeCode));
    let codes: Vec<Code> = d.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec![Code::ToolsSyntax], "{d:?}");
    assert_eq!(d[0].line, 6);
}

#[test]
fn an_empty_name_is_one_problem_not_two() {
    let text = format!("---\nname: \"\"\n{DESCRIPTION}---\nRead the PDF.\n");
    let d = check(&[("pdf-tools/SKILL.md", &text)], None);
    let codes: Vec<Code> = d.iter().map(|d| d.code).collect();
    assert_eq!(codes, vec![Code::NameLength], "{d:?}");
    assert!(d[0].hint.as_deref().unwrap().contains("required"));
}

#[test]
fn yaml_messages_carry_no_positions_of_their_own() {
    let text = "---\nname: pdf-tools\n license: MIT\n---\nbody\n";
    let d = check(&[("pdf-tools/SKILL.md", text)], None);
    assert_eq!(d[0].code, Code::YamlSyntax);
    assert!(!d[0].message.contains("line"), "{}", d[0].message);
}

#[test]
fn a_broken_file_hands_on_no_fields() {
    let text = "---\nname: pdf-tools\nname: other\n---\nbody\n";
    let tmp = tempfile::tempdir().unwrap();
    fs::create_dir_all(tmp.path().join("pdf-tools")).unwrap();
    fs::write(tmp.path().join("pdf-tools/SKILL.md"), text).unwrap();
    let cat = catalogue::load(tmp.path(), &LoadOptions::default()).unwrap();
    let s = &cat.skills[0];
    assert!(!s.parsed);
    assert_eq!(s.frontmatter, serde_json::json!({}));
    assert!(s.description.is_empty() && s.allowed_tools.is_empty());
    assert_eq!(s.name, "pdf-tools", "listed under its folder name");
}

#[test]
fn todays_claude_code_tools_need_no_toolkit() {
    let tools = "allowed-tools: Agent TaskCreate TaskGet TaskList TaskUpdate SendMessage TeamCreate ToolSearch LSP Task\n";
    let d = check(&[("pdf-tools/SKILL.md", &skill(tools))], None);
    assert!(!d.iter().any(|d| d.code == Code::ToolsUnknown), "{d:?}");
}

#[test]
fn an_mcp_tool_is_named_as_one_the_toolkit_must_declare() {
    let d = check(&[("pdf-tools/SKILL.md", &skill("allowed-tools: Read mcp__github__create_issue\n"))], None);
    let unknown = d.iter().find(|d| d.code == Code::ToolsUnknown).expect("reported");
    assert!(unknown.message.contains("a tool of the MCP server `github`"), "{}", unknown.message);
    let hint = unknown.hint.as_deref().unwrap_or_default();
    assert!(hint.contains("`mcp__github__*`") && hint.contains("toolkit:"), "{hint}");
}
