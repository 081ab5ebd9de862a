//! Where the private card-signing keys live: outside every catalogue. First the OS keychain
//! (Secret Service on Linux, Keychain on macOS, Credential Manager on Windows, through the
//! `keyring` crate), one entry per key under the service `skillhouse card signing` with the
//! key's id as the account. Where no keychain answers (a headless machine, a locked keyring),
//! a private JWK per file in the user's config folder (`<config>/skillhouse/keys/<kid>.jwk`),
//! readable only by the user (0600, in a 0700 folder); every command that makes a key says which
//! of the two it used, and why the keychain was not.
//!
//! The catalogue holds only the public keys (`cards/jwks.json`); which keys sign a catalogue's
//! cards is which of its public keys have a private half in either place.

use skillhouse_core::card::signing::{Alg, SigningKey};
use std::path::{Path, PathBuf};

/// The keychain service the keys are kept under.
pub const SERVICE: &str = "skillhouse card signing";
/// Set to `off` to keep keys in files even where a keychain answers (a CI runner whose keyring
/// nobody unlocks, a test).
pub const KEYCHAIN_SETTING: &str = "SKILLHOUSE_KEYCHAIN";

/// Where keys are kept and looked for.
#[derive(Debug, Clone)]
pub struct Keeper {
    /// Try the OS keychain first.
    pub keychain: bool,
    /// The folder of key files, the fallback.
    pub folder: PathBuf,
}

/// Where one key was put.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    Keychain,
    /// A file only the user can read, and why the keychain was not used.
    File {
        path: PathBuf,
        keychain_said: Option<String>,
    },
}

impl Place {
    /// For the person who made the key.
    pub fn describe(&self) -> String {
        match self {
            Place::Keychain => format!("private key kept in the OS keychain (service \"{SERVICE}\")"),
            Place::File { path, keychain_said } => {
                let why = match keychain_said {
                    Some(said) => format!("the OS keychain did not take it: {said}"),
                    None => format!("the OS keychain is off ({KEYCHAIN_SETTING}=off)"),
                };
                format!("private key kept in {}, a file only you can read, because {why}", path.display())
            }
        }
    }
}

impl Keeper {
    /// The user's keeper: the keychain unless `SKILLHOUSE_KEYCHAIN=off`, and the config folder.
    pub fn for_user() -> Keeper {
        Keeper {
            keychain: std::env::var(KEYCHAIN_SETTING).map_or(true, |v| v != "off"),
            folder: dirs::config_dir().unwrap_or_else(std::env::temp_dir).join("skillhouse").join("keys"),
        }
    }

    /// A new key from the operating system's randomness, kept in the keychain, else in a file.
    pub fn create(&self, alg: Alg) -> Result<(SigningKey, Place), String> {
        let key = loop {
            let mut seed = [0u8; 32];
            getrandom::fill(&mut seed).map_err(|e| format!("the system gave no randomness for a key: {e}"))?;
            // A P-256 seed at or above the curve order (odds about 2^-32) is drawn again.
            if let Ok(key) = SigningKey::from_seed(alg, &seed) {
                break key;
            }
        };
        let keychain_said = if self.keychain {
            match keychain_store(&key) {
                Ok(()) => return Ok((key, Place::Keychain)),
                Err(said) => Some(said),
            }
        } else {
            None
        };
        let path = store_file(&self.folder, &key)?;
        Ok((key, Place::File { path, keychain_said }))
    }

    /// The private key with this id, from the keychain or the folder.
    pub fn find(&self, kid: &str) -> Result<Option<SigningKey>, String> {
        // A kid is a base64url thumbprint; anything else must not become a path or an account.
        if kid.is_empty() || !kid.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
            return Ok(None);
        }
        if self.keychain {
            // A keychain that does not answer is not an error here: the key may be in a file.
            if let Some(text) = keychain_entry(kid).ok().and_then(|e| e.get_password().ok()) {
                return read_jwk(&text, &format!("the keychain entry of {kid}")).map(Some);
            }
        }
        let path = self.folder.join(format!("{kid}.jwk"));
        match std::fs::read_to_string(&path) {
            Ok(text) => read_jwk(&text, &path.display().to_string()).map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    }

    /// The keys that sign this catalogue's approvals: those of its `cards/jwks.json` whose
    /// private half is kept here. A key set that cannot be read is an error, never "no keys".
    pub fn for_catalogue(&self, root: &Path) -> Result<Vec<SigningKey>, String> {
        let Some(jwks) = skillhouse_core::card::jwks::read(root)? else { return Ok(Vec::new()) };
        let mut keys = Vec::new();
        for public in &jwks.keys {
            if let Some(key) = self.find(&public.kid)? {
                keys.push(key);
            }
        }
        Ok(keys)
    }
}

fn keychain_entry(kid: &str) -> keyring::Result<keyring::Entry> {
    keyring::Entry::new(SERVICE, kid)
}

/// Stores the key and reads it back: a keychain that takes a secret and cannot return it (some
/// headless Secret Service set-ups) must not be where the only copy goes.
fn keychain_store(key: &SigningKey) -> Result<(), String> {
    let entry = keychain_entry(key.kid()).map_err(|e| e.to_string())?;
    let text = key.private_jwk().to_string();
    entry.set_password(&text).map_err(|e| e.to_string())?;
    match entry.get_password() {
        Ok(back) if back == text => Ok(()),
        Ok(_) => Err("it returned another secret than the one stored".into()),
        Err(e) => Err(format!("it stored the key but could not return it ({e})")),
    }
}

fn read_jwk(text: &str, what: &str) -> Result<SigningKey, String> {
    let jwk: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("{what} is not a JWK: {e}"))?;
    SigningKey::from_private_jwk(&jwk).map_err(|e| format!("{what}: {e}"))
}

fn store_file(folder: &Path, key: &SigningKey) -> Result<PathBuf, String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn files_only(folder: PathBuf) -> Keeper {
        Keeper { keychain: false, folder }
    }

    #[test]
    fn without_the_keychain_a_key_is_a_file_for_the_user_only_found_by_its_id() {
        let dir = tempfile::tempdir().unwrap();
        let keeper = files_only(dir.path().join("keys"));
        for alg in [Alg::EdDSA, Alg::ES256] {
            let (key, place) = keeper.create(alg).unwrap();
            let Place::File { path, keychain_said: None } = &place else { panic!("{place:?}") };
            assert!(place.describe().contains("SKILLHOUSE_KEYCHAIN=off"), "{}", place.describe());
            assert_eq!(keeper.find(key.kid()).unwrap().unwrap().kid(), key.kid());
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                assert_eq!(std::fs::metadata(path).unwrap().permissions().mode() & 0o777, 0o600);
                assert_eq!(std::fs::metadata(&keeper.folder).unwrap().permissions().mode() & 0o777, 0o700);
            }
        }
        assert!(keeper.find("no-such-kid").unwrap().is_none());
        assert!(keeper.find("../../etc/passwd").unwrap().is_none());
    }

    #[test]
    fn a_keychain_that_does_not_answer_leaves_the_key_in_a_file_and_says_why() {
        // No session bus here, so the Secret Service cannot answer: the fallback must say so,
        // and the key must still be found. (tests/keychain/run.sh covers a keychain that answers.)
        let dir = tempfile::tempdir().unwrap();
        let keeper = Keeper { keychain: true, folder: dir.path().join("keys") };
        let old = std::env::var_os("DBUS_SESSION_BUS_ADDRESS");
        if old.is_some() {
            return; // a desktop session: the keychain case is tests/keychain/run.sh's
        }
        let (key, place) = keeper.create(Alg::EdDSA).unwrap();
        match &place {
            Place::File { keychain_said: Some(said), .. } => assert!(!said.is_empty()),
            other => panic!("expected a file with the keychain's reason, got {other:?}"),
        }
        assert!(place.describe().contains("the OS keychain did not take it"), "{}", place.describe());
        assert_eq!(keeper.find(key.kid()).unwrap().unwrap().kid(), key.kid());
    }
}
