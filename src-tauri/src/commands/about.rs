use crate::state::off_main;
use skillhouse_core::app_error::AppError;
use skillhouse_core::views::About;

/// The app's version and commit, and the `skillhouse` CLI it runs (with whether that CLI is the
/// same build).
#[tauri::command]
pub async fn about() -> Result<About, AppError> {
    off_main(|| Ok(skillhouse_host::build_info::about())).await
}
