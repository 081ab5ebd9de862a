//! Progress of opening a catalogue, sent to the UI as `index-progress` events, and the flag that
//! the Cancel button sets.

use skillhouse_core::index::{Phase, Progress};
use skillhouse_core::views::IndexProgress;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tauri::{AppHandle, Emitter, Runtime};

pub const EVENT: &str = "index-progress";
/// Often enough for a smooth bar, rarely enough not to flood the webview.
const EVERY: Duration = Duration::from_millis(100);

pub struct EmitProgress<R: Runtime> {
    pub app: AppHandle<R>,
    pub cancel: Arc<AtomicBool>,
    state: Mutex<(Phase, usize, Instant)>,
}

impl<R: Runtime> EmitProgress<R> {
    pub fn new(app: AppHandle<R>, cancel: Arc<AtomicBool>) -> Self {
        EmitProgress { app, cancel, state: Mutex::new((Phase::Checking, 0, Instant::now())) }
    }

    fn send(&self, phase: Phase, done: usize, total: usize) {
        let _ = self.app.emit(EVENT, IndexProgress { phase, done, total });
    }
}

impl<R: Runtime> Progress for EmitProgress<R> {
    fn started(&self, phase: Phase, total: usize) {
        if let Ok(mut s) = self.state.lock() {
            *s = (phase, total, Instant::now());
        }
        self.send(phase, 0, total);
    }

    fn advanced(&self, done: usize) {
        let Ok(mut s) = self.state.lock() else { return };
        if s.2.elapsed() >= EVERY || done == s.1 {
            s.2 = Instant::now();
            let (phase, total) = (s.0, s.1);
            drop(s);
            self.send(phase, done, total);
        }
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

pub const EXPORT_EVENT: &str = "export-progress";
pub const INSTALL_EVENT: &str = "install-progress";

/// Progress of a long write (an export's files, an install plan's steps), sent as `event`, throttled
/// like the above; the first and the last are always sent, so the bar starts and ends.
pub struct Throttled<R: Runtime> {
    app: AppHandle<R>,
    event: &'static str,
    last: Option<Instant>,
}

impl<R: Runtime> Throttled<R> {
    pub fn new(app: AppHandle<R>, event: &'static str) -> Self {
        Throttled { app, event, last: None }
    }

    pub fn send<T: serde::Serialize + Clone>(&mut self, done: usize, total: usize, payload: T) {
        if done <= 1 || done == total || self.last.is_none_or(|t| t.elapsed() >= EVERY) {
            self.last = Some(Instant::now());
            let _ = self.app.emit(self.event, payload);
        }
    }
}
