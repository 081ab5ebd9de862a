//! What the shell keeps between commands: the open catalogue's session and its watcher.

use skillhouse_core::agents::take::TakePlan;
use skillhouse_core::agents::view::ScopeChoice;
use skillhouse_core::agents::Plan;
use skillhouse_core::app_error::AppError;
use skillhouse_core::error_code::ErrorCode;
use skillhouse_core::export::import::ImportPlan;
use skillhouse_core::export::outputs::ExportDone;
use skillhouse_core::session::Session;
use skillhouse_core::Catalogue;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

#[derive(Default)]
pub struct AppState {
    pub session: Arc<Mutex<Option<Session>>>,
    pub watcher: Mutex<Option<crate::watch::Watcher>>,
    /// Set by the Cancel button while a catalogue opens.
    pub cancel_open: Arc<AtomicBool>,
    pub card_server: Mutex<Option<crate::card_server::Running>>,
    /// `skillhouse mcp --http` started from the "Serve to agents" panel.
    pub mcp_http: Mutex<Option<crate::mcp_server::Running>>,
    /// The import last previewed: applying runs exactly the plan the person saw.
    pub pending_import: Mutex<Option<ImportPlan>>,
    /// The agents plan last shown, with its scope: applying runs exactly the plan the person saw.
    pub pending_agents: Mutex<Option<(ScopeChoice, Plan)>>,
    /// The take-into-the-catalogue plan last shown, with its scope.
    pub pending_take: Mutex<Option<(ScopeChoice, TakePlan)>>,
    /// What exports wrote in this session: the only paths "Show in folder" opens.
    pub exported: Mutex<Vec<PathBuf>>,
}

impl AppState {
    /// Runs `f` on the open session, or says that none is open.
    pub fn with_session<T>(&self, f: impl FnOnce(&mut Session) -> Result<T, AppError>) -> Result<T, AppError> {
        with(&self.session, f)
    }

    /// Keeps the plan an import preview showed, for `take_import`.
    pub fn keep_import(&self, plan: ImportPlan) -> Result<(), AppError> {
        *lock(&self.pending_import)? = Some(plan);
        Ok(())
    }

    /// The plan last previewed for `bundle`, once; refused when there is none.
    pub fn take_import(&self, bundle: &str) -> Result<ImportPlan, AppError> {
        lock(&self.pending_import)?.take().filter(|p| p.bundle == std::path::Path::new(bundle)).ok_or_else(|| {
            AppError::new(ErrorCode::ExportImportRefused, "this import was not previewed; preview it, check what it changes, then import")
        })
    }

    /// Keeps the plan an agents dry run showed, for `take_agents_plan`.
    pub fn keep_agents_plan(&self, scope: ScopeChoice, plan: Plan) -> Result<(), AppError> {
        *lock(&self.pending_agents)? = Some((scope, plan));
        Ok(())
    }

    /// The plan last made for `scope`, once; refused when there is none.
    pub fn take_agents_plan(&self, scope: &ScopeChoice) -> Result<Plan, AppError> {
        let mut pending = lock(&self.pending_agents)?;
        match pending.take() {
            Some((planned, plan)) if planned == *scope => Ok(plan),
            _ => {
                Err(AppError::new(ErrorCode::AgentsPlanStale, "this change was not planned for this scope; plan it, check it, then apply"))
            }
        }
    }

    /// Keeps the plan a take dry run showed, for `take_take_plan`.
    pub fn keep_take_plan(&self, scope: ScopeChoice, plan: TakePlan) -> Result<(), AppError> {
        *lock(&self.pending_take)? = Some((scope, plan));
        Ok(())
    }

    /// The take plan last made for `scope`, once; refused when there is none.
    pub fn take_take_plan(&self, scope: &ScopeChoice) -> Result<TakePlan, AppError> {
        match lock(&self.pending_take)?.take() {
            Some((planned, plan)) if planned == *scope => Ok(plan),
            _ => Err(AppError::new(
                ErrorCode::AgentsPlanStale,
                "taking this into the catalogue was not planned for this scope; show the changes, check them, then take them",
            )),
        }
    }

    /// Records what an export wrote, the only paths `reveal_export` opens.
    pub fn remember_export(&self, done: &ExportDone) -> Result<(), AppError> {
        lock(&self.exported)?.extend(done.written.iter().map(|w| w.path.clone()));
        Ok(())
    }

    /// Refuses a path no export of this session wrote.
    pub fn check_exported(&self, path: &std::path::Path) -> Result<(), AppError> {
        if lock(&self.exported)?.iter().any(|p| p == path) {
            Ok(())
        } else {
            Err(AppError::new(ErrorCode::ExportNotExported, format!("`{}` was not written by an export in this session", path.display())))
        }
    }

    /// A copy of the open catalogue, for long work (exports) that should not hold the session
    /// while the person goes on searching and editing.
    pub fn catalogue(&self) -> Result<Catalogue, AppError> {
        self.with_session(|s| Ok(s.catalogue().clone()))
    }
}

/// Runs `f` on the session in `slot`, or says that none is open.
pub fn with<T>(slot: &Mutex<Option<Session>>, f: impl FnOnce(&mut Session) -> Result<T, AppError>) -> Result<T, AppError> {
    let mut guard = lock(slot)?;
    let session =
        guard.as_mut().ok_or_else(|| AppError::new(ErrorCode::CatalogueNotOpen, "no catalogue is open: open a folder of skills first"))?;
    f(session)
}

pub fn lock<T>(m: &Mutex<T>) -> Result<std::sync::MutexGuard<'_, T>, AppError> {
    m.lock().map_err(|_| AppError::new(ErrorCode::Internal, "a lock was poisoned by an earlier failure; restart Skillhouse"))
}

/// Runs blocking work off the thread that serves the window.
pub async fn off_main<T: Send + 'static>(work: impl FnOnce() -> Result<T, AppError> + Send + 'static) -> Result<T, AppError> {
    tauri::async_runtime::spawn_blocking(work).await.map_err(|e| AppError::new(ErrorCode::Internal, e.to_string()))?
}
