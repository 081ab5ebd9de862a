//! Translations: a skill with the same `name` as another, in another locale, is a version of its
//! source, not a duplicate. Catalogues that keep translated copies lay them out as
//! `i18n/<locale>/skills/<name>/SKILL.md` with `metadata.locale`, `metadata.source_locale` and
//! `metadata.source_commit`; `translations:` in skillhouse.yaml names another source locale or
//! folder pattern. Locale-dependent checks (the description's trigger words) use each skill's
//! locale. (Marking which skill translates which is a catalogue-wide rule: `catalogue`.)

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// `translations:` in skillhouse.yaml.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Translations {
    /// The locale of the source skills (those outside the locale folders).
    pub source_locale: String,
    /// Where translations live, relative to the root; `{locale}` stands for one folder.
    pub folder: String,
    /// Whether exports carry translations: in the bundle, and with `--locale` in the publishing
    /// formats. Off, they are the catalogue's own drafts and only the source locale leaves it.
    pub publish: bool,
}

impl Default for Translations {
    fn default() -> Self {
        Translations { source_locale: "en".into(), folder: "i18n/{locale}/".into(), publish: true }
    }
}

impl Translations {
    /// The locale folder `dir` (relative, `/`-separated) sits under, by the folder pattern.
    pub fn folder_locale(&self, dir: &str) -> Option<String> {
        let (prefix, suffix) = self.folder.split_once("{locale}")?;
        let rest = dir.strip_prefix(prefix.trim_start_matches("./"))?;
        let suffix = suffix.trim_end_matches('/');
        let end = if suffix.is_empty() { rest.find('/').unwrap_or(rest.len()) } else { rest.find(suffix)? };
        let locale = &rest[..end];
        is_locale(locale).then(|| locale.to_string())
    }

    /// The skill's locale: the one its frontmatter declares, else its locale folder's, else the
    /// source locale.
    pub fn locale_of(&self, dir: &str, frontmatter: &Value) -> String {
        declared(frontmatter, "locale").or_else(|| self.folder_locale(dir)).unwrap_or_else(|| self.source_locale.clone())
    }
}

/// A BCP 47-like tag: `de`, `zh-CN`, `pt_BR`, `sr-Latn-RS`.
fn is_locale(s: &str) -> bool {
    let mut parts = s.split(['-', '_']);
    let first = parts.next().unwrap_or_default();
    (2..=3).contains(&first.len())
        && first.chars().all(|c| c.is_ascii_alphabetic())
        && parts.all(|p| (2..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// `metadata.<key>`, else the top-level `<key>` (older translation tools write it there).
pub fn declared(frontmatter: &Value, key: &str) -> Option<String> {
    let from = |v: Option<&Value>| v.and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
    from(frontmatter.pointer(&format!("/metadata/{key}"))).or_else(|| from(frontmatter.get(key)))
}

/// Words that, in a description in this locale, say when to use the skill; `None` for a locale
/// without a list (the check is then skipped rather than run with English words).
pub fn trigger_words(locale: &str) -> Option<&'static [&'static str]> {
    let tag = locale.to_ascii_lowercase().replace('_', "-");
    let language = tag.split('-').next().unwrap_or_default();
    Some(match language {
        "en" => &["when", "use for", "use to", "use this", "for use"],
        "de" => &["wenn", "sobald", "verwende", "verwenden", "nutze", "nutzen", "einsetzen", "bei "],
        "es" => &["cuando", "usa ", "úsa", "usar", "utiliza", "utilízal", "para "],
        "fr" => &["quand", "lorsque", "lorsqu", "utilise", "utiliser", "à utiliser", "pour "],
        "ja" => &["とき", "時に", "時は", "場合", "際に", "使用", "使う", "使って"],
        "zh" => &["当", "时", "用于", "使用", "适用", "時", "適用"],
        _ => return None,
    })
}

/// What version control says about the catalogue's files; the host reads it (with git), the
/// core only compares.
pub trait History {
    /// The commit that last changed `file` (relative to the catalogue root).
    fn last_change(&self, file: &str) -> Option<String>;
    /// Whether `commit` is `ancestor` or has it in its history; `None` when either is unknown.
    fn includes(&self, commit: &str, ancestor: &str) -> Option<bool>;
    /// How `file` changed since `commit`, as a unified diff (to the working tree).
    fn diff_since(&self, commit: &str, file: &str) -> Option<String>;
}

/// Whether a translation still matches its source.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(tag = "state", rename_all = "camelCase")]
pub enum Freshness {
    /// The source has not changed since the commit the translation was made from.
    Current,
    /// The source changed since `sourceCommit`; `diff` is how.
    #[serde(rename_all = "camelCase")]
    Outdated { source_commit: String, last_change: String, diff: String },
    /// `metadata.source_commit` names a commit the repository does not have.
    #[serde(rename_all = "camelCase")]
    UnknownCommit { source_commit: String },
    /// The translation does not say which commit of the source it was made from.
    NoSourceCommit,
    /// The source file has no commit yet.
    SourceUncommitted,
}

/// Every translation's freshness, as the app asks for it; `check_off` says why there is none
/// (no git, not a repository).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct FreshnessView {
    pub states: Vec<TranslationState>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check_off: Option<String>,
}

/// One translation and whether it is outdated.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct TranslationState {
    pub file: String,
    pub locale: String,
    pub source: String,
    pub freshness: Freshness,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_locale_folder_is_read_from_the_pattern() {
        let t = Translations::default();
        assert_eq!(t.folder_locale("i18n/de/skills/naming"), Some("de".into()));
        assert_eq!(t.folder_locale("i18n/zh-CN/skills/naming"), Some("zh-CN".into()));
        assert_eq!(t.folder_locale("skills/naming"), None);
        assert_eq!(t.folder_locale("i18n/not a locale/skills/x"), None);
        let other = Translations { folder: "translations/{locale}/".into(), ..Translations::default() };
        assert_eq!(other.folder_locale("translations/fr/x"), Some("fr".into()));
        assert_eq!(other.folder_locale("i18n/fr/x"), None);
    }

    #[test]
    fn a_declared_locale_wins_over_the_folder() {
        let t = Translations::default();
        assert_eq!(t.locale_of("i18n/de/skills/x", &json!({"metadata": {"locale": "de-AT"}})), "de-AT");
        assert_eq!(t.locale_of("i18n/de/skills/x", &json!({})), "de");
        assert_eq!(t.locale_of("x", &json!({"locale": "fr"})), "fr");
        assert_eq!(t.locale_of("x", &json!({})), "en");
    }

    #[test]
    fn trigger_words_exist_for_the_common_layout_and_not_beyond() {
        for locale in ["en", "de", "es", "fr", "ja", "zh-CN", "zh_TW"] {
            assert!(trigger_words(locale).is_some(), "{locale}");
        }
        assert!(trigger_words("ko").is_none());
    }
}
