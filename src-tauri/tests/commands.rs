//! The command layer without a window: each command through Tauri's IPC, on the mock runtime.

use serde_json::{json, Value};
use std::fs;
use std::path::Path;
use tauri::test::{get_ipc_response, mock_builder, mock_context, noop_assets, INVOKE_KEY};
use tauri::webview::InvokeRequest;

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

struct Harness {
    _app: tauri::App<tauri::test::MockRuntime>,
    webview: tauri::WebviewWindow<tauri::test::MockRuntime>,
}

impl Harness {
    fn new() -> Harness {
        let app = skillhouse_app::builder(mock_builder()).build(mock_context(noop_assets())).unwrap();
        let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default()).build().unwrap();
        Harness { _app: app, webview }
    }

    fn call(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        let request = InvokeRequest {
            cmd: cmd.into(),
            callback: tauri::ipc::CallbackFn(0),
            error: tauri::ipc::CallbackFn(1),
            // On Linux only this origin counts as the app's own (see docs: desktop testing).
            url: "tauri://localhost".parse().unwrap(),
            body: tauri::ipc::InvokeBody::Json(args),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        };
        get_ipc_response(&self.webview, request).map(|body| body.deserialize::<Value>().unwrap())
    }
}

/// Points the index and the recent list at one temporary home for the whole test process: the
/// environment is shared by tests running in parallel, so it is set once.
fn keep_out_of_home() {
    static HOME: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    let home = HOME.get_or_init(|| tempfile::tempdir().unwrap());
    std::env::set_var("XDG_DATA_HOME", home.path().join("data"));
    std::env::set_var("XDG_CONFIG_HOME", home.path().join("config"));
}

fn sample_copy() -> (tempfile::TempDir, String) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("catalogue");
    copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../skills"), &root);
    keep_out_of_home();
    (tmp, root.to_string_lossy().into_owned())
}

#[test]
fn commands_need_an_open_catalogue() {
    let h = Harness::new();
    let err = h.call("get_skill", json!({"dir": "naming-skills"})).unwrap_err();
    assert_eq!(err["code"], "catalogue.not-open");
    assert!(err["message"].as_str().unwrap().contains("open a folder"));
    let err = h.call("search", json!({"query": "commit", "limit": 5})).unwrap_err();
    assert_eq!(err["code"], "catalogue.not-open");
}

#[test]
fn open_edit_check_and_save_through_ipc() {
    let (_tmp, root) = sample_copy();
    let h = Harness::new();
    let view = h.call("open_catalogue", json!({"path": root})).unwrap();
    assert_eq!(view["skills"].as_array().unwrap().len(), 16);
    assert_eq!(view["stats"]["skillAgentRatio"], 4.0);

    let detail = h.call("get_skill", json!({"dir": "naming-skills"})).unwrap();
    assert_eq!(detail["l2Budget"], 5000);
    let text = detail["text"].as_str().unwrap();
    let draft = h.call("set_field", json!({"text": text, "pointer": "/name", "value": "Bad Name"})).unwrap();
    let check = h.call("check_draft", json!({"dir": "naming-skills", "text": draft})).unwrap();
    assert!(check["diagnostics"].as_array().unwrap().iter().any(|d| d["code"] == "name.format" && d["pointer"] == "/name"));

    let good = h.call("set_field", json!({"text": text, "pointer": "/license", "value": "Apache-2.0"})).unwrap();
    let saved = h.call("save_skill", json!({"dir": "naming-skills", "text": good, "baseSha256": detail["sha256"]})).unwrap();
    assert_ne!(saved["sha256"], detail["sha256"]);
    // Saving again against the old hash is a conflict, with the disk version in the details.
    let err = h.call("save_skill", json!({"dir": "naming-skills", "text": text, "baseSha256": detail["sha256"]})).unwrap_err();
    assert_eq!(err["code"], "save.conflict");
    assert_eq!(err["details"]["disk_text"], good);

    let found = h.call("search", json!({"query": "commit", "limit": 5})).unwrap();
    // A save keeps every skill in its place: the view opened above is the one the rows index.
    assert_eq!(found["revision"], view["revision"]);
    let best = found["rows"][0].as_u64().unwrap() as usize;
    assert_eq!(view["skills"][best]["dir"], "writing-commit-messages");
    assert!(h.call("recent_catalogues", json!({})).unwrap().as_array().unwrap().iter().any(|r| r.as_str().unwrap().ends_with("catalogue")));
}

#[test]
fn errors_cross_ipc_in_one_shape() {
    let (_tmp, root) = sample_copy();
    let h = Harness::new();
    let err = h.call("open_catalogue", json!({"path": format!("{root}/no-such")})).unwrap_err();
    assert_eq!(err["code"], "catalogue.not-found");
    h.call("open_catalogue", json!({"path": root})).unwrap();
    let err = h.call("create_skill", json!({"name": "Bad Name"})).unwrap_err();
    assert_eq!(err["code"], "skill.bad-name");
    assert_eq!(err["details"]["suggestion"], "bad-name");
    let err = h.call("set_field", json!({"text": "---\nname: [\n---\n", "pointer": "/name", "value": "x"})).unwrap_err();
    assert_eq!(err["code"], "edit.invalid");
    let flag =
        h.call("set_field", json!({"text": "---\nname: a\ndescription: b\n---\n", "pointer": "/user-invocable", "value": false})).unwrap();
    assert_eq!(flag, "---\nname: a\ndescription: b\nuser-invocable: false\n---\n");
    assert!(err.get("message").is_some() && err.get("details").is_some());
}

#[test]
fn export_previews_writes_and_compares_with_the_previous_export() {
    let (tmp, root) = sample_copy();
    let h = Harness::new();
    h.call("open_catalogue", json!({"path": root})).unwrap();
    let dest = tmp.path().join("published");
    let request = json!({
        "targets": ["bundle", "prompt"],
        "packaging": "tar-gz",
        "destination": dest.to_string_lossy(),
        "options": {"includeUnapproved": true},
    });
    let preview = h.call("preview_export", json!({"request": request})).unwrap();
    let outputs = preview["outputs"].as_array().unwrap();
    assert_eq!(outputs.len(), 2);
    assert_eq!(outputs[0]["previous"], false);
    assert!(outputs[0]["added"].as_u64().unwrap() > 10);
    assert!(!dest.exists(), "a preview writes nothing");

    let done = h.call("run_export", json!({"request": request})).unwrap();
    let written = done["written"].as_array().unwrap();
    assert_eq!(written[0]["path"], dest.join("bundle.tar.gz").to_string_lossy().as_ref());
    assert!(dest.join("bundle.tar.gz").is_file() && dest.join("prompt.tar.gz").is_file());
    assert_eq!(written[0]["sha256"].as_str().unwrap().len(), 64);

    let again = h.call("preview_export", json!({"request": request})).unwrap();
    let bundle = &again["outputs"][0];
    assert_eq!(bundle["previous"], true);
    assert_eq!(bundle["unchanged"], bundle["files"].as_array().unwrap().len());

    // Only what an export of this session wrote can be shown in the file manager.
    let err = h.call("reveal_export", json!({"path": "/etc/passwd"})).unwrap_err();
    assert_eq!(err["code"], "export.not-exported");

    let inside = json!({"targets": ["bundle"], "packaging": "folder", "destination": format!("{root}/out")});
    let err = h.call("preview_export", json!({"request": inside})).unwrap_err();
    assert_eq!(err["code"], "export.invalid-option");
    assert!(err["message"].as_str().unwrap().contains("inside the catalogue"));
}

#[test]
fn import_applies_exactly_the_previewed_plan() {
    let (tmp, root) = sample_copy();
    let h = Harness::new();
    h.call("open_catalogue", json!({"path": root})).unwrap();
    let dest = tmp.path().join("published");
    let request = json!({"targets": ["bundle"], "packaging": "zip", "destination": dest.to_string_lossy(), "options": {}});
    h.call("run_export", json!({"request": request})).unwrap();
    let bundle = dest.join("bundle.zip").to_string_lossy().into_owned();

    // Not previewed: refused.
    let err = h.call("apply_import", json!({"bundle": bundle})).unwrap_err();
    assert_eq!(err["code"], "export.import-refused");

    // A skill removed from the catalogue comes back; the others are identical.
    fs::remove_dir_all(Path::new(&root).join("naming-skills")).unwrap();
    let view = h.call("open_catalogue", json!({"path": root})).unwrap();
    let count = view["skills"].as_array().unwrap().len();
    let plan = h.call("preview_import", json!({"bundle": bundle})).unwrap();
    let added: Vec<&str> = plan["add"].as_array().unwrap().iter().map(|c| c["dir"].as_str().unwrap()).collect();
    assert_eq!(added, vec!["naming-skills"]);
    assert!(plan["replace"].as_array().unwrap().is_empty());
    assert!(!Path::new(&root).join("naming-skills").exists(), "a preview writes nothing");

    let imported = h.call("apply_import", json!({"bundle": bundle})).unwrap();
    assert_eq!(imported["applied"]["added"], 1);
    assert_eq!(imported["view"]["skills"].as_array().unwrap().len(), count + 1);
    assert!(Path::new(&root).join("naming-skills/SKILL.md").is_file());
    // The plan is used once.
    let err = h.call("apply_import", json!({"bundle": bundle})).unwrap_err();
    assert_eq!(err["code"], "export.import-refused");

    let err = h.call("preview_import", json!({"bundle": tmp.path().join("missing.zip").to_string_lossy()})).unwrap_err();
    assert_eq!(err["code"], "export.not-a-bundle");
}

#[cfg(target_os = "linux")]
#[test]
fn serve_to_agents_lists_served_and_held_skills_and_runs_the_cli_over_http() {
    use std::os::unix::fs::PermissionsExt;
    let (tmp, root) = sample_copy();
    fs::create_dir_all(format!("{root}/broken-skill")).unwrap();
    fs::write(format!("{root}/broken-skill/SKILL.md"), "---\nname: broken-skill\ndescription: [unclosed\n---\nBody.\n").unwrap();
    // A stand-in for `skillhouse` that records how it was launched and answers as `mcp --http` does.
    let cli = tmp.path().join("skillhouse");
    let args_file = tmp.path().join("args");
    fs::write(
        &cli,
        format!("#!/bin/sh\nprintf '%s\\n' \"$@\" > {}\necho http://127.0.0.1:45678/mcp\nexec sleep 60\n", args_file.display()),
    )
    .unwrap();
    fs::set_permissions(&cli, fs::Permissions::from_mode(0o755)).unwrap();
    std::env::set_var("SKILLHOUSE_CLI", &cli);
    let h = Harness::new();
    h.call("open_catalogue", json!({"path": root})).unwrap();

    let view = h.call("serve_view", json!({})).unwrap();
    let served: Vec<&str> = view["lineup"]["served"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(served.len(), 16, "{served:?}");
    assert_eq!(view["lineup"]["held"][0]["name"], "broken-skill");
    assert_eq!(view["command"], cli.to_string_lossy().as_ref());
    assert_eq!(view["commandFound"], true);
    assert!(view.get("http").is_none());
    let clients: Vec<&str> = view["clients"].as_array().unwrap().iter().map(|c| c["client"].as_str().unwrap()).collect();
    assert_eq!(clients, ["claude-desktop", "claude-code", "cursor", "codex", "vs-code"]);

    let on = h.call("start_mcp_http", json!({"port": 0})).unwrap();
    assert_eq!(on["http"]["url"], "http://127.0.0.1:45678/mcp");
    let args = fs::read_to_string(&args_file).unwrap();
    let args: Vec<&str> = args.lines().collect();
    assert_eq!(args[0], "mcp");
    assert!(Path::new(args[1]).ends_with("catalogue"));
    assert_eq!(&args[4..], ["--http", "0"], "{args:?}");
    assert_eq!(h.call("serve_view", json!({})).unwrap()["http"]["port"], 45678, "the panel sees it running");

    let off = h.call("stop_mcp_http", json!({})).unwrap();
    assert!(off.get("http").is_none());

    // A CLI that cannot start says why, in the boundary shape.
    fs::write(&cli, "#!/bin/sh\necho 'skillhouse mcp: cannot listen on 127.0.0.1:1: Address in use' >&2\nexit 2\n").unwrap();
    let err = h.call("start_mcp_http", json!({"port": 1})).unwrap_err();
    assert_eq!(err["code"], "serve.failed");
    assert!(err["message"].as_str().unwrap().contains("Address in use"), "{err}");
    std::env::remove_var("SKILLHOUSE_CLI");
}

#[test]
fn translation_freshness_says_why_the_check_is_off_outside_a_repository() {
    let (_tmp, root) = sample_copy();
    let h = Harness::new();
    h.call("open_catalogue", json!({"path": root})).unwrap();
    let answer = h.call("translation_freshness", json!({})).unwrap();
    assert_eq!(answer["states"], json!([]));
    assert!(answer["checkOff"].as_str().unwrap().contains("not in a git repository"), "{answer}");
}
