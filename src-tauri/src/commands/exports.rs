use crate::state::off_main;
use crate::AppState;
use skillhouse_core::app_error::AppError;
use skillhouse_core::error_code::ErrorCode;
use skillhouse_core::export::import::ImportPlan;
use skillhouse_core::export::outputs::{self, ExportDone, ExportPreview, Request as ExportRequest};
use skillhouse_core::views::{ExportProgress, Imported};
use std::path::Path;
use std::sync::Arc;
use tauri::{AppHandle, Runtime, State};

/// What each chosen format would write, compared with the previous export there; writes nothing.
/// Works off the UI thread on a copy of the catalogue, so the person can go on working while a
/// large one is compared.
#[tauri::command]
pub async fn preview_export(state: State<'_, AppState>, request: ExportRequest) -> Result<ExportPreview, AppError> {
    let catalogue = state.catalogue()?;
    off_main(move || Ok(outputs::preview(&catalogue, &request)?)).await
}

/// Writes the chosen formats, sending `export-progress` events; nothing is written when an output is
/// blocked.
#[tauri::command]
pub async fn run_export<R: Runtime>(app: AppHandle<R>, state: State<'_, AppState>, request: ExportRequest) -> Result<ExportDone, AppError> {
    let catalogue = state.catalogue()?;
    let mut progress = crate::progress::Throttled::new(app, crate::progress::EXPORT_EVENT);
    let done = off_main(move || {
        Ok(outputs::run(&catalogue, &request, &mut |done, total| progress.send(done, total, ExportProgress { done, total }))?)
    })
    .await?;
    state.remember_export(&done)?;
    Ok(done)
}

/// Shows an output of this session's exports in the system's file manager; any other path is
/// refused with `export.not-exported` (the window may not open arbitrary files).
#[tauri::command]
pub fn reveal_export(state: State<'_, AppState>, path: String) -> Result<(), AppError> {
    state.check_exported(Path::new(&path))?;
    tauri_plugin_opener::reveal_item_in_dir(&path).map_err(|e| {
        AppError::new(ErrorCode::Io, format!("the file manager could not be opened on {path}: {e}; the export is there nonetheless"))
    })
}

/// A dry run of importing a bundle (a folder, `.tar.gz` or `.zip`) into the open catalogue: verifies
/// it and keeps the plan for `apply_import`.
#[tauri::command]
pub async fn preview_import(state: State<'_, AppState>, bundle: String) -> Result<ImportPlan, AppError> {
    let root = state.with_session(|s| Ok(s.root().to_path_buf()))?;
    let plan = off_main(move || Ok(skillhouse_core::export::import::plan(Path::new(&bundle), &root)?)).await?;
    state.keep_import(plan.clone())?;
    Ok(plan)
}

/// Applies exactly the plan last previewed for `bundle`, once; `export.import-refused` without a
/// preview.
#[tauri::command]
pub async fn apply_import(state: State<'_, AppState>, bundle: String) -> Result<Imported, AppError> {
    let plan = state.take_import(&bundle)?;
    let session = Arc::clone(&state.session);
    off_main(move || crate::state::with(&session, |s| s.import(&plan))).await
}
