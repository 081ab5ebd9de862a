//! The browser demo (`ui/src/demo/replay.ts`) replays what the app's read-only commands answer
//! for the sample catalogue, recorded here through the same `Session` calls the shell makes, so
//! it can only show what the real core says. This test fails when `ui/src/demo/answers.json`
//! drifts; `UPDATE_DEMO=1 cargo test -p skillhouse-core --test demo_answers` rewrites it.

mod common;
use common::{copy_dir, sample};

use serde_json::{json, Map, Value};
use skillhouse_core::agents::view::{self as agents_view, ScopeChoice};
use skillhouse_core::agents::Host;
use skillhouse_core::card::Dialect;
use skillhouse_core::export::outputs::{self, Request};
use skillhouse_core::session::Session;
use std::path::Path;

/// Where the demo says the catalogue is: every path under the temporary copy is rewritten to it.
const DEMO_PARENT: &str = "/demo";

/// Words a visitor is likely to try; other queries are answered by the replayer's own filter.
const QUERIES: [&str; 5] = ["review", "agent card", "commit", "budget", "yaml"];

/// The dialects the Agent Cards view offers (ui/src/cards/CardJson.tsx).
const DIALECTS: [Dialect; 4] = [Dialect::V1, Dialect::V03, Dialect::Both, Dialect::Legacy];

fn to_value<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("IPC types serialise")
}

fn record(parent: &Path, session: &Session) -> Value {
    let view = session.view();
    let mut skills = Map::new();
    for row in &view.skills {
        skills.insert(row.dir.clone(), to_value(&session.skill(&row.dir).unwrap()));
    }
    let cards = session.cards().unwrap();
    let mut card_text = Map::new();
    for review in &cards {
        let mut texts = Map::new();
        for dialect in DIALECTS {
            texts.insert(to_value(&dialect).as_str().unwrap().to_string(), json!(session.card_text(&review.agent, dialect).unwrap()));
        }
        card_text.insert(review.agent.clone(), Value::Object(texts));
    }
    // The search limit the UI sends: every row of the view.
    let mut search = Map::new();
    for query in QUERIES {
        search.insert(query.to_string(), to_value(&session.search(query, view.skills.len()).unwrap()));
    }
    // The Export view's first request (every format; the replayer answers any subset of them)
    // into its default destination beside the catalogue, which holds no earlier export.
    let request: Request = serde_json::from_value(json!({
        "targets": ["bundle", "well-known", "marketplace", "ai-catalog", "a2a-site", "prompt", "legacy"],
        "packaging": "tar-gz",
        "destination": parent.join("skills-export").to_string_lossy(),
        "options": { "includeUnapproved": false, "denyWarnings": false, "portable": false },
    }))
    .unwrap();
    let preview = outputs::preview(session.catalogue(), &request).unwrap();
    // The Agents view for every project, on a made-up computer: a home that holds nothing and no
    // environment, so no path or tool of the machine recording it gets into the demo.
    let host = Host { home: "/home/you".into(), env: Default::default() };
    let agents = agents_view::view(session.catalogue(), &host, &ScopeChoice::Global).unwrap();
    // The "Serve to agents" panel as the shell builds it, with `skillhouse` on the PATH.
    let serve = skillhouse_core::serving::ServeView {
        lineup: skillhouse_core::serving::lineup(session.catalogue()),
        clients: skillhouse_core::serving::client_setups("skillhouse", session.root()),
        command: "skillhouse".into(),
        command_found: true,
        http: None,
    };
    json!({
        "serve_view": to_value(&serve),
        "open_catalogue": to_value(&view),
        "get_skill": skills,
        "search": search,
        "agent_cards": to_value(&cards),
        "card_text": card_text,
        "preview_export": { "request": to_value(&request), "preview": to_value(&preview) },
        "recent_catalogues": [],
        "agents_view": to_value(&agents),
    })
}

/// The answers as committed: pretty JSON with the temporary folder replaced by `DEMO_PARENT`.
fn answers() -> String {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("skills");
    copy_dir(&sample(), &root);
    let session = Session::open(&root, &tmp.path().join("index.sqlite"), &()).unwrap();
    let text = serde_json::to_string_pretty(&record(tmp.path(), &session)).unwrap() + "\n";
    // The resolved form first: it may contain the other (/private/var and /var on macOS).
    let canonical = tmp.path().canonicalize().unwrap();
    let text = text.replace(canonical.to_str().unwrap(), DEMO_PARENT).replace(tmp.path().to_str().unwrap(), DEMO_PARENT);
    let name = tmp.path().file_name().unwrap().to_str().unwrap();
    assert!(!text.contains(name), "the temporary folder is named in the answers in a form not replaced");
    text
}

#[test]
fn demo_answers_match_the_sample_catalogue() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/demo/answers.json");
    let text = answers();
    if std::env::var_os("UPDATE_DEMO").is_some() {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    assert!(
        std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()),
        "ui/src/demo/answers.json is out of date: run `UPDATE_DEMO=1 cargo test -p skillhouse-core --test demo_answers`"
    );
}
