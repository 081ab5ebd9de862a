//! The card server over the sample catalogue, spoken to with plain HTTP/1.1 over a TcpStream.

use skillhouse_core::card::{self, CardError, Dialect};
use skillhouse_core::catalogue::{self, Catalogue, LoadOptions};
use skillhouse_core::files::sha256_hex;
use skillhouse_serve::{CardSet, Source};
use std::collections::BTreeMap;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;

fn sample() -> Catalogue {
    catalogue::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../skills"), &LoadOptions::default()).unwrap()
}

struct Reply {
    status: u16,
    /// Header names lower-cased.
    headers: BTreeMap<String, String>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> &str {
        self.headers.get(name).map(String::as_str).unwrap_or_else(|| panic!("no {name} header in {:?}", self.headers))
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&self.body)))
    }
}

async fn get(addr: SocketAddr, path: &str, extra: &[(&str, &str)]) -> Reply {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in extra {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a header block");
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap();
    assert!(status_line.starts_with("HTTP/1.1 "), "{status_line}");
    let status = status_line[9..12].parse().unwrap();
    let headers: BTreeMap<String, String> = lines
        .map(|l| {
            let (name, value) = l.split_once(':').unwrap();
            (name.trim().to_ascii_lowercase(), value.trim().to_string())
        })
        .collect();
    let body = raw[split + 4..].to_vec();
    if let Some(length) = headers.get("content-length") {
        assert_eq!(length.parse::<usize>().unwrap(), body.len(), "{path}");
    }
    Reply { status, headers, body }
}

/// A server on a free port; dropping the sender stops it.
struct Running {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

async fn start(source: Source) -> Running {
    let listener = skillhouse_serve::bind(0).await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(skillhouse_serve::run(listener, source, async move {
        let _ = stopped.await;
    }));
    Running { addr, stop: Some(stop), task }
}

impl Running {
    async fn shut_down(mut self) {
        self.stop.take().unwrap().send(()).unwrap();
        self.task.await.unwrap().unwrap();
    }
}

fn assert_card_headers(reply: &Reply) {
    assert_eq!(reply.header("content-type"), "application/json");
    assert_eq!(reply.header("access-control-allow-origin"), "*");
    let cache = reply.header("cache-control");
    assert!(cache.split(',').any(|d| d.trim() == format!("max-age={}", skillhouse_serve::MAX_AGE)), "{cache}");
}

#[tokio::test]
async fn every_agent_has_its_card_with_the_caching_headers() {
    let cat = sample();
    let server = start(skillhouse_serve::snapshot(CardSet::build(&cat, Dialect::V1, None).unwrap())).await;
    assert_eq!(server.addr.ip(), Ipv4Addr::LOCALHOST);
    assert_ne!(server.addr.port(), 0);
    assert!(cat.agents.len() >= 3);
    for agent in &cat.agents {
        let expected = card::render(&cat, &agent.name, Dialect::V1).unwrap().0;
        for file in ["agent-card.json", "agent.json"] {
            let reply = get(server.addr, &format!("/agents/{}/.well-known/{file}", agent.name), &[]).await;
            assert_eq!(reply.status, 200, "{} {file}", agent.name);
            assert_card_headers(&reply);
            assert_eq!(reply.header("etag"), format!("\"{}\"", sha256_hex(&reply.body)));
            assert_eq!(reply.body, expected, "{}: the served card is the rendered one", agent.name);
            let value = reply.json();
            assert_eq!(value["name"], agent.name.as_str());
            assert!(card::schema().is_valid(&value));
        }
    }
    server.shut_down().await;
}

#[tokio::test]
async fn if_none_match_gives_304() {
    let cat = sample();
    let server = start(skillhouse_serve::snapshot(CardSet::build(&cat, Dialect::V1, None).unwrap())).await;
    let path = "/agents/registry-publisher/.well-known/agent-card.json";
    let first = get(server.addr, path, &[]).await;
    let etag = first.header("etag").to_string();
    for tag in [etag.clone(), format!("W/{etag}"), format!("\"other\", {etag}"), "*".to_string()] {
        let again = get(server.addr, path, &[("If-None-Match", &tag)]).await;
        assert_eq!(again.status, 304, "{tag}");
        assert!(again.body.is_empty());
        assert_eq!(again.header("etag"), etag);
        assert_card_headers(&again);
    }
    // Another agent's tag, or a stale one, gets the card.
    let other = get(server.addr, "/agents/skill-author-coach/.well-known/agent-card.json", &[]).await;
    assert_ne!(other.header("etag"), etag);
    let reply = get(server.addr, path, &[("If-None-Match", other.header("etag"))]).await;
    assert_eq!((reply.status, reply.body.len()), (200, first.body.len()));
    server.shut_down().await;
}

#[tokio::test]
async fn root_paths_serve_the_selected_agent_or_404() {
    let cat = sample();
    let server = start(skillhouse_serve::snapshot(CardSet::build(&cat, Dialect::V1, Some("skill-security-reviewer")).unwrap())).await;
    let own = get(server.addr, "/agents/skill-security-reviewer/.well-known/agent-card.json", &[]).await;
    for path in ["/.well-known/agent-card.json", "/.well-known/agent.json"] {
        let reply = get(server.addr, path, &[]).await;
        assert_eq!(reply.status, 200, "{path}");
        assert_card_headers(&reply);
        assert_eq!(reply.body, own.body);
        assert_eq!(reply.header("etag"), own.header("etag"));
    }
    let index = get(server.addr, "/", &[]).await;
    assert_eq!(index.status, 200);
    let listed = index.json();
    assert_eq!(listed["selected"], "skill-security-reviewer");
    assert_eq!(listed["agents"].as_array().unwrap().len(), cat.agents.len());
    assert_eq!(
        listed["agents"][0]["card"],
        format!("/agents/{}/.well-known/agent-card.json", listed["agents"][0]["agent"].as_str().unwrap())
    );
    server.shut_down().await;

    // Without a selected agent.
    let server = start(skillhouse_serve::snapshot(CardSet::build(&cat, Dialect::V1, None).unwrap())).await;
    for path in ["/.well-known/agent-card.json", "/.well-known/agent.json"] {
        let reply = get(server.addr, path, &[]).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.header("content-type"), "application/json");
        assert!(reply.json()["error"].as_str().unwrap().contains("--agent"), "{}", reply.json());
        assert!(!reply.headers.contains_key("etag"));
    }
    server.shut_down().await;
}

#[tokio::test]
async fn unknown_agents_and_paths_are_json_404s() {
    let cat = sample();
    let server = start(skillhouse_serve::snapshot(CardSet::build(&cat, Dialect::V1, None).unwrap())).await;
    let reply = get(server.addr, "/agents/nobody/.well-known/agent-card.json", &[]).await;
    assert_eq!(reply.status, 404);
    assert_eq!(reply.header("content-type"), "application/json");
    let message = reply.json()["error"].as_str().unwrap().to_string();
    assert!(message.contains("`nobody`") && message.contains("agent-card-reviewer"), "{message}");
    let reply = get(server.addr, "/agents/agent-card-reviewer/card.json", &[]).await;
    assert_eq!(reply.status, 404);
    assert!(reply.json()["error"].is_string());
    server.shut_down().await;
}

#[tokio::test]
async fn the_dialect_is_the_one_asked_for() {
    let cat = sample();
    let server = start(skillhouse_serve::snapshot(CardSet::build(&cat, Dialect::Both, None).unwrap())).await;
    let reply = get(server.addr, "/agents/agent-card-reviewer/.well-known/agent-card.json", &[]).await;
    assert_eq!(reply.body, card::render(&cat, "agent-card-reviewer", Dialect::Both).unwrap().0);
    let value = reply.json();
    assert!(value["supportedInterfaces"].is_array() && value["url"].is_string(), "{value}");
    server.shut_down().await;
}

#[tokio::test]
async fn the_source_is_asked_on_every_request() {
    let cat = sample();
    let v1 = CardSet::build(&cat, Dialect::V1, None).unwrap();
    let legacy = CardSet::build(&cat, Dialect::Legacy, None).unwrap();
    let calls = Arc::new(AtomicUsize::new(0));
    let counter = calls.clone();
    let source: Source = Arc::new(move || if counter.fetch_add(1, Ordering::SeqCst) == 0 { v1.clone() } else { legacy.clone() });
    let server = start(source).await;
    let path = "/agents/agent-card-reviewer/.well-known/agent-card.json";
    let first = get(server.addr, path, &[]).await;
    let second = get(server.addr, path, &[("If-None-Match", first.header("etag"))]).await;
    assert_eq!(second.status, 200, "the card changed, so the old tag no longer matches");
    assert!(first.json().get("agent_card").is_none() && second.json().get("agent_card").is_some());
    assert_eq!(calls.load(Ordering::SeqCst), 2);
    server.shut_down().await;
}

#[test]
fn an_unknown_selected_agent_is_refused() {
    let cat = sample();
    assert!(matches!(CardSet::build(&cat, Dialect::V1, Some("nobody")), Err(CardError::UnknownAgent(a)) if a == "nobody"));
    let set = CardSet::build(&cat, Dialect::V1, Some("registry-publisher")).unwrap();
    assert_eq!(set.selected.as_deref(), Some("registry-publisher"));
    assert_eq!(set.cards.len(), cat.agents.len());
    for served in set.cards.values() {
        assert_eq!(served.etag, format!("\"{}\"", sha256_hex(&served.bytes)));
    }
}
