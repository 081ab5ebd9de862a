//! Watches the open catalogue and tells the UI about changes made elsewhere (another editor,
//! `git pull`), debounced; the session recognises and drops the app's own saves.

use crate::AppState;
use skillhouse_core::session::Session;
pub use skillhouse_host::watch::Watcher;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tauri::{AppHandle, Emitter, Manager, Runtime};

pub const EVENT: &str = "catalogue-changed";

/// What follows opening `root`, in the background: the watcher, the search index, then handing
/// memory back. Watching adds one inotify watch per folder (0.4-0.6 s for 10,000 skills), so it
/// starts while the view is on its way to the window rather than before.
pub fn settle_after_open<R: Runtime>(app: AppHandle<R>, root: PathBuf, session: Arc<Mutex<Option<Session>>>) {
    tauri::async_runtime::spawn_blocking(move || {
        let watcher = start(app.clone(), &root, session.clone());
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
        std::thread::sleep(Duration::from_secs(2));
        skillhouse_host::resident::hand_back();
    });
}

pub fn start<R: Runtime>(app: AppHandle<R>, root: &Path, session: Arc<Mutex<Option<Session>>>) -> Option<Watcher> {
    skillhouse_host::watch::watch(root, move |paths| {
        let Ok(mut guard) = session.lock() else { return };
        let Some(session) = guard.as_mut() else { return };
        let changed = session.files_changed(&paths);
        if std::env::var_os("SKILLHOUSE_DEBUG_WATCH").is_some() {
            eprintln!("watch: {changed:?} for {paths:?}");
        }
        if let Ok(true) = changed {
            let _ = app.emit(EVENT, session.view());
        }
    })
}
