//! Where the private card-signing keys live: outside every catalogue, in the user's config
//! folder (`<config>/skillhouse/keys/<kid>.jwk`), one private JWK per file, readable only by the
//! user (0600, in a 0700 folder). The catalogue holds only the public keys (`cards/jwks.json`);
//! which keys sign a catalogue's cards is which of its public keys have a private half here.
//!
//! Not yet the OS keychain (Secret Service, Keychain, Credential Manager): the note every
//! command prints says where the key is, so nobody mistakes the file for a keychain.

use skillhouse_core::card::signing::{Alg, SigningKey};
use std::path::{Path, PathBuf};

/// The folder of private keys.
pub fn folder() -> PathBuf {
    dirs::config_dir().unwrap_or_else(std::env::temp_dir).join("skillhouse").join("keys")
}

/// A new key from the operating system's randomness, kept under `folder`.
pub fn create(folder: &Path, alg: Alg) -> Result<(SigningKey, PathBuf), String> {
    let key = loop {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).map_err(|e| format!("the system gave no randomness for a key: {e}"))?;
        // A P-256 seed at or above the curve order (odds about 2^-32) is drawn again.
        if let Ok(key) = SigningKey::from_seed(alg, &seed) {
            break key;
        }
    };
    let path = store(folder, &key)?;
    Ok((key, path))
}

fn store(folder: &Path, key: &SigningKey) -> Result<PathBuf, String> {
    std::fs::create_dir_all(folder).map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| format!("cannot restrict {}: {e}", folder.display()))?;
    }
    let path = folder.join(format!("{}.jwk", key.kid()));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(&path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    std::io::Write::write_all(&mut file, key.private_jwk().to_string().as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// The private key with this id, if it is kept here.
pub fn find(folder: &Path, kid: &str) -> Result<Option<SigningKey>, String> {
    // A kid is a base64url thumbprint; anything else must not become a path.
    if kid.is_empty() || !kid.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        return Ok(None);
    }
    let path = folder.join(format!("{kid}.jwk"));
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let jwk: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{} is not a JWK: {e}", path.display()))?;
    SigningKey::from_private_jwk(&jwk).map(Some).map_err(|e| format!("{}: {e}", path.display()))
}

/// The keys that sign this catalogue's approvals: those of its `cards/jwks.json` whose private
/// half is kept here. A key set that cannot be read is an error, never "no keys".
pub fn for_catalogue(folder: &Path, root: &Path) -> Result<Vec<SigningKey>, String> {
    let Some(jwks) = skillhouse_core::card::jwks::read(root)? else { return Ok(Vec::new()) };
    let mut keys = Vec::new();
    for public in &jwks.keys {
        if let Some(key) = find(folder, &public.kid)? {
            keys.push(key);
        }
    }
    Ok(keys)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_kept_for_the_user_only_and_found_by_its_id() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("keys");
        for alg in [Alg::EdDSA, Alg::ES256] {
            let (key, path) = create(&folder, alg).unwrap();
            assert_eq!(find(&folder, key.kid()).unwrap().unwrap().kid(), key.kid());
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
                assert_eq!(std::fs::metadata(&folder).unwrap().permissions().mode() & 0o777, 0o700);
            }
        }
        assert!(find(&folder, "no-such-kid").unwrap().is_none());
        assert!(find(&folder, "../../etc/passwd").unwrap().is_none());
    }
}
