//! Watches the open catalogue and tells the UI about changes made elsewhere (another editor,
//! `git pull`), debounced; the session recognises and drops the app's own saves.

use crate::AppState;
use notify_debouncer_full::notify::event::{AccessKind, AccessMode, EventKind};
use notify_debouncer_full::notify::{RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{new_debouncer, DebounceEventResult, Debouncer, RecommendedCache};
use skillhouse_core::session::Session;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tauri::{AppHandle, Emitter, Manager, Runtime};

pub type Watcher = Debouncer<RecommendedWatcher, RecommendedCache>;

pub const EVENT: &str = "catalogue-changed";
const DEBOUNCE: Duration = Duration::from_millis(250);

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
        crate::resident::hand_back();
    });
}

pub fn start<R: Runtime>(app: AppHandle<R>, root: &Path, session: Arc<Mutex<Option<Session>>>) -> Option<Watcher> {
    let mut debouncer = new_debouncer(DEBOUNCE, None, move |result: DebounceEventResult| {
        let Ok(events) = result else { return };
        let paths = written(events.iter().map(|e| (&e.event.kind, e.event.paths.as_slice())));
        if paths.is_empty() {
            return;
        }
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
    debouncer.watch(root, RecursiveMode::Recursive).ok()?;
    Some(debouncer)
}

/// The paths of events that may have changed something. inotify also reports every file and
/// folder being opened or read: starting the watch reads each folder of the catalogue (14,000
/// reports for 10,000 skills), and so do the app's own reads. Those are dropped here, before the
/// session is locked for them; a file closed after writing is kept.
fn written<'a>(events: impl Iterator<Item = (&'a EventKind, &'a [PathBuf])>) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = events
        .filter(|(kind, _)| match kind {
            EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
            EventKind::Access(_) => false,
            _ => true,
        })
        .flat_map(|(_, paths)| paths.iter().cloned())
        .collect();
    paths.sort();
    paths.dedup();
    paths
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify_debouncer_full::notify::event::{CreateKind, DataChange, ModifyKind};

    #[test]
    fn reads_are_dropped_and_writes_kept() {
        let p = |s: &str| vec![PathBuf::from(s)];
        let (opened, read, closed_read, closed_written, modified, created) =
            (p("/c/a"), p("/c/b"), p("/c/c"), p("/c/d/SKILL.md"), p("/c/e/SKILL.md"), p("/c/f"));
        let events = [
            (EventKind::Access(AccessKind::Open(AccessMode::Any)), opened.as_slice()),
            (EventKind::Access(AccessKind::Read), read.as_slice()),
            (EventKind::Access(AccessKind::Close(AccessMode::Read)), closed_read.as_slice()),
            (EventKind::Access(AccessKind::Close(AccessMode::Write)), closed_written.as_slice()),
            (EventKind::Modify(ModifyKind::Data(DataChange::Any)), modified.as_slice()),
            (EventKind::Modify(ModifyKind::Data(DataChange::Any)), modified.as_slice()),
            (EventKind::Create(CreateKind::Folder), created.as_slice()),
        ];
        let kept = written(events.iter().map(|(k, p)| (k, *p)));
        assert_eq!(kept, vec![PathBuf::from("/c/d/SKILL.md"), PathBuf::from("/c/e/SKILL.md"), PathBuf::from("/c/f")]);
    }
}
