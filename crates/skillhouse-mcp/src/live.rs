//! The catalogue as the server holds it: a core [`Session`] (the same one the app holds: loading,
//! the index, search, what a watcher's reports change) and the [`Served`] snapshot made from it
//! after every change, which requests read without waiting for the session.

use crate::served::{Digests, Served};
use skillhouse_core::app_error::AppError;
use skillhouse_core::session::Session;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

pub struct Live {
    session: Mutex<Session>,
    served: RwLock<Arc<Served>>,
    pub digests: Digests,
}

impl Live {
    /// Opens the catalogue at `root` with its index at `index_file` (made or brought up to date).
    pub fn open(root: &Path, index_file: &Path) -> Result<Live, AppError> {
        let session = Session::open(root, index_file, &())?;
        let served = Arc::new(Served::of(session.catalogue()));
        Ok(Live { session: Mutex::new(session), served: RwLock::new(served), digests: Digests::default() })
    }

    pub fn root(&self) -> PathBuf {
        self.current().root.clone()
    }

    /// The snapshot requests are answered from.
    pub fn current(&self) -> Arc<Served> {
        self.served.read().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Takes a watcher's report of changed paths; true when what is served changed (then
    /// clients are told `resources/list_changed`).
    pub fn files_changed(&self, paths: &[PathBuf]) -> Result<bool, AppError> {
        let mut session = self.session.lock().unwrap_or_else(PoisonError::into_inner);
        if !session.files_changed(paths)? {
            return Ok(false);
        }
        let served = Arc::new(Served::of(session.catalogue()));
        *self.served.write().unwrap_or_else(PoisonError::into_inner) = served;
        Ok(true)
    }

    /// Positions in the catalogue's skill list of the skills matching `query`, best first, with
    /// the snippets the index made for some of them, and the snapshot those positions are of
    /// (both change together under the session).
    pub fn search(&self, query: &str, limit: usize) -> Result<Found, AppError> {
        let session = self.session.lock().unwrap_or_else(PoisonError::into_inner);
        let result = session.search(query, limit)?;
        let snippets = result.snippets.into_iter().map(|s| (s.row, s.text)).collect();
        Ok(Found { served: self.current(), rows: result.rows, snippets })
    }
}

pub struct Found {
    pub served: Arc<Served>,
    pub rows: Vec<u32>,
    pub snippets: std::collections::HashMap<u32, String>,
}
