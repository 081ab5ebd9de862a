//! The catalogue's published key set, `cards/jwks.json`: the public halves of the keys that sign
//! approvals, committed so a reviewer can verify from the repository (card/signing.rs). It is
//! written as cards are (sorted keys), so adding a key is a one-key diff, and it never holds a
//! private key: every write is checked as a published set.

use crate::card::signing::Jwks;
use std::fs;
use std::path::Path;

pub const FILE: &str = "cards/jwks.json";

/// The catalogue's published key set; none when it has no `cards/jwks.json`.
pub fn read(root: &Path) -> Result<Option<Jwks>, String> {
    match fs::read_to_string(root.join(FILE)) {
        Ok(text) => Jwks::parse(&text).map(Some).map_err(|e| format!("{FILE}: {e}")),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{FILE} could not be read: {e}")),
    }
}

/// The bytes of `cards/jwks.json` as they are, checked as a published set; none without one.
pub fn read_bytes(root: &Path) -> Result<Option<Vec<u8>>, String> {
    match fs::read(root.join(FILE)) {
        Ok(bytes) => {
            Jwks::parse(&String::from_utf8_lossy(&bytes)).map_err(|e| format!("{FILE}: {e}"))?;
            Ok(Some(bytes))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{FILE} could not be read: {e}")),
    }
}

/// Adds a public key (creating the file); refuses a private one, since the set is published.
pub fn add(root: &Path, jwk: serde_json::Value) -> Result<(), String> {
    edit(root, |keys| {
        keys.retain(|k| k.get("kid") != jwk.get("kid"));
        keys.push(jwk);
        true
    })
    .map(|_| ())
}

/// Removes the key `kid`; false when it was not there.
pub fn remove(root: &Path, kid: &str) -> Result<bool, String> {
    edit(root, |keys| {
        let before = keys.len();
        keys.retain(|k| k.get("kid").and_then(|v| v.as_str()) != Some(kid));
        keys.len() != before
    })
}

fn edit(root: &Path, change: impl FnOnce(&mut Vec<serde_json::Value>) -> bool) -> Result<bool, String> {
    let path = root.join(FILE);
    let mut keys: Vec<serde_json::Value> = match fs::read_to_string(&path) {
        Ok(text) => {
            Jwks::parse(&text).map_err(|e| format!("{FILE}: {e}"))?;
            let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{FILE}: {e}"))?;
            value["keys"].as_array().cloned().unwrap_or_default()
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("{FILE} could not be read: {e}")),
    };
    let changed = change(&mut keys);
    let set = serde_json::json!({ "keys": keys });
    Jwks::parse(&set.to_string()).map_err(|e| format!("the new {FILE} would not be valid: {e}"))?;
    if changed {
        let folder = root.join(crate::card::approval::FOLDER);
        fs::create_dir_all(&folder).map_err(|e| format!("cannot create {}/: {e}", crate::card::approval::FOLDER))?;
        crate::files::write_atomically(&path, &crate::card::to_bytes(&set)).map_err(|e| format!("cannot write {FILE}: {e}"))?;
    }
    Ok(changed)
}
