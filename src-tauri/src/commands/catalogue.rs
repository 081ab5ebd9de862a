use crate::progress::EmitProgress;
use crate::{recent, watch, AppState};
use skillhouse_core::index::default_location;
use skillhouse_core::session::{AppError, CatalogueView, ErrorCode, SearchResult, Session};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use tauri::{AppHandle, Manager, Runtime, State};

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
    let opened = tauri::async_runtime::spawn_blocking(move || Session::open(&root, &default_location(&root), &progress))
        .await
        .map_err(|e| AppError::new(ErrorCode::Internal, e.to_string()))??;
    let view = opened.view();
    recent::remember(opened.root());
    let root = opened.root().to_path_buf();
    *crate::state::lock(&state.session)? = Some(opened);
    // Watching adds one inotify watch per folder (0.4-0.6 s for 10,000 skills), so it starts
    // while the view is on its way to the window rather than before.
    let session = state.session.clone();
    tauri::async_runtime::spawn_blocking(move || {
        let watcher = watch::start(app.clone(), &root, session.clone());
        // A catalogue opened meanwhile keeps its own watcher.
        let still_open = session.lock().is_ok_and(|s| s.as_ref().is_some_and(|s| s.root() == root));
        if still_open {
            if let Ok(mut w) = app.state::<AppState>().watcher.lock() {
                *w = watcher;
            }
        }
        if let Ok(Some(opened)) = session.lock().as_deref() {
            let _ = opened.prepare_search();
        }
        // Loading the tokenizer takes a core for about 70 ms: not while the window draws the list.
        std::thread::sleep(std::time::Duration::from_secs(2));
        crate::resident::hand_back();
    });
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
