//! What the shell keeps between commands: the open catalogue's session and its watcher.

use skillhouse_core::session::{AppError, Session};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

#[derive(Default)]
pub struct AppState {
    pub session: Arc<Mutex<Option<Session>>>,
    pub watcher: Mutex<Option<crate::watch::Watcher>>,
    /// Set by the Cancel button while a catalogue opens.
    pub cancel_open: Arc<AtomicBool>,
    pub card_server: Mutex<Option<crate::card_server::Running>>,
}

impl AppState {
    /// Runs `f` on the open session, or says that none is open.
    pub fn with_session<T>(&self, f: impl FnOnce(&mut Session) -> Result<T, AppError>) -> Result<T, AppError> {
        let mut guard = self.session.lock().map_err(|_| AppError::new("internal", "the session lock was poisoned; restart Skillhouse"))?;
        let session =
            guard.as_mut().ok_or_else(|| AppError::new("catalogue.not-open", "no catalogue is open: open a folder of skills first"))?;
        f(session)
    }
}
