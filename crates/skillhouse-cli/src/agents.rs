//! `skillhouse agents`, `install`, `uninstall`, `sync`, `take` and `status`: the agent tools on this
//! computer and the skills installed into them. Every change is a plan first; `--yes` applies it.

use skillhouse_core::agents::status::{status as installed, State};
use skillhouse_core::agents::take::{self, FileKind, TakeKind};
use skillhouse_core::agents::{apply_reporting, plan, Action, Plan, Registry, Request, Scope, Targets};
use skillhouse_core::catalogue::{self, Catalogue, LoadOptions};
use skillhouse_core::schema::Schemas;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct ScopeArgs {
    /// Install for every project: the tools' global folders.
    #[arg(long, conflicts_with = "project")]
    global: bool,
    /// The project whose tool folders to install into (default: the current folder).
    #[arg(long, value_name = "DIR")]
    project: Option<PathBuf>,
}

impl ScopeArgs {
    fn scope(&self) -> Result<Scope, String> {
        if self.global {
            return Ok(Scope::Global);
        }
        let dir = self.project.clone().unwrap_or_else(|| PathBuf::from("."));
        let dir = dir.canonicalize().map_err(|e| format!("the project folder `{}` cannot be opened: {e}", dir.display()))?;
        if !dir.is_dir() {
            return Err(format!("`{}` is a file; --project takes the project's folder", dir.display()));
        }
        Ok(Scope::Project(dir))
    }
}

#[derive(clap::Args)]
pub struct Selection {
    /// A skill to install (by name, or by folder for a skill whose name is broken); repeat it.
    #[arg(long = "skill", value_name = "NAME", required_unless_present = "all")]
    skills: Vec<String>,
    /// Every skill in the catalogue.
    #[arg(long)]
    all: bool,
    /// An agent tool's id (`skillhouse agents` lists them); repeat it. Default: the tools found here.
    #[arg(long = "agent", value_name = "ID")]
    agents: Vec<String>,
}

fn load(path: &Path) -> Result<Catalogue, String> {
    catalogue::load(path, &LoadOptions::default()).map_err(|e| e.to_string())
}

fn agents_or_found(registry: &Registry, host: &skillhouse_core::agents::Host, asked: &[String]) -> Result<Vec<String>, String> {
    if !asked.is_empty() {
        return Ok(asked.to_vec());
    }
    let found: Vec<String> = registry.tools.iter().filter(|t| t.found(host)).map(|t| t.id.clone()).collect();
    if found.is_empty() {
        return Err("no agent tool was found on this computer; name one with --agent (`skillhouse agents` lists them)".into());
    }
    Ok(found)
}

pub fn list(path: &Path, json: bool) -> Result<u8, String> {
    let host = skillhouse_host::agents_host();
    // The catalogue's own tools (`agents:` in skillhouse.yaml) when there is one here.
    let settings = catalogue::read_settings(path, &Schemas::new());
    if let Some(bad) = settings.diagnostics.iter().find(|d| d.is_error()) {
        return Err(format!("{}:{}: {}", bad.file, bad.line, bad.message));
    }
    let registry = Registry::for_settings(&settings.settings)?;
    let rows: Vec<serde_json::Value> = registry
        .tools
        .iter()
        .map(|t| {
            serde_json::json!({
                "id": t.id, "name": t.name, "found": t.found(&host),
                "global": t.folder(&host, &Scope::Global), "project": t.project, "links": t.links,
            })
        })
        .collect();
    if json {
        crate::print_json(&rows);
        return Ok(0);
    }
    for t in &registry.tools {
        let found = if t.found(&host) { "found" } else { "-" };
        let copies = if t.links { "" } else { "  (copies: no symlinks)" };
        println!("{:<16} {:<22} {:<6} {:<20} {}{copies}", t.id, t.name, found, t.project, t.folder(&host, &Scope::Global).display());
    }
    Ok(0)
}

pub enum Change {
    Install { copy: bool, replace: bool },
    Uninstall,
    Sync,
}

pub fn change(path: &Path, selection: Option<&Selection>, scope: &ScopeArgs, change: Change, yes: bool, json: bool) -> Result<u8, String> {
    let host = skillhouse_host::agents_host();
    let cat = load(path)?;
    let registry = Registry::for_settings(&cat.settings)?;
    let schemas = Schemas::new();
    let targets = Targets { registry: &registry, host: &host, scope: scope.scope()? };
    let (skills, agents) = match selection {
        Some(s) => {
            let skills = if s.all { cat.skills.iter().map(|k| k.name.clone()).collect() } else { s.skills.clone() };
            (skills, agents_or_found(&registry, &host, &s.agents)?)
        }
        None => (Vec::new(), Vec::new()),
    };
    let request = match change {
        Change::Install { copy, replace: false } => Request::Install { skills: &skills, agents: &agents, copy },
        Change::Install { copy, replace: true } => Request::Replace { skills: &skills, agents: &agents, copy },
        Change::Uninstall => Request::Uninstall { skills: &skills, agents: &agents },
        Change::Sync => Request::Sync,
    };
    let planned = plan(&cat, &schemas, &targets, &request).map_err(|e| e.message)?;
    if json && !yes {
        crate::print_json(&planned);
        return Ok(if planned.conflicts.is_empty() && planned.blocked.is_empty() { 0 } else { crate::EXIT_PROBLEMS });
    }
    print_plan(&planned);
    let changes = planned.changes().count();
    let held = planned.conflicts.len() + planned.blocked.len();
    if !yes {
        println!("{changes} to change, {held} held back; dry run: nothing was written (run again with --yes to apply)");
        return Ok(if held > 0 { crate::EXIT_PROBLEMS } else { 0 });
    }
    let bar = crate::progress::counted("applying", planned.steps.len());
    let applied =
        apply_reporting(&planned, &cat, &schemas, &targets, &skillhouse_host::now_millis(), &mut |p| bar.set_position(p.done as u64));
    bar.finish_and_clear();
    let applied = applied.map_err(|e| e.message)?;
    for note in &applied.fell_back {
        println!("note     {note}");
    }
    if json {
        crate::print_json(&applied);
    }
    println!("{changes} changed, {held} held back; recorded in {}", planned.lock.display());
    Ok(if held > 0 { crate::EXIT_PROBLEMS } else { 0 })
}

fn print_plan(plan: &Plan) {
    for step in &plan.steps {
        let verb = match step.action {
            Action::Link => "link",
            Action::Copy => "copy",
            Action::Update => "update",
            Action::Remove => "remove",
            Action::Keep => "keep",
        };
        let why = step.why.as_deref().map(|w| format!("  ({w})")).unwrap_or_default();
        println!("{verb:<8} {:<32} {:<28} {}{why}", step.skill, step.agents.join(","), step.folder.display());
    }
    for c in &plan.conflicts {
        println!("conflict {:<32} {:<28} {}: {}", c.skill, c.agents.join(","), c.folder.display(), c.message);
    }
    for b in &plan.blocked {
        let d = &b.diagnostic;
        println!("blocked  {}: error[{}]: {}", b.skill, d.code.as_str(), d.message);
        println!(" --> {}:{}:{}", d.file, d.line, d.column);
    }
}

pub fn status(path: &Path, scope: &ScopeArgs, json: bool) -> Result<u8, String> {
    let host = skillhouse_host::agents_host();
    let cat = load(path)?;
    let registry = Registry::for_settings(&cat.settings)?;
    let targets = Targets { registry: &registry, host: &host, scope: scope.scope()? };
    let rows = installed(&cat, &targets).map_err(|e| e.message)?;
    let differs = rows.iter().filter(|r| !matches!(r.state, State::Current | State::Foreign)).count();
    if json {
        crate::print_json(&rows);
    } else {
        for r in &rows {
            let state = serde_json::to_value(r.state).expect("a state serialises");
            let detail = r.detail.as_deref().map(|d| format!("  ({d})")).unwrap_or_default();
            println!(
                "{:<14} {:<32} {:<28} {}{detail}",
                state.as_str().unwrap_or_default(),
                r.skill,
                r.agents.join(","),
                r.folder.display()
            );
        }
        let ours = rows.iter().filter(|r| r.state != State::Foreign).count();
        println!("{ours} installed by Skillhouse, {differs} not current, {} by other tools", rows.len() - ours);
    }
    Ok(if differs > 0 { crate::EXIT_PROBLEMS } else { 0 })
}

pub fn take(path: &Path, skill: &str, agent: &str, scope: &ScopeArgs, yes: bool, json: bool) -> Result<u8, String> {
    let host = skillhouse_host::agents_host();
    let cat = load(path)?;
    let registry = Registry::for_settings(&cat.settings)?;
    let targets = Targets { registry: &registry, host: &host, scope: scope.scope()? };
    let planned = take::plan(&cat, &Schemas::new(), &targets, skill, agent).map_err(|e| e.message)?;
    if json && !yes {
        crate::print_json(&planned);
        return Ok(if planned.refused.is_some() { crate::EXIT_PROBLEMS } else { 0 });
    }
    let what = match planned.kind {
        TakeKind::Changes => format!("into the catalogue's {}", planned.into),
        TakeKind::Adopt => format!("as a new skill, {}", planned.into),
    };
    println!("take     {} from {} {what}", planned.skill, planned.folder.display());
    if let Some(why) = &planned.refused {
        println!("refused  {why}");
        return Ok(crate::EXIT_PROBLEMS);
    }
    for f in &planned.files {
        let kind = match f.kind {
            FileKind::Added => "added",
            FileKind::Changed => "changed",
            FileKind::Removed => "removed",
        };
        println!("{kind:<8} {}", f.path);
        match &f.diff {
            Some(diff) => print!("{diff}"),
            None => println!("         (binary: no diff)"),
        }
    }
    if planned.files.is_empty() {
        println!("nothing differs: the catalogue already has what the agent's folder holds");
    }
    if !yes {
        println!("{} files to take; dry run: nothing was written (run again with --yes to take them)", planned.files.len());
        return Ok(0);
    }
    let applied = take::apply(&planned, &cat, &targets, &skillhouse_host::now_millis()).map_err(|e| e.message)?;
    if json {
        crate::print_json(&applied);
    }
    let recorded = if applied.recorded { format!("; recorded in {}", planned.lock.display()) } else { String::new() };
    println!("{} written, {} removed in {}{recorded}", applied.written.len(), applied.removed.len(), applied.into);
    Ok(0)
}
