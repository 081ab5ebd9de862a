use crate::AppState;
use skillhouse_core::card::{self, CardReview, Dialect, ServerInfo};
use skillhouse_core::session::AppError;
use tauri::State;

#[tauri::command]
pub fn agent_cards(state: State<'_, AppState>) -> Result<Vec<CardReview>, AppError> {
    state.with_session(|s| s.cards())
}

#[tauri::command]
pub fn card_text(state: State<'_, AppState>, agent: String, dialect: Dialect) -> Result<String, AppError> {
    state.with_session(|s| s.card_text(&agent, dialect))
}

/// The shell knows the user (git's identity) and owns the clock; the core records what it is given.
#[tauri::command]
pub fn approve_card(state: State<'_, AppState>, agent: String) -> Result<CardReview, AppError> {
    state.with_session(|s| s.approve_card(&agent, &card::approver_from(s.root()), &crate::clock::now_rfc3339()))
}

#[tauri::command]
pub fn set_card_default_tags(state: State<'_, AppState>, tags: Vec<String>) -> Result<Vec<CardReview>, AppError> {
    state.with_session(|s| s.set_card_default_tags(&tags))
}

#[tauri::command]
pub async fn start_card_server(
    state: State<'_, AppState>,
    port: u16,
    agent: Option<String>,
    dialect: Dialect,
) -> Result<ServerInfo, AppError> {
    crate::card_server::start(&state, port, agent, dialect).await
}

#[tauri::command]
pub fn stop_card_server(state: State<'_, AppState>) -> Option<ServerInfo> {
    crate::card_server::stop(&state)
}

#[tauri::command]
pub fn card_server_status(state: State<'_, AppState>) -> Option<ServerInfo> {
    crate::card_server::status(&state)
}
