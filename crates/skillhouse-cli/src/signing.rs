//! `skillhouse keys …` and `skillhouse card verify`: the card-signing keys and the check of a
//! card's signatures (docs/agent-cards.md, "Signed cards").

use clap::{Subcommand, ValueEnum};
use skillhouse_core::card::jwks;
use skillhouse_core::card::signing::{self, Alg, Jwks, Outcome};
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, ValueEnum)]
pub enum AlgArg {
    #[value(name = "EdDSA")]
    EdDsa,
    #[value(name = "ES256")]
    Es256,
}

impl From<AlgArg> for Alg {
    fn from(a: AlgArg) -> Alg {
        match a {
            AlgArg::EdDsa => Alg::EdDSA,
            AlgArg::Es256 => Alg::ES256,
        }
    }
}

#[derive(Subcommand)]
pub enum KeysAction {
    /// Make a signing key: its private half is kept in your config folder, its public half is
    /// added to the catalogue's cards/jwks.json (commit it). Approvals are signed from then on.
    /// `rotate` is the same command: a new key signs beside the current ones, so approvals carry
    /// a signature by each, until the old key is removed (`skillhouse keys remove KID`).
    #[command(visible_alias = "rotate")]
    New {
        #[arg(short = 'C', long = "catalogue", default_value = ".")]
        catalogue: PathBuf,
        #[arg(long, value_enum, default_value_t = AlgArg::EdDsa)]
        alg: AlgArg,
    },
    /// The catalogue's public keys, and which of them you hold the private key of.
    List {
        #[arg(short = 'C', long = "catalogue", default_value = ".")]
        catalogue: PathBuf,
    },
    /// Remove a public key from cards/jwks.json: signatures by it no longer verify against the
    /// catalogue's key set. Its private half stays in your config folder.
    Remove {
        kid: String,
        #[arg(short = 'C', long = "catalogue", default_value = ".")]
        catalogue: PathBuf,
    },
}

pub fn run_keys(action: KeysAction) -> Result<u8, String> {
    let keeper = skillhouse_host::keys::Keeper::for_user();
    match action {
        KeysAction::New { catalogue, alg } => {
            let before = keeper.for_catalogue(&catalogue)?;
            let (key, place) = keeper.create(alg.into())?;
            jwks::add(&catalogue, key.public_jwk())?;
            println!("new {} key {}", key.alg().name(), key.kid());
            println!("{}", place.describe());
            println!("public key added to {}", jwks::FILE);
            if !before.is_empty() {
                let old: Vec<&str> = before.iter().map(|k| k.kid()).collect();
                println!(
                    "approvals are now signed by {} and {}; remove an old key with `skillhouse keys remove KID`",
                    key.kid(),
                    old.join(", ")
                );
            }
            println!("next: commit {}; approvals are signed from now on", jwks::FILE);
            Ok(0)
        }
        KeysAction::List { catalogue } => {
            let Some(jwks) = jwks::read(&catalogue)? else {
                println!("no {}: approvals are not signed (make a key with `skillhouse keys new`)", jwks::FILE);
                return Ok(0);
            };
            for key in &jwks.keys {
                let held = keeper.find(&key.kid)?.is_some();
                println!("{}  {}  {}", key.kid, key.alg().name(), if held { "you can sign with it" } else { "public only here" });
            }
            Ok(0)
        }
        KeysAction::Remove { kid, catalogue } => {
            if jwks::remove(&catalogue, &kid)? {
                println!("removed {kid} from {}; next: commit it", jwks::FILE);
                Ok(0)
            } else {
                Err(format!("there is no key {kid} in {}: `skillhouse keys list` shows them", jwks::FILE))
            }
        }
    }
}

/// `skillhouse card verify FILE`: every signature's outcome; exit 1 unless every one verified.
pub fn verify(file: &Path, jwks: Option<&Path>, catalogue: &Path) -> Result<u8, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let card: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{} is not JSON: {e}", file.display()))?;
    let (keys, source) = match jwks {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            (Jwks::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?, path.display().to_string())
        }
        None => match jwks::read(catalogue)? {
            Some(k) => (k, format!("the catalogue's {}", jwks::FILE)),
            None => (Jwks::default(), format!("the catalogue's {} (there is none; give one with --jwks)", jwks::FILE)),
        },
    };
    let checks = signing::verify(&card, &keys, &source).map_err(|e| e.to_string())?;
    if checks.is_empty() {
        println!("{} has no signatures", file.display());
        return Ok(1);
    }
    for c in &checks {
        let mark = if c.outcome == Outcome::Verified { "verified" } else { "FAILED" };
        println!("{mark}: {}", c.message);
        if let Some(jku) = &c.jku {
            println!("    its header names the key set {jku} (shown, not fetched)");
        }
    }
    Ok(if checks.iter().all(|c| c.outcome == Outcome::Verified) { 0 } else { 1 })
}
