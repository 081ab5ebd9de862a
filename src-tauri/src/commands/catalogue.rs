use crate::progress::EmitProgress;
use crate::{recent, watch, AppState};
use skillhouse_core::index::{default_location, Hit};
use skillhouse_core::session::{AppError, CatalogueView, Session};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use tauri::{AppHandle, Runtime, State};

/// Opens a catalogue (or the default one) and starts watching it. Runs off the UI thread:
/// indexing a large catalogue takes seconds the first time.
#[tauri::command]
pub async fn open_catalogue<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    path: Option<String>,
) -> Result<CatalogueView, AppError> {
    let root = path.map(PathBuf::from).unwrap_or_else(recent::default_catalogue);
    state.cancel_open.store(false, Ordering::Relaxed);
    let progress = EmitProgress::new(app.clone(), state.cancel_open.clone());
    let opened = tauri::async_runtime::spawn_blocking(move || Session::open(&root, &default_location(&root), &progress))
        .await
        .map_err(|e| AppError::new("internal", e.to_string()))??;
    let view = opened.view();
    recent::remember(opened.root());
    let root = opened.root().to_path_buf();
    *state.session.lock().map_err(|_| AppError::new("internal", "the session lock was poisoned; restart Skillhouse"))? = Some(opened);
    if let Ok(mut w) = state.watcher.lock() {
        *w = watch::start(app, &root, state.session.clone());
    }
    Ok(view)
}

/// Stops a catalogue that is opening; the one open before stays open.
#[tauri::command]
pub fn cancel_open(state: State<'_, AppState>) {
    state.cancel_open.store(true, Ordering::Relaxed);
}

#[tauri::command]
pub fn recent_catalogues() -> Vec<String> {
    recent::list()
}

#[tauri::command]
pub fn search(state: State<'_, AppState>, query: String, limit: usize) -> Result<Vec<Hit>, AppError> {
    state.with_session(|s| s.search(&query, limit))
}
