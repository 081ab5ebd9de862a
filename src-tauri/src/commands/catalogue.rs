use crate::progress::EmitProgress;
use crate::{recent, watch, AppState};
use skillhouse_core::app_error::AppError;
use skillhouse_core::error_code::ErrorCode;
use skillhouse_core::session::Session;
use skillhouse_core::views::{CatalogueView, SearchResult};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use tauri::{AppHandle, Runtime, State};

/// Opens a catalogue, or with `path: null` the last one opened (the sample catalogue the first time),
/// and starts watching it. Sends `index-progress` events; off the UI thread, since indexing a large
/// catalogue takes seconds the first time.
#[tauri::command]
pub async fn open_catalogue<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    path: Option<String>,
) -> Result<CatalogueView, AppError> {
    let root = path.map(PathBuf::from).unwrap_or_else(recent::default_catalogue);
    state.cancel_open.store(false, Ordering::Relaxed);
    let progress = EmitProgress::new(app.clone(), state.cancel_open.clone());
    let opened = tauri::async_runtime::spawn_blocking(move || Session::open(&root, &skillhouse_host::index_location(&root), &progress))
        .await
        .map_err(|e| AppError::new(ErrorCode::Internal, e.to_string()))??;
    let view = opened.view();
    recent::remember(opened.root());
    let root = opened.root().to_path_buf();
    *crate::state::lock(&state.session)? = Some(opened);
    // An MCP server started for another catalogue would go on serving that one.
    crate::state::lock(&state.mcp_http)?.take_if(|r| r.root != root);
    watch::settle_after_open(app, root, state.session.clone());
    Ok(view)
}

/// Stops a catalogue that is opening (`open_catalogue` then rejects with `cancelled`); the one open
/// before stays open.
#[tauri::command]
pub fn cancel_open(state: State<'_, AppState>) {
    state.cancel_open.store(true, Ordering::Relaxed);
}

/// The catalogues opened before, most recent first.
#[tauri::command]
pub fn recent_catalogues() -> Vec<String> {
    recent::list()
}

/// Searches names, descriptions, tags and bodies. Off the UI thread: a search waits for the session
/// while the watcher or a save holds it, and the window must keep taking keys meanwhile (the UI drops
/// answers to older queries).
#[tauri::command]
pub async fn search(state: State<'_, AppState>, query: String, limit: usize) -> Result<SearchResult, AppError> {
    let session = state.session.clone();
    crate::state::off_main(move || crate::state::with(&session, |s| s.search(&query, limit))).await
}
