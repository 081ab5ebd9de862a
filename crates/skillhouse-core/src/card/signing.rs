//! Signed agent cards, as A2A 1.0 defines them: each entry of `AgentCard.signatures[]` is a JWS
//! (RFC 7515) with a detached payload, the card canonicalised with JCS (RFC 8785) with
//! `signatures` left out, and a protected header naming `alg`, `kid` and `typ: "JOSE"` (`jku`
//! when the key set is published). Only EdDSA (Ed25519) and ES256 are signed or accepted: `none`,
//! HMAC and any other algorithm are refused, whatever a key set says.
//!
//! The core never draws randomness or reads a keychain: a key is made from 32 bytes the host
//! draws (`SigningKey::from_seed`) and kept by the host as a private JWK. Signing with ES256 is
//! deterministic (RFC 6979), so a card and a key always give the same signature.
//!
//! RustCrypto's `ed25519-dalek` and `p256` do the signing directly rather than `jsonwebtoken`:
//! a card signature is not a JWT (no claims, a detached payload), so only the crypto was needed,
//! and `jsonwebtoken` 12 picks its crypto backend process-wide, panicking if two crates of a
//! program ever ask for different ones.

use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use base64::Engine;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};
use ts_rs::TS;

/// The algorithms Skillhouse signs with and accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub enum Alg {
    EdDSA,
    ES256,
}

impl Alg {
    pub fn name(self) -> &'static str {
        match self {
            Alg::EdDSA => "EdDSA",
            Alg::ES256 => "ES256",
        }
    }

    pub fn parse(name: &str) -> Option<Alg> {
        match name {
            "EdDSA" => Some(Alg::EdDSA),
            "ES256" => Some(Alg::ES256),
            _ => None,
        }
    }
}

/// What went wrong with a key or a key set; each message says what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    #[error("the key set is not JSON: {0}")]
    NotJson(String),
    #[error("the key set has no `keys` array: a JWKS is `{{\"keys\": [...]}}`")]
    NoKeys,
    #[error("key {index} of the key set holds private parts ({members}): a key set to publish must hold public keys only; make it again with `skillhouse keys list --jwks`")]
    PrivateInSet { index: usize, members: String },
    #[error("key {index}: {reason}")]
    Unusable { index: usize, reason: String },
    #[error("the private key is not usable: {0}")]
    BadPrivate(String),
}

/// A private signing key, as the host keeps it (a private JWK).
#[derive(Clone)]
pub struct SigningKey {
    kid: String,
    secret: Secret,
}

#[derive(Clone)]
enum Secret {
    Ed(ed25519_dalek::SigningKey),
    Es(p256::ecdsa::SigningKey),
}

impl std::fmt::Debug for SigningKey {
    // Never the private bytes, in a log or a panic message.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SigningKey({} {})", self.alg().name(), self.kid)
    }
}

impl SigningKey {
    /// A key from 32 random bytes the host drew. For ES256 the bytes are the scalar; a value
    /// outside the curve's order (odds about 2^-32) is refused, and the host draws again.
    pub fn from_seed(alg: Alg, seed: &[u8; 32]) -> Result<SigningKey, KeyError> {
        let secret = match alg {
            Alg::EdDSA => Secret::Ed(ed25519_dalek::SigningKey::from_bytes(seed)),
            Alg::ES256 => Secret::Es(p256::ecdsa::SigningKey::from_slice(seed).map_err(|e| KeyError::BadPrivate(e.to_string()))?),
        };
        Ok(SigningKey::with_thumbprint(secret))
    }

    fn with_thumbprint(secret: Secret) -> SigningKey {
        let kid = thumbprint(&public_members(&verifier(&secret)));
        SigningKey { kid, secret }
    }

    pub fn alg(&self) -> Alg {
        match self.secret {
            Secret::Ed(_) => Alg::EdDSA,
            Secret::Es(_) => Alg::ES256,
        }
    }

    /// The key's id: its RFC 7638 thumbprint (SHA-256), so the same key always has the same id.
    pub fn kid(&self) -> &str {
        &self.kid
    }

    /// The public half, as published in `cards/jwks.json`.
    pub fn public_jwk(&self) -> Value {
        let mut jwk = public_members(&verifier(&self.secret));
        jwk.insert("kid".into(), json!(self.kid));
        jwk.insert("alg".into(), json!(self.alg().name()));
        jwk.insert("use".into(), json!("sig"));
        Value::Object(jwk)
    }

    /// The whole key, for the host to keep in the keychain (never in the catalogue).
    pub fn private_jwk(&self) -> Value {
        let mut jwk = self.public_jwk();
        let d = match &self.secret {
            Secret::Ed(k) => B64.encode(k.to_bytes()),
            Secret::Es(k) => B64.encode(k.to_bytes()),
        };
        jwk["d"] = json!(d);
        jwk
    }

    /// Reads a key written by `private_jwk`.
    pub fn from_private_jwk(jwk: &Value) -> Result<SigningKey, KeyError> {
        let d = jwk.get("d").and_then(Value::as_str).ok_or_else(|| KeyError::BadPrivate("it has no `d`".into()))?;
        let d = B64.decode(d).map_err(|e| KeyError::BadPrivate(format!("`d` is not base64url: {e}")))?;
        let seed: [u8; 32] = d.try_into().map_err(|_| KeyError::BadPrivate("`d` is not 32 bytes".into()))?;
        let alg = match (jwk.get("kty").and_then(Value::as_str), jwk.get("crv").and_then(Value::as_str)) {
            (Some("OKP"), Some("Ed25519")) => Alg::EdDSA,
            (Some("EC"), Some("P-256")) => Alg::ES256,
            (kty, crv) => return Err(KeyError::BadPrivate(format!("kty {kty:?} crv {crv:?} is neither Ed25519 nor P-256"))),
        };
        let key = SigningKey::from_seed(alg, &seed)?;
        if let Some(kid) = jwk.get("kid").and_then(Value::as_str) {
            if kid != key.kid {
                return Err(KeyError::BadPrivate(format!("its kid `{kid}` is not the thumbprint of its key (`{}`)", key.kid)));
            }
        }
        Ok(key)
    }

    fn sign_bytes(&self, message: &[u8]) -> Vec<u8> {
        match &self.secret {
            Secret::Ed(k) => {
                use ed25519_dalek::Signer;
                k.sign(message).to_bytes().to_vec()
            }
            Secret::Es(k) => {
                use p256::ecdsa::signature::Signer;
                let signature: p256::ecdsa::Signature = k.sign(message);
                signature.to_bytes().to_vec()
            }
        }
    }
}

/// The public half of a private key.
fn verifier(secret: &Secret) -> Verifier {
    match secret {
        Secret::Ed(k) => Verifier::Ed(k.verifying_key()),
        Secret::Es(k) => Verifier::Es(*k.verifying_key()),
    }
}

/// A public key's JWK members (RFC 7517, 8037).
fn public_members(key: &Verifier) -> Map<String, Value> {
    let mut m = Map::new();
    match key {
        Verifier::Ed(k) => {
            m.insert("kty".into(), json!("OKP"));
            m.insert("crv".into(), json!("Ed25519"));
            m.insert("x".into(), json!(B64.encode(k.to_bytes())));
        }
        Verifier::Es(k) => {
            let point = k.to_sec1_point(false);
            let bytes = point.as_bytes();
            m.insert("kty".into(), json!("EC"));
            m.insert("crv".into(), json!("P-256"));
            m.insert("x".into(), json!(B64.encode(&bytes[1..33])));
            m.insert("y".into(), json!(B64.encode(&bytes[33..65])));
        }
    }
    m
}

/// RFC 7638: SHA-256 of the required public members, in lexicographic order, without spaces.
fn thumbprint(public: &Map<String, Value>) -> String {
    let required: Map<String, Value> =
        public.iter().filter(|(k, _)| matches!(k.as_str(), "kty" | "crv" | "x" | "y")).map(|(k, v)| (k.clone(), v.clone())).collect();
    let text = serde_jcs::to_string(&Value::Object(required)).unwrap_or_default();
    B64.encode(Sha256::digest(text.as_bytes()))
}

/// A public key of a key set.
#[derive(Clone)]
pub struct PublicKey {
    pub kid: String,
    key: Verifier,
}

#[derive(Clone)]
enum Verifier {
    Ed(ed25519_dalek::VerifyingKey),
    Es(p256::ecdsa::VerifyingKey),
}

impl std::fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PublicKey({} {})", self.alg().name(), self.kid)
    }
}

impl PublicKey {
    pub fn alg(&self) -> Alg {
        match self.key {
            Verifier::Ed(_) => Alg::EdDSA,
            Verifier::Es(_) => Alg::ES256,
        }
    }

    fn verifies(&self, message: &[u8], signature: &[u8]) -> bool {
        match &self.key {
            Verifier::Ed(k) => {
                use ed25519_dalek::Verifier as _;
                ed25519_dalek::Signature::from_slice(signature).is_ok_and(|s| k.verify(message, &s).is_ok())
            }
            Verifier::Es(k) => {
                use p256::ecdsa::signature::Verifier as _;
                p256::ecdsa::Signature::from_slice(signature).is_ok_and(|s| k.verify(message, &s).is_ok())
            }
        }
    }
}

/// The members a private JWK may carry (RFC 7517/7518): none may appear in a published set.
const PRIVATE_MEMBERS: [&str; 7] = ["d", "p", "q", "dp", "dq", "qi", "k"];

/// A published key set (`cards/jwks.json`): public keys only.
#[derive(Debug, Clone, Default)]
pub struct Jwks {
    pub keys: Vec<PublicKey>,
}

impl Jwks {
    /// Reads a JWKS, refusing one that holds a private key (publishing it would give the key
    /// away) or a key Skillhouse cannot verify with.
    pub fn parse(text: &str) -> Result<Jwks, KeyError> {
        let value: Value = serde_json::from_str(text).map_err(|e| KeyError::NotJson(e.to_string()))?;
        let keys = value.get("keys").and_then(Value::as_array).ok_or(KeyError::NoKeys)?;
        let mut out = Vec::new();
        for (index, jwk) in keys.iter().enumerate() {
            let members: Vec<&str> = PRIVATE_MEMBERS.iter().copied().filter(|m| jwk.get(m).is_some()).collect();
            if !members.is_empty() {
                return Err(KeyError::PrivateInSet { index, members: members.join(", ") });
            }
            out.push(public_key(jwk).map_err(|reason| KeyError::Unusable { index, reason })?);
        }
        Ok(Jwks { keys: out })
    }

    /// The set to publish for these keys.
    pub fn publish(keys: &[&SigningKey]) -> Value {
        json!({ "keys": keys.iter().map(|k| k.public_jwk()).collect::<Vec<_>>() })
    }

    fn find(&self, kid: &str) -> Option<&PublicKey> {
        self.keys.iter().find(|k| k.kid == kid)
    }
}

fn public_key(jwk: &Value) -> Result<PublicKey, String> {
    let text = |name: &str| jwk.get(name).and_then(Value::as_str);
    let kid = text("kid").ok_or("it has no `kid`, so no signature can name it")?.to_string();
    let bytes = |name: &str| -> Result<Vec<u8>, String> {
        B64.decode(text(name).ok_or(format!("it has no `{name}`"))?).map_err(|e| format!("`{name}` is not base64url: {e}"))
    };
    let key = match (text("kty"), text("crv")) {
        (Some("OKP"), Some("Ed25519")) => {
            let x: [u8; 32] = bytes("x")?.try_into().map_err(|_| "`x` is not 32 bytes".to_string())?;
            Verifier::Ed(ed25519_dalek::VerifyingKey::from_bytes(&x).map_err(|e| format!("`x` is not an Ed25519 key: {e}"))?)
        }
        (Some("EC"), Some("P-256")) => {
            let mut sec1 = vec![4u8];
            sec1.extend(bytes("x")?);
            sec1.extend(bytes("y")?);
            Verifier::Es(p256::ecdsa::VerifyingKey::from_sec1_bytes(&sec1).map_err(|e| format!("`x`, `y` are not a P-256 point: {e}"))?)
        }
        (kty, crv) => {
            return Err(format!(
                "kty {} crv {} is not accepted: card signatures are EdDSA (Ed25519) or ES256 (P-256)",
                kty.unwrap_or("(none)"),
                crv.unwrap_or("(none)")
            ))
        }
    };
    let public = PublicKey { kid, key };
    if let Some(alg) = text("alg") {
        if Alg::parse(alg) != Some(public.alg()) {
            return Err(format!("its `alg` {alg} does not fit its key type ({})", public.alg().name()));
        }
    }
    Ok(public)
}

/// What went wrong while signing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignError {
    #[error("the card is not a JSON object")]
    NotAnObject,
    #[error("{}", describe_drops(.0))]
    SdkWouldDrop(Vec<String>),
    #[error("the card cannot be canonicalised: {0}")]
    Canonical(String),
}

fn describe_drops(pointers: &[String]) -> String {
    let mut text = format!(
        "a2a-sdk drops empty values (strings, lists, objects, and objects holding only those) before it checks a signature, so a signature over this card would not verify there; remove or fill {}",
        pointers.join(", ")
    );
    if pointers.iter().any(|p| p.contains("/securityRequirements")) {
        text.push_str(" (a security requirement with no scopes, `{bearer: []}`, is empty to it: name a scope or role)");
    }
    if pointers.iter().any(|p| p == "/capabilities") {
        text.push_str(" (set at least one of `cards.capabilities`, e.g. `streaming: false`)");
    }
    text
}

/// The bytes a signature covers: the card without `signatures`, in JCS form.
pub fn canonical_payload(card: &Value) -> Result<String, SignError> {
    let mut card = card.as_object().ok_or(SignError::NotAnObject)?.clone();
    card.remove("signatures");
    serde_jcs::to_string(&Value::Object(card)).map_err(|e| SignError::Canonical(e.to_string()))
}

/// Where the card holds an empty string, list or object (or one that holds only such values):
/// a2a-sdk removes them before canonicalising, so its bytes, and any signature check, would
/// differ from ours. JSON pointers, outermost first.
pub fn sdk_drops(card: &Value) -> Vec<String> {
    fn walk(value: &Value, pointer: &str, out: &mut Vec<String>) -> bool {
        let empty = match value {
            Value::String(s) => s.is_empty(),
            Value::Array(items) => {
                let mut inner = Vec::new();
                let kept = items.iter().enumerate().filter(|(i, v)| !walk(v, &format!("{pointer}/{i}"), &mut inner)).count();
                if kept > 0 {
                    out.extend(inner);
                }
                kept == 0
            }
            Value::Object(members) => {
                let mut inner = Vec::new();
                let kept = members.iter().filter(|(k, v)| !walk(v, &format!("{pointer}/{}", escape(k)), &mut inner)).count();
                if kept > 0 {
                    out.extend(inner);
                }
                kept == 0
            }
            _ => false,
        };
        if empty {
            out.push(pointer.to_string());
        }
        empty
    }
    fn escape(key: &str) -> String {
        key.replace('~', "~0").replace('/', "~1")
    }
    let Some(members) = card.as_object() else { return Vec::new() };
    let mut out = Vec::new();
    for (k, v) in members.iter().filter(|(k, _)| k.as_str() != "signatures") {
        walk(v, &format!("/{}", escape(k)), &mut out);
    }
    out.sort();
    out
}

#[derive(Serialize)]
struct Protected<'a> {
    alg: &'a str,
    kid: &'a str,
    typ: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    jku: Option<&'a str>,
}

/// One signature over `card` by each key, in the keys' order, as entries for its `signatures`
/// (`{protected, signature}`). The card is checked and canonicalised once, whatever the number
/// of keys (two while one is rotated out).
pub fn sign(card: &Value, keys: &[SigningKey], jku: Option<&str>) -> Result<Vec<Value>, SignError> {
    let drops = sdk_drops(card);
    if !drops.is_empty() {
        return Err(SignError::SdkWouldDrop(drops));
    }
    let payload = B64.encode(canonical_payload(card)?.as_bytes());
    keys.iter()
        .map(|key| {
            let header = Protected { alg: key.alg().name(), kid: key.kid(), typ: "JOSE", jku };
            let protected = B64.encode(serde_json::to_vec(&header).map_err(|e| SignError::Canonical(e.to_string()))?);
            let signature = B64.encode(key.sign_bytes(format!("{protected}.{payload}").as_bytes()));
            Ok(json!({ "protected": protected, "signature": signature }))
        })
        .collect()
}

/// The card with `signatures` set to these, in this order.
pub fn with_signatures(card: &Value, signatures: Vec<Value>) -> Value {
    let mut card = card.clone();
    if let Some(members) = card.as_object_mut() {
        members.insert("signatures".into(), Value::Array(signatures));
    }
    card
}

/// The card with each signature told where its key set is published: `jku` in the signature's
/// unprotected header (RFC 7515 allows either header), so the signed bytes, made at approval
/// before anyone knew where the card would be published, stay as they were and still verify.
/// A signature whose protected header already names a `jku` keeps it.
pub fn with_jku(card: &Value, jku: &str) -> Value {
    let mut card = card.clone();
    for entry in card.get_mut("signatures").and_then(Value::as_array_mut).into_iter().flatten() {
        let protected_names_one = entry
            .get("protected")
            .and_then(Value::as_str)
            .and_then(|p| B64.decode(p).ok())
            .and_then(|b| serde_json::from_slice::<Value>(&b).ok())
            .is_some_and(|h| h.get("jku").is_some());
        if let (false, Some(members)) = (protected_names_one, entry.as_object_mut()) {
            let header = members.entry("header").or_insert_with(|| json!({}));
            if let Some(h) = header.as_object_mut() {
                h.insert("jku".into(), json!(jku));
            }
        }
    }
    card
}

/// What one signature of a card came to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SignatureCheck {
    /// Its place in `signatures`.
    pub index: usize,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kid: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alg: Option<String>,
    /// The key set URL the header names: shown, never fetched.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jku: Option<String>,
    pub outcome: Outcome,
    /// The outcome in words, with what to do.
    pub message: String,
}

/// Whether a signature verified, or why not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Verified,
    /// The key verified another text: the card changed after it was signed.
    Changed,
    UnknownKid,
    /// The header's algorithm is not the key's.
    WrongAlgorithm,
    /// `none`, HMAC or an algorithm Skillhouse does not accept.
    RefusedAlgorithm,
    Malformed,
    /// The same signature again.
    Duplicate,
}

/// Checks every signature of `card` against `keys`. `source` names the key set in messages
/// ("the catalogue's cards/jwks.json", a file given).
pub fn verify(card: &Value, keys: &Jwks, source: &str) -> Result<Vec<SignatureCheck>, SignError> {
    let payload = canonical_payload(card)?;
    let encoded = B64.encode(payload.as_bytes());
    let signatures = match card.get("signatures") {
        None => return Ok(Vec::new()),
        Some(Value::Array(s)) => s.clone(),
        Some(_) => vec![Value::Null],
    };
    let mut seen: Vec<(String, String)> = Vec::new();
    Ok(signatures.iter().enumerate().map(|(index, entry)| check_one(index, entry, &encoded, keys, source, &mut seen)).collect())
}

fn check_one(index: usize, entry: &Value, payload: &str, keys: &Jwks, source: &str, seen: &mut Vec<(String, String)>) -> SignatureCheck {
    let mut check = SignatureCheck { index, kid: None, alg: None, jku: None, outcome: Outcome::Malformed, message: String::new() };
    let malformed = |mut c: SignatureCheck, why: String| {
        c.outcome = Outcome::Malformed;
        c.message = format!("signature {index} is malformed: {why}");
        c
    };
    let (Some(protected), Some(signature)) =
        (entry.get("protected").and_then(Value::as_str), entry.get("signature").and_then(Value::as_str))
    else {
        return malformed(check, "a signature is `{\"protected\": …, \"signature\": …}`, two base64url strings".into());
    };
    let header: Value = match B64.decode(protected).ok().and_then(|b| serde_json::from_slice(&b).ok()) {
        Some(h @ Value::Object(_)) => h,
        _ => return malformed(check, "its protected header is not base64url of a JSON object".into()),
    };
    check.kid = header.get("kid").and_then(Value::as_str).map(String::from);
    check.alg = header.get("alg").and_then(Value::as_str).map(String::from);
    // A jku added where the card is published sits in the unprotected header (`with_jku`).
    check.jku = header.get("jku").or_else(|| entry.get("header").and_then(|h| h.get("jku"))).and_then(Value::as_str).map(String::from);
    let Ok(raw) = B64.decode(signature) else {
        return malformed(check, "its signature is not base64url".into());
    };
    if seen.iter().any(|(p, s)| p == protected && s == signature) {
        check.outcome = Outcome::Duplicate;
        check.message = format!("signature {index} repeats an earlier one: remove it");
        return check;
    }
    seen.push((protected.to_string(), signature.to_string()));
    let Some(alg) = check.alg.as_deref().and_then(Alg::parse) else {
        check.outcome = Outcome::RefusedAlgorithm;
        check.message = format!(
            "signature {index} uses the algorithm {}, which is refused: card signatures are EdDSA or ES256",
            check.alg.as_deref().map(|a| format!("`{a}`")).unwrap_or_else(|| "(none named)".into())
        );
        return check;
    };
    let Some(kid) = check.kid.clone() else {
        return malformed(check, "its protected header names no `kid`".into());
    };
    let Some(key) = keys.find(&kid) else {
        check.outcome = Outcome::UnknownKid;
        check.message = format!("signature {index} names the key `{kid}`, which is not in {source}");
        return check;
    };
    if key.alg() != alg {
        check.outcome = Outcome::WrongAlgorithm;
        check.message = format!("signature {index} says {}, but the key `{kid}` in {source} is an {} key", alg.name(), key.alg().name());
        return check;
    }
    let input = format!("{protected}.{payload}");
    if key.verifies(input.as_bytes(), &raw) {
        check.outcome = Outcome::Verified;
        check.message = format!("signature {index} verified with {} key `{kid}` from {source}", alg.name());
    } else {
        check.outcome = Outcome::Changed;
        check.message = format!("signature {index} (key `{kid}`) does not match the card: it changed after it was signed, or was signed by another key with this id");
    }
    check
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card() -> Value {
        json!({"name": "Report summariser", "description": "Summarises reports.", "version": "1.0.0",
               "skills": [{"id": "summarise", "name": "Summarise", "description": "Summarises", "tags": ["reports"]}],
               "capabilities": {"streaming": true}})
    }

    fn key(alg: Alg, byte: u8) -> SigningKey {
        SigningKey::from_seed(alg, &[byte; 32]).unwrap()
    }

    fn sign_one(card: &Value, key: &SigningKey) -> Value {
        sign(card, std::slice::from_ref(key), None).unwrap().remove(0)
    }

    #[test]
    fn each_key_signs_once_in_order() {
        let keys = [key(Alg::EdDSA, 4), key(Alg::ES256, 5)];
        let both = sign(&card(), &keys, None).unwrap();
        assert_eq!(both, vec![sign_one(&card(), &keys[0]), sign_one(&card(), &keys[1])]);
        let set = Jwks::parse(&Jwks::publish(&[&keys[0], &keys[1]]).to_string()).unwrap();
        let checks = verify(&with_signatures(&card(), both), &set, "s").unwrap();
        assert_eq!(checks.iter().map(|c| c.outcome).collect::<Vec<_>>(), vec![Outcome::Verified, Outcome::Verified]);
        assert!(sign(&card(), &[], None).unwrap().is_empty());
    }

    #[test]
    fn a_signature_verifies_and_a_changed_byte_does_not() {
        for alg in [Alg::EdDSA, Alg::ES256] {
            let k = key(alg, 7);
            let keys = Jwks::parse(&Jwks::publish(&[&k]).to_string()).unwrap();
            let signed = with_signatures(&card(), vec![sign_one(&card(), &k)]);
            let checks = verify(&signed, &keys, "the test set").unwrap();
            assert_eq!(checks.len(), 1);
            assert_eq!(checks[0].outcome, Outcome::Verified, "{}", checks[0].message);
            assert_eq!(checks[0].kid.as_deref(), Some(k.kid()));
            let mut changed = signed.clone();
            changed["description"] = json!("Summarises reports!");
            assert_eq!(verify(&changed, &keys, "s").unwrap()[0].outcome, Outcome::Changed);
        }
    }

    #[test]
    fn a_jku_added_at_publication_leaves_the_signature_valid() {
        let k = key(Alg::EdDSA, 11);
        let keys = Jwks::parse(&Jwks::publish(&[&k]).to_string()).unwrap();
        let signed = with_signatures(&card(), vec![sign_one(&card(), &k)]);
        let published = with_jku(&signed, "https://agents.example.com/.well-known/jwks.json");
        assert_eq!(published["signatures"][0]["header"]["jku"], "https://agents.example.com/.well-known/jwks.json");
        let checks = verify(&published, &keys, "s").unwrap();
        assert_eq!(checks[0].outcome, Outcome::Verified, "{}", checks[0].message);
        assert_eq!(checks[0].jku.as_deref(), Some("https://agents.example.com/.well-known/jwks.json"));
        // One the signer put in the protected header is kept, not overridden.
        let own = with_signatures(&card(), sign(&card(), std::slice::from_ref(&k), Some("https://signer.example/jwks.json")).unwrap());
        let kept = with_jku(&own, "https://elsewhere.example/jwks.json");
        assert!(kept["signatures"][0].get("header").is_none());
        assert_eq!(verify(&kept, &keys, "s").unwrap()[0].jku.as_deref(), Some("https://signer.example/jwks.json"));
    }

    #[test]
    fn member_order_and_the_signatures_field_do_not_change_the_payload() {
        let reordered: Value = serde_json::from_str(r#"{"version":"1.0.0","capabilities":{"streaming":true},"skills":[{"tags":["reports"],"description":"Summarises","name":"Summarise","id":"summarise"}],"description":"Summarises reports.","name":"Report summariser","signatures":[]}"#).unwrap();
        assert_eq!(canonical_payload(&reordered).unwrap(), canonical_payload(&card()).unwrap());
    }

    #[test]
    fn the_kid_is_the_rfc_7638_thumbprint() {
        // RFC 8037 appendix A.3: the thumbprint of its example Ed25519 key.
        let public = json!({"kty": "OKP", "crv": "Ed25519", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"});
        assert_eq!(thumbprint(public.as_object().unwrap()), "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k");
    }

    #[test]
    fn a_private_key_survives_its_jwk_and_never_shows_in_debug() {
        for alg in [Alg::EdDSA, Alg::ES256] {
            let k = key(alg, 9);
            let back = SigningKey::from_private_jwk(&k.private_jwk()).unwrap();
            assert_eq!(back.kid(), k.kid());
            assert_eq!(sign_one(&card(), &back), sign_one(&card(), &k));
            let d = k.private_jwk()["d"].as_str().unwrap().to_string();
            assert!(!format!("{k:?}").contains(&d));
            assert!(k.public_jwk().get("d").is_none());
        }
    }

    #[test]
    fn a_key_set_with_a_private_key_is_refused() {
        let k = key(Alg::EdDSA, 3);
        let text = json!({"keys": [k.private_jwk()]}).to_string();
        assert!(matches!(Jwks::parse(&text), Err(KeyError::PrivateInSet { index: 0, .. })));
        assert!(matches!(Jwks::parse("{}"), Err(KeyError::NoKeys)));
        let rsa = json!({"keys": [{"kty": "RSA", "kid": "r", "n": "AQAB", "e": "AQAB"}]}).to_string();
        assert!(matches!(Jwks::parse(&rsa), Err(KeyError::Unusable { index: 0, .. })));
    }

    #[test]
    fn bad_signatures_get_their_reason() {
        let ed = key(Alg::EdDSA, 1);
        let es = key(Alg::ES256, 2);
        let keys = Jwks::parse(&Jwks::publish(&[&ed]).to_string()).unwrap();
        let good = sign_one(&card(), &ed);
        let outcome = |signatures: Vec<Value>| {
            verify(&with_signatures(&card(), signatures), &keys, "s").unwrap().into_iter().map(|c| c.outcome).collect::<Vec<_>>()
        };
        // Truncated.
        let mut truncated = good.clone();
        truncated["signature"] = json!(&good["signature"].as_str().unwrap()[..20]);
        assert_eq!(outcome(vec![truncated]), vec![Outcome::Changed]);
        // A key not in the set.
        assert_eq!(outcome(vec![sign_one(&card(), &es)]), vec![Outcome::UnknownKid]);
        // The header says ES256 for the Ed25519 key.
        let header = json!({"alg": "ES256", "kid": ed.kid(), "typ": "JOSE"});
        let lying = json!({"protected": B64.encode(header.to_string()), "signature": good["signature"]});
        assert_eq!(outcome(vec![lying]), vec![Outcome::WrongAlgorithm]);
        // alg none and HMAC.
        for alg in ["none", "HS256"] {
            let header = json!({"alg": alg, "kid": ed.kid()});
            assert_eq!(
                outcome(vec![json!({"protected": B64.encode(header.to_string()), "signature": ""})]),
                vec![Outcome::RefusedAlgorithm]
            );
        }
        // Not base64url, not JSON, not an object.
        assert_eq!(outcome(vec![json!({"protected": "%%%", "signature": "x"})]), vec![Outcome::Malformed]);
        assert_eq!(outcome(vec![json!("a string")]), vec![Outcome::Malformed]);
        // The same signature twice.
        assert_eq!(outcome(vec![good.clone(), good]), vec![Outcome::Verified, Outcome::Duplicate]);
    }

    #[test]
    fn empty_values_the_sdk_would_drop_are_named_before_signing() {
        let mut c = card();
        c["documentationUrl"] = json!("");
        c["skills"][0]["examples"] = json!([]);
        c["provider"] = json!({"organization": "", "url": ""});
        assert_eq!(sdk_drops(&c), vec!["/documentationUrl", "/provider", "/skills/0/examples"]);
        assert!(matches!(sign(&c, &[key(Alg::EdDSA, 1)], None), Err(SignError::SdkWouldDrop(_))));
        assert!(sdk_drops(&card()).is_empty());
    }
}
