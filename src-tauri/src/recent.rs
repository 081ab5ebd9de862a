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

/// The catalogue to open when none is named: `SKILLHOUSE_CATALOGUE`, else the last one opened,
/// else the sample catalogue that ships with the source.
pub fn default_catalogue() -> PathBuf {
    if let Some(p) = std::env::var_os("SKILLHOUSE_CATALOGUE") {
        return PathBuf::from(p);
    }
    if let Some(last) = list().into_iter().map(PathBuf::from).find(|p| p.is_dir()) {
        return last;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../skills")
}
