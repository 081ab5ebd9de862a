//! The server as a client sees it, over an in-memory transport with rmcp's own client: every
//! listed file's bytes match its digest and size, held-back skills are absent, and every bad
//! request gets a JSON-RPC error that says why while the server keeps serving.

use base64::Engine;
use rmcp::model::{
    CallToolRequestParams, ErrorCode, GetSkillRequestParams, ReadResourceDirectoryRequestParams, ReadResourceRequestParams,
    ResourceContents, SkillResources,
};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::ServiceExt;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use skillhouse_mcp::{Live, SkillsServer};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../skills")
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

struct World {
    _dir: tempfile::TempDir,
    root: PathBuf,
    client: RunningService<RoleClient, ()>,
}

/// The sample catalogue plus what a client must not get: a skill with an error, a file linked
/// out of its skill, a file over the size limit, a binary.
async fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("catalogue");
    copy_dir(&sample(), &root);
    let skill = root.join("naming-skills");
    fs::create_dir_all(skill.join("assets")).unwrap();
    fs::write(skill.join("assets/logo.png"), [0x89, b'P', b'N', b'G', 0, 1, 2, 3, 0xff]).unwrap();
    std::os::unix::fs::symlink("../writing-commit-messages/SKILL.md", skill.join("references-link.md")).unwrap();
    let big = fs::File::create(skill.join("assets/huge.bin")).unwrap();
    big.set_len(skillhouse_mcp::served::MAX_FILE_BYTES + 1).unwrap();
    fs::create_dir_all(root.join("broken-skill")).unwrap();
    fs::write(root.join("broken-skill/SKILL.md"), "---\nname: broken-skill\ndescription: [unclosed\n---\nBody.\n").unwrap();
    let live = Live::open(&root, &dir.path().join("index.sqlite")).unwrap();
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    let server = SkillsServer::new(Arc::new(live));
    tokio::spawn(async move {
        let running = server.serve(server_io).await.unwrap();
        let _ = running.waiting().await;
    });
    let client = ().serve(client_io).await.unwrap();
    World { _dir: dir, root, client }
}

/// The SKILL.md of the skill named `name`, wherever it sits in the catalogue.
fn find_skill(root: &Path, name: &str) -> PathBuf {
    fn under(dir: &Path, name: &str) -> Option<PathBuf> {
        if dir.file_name().is_some_and(|n| n == name) && dir.join("SKILL.md").is_file() {
            return Some(dir.join("SKILL.md"));
        }
        fs::read_dir(dir).ok()?.flatten().map(|e| e.path()).filter(|p| p.is_dir() && !p.is_symlink()).find_map(|p| under(&p, name))
    }
    under(root, name).unwrap_or_else(|| panic!("no skill {name} under {}", root.display()))
}

fn sha256(bytes: &[u8]) -> String {
    format!("sha256:{}", hex(&Sha256::digest(bytes)))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn bytes_of(contents: &ResourceContents) -> Vec<u8> {
    match contents {
        ResourceContents::TextResourceContents { text, .. } => text.as_bytes().to_vec(),
        ResourceContents::BlobResourceContents { blob, .. } => base64::engine::general_purpose::STANDARD.decode(blob).unwrap(),
        other => panic!("unexpected contents {other:?}"),
    }
}

fn rpc_error(e: ServiceError) -> (ErrorCode, String) {
    match e {
        ServiceError::McpError(e) => (e.code, e.message.to_string()),
        other => panic!("expected a JSON-RPC error, got {other:?}"),
    }
}

async fn read(w: &World, uri: &str) -> Result<Vec<u8>, (ErrorCode, String)> {
    let result = w.client.read_resource(ReadResourceRequestParams::new(uri)).await.map_err(rpc_error)?;
    assert_eq!(result.contents.len(), 1);
    Ok(bytes_of(&result.contents[0]))
}

async fn tool(w: &World, name: &str, args: Value) -> rmcp::model::CallToolResult {
    let Value::Object(args) = args else { panic!("arguments are an object") };
    w.client.call_tool(CallToolRequestParams::new(name.to_string()).with_arguments(args)).await.unwrap()
}

fn text_of(result: &rmcp::model::CallToolResult) -> String {
    result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect::<Vec<_>>().join("\n")
}

#[tokio::test]
async fn every_listed_file_reads_back_with_its_digest_and_size_and_the_frontmatter_is_the_files() {
    let w = world().await;
    let skills = w.client.list_all_skills().await.unwrap();
    let names: Vec<&str> = skills.iter().map(|s| s.name()).collect();
    assert!(names.contains(&"naming-skills") && names.contains(&"cicd-pipeline-design"), "{names:?}");
    assert!(!names.contains(&"broken-skill"), "a skill with an error is not served");
    let mut checked = 0;
    for skill in &skills {
        let SkillResources::Files(files) = &skill.resources else { panic!("{} has no manifest", skill.uri) };
        for file in files {
            let bytes = read(&w, &file.uri).await.unwrap_or_else(|e| panic!("{}: {e:?}", file.uri));
            assert_eq!(bytes.len() as u64, file.size, "{}", file.uri);
            assert_eq!(sha256(&bytes), file.digest, "{}", file.uri);
            checked += 1;
        }
        // The frontmatter is the file's, field for field.
        let text = fs::read_to_string(find_skill(&w.root, skill.name())).unwrap();
        let yaml = text.split("---\n").nth(1).unwrap();
        let on_disk: Value = serde_saphyr::from_str(yaml).unwrap();
        assert_eq!(serde_json::to_value(&skill.frontmatter).unwrap(), on_disk, "{}", skill.uri);
        let tokens = &skill.meta.as_ref().unwrap().0["dev.skillhouse/tokens"];
        assert!(tokens["l1"].as_u64().unwrap() > 0 && tokens["l2"].as_u64().unwrap() > 0, "{tokens}");
    }
    assert!(checked > skills.len(), "only SKILL.md files were listed");
    let naming = skills.iter().find(|s| s.name() == "naming-skills").unwrap();
    let SkillResources::Files(files) = &naming.resources else { unreachable!() };
    let uris: Vec<&str> = files.iter().map(|f| f.uri.as_str()).collect();
    assert!(uris.contains(&"skill://naming-skills/assets/logo.png"), "a binary is listed: {uris:?}");
    assert!(!uris.iter().any(|u| u.ends_with("huge.bin")), "a file over the limit is not listed: {uris:?}");
    assert!(!uris.iter().any(|u| u.ends_with("references-link.md")), "nor a link out of the skill: {uris:?}");
}

#[tokio::test]
async fn every_bad_request_gets_an_error_that_says_why_and_the_server_keeps_serving() {
    let w = world().await;
    let cases: [(&str, ErrorCode, &str); 10] = [
        ("skill://naming-skills/../writing-commit-messages/SKILL.md", ErrorCode::INVALID_PARAMS, "`..`"),
        ("skill://naming-skills/%2Fetc%2Fpasswd", ErrorCode::INVALID_PARAMS, "is absolute"),
        ("skill://naming-skills/references/none.md", ErrorCode::RESOURCE_NOT_FOUND, "has no file"),
        ("skill://naming-skills/references-link.md", ErrorCode::RESOURCE_NOT_FOUND, "outside the skill's folder"),
        ("skill://naming-skills/assets", ErrorCode::INVALID_PARAMS, "is a folder"),
        ("skill://naming-skills/assets/huge.bin", ErrorCode::RESOURCE_NOT_FOUND, "larger than"),
        ("skill://no-such-skill/SKILL.md", ErrorCode::RESOURCE_NOT_FOUND, "no skill `no-such-skill`"),
        ("skill://broken-skill/SKILL.md", ErrorCode::RESOURCE_NOT_FOUND, "has errors"),
        ("file:///etc/passwd", ErrorCode::INVALID_PARAMS, "does not start with skill://"),
        ("skill://naming-skills", ErrorCode::INVALID_PARAMS, "directory/read"),
    ];
    for (uri, code, why) in cases {
        let (got, message) = read(&w, uri).await.expect_err(uri);
        assert_eq!(got, code, "{uri}: {message}");
        assert!(message.contains(why), "{uri}: {message}");
    }
    // A link that leads out is refused through the tool too, and nothing of its target is shown.
    let result = tool(&w, "read_skill_resource", json!({"name": "naming-skills", "path": "references-link.md"})).await;
    assert_eq!(result.is_error, Some(true));
    assert!(!text_of(&result).contains("commit"), "{}", text_of(&result));

    let (code, message) = rpc_error(w.client.get_skill(GetSkillRequestParams::new("skill://no-such-skill/SKILL.md")).await.unwrap_err());
    assert_eq!(code, ErrorCode::INVALID_PARAMS, "skills/get of an unknown skill is -32602: {message}");
    let (code, _) = rpc_error(
        w.client.read_resource_directory(ReadResourceDirectoryRequestParams::new("skill://naming-skills/SKILL.md")).await.unwrap_err(),
    );
    assert_eq!(code, ErrorCode::INVALID_PARAMS, "a file is not a folder");
    let unknown = w.client.call_tool(CallToolRequestParams::new("delete_everything")).await.unwrap_err();
    assert!(rpc_error(unknown).1.contains("list_skills"));
    let bad_args = tool(&w, "load_skill", json!({"skill": "naming-skills"})).await;
    assert_eq!(bad_args.is_error, Some(true));
    assert!(text_of(&bad_args).contains("input schema"), "{}", text_of(&bad_args));

    // Still serving.
    let bytes = read(&w, "skill://naming-skills/SKILL.md").await.unwrap();
    assert!(String::from_utf8(bytes).unwrap().contains("name: naming-skills"));
}

#[tokio::test]
async fn the_tools_list_search_load_and_read_at_each_level_with_their_token_counts() {
    let w = world().await;
    let tools = w.client.list_all_tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(names, ["list_skills", "search_skills", "load_skill", "read_skill_resource", "list_agents"]);

    let first = tool(&w, "list_skills", json!({"limit": 5})).await;
    let page = first.structured_content.clone().unwrap();
    assert_eq!(page["skills"].as_array().unwrap().len(), 5);
    assert!(page["skills"][0]["tokens"]["l1"].as_u64().unwrap() > 0);
    assert!(page["heldBack"].as_str().unwrap().starts_with("1 skills with errors"), "{page}");
    let mut seen: Vec<String> = Vec::new();
    let mut cursor = page["nextCursor"].as_str().map(str::to_string);
    seen.extend(page["skills"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()));
    while let Some(c) = cursor {
        let next = tool(&w, "list_skills", json!({"limit": 5, "cursor": c})).await.structured_content.unwrap();
        seen.extend(next["skills"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_string()));
        cursor = next["nextCursor"].as_str().map(str::to_string);
    }
    assert_eq!(seen.len() as u64, page["total"].as_u64().unwrap(), "paging gives every skill once");
    let mut sorted = seen.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted, seen);

    let hits = tool(&w, "search_skills", json!({"query": "commit message"})).await.structured_content.unwrap();
    assert_eq!(hits["hits"][0]["name"], "writing-commit-messages", "{hits}");

    let loaded = tool(&w, "load_skill", json!({"name": "naming-skills"})).await;
    let text = text_of(&loaded);
    let file = fs::read_to_string(w.root.join("naming-skills/SKILL.md")).unwrap();
    let body = file.splitn(3, "---\n").nth(2).unwrap();
    assert!(text.contains(body.trim()), "L2 holds the body");
    assert!(text.starts_with("## Operating principles"), "and the catalogue's fragment first: {}", &text[..80]);
    let details = loaded.structured_content.unwrap();
    assert!(details["tokens"]["l2"].as_u64().unwrap() > 0);
    let listed: Vec<&str> = details["files"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert!(listed.contains(&"assets/logo.png"), "{listed:?}");

    assert!(!listed.contains(&"references-link.md"), "{listed:?}");
    let path = listed.iter().find(|p| p.ends_with(".md")).copied().unwrap_or("assets/logo.png");
    let got = tool(&w, "read_skill_resource", json!({"name": "naming-skills", "path": path})).await;
    assert_eq!(got.is_error, Some(false), "{}", text_of(&got));
    let bytes = bytes_of(&got.content[0].as_resource().unwrap().resource);
    assert_eq!(bytes, fs::read(w.root.join("naming-skills").join(path)).unwrap(), "the file's bytes");
    let held = tool(&w, "load_skill", json!({"name": "broken-skill"})).await;
    assert_eq!(held.is_error, Some(true));
    assert!(text_of(&held).contains("has errors"), "{}", text_of(&held));
}

#[tokio::test]
async fn a_directory_read_lists_folders_and_files_of_one_level() {
    let w = world().await;
    let top = w.client.read_resource_directory(ReadResourceDirectoryRequestParams::new("skill://naming-skills")).await.unwrap();
    let names: Vec<(&str, Option<&str>)> = top.resources.iter().map(|r| (r.name.as_str(), r.mime_type.as_deref())).collect();
    assert!(names.contains(&("SKILL.md", Some("text/markdown"))), "{names:?}");
    assert!(names.contains(&("assets", Some("inode/directory"))), "{names:?}");
    let assets = w.client.read_resource_directory(ReadResourceDirectoryRequestParams::new("skill://naming-skills/assets")).await.unwrap();
    let names: Vec<&str> = assets.resources.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["logo.png"], "the file over the limit is not listed");
}

#[tokio::test]
async fn agents_are_listed_with_their_skills_resolved_against_what_is_served() {
    let w = world().await;
    // An agent that uses a served skill, the broken one and one the catalogue lacks.
    fs::write(
        w.root.join("agents/mixed-helper.md"),
        "---\nname: mixed-helper\ndescription: Helps with names. Delegate to it when a skill needs a name.\nskills:\n  - naming-skills\n  - broken-skill\n  - no-such-skill\n---\nBody.\n",
    )
    .unwrap();
    let live = Live::open(&w.root, &w._dir.path().join("index-2.sqlite")).unwrap();
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    tokio::spawn(async move {
        let running = SkillsServer::new(Arc::new(live)).serve(server_io).await.unwrap();
        let _ = running.waiting().await;
    });
    let client = ().serve(client_io).await.unwrap();
    let result =
        client.call_tool(CallToolRequestParams::new("list_agents").with_arguments(json!({}).as_object().unwrap().clone())).await.unwrap();
    let listed = result.structured_content.unwrap();
    let agents = listed["agents"].as_array().unwrap();
    let names: Vec<&str> = agents.iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["agent-card-reviewer", "mixed-helper", "registry-publisher", "skill-author-coach", "skill-security-reviewer"]);
    let reviewer = &agents[0];
    assert_eq!(reviewer["skills"][0]["name"], "reviewing-agent-cards");
    assert!(reviewer["skills"][0]["tokens"]["l1"].as_u64().unwrap() > 0, "a served skill comes with its tokens");
    assert!(reviewer.get("errors").is_none());
    let mixed = &agents[1];
    assert_eq!(mixed["skills"][0]["uri"], "skill://naming-skills/SKILL.md");
    assert!(mixed["skills"][1]["notServed"].as_str().unwrap().contains("yaml.syntax"), "{}", mixed["skills"][1]);
    assert!(mixed["skills"][2]["notServed"].as_str().unwrap().contains("no skill of this name"));
    assert!(mixed["errors"].as_u64().unwrap() >= 1, "the agent's own errors are counted: {mixed}");
    // Arguments it does not take are refused, as for every tool.
    let refused = client
        .call_tool(CallToolRequestParams::new("list_agents").with_arguments(json!({"query": "x"}).as_object().unwrap().clone()))
        .await
        .unwrap();
    assert_eq!(refused.is_error, Some(true));
}
