use crate::AppState;
use skillhouse_core::app_error::AppError;
use skillhouse_core::session::Session;
use skillhouse_core::views::{CatalogueView, DraftCheck, FieldValue, SaveResult, SkillDetail};
use tauri::State;

/// One skill as the editor shows it: its file's text and hash, its checks, resources and budgets.
#[tauri::command]
pub fn get_skill(state: State<'_, AppState>, dir: String) -> Result<SkillDetail, AppError> {
    state.with_session(|s| s.skill(&dir))
}

/// Checks the whole unsaved text of a SKILL.md as if it were saved; writes nothing.
#[tauri::command]
pub fn check_draft(state: State<'_, AppState>, dir: String, text: String) -> Result<DraftCheck, AppError> {
    state.with_session(|s| s.check_draft(&dir, &text))
}

/// Whether each translation is outdated: its `source_commit` against the last commit that changed
/// its source (read with git, off the UI thread), with the source's diff since; `checkOff` says
/// why there is no answer (git missing, not a repository).
#[tauri::command]
pub async fn translation_freshness(state: State<'_, AppState>) -> Result<skillhouse_core::translation::FreshnessView, AppError> {
    let session = state.session.clone();
    crate::state::off_main(move || {
        crate::state::with(&session, |s| {
            let catalogue = s.catalogue();
            Ok(match skillhouse_host::git::GitHistory::open(&catalogue.root) {
                Ok(history) => {
                    skillhouse_core::translation::FreshnessView { states: catalogue.translation_freshness(&history), check_off: None }
                }
                Err(why) => skillhouse_core::translation::FreshnessView { states: Vec::new(), check_off: Some(why) },
            })
        })
    })
    .await
}

/// Sets one frontmatter field by JSON pointer in unsaved text (`value: null` removes it) and returns
/// the new text, in which only that node changed; `edit.invalid` when it cannot be done losslessly.
#[tauri::command]
pub fn set_field(text: String, pointer: String, value: Option<FieldValue>) -> Result<String, AppError> {
    Session::set_field(&text, &pointer, value.as_ref())
}

/// Saves a SKILL.md atomically; `save.conflict` when the file changed on disk since `baseSha256`.
/// Tauri maps the UI's camelCase arguments (`baseSha256`, `newName`) to these snake_case ones.
#[tauri::command]
pub fn save_skill(state: State<'_, AppState>, dir: String, text: String, base_sha256: String) -> Result<SaveResult, AppError> {
    state.with_session(|s| s.save(&dir, &text, &base_sha256))
}

/// Creates a skill folder with a SKILL.md to fill in; `skill.exists`, `skill.bad-name`.
#[tauri::command]
pub fn create_skill(state: State<'_, AppState>, name: String) -> Result<SkillDetail, AppError> {
    state.with_session(|s| s.create(&name))
}

/// Renames a skill: its `name` field (a lossless edit) and its folder; `skill.exists`, `skill.bad-name`.
#[tauri::command]
pub fn rename_skill(state: State<'_, AppState>, dir: String, new_name: String) -> Result<CatalogueView, AppError> {
    state.with_session(|s| s.rename(&dir, &new_name))
}

/// Moves a skill folder to the system trash.
#[tauri::command]
pub fn delete_skill(state: State<'_, AppState>, dir: String) -> Result<CatalogueView, AppError> {
    state.with_session(|s| s.delete(&dir, skillhouse_host::trash))
}
