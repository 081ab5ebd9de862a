//! `skillhouse new`: a skill that validates from the first minute, with the parts people forget.

use crate::schema::suggest_name;
use std::fs;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum ScaffoldError {
    #[error("`{0}` is not a valid skill name: use lowercase a-z, 0-9 and single hyphens (for example `{1}`)")]
    BadName(String, String),
    #[error("`{0}` already exists; choose another name or remove it first")]
    Exists(PathBuf),
    #[error("could not create the skill: {0}")]
    Io(#[from] std::io::Error),
}

pub fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= 64
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !name.starts_with('-')
        && !name.ends_with('-')
        && !name.contains("--")
}

pub fn skill_md(name: &str) -> String {
    let title: String = name
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_uppercase().chain(c).collect::<String>()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ");
    format!(
        "---\nname: {name}\ndescription: Describe what {title} does in one sentence. Use when the user asks for it; say here what it is not for.\n---\n\n# {title}\n\n## When to use\n- Describe the requests this skill answers.\n\n## Steps\n1. Write the first step a model should take.\n2. Keep the body under 500 lines; move detail into `references/` files and link them.\n"
    )
}

/// Creates `<parent>/<name>/SKILL.md` and returns the path of the new file.
pub fn create(parent: &Path, name: &str) -> Result<PathBuf, ScaffoldError> {
    if !is_valid_name(name) {
        return Err(ScaffoldError::BadName(name.to_string(), suggest_name(name)));
    }
    let dir = parent.join(name);
    if dir.exists() {
        return Err(ScaffoldError::Exists(dir));
    }
    fs::create_dir_all(&dir)?;
    let file = dir.join(crate::scan::SKILL_FILE);
    fs::write(&file, skill_md(name))?;
    Ok(file)
}
