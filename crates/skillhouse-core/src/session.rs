//! An open catalogue as the desktop app holds it: the views it shows, the drafts it checks, and
//! the file operations it performs (atomic, conflict-checked saves; create, rename, delete).
//! The Tauri shell calls these in a line or two each; the types are the IPC contract
//! (`docs/ipc.md`), exported to TypeScript with ts-rs.

pub use crate::app_error::{AppError, ErrorCode};
use crate::card::{self, CardReview, Dialect};
use crate::catalogue::{Catalogue, LoadOptions};
use crate::diagnostic::{Code, Diagnostic};
use crate::document::sha256_hex;
use crate::index::{Hit, Index};
use crate::profile::Profile;
use crate::scan::SkillDir;
use crate::schema::{Schemas, Subject};
use crate::settings::Budgets;
use crate::skill::{self, Context, Skill};
use crate::stats::{self, Stats};
use crate::{budget, edit, markdown, scaffold, tokens};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SkillRow {
    pub dir: String,
    pub name: String,
    pub description: String,
    pub profile: Profile,
    pub errors: usize,
    pub warnings: usize,
    pub tags: Vec<String>,
    pub l1: Option<u64>,
    pub l2: Option<u64>,
    pub l3: Option<u64>,
    pub over_budget: bool,
    /// Names of the agents that list this skill.
    pub agents: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AgentRow {
    pub name: String,
    pub file: String,
    pub description: String,
    pub skills: Vec<String>,
    pub errors: usize,
    pub warnings: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueView {
    pub root: String,
    /// Names the order of `skills`: a [`SearchResult`] with the same revision indexes them.
    pub revision: String,
    pub skills: Vec<SkillRow>,
    pub agents: Vec<AgentRow>,
    /// Every diagnostic of the catalogue, its skills' and agents' included.
    pub diagnostics: Vec<Diagnostic>,
    pub stats: Stats,
    pub budgets: Budgets,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ResourceRow {
    pub path: String,
    pub size: u64,
    /// `None` for a binary file.
    pub tokens: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LevelTokens {
    pub l1: u64,
    pub l2: u64,
    pub l3: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DraftCheck {
    /// This file's diagnostics; lines refer to the checked text.
    pub diagnostics: Vec<Diagnostic>,
    /// The fields as JSON, `None` when the frontmatter cannot be read.
    #[ts(type = "Record<string, unknown> | null")]
    pub frontmatter: Option<serde_json::Value>,
    pub yaml_start_line: u32,
    pub body_start_line: u32,
    /// The body rendered by pulldown-cmark and sanitised by ammonia.
    pub body_html: String,
    pub tokens: LevelTokens,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SkillDetail {
    pub dir: String,
    pub file: String,
    pub name: String,
    pub profile: Profile,
    /// The whole `SKILL.md` as on disk.
    pub text: String,
    /// Of `text`, for save conflicts.
    pub sha256: String,
    /// The profile's JSON Schema, from which the form is generated.
    #[ts(type = "Record<string, unknown>")]
    pub schema: serde_json::Value,
    pub check: DraftCheck,
    pub resources: Vec<ResourceRow>,
    pub budgets: Budgets,
    pub l2_budget: u64,
    /// Symlinks in the catalogue that lead to this skill's folder ("also linked from").
    pub aliases: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SaveResult {
    pub sha256: String,
    pub detail: SkillDetail,
}

/// Payload of the `index-progress` event while a catalogue opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct IndexProgress {
    pub phase: crate::index::Phase,
    pub done: usize,
    pub total: usize,
}

/// What the app's search answers: positions in the view's skill list, which the page already
/// holds. A 10,000-hit answer is 47 KB this way, against 330 KB as folders and 2.4 MB as rows,
/// and it crosses to the page on every keystroke.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SearchResult {
    /// The [`CatalogueView::revision`] the rows index. A page holding another revision drops
    /// the answer: a newer view is on its way, and the search runs again with it.
    pub revision: String,
    /// Positions in `CatalogueView::skills`, best first.
    pub rows: Vec<u32>,
    pub snippets: Vec<SearchSnippet>,
}

/// A piece of a hit's body around the match, matches in `[brackets]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SearchSnippet {
    /// Position in `CatalogueView::skills`.
    pub row: u32,
    pub text: String,
}

/// What importing a bundle did, and the catalogue as it is afterwards.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct Imported {
    pub applied: crate::export::import::Applied,
    pub view: CatalogueView,
}

/// Payload of the `export-progress` event while an export is written: files written over all
/// the chosen formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ExportProgress {
    pub done: usize,
    pub total: usize,
}

pub struct Session {
    index: Index,
    catalogue: Catalogue,
    schemas: Schemas,
    /// Files this session wrote, with the hash it wrote, so the watcher can tell its own saves
    /// from changes made elsewhere.
    own_writes: HashMap<PathBuf, String>,
    /// Size and modification time of `skillhouse.yaml` and the fragment at the last load.
    outer_files: HashMap<PathBuf, (u64, i64)>,
    /// How search turns index ids into rows of the view, made at the first search after a
    /// change. Every change to the catalogue or the index goes through [`Session::refresh`] or
    /// [`Session::reload`], which drop it: a search never reads ids through an older catalogue.
    positions: std::sync::Mutex<Option<Positions>>,
}

/// Index ids to positions in the catalogue's skill list (the view's rows), for one state of both.
struct Positions {
    revision: String,
    row_of: HashMap<i64, u32>,
}

impl Positions {
    fn of(catalogue: &Catalogue, index: &Index) -> Result<Positions, AppError> {
        let row: HashMap<&str, u32> = catalogue.skills.iter().enumerate().map(|(i, s)| (s.dir.as_str(), i as u32)).collect();
        let row_of = index.ids()?.into_iter().filter_map(|(id, dir)| Some((id, *row.get(dir.as_str())?))).collect();
        Ok(Positions { revision: revision(&catalogue.skills), row_of })
    }
}

impl Session {
    pub fn open(root: &Path, index_file: &Path, progress: &dyn crate::index::Progress) -> Result<Session, AppError> {
        let mut index = Index::open(index_file)?;
        let (catalogue, _) = index.load(root, &LoadOptions::default(), progress)?;
        let outer_files = outer_files(&catalogue);
        Ok(Session { index, catalogue, schemas: Schemas::new(), own_writes: HashMap::new(), outer_files, positions: Default::default() })
    }

    pub fn root(&self) -> &Path {
        &self.catalogue.root
    }

    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    pub fn view(&self) -> CatalogueView {
        let cat = &self.catalogue;
        let mut users: HashMap<&str, Vec<String>> = HashMap::new();
        for a in &cat.agents {
            for r in &a.skills {
                users.entry(r.name.as_str()).or_default().push(a.name.clone());
            }
        }
        let budget_codes = [Code::BudgetL1, Code::BudgetL2, Code::BudgetResource];
        let skills = cat
            .skills
            .iter()
            .map(|s| {
                let counts = crate::diagnostic::Counts::of(&s.diagnostics);
                SkillRow {
                    dir: s.dir.clone(),
                    name: s.name.clone(),
                    description: s.description.clone(),
                    profile: s.profile,
                    errors: counts.errors,
                    warnings: counts.warnings,
                    tags: s.tags.clone(),
                    l1: s.tokens.as_ref().map(|t| t.l1),
                    l2: s.tokens.as_ref().map(|t| t.l2),
                    l3: s.tokens.as_ref().map(|t| t.l3),
                    over_budget: s.diagnostics.iter().any(|d| budget_codes.contains(&d.code)),
                    agents: users.get(s.name.as_str()).cloned().unwrap_or_default(),
                }
            })
            .collect();
        let agents = cat
            .agents
            .iter()
            .map(|a| {
                let counts = crate::diagnostic::Counts::of(&a.diagnostics);
                AgentRow {
                    name: a.name.clone(),
                    file: a.file.clone(),
                    description: a.description.clone(),
                    skills: a.skills.iter().map(|r| r.name.clone()).collect(),
                    errors: counts.errors,
                    warnings: counts.warnings,
                }
            })
            .collect();
        CatalogueView {
            root: cat.root.to_string_lossy().into_owned(),
            revision: revision(&cat.skills),
            skills,
            agents,
            diagnostics: cat.all_diagnostics().cloned().collect(),
            stats: stats::compute(cat),
            budgets: cat.settings.budgets,
        }
    }

    /// The skills matching `query`, best first, as folders (the list has every row by folder),
    /// and a snippet of the body around the match for the first hits whose name and
    /// description do not already show every word (the list shows the description then). A
    /// snippet re-reads the body (1-3 ms each on large skills), hence only the first rows.
    pub fn search(&self, query: &str, limit: usize) -> Result<SearchResult, AppError> {
        const WITH_SNIPPETS: usize = 40;
        let ids = self.index.search_ids(query, limit)?;
        let words: Vec<String> = query.to_lowercase().split_whitespace().map(str::to_string).collect();
        let mut wanted: Vec<Hit> = self
            .index
            .hits(&ids[..ids.len().min(WITH_SNIPPETS)])?
            .into_iter()
            .filter(|h| {
                let head = format!("{} {}", h.name, h.description).to_lowercase();
                !words.iter().all(|w| head.contains(w.as_str()))
            })
            .collect();
        self.index.snippets(query, &mut wanted)?;
        let positions = self.positions()?;
        let Some(p) = positions.as_ref() else { unreachable!("filled by positions()") };
        // The index and the catalogue change together under the session, so every id has a row.
        let snippets = wanted
            .into_iter()
            .filter(|h| !h.snippet.is_empty())
            .filter_map(|h| Some(SearchSnippet { row: *p.row_of.get(&h.id)?, text: h.snippet }))
            .collect();
        let rows = ids.iter().filter_map(|id| p.row_of.get(id).copied()).collect();
        Ok(SearchResult { revision: p.revision.clone(), rows, snippets })
    }

    /// Makes what the first search after opening or a change would make (about 10 ms at
    /// 10,000 skills), so a caller with time to spare can spend it before a person types.
    pub fn prepare_search(&self) -> Result<(), AppError> {
        self.positions().map(drop)
    }

    fn positions(&self) -> Result<std::sync::MutexGuard<'_, Option<Positions>>, AppError> {
        let mut positions = self.positions.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if positions.is_none() {
            *positions = Some(Positions::of(&self.catalogue, &self.index)?);
        }
        Ok(positions)
    }

    fn find(&self, dir: &str) -> Result<&Skill, AppError> {
        self.catalogue.skills.iter().find(|s| s.dir == dir).ok_or_else(|| {
            AppError::new(
                ErrorCode::SkillNotFound,
                format!("there is no skill in `{dir}` any more; it may have been moved or deleted outside the app"),
            )
        })
    }

    fn skill_dir(&self, skill: &Skill) -> SkillDir {
        let (size, mtime) = (skill.stamp.size, skill.stamp.mtime_ns);
        SkillDir {
            dir: skill.dir.clone(),
            path: self.catalogue.root.join(&skill.dir),
            parent: skill.nested_in.clone(),
            skill_md: (size, mtime),
            resources: skill.resources.clone(),
            aliases: skill.aliases.clone(),
        }
    }

    pub fn skill(&self, dir: &str) -> Result<SkillDetail, AppError> {
        let skill = self.find(dir)?;
        let path = self.catalogue.root.join(skill.file());
        let bytes = fs::read(&path).map_err(|e| AppError::io(&format!("reading {}", skill.file()), e))?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let check = self.check_draft(dir, &text)?;
        let resources = skill
            .tokens
            .as_ref()
            .map(|t| t.resources.iter().map(|r| ResourceRow { path: r.path.clone(), size: r.size, tokens: r.tokens }).collect())
            .unwrap_or_default();
        Ok(SkillDetail {
            dir: skill.dir.clone(),
            file: skill.file(),
            name: skill.name.clone(),
            profile: skill.profile,
            sha256: sha256_hex(&bytes),
            text,
            schema: crate::schema::json(Subject::Skill(skill.profile).schema_file()),
            check,
            resources,
            budgets: self.catalogue.settings.budgets,
            l2_budget: skill.token_budget.unwrap_or(self.catalogue.settings.budgets.l2),
            aliases: skill.aliases.clone(),
        })
    }

    /// Checks unsaved text of a skill: its own rules, its budgets and whether its name collides
    /// with another skill's.
    pub fn check_draft(&self, dir: &str, text: &str) -> Result<DraftCheck, AppError> {
        let stored = self.find(dir)?;
        let toolkit = self.catalogue.toolkit();
        let cx = Context {
            root: &self.catalogue.root,
            schemas: &self.schemas,
            toolkit: &toolkit,
            max_file_bytes: self.catalogue.settings.limits.max_file_bytes,
        };
        let mut draft = skill::load_text(&cx, &self.skill_dir(stored), stored.profile, text);
        let fragment_tokens = self.catalogue.fragment.as_deref().map(tokens::count).unwrap_or(0);
        let l3 = stored.tokens.as_ref().map(|t| t.l3).unwrap_or(0);
        let mut levels = stored.tokens.clone().unwrap_or_default();
        levels.l1 = tokens::count(&tokens::l1_text(&draft.name, &draft.description));
        levels.l2 = tokens::count(&draft.body) + fragment_tokens;
        budget::set_levels(&mut draft, levels.clone(), &self.catalogue.settings.budgets);
        if let Some(other) = self.catalogue.skills.iter().find(|s| s.dir != dir && s.parsed && draft.parsed && s.name == draft.name) {
            draft.diagnostics.push(
                Diagnostic::error(
                    Code::SkillDuplicateName,
                    &draft.file(),
                    crate::diagnostic::Position::new(draft.name_line, 1),
                    format!("the skill name `{}` is already used by `{}`", draft.name, other.file()),
                )
                .with_pointer("/name")
                .with_hint("choose another name; a reader would keep only one of the two"),
            );
            crate::diagnostic::sort(&mut draft.diagnostics);
        }
        Ok(DraftCheck {
            frontmatter: draft.parsed.then(|| draft.frontmatter.clone()),
            yaml_start_line: 2,
            body_start_line: draft.body_line,
            body_html: markdown::to_safe_html(&draft.body),
            tokens: LevelTokens { l1: levels.l1, l2: levels.l2, l3 },
            diagnostics: draft.diagnostics,
        })
    }

    /// Saves a skill's text atomically, unless the file changed on disk since `base_sha256`.
    pub fn save(&mut self, dir: &str, text: &str, base_sha256: &str) -> Result<SaveResult, AppError> {
        let file = self.find(dir)?.file();
        let path = self.catalogue.root.join(&file);
        let disk = fs::read(&path).map_err(|e| AppError::io(&format!("reading {file}"), e))?;
        let disk_sha = sha256_hex(&disk);
        if disk_sha != base_sha256 {
            return Err(AppError::new(
                ErrorCode::SaveConflict,
                format!("{file} changed on disk since you opened it. Compare both versions and choose which to keep."),
            )
            .with_details(serde_json::json!({ "disk_text": String::from_utf8_lossy(&disk), "disk_sha256": disk_sha })));
        }
        write_atomically(&path, text.as_bytes()).map_err(|e| AppError::io(&format!("saving {file}"), e))?;
        let sha = sha256_hex(text.as_bytes());
        self.own_writes.insert(path, sha.clone());
        self.refresh(&[dir.to_string()])?;
        Ok(SaveResult { sha256: sha, detail: self.skill(dir)? })
    }

    pub fn create(&mut self, name: &str) -> Result<SkillDetail, AppError> {
        if !scaffold::is_valid_name(name) {
            let suggestion = crate::schema::suggest_name(name);
            return Err(AppError::new(
                ErrorCode::SkillBadName,
                format!(
                    "`{name}` is not a valid skill name: use lowercase letters, digits and single hyphens, for example `{suggestion}`."
                ),
            )
            .with_details(serde_json::json!({ "suggestion": suggestion })));
        }
        let root = self.catalogue.root.clone();
        match scaffold::create(&root, name) {
            Ok(file) => {
                let sha = sha256_hex(&fs::read(&file).unwrap_or_default());
                self.own_writes.insert(file, sha);
            }
            Err(scaffold::ScaffoldError::Exists(p)) => {
                return Err(AppError::new(ErrorCode::SkillExists, format!("{} already exists; choose another name.", p.display())));
            }
            Err(e) => return Err(AppError::io("creating the skill", e)),
        }
        self.reload()?;
        self.skill(name)
    }

    /// Renames a skill: its folder and its `name` field together.
    pub fn rename(&mut self, dir: &str, new_name: &str) -> Result<CatalogueView, AppError> {
        let skill = self.find(dir)?;
        if !scaffold::is_valid_name(new_name) {
            let suggestion = crate::schema::suggest_name(new_name);
            return Err(AppError::new(ErrorCode::SkillBadName, format!("`{new_name}` is not a valid skill name; try `{suggestion}`."))
                .with_details(serde_json::json!({ "suggestion": suggestion })));
        }
        let old_path = self.catalogue.root.join(&skill.dir);
        let new_path = old_path.with_file_name(new_name);
        if new_path.exists() {
            return Err(AppError::new(
                ErrorCode::SkillExists,
                format!("a folder named `{new_name}` already exists next to this skill; choose another name."),
            ));
        }
        let file = old_path.join(crate::scan::SKILL_FILE);
        let text = fs::read_to_string(&file).map_err(|e| AppError::io("reading the skill", e))?;
        let renamed = edit::set_field(&text, "/name", Some(new_name)).map_err(|e| {
            AppError::new(ErrorCode::EditInvalid, e.to_string()).with_details(serde_json::json!({ "reason": e.to_string() }))
        })?;
        write_atomically(&file, renamed.as_bytes()).map_err(|e| AppError::io("writing the new name", e))?;
        if let Err(e) = fs::rename(&old_path, &new_path) {
            // Put the old name back so folder and field still agree.
            let _ = write_atomically(&file, text.as_bytes());
            return Err(AppError::io("renaming the folder", e));
        }
        self.reload()?;
        Ok(self.view())
    }

    /// Moves a skill's folder to the system trash.
    pub fn delete(&mut self, dir: &str) -> Result<CatalogueView, AppError> {
        let path = self.catalogue.root.join(&self.find(dir)?.dir);
        trash::delete(&path).map_err(|e| AppError::io(&format!("moving {} to the trash", path.display()), e))?;
        self.reload()?;
        Ok(self.view())
    }

    /// Re-reads these skills (a refreshed skill gets a new index id).
    fn refresh(&mut self, dirs: &[String]) -> Result<(), AppError> {
        *self.positions.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner) = None;
        self.index.refresh_skills(&mut self.catalogue, dirs)?;
        Ok(())
    }

    /// Re-reads the whole catalogue through the index.
    fn reload(&mut self) -> Result<(), AppError> {
        *self.positions.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner) = None;
        let root = self.catalogue.root.clone();
        let (catalogue, _) = self.index.load(&root, &LoadOptions::default(), &())?;
        self.catalogue = catalogue;
        self.outer_files = outer_files(&self.catalogue);
        Ok(())
    }

    /// Applies an import plan made for this catalogue (`export::import::plan`), then re-reads it.
    pub fn import(&mut self, plan: &crate::export::import::ImportPlan) -> Result<Imported, AppError> {
        if plan.into != self.catalogue.root {
            return Err(AppError::new(
                ErrorCode::ExportImportRefused,
                format!("this import was previewed for `{}`, not the open catalogue; preview it again", plan.into.display()),
            ));
        }
        let applied = crate::export::import::apply(plan)?;
        self.reload()?;
        Ok(Imported { applied, view: self.view() })
    }

    /// Every agent's card with its review, status and diff against the approved card.
    pub fn cards(&self) -> Result<Vec<CardReview>, AppError> {
        card::review_all(&self.catalogue).map_err(AppError::from)
    }

    /// One agent's card in a dialect, as the exact text `skillhouse card` prints.
    pub fn card_text(&self, agent: &str, dialect: Dialect) -> Result<String, AppError> {
        let (bytes, _) = card::render(&self.catalogue, agent, dialect)?;
        Ok(String::from_utf8(bytes).expect("cards are JSON, so UTF-8"))
    }

    /// Approves the agent's current card and returns its new review. `by` and `at` come from
    /// the caller, which owns the clock and knows the user.
    pub fn approve_card(&mut self, agent: &str, by: &str, at: &str) -> Result<CardReview, AppError> {
        card::approve(&self.catalogue, agent, by, at)?;
        card::review(&self.catalogue, agent).map_err(AppError::from)
    }

    /// Sets `cards.skill_defaults.tags` in `skillhouse.yaml` (creating the file or the sections
    /// when missing), as a lossless edit: every other byte of the file stays. Every skill of every
    /// card without tags of its own then gets these. Returns the cards' new reviews.
    pub fn set_card_default_tags(&mut self, tags: &[String]) -> Result<Vec<CardReview>, AppError> {
        let tags: Vec<String> = tags.iter().map(|t| t.trim().to_string()).filter(|t| !t.is_empty()).collect();
        if tags.is_empty() {
            return Err(AppError::new(
                ErrorCode::EditInvalid,
                "give at least one tag, for example `documentation`; A2A needs one per skill",
            ));
        }
        let path = self.catalogue.root.join(crate::settings::FILE_NAME);
        let text = match fs::read(&path) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| {
                AppError::new(ErrorCode::EditInvalid, "skillhouse.yaml is not UTF-8 text; fix its encoding before setting tags here")
            })?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(AppError::io("reading skillhouse.yaml", e)),
        };
        let edited = edit::set_in_document(&text, "/cards/skill_defaults/tags", Some(edit::Scalar::List(&tags))).map_err(|e| {
            AppError::new(
                ErrorCode::EditInvalid,
                format!("skillhouse.yaml could not be edited in place ({e}); add `cards: {{skill_defaults: {{tags: [...]}}}}` by hand"),
            )
            .with_details(serde_json::json!({ "reason": e.to_string() }))
        })?;
        write_atomically(&path, edited.as_bytes()).map_err(|e| AppError::io("saving skillhouse.yaml", e))?;
        self.own_writes.insert(path, sha256_hex(edited.as_bytes()));
        self.reload()?;
        self.cards()
    }

    /// Takes file changes reported by a watcher. Returns whether anything changed that the UI
    /// should show; the session's own saves are recognised and ignored.
    pub fn files_changed(&mut self, paths: &[PathBuf]) -> Result<bool, AppError> {
        let root = self.catalogue.root.clone();
        let mut dirs: Vec<String> = Vec::new();
        let mut whole = false;
        {
            // One lookup per batch: the watcher's own walk of a 10,000-skill catalogue reports
            // some 14,000 folders opened, and a scan of every skill per path held the session
            // (and so every search) for over ten seconds.
            let skills = SkillLookup::new(&self.catalogue.skills);
            for p in paths {
                let own = self.own_writes.get(p).is_some_and(|sha| fs::read(p).map(|b| &sha256_hex(&b) == sha).unwrap_or(false));
                // Watchers also report files being opened or read (by us, re-reading a skill):
                // only a file whose size or modification time differs from what we hold counts.
                if own || self.is_unchanged(p, &skills) {
                    continue;
                }
                let Ok(rel) = p.strip_prefix(&root) else { continue };
                let rel = rel.to_string_lossy().replace('\\', "/");
                if rel.starts_with(".git/") || rel.contains("/.git/") {
                    continue;
                }
                match skills.owner(&rel) {
                    // A skill's own folder changed: refresh just that skill.
                    Some(s) if rel != s.dir => dirs.push(s.dir.clone()),
                    // Anything else (a new or removed skill, agents, settings): re-open, which
                    // re-reads only what changed.
                    _ => whole = true,
                }
            }
        }
        if whole {
            self.reload()?;
        } else if !dirs.is_empty() {
            dirs.sort();
            dirs.dedup();
            self.refresh(&dirs)?;
        }
        Ok(whole || !dirs.is_empty())
    }

    /// Whether a path the watcher reported leaves the catalogue as it is. Watchers also report
    /// files being opened and read (by us, re-reading a skill), so only these count: a skill's
    /// file or an agent whose size or modification time differs from what the catalogue holds,
    /// a new or removed file in a skill, a new or removed agent, a changed `skillhouse.yaml` or
    /// fragment, and a new folder that holds a `SKILL.md`. Everything else cannot change what
    /// the catalogue shows.
    fn is_unchanged(&self, path: &Path, skills: &SkillLookup<'_>) -> bool {
        let Ok(rel) = path.strip_prefix(&self.catalogue.root) else { return true };
        let rel = rel.to_string_lossy().replace('\\', "/");
        let meta = fs::metadata(path).ok();
        let stamp = meta.as_ref().map(crate::document::FileStamp::of_metadata);
        if let Some(known) = self.outer_files.get(path) {
            return stamp.as_ref() == Some(known);
        }
        if let Some(skill) = skills.owner(&rel) {
            if rel == skill.dir {
                return meta.is_some(); // the skill's folder itself: gone is a change
            }
            let inner = &rel[skill.dir.len() + 1..];
            if inner == crate::scan::SKILL_FILE {
                return stamp == Some((skill.stamp.size, skill.stamp.mtime_ns));
            }
            return match (skill.resources.iter().find(|r| r.path == inner), &meta) {
                (Some(r), Some(_)) => stamp == Some((r.size, r.mtime_ns)),
                (Some(_), None) => false,      // a resource was removed
                (None, Some(m)) => m.is_dir(), // a new file is a new resource
                (None, None) => true,          // something that came and went
            };
        }
        if let Some(agent) = self.catalogue.agents.iter().find(|a| a.file == rel) {
            return stamp == Some((agent.stamp.size, agent.stamp.mtime_ns));
        }
        let agent_file = (rel.starts_with("agents/") || rel.starts_with(".claude/agents/")) && rel.ends_with(".md");
        match meta {
            // The root and the folders above known skills are opened by every scan; a folder
            // is news only when it is new and holds a skill.
            Some(m) if m.is_dir() => rel.is_empty() || skills.above.contains(rel.as_str()) || !crate::scan::is_skill_folder(path),
            Some(_) => !(agent_file || rel.ends_with(&format!("/{}", crate::scan::SKILL_FILE))),
            None => !agent_file,
        }
    }

    /// Applies a lossless field edit to a draft; `None` removes the field.
    pub fn set_field(text: &str, pointer: &str, value: Option<&FieldValue>) -> Result<String, AppError> {
        let scalar = value.map(|v| match v {
            FieldValue::Text(s) => edit::Scalar::Str(s),
            FieldValue::Flag(b) => edit::Scalar::Bool(*b),
        });
        edit::set(text, pointer, scalar)
            .map_err(|e| AppError::new(ErrorCode::EditInvalid, e.to_string()).with_details(serde_json::json!({ "reason": e.to_string() })))
    }
}

/// What a form field writes: text, or yes/no for a boolean field (the form edits nothing else;
/// lists and maps are edited in the YAML).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum FieldValue {
    Text(String),
    Flag(bool),
}

/// The skills by folder, for placing the paths a watcher reports without a scan of every skill
/// per path.
struct SkillLookup<'a> {
    by_dir: HashMap<&'a str, &'a Skill>,
    /// Every folder above a skill's folder (`group` for `group/skill`).
    above: std::collections::HashSet<&'a str>,
}

impl<'a> SkillLookup<'a> {
    fn new(skills: &'a [Skill]) -> Self {
        let by_dir = skills.iter().map(|s| (s.dir.as_str(), s)).collect();
        let above = skills.iter().flat_map(|s| s.dir.match_indices('/').map(|(i, _)| &s.dir[..i])).collect();
        SkillLookup { by_dir, above }
    }

    /// The skill whose folder is `rel` or holds it, the innermost when skills nest.
    fn owner(&self, rel: &str) -> Option<&'a Skill> {
        std::iter::once(rel).chain(rel.rmatch_indices('/').map(|(i, _)| &rel[..i])).find_map(|d| self.by_dir.get(d).copied())
    }
}

/// The stamps of the files outside skills and agents that change what a load finds.
fn outer_files(catalogue: &Catalogue) -> HashMap<PathBuf, (u64, i64)> {
    let mut paths = vec![catalogue.root.join(crate::settings::FILE_NAME)];
    if let Some(fragment) = &catalogue.settings.operating_principles {
        paths.push(catalogue.root.join(fragment));
    }
    paths
        .into_iter()
        .map(|p| {
            let stamp = fs::metadata(&p).map(|m| crate::document::FileStamp::of_metadata(&m)).unwrap_or((u64::MAX, 0));
            (p, stamp)
        })
        .collect()
}

/// Writes to a temporary file in the same folder, syncs it and renames it over the target, so a
/// crash mid-save leaves the old file whole.
/// A name for the order of a catalogue's skills, by folder: equal revisions mean the same
/// position holds the same skill. Not stable across builds, only within a running app.
fn revision(skills: &[Skill]) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for s in skills {
        s.dir.hash(&mut hasher);
    }
    format!("{:016x}", hasher.finish())
}

pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().ok_or_else(|| std::io::Error::other("the file has no folder"))?;
    let mut tmp = tempfile::Builder::new().prefix(".skillhouse-save-").tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    if let Ok(meta) = fs::metadata(path) {
        let _ = fs::set_permissions(tmp.path(), meta.permissions());
    }
    tmp.persist(path).map_err(|e| e.error)?;
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}
