//! `skillhouse mcp` over stdio, the real binary, fed bad input the way a broken or hostile client
//! would send it: a request before `initialize`, invalid JSON, JSON that is not a JSON-RPC
//! message, a huge line, an unknown method. Each must get a JSON-RPC error that says why, and the
//! server must keep serving on the same process afterwards. rmcp's own stdio transport failed
//! most of these (it drops such lines without an answer, and ends the session on a notification
//! before `initialize`); `skillhouse-mcp`'s `stdio` transport is why they pass.
//!
//! Every read has a timeout, so a server that stops answering fails the test instead of hanging
//! it. After each bad input a `ping` with a fresh id is sent: every reply that arrives before the
//! ping's answer is what the server said about the bad input (the transport answers a bad line
//! before it reads the next one).

mod common;
use common::copy_dir;
use serde_json::{json, Value};
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

/// How long any one answer may take before the server counts as hung.
const TIMEOUT: Duration = Duration::from_secs(20);
/// How long writing a huge message may take (the server has to read all of it).
const WRITE_TIMEOUT: Duration = Duration::from_secs(120);
/// The most memory (peak resident set) the server may use while fed a huge message.
const MAX_PEAK_RSS_KB: u64 = 300 * 1024;

const PARSE_ERROR: i64 = -32700;
const INVALID_REQUEST: i64 = -32600;

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../skills")
}

/// What the reader thread saw on the server's stdout.
enum Out {
    Message(Value),
    /// A line that is not JSON: stdout must carry only the protocol.
    NotJson(String),
    Closed,
}

/// One `skillhouse mcp` process over a temporary copy of the sample catalogue, with its own
/// index file and home folder.
struct Server {
    dir: tempfile::TempDir,
    child: Child,
    to_server: Option<Sender<Vec<u8>>>,
    written: Receiver<std::io::Result<()>>,
    from_server: Receiver<Out>,
    /// While set, the test stops reading the server's stdout, like a client that does not read.
    paused: Arc<AtomicBool>,
    next_id: u64,
}

impl Server {
    fn start() -> Server {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("catalogue");
        copy_dir(&sample(), &root);
        let home = dir.path().join("home");
        fs::create_dir_all(&home).unwrap();
        let stderr = fs::File::create(dir.path().join("stderr.txt")).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_skillhouse"))
            .arg("mcp")
            .arg(&root)
            .arg("--index")
            .arg(dir.path().join("index.sqlite"))
            .env("NO_COLOR", "1")
            .env("HOME", &home)
            .env("XDG_DATA_HOME", home.join(".local/share"))
            .env("XDG_CONFIG_HOME", home.join(".config"))
            .env("XDG_STATE_HOME", home.join(".local/state"))
            .env("XDG_CACHE_HOME", home.join(".cache"))
            .env_remove("CLAUDE_CONFIG_DIR")
            .env_remove("CODEX_HOME")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(stderr))
            .spawn()
            .expect("skillhouse mcp starts");

        // Writes happen on their own thread, so a server that stops reading cannot block the test.
        let mut stdin: ChildStdin = child.stdin.take().unwrap();
        let (to_server, writes) = mpsc::channel::<Vec<u8>>();
        let (done, written) = mpsc::channel();
        thread::spawn(move || {
            for bytes in writes {
                let result = stdin.write_all(&bytes).and_then(|()| stdin.flush());
                let failed = result.is_err();
                if done.send(result).is_err() || failed {
                    break;
                }
            }
            // Dropping `stdin` here closes the server's input.
        });

        let stdout = child.stdout.take().unwrap();
        let (out, from_server) = mpsc::channel();
        let paused = Arc::new(AtomicBool::new(false));
        let pause = paused.clone();
        thread::spawn(move || {
            let mut stdout = BufReader::new(stdout);
            let mut line = Vec::new();
            loop {
                while pause.load(Ordering::SeqCst) {
                    thread::sleep(Duration::from_millis(20));
                }
                line.clear();
                match stdout.read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => {
                        let _ = out.send(Out::Closed);
                        return;
                    }
                    Ok(_) => {
                        let seen = match serde_json::from_slice::<Value>(&line) {
                            Ok(v) => Out::Message(v),
                            Err(_) => Out::NotJson(String::from_utf8_lossy(&line[..line.len().min(500)]).into_owned()),
                        };
                        if out.send(seen).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Server { dir, child, to_server: Some(to_server), written, from_server, paused, next_id: 1000 }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    /// What the server wrote on stderr so far, and whether (and how) it exited.
    fn state(&mut self) -> String {
        let stderr = fs::read_to_string(self.dir.path().join("stderr.txt")).unwrap_or_default();
        let status = match self.child.try_wait() {
            Ok(Some(status)) => format!("exited: {status}"),
            Ok(None) => "still running".to_string(),
            Err(e) => format!("unknown: {e}"),
        };
        format!("server {status}; stderr:\n{}", stderr.trim_end())
    }

    fn fresh_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Writes `bytes` as they are (the caller adds the newline).
    fn write(&mut self, bytes: Vec<u8>) {
        let timeout = if bytes.len() > 1 << 20 { WRITE_TIMEOUT } else { TIMEOUT };
        let size = bytes.len();
        self.start_writing(bytes);
        self.wait_written(size, timeout);
    }

    /// Hands `bytes` to the writer thread without waiting for the server to read them.
    fn start_writing(&mut self, bytes: Vec<u8>) {
        self.to_server.as_ref().expect("stdin open").send(bytes).expect("the writer thread runs");
    }

    fn wait_written(&mut self, size: usize, timeout: Duration) {
        match self.written.recv_timeout(timeout) {
            Ok(Ok(())) => {}
            Ok(Err(e)) => panic!("writing {size} bytes to the server failed: {e}; {}", self.state()),
            Err(_) => panic!("the server did not read {size} bytes within {timeout:?}; {}", self.state()),
        }
    }

    fn send(&mut self, message: &Value) {
        let mut line = serde_json::to_vec(message).unwrap();
        line.push(b'\n');
        self.write(line);
    }

    /// The next message on stdout.
    fn next(&mut self, waiting_for: &str) -> Value {
        match self.from_server.recv_timeout(TIMEOUT) {
            Ok(Out::Message(v)) => v,
            Ok(Out::NotJson(line)) => panic!("stdout carried a line that is not JSON while waiting for {waiting_for}: {line:?}"),
            Ok(Out::Closed) => {
                // Give the process a moment to exit, so its status is reported.
                for _ in 0..20 {
                    if matches!(self.child.try_wait(), Ok(Some(_))) {
                        break;
                    }
                    thread::sleep(Duration::from_millis(50));
                }
                panic!("the server closed stdout while waiting for {waiting_for}; {}", self.state())
            }
            Err(RecvTimeoutError::Timeout) => panic!("no answer within {TIMEOUT:?} while waiting for {waiting_for}; {}", self.state()),
            Err(RecvTimeoutError::Disconnected) => panic!("the stdout reader stopped; {}", self.state()),
        }
    }

    /// Reads until the response with `id`; returns it and the other responses seen before it
    /// (notifications, such as `notifications/resources/list_changed`, are left out).
    fn until(&mut self, id: u64, waiting_for: &str) -> (Value, Vec<Value>) {
        let mut before = Vec::new();
        loop {
            let message = self.next(waiting_for);
            if message.get("id") == Some(&json!(id)) {
                return (message, before);
            }
            if message.get("method").is_none() {
                before.push(message);
            }
        }
    }

    /// Reads until every one of `ids` is answered, in whatever order the answers come (requests
    /// are answered concurrently).
    fn answers_for(&mut self, ids: &[u64], waiting_for: &str) -> std::collections::HashMap<u64, Value> {
        let mut got = std::collections::HashMap::new();
        while got.len() < ids.len() {
            let message = self.next(waiting_for);
            if let Some(id) = message.get("id").and_then(Value::as_u64).filter(|id| ids.contains(id)) {
                assert!(got.insert(id, message).is_none(), "two answers to {id}");
            }
        }
        got
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.fresh_id();
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let (response, before) = self.until(id, &format!("the answer to {method} (id {id})"));
        assert!(before.is_empty(), "unasked-for responses before the answer to {method}: {before:?}");
        response
    }

    fn initialize(&mut self) {
        let response = self.request(
            "initialize",
            json!({
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "mcp_stdio test", "version": "0"}
            }),
        );
        assert!(response["result"]["serverInfo"]["name"] == "skillhouse", "initialize: {response}");
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    }

    /// Sends a bad input as it is, then a `ping`: returns every response that came before the
    /// ping's answer, which is what the server said about the bad input.
    fn answers_to(&mut self, bad: Vec<u8>) -> Vec<Value> {
        self.write(bad);
        let id = self.fresh_id();
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": "ping"}));
        let (pong, before) = self.until(id, &format!("the answer to the ping (id {id}) sent after the bad input"));
        assert!(pong.get("result").is_some(), "ping: {pong}");
        before
    }

    /// The server still serves: the tool list, and a skill's SKILL.md as a resource.
    fn assert_serving(&mut self) {
        let tools = self.request("tools/list", json!({}));
        let names: Vec<&str> = tools["result"]["tools"]
            .as_array()
            .unwrap_or_else(|| panic!("tools/list: {tools}"))
            .iter()
            .filter_map(|t| t["name"].as_str())
            .collect();
        for tool in ["list_skills", "search_skills", "load_skill", "read_skill_resource"] {
            assert!(names.contains(&tool), "tools/list has {tool}: {tools}");
        }

        let read = self.request("resources/read", json!({"uri": "skill://naming-skills/SKILL.md"}));
        let contents = &read["result"]["contents"][0];
        assert_eq!(contents["uri"], "skill://naming-skills/SKILL.md", "resources/read: {read}");
        let text = contents["text"].as_str().unwrap_or_else(|| panic!("resources/read: {read}"));
        let on_disk = fs::read_to_string(sample().join("naming-skills/SKILL.md")).unwrap();
        assert_eq!(text, on_disk, "resources/read serves the file's bytes");
    }

    /// How many bytes the server has read so far, from any file (`rchar`).
    fn bytes_read(&self) -> u64 {
        let io = fs::read_to_string(format!("/proc/{}/io", self.pid())).unwrap();
        io.lines().find_map(|l| l.strip_prefix("rchar:")).and_then(|n| n.trim().parse().ok()).expect("rchar in /proc/<pid>/io")
    }

    /// `(VmHWM, VmRSS)` of the server in kB: its peak and current resident set.
    fn memory_kb(&self) -> (u64, u64) {
        let status = fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap();
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                .unwrap_or_else(|| panic!("no {name} in /proc/{}/status", self.pid()))
        };
        (field("VmHWM:"), field("VmRSS:"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Closing stdin ends the session; the process is killed if it does not exit by itself.
        drop(self.to_server.take());
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn line(text: &str) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    bytes.push(b'\n');
    bytes
}

/// A problem found in what the server answered to one bad input; all are collected so one run
/// shows every one, and asserted at the end, after checking the server still serves.
fn check_error_reply(findings: &mut Vec<String>, input: &str, answers: &[Value], codes: &[i64], id: Option<Value>) {
    let Some(reply) = answers.first() else {
        findings.push(format!("{input}: no JSON-RPC error came back (expected {codes:?})"));
        return;
    };
    if answers.len() > 1 {
        findings.push(format!("{input}: {} replies instead of one: {answers:?}", answers.len()));
    }
    if reply["jsonrpc"] != "2.0" {
        findings.push(format!("{input}: the reply is not JSON-RPC 2.0: {reply}"));
    }
    if !reply["error"]["code"].as_i64().is_some_and(|c| codes.contains(&c)) {
        findings.push(format!("{input}: expected error code {codes:?}, got {reply}"));
    }
    if reply["error"]["message"].as_str().is_none_or(|m| m.trim().is_empty()) {
        findings.push(format!("{input}: the error has no message: {reply}"));
    }
    // The request's id when it can be read (a client waits for that id); else null, as JSON-RPC
    // 2.0 has it (MCP 2025-11-25 and later also allow leaving it out).
    let got = reply.get("id").cloned().unwrap_or(Value::Null);
    let allowed = match &id {
        None => got.is_null(),
        Some(id) => &got == id,
    };
    if !allowed {
        findings.push(format!("{input}: expected the error's id to be {}, got {reply}", id.unwrap_or(Value::Null)));
    }
}

fn assert_no_findings(findings: &[String]) {
    assert!(findings.is_empty(), "the server kept serving, but:\n- {}", findings.join("\n- "));
}

#[test]
fn a_request_before_initialize_gets_an_error_and_the_session_can_still_start() {
    let mut server = Server::start();
    server.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}));
    let (reply, before) = server.until(1, "the answer to tools/list sent before initialize");
    assert!(before.is_empty(), "unasked-for responses: {before:?}");
    let message = reply["error"]["message"].as_str().unwrap_or_else(|| panic!("tools/list before initialize is refused: {reply}"));
    assert!(reply["error"]["code"].is_i64() && !message.trim().is_empty(), "an error with a code and a message: {reply}");
    assert!(message.contains("send `initialize` first"), "the error says what to send first: {reply}");
    eprintln!("tools/list before initialize: {reply}");

    // The refusal did not end the process: the session starts as usual.
    server.initialize();
    server.assert_serving();
}

#[test]
fn a_notification_before_initialize_does_not_end_the_session() {
    let mut server = Server::start();
    server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    server.send(&json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 7}}));
    server.initialize();
    server.assert_serving();
}

#[test]
fn invalid_json_gets_a_parse_error_and_the_server_keeps_serving() {
    let mut server = Server::start();
    server.initialize();
    let mut findings = Vec::new();
    for bad in ["{not json", "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\"", "\u{1}\u{2}garbage"] {
        let answers = server.answers_to(line(bad));
        eprintln!("{bad:?} -> {answers:?}");
        check_error_reply(&mut findings, &format!("{bad:?}"), &answers, &[PARSE_ERROR], None);
    }
    // Bytes that are not UTF-8.
    let answers = server.answers_to(vec![0xff, 0xfe, b'{', 0x80, b'\n']);
    eprintln!("non-UTF-8 bytes -> {answers:?}");
    check_error_reply(&mut findings, "bytes that are not UTF-8", &answers, &[PARSE_ERROR], None);
    server.assert_serving();
    assert_no_findings(&findings);
}

#[test]
fn json_that_is_not_a_json_rpc_message_gets_invalid_request_and_the_server_keeps_serving() {
    let mut server = Server::start();
    server.initialize();
    let mut findings = Vec::new();
    let inputs: [(&str, Option<Value>); 6] = [
        ("[1,2]", None),
        ("{\"jsonrpc\":\"2.0\"}", None),
        ("{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"tools/list\"}", Some(json!(3))),
        ("{\"id\":4,\"method\":\"tools/list\"}", Some(json!(4))),
        ("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"tools/list\"}", None),
        ("42", None),
    ];
    for (bad, id) in inputs {
        let answers = server.answers_to(line(bad));
        eprintln!("{bad} -> {answers:?}");
        check_error_reply(&mut findings, bad, &answers, &[INVALID_REQUEST], id);
    }
    server.assert_serving();
    assert_no_findings(&findings);
}

#[test]
fn an_unknown_method_gets_method_not_found() {
    let mut server = Server::start();
    server.initialize();
    let reply = server.request("foo/bar", json!({}));
    eprintln!("foo/bar -> {reply}");
    assert_eq!(reply["error"]["code"], -32601, "foo/bar: {reply}");
    let message = reply["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("foo/bar"), "the error names the method: {reply}");
    server.assert_serving();
}

/// A `load_skill` call whose `name` is `size` bytes long.
fn load_skill_with_a_name_of(id: u64, size: usize) -> Vec<u8> {
    let mut bytes =
        format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"load_skill","arguments":{{"name":""#).into_bytes();
    bytes.resize(bytes.len() + size, b'a');
    bytes.extend_from_slice(b"\"}}}\n");
    bytes
}

#[test]
fn a_huge_message_gets_an_error_in_bounded_memory_and_the_server_keeps_serving() {
    let mut server = Server::start();
    server.initialize();
    let (start_peak, start_rss) = server.memory_kb();
    eprintln!("server memory after initialize: peak {start_peak} kB, now {start_rss} kB");
    let mut findings = Vec::new();

    // Just under the 1 MB message limit: read and answered by the tool, which refuses the name
    // without echoing all of it.
    let id = server.fresh_id();
    server.write(load_skill_with_a_name_of(id, 900 << 10));
    let (reply, before) = server.until(id, "the answer to load_skill with a 900 KB name");
    assert!(before.is_empty(), "unasked-for responses: {before:?}");
    assert_eq!(reply["result"]["isError"], true, "a 900 KB name is refused by the tool: {}", short(std::slice::from_ref(&reply)));
    let reply_size = reply.to_string().len();
    if reply_size > 4 << 10 {
        findings.push(format!("the refusal of a 900 KB name is {reply_size} bytes: it echoes the name instead of a short excerpt"));
    }

    // Over the limit, on one line: refused with the id found at its start and the limit named.
    for (size, what) in [(15 << 20, "15 MB"), (64 << 20, "64 MB")] {
        let id = server.fresh_id();
        let answers = server.answers_to(load_skill_with_a_name_of(id, size));
        let (peak, rss) = server.memory_kb();
        eprintln!("after a {what} tools/call line: peak {peak} kB, now {rss} kB; answers {}", short(&answers));
        check_error_reply(&mut findings, &format!("a {what} tools/call line"), &answers, &[INVALID_REQUEST], Some(json!(id)));
        if answers.first().is_some_and(|a| a["id"] != json!(id)) {
            findings.push(format!("the refusal of the {what} line does not carry its id {id}: {}", short(&answers)));
        }
        if !answers.first().and_then(|a| a["error"]["message"].as_str()).is_some_and(|m| m.contains("at most 1 MB")) {
            findings.push(format!("the refusal of the {what} line does not name the limit: {}", short(&answers)));
        }
        if peak > MAX_PEAK_RSS_KB {
            findings.push(format!("a {what} tools/call took the server's peak memory to {peak} kB (over {MAX_PEAK_RSS_KB} kB)"));
        }
    }

    // 64 MB of garbage with no newline until the very end: refused, with no id to give.
    let mut garbage = Vec::with_capacity((64 << 20) + 1);
    while garbage.len() < 64 << 20 {
        garbage.extend_from_slice(b"garbage{[\"\\ \x01\xff");
    }
    garbage.push(b'\n');
    let answers = server.answers_to(garbage);
    let (peak, rss) = server.memory_kb();
    eprintln!("after a 64 MB garbage line: peak {peak} kB, now {rss} kB; answers {}", short(&answers));
    check_error_reply(&mut findings, "a 64 MB line of garbage", &answers, &[INVALID_REQUEST], None);
    if peak > MAX_PEAK_RSS_KB {
        findings.push(format!("64 MB of garbage took the server's peak memory to {peak} kB (over {MAX_PEAK_RSS_KB} kB)"));
    }

    server.assert_serving();
    assert_no_findings(&findings);
}

/// Replies, cut short for printing.
fn short(answers: &[Value]) -> String {
    let all = format!("{answers:?}");
    if all.len() > 400 {
        format!("{}… ({} bytes)", all.chars().take(400).collect::<String>(), all.len())
    } else {
        all
    }
}

#[test]
fn several_large_messages_in_a_row_stay_in_bounded_memory() {
    // Three `load_skill` calls of 900 KB each (each just under the 1 MB limit) and one over it,
    // sent back to back without waiting, while their answers are read.
    let mut server = Server::start();
    server.initialize();
    let ids: Vec<u64> = (0..4).map(|_| server.fresh_id()).collect();
    let mut all = Vec::new();
    for (n, id) in ids.iter().enumerate() {
        all.extend(load_skill_with_a_name_of(*id, if n == 2 { 3 << 20 } else { 900 << 10 }));
    }
    server.write(all);
    for reply in server.answers_for(&ids, "the answers to the large load_skill calls").values() {
        assert!(reply["result"]["isError"] == true || reply.get("error").is_some(), "{}", short(std::slice::from_ref(reply)));
    }
    let (peak, rss) = server.memory_kb();
    eprintln!("after 4 pipelined large load_skill calls: peak {peak} kB, now {rss} kB");
    server.assert_serving();
    assert!(peak <= MAX_PEAK_RSS_KB, "4 pipelined large calls took the server's peak memory to {peak} kB (over {MAX_PEAK_RSS_KB} kB)");
}

#[test]
fn a_client_that_does_not_read_its_answers_cannot_grow_the_server_without_bound() {
    // 3,000 `list_skills` calls (about 15 KB of answer each, 45 MB in all) sent while the test
    // does not read stdout: the server stops reading once its open requests are full and their
    // answers cannot be written, instead of holding every answer.
    let mut server = Server::start();
    server.initialize();
    server.paused.store(true, Ordering::SeqCst);
    let ids: Vec<u64> = (0..3000).map(|_| server.fresh_id()).collect();
    let mut all = Vec::new();
    for id in &ids {
        all.extend(line(
            &json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "list_skills", "arguments": {}}}).to_string(),
        ));
    }
    let size = all.len();
    let read_before = server.bytes_read();
    server.start_writing(all);
    let (mut last, mut still) = (read_before, 0);
    while server.bytes_read() - read_before < size as u64 && still < 10 {
        thread::sleep(Duration::from_millis(200));
        let now = server.bytes_read();
        still = if now == last { still + 1 } else { 0 };
        last = now;
    }
    let read = last - read_before;
    let (peak, rss) = server.memory_kb();
    eprintln!("the server read {read} of {size} bytes while its answers were not read; peak {peak} kB, now {rss} kB");
    server.paused.store(false, Ordering::SeqCst);
    server.wait_written(size, WRITE_TIMEOUT);
    for reply in server.answers_for(&ids, "the answers to the list_skills calls").values() {
        assert!(reply["result"]["structuredContent"]["skills"].is_array(), "{}", short(std::slice::from_ref(reply)));
    }
    server.assert_serving();
    assert!(read < size as u64 / 2, "the server read {read} of {size} bytes although no answer was taken");
    assert!(peak <= MAX_PEAK_RSS_KB, "with its answers unread, the server's peak memory reached {peak} kB (over {MAX_PEAK_RSS_KB} kB)");
}
