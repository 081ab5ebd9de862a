//! Watching a catalogue folder for changes made on disk (another editor, `git pull`), debounced,
//! for the hosts that keep a catalogue open: the desktop shell and `skillhouse mcp`. What a change
//! means is the core session's to decide (`Session::files_changed`).

use notify_debouncer_full::notify::event::{AccessKind, AccessMode, EventKind};
use notify_debouncer_full::notify::{RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{new_debouncer, DebounceEventResult, Debouncer, RecommendedCache};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Stops watching when dropped.
pub type Watcher = Debouncer<RecommendedWatcher, RecommendedCache>;

const DEBOUNCE: Duration = Duration::from_millis(250);

/// Calls `changed` (on the watcher's thread) with the paths written under `root`, a quarter of a
/// second after the last of a burst; `None` when the folder cannot be watched.
pub fn watch(root: &Path, mut changed: impl FnMut(Vec<PathBuf>) + Send + 'static) -> Option<Watcher> {
    let mut debouncer = new_debouncer(DEBOUNCE, None, move |result: DebounceEventResult| {
        let Ok(events) = result else { return };
        let paths = written(events.iter().map(|e| (&e.event.kind, e.event.paths.as_slice())));
        if !paths.is_empty() {
            changed(paths);
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
