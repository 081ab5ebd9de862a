use crate::state::off_main;
use crate::AppState;
// Named as the UI's bindings name them (ts-rs), which the IPC surface test reads.
use skillhouse_core::agents::view::{self, AgentsView, ScopeChoice as AgentScope, Wanted as AgentsRequest};
use skillhouse_core::agents::{Applied as InstallApplied, Plan as InstallPlan};
use skillhouse_core::app_error::AppError;
use skillhouse_core::schema::Schemas;

/// The agent tools on this computer, the folder each reads skills from in `scope`, and every
/// installation there (Skillhouse's from this catalogue with its state, then other tools').
#[tauri::command]
pub async fn agents_view(state: tauri::State<'_, AppState>, scope: AgentScope) -> Result<AgentsView, AppError> {
    let catalogue = state.catalogue()?;
    off_main(move || view::view(&catalogue, &skillhouse_host::agents_host(), &scope)).await
}

/// A dry run of installing, uninstalling or syncing in `scope`: what each folder would get, what is
/// held back and why. Writes nothing; keeps the plan for `apply_agents`.
#[tauri::command]
pub async fn plan_agents(state: tauri::State<'_, AppState>, scope: AgentScope, request: AgentsRequest) -> Result<InstallPlan, AppError> {
    let catalogue = state.catalogue()?;
    let kept = scope.clone();
    let plan = off_main(move || view::plan(&catalogue, &Schemas::new(), &skillhouse_host::agents_host(), &scope, &request)).await?;
    state.keep_agents_plan(kept, plan.clone())?;
    Ok(plan)
}

/// Carries out exactly the plan last made for `scope`, once; `agents.plan-stale` when a folder
/// changed since (nothing is written), `agents.write-failed` when writing failed part-way (all put back).
#[tauri::command]
pub async fn apply_agents(state: tauri::State<'_, AppState>, scope: AgentScope) -> Result<InstallApplied, AppError> {
    let plan = state.take_agents_plan(&scope)?;
    let catalogue = state.catalogue()?;
    off_main(move || {
        view::apply(&catalogue, &Schemas::new(), &skillhouse_host::agents_host(), &scope, &plan, &skillhouse_host::now_millis())
    })
    .await
}
