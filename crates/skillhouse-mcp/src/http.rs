//! Streamable HTTP at `/mcp`, stateless: every request is answered from the live snapshot, so
//! several servers over the same catalogue can stand behind any proxy or load balancer. Loopback
//! only unless a bearer token guards it.

use crate::envelope::{self, Refused};
use crate::SkillsServer;
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use sha2::{Digest, Sha256};
use std::net::SocketAddr;
use std::sync::Arc;
use subtle::ConstantTimeEq;

/// The largest JSON-RPC message taken; every request this server answers is far smaller.
const MAX_REQUEST_BYTES: usize = 1024 * 1024;

/// Where the server listens and who may ask.
pub struct Listen {
    pub address: SocketAddr,
    /// Required when `address` is not a loopback address.
    pub token: Option<String>,
}

impl Listen {
    /// Refuses another address than loopback without a token, saying how to give one.
    pub fn check(&self) -> Result<(), String> {
        if !self.address.ip().is_loopback() && self.token.is_none() {
            return Err(format!(
                "serving on {} lets other machines read the catalogue; give --token-file FILE (a bearer token clients send), or serve on 127.0.0.1",
                self.address
            ));
        }
        if self.token.as_deref().is_some_and(|t| t.trim().len() < 16) {
            return Err(
                "the token file holds fewer than 16 characters; put a long random token in it (for example `openssl rand -hex 32`)".into(),
            );
        }
        Ok(())
    }
}

/// Binds `listen` and serves until the process ends; `ready` gets the address bound (port 0
/// picks a free one).
pub async fn serve(server: SkillsServer, listen: Listen, ready: impl FnOnce(SocketAddr)) -> Result<(), String> {
    listen.check()?;
    let mut config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .with_max_request_body_bytes(MAX_REQUEST_BYTES);
    if !listen.address.ip().is_loopback() {
        // Behind a proxy the Host header is whatever name clients use; the token guards instead.
        config = config.disable_allowed_hosts();
    }
    let service = StreamableHttpService::new(move || Ok(server.clone()), Arc::new(LocalSessionManager::default()), config);
    let mut router = axum::Router::new().nest_service("/mcp", service).layer(middleware::from_fn(refuse_bad_messages));
    if let Some(token) = listen.token.as_deref() {
        let expected: Arc<[u8; 32]> = Arc::new(Sha256::digest(token.trim().as_bytes()).into());
        router = router.layer(middleware::from_fn_with_state(expected, bearer));
    }
    let listener = tokio::net::TcpListener::bind(listen.address)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}; choose another port, or 0 for any free one", listen.address))?;
    ready(listener.local_addr().map_err(|e| e.to_string())?);
    axum::serve(listener, router).await.map_err(|e| format!("the HTTP server stopped: {e}"))
}

/// Answers a body that is not one sound JSON-RPC 2.0 message with a JSON-RPC error (400, or 413
/// over the size limit) that says why, where rmcp would answer a plain-text 415.
async fn refuse_bad_messages(request: Request, next: Next) -> Response {
    if request.method() != axum::http::Method::POST {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let bytes = match axum::body::to_bytes(body, MAX_REQUEST_BYTES).await {
        Ok(bytes) => bytes,
        Err(_) => {
            let why = format!("the message is over {} MB, the most this server reads", MAX_REQUEST_BYTES >> 20);
            return refusal(StatusCode::PAYLOAD_TOO_LARGE, &Refused::new(None, envelope::INVALID_REQUEST, why));
        }
    };
    if let Err(refused) = envelope::open(&bytes).and_then(envelope::message) {
        return refusal(StatusCode::BAD_REQUEST, &refused);
    }
    next.run(Request::from_parts(parts, axum::body::Body::from(bytes))).await
}

fn refusal(status: StatusCode, refused: &Refused) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], refused.to_json().to_string()).into_response()
}

/// Lets a request through only with `Authorization: Bearer <token>`; the tokens' hashes are
/// compared in constant time, so neither their bytes nor their lengths leak through timing.
async fn bearer(State(expected): State<Arc<[u8; 32]>>, request: Request, next: Next) -> Response {
    let given = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| Sha256::digest(t.trim().as_bytes()));
    match given {
        Some(hash) if bool::from(hash.as_slice().ct_eq(expected.as_slice())) => next.run(request).await,
        _ => (
            StatusCode::UNAUTHORIZED,
            [(header::WWW_AUTHENTICATE, "Bearer")],
            "send Authorization: Bearer <the token in the server's --token-file>",
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listen(address: &str, token: Option<&str>) -> Listen {
        Listen { address: address.parse().unwrap(), token: token.map(str::to_string) }
    }

    #[test]
    fn another_address_than_loopback_needs_a_token_and_a_long_one() {
        assert!(listen("127.0.0.1:0", None).check().is_ok());
        assert!(listen("[::1]:0", None).check().is_ok());
        let refused = listen("0.0.0.0:8080", None).check().unwrap_err();
        assert!(refused.contains("--token-file"), "{refused}");
        let short = listen("0.0.0.0:8080", Some("abc\n")).check().unwrap_err();
        assert!(short.contains("fewer than 16"), "{short}");
        assert!(listen("0.0.0.0:8080", Some("0123456789abcdef0123")).check().is_ok());
    }
}
