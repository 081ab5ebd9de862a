use crate::AppState;
use skillhouse_core::session::{AppError, CatalogueView, DraftCheck, SaveResult, Session, SkillDetail};
use tauri::State;

#[tauri::command]
pub fn get_skill(state: State<'_, AppState>, dir: String) -> Result<SkillDetail, AppError> {
    state.with_session(|s| s.skill(&dir))
}

#[tauri::command]
pub fn check_draft(state: State<'_, AppState>, dir: String, text: String) -> Result<DraftCheck, AppError> {
    state.with_session(|s| s.check_draft(&dir, &text))
}

#[tauri::command]
pub fn set_field(text: String, pointer: String, value: Option<serde_json::Value>) -> Result<String, AppError> {
    Session::set_field(&text, &pointer, value.as_ref())
}

/// Tauri maps the UI's camelCase arguments (`baseSha256`, `newName`) to these snake_case ones.
#[tauri::command]
pub fn save_skill(state: State<'_, AppState>, dir: String, text: String, base_sha256: String) -> Result<SaveResult, AppError> {
    state.with_session(|s| s.save(&dir, &text, &base_sha256))
}

#[tauri::command]
pub fn create_skill(state: State<'_, AppState>, name: String) -> Result<SkillDetail, AppError> {
    state.with_session(|s| s.create(&name))
}

#[tauri::command]
pub fn rename_skill(state: State<'_, AppState>, dir: String, new_name: String) -> Result<CatalogueView, AppError> {
    state.with_session(|s| s.rename(&dir, &new_name))
}

#[tauri::command]
pub fn delete_skill(state: State<'_, AppState>, dir: String) -> Result<CatalogueView, AppError> {
    state.with_session(|s| s.delete(&dir))
}
