//! The file-system primitives every other module builds on: what a file's stamp is, its hash,
//! writing a file so that a crash leaves the old one whole, and whether a path lies inside the
//! catalogue. A leaf: it knows nothing of skills.

use sha2::{Digest, Sha256};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Facts about the file on disk, kept by the index to notice changes.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FileStamp {
    pub size: u64,
    /// Modification time in nanoseconds since the Unix epoch (0 when unknown).
    pub mtime_ns: i64,
    pub sha256: String,
}

impl FileStamp {
    pub fn of_metadata(meta: &fs::Metadata) -> (u64, i64) {
        let mtime_ns =
            meta.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map(|d| d.as_nanos() as i64).unwrap_or(0);
        (meta.len(), mtime_ns)
    }
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Writes to a temporary file in the same folder, syncs it and renames it over the target, so a
/// crash mid-save leaves the old file whole. The target's permissions are kept.
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

/// Where an existing `path` leads, when that is inside `root` (canonical). A link that cannot
/// be resolved is treated as outside: it cannot be shown to be safe.
pub fn resolves_inside(root: &Path, path: &Path) -> Option<PathBuf> {
    fs::canonicalize(path).ok().filter(|p| p.starts_with(root))
}

/// Whether `path`, which may not exist yet, is `root` or lies under it, links resolved. The
/// path must be absolute: the core never reads the working folder, so the edges resolve a
/// relative path (`std::path::absolute`) before asking; a relative path answers `false`.
pub fn inside(path: &Path, root: &Path) -> bool {
    let Ok(root) = root.canonicalize() else { return false };
    if !path.is_absolute() {
        return false;
    }
    // Resolve the longest existing ancestor (the rest cannot be a link yet).
    let mut existing = path;
    let mut rest = Vec::new();
    while !existing.exists() {
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_owned());
                existing = parent;
            }
            _ => return false,
        }
    }
    let Ok(mut resolved) = existing.canonicalize() else { return false };
    resolved.extend(rest.iter().rev());
    resolved.starts_with(&root)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_resolves_links_and_paths_not_yet_made() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("cat");
        fs::create_dir_all(root.join("skills")).unwrap();
        let outside = dir.path().join("out");
        fs::create_dir(&outside).unwrap();
        assert!(inside(&root.join("skills/new/deeper"), &root));
        assert!(!inside(&outside.join("x"), &root));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&root, outside.join("link")).unwrap();
            assert!(inside(&outside.join("link/export"), &root), "a link into the catalogue is inside");
        }
        assert!(!inside(Path::new("relative/out"), &root), "a relative path is the edge's to resolve");
    }

    #[test]
    fn write_atomically_keeps_permissions_and_replaces_whole() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f.txt");
        fs::write(&file, "old").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).unwrap();
        }
        write_atomically(&file, b"new text").unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "new text");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o640);
        }
        let leftovers: Vec<_> = fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left: {leftovers:?}");
    }
}
