//! What has become of each installation Skillhouse made: current, outdated, changed inside the
//! agent's folder, gone, or held back by the skill's errors.

use super::lock::How;
use super::plan::{changed_there, lock_for, look_installed, occupied, source_hash, Seen, Targets};
use crate::app_error::AppError;
use crate::catalogue::Catalogue;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "InstallState")]
pub enum State {
    /// As the catalogue has it.
    Current,
    /// A copy the catalogue has changed since: a sync brings it up to date.
    Outdated,
    /// Skillhouse's copy was edited in the agent's folder.
    ChangedThere,
    /// Gone from the agent's folder.
    Missing,
    /// The skill now has errors, so it is not updated until they are fixed.
    Blocked,
    /// The skill is no longer in the catalogue.
    NotInCatalogue,
    /// Installed by another tool (the `skills` CLI, by hand): listed, never touched.
    Foreign,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "Installed")]
pub struct Installed {
    pub skill: String,
    pub agents: Vec<String>,
    #[ts(type = "string")]
    pub folder: PathBuf,
    pub how: How,
    pub state: State,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// Every installation the scope's lock records from this catalogue, by skill then folder, then
/// what the lock records from other installers, in the tool folders where it is.
pub fn status(catalogue: &Catalogue, targets: &Targets) -> Result<Vec<Installed>, AppError> {
    let lock = lock_for(targets)?;
    let mut out = Vec::new();
    let ours = lock.records_by_name();
    let foreign: Vec<&str> = lock.names().filter(|n| !ours.contains_key(*n)).collect();
    for name in foreign {
        let mut folders: BTreeMap<PathBuf, Vec<String>> = BTreeMap::new();
        for tool in &targets.registry.tools {
            let folder = tool.folder(targets.host, &targets.scope).join(name);
            if occupied(&folder) {
                folders.entry(folder).or_default().push(tool.id.clone());
            }
        }
        for (folder, agents) in folders {
            let how = if folder.is_symlink() { How::Link } else { How::Copy };
            let detail = Some("installed by another tool; Skillhouse leaves it alone".to_string());
            out.push(Installed { skill: name.to_string(), agents, folder, how, state: State::Foreign, detail });
        }
    }
    let by_name: HashMap<&str, &crate::skill::Skill> = catalogue.skills.iter().map(|s| (s.name.as_str(), s)).collect();
    let records: Vec<(&str, &super::lock::Record)> = lock.records().filter(|(_, r)| r.catalogue == catalogue.root).collect();
    // Each record's folders are looked at on its own: in parallel, then in the lock's order.
    let rows: Vec<Vec<Installed>> = records
        .par_iter()
        .map(|(name, record)| {
            let skill = by_name.get(name).copied();
            let source_digest = skill.map(|s| source_hash(&catalogue.root.join(&s.dir), Some(record)));
            record
                .installs
                .iter()
                .map(|install| {
                    let seen = look_installed(install);
                    let changed = changed_there(install, &seen);
                    let (state, detail) = match skill {
                        None => (State::NotInCatalogue, None),
                        Some(_) if seen == Seen::Absent => (State::Missing, None),
                        Some(_) if changed.is_some() => (State::ChangedThere, changed),
                        Some(s) if s.has_errors() => {
                            let first = s.diagnostics.iter().find(|d| d.is_error()).map(|d| format!("{}: {}", d.code.as_str(), d.message));
                            (State::Blocked, first)
                        }
                        Some(_) if install.how == How::Copy && source_digest.as_deref() != Some(install.source.as_str()) => {
                            (State::Outdated, Some("the catalogue's skill changed since it was copied".into()))
                        }
                        Some(_) => (State::Current, None),
                    };
                    Installed {
                        skill: name.to_string(),
                        agents: install.agents.clone(),
                        folder: install.folder.clone(),
                        how: install.how,
                        state,
                        detail,
                    }
                })
                .collect()
        })
        .collect();
    out.extend(rows.into_iter().flatten());
    Ok(out)
}
