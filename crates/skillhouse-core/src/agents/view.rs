//! The agents as the app shows them: each tool with the folder it reads in a scope, and what
//! Skillhouse installed there; and a request as the window sends it (owned, tagged), turned into
//! the planner's `Request`.

use super::registry::{Host, Registry, Scope, Tool};
use super::status::{status, Installed};
use super::{Plan, Request, Targets};
use crate::app_error::AppError;
use crate::catalogue::Catalogue;
use crate::error_code::ErrorCode;
use crate::schema::Schemas;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Where an installation goes, as the window names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
#[ts(rename = "AgentScope")]
pub enum ScopeChoice {
    /// The tools' folders for every project.
    Global,
    /// One project's folders; `folder` must exist.
    Project {
        #[ts(type = "string")]
        folder: PathBuf,
    },
}

impl ScopeChoice {
    /// The planner's scope; a project folder that is not one is refused with what to do.
    pub fn scope(&self) -> Result<Scope, AppError> {
        match self {
            ScopeChoice::Global => Ok(Scope::Global),
            ScopeChoice::Project { folder } => {
                let dir = folder.canonicalize().map_err(|e| {
                    AppError::new(
                        ErrorCode::Io,
                        format!("the project folder `{}` cannot be opened ({e}); choose another", folder.display()),
                    )
                })?;
                if !dir.is_dir() {
                    return Err(AppError::new(ErrorCode::Io, format!("`{}` is a file; choose the project's folder", dir.display())));
                }
                Ok(Scope::Project(dir))
            }
        }
    }
}

/// What to plan, as the window sends it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
#[ts(rename = "AgentsRequest")]
pub enum Wanted {
    /// `skills` into every tool of `agents`; `copy` forces copies where links would do.
    Install { skills: Vec<String>, agents: Vec<String>, copy: bool },
    /// As `install`, replacing Skillhouse's copies edited in the agent's folder (moved to the backup folder beside it).
    Replace { skills: Vec<String>, agents: Vec<String>, copy: bool },
    /// Take Skillhouse's installations of `skills` out of `agents`.
    Uninstall { skills: Vec<String>, agents: Vec<String> },
    /// Bring every installation from this catalogue up to date.
    Sync,
}

impl Wanted {
    pub fn request(&self) -> Request<'_> {
        match self {
            Wanted::Install { skills, agents, copy } => Request::Install { skills, agents, copy: *copy },
            Wanted::Replace { skills, agents, copy } => Request::Replace { skills, agents, copy: *copy },
            Wanted::Uninstall { skills, agents } => Request::Uninstall { skills, agents },
            Wanted::Sync => Request::Sync,
        }
    }
}

/// One tool, resolved on this computer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "AgentToolRow")]
pub struct ToolRow {
    pub id: String,
    pub name: String,
    /// Whether it seems installed here (one of its `detect` folders exists).
    pub found: bool,
    /// The folder it reads skills from in the chosen scope.
    #[ts(type = "string")]
    pub folder: PathBuf,
    /// Whether it loads symlinked skill folders (otherwise skills are copied).
    pub links: bool,
    /// Declared in the catalogue's `skillhouse.yaml` rather than built in.
    pub custom: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "AgentsView")]
pub struct AgentsView {
    pub scope: ScopeChoice,
    /// The lock file this scope records into.
    #[ts(type = "string")]
    pub lock: PathBuf,
    pub tools: Vec<ToolRow>,
    /// Every installation in this scope: from this catalogue, then other tools' (state `foreign`).
    pub installed: Vec<Installed>,
}

/// The built-in tools and the catalogue's own; a bad `agents:` entry is refused with its reason.
pub fn registry(catalogue: &Catalogue) -> Result<Registry, AppError> {
    Registry::for_settings(&catalogue.settings)
        .map_err(|e| AppError::new(ErrorCode::AgentsUnknownTool, format!("{e}; fix it, then reopen the catalogue")))
}

/// The tools and installations in `choice`.
pub fn view(catalogue: &Catalogue, host: &Host, choice: &ScopeChoice) -> Result<AgentsView, AppError> {
    let registry = registry(catalogue)?;
    let scope = choice.scope()?;
    let targets = Targets { registry: &registry, host, scope };
    let tools = registry.tools.iter().map(|t| row(t, host, &targets.scope)).collect();
    let lock = super::lock::location(host, &targets.scope).0;
    Ok(AgentsView { scope: choice.clone(), lock, tools, installed: status(catalogue, &targets)? })
}

fn row(tool: &Tool, host: &Host, scope: &Scope) -> ToolRow {
    ToolRow {
        id: tool.id.clone(),
        name: tool.name.clone(),
        found: tool.found(host),
        folder: tool.folder(host, scope),
        links: tool.links,
        custom: tool.source.is_some(),
    }
}

/// What `wanted` would do in `choice`; writes nothing.
pub fn plan(catalogue: &Catalogue, schemas: &Schemas, host: &Host, choice: &ScopeChoice, wanted: &Wanted) -> Result<Plan, AppError> {
    let registry = registry(catalogue)?;
    let targets = Targets { registry: &registry, host, scope: choice.scope()? };
    super::plan(catalogue, schemas, &targets, &wanted.request())
}

/// Carries out `plan` (made by `plan` for `choice`), telling `progress` after each step; `now` is
/// the time the lock records.
pub fn apply(
    catalogue: &Catalogue,
    schemas: &Schemas,
    host: &Host,
    choice: &ScopeChoice,
    plan: &Plan,
    now: &str,
    progress: &mut dyn FnMut(super::ApplyProgress),
) -> Result<super::Applied, AppError> {
    let registry = registry(catalogue)?;
    let targets = Targets { registry: &registry, host, scope: choice.scope()? };
    super::apply_reporting(plan, catalogue, schemas, &targets, now, progress)
}

/// What taking `skill` from `agent`'s folder in this scope into the catalogue would change
/// (`take::plan`).
pub fn plan_take(
    catalogue: &Catalogue,
    schemas: &Schemas,
    host: &Host,
    choice: &ScopeChoice,
    skill: &str,
    agent: &str,
) -> Result<super::take::TakePlan, AppError> {
    let registry = registry(catalogue)?;
    let targets = Targets { registry: &registry, host, scope: choice.scope()? };
    super::take::plan(catalogue, schemas, &targets, skill, agent)
}

/// Carries out a take plan made for this scope (`take::apply`).
pub fn apply_take(
    catalogue: &Catalogue,
    host: &Host,
    choice: &ScopeChoice,
    plan: &super::take::TakePlan,
    now: &str,
) -> Result<super::take::Applied, AppError> {
    let registry = registry(catalogue)?;
    let targets = Targets { registry: &registry, host, scope: choice.scope()? };
    super::take::apply(plan, catalogue, &targets, now)
}
