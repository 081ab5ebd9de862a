//! Serves a catalogue's agent cards over HTTP for testing with real A2A clients.
//!
//! Only ever binds 127.0.0.1: a card server started to try a card must not become a public one by
//! accident. Routes:
//! - `/agents/<agent>/.well-known/agent-card.json` (and the pre-0.3 `agent.json`) for every agent;
//! - `/.well-known/agent-card.json` and `/.well-known/agent.json` for the selected agent;
//! - `/` lists the agents and their card URLs.
//!
//! Cards come from a [`Source`] asked on every request: the command line hands out one snapshot,
//! the desktop app renders from its open catalogue, so edits show without a restart.

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use skillhouse_core::card::{self, CardError, Dialect};
use skillhouse_core::catalogue::Catalogue;
use std::collections::BTreeMap;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

/// Seconds a client may cache a card; short, since this server is for trying cards out.
pub const MAX_AGE: u32 = 60;

/// One rendered card.
#[derive(Debug, Clone)]
pub struct Served {
    pub bytes: Arc<Vec<u8>>,
    /// Strong entity tag: the sha256 of the bytes, quoted.
    pub etag: String,
}

/// Every agent's card in one dialect, and which agent the root paths answer for.
#[derive(Debug, Clone, Default)]
pub struct CardSet {
    pub cards: BTreeMap<String, Served>,
    pub selected: Option<String>,
}

impl CardSet {
    /// Renders every agent's card. `selected` must name an agent when given.
    pub fn build(catalogue: &Catalogue, dialect: Dialect, selected: Option<&str>) -> Result<CardSet, CardError> {
        if let Some(name) = selected {
            catalogue.agent(name).ok_or_else(|| CardError::UnknownAgent(name.into()))?;
        }
        let mut cards = BTreeMap::new();
        for agent in &catalogue.agents {
            let (bytes, _) = card::render(catalogue, &agent.name, dialect)?;
            let etag = format!("\"{}\"", skillhouse_core::files::sha256_hex(&bytes));
            cards.insert(agent.name.clone(), Served { bytes: Arc::new(bytes), etag });
        }
        Ok(CardSet { cards, selected: selected.map(str::to_string) })
    }
}

/// Where each request gets the current cards.
pub type Source = Arc<dyn Fn() -> CardSet + Send + Sync>;

/// A source that always answers with the same cards.
pub fn snapshot(set: CardSet) -> Source {
    let set = Arc::new(set);
    Arc::new(move || (*set).clone())
}

pub fn router(cards: Source) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/.well-known/agent-card.json", get(root_card))
        .route("/.well-known/agent.json", get(root_card))
        .route("/agents/{agent}/.well-known/agent-card.json", get(agent_card))
        .route("/agents/{agent}/.well-known/agent.json", get(agent_card))
        .fallback(not_found)
        .with_state(cards)
}

/// Binds 127.0.0.1 on `port` (0: any free port). There is deliberately no way to pass an address.
pub async fn bind(port: u16) -> std::io::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port))).await
}

/// Serves until `shutdown` completes.
pub async fn run(
    listener: tokio::net::TcpListener,
    cards: Source,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(cards)).with_graceful_shutdown(shutdown).await
}

fn common(headers: &mut HeaderMap) {
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
}

fn json_error(status: StatusCode, message: String) -> Response {
    let mut body = serde_json::to_vec_pretty(&serde_json::json!({"error": message})).expect("serialises");
    body.push(b'\n');
    let mut response = (status, body).into_response();
    common(response.headers_mut());
    response
}

fn card_response(served: &Served, request: &HeaderMap) -> Response {
    let matches = request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == served.etag));
    let mut response = if matches { StatusCode::NOT_MODIFIED.into_response() } else { (*served.bytes).clone().into_response() };
    let headers = response.headers_mut();
    common(headers);
    headers.insert(header::ETAG, HeaderValue::from_str(&served.etag).expect("hex is a valid header"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_str(&format!("public, max-age={MAX_AGE}")).expect("valid header"));
    response
}

async fn agent_card(State(cards): State<Source>, Path(agent): Path<String>, request: HeaderMap) -> Response {
    let set = cards();
    match set.cards.get(&agent) {
        Some(served) => card_response(served, &request),
        None => json_error(
            StatusCode::NOT_FOUND,
            format!("no agent `{agent}`; agents: {}", set.cards.keys().cloned().collect::<Vec<_>>().join(", ")),
        ),
    }
}

async fn root_card(State(cards): State<Source>, request: HeaderMap) -> Response {
    let set = cards();
    match set.selected.as_ref().and_then(|a| set.cards.get(a)) {
        Some(served) => card_response(served, &request),
        None => json_error(
            StatusCode::NOT_FOUND,
            "no agent is selected for the root card; start the server with --agent NAME, or fetch /agents/<name>/.well-known/agent-card.json".into(),
        ),
    }
}

async fn index(State(cards): State<Source>) -> Response {
    let set = cards();
    let agents: Vec<_> =
        set.cards.keys().map(|a| serde_json::json!({"agent": a, "card": format!("/agents/{a}/.well-known/agent-card.json")})).collect();
    let mut body = serde_json::to_vec_pretty(&serde_json::json!({"agents": agents, "selected": set.selected})).expect("serialises");
    body.push(b'\n');
    let mut response = body.into_response();
    common(response.headers_mut());
    response
}

async fn not_found() -> Response {
    json_error(StatusCode::NOT_FOUND, "not found; cards are at /agents/<name>/.well-known/agent-card.json".into())
}
