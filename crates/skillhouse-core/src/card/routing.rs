//! Lexical stand-ins for how a caller routes a request to a skill: enough to catch two skills that
//! say the same thing, and an example that reads more like another skill than its own.
//!
//! Words are lower-cased, split on anything not alphanumeric, stripped of common English words
//! and of plural/verb endings; skills are compared by TF-IDF cosine over the agent's skills.

use std::collections::{BTreeMap, BTreeSet};

const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "before", "by", "can", "do", "does", "for", "from", "how", "i", "if", "in", "into", "is",
    "it", "its", "me", "my", "of", "on", "or", "our", "so", "that", "the", "their", "them", "then", "these", "this", "to", "use", "used",
    "uses", "using", "we", "what", "when", "where", "which", "who", "why", "with", "you", "your", "skill", "skills",
];

pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .filter(|w| !STOP_WORDS.contains(&w.as_str()))
        .map(|w| stem(&w))
        .collect()
}

fn stem(word: &str) -> String {
    let mut stem = word.to_string();
    for suffix in ["ing", "ies", "ed", "es", "s"] {
        if word.len() > suffix.len() + 3 {
            if let Some(stripped) = word.strip_suffix(suffix) {
                stem = if suffix == "ies" { format!("{stripped}y") } else { stripped.to_string() };
                break;
            }
        }
    }
    // "merge", "merges", "merged" and "merging" all become "merg": without this the bare form
    // kept its final e and matched none of the others.
    if stem.len() > 4 && stem.ends_with('e') {
        stem.pop();
    }
    stem
}

/// Jaccard similarity of the word sets of two texts, 0 to 1.
pub fn overlap(a: &str, b: &str) -> f64 {
    let a: BTreeSet<String> = words(a).into_iter().collect();
    let b: BTreeSet<String> = words(b).into_iter().collect();
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    a.intersection(&b).count() as f64 / a.union(&b).count() as f64
}

/// Scores texts against a set of documents (one per skill) by TF-IDF cosine similarity.
pub struct Router {
    vectors: Vec<BTreeMap<String, f64>>,
    idf: BTreeMap<String, f64>,
}

impl Router {
    pub fn new(documents: &[String]) -> Self {
        let bags: Vec<BTreeMap<String, f64>> = documents.iter().map(|d| bag(d)).collect();
        let mut df: BTreeMap<String, f64> = BTreeMap::new();
        for bag in &bags {
            for word in bag.keys() {
                *df.entry(word.clone()).or_default() += 1.0;
            }
        }
        let n = documents.len() as f64;
        let idf: BTreeMap<String, f64> = df.into_iter().map(|(w, d)| (w, (1.0 + n / d).ln())).collect();
        let vectors = bags.into_iter().map(|b| weigh(b, &idf)).collect();
        Router { vectors, idf }
    }

    /// Similarity of `text` to each document, in document order.
    pub fn scores(&self, text: &str) -> Vec<f64> {
        let query = weigh(bag(text), &self.idf);
        self.vectors.iter().map(|v| cosine(&query, v)).collect()
    }
}

fn bag(text: &str) -> BTreeMap<String, f64> {
    let mut bag = BTreeMap::new();
    for w in words(text) {
        *bag.entry(w).or_insert(0.0) += 1.0;
    }
    bag
}

fn weigh(bag: BTreeMap<String, f64>, idf: &BTreeMap<String, f64>) -> BTreeMap<String, f64> {
    bag.into_iter().filter_map(|(w, tf)| idf.get(&w).map(|i| (w, (1.0 + tf.ln()) * i))).collect()
}

fn cosine(a: &BTreeMap<String, f64>, b: &BTreeMap<String, f64>) -> f64 {
    let dot: f64 = a.iter().filter_map(|(w, x)| b.get(w).map(|y| x * y)).sum();
    let norm = |v: &BTreeMap<String, f64>| v.values().map(|x| x * x).sum::<f64>().sqrt();
    let n = norm(a) * norm(b);
    if n == 0.0 {
        0.0
    } else {
        dot / n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_drop_stop_words_and_endings() {
        assert_eq!(words("Reviewing the agent cards, when publishing"), vec!["review", "agent", "card", "publish"]);
    }

    #[test]
    fn an_example_scores_highest_against_the_skill_it_is_about() {
        let router = Router::new(&["write commit messages for git changes".into(), "review agent cards before publication".into()]);
        let s = router.scores("please review this agent card");
        assert!(s[1] > s[0], "{s:?}");
        let s = router.scores("draft a commit message");
        assert!(s[0] > s[1], "{s:?}");
    }

    #[test]
    fn inflections_of_a_word_are_one_word() {
        assert_eq!(words("merge merges merged merging"), vec!["merg"; 4]);
        assert_eq!(words("message messages"), vec!["messag"; 2]);
        assert_eq!(words("table tables file files"), vec!["tabl", "tabl", "file", "file"]);
    }

    #[test]
    fn overlap_is_one_for_the_same_words_and_zero_for_none() {
        assert_eq!(overlap("review agent cards", "agent cards review"), 1.0);
        assert_eq!(overlap("review agent cards", "write commit messages"), 0.0);
    }
}
