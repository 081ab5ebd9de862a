//! The "Serve cards" toggle: a loopback-only card server over the open catalogue. It renders on
//! every request from the session, so edits and approvals show at once.

use crate::AppState;
use skillhouse_core::app_error::AppError;
use skillhouse_core::card::{Dialect, ServerInfo};
use skillhouse_core::error_code::ErrorCode;
use skillhouse_serve::CardSet;
use std::sync::Arc;

pub struct Running {
    info: ServerInfo,
    stop: tokio::sync::oneshot::Sender<()>,
}

pub async fn start(state: &AppState, port: u16, agent: Option<String>, dialect: Dialect) -> Result<ServerInfo, AppError> {
    stop(state);
    // Check the selection now, so a mistyped agent is an error here, not a 404 later.
    state.with_session(|s| CardSet::build(s.catalogue(), dialect, agent.as_deref()).map(drop).map_err(AppError::from))?;
    let listener = skillhouse_serve::bind(port).await.map_err(|e| {
        AppError::new(
            ErrorCode::ServerPortUnavailable,
            format!("cannot listen on 127.0.0.1:{port}: {e}. Choose another port, or 0 for any free one."),
        )
    })?;
    let port = listener.local_addr().map_err(|e| AppError::new(ErrorCode::Internal, e.to_string()))?.port();
    let session = state.session.clone();
    let selected = agent.clone();
    let source: skillhouse_serve::Source = Arc::new(move || {
        let guard = session.lock().ok();
        let built = guard.as_ref().and_then(|g| g.as_ref()).and_then(|s| CardSet::build(s.catalogue(), dialect, selected.as_deref()).ok());
        built.unwrap_or_default()
    });
    let (tx, rx) = tokio::sync::oneshot::channel();
    tauri::async_runtime::spawn(skillhouse_serve::run(listener, source, async {
        let _ = rx.await;
    }));
    let info = ServerInfo { url: format!("http://127.0.0.1:{port}"), port, agent, dialect };
    *state.card_server.lock().expect("server lock") = Some(Running { info: info.clone(), stop: tx });
    Ok(info)
}

pub fn stop(state: &AppState) -> Option<ServerInfo> {
    let running = state.card_server.lock().expect("server lock").take()?;
    let _ = running.stop.send(());
    Some(running.info)
}

pub fn status(state: &AppState) -> Option<ServerInfo> {
    state.card_server.lock().expect("server lock").as_ref().map(|r| r.info.clone())
}
