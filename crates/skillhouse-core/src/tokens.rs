//! Token accounting for progressive disclosure, with the o200k vocabulary embedded in the binary.
//!
//! - L1: `name: description`, as a model sees the skill listed.
//! - L2: the body, plus the operating-principles fragment when the catalogue names one (counted
//!   once and added, so the fragment's cost shows in every skill).
//! - L3: each file under the skill; binaries are listed with their size and not counted.
//!
//! Counting dominates indexing, so each text is counted once and remembered by content hash.
//!
//! Counting takes plain data ([`Disclosure`]), not a `Skill`: it is a leaf the models and the
//! catalogue build on, and the budget rules over them live in `budget`.

use crate::files::sha256_hex;
use crate::scan::Resource;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Files larger than this are listed but not read for counting.
const MAX_COUNTED_RESOURCE_BYTES: u64 = 16 * 1024 * 1024;

/// Counts o200k tokens of `text`, as tiktoken's `o200k_base` would.
///
/// The same as `bpe_openai::o200k_base().count(text)`, but the pre-tokenising regex runs with a
/// cache per thread. bpe-openai's one regex keeps its caches in a shared pool, and on a 2-core
/// machine threads counting at once queued on it: indexing counted no faster on two cores than
/// on one (issue 13).
pub fn count(text: &str) -> u64 {
    let bpe = &bpe_openai::o200k_base().bpe;
    SPLIT_CACHE.with_borrow_mut(|cache| pieces(cache, text).map(|piece| bpe.count(piece.as_bytes()) as u64).sum())
}

/// o200k's pre-tokenisation, as bpe-openai writes it: tiktoken's pattern with the negative
/// look-ahead `\s+(?!\S)` rewritten as a second pattern `\s+\s` whose last character is given
/// back. Kept in step with bpe-openai by `counts_equal_bpe_openai`.
static SPLIT: std::sync::LazyLock<regex_automata::meta::Regex> = std::sync::LazyLock::new(|| {
    let words = [
        "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
        "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
        "\\p{N}{1,3}",
        " ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*",
        "\\s*[\\r\\n]+",
        "\\s+$",
    ]
    .join("|");
    regex_automata::meta::Regex::new_many(&[words.as_str(), "\\s+\\s", "\\s+"]).expect("the o200k split pattern compiles")
});

/// The pattern of [`SPLIT`] whose last character is a look-ahead, not part of the piece.
const LOOKAHEAD_PATTERN: usize = 1;

thread_local! {
    static SPLIT_CACHE: std::cell::RefCell<regex_automata::meta::Cache> = std::cell::RefCell::new(SPLIT.create_cache());
}

/// The pieces o200k counts separately, in order; together they are the whole text.
fn pieces<'t>(cache: &'t mut regex_automata::meta::Cache, text: &'t str) -> impl Iterator<Item = &'t str> + 't {
    let mut at = 0;
    std::iter::from_fn(move || {
        let input = regex_automata::Input::new(&text[at..]).anchored(regex_automata::Anchored::Yes);
        let found = SPLIT.search_with(cache, &input)?;
        let start = at;
        let mut end = at + found.range().end;
        if found.pattern().as_usize() == LOOKAHEAD_PATTERN {
            end -= text[start..end].chars().next_back().map_or(0, char::len_utf8);
        }
        if end == start {
            return None;
        }
        at = end;
        Some(&text[start..end])
    })
}

pub fn l1_text(name: &str, description: &str) -> String {
    format!("{name}: {description}")
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Levels {
    pub l1: u64,
    /// Body plus fragment.
    pub l2: u64,
    /// All text resources together.
    pub l3: u64,
    pub resources: Vec<ResourceTokens>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResourceTokens {
    pub path: String,
    pub size: u64,
    /// Modification time as the walk recorded it; with `size`, what says the file is unchanged.
    /// Counts stored before it was recorded have 0 and are read again.
    #[serde(default)]
    pub mtime_ns: i64,
    /// `None` for a binary file (or one too large to count).
    pub tokens: Option<u64>,
    /// Content hash of the file, when it was read (a binary is recognised by its first bytes
    /// and not read to the end, so it has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
}

/// Token counts by content hash (sha256 of the text).
pub type Cache = HashMap<String, u64>;

fn counted(cache: &Cache, fresh: &mut Vec<(String, u64)>, text: &str) -> u64 {
    let key = sha256_hex(text.as_bytes());
    if let Some(n) = cache.get(&key) {
        return *n;
    }
    let n = count(text);
    fresh.push((key, n));
    n
}

/// What reading one resource found.
enum ResourceText {
    Text(String, String),
    Binary(Option<String>),
}

/// How much of a file is looked at to tell a binary from text (as git does: a NUL in it).
const SNIFF_BYTES: usize = 8192;

/// Reads a resource for counting. A binary is told by its first bytes and not read further:
/// large catalogues carry hundreds of megabytes of images and PDFs that no count needs.
fn read_resource(path: &Path, size: u64) -> ResourceText {
    if size > MAX_COUNTED_RESOURCE_BYTES {
        return ResourceText::Binary(None);
    }
    let Ok(mut file) = fs::File::open(path) else { return ResourceText::Binary(None) };
    let mut bytes = Vec::with_capacity(size as usize);
    if (&mut file).take(SNIFF_BYTES as u64).read_to_end(&mut bytes).is_err() {
        return ResourceText::Binary(None);
    }
    if bytes.contains(&0) {
        return ResourceText::Binary(None);
    }
    if file.read_to_end(&mut bytes).is_err() {
        return ResourceText::Binary(None);
    }
    let hash = sha256_hex(&bytes);
    match String::from_utf8(bytes) {
        Ok(text) => ResourceText::Text(text, hash),
        Err(_) => ResourceText::Binary(Some(hash)),
    }
}

/// What one skill shows a model at each level, as counting needs it.
pub struct Disclosure<'a> {
    /// The skill's folder on disk, which resource paths are relative to.
    pub dir: PathBuf,
    pub name: &'a str,
    pub description: &'a str,
    pub body: &'a str,
    pub resources: &'a [Resource],
}

/// Counts one skill's levels. Resources whose size and mtime both match `known` are not read
/// again; any other resource is read, and its count found by content hash.
pub fn count_skill(
    skill: &Disclosure<'_>,
    fragment_tokens: u64,
    cache: &Cache,
    known: &HashMap<String, ResourceTokens>,
    fresh: &mut Vec<(String, u64)>,
) -> Levels {
    let l1 = counted(cache, fresh, &l1_text(skill.name, skill.description));
    let l2 = counted(cache, fresh, skill.body) + fragment_tokens;
    let dir = &skill.dir;
    let mut resources = Vec::with_capacity(skill.resources.len());
    for r in skill.resources {
        if let Some(k) = known.get(&r.path).filter(|k| k.size == r.size && k.mtime_ns == r.mtime_ns && r.mtime_ns != 0) {
            resources.push(k.clone());
            continue;
        }
        let tokens = match read_resource(&dir.join(&r.path), r.size) {
            ResourceText::Text(text, hash) => {
                let n = match cache.get(&hash) {
                    Some(n) => *n,
                    None => {
                        let n = count(&text);
                        fresh.push((hash.clone(), n));
                        n
                    }
                };
                ResourceTokens { path: r.path.clone(), size: r.size, mtime_ns: r.mtime_ns, tokens: Some(n), sha256: Some(hash) }
            }
            ResourceText::Binary(hash) => {
                ResourceTokens { path: r.path.clone(), size: r.size, mtime_ns: r.mtime_ns, tokens: None, sha256: hash }
            }
        };
        resources.push(tokens);
    }
    let l3 = resources.iter().filter_map(|r| r.tokens).sum();
    Levels { l1, l2, l3, resources }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

    #[test]
    fn o200k_counts_are_those_of_the_reference_vocabulary() {
        // Reference values from tiktoken's o200k_base.
        assert_eq!(count("hello world"), 2);
        assert_eq!(count(""), 0);
        assert!(count("The quick brown fox jumps over the lazy dog.") == 10);
    }

    #[test]
    fn counts_equal_bpe_openai() {
        // Edge cases of the split: trailing and inner runs of whitespace (the look-ahead
        // pattern), CRLF, contractions, digits, scripts without spaces, emoji, code.
        let texts = [
            "hello world",
            "trailing spaces   ",
            "two  spaces and\ttabs\t\t\nnewlines\n\n\n",
            "  leading",
            "CRLF line\r\nnext line\r\n",
            "I'm sure they'll say it's John's, we've seen THEY'RE",
            "12345678 3.14159 1,000,000",
            "日本語のテキストを数える。中文文本也一样。",
            "Größenänderung über Straßen, déjà vu, naïve café",
            "emoji 🚀🔥 mixed with text 👩‍💻",
            "fn main() {\n    let x = vec![1, 2, 3];\n    println!(\"{x:?}\");\n}\n",
            "---\nname: deploy\ndescription: >-\n  Deploys things.\n---\n\n# Body\n\n- [link](references/a.md)\n",
            " ",
            "\n",
            "",
        ];
        let reference = bpe_openai::o200k_base();
        for text in texts {
            assert_eq!(count(text), reference.count(text) as u64, "{text:?}");
        }
        // Counting on several threads at once gives the same counts (each has its own cache).
        let all: Vec<u64> = texts.par_iter().map(|t| count(t)).collect();
        let one: Vec<u64> = texts.iter().map(|t| reference.count(*t) as u64).collect();
        assert_eq!(all, one);
    }

    #[test]
    fn binaries_are_told_by_their_first_bytes_and_text_is_counted_whole() {
        let dir = tempfile::tempdir().unwrap();
        let png = dir.path().join("logo.png");
        let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        bytes.resize(3 * SNIFF_BYTES, b'x');
        fs::write(&png, &bytes).unwrap();
        assert!(matches!(read_resource(&png, bytes.len() as u64), ResourceText::Binary(None)));
        // Text longer than the sniffed part is read to its end.
        let notes = dir.path().join("notes.md");
        let text = "word ".repeat(SNIFF_BYTES);
        fs::write(&notes, &text).unwrap();
        match read_resource(&notes, text.len() as u64) {
            ResourceText::Text(read, hash) => {
                assert_eq!(read, text);
                assert_eq!(hash, sha256_hex(text.as_bytes()));
            }
            ResourceText::Binary(_) => panic!("text read as binary"),
        }
        // Latin-1 text without NULs is not UTF-8: listed, not counted, with its hash.
        let latin = dir.path().join("latin.txt");
        fs::write(&latin, b"caf\xe9\n").unwrap();
        assert!(matches!(read_resource(&latin, 5), ResourceText::Binary(Some(_))));
    }

    #[test]
    fn cache_hits_are_not_recounted() {
        let mut cache = Cache::new();
        cache.insert(sha256_hex(b"some text"), 999);
        let mut fresh = Vec::new();
        assert_eq!(counted(&cache, &mut fresh, "some text"), 999);
        assert!(fresh.is_empty());
        assert_eq!(counted(&cache, &mut fresh, "other text"), count("other text"));
        assert_eq!(fresh.len(), 1);
    }
}
