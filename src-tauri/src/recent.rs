//! Recently opened catalogues, remembered in the user's config directory.

use std::path::{Path, PathBuf};

const KEEP: usize = 10;

fn file() -> Option<PathBuf> {
    dirs::config_dir().map(|d| d.join("skillhouse").join("recent.json"))
}

pub fn list() -> Vec<String> {
    file().and_then(|f| std::fs::read_to_string(f).ok()).and_then(|t| serde_json::from_str::<Vec<String>>(&t).ok()).unwrap_or_default()
}

pub fn remember(root: &Path) {
    let root = root.to_string_lossy().into_owned();
    let mut list = list();
    list.retain(|r| r != &root);
    list.insert(0, root);
    list.truncate(KEEP);
    if let Some(f) = file() {
        if let Some(dir) = f.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        // Losing the list is harmless; failing to write it must not fail the open.
        let _ = std::fs::write(f, serde_json::to_string_pretty(&list).unwrap_or_default());
    }
}

/// The catalogue to open when none is named: the folder given on the command line (what a
/// desktop's "Open with" passes), else `SKILLHOUSE_CATALOGUE`, else the last one opened, else the
/// sample catalogue.
pub fn default_catalogue() -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_default();
    if let Some(named) = std::env::args_os().skip(1).find(|a| !a.to_string_lossy().starts_with('-')) {
        return catalogue_named(&cwd.join(named));
    }
    if let Some(p) = std::env::var_os("SKILLHOUSE_CATALOGUE") {
        return PathBuf::from(p);
    }
    if let Some(last) = list().into_iter().map(PathBuf::from).find(|p| p.is_dir()) {
        return last;
    }
    sample_catalogue(std::env::current_exe().ok().as_deref())
}

/// A folder is the catalogue; a file (a `SKILL.md` opened with the app) belongs to the nearest
/// folder above it with a `skillhouse.yaml`, else to its own folder.
fn catalogue_named(path: &Path) -> PathBuf {
    if !path.is_file() {
        return path.to_path_buf();
    }
    let folder = path.parent().unwrap_or(path);
    folder.ancestors().find(|d| d.join("skillhouse.yaml").is_file()).unwrap_or(folder).to_path_buf()
}

/// The sample catalogue: in the source tree when built from it, else where the package installs
/// it (`/usr/share/skillhouse/skills` beside `/usr/bin`).
fn sample_catalogue(exe: Option<&Path>) -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../skills");
    if source.is_dir() {
        return source;
    }
    exe.and_then(sample_beside).unwrap_or(source)
}

fn sample_beside(exe: &Path) -> Option<PathBuf> {
    Some(exe.parent()?.parent()?.join("share/skillhouse/skills")).filter(|p| p.is_dir())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_the_catalogue_and_a_file_belongs_to_the_catalogue_above_it() {
        let dir = tempfile::tempdir().unwrap();
        let skill = dir.path().join("skills/pdf");
        std::fs::create_dir_all(&skill).unwrap();
        std::fs::write(skill.join("SKILL.md"), "---\nname: pdf\n---\n").unwrap();
        assert_eq!(catalogue_named(dir.path()), dir.path());
        // Without a skillhouse.yaml above it, a file's own folder.
        assert_eq!(catalogue_named(&skill.join("SKILL.md")), skill);
        std::fs::write(dir.path().join("skillhouse.yaml"), "").unwrap();
        assert_eq!(catalogue_named(&skill.join("SKILL.md")), dir.path());
        // A path that does not exist is passed on, so that opening it says what is wrong.
        assert_eq!(catalogue_named(&dir.path().join("gone")), dir.path().join("gone"));
    }

    #[test]
    fn an_installed_app_finds_the_sample_catalogue_in_its_share_folder() {
        let prefix = tempfile::tempdir().unwrap();
        let installed = prefix.path().join("share/skillhouse/skills");
        std::fs::create_dir_all(&installed).unwrap();
        let exe = prefix.path().join("bin/skillhouse-app");
        assert_eq!(sample_beside(&exe), Some(installed));
        assert_eq!(sample_beside(&prefix.path().join("elsewhere/bin/skillhouse-app")), None);
        // Built from source, the source tree's sample wins.
        assert_eq!(sample_catalogue(Some(&exe)), Path::new(env!("CARGO_MANIFEST_DIR")).join("../skills"));
    }
}
