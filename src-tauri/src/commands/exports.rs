use crate::state::off_main;
use crate::AppState;
use skillhouse_core::export::import::ImportPlan;
use skillhouse_core::export::outputs::{self, ExportDone, ExportPreview, Request};
use skillhouse_core::session::{AppError, Imported};
use std::path::Path;
use std::sync::Arc;
use tauri::{AppHandle, Runtime, State};

/// What each chosen format would write, compared with the previous export there. Works on a
/// copy of the catalogue, so the person can go on working while a large one is compared.
#[tauri::command]
pub async fn preview_export(state: State<'_, AppState>, request: Request) -> Result<ExportPreview, AppError> {
    let catalogue = state.catalogue()?;
    off_main(move || Ok(outputs::preview(&catalogue, &request)?)).await
}

/// Writes the chosen formats, sending `export-progress` events.
#[tauri::command]
pub async fn run_export<R: Runtime>(app: AppHandle<R>, state: State<'_, AppState>, request: Request) -> Result<ExportDone, AppError> {
    let catalogue = state.catalogue()?;
    let mut progress = crate::progress::ExportEvents::new(app);
    let done = off_main(move || Ok(outputs::run(&catalogue, &request, &mut |d, t| progress.send(d, t))?)).await?;
    state.remember_export(&done)?;
    Ok(done)
}

/// Shows an output of this session's exports in the system's file manager; any other path is
/// refused (the window may not open arbitrary files).
#[tauri::command]
pub fn reveal_export(state: State<'_, AppState>, path: String) -> Result<(), AppError> {
    state.check_exported(Path::new(&path))?;
    tauri_plugin_opener::reveal_item_in_dir(&path)
        .map_err(|e| AppError::new("io", format!("the file manager could not be opened on {path}: {e}; the export is there nonetheless")))
}

/// A dry run of importing a bundle (a folder, `.tar.gz` or `.zip`) into the open catalogue.
#[tauri::command]
pub async fn preview_import(state: State<'_, AppState>, bundle: String) -> Result<ImportPlan, AppError> {
    let root = state.with_session(|s| Ok(s.root().to_path_buf()))?;
    let plan = off_main(move || Ok(skillhouse_core::export::import::plan(Path::new(&bundle), &root)?)).await?;
    state.keep_import(plan.clone())?;
    Ok(plan)
}

/// Applies the import last previewed for `bundle`, exactly as it was shown.
#[tauri::command]
pub async fn apply_import(state: State<'_, AppState>, bundle: String) -> Result<Imported, AppError> {
    let plan = state.take_import(&bundle)?;
    let session = Arc::clone(&state.session);
    off_main(move || crate::state::with(&session, |s| s.import(&plan))).await
}
