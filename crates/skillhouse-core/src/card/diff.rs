//! A semantic diff of two cards: object keys compared by name, skills by `id` and interfaces by
//! `url` (so reordering is not a change), other arrays by position.

use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// A readable path such as `skills[id=naming-skills].tags[1]`.
    pub path: String,
    pub kind: ChangeKind,
    #[ts(type = "unknown")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<Value>,
    #[ts(type = "unknown")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<Value>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    Added,
    Removed,
    Changed,
}

pub fn diff(before: &Value, after: &Value) -> Vec<Change> {
    let mut out = Vec::new();
    walk("", before, after, &mut out);
    out
}

fn key_of(path: &str) -> Option<&'static str> {
    match path {
        "skills" => Some("id"),
        "supportedInterfaces" | "additionalInterfaces" => Some("url"),
        _ => None,
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn walk(path: &str, before: &Value, after: &Value, out: &mut Vec<Change>) {
    match (before, after) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, va) in a {
                match b.get(key) {
                    Some(vb) => walk(&join(path, key), va, vb, out),
                    None => out.push(Change { path: join(path, key), kind: ChangeKind::Removed, before: Some(va.clone()), after: None }),
                }
            }
            for (key, vb) in b {
                if !a.contains_key(key) {
                    out.push(Change { path: join(path, key), kind: ChangeKind::Added, before: None, after: Some(vb.clone()) });
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => match key_of(path) {
            Some(key) => {
                let id = |v: &Value| v.get(key).map(|k| k.to_string().trim_matches('"').to_string()).unwrap_or_default();
                for va in a {
                    let label = format!("{path}[{key}={}]", id(va));
                    match b.iter().find(|vb| id(vb) == id(va)) {
                        Some(vb) => walk(&label, va, vb, out),
                        None => out.push(Change { path: label, kind: ChangeKind::Removed, before: Some(va.clone()), after: None }),
                    }
                }
                for vb in b {
                    if !a.iter().any(|va| id(va) == id(vb)) {
                        let label = format!("{path}[{key}={}]", id(vb));
                        out.push(Change { path: label, kind: ChangeKind::Added, before: None, after: Some(vb.clone()) });
                    }
                }
            }
            None => {
                if a != b {
                    out.push(Change {
                        path: path.to_string(),
                        kind: ChangeKind::Changed,
                        before: Some(before.clone()),
                        after: Some(after.clone()),
                    });
                }
            }
        },
        _ => {
            if before != after {
                out.push(Change {
                    path: path.to_string(),
                    kind: ChangeKind::Changed,
                    before: Some(before.clone()),
                    after: Some(after.clone()),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reordered_skills_are_not_a_change_but_a_new_tag_is() {
        let a = json!({"version": "1", "skills": [{"id": "a", "tags": ["x"]}, {"id": "b", "tags": ["y"]}]});
        let b = json!({"version": "1", "skills": [{"id": "b", "tags": ["y"]}, {"id": "a", "tags": ["x", "z"]}]});
        let changes = diff(&a, &b);
        assert_eq!(changes.len(), 1, "{changes:?}");
        assert_eq!(changes[0].path, "skills[id=a].tags");
        assert_eq!(changes[0].kind, ChangeKind::Changed);
    }

    #[test]
    fn added_and_removed_skills_and_fields_are_named() {
        let a = json!({"skills": [{"id": "a"}], "iconUrl": "https://x/i.png"});
        let b = json!({"skills": [{"id": "b"}], "documentationUrl": "https://x/doc"});
        let paths: Vec<(String, ChangeKind)> = diff(&a, &b).into_iter().map(|c| (c.path, c.kind)).collect();
        assert_eq!(
            paths,
            vec![
                ("skills[id=a]".to_string(), ChangeKind::Removed),
                ("skills[id=b]".to_string(), ChangeKind::Added),
                ("iconUrl".to_string(), ChangeKind::Removed),
                ("documentationUrl".to_string(), ChangeKind::Added),
            ]
        );
    }
}
