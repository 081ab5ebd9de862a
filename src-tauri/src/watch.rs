//! Watches the open catalogue and tells the UI about changes made elsewhere (another editor,
//! `git pull`), debounced; the session recognises and drops the app's own saves.

use notify_debouncer_mini::{new_debouncer, notify::RecursiveMode, DebounceEventResult, Debouncer};
use skillhouse_core::session::Session;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tauri::{AppHandle, Emitter, Runtime};

pub type Watcher = Debouncer<notify_debouncer_mini::notify::RecommendedWatcher>;

pub const EVENT: &str = "catalogue-changed";
const DEBOUNCE: Duration = Duration::from_millis(250);

pub fn start<R: Runtime>(app: AppHandle<R>, root: &Path, session: Arc<Mutex<Option<Session>>>) -> Option<Watcher> {
    let mut debouncer = new_debouncer(DEBOUNCE, move |result: DebounceEventResult| {
        let Ok(events) = result else { return };
        let paths: Vec<_> = events.into_iter().map(|e| e.path).collect();
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
    .ok()?;
    debouncer.watcher().watch(root, RecursiveMode::Recursive).ok()?;
    Some(debouncer)
}
