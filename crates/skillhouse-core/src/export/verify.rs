//! Checking a bundle without trusting whoever handed it over: `registry.json` against its schema,
//! then every file's size and sha256, every skill's digest and every card's sha256 recomputed from
//! the bytes actually in the bundle, and every signature of a signed card checked against the key
//! set the bundle carries. Every difference is a `bundle.*` diagnostic whose `file` is
//! the path inside the bundle and whose `pointer` (when it concerns the registry) points into
//! `registry.json`.

use super::archive::{self, Limits};
use super::bundle::{self, FileEntry, Registry, CARDS, REGISTRY, SKILLS};
use super::{ExportError, Packaging};
use crate::diagnostic::{Code, Diagnostic, Position};
use std::collections::{BTreeMap, HashSet};
use std::io::Read;
use std::path::Path;

/// Largest `registry.json` read.
const MAX_REGISTRY_BYTES: u64 = 256 * 1024 * 1024;
/// Largest card or key set kept to check signatures (a card is a few kilobytes).
const MAX_CARD_BYTES: u64 = 4 * 1024 * 1024;

/// What verifying a bundle found.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Verification {
    pub packaging: Packaging,
    /// The registry, when it could be read and matched its schema.
    #[serde(skip)]
    pub registry: Option<Registry>,
    pub skills: usize,
    pub cards: usize,
    /// Cards whose every signature verified against the bundle's key set.
    pub signed_cards: usize,
    /// Files in the bundle (registry.json included).
    pub files: usize,
    /// Every problem, sorted; empty when the bundle is exactly what its registry says.
    pub diagnostics: Vec<Diagnostic>,
}

impl Verification {
    pub fn is_ok(&self) -> bool {
        self.diagnostics.is_empty()
    }
}

/// A file as found in the bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found {
    pub size: u64,
    pub sha256: String,
}

/// Every file of a bundle with its size and hash, the registry's bytes and the refusals.
pub(crate) struct Scanned {
    pub files: BTreeMap<String, Found>,
    pub registry: Option<Vec<u8>>,
    /// The bytes of `cards/*.json` (the cards and the key set), to check signatures with.
    pub cards: BTreeMap<String, Vec<u8>>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads every file of a bundle once: sizes, hashes and the registry's bytes.
pub(crate) fn scan(path: &Path, limits: &Limits) -> Result<Scanned, ExportError> {
    let mut files = BTreeMap::new();
    let mut registry = None;
    let mut cards = BTreeMap::new();
    let diagnostics = archive::read(path, limits, &mut |name: &str, size: u64, data: &mut dyn Read| {
        let is_card = name.starts_with(&format!("{CARDS}/")) && name.ends_with(".json") && size <= MAX_CARD_BYTES;
        let (size, sha256) = if name == REGISTRY || is_card {
            let mut bytes = Vec::new();
            data.take(if is_card { MAX_CARD_BYTES } else { MAX_REGISTRY_BYTES }).read_to_end(&mut bytes)?;
            let found = (bytes.len() as u64, crate::files::sha256_hex(&bytes));
            if is_card {
                cards.insert(name.to_string(), bytes);
            } else {
                registry = Some(bytes);
            }
            found
        } else {
            bundle::hash_reader(data)?
        };
        files.insert(name.to_string(), Found { size, sha256 });
        Ok(())
    })?;
    Ok(Scanned { files, registry, cards, diagnostics })
}

fn at(code: Code, file: &str, message: String) -> Diagnostic {
    Diagnostic::error(code, file, Position::START, message)
}

/// Parses and schema-checks the registry's bytes.
pub(crate) fn parse_registry(bytes: Option<&[u8]>, diagnostics: &mut Vec<Diagnostic>) -> Option<Registry> {
    let Some(bytes) = bytes else {
        diagnostics.push(
            at(Code::BundleRegistryMissing, REGISTRY, "the bundle has no registry.json at its top level".into())
                .with_hint("a Skillhouse bundle is made by `skillhouse export --target bundle`; check that this is one"),
        );
        return None;
    };
    let value: serde_json::Value = match serde_json::from_slice(bytes) {
        Ok(v) => v,
        Err(e) => {
            diagnostics.push(
                Diagnostic::error(
                    Code::BundleRegistryInvalid,
                    REGISTRY,
                    Position::new(e.line() as u32, e.column() as u32),
                    format!("registry.json is not JSON: {e}"),
                )
                .with_hint("the registry was damaged or edited by hand; ask the publisher to export again"),
            );
            return None;
        }
    };
    let schema = bundle::schema();
    let before = diagnostics.len();
    for error in schema.iter_errors(&value) {
        let pointer = error.instance_path().as_str().to_string();
        diagnostics.push(
            at(Code::BundleRegistryInvalid, REGISTRY, format!("registry.json does not match its schema at `{pointer}`: {error}"))
                .with_pointer(pointer)
                .with_hint("schemas/registry.schema.json describes the registry; ask the publisher to export again"),
        );
    }
    if diagnostics.len() > before {
        return None;
    }
    match serde_json::from_value::<Registry>(value) {
        Ok(r) => Some(r),
        Err(e) => {
            diagnostics.push(at(Code::BundleRegistryInvalid, REGISTRY, format!("registry.json could not be read: {e}")));
            None
        }
    }
}

/// Checks what a registry says against itself: unique names (per locale: a translation shares its
/// source's name) and folders, folders that do not hold one another, and translations whose
/// source is listed with the digest they name.
fn check_registry(registry: &Registry, diagnostics: &mut Vec<Diagnostic>) {
    let mut names = HashSet::new();
    let mut dirs = HashSet::new();
    let digests: std::collections::HashMap<&str, &str> = registry.skills.iter().map(|s| (s.dir.as_str(), s.digest.as_str())).collect();
    for (i, s) in registry.skills.iter().enumerate() {
        if let Some(t) = &s.translation {
            let problem = match digests.get(t.source.as_str()) {
                None => Some(format!(
                    "the translation `{}` ({}) names the source `{}`, which the registry does not list",
                    s.dir, t.locale, t.source
                )),
                Some(d) if *d != t.source_digest => Some(format!(
                    "the translation `{}` ({}) was listed against source digest {}, but `{}` has {d}",
                    s.dir, t.locale, t.source_digest, t.source
                )),
                Some(_) => None,
            };
            if let Some(problem) = problem {
                diagnostics.push(at(Code::BundleRegistryInvalid, REGISTRY, problem).with_pointer(format!("/skills/{i}/translation")));
            }
        }
        let locale = s.translation.as_ref().map_or("", |t| t.locale.as_str());
        if !names.insert((s.name.as_str(), locale)) || !dirs.insert(s.dir.as_str()) {
            diagnostics.push(
                at(Code::BundleRegistryInvalid, REGISTRY, format!("the skill `{}` (folder `{}`) is listed twice", s.name, s.dir))
                    .with_pointer(format!("/skills/{i}")),
            );
        }
        if let Some(why) = archive::unsafe_path(&s.dir) {
            diagnostics.push(
                at(Code::BundleUnsafePath, REGISTRY, format!("the folder `{}` of skill `{}` is refused: {why}", s.dir, s.name))
                    .with_pointer(format!("/skills/{i}/dir")),
            );
        }
        for (j, f) in s.files.iter().enumerate() {
            if let Some(why) = archive::unsafe_path(&f.path) {
                diagnostics.push(
                    at(Code::BundleUnsafePath, REGISTRY, format!("the file `{}` of skill `{}` is refused: {why}", f.path, s.name))
                        .with_pointer(format!("/skills/{i}/files/{j}/path")),
                );
            }
        }
    }
    let mut sorted: Vec<&str> = dirs.into_iter().collect();
    sorted.sort_unstable();
    for pair in sorted.windows(2) {
        if pair[1].starts_with(pair[0]) && pair[1].as_bytes().get(pair[0].len()) == Some(&b'/') {
            diagnostics.push(at(
                Code::BundleRegistryInvalid,
                REGISTRY,
                format!("the skill folder `{}` is inside the skill folder `{}`", pair[1], pair[0]),
            ));
        }
    }
}

/// Checks every signature of every signed card against the key set the registry lists. A card
/// whose bytes are not the listed ones is already refused (`bundle.card-mismatch`) and is not
/// checked again here. Returns how many cards verified.
fn check_signatures(registry: &Registry, cards: &BTreeMap<String, Vec<u8>>, diagnostics: &mut Vec<Diagnostic>) -> usize {
    let mut verified = 0;
    use crate::card::signing::{self, Jwks, Outcome};
    let keys = registry.keys.as_ref().map(|k| (k, cards.get(&k.path).map(|b| Jwks::parse(&String::from_utf8_lossy(b)))));
    for (i, agent) in registry.agents.iter().enumerate() {
        let Some(card) = &agent.card else { continue };
        let Some(bytes) = cards.get(&card.path).filter(|b| crate::files::sha256_hex(b) == card.sha256) else { continue };
        let Ok(value) = serde_json::from_slice::<serde_json::Value>(bytes) else { continue };
        if value.get("signatures").is_none() {
            continue;
        }
        let pointer = format!("/agents/{i}/card");
        let fail = |message: String, hint: &str| {
            at(Code::BundleSignatureInvalid, &card.path, message).with_pointer(pointer.clone()).with_hint(hint.to_string())
        };
        let set = match &keys {
            None => {
                diagnostics.push(fail(
                    format!("the card of `{}` is signed, but the bundle carries no key set to check it with", agent.name),
                    "a bundle with signed cards lists cards/jwks.json under `keys`; ask the publisher to export again",
                ));
                continue;
            }
            Some((_, None)) => continue, // the missing key set is its own diagnostic
            Some((k, Some(Err(e)))) => {
                diagnostics.push(
                    at(Code::BundleSignatureInvalid, &k.path, format!("the key set cannot be used: {e}")).with_pointer("/keys".to_string()),
                );
                return 0;
            }
            Some((k, Some(Ok(set)))) => (set, format!("the bundle's {}", k.path)),
        };
        match signing::verify(&value, set.0, &set.1) {
            Err(e) => diagnostics
                .push(fail(format!("the signatures of `{}` cannot be checked: {e}", agent.name), "ask the publisher for the bundle again")),
            Ok(checks) => {
                verified += usize::from(!checks.is_empty() && checks.iter().all(|c| c.outcome == Outcome::Verified));
                for c in checks.iter().filter(|c| c.outcome != Outcome::Verified) {
                    diagnostics.push(fail(
                        format!("the card of `{}`: {}", agent.name, c.message),
                        "the card or its signature is not what its approver signed; do not publish it, ask the publisher for the bundle again",
                    ));
                }
            }
        }
    }
    verified
}

/// Verifies a bundle (a folder, a `.tar.gz` or a `.zip`) with the default limits.
pub fn verify(path: &Path) -> Result<Verification, ExportError> {
    verify_with(path, &Limits::default())
}

pub fn verify_with(path: &Path, limits: &Limits) -> Result<Verification, ExportError> {
    let packaging = archive::detect(path)?;
    let Scanned { files, registry: registry_bytes, cards, mut diagnostics } = scan(path, limits)?;
    let registry = parse_registry(registry_bytes.as_deref(), &mut diagnostics);
    let mut verification =
        Verification { packaging, registry: None, skills: 0, cards: 0, signed_cards: 0, files: files.len(), diagnostics: Vec::new() };
    // A bundle read only in part would list every unread file as missing: its refusal says it all.
    let read_whole = !diagnostics.iter().any(|d| matches!(d.code, Code::BundleUnreadable | Code::BundleTooLarge));
    if let Some(registry) = &registry {
        check_registry(registry, &mut diagnostics);
        if read_whole {
            compare(registry, &files, &mut diagnostics);
            verification.signed_cards = check_signatures(registry, &cards, &mut diagnostics);
        }
        verification.skills = registry.skills.len();
        verification.cards = registry.agents.iter().filter(|a| a.card.is_some()).count();
    }
    crate::diagnostic::sort(&mut diagnostics);
    diagnostics.dedup();
    verification.diagnostics = diagnostics;
    verification.registry = registry;
    Ok(verification)
}

/// Compares the registry with the files found: each listed file, each skill's digest over what is
/// really in its folder, each card, and every file nobody lists.
pub(crate) fn compare(registry: &Registry, files: &BTreeMap<String, Found>, diagnostics: &mut Vec<Diagnostic>) {
    let mut listed: HashSet<String> = HashSet::from([REGISTRY.to_string()]);
    for (i, skill) in registry.skills.iter().enumerate() {
        let prefix = format!("{SKILLS}/{}/", skill.dir);
        for (j, f) in skill.files.iter().enumerate() {
            let path = format!("{prefix}{}", f.path);
            listed.insert(path.clone());
            let pointer = format!("/skills/{i}/files/{j}");
            match files.get(&path) {
                None => diagnostics.push(
                    at(Code::BundleFileMissing, &path, format!("`{path}` is listed in registry.json but not in the bundle"))
                        .with_pointer(pointer)
                        .with_hint("the bundle is incomplete; copy or download it again"),
                ),
                Some(found) if found.size != f.size || found.sha256 != f.sha256 => diagnostics.push(
                    at(
                        Code::BundleFileMismatch,
                        &path,
                        format!(
                            "`{path}` is not the file registry.json lists: {} bytes with sha256 {}, expected {} bytes with sha256 {}",
                            found.size, found.sha256, f.size, f.sha256
                        ),
                    )
                    .with_pointer(pointer)
                    .with_hint("the file was changed after the export; do not use it, ask the publisher for the bundle again"),
                ),
                Some(_) => {}
            }
        }
        // The digest of what really is in the skill's folder.
        let actual: Vec<FileEntry> = files
            .range(prefix.clone()..)
            .take_while(|(p, _)| p.starts_with(&prefix))
            .map(|(p, f)| FileEntry { path: p[prefix.len()..].to_string(), size: f.size, sha256: f.sha256.clone() })
            .collect();
        let digest = bundle::digest(&actual);
        if digest != skill.digest {
            diagnostics.push(
                at(
                    Code::BundleDigestMismatch,
                    &format!("{SKILLS}/{}", skill.dir),
                    format!("the files of skill `{}` give the digest {digest}, but registry.json says {}", skill.name, skill.digest),
                )
                .with_pointer(format!("/skills/{i}/digest"))
                .with_hint("a file of the skill was changed, added or removed after the export; the other diagnostics say which"),
            );
        }
    }
    if let Some(keys) = &registry.keys {
        listed.insert(keys.path.clone());
        match files.get(&keys.path) {
            None => diagnostics.push(
                at(
                    Code::BundleFileMissing,
                    &keys.path,
                    format!("the key set `{}` is listed in registry.json but not in the bundle", keys.path),
                )
                .with_pointer("/keys".to_string())
                .with_hint("without it no signature of the bundle's cards can be checked; ask the publisher for the bundle again"),
            ),
            Some(found) if found.sha256 != keys.sha256 => diagnostics.push(
                at(
                    Code::BundleFileMismatch,
                    &keys.path,
                    format!("the key set has sha256 {}, but registry.json says {}", found.sha256, keys.sha256),
                )
                .with_pointer("/keys/sha256".to_string())
                .with_hint("a key was added or changed after the export: do not trust the signatures it verifies"),
            ),
            Some(_) => {}
        }
    }
    for (i, agent) in registry.agents.iter().enumerate() {
        let Some(card) = &agent.card else { continue };
        listed.insert(card.path.clone());
        let pointer = format!("/agents/{i}/card/sha256");
        match files.get(&card.path) {
            None => diagnostics.push(
                at(
                    Code::BundleFileMissing,
                    &card.path,
                    format!("the card of `{}` is listed in registry.json but not in the bundle", agent.name),
                )
                .with_pointer(format!("/agents/{i}/card")),
            ),
            Some(found) if found.sha256 != card.sha256 => diagnostics.push(
                at(
                    Code::BundleCardMismatch,
                    &card.path,
                    format!("the card of `{}` has sha256 {}, but registry.json says {}", agent.name, found.sha256, card.sha256),
                )
                .with_pointer(pointer)
                .with_hint(if card.approved {
                    "this is not the card that was approved; do not publish it"
                } else {
                    "the card was changed after the export; ask the publisher for the bundle again"
                }),
            ),
            Some(_) => {}
        }
    }
    for path in files.keys().filter(|p| !listed.contains(*p)) {
        let hint = if path.starts_with(&format!("{CARDS}/")) || path.starts_with(&format!("{SKILLS}/")) {
            "a file was added after the export; remove it, or ask the publisher to export again"
        } else {
            "a bundle holds only registry.json, skills/ and cards/; a file was added after the export"
        };
        diagnostics.push(
            at(Code::BundleFileUnlisted, path, format!("`{path}` is in the bundle but registry.json does not list it")).with_hint(hint),
        );
    }
}
