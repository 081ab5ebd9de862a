//! `skillhouse mcp` timed as a client sees it: the real binary over stdio, newline-delimited
//! JSON-RPC, on an index made warm first (what a desktop client launching the server meets).
//!
//! - start to the first `skills/list` page (spawn, initialise, list);
//! - `load_skill` and `search_skills` round trips, p50 and p95;
//! - an edit to a SKILL.md on disk until `notifications/resources/list_changed` arrives (the file
//!   is put back afterwards);
//! - the server's resident and peak memory (VmRSS, VmHWM).

use crate::{percentile, secs};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    input: ChildStdin,
    lines: Receiver<Value>,
    next_id: u64,
}

impl Server {
    fn send(&mut self, message: &Value) {
        writeln!(self.input, "{message}").expect("the server reads its input");
        self.input.flush().expect("flushes");
    }

    /// Sends a request and waits for its answer, leaving notifications aside.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.lines.recv_timeout(Duration::from_secs(30)).expect("the server answers within 30 s");
            if message["id"] == id {
                assert!(message.get("error").is_none(), "{method} failed: {message}");
                return message["result"].clone();
            }
        }
    }

    fn tool(&mut self, name: &str, arguments: Value) -> Value {
        let result = self.call("tools/call", json!({"name": name, "arguments": arguments}));
        assert_ne!(result["isError"], true, "{name}: {result}");
        result
    }

    fn memory_mb(&self, field: &str) -> Option<f64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with(field))?;
        Some(line.split_whitespace().nth(1)?.parse::<f64>().ok()? / 1024.0)
    }
}

pub fn run(root: &Path, index_file: &Path, skillhouse: &Path, out: &mut serde_json::Map<String, Value>) {
    // Warm: the index is made or brought up to date before the server starts.
    drop(skillhouse_core::session::Session::open(root, index_file, &()).expect("the catalogue opens"));

    let started = Instant::now();
    let mut child = Command::new(skillhouse)
        .args(["mcp".as_ref(), root.as_os_str(), "--index".as_ref(), index_file.as_os_str()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}; build it with cargo build --release -p skillhouse-cli", skillhouse.display()));
    let input = child.stdin.take().expect("piped");
    let output = child.stdout.take().expect("piped");
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(output).lines().map_while(Result::ok) {
            if let Ok(v) = serde_json::from_str::<Value>(&line) {
                if tx.send(v).is_err() {
                    break;
                }
            }
        }
    });
    let mut server = Server { child, input, lines, next_id: 0 };
    server.call(
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "skillhouse-bench", "version": "1"}}),
    );
    server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    let page = server.call("skills/list", json!({}));
    out.insert("mcp_first_page_s".into(), secs(started.elapsed()).into());
    let names: Vec<String> =
        page["skills"].as_array().expect("skills").iter().map(|s| s["frontmatter"]["name"].as_str().unwrap().to_string()).collect();
    assert!(!names.is_empty(), "the server serves no skill");
    out.insert("mcp_first_page_skills".into(), names.len().into());

    let mut loads = Vec::new();
    for i in 0..300 {
        let name = &names[(i * 7) % names.len()];
        let t = Instant::now();
        server.tool("load_skill", json!({"name": name}));
        loads.push(t.elapsed());
    }
    loads.sort();
    out.insert("mcp_load_skill_p50_ms".into(), percentile(&loads, 0.5).into());
    out.insert("mcp_load_skill_p95_ms".into(), percentile(&loads, 0.95).into());

    let words: Vec<String> = page["skills"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| {
            s["frontmatter"]["description"].as_str().unwrap_or_default().split_whitespace().take(3).map(str::to_string).collect::<Vec<_>>()
        })
        .filter(|w| w.len() > 3 && w.chars().all(char::is_alphabetic))
        .collect();
    let mut searches = Vec::new();
    for i in 0..200 {
        let query = format!("{} {}", words[i % words.len()], words[(i * 13 + 5) % words.len()]);
        let t = Instant::now();
        server.tool("search_skills", json!({"query": query}));
        searches.push(t.elapsed());
    }
    searches.sort();
    out.insert("mcp_search_p50_ms".into(), percentile(&searches, 0.5).into());
    out.insert("mcp_search_p95_ms".into(), percentile(&searches, 0.95).into());
    out.insert("mcp_rss_mb".into(), server.memory_mb("VmRSS:").into());

    // An edit on disk until the server announces it.
    let uri = page["skills"][0]["uri"].as_str().unwrap().to_string();
    let target = find(root, &names[0]).expect("the first skill's file");
    let before = std::fs::read(&target).unwrap();
    let text = String::from_utf8(before.clone()).unwrap().replacen("description: ", "description: Edited. ", 1);
    while server.lines.try_recv().is_ok() {}
    let t = Instant::now();
    std::fs::write(&target, text).unwrap();
    let announced = loop {
        match server.lines.recv_timeout(Duration::from_secs(10)) {
            Ok(m) if m["method"] == "notifications/resources/list_changed" => break Some(t.elapsed()),
            Ok(_) => continue,
            Err(_) => break None,
        }
    };
    std::fs::write(&target, before).unwrap();
    out.insert("mcp_edit_to_list_changed_s".into(), announced.map(secs).into());
    out.insert("mcp_edited".into(), uri.into());
    out.insert("mcp_peak_rss_mb".into(), server.memory_mb("VmHWM:").into());
    let _ = server.child.kill();
    let _ = server.child.wait();
}

/// The SKILL.md of the skill named `name` (its folder has that name).
fn find(dir: &Path, name: &str) -> Option<std::path::PathBuf> {
    if dir.file_name().is_some_and(|n| n == name) && dir.join("SKILL.md").is_file() {
        return Some(dir.join("SKILL.md"));
    }
    std::fs::read_dir(dir).ok()?.flatten().map(|e| e.path()).filter(|p| p.is_dir() && !p.is_symlink()).find_map(|p| find(&p, name))
}
