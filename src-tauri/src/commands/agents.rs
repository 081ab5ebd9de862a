use crate::state::off_main;
use crate::AppState;
use tauri::{AppHandle, Runtime};
// Named as the UI's bindings name them (ts-rs), which the IPC surface test reads.
use crate::progress::{Throttled, INSTALL_EVENT};
use skillhouse_core::agents::take::TakePlan;
use skillhouse_core::agents::view::{self, AgentsView, ScopeChoice as AgentScope, Wanted as AgentsRequest};
use skillhouse_core::agents::{Applied as InstallApplied, ApplyProgress as InstallProgress, Plan as InstallPlan};
use skillhouse_core::app_error::AppError;
use skillhouse_core::schema::Schemas;
use skillhouse_core::views::Taken;

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

/// Carries out exactly the plan last made for `scope`, once, sending `install-progress` events;
/// `agents.plan-stale` when a folder changed since (nothing is written), `agents.write-failed` when
/// writing failed part-way (all put back).
#[tauri::command]
pub async fn apply_agents<R: Runtime>(
    app: AppHandle<R>,
    state: tauri::State<'_, AppState>,
    scope: AgentScope,
) -> Result<InstallApplied, AppError> {
    let plan = state.take_agents_plan(&scope)?;
    let catalogue = state.catalogue()?;
    let mut events = Throttled::new(app, INSTALL_EVENT);
    let mut progress = move |p: InstallProgress| events.send(p.done, p.total, p);
    off_main(move || {
        let host = skillhouse_host::agents_host();
        view::apply(&catalogue, &Schemas::new(), &host, &scope, &plan, &skillhouse_host::now_millis(), &mut progress)
    })
    .await
}

/// A dry run of taking `skill` from `agent`'s folder in `scope` into the catalogue: every file that
/// differs, with its diff, or why it cannot be taken. Writes nothing; keeps the plan for `apply_take`.
#[tauri::command]
pub async fn plan_take(state: tauri::State<'_, AppState>, scope: AgentScope, skill: String, agent: String) -> Result<TakePlan, AppError> {
    let catalogue = state.catalogue()?;
    let kept = scope.clone();
    let plan =
        off_main(move || view::plan_take(&catalogue, &Schemas::new(), &skillhouse_host::agents_host(), &scope, &skill, &agent)).await?;
    state.keep_take_plan(kept, plan.clone())?;
    Ok(plan)
}

/// Carries out exactly the take plan last made for `scope`, once, and returns the catalogue re-read.
#[tauri::command]
pub async fn apply_take(state: tauri::State<'_, AppState>, scope: AgentScope) -> Result<Taken, AppError> {
    let plan = state.take_take_plan(&scope)?;
    state.with_session(|s| s.take_from_agent(&plan, &skillhouse_host::agents_host(), &scope, &skillhouse_host::now_millis()))
}
