//! `skill://` addresses: `skill://<name>/<path in the skill>`, each segment percent-encoded.
//! A skill's path is its name alone, which the Skills extension allows (the last segment before
//! `SKILL.md` must be the name) and which stays the same wherever the skill sits in the catalogue.

use crate::served::Refusal;
use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

pub const SCHEME: &str = "skill://";

/// Everything but RFC 3986's unreserved characters is encoded in a segment.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// A skill, and a path inside it (`""` for the skill's folder itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    pub skill: String,
    pub path: String,
}

/// The URI of `path` in skill `name`; `""` is the skill's folder.
pub fn uri(name: &str, path: &str) -> String {
    let mut out = format!("{SCHEME}{}", utf8_percent_encode(name, SEGMENT));
    for segment in path.split('/').filter(|s| !s.is_empty()) {
        out.push('/');
        out.extend(utf8_percent_encode(segment, SEGMENT));
    }
    out
}

pub fn parse(uri: &str) -> Result<Address, Refusal> {
    let bad = |why: &str| {
        Refusal::BadRequest(format!("`{}` is not a skill address: {why}; they look like skill://<skill>/SKILL.md", crate::cut(uri)))
    };
    let rest = uri.strip_prefix(SCHEME).ok_or_else(|| bad("it does not start with skill://"))?;
    if rest.contains(['?', '#']) {
        return Err(bad("it has a query or fragment"));
    }
    let mut segments = rest.split('/');
    let skill = decode(segments.next().unwrap_or_default()).map_err(|_| bad("the skill's name is not UTF-8"))?;
    if skill.is_empty() {
        return Err(bad("it names no skill"));
    }
    let mut parts = Vec::new();
    for (i, segment) in segments.enumerate() {
        // A trailing slash names the folder itself.
        if segment.is_empty() && i > 0 {
            return Err(bad("it has an empty segment"));
        }
        if segment.is_empty() {
            continue;
        }
        parts.push(decode(segment).map_err(|_| bad("a segment is not UTF-8"))?);
    }
    let path = parts.join("/");
    if !path.is_empty() {
        check_relative(&path)?;
    }
    Ok(Address { skill, path })
}

/// Refuses a path that could name anything outside the skill: `..`, `.`, absolute, a backslash
/// (a separator on Windows), NUL.
pub fn check_relative(path: &str) -> Result<(), Refusal> {
    let refuse = |why: &str| {
        Err(Refusal::BadRequest(format!("`{}` {why}; give a path inside the skill, such as references/guide.md", crate::cut(path))))
    };
    if path.is_empty() {
        return refuse("is empty");
    }
    if path.starts_with('/') {
        return refuse("is absolute");
    }
    if path.contains('\\') || path.contains('\0') {
        return refuse("holds a backslash or NUL");
    }
    if path.split('/').any(|s| s.is_empty() || s == "." || s == "..") {
        return refuse("has an empty, `.` or `..` segment");
    }
    Ok(())
}

fn decode(segment: &str) -> Result<String, std::str::Utf8Error> {
    percent_decode_str(segment).decode_utf8().map(|s| s.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uri_made_is_read_back_to_the_same_skill_and_path() {
        for path in ["SKILL.md", "references/a guide.md", "assets/日本.png", "scripts/run%20it.sh"] {
            let made = uri("naming-skills", path);
            assert!(!made.contains(' '), "{made}");
            assert_eq!(parse(&made).unwrap(), Address { skill: "naming-skills".into(), path: path.into() }, "{made}");
        }
        assert_eq!(parse("skill://naming-skills").unwrap().path, "");
        assert_eq!(parse("skill://naming-skills/").unwrap().path, "");
    }

    #[test]
    fn an_address_that_could_leave_the_skill_is_refused_with_the_reason() {
        for (uri, why) in [
            ("skill://x/../y/SKILL.md", "`..`"),
            ("skill://x/%2E%2E/y", "`..`"),
            ("skill://x/a//b", "empty segment"),
            ("skill://x/a%5Cb", "backslash"),
            ("file:///etc/passwd", "does not start with skill://"),
            ("skill:///SKILL.md", "names no skill"),
            ("skill://x/SKILL.md?raw", "query"),
            ("skill://x/%FF", "not UTF-8"),
        ] {
            let refused = parse(uri).unwrap_err();
            assert!(matches!(refused, Refusal::BadRequest(_)), "{uri}: {refused:?}");
            assert!(refused.message().contains(why), "{uri}: {}", refused.message());
        }
        assert!(check_relative("/etc/passwd").unwrap_err().message().contains("absolute"));
    }
}
