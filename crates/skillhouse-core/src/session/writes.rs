//! The session's writes: every one atomic (`files::write_atomically`), recorded in
//! `own_writes` so the watcher does not take it for someone else's change, and followed by a
//! re-read of what it touched.

use super::Session;
use crate::app_error::AppError;
use crate::card::{self, CardReview};
use crate::error_code::ErrorCode;
use crate::files::{sha256_hex, write_atomically};
use crate::views::{CatalogueView, FieldValue, Imported, SaveResult, SkillDetail, Taken};
use crate::{edit, scaffold};
use std::fs;
use std::path::Path;

impl Session {
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

    /// Removes a skill's folder with `discard`: the desktop's trash in the app and the CLI
    /// (`skillhouse_host::trash`), which the core does not call itself.
    pub fn delete(&mut self, dir: &str, discard: impl FnOnce(&Path) -> std::io::Result<()>) -> Result<CatalogueView, AppError> {
        let path = self.catalogue.root.join(&self.find(dir)?.dir);
        discard(&path).map_err(|e| AppError::io(&format!("moving {} to the trash", path.display()), e))?;
        self.reload()?;
        Ok(self.view())
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

    /// Carries out a plan to take an agent's folder into this catalogue (`agents::take`), then
    /// re-reads what it wrote. The files written are the session's own, not an outside change.
    pub fn take_from_agent(
        &mut self,
        plan: &crate::agents::take::TakePlan,
        host: &crate::agents::Host,
        scope: &crate::agents::view::ScopeChoice,
        now: &str,
    ) -> Result<Taken, AppError> {
        let applied = crate::agents::view::apply_take(&self.catalogue, host, scope, plan, now)?;
        for file in &applied.written {
            let path = self.catalogue.root.join(file);
            let sha = sha256_hex(&fs::read(&path).unwrap_or_default());
            self.own_writes.insert(path, sha);
        }
        match plan.kind {
            crate::agents::take::TakeKind::Changes => self.refresh(std::slice::from_ref(&applied.into))?,
            crate::agents::take::TakeKind::Adopt => self.reload()?,
        }
        Ok(Taken { applied, view: self.view() })
    }

    /// Approves the agent's current card, signed with `keys` (none: unsigned), and returns its
    /// new review. `by`, `at` and the keys come from the caller, which owns the clock, knows the
    /// user and reads the keychain.
    pub fn approve_card(&mut self, agent: &str, by: &str, at: &str, keys: &[card::signing::SigningKey]) -> Result<CardReview, AppError> {
        card::approve(&self.catalogue, agent, by, at, keys)?;
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
