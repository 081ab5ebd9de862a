use crate::state::{lock, off_main};
use crate::AppState;
use skillhouse_core::app_error::AppError;
use skillhouse_core::error_code::ErrorCode;
use skillhouse_core::serving::{self, ServeView};
use tauri::State;

/// What `skillhouse mcp` serves of the open catalogue (skills served, skills held back by errors),
/// each MCP client's snippet to launch it over stdio, and the HTTP server the app runs, if on.
#[tauri::command]
pub fn serve_view(state: State<'_, AppState>) -> Result<ServeView, AppError> {
    view(&state)
}

/// Starts `skillhouse mcp <catalogue> --http <port>` on 127.0.0.1 (port 0: any free port),
/// replacing one running; `serve.cli-missing` without a `skillhouse` binary, `serve.failed` with
/// what it said when it does not start.
#[tauri::command]
pub async fn start_mcp_http(state: State<'_, AppState>, port: u16) -> Result<ServeView, AppError> {
    lock(&state.mcp_http)?.take();
    let cli = skillhouse_host::cli_binary().ok_or_else(|| {
        AppError::new(
            ErrorCode::ServeCliMissing,
            "no `skillhouse` program beside the app or on the PATH: install the Skillhouse package, or build it with `cargo build -p skillhouse-cli`",
        )
    })?;
    let root = state.with_session(|s| Ok(s.root().to_path_buf()))?;
    let index = skillhouse_host::index_location(&root);
    let running = off_main(move || crate::mcp_server::start(&cli, &root, &index, port)).await?;
    *lock(&state.mcp_http)? = Some(running);
    view(&state)
}

/// Stops the HTTP server the app started, if any.
#[tauri::command]
pub fn stop_mcp_http(state: State<'_, AppState>) -> Result<ServeView, AppError> {
    lock(&state.mcp_http)?.take();
    view(&state)
}

fn view(state: &AppState) -> Result<ServeView, AppError> {
    let cli = skillhouse_host::cli_binary();
    let (root, lineup) = state.with_session(|s| Ok((s.root().to_path_buf(), serving::lineup(s.catalogue()))))?;
    let command = cli.as_ref().map_or_else(|| "skillhouse".to_string(), |p| p.to_string_lossy().into_owned());
    let http = lock(&state.mcp_http)?.as_ref().filter(|r| r.root == root).map(|r| r.info.clone());
    Ok(ServeView { lineup, clients: serving::client_setups(&command, &root), command, command_found: cli.is_some(), http })
}
