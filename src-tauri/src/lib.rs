//! The Skillhouse desktop shell. Everything it does is in `skillhouse-core`; this crate holds
//! the window, the command table, the file watcher and the list of recent catalogues.

mod card_server;
mod clock;
mod commands;
mod mcp_server;
mod progress;
mod recent;
mod state;
mod watch;

pub use state::AppState;

/// Adds the app's state and commands to a builder (the real one in `run`, a mock in tests).
pub fn builder<R: tauri::Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.manage(AppState::default()).invoke_handler(tauri::generate_handler![
        commands::about::about,
        commands::catalogue::open_catalogue,
        commands::catalogue::cancel_open,
        commands::catalogue::recent_catalogues,
        commands::catalogue::search,
        commands::skills::get_skill,
        commands::skills::check_draft,
        commands::skills::translation_freshness,
        commands::skills::set_field,
        commands::skills::save_skill,
        commands::skills::create_skill,
        commands::skills::rename_skill,
        commands::skills::delete_skill,
        commands::cards::agent_cards,
        commands::cards::card_text,
        commands::cards::approve_card,
        commands::cards::set_card_default_tags,
        commands::cards::start_card_server,
        commands::cards::stop_card_server,
        commands::cards::card_server_status,
        commands::exports::preview_export,
        commands::exports::run_export,
        commands::exports::reveal_export,
        commands::exports::preview_import,
        commands::exports::apply_import,
        commands::agents::agents_view,
        commands::agents::plan_agents,
        commands::agents::apply_agents,
        commands::agents::plan_take,
        commands::agents::apply_take,
        commands::serve::serve_view,
        commands::serve::start_mcp_http,
        commands::serve::stop_mcp_http,
    ])
}

pub fn run() {
    let app = builder(tauri::Builder::default())
        .plugin(tauri_plugin_dialog::init())
        .build(tauri::generate_context!())
        .expect("the Skillhouse window could not be started");
    app.run(|handle, event| {
        if let tauri::RunEvent::Exit = event {
            // The MCP server the app started goes with it.
            use tauri::Manager;
            if let Ok(mut running) = handle.state::<AppState>().mcp_http.lock() {
                running.take();
            }
        }
    });
}
