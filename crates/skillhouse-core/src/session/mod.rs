//! An open catalogue as the desktop app holds it: the views it shows and the drafts it checks
//! (here), the file operations it performs (`writes`: atomic, conflict-checked saves; create,
//! rename, delete; card approval) and what it makes of a watcher's reports (`watch`). The Tauri
//! shell calls these in a line or two each; what crosses to it is in [`crate::views`].

mod watch;
mod writes;

use crate::app_error::AppError;
use crate::card::{self, CardReview, Dialect};
use crate::catalogue::{Catalogue, LoadOptions};
use crate::diagnostic::{Code, Diagnostic};
use crate::error_code::ErrorCode;
use crate::files::sha256_hex;
use crate::index::{Hit, Index};
use crate::scan::SkillDir;
use crate::schema::{Schemas, Subject};
use crate::skill::{self, Context, Skill};
use crate::stats;
use crate::views::{AgentRow, CatalogueView, DraftCheck, LevelTokens, ResourceRow, SearchResult, SearchSnippet, SkillDetail, SkillRow};
use crate::{budget, markdown, tokens};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

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
        let outer_files = watch::outer_files(&catalogue);
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
        let source_dir = |file: &str| file.strip_suffix(crate::scan::SKILL_FILE).unwrap_or(file).trim_end_matches('/').to_string();
        let mut translations: HashMap<String, Vec<crate::views::LocaleLink>> = HashMap::new();
        for s in &cat.skills {
            if let Some(source) = &s.translation_of {
                translations
                    .entry(source_dir(source))
                    .or_default()
                    .push(crate::views::LocaleLink { locale: s.locale.clone(), dir: s.dir.clone() });
            }
        }
        for links in translations.values_mut() {
            links.sort_by(|a, b| a.locale.cmp(&b.locale));
        }
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
                    locale: s.locale.clone(),
                    translation_of: s.translation_of.as_deref().map(source_dir),
                    translations: translations.get(&s.dir).cloned().unwrap_or_default(),
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
            notes: cat.notes(),
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
        let cx = Context::new(&self.catalogue.root, &self.schemas, &toolkit, &self.catalogue.settings);
        let mut draft = skill::load_text(&cx, &self.skill_dir(stored), stored.profile, text);
        let fragment_tokens = self.catalogue.fragment.as_deref().map(tokens::count).unwrap_or(0);
        let l3 = stored.tokens.as_ref().map(|t| t.l3).unwrap_or(0);
        let mut levels = stored.tokens.clone().unwrap_or_default();
        levels.l1 = tokens::count(&tokens::l1_text(&draft.name, &draft.description));
        levels.l2 = tokens::count(&draft.body) + fragment_tokens;
        budget::set_levels(&mut draft, levels.clone(), &self.catalogue.settings.budgets);
        // As the catalogue-wide rule has it: a translation collides only with another translation
        // in its locale, a source only with another source.
        let translation = stored.translation_of.is_some();
        let collides = |s: &Skill| {
            s.dir != dir
                && s.parsed
                && draft.parsed
                && s.name == draft.name
                && s.translation_of.is_some() == translation
                && (!translation || s.locale == draft.locale)
        };
        if let Some(other) = self.catalogue.skills.iter().find(|s| collides(s)) {
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
        self.outer_files = watch::outer_files(&self.catalogue);
        Ok(())
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
}

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
