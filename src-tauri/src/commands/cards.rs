use crate::AppState;
use skillhouse_core::app_error::AppError;
use skillhouse_core::card::{CardReview, Dialect, ServerInfo};
use skillhouse_core::error_code::ErrorCode;
use tauri::State;

/// Every agent's A2A card with its review: findings, changes since approval, status.
#[tauri::command]
pub fn agent_cards(state: State<'_, AppState>) -> Result<Vec<CardReview>, AppError> {
    state.with_session(|s| s.cards())
}

/// The card's exact JSON text in that dialect.
#[tauri::command]
pub fn card_text(state: State<'_, AppState>, agent: String, dialect: Dialect) -> Result<String, AppError> {
    state.with_session(|s| s.card_text(&agent, dialect))
}

/// Writes `cards/<agent>.json` and appends to `cards/approvals.json`, signed with each key of
/// `cards/jwks.json` the user holds (OS keychain, else the key files); returns the review (status
/// `approved`), `card.has-errors` while the card has errors, or `card.unsignable` when it cannot be
/// signed (or the catalogue signs and the user holds none of its keys). The shell knows the user
/// (git's identity) and owns the clock; the core records what it is given.
#[tauri::command]
pub fn approve_card(state: State<'_, AppState>, agent: String) -> Result<CardReview, AppError> {
    state.with_session(|s| {
        let keys =
            skillhouse_host::keys::Keeper::for_user().for_catalogue(s.root()).map_err(|e| AppError::new(ErrorCode::CardUnsignable, e))?;
        s.approve_card(&agent, &skillhouse_host::approver(s.root()), &crate::clock::now_rfc3339(), &keys)
    })
}

/// Sets `cards.skill_defaults.tags` in `skillhouse.yaml` as a lossless edit (creating the file or
/// sections when missing), re-reads the catalogue and returns every card's new review; `edit.invalid`
/// for no tags or a file it cannot edit in place.
#[tauri::command]
pub fn set_card_default_tags(state: State<'_, AppState>, tags: Vec<String>) -> Result<Vec<CardReview>, AppError> {
    state.with_session(|s| s.set_card_default_tags(&tags))
}

/// Serves the cards on 127.0.0.1 (port 0: any free port), rendered on every request: each agent at
/// `<url>/agents/<agent>/.well-known/agent-card.json`, the selected `agent` also at
/// `<url>/.well-known/agent-card.json`. A running server is replaced; `server.port-unavailable`.
#[tauri::command]
pub async fn start_card_server(
    state: State<'_, AppState>,
    port: u16,
    agent: Option<String>,
    dialect: Dialect,
) -> Result<ServerInfo, AppError> {
    crate::card_server::start(&state, port, agent, dialect).await
}

/// Stops the card server; returns what was running.
#[tauri::command]
pub fn stop_card_server(state: State<'_, AppState>) -> Option<ServerInfo> {
    crate::card_server::stop(&state)
}

/// The card server running, if any.
#[tauri::command]
pub fn card_server_status(state: State<'_, AppState>) -> Option<ServerInfo> {
    crate::card_server::status(&state)
}
