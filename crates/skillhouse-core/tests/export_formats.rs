//! Other tools' formats generated from the sample catalogue: each generated file matches its
//! schema, the files each format names are in the export, the same catalogue gives the same
//! bytes, and cards that are not approved are left out and named.

mod common;

use serde_json::Value;
use skillhouse_core::catalogue::{Catalogue, LoadOptions};
use skillhouse_core::export::formats::{self, Output};
use skillhouse_core::export::{Content, Entry, Options, Target};
use skillhouse_core::{budget, card, schema};
use std::collections::{BTreeSet, HashMap};
use std::path::Path;

const TARGETS: [Target; 6] = [Target::WellKnown, Target::Marketplace, Target::AiCatalog, Target::A2aSite, Target::Prompt, Target::Legacy];
const BASE: &str = "https://skills.example.com/pub";

fn load(root: &Path) -> Catalogue {
    budget::load_counted(root, &LoadOptions::default()).unwrap()
}

fn options(include_unapproved: bool, base_url: Option<&str>, time: Option<&str>) -> Options {
    Options { include_unapproved, base_url: base_url.map(str::to_string), time: time.map(str::to_string), ..Options::default() }
}

fn bytes(entry: &Entry) -> Vec<u8> {
    match &entry.content {
        Content::Bytes(b) => b.clone(),
        Content::File(path) => std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    }
}

fn json(output: &Output, path: &str) -> Value {
    let entry = output.entries.iter().find(|e| e.path == path).unwrap_or_else(|| panic!("no {path} in the export"));
    assert!(matches!(entry.content, Content::Bytes(_)), "{path} is generated");
    let raw = bytes(entry);
    assert!(raw.ends_with(b"}\n"), "{path} ends with a newline");
    serde_json::from_slice(&raw).unwrap()
}

fn validate(schema_file: &str, value: &Value) -> Vec<String> {
    let validator = jsonschema::draft202012::options().should_validate_formats(true).build(&schema::json(schema_file)).unwrap();
    validator.iter_errors(value).map(|e| format!("{e} at {}", e.instance_path())).collect()
}

fn assert_valid(schema_file: &str, value: &Value) {
    let errors = validate(schema_file, value);
    assert!(errors.is_empty(), "{schema_file}: {errors:#?}\n{value:#}");
}

fn paths(output: &Output) -> BTreeSet<&str> {
    output.entries.iter().map(|e| e.path.as_str()).collect()
}

/// Sorted, unique, relative paths with no `..`; skill files are files, not bytes.
fn assert_well_formed(output: &Output) {
    let list: Vec<&str> = output.entries.iter().map(|e| e.path.as_str()).collect();
    let mut sorted = list.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(list, sorted, "entries sorted by path and unique");
    for p in &list {
        assert!(!p.starts_with('/') && !p.split('/').any(|c| c == ".." || c.is_empty()), "{p}");
    }
    for e in &output.entries {
        if e.path.ends_with("/SKILL.md") {
            assert!(matches!(e.content, Content::File(_)), "{} is copied from the catalogue", e.path);
        }
    }
}

fn generate(cat: &Catalogue, target: Target, opts: &Options) -> Output {
    let output = formats::entries(cat, target, opts).unwrap();
    assert_well_formed(&output);
    output
}

#[test]
fn every_format_of_the_sample_catalogue_matches_its_schema() {
    let cat = load(&common::sample());
    let agents: BTreeSet<String> = cat.agents.iter().map(|a| a.name.clone()).collect();
    for include_unapproved in [true, false] {
        for base in [None, Some(BASE)] {
            let opts = options(include_unapproved, base, None);
            let label = format!("include_unapproved={include_unapproved} base={base:?}");

            let wk = generate(&cat, Target::WellKnown, &opts);
            assert_valid("well-known-skills-index.schema.json", &json(&wk, ".well-known/agent-skills/index.json"));
            assert!(wk.left_out.is_empty());

            let mp = generate(&cat, Target::Marketplace, &opts);
            assert_valid("claude-code-marketplace.schema.json", &json(&mp, ".claude-plugin/marketplace.json"));

            let ai = generate(&cat, Target::AiCatalog, &opts);
            assert_valid("ai-catalog.schema.json", &json(&ai, ".well-known/ai-catalog.json"));

            let site = generate(&cat, Target::A2aSite, &opts);
            for e in site.entries.iter().filter(|e| e.path.ends_with("agent-card.json")) {
                assert_valid(card::SCHEMA_FILE, &serde_json::from_slice(&bytes(e)).unwrap());
            }

            let legacy = generate(&cat, Target::Legacy, &opts);
            assert_valid("extracted-skills-registry.schema.json", &json(&legacy, "extracted-skills-registry.json"));
            assert_valid("component-counts.schema.json", &json(&legacy, "config/component-counts.json"));

            // The sample catalogue approves no card: without unapproved cards every agent is left
            // out, by name and with a reason, from every format that publishes cards.
            for output in [&ai, &site, &legacy] {
                let named: BTreeSet<String> = output.left_out.iter().map(|l| l.agent.clone()).collect();
                if include_unapproved {
                    assert!(output.left_out.is_empty(), "{label}");
                } else {
                    assert_eq!(named, agents, "{label}");
                    assert!(output.left_out.iter().all(|l| l.reason.contains("approve")), "{label}");
                }
            }
            let cards = site.entries.iter().filter(|e| e.path.starts_with("agents/")).count();
            assert_eq!(cards, if include_unapproved { agents.len() } else { 0 }, "{label}");
        }
    }
}

#[test]
fn the_same_catalogue_gives_the_same_bytes() {
    let cat = load(&common::sample());
    let again = load(&common::sample());
    for target in TARGETS {
        for opts in [options(true, Some(BASE), Some("2026-12-01T09:30:00Z")), options(false, None, None)] {
            let a = formats::entries(&cat, target, &opts).unwrap();
            let b = formats::entries(&again, target, &opts).unwrap();
            assert_eq!(a, b, "{target:?}");
        }
    }
}

#[test]
fn no_time_is_recorded_unless_given() {
    let cat = load(&common::sample());
    for target in TARGETS {
        let output = formats::entries(&cat, target, &options(true, Some(BASE), None)).unwrap();
        for e in output.entries.iter().filter(|e| matches!(e.content, Content::Bytes(_))) {
            let text = String::from_utf8(bytes(e)).unwrap();
            assert!(!text.contains("updatedAt") && !text.contains("generated_at"), "{}", e.path);
        }
    }
    let time = "2026-12-01T09:30:00Z";
    let ai = formats::entries(&cat, Target::AiCatalog, &options(true, Some(BASE), Some(time))).unwrap();
    let catalog = json(&ai, ".well-known/ai-catalog.json");
    assert!(catalog["entries"].as_array().unwrap().iter().all(|e| e["updatedAt"] == time));
    assert_valid("ai-catalog.schema.json", &catalog);
    let legacy = formats::entries(&cat, Target::Legacy, &options(true, None, Some(time))).unwrap();
    assert_eq!(json(&legacy, "config/component-counts.json")["generated_at"], time);
    assert_valid("component-counts.schema.json", &json(&legacy, "config/component-counts.json"));
}

#[test]
fn the_well_known_index_keeps_the_readers_rules() {
    let cat = load(&common::sample());
    let output = generate(&cat, Target::WellKnown, &Options::default());
    let index = json(&output, ".well-known/agent-skills/index.json");
    let skills = index["skills"].as_array().unwrap();
    assert_eq!(skills.len(), cat.skills.len(), "every skill of the sample is published");
    let mut listed = BTreeSet::new();
    listed.insert(".well-known/agent-skills/index.json".to_string());
    let names: Vec<&str> = skills.iter().map(|s| s["name"].as_str().unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "skills sorted by name");
    for s in skills {
        let name = s["name"].as_str().unwrap();
        let skill = cat.skill(name).unwrap();
        // The name is the folder it is published in, and the last folder of its catalogue path.
        assert_eq!(skill.dir.rsplit('/').next().unwrap(), name);
        assert_eq!(s["description"], skill.description.as_str());
        let files: Vec<&str> = s["files"].as_array().unwrap().iter().map(|f| f.as_str().unwrap()).collect();
        assert!(files.contains(&"SKILL.md"), "{name}");
        let mut sorted = files.clone();
        sorted.sort();
        assert_eq!(files, sorted, "{name}: files sorted");
        assert_eq!(files.len(), skill.resources.len() + 1, "{name}: every file of the skill");
        for f in files {
            assert!(!f.starts_with('/') && !f.starts_with('\\') && !f.contains(".."), "{name}/{f}");
            let path = format!(".well-known/agent-skills/{name}/{f}");
            let entry = output.entries.iter().find(|e| e.path == path).unwrap_or_else(|| panic!("{path} is listed but not exported"));
            let on_disk = std::fs::read(cat.root.join(&skill.dir).join(f)).unwrap();
            assert_eq!(bytes(entry), on_disk, "{path}");
            listed.insert(path);
        }
    }
    let exported: BTreeSet<String> = output.entries.iter().map(|e| e.path.clone()).collect();
    assert_eq!(exported, listed, "nothing is exported that the index does not list");
    // The nested legacy skill is flattened to its name.
    assert!(exported.contains(".well-known/agent-skills/cicd-pipeline-design/SKILL.md"));
}

#[test]
fn the_index_schema_refuses_what_the_reader_refuses() {
    let good = serde_json::json!({"skills": [{"name": "a-b", "description": "d", "files": ["SKILL.md", "references/x.md"]}]});
    assert_valid("well-known-skills-index.schema.json", &good);
    for (pointer, bad) in [
        ("/skills/0/files", serde_json::json!(["references/x.md"])),
        ("/skills/0/files", serde_json::json!(["SKILL.md", "../x.md"])),
        ("/skills/0/files", serde_json::json!(["SKILL.md", "/etc/passwd"])),
        ("/skills/0/files", serde_json::json!(["SKILL.md", "\\x.md"])),
        ("/skills/0/name", serde_json::json!("Not A Name")),
        ("/skills/0/description", serde_json::json!("")),
    ] {
        let mut v = good.clone();
        *v.pointer_mut(pointer).unwrap() = bad.clone();
        assert!(!validate("well-known-skills-index.schema.json", &v).is_empty(), "{pointer} = {bad} should be refused");
    }
}

#[test]
fn the_marketplace_lists_what_it_holds() {
    let cat = load(&common::sample());
    let output = generate(&cat, Target::Marketplace, &Options::default());
    let manifest = json(&output, ".claude-plugin/marketplace.json");
    let exported = paths(&output);
    assert_eq!(manifest["name"], "skillhouse-sample-team");
    assert_eq!(manifest["owner"], serde_json::json!({"name": "Skillhouse Sample Team", "url": "https://skills.example.com"}));
    let plugins = manifest["plugins"].as_array().unwrap();
    assert_eq!(plugins.len(), 1);
    let plugin = &plugins[0];
    assert_eq!(plugin["source"], "./");
    assert_eq!(plugin["strict"], false);
    let skills = plugin["skills"].as_array().unwrap();
    assert_eq!(skills.len(), cat.skills.len());
    for s in skills {
        let folder = s.as_str().unwrap().strip_prefix("./").unwrap();
        assert!(exported.contains(format!("{folder}/SKILL.md").as_str()), "{folder}");
    }
    let agents = plugin["agents"].as_array().unwrap();
    assert_eq!(agents.len(), cat.agents.len());
    for a in agents {
        assert!(exported.contains(a.as_str().unwrap().strip_prefix("./").unwrap()), "{a}");
    }
    // The schema is exact where Claude Code's validator is not: a nested mistake is refused.
    let mut broken = manifest.clone();
    broken["plugins"][0]["agents"] = serde_json::json!(["agents/x.md"]);
    assert!(!validate("claude-code-marketplace.schema.json", &broken).is_empty());
    let mut broken = manifest.clone();
    broken["owner"] = serde_json::json!({"email": "a@b.c"});
    assert!(!validate("claude-code-marketplace.schema.json", &broken).is_empty());
}

#[test]
fn the_ai_catalog_points_at_files_of_the_export_with_their_digests() {
    let cat = load(&common::sample());
    let output = generate(&cat, Target::AiCatalog, &options(true, Some(BASE), None));
    let catalog = json(&output, ".well-known/ai-catalog.json");
    let by_path: HashMap<&str, &Entry> = output.entries.iter().map(|e| (e.path.as_str(), e)).collect();
    let entries = catalog["entries"].as_array().unwrap();
    assert_eq!(entries.len(), cat.agents.len() + cat.skills.len());
    assert_eq!(catalog["host"]["identifier"], "skills.example.com");
    for e in entries {
        let url = e["url"].as_str().unwrap();
        let path = url.strip_prefix(&format!("{BASE}/")).unwrap_or_else(|| panic!("{url} is under the base URL"));
        let entry = by_path.get(path).unwrap_or_else(|| panic!("{url} names a file of the export"));
        let digest = e["digest"].as_str().unwrap();
        assert_eq!(digest, format!("sha256:{}", skillhouse_core::files::sha256_hex(&bytes(entry))), "{url}");
        let id = e["identifier"].as_str().unwrap();
        match e["type"].as_str().unwrap() {
            "application/a2a-agent-card+json" => assert!(id.starts_with("urn:air:skills.example.com:a2a:"), "{id}"),
            "application/agent-skills+md" => assert!(id.starts_with("urn:air:skills.example.com:skill:") && url.ends_with("/SKILL.md")),
            other => panic!("unexpected type {other}"),
        }
    }
    // Without a base URL, documents are inline.
    let inline = generate(&cat, Target::AiCatalog, &options(true, None, None));
    let catalog = json(&inline, ".well-known/ai-catalog.json");
    for e in catalog["entries"].as_array().unwrap() {
        assert!(e.get("url").is_none() && e.get("data").is_some(), "{e}");
        if e["type"] == "application/a2a-agent-card+json" {
            assert_valid(card::SCHEMA_FILE, &e["data"]);
        } else {
            assert_eq!(e["type"], "application/agent-skills+json");
            assert!(e["data"]["files"].as_array().unwrap().contains(&Value::from("SKILL.md")));
        }
    }
    // Entry requires exactly one of url and data.
    let mut both = catalog.clone();
    both["entries"][0]["url"] = Value::from("https://x.example/a");
    assert!(!validate("ai-catalog.schema.json", &both).is_empty());
}

#[test]
fn approved_cards_are_published_as_approved_and_one_card_is_also_the_sites_card() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("catalogue");
    common::copy_dir(&common::sample(), &root);
    let cat = load(&root);
    let agent = cat.agents[0].name.clone();
    card::approve(&cat, &agent, "test", "2026-12-01T09:30:00Z", &[]).unwrap();
    let cat = load(&root);
    let approved = std::fs::read(root.join("cards").join(format!("{agent}.json"))).unwrap();

    let site = generate(&cat, Target::A2aSite, &Options::default());
    assert_eq!(
        paths(&site),
        BTreeSet::from([format!("agents/{agent}/.well-known/agent-card.json").as_str(), ".well-known/agent-card.json"])
    );
    assert!(site.entries.iter().all(|e| bytes(e) == approved), "the approved bytes, byte for byte");
    assert_eq!(site.left_out.len(), cat.agents.len() - 1);
    assert!(!site.left_out.iter().any(|l| l.agent == agent));

    let ai = generate(&cat, Target::AiCatalog, &Options::default());
    let catalog = json(&ai, ".well-known/ai-catalog.json");
    let cards: Vec<&Value> =
        catalog["entries"].as_array().unwrap().iter().filter(|e| e["type"] == "application/a2a-agent-card+json").collect();
    assert_eq!(cards.len(), 1);
    assert_eq!(cards[0]["digest"], format!("sha256:{}", skillhouse_core::files::sha256_hex(&approved)));

    let legacy = generate(&cat, Target::Legacy, &Options::default());
    assert_eq!(json(&legacy, "config/component-counts.json")["agents_with_cards"], 1);
}

#[test]
fn the_prompt_block_names_files_of_the_export() {
    let cat = load(&common::sample());
    let output = generate(&cat, Target::Prompt, &Options::default());
    let xml = String::from_utf8(bytes(output.entries.iter().find(|e| e.path == "available_skills.xml").unwrap())).unwrap();
    assert!(xml.starts_with("<available_skills>\n") && xml.ends_with("</available_skills>\n"));
    let exported = paths(&output);
    let locations: Vec<&str> = xml.split("<location>\n").skip(1).map(|rest| rest.split('\n').next().unwrap()).collect();
    assert_eq!(locations.len(), cat.skills.len());
    for l in locations {
        assert!(l.starts_with("skills/") && exported.contains(l), "{l} is relative and exported");
    }
    assert!(!xml.contains(&cat.root.to_string_lossy().into_owned()), "no absolute path of this machine");
}

#[test]
fn the_legacy_registry_has_three_levels_per_skill_and_the_counts_add_up() {
    let cat = load(&common::sample());
    let output = generate(&cat, Target::Legacy, &options(true, None, None));
    let registry = json(&output, "extracted-skills-registry.json");
    let skills = registry["skills"].as_array().unwrap();
    assert_eq!(skills.len(), cat.skills.len());
    for s in skills {
        let skill = cat.skill(s["name"].as_str().unwrap()).unwrap();
        let t = skill.tokens.as_ref().unwrap();
        assert_eq!(s["level_1"]["tokens"], t.l1);
        assert_eq!(s["level_2"]["tokens"], t.l2);
        assert_eq!(s["level_3"]["tokens"], t.l3);
        assert_eq!(s["level_3"]["full_specification"], skill.file());
    }
    let legacy = skills.iter().find(|s| s["name"] == "cicd-pipeline-design").unwrap();
    assert_eq!(legacy["skill_id"], "coditect:cicd-pipeline-design:v1.0");
    assert_eq!(legacy["level_2"]["token_budget"], 4500);
    assert_eq!(legacy["portable"], false);
    let counts = json(&output, "config/component-counts.json");
    assert_eq!(counts["skills"], cat.skills.len());
    assert_eq!(counts["agents"], cat.agents.len());
    assert_eq!(counts["agents_with_cards"], cat.agents.len());
    let ratio = (cat.skills.len() as f64 / cat.agents.len() as f64 * 100.0).round() / 100.0;
    assert_eq!(counts["skill_agent_ratio"].as_f64().unwrap(), ratio);
    assert_eq!(counts["portable_skills"], cat.skills.len() - 1);
}

#[test]
fn a_catalogue_without_a_provider_still_gives_a_valid_marketplace_named_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("catalogue");
    common::copy_dir(&common::sample(), &root);
    let settings = std::fs::read_to_string(root.join("skillhouse.yaml")).unwrap();
    let settings: String = settings.lines().filter(|l| !l.starts_with("provider:")).map(|l| format!("{l}\n")).collect();
    std::fs::write(root.join("skillhouse.yaml"), format!("{settings}name: Agent Skills\nversion: \"2026.12.1\"\n")).unwrap();
    let cat = load(&root);
    assert_eq!(cat.counts().errors, 0);
    let output = generate(&cat, Target::Marketplace, &Options::default());
    let manifest = json(&output, ".claude-plugin/marketplace.json");
    assert_valid("claude-code-marketplace.schema.json", &manifest);
    // `agent-skills` is reserved by Claude Code.
    assert_eq!(manifest["name"], "agent-skills-skills");
    assert_eq!(manifest["owner"], serde_json::json!({"name": "Agent Skills"}));
    assert_eq!(manifest["version"], "2026.12.1");
    assert_eq!(manifest["plugins"][0]["version"], "2026.12.1");
    // No provider and no base URL: the AI Catalog has no host and a placeholder publisher.
    let ai = generate(&cat, Target::AiCatalog, &options(true, None, None));
    let catalog = json(&ai, ".well-known/ai-catalog.json");
    assert_valid("ai-catalog.schema.json", &catalog);
    assert!(catalog.get("host").is_none());
    assert!(catalog["entries"].as_array().unwrap().iter().all(|e| e["identifier"].as_str().unwrap().starts_with("urn:air:localhost:")));
}

// ---------------------------------------------------------------------------------------------
// Skills specification readers refuse (the sample's legacy skill): named in every format for
// those readers, and published in the specification's form with `portable`.

const LEGACY_SKILL: &str = "cicd-pipeline-design";

fn portable(on: bool) -> Options {
    Options { include_unapproved: true, base_url: Some(BASE.into()), portable: on, ..Options::default() }
}

#[test]
fn formats_for_specification_readers_name_the_skills_those_readers_refuse() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("catalogue");
    common::copy_dir(&common::sample(), &root);
    // A card that lists the legacy skill, so that the a2a site names it too.
    let agent = root.join("agents/registry-publisher.md");
    let text = std::fs::read_to_string(&agent).unwrap();
    std::fs::write(&agent, text.replace("  - writing-commit-messages\n", "  - writing-commit-messages\n  - cicd-pipeline-design\n"))
        .unwrap();
    let cat = load(&root);
    for target in [Target::WellKnown, Target::Marketplace, Target::AiCatalog, Target::A2aSite] {
        let out = formats::entries(&cat, target, &portable(false)).unwrap();
        let named: Vec<&str> = out.refusals.iter().map(|r| r.skill.as_str()).collect();
        assert_eq!(named, vec![LEGACY_SKILL], "{target:?}");
        let r = &out.refusals[0];
        assert!(!r.rewritten);
        assert_eq!(r.file, "legacy/cicd-pipeline-design/SKILL.md");
        assert!(r.reasons.iter().any(|x| x.contains("`allowed-tools` is a list")), "{:?}", r.reasons);
        assert!(r.reasons.iter().any(|x| x.contains("`agent_skills_framework` is not a specification field")), "{:?}", r.reasons);
        assert!(r.line().contains("--portable"), "{}", r.line());
    }
    for target in [Target::Prompt, Target::Legacy] {
        assert!(formats::entries(&cat, target, &portable(false)).unwrap().refusals.is_empty(), "{target:?} is not for spec readers");
    }
}

#[test]
fn a_portable_export_publishes_the_specifications_form_and_its_digest() {
    let cat = load(&common::sample());
    let plain = formats::entries(&cat, Target::AiCatalog, &portable(false)).unwrap();
    let out = formats::entries(&cat, Target::AiCatalog, &portable(true)).unwrap();
    let path = format!(".well-known/agent-skills/{LEGACY_SKILL}/SKILL.md");
    let published = bytes(out.entries.iter().find(|e| e.path == path).unwrap());
    let original = std::fs::read(common::sample().join("legacy/cicd-pipeline-design/SKILL.md")).unwrap();
    assert_ne!(published, original);
    assert_eq!(bytes(plain.entries.iter().find(|e| e.path == path).unwrap()), original, "without portable, the catalogue's bytes");
    let text = String::from_utf8(published.clone()).unwrap();
    assert!(text.contains("allowed-tools: \"Read Write Edit Glob Grep Bash(git:*)\"\n"), "{text}");
    assert!(text.contains("  token-budget: \"4500\"\n"), "{text}");
    // The body is the catalogue's, byte for byte.
    let body = |t: &[u8]| {
        let t = String::from_utf8(t.to_vec()).unwrap();
        t[t.match_indices("\n---\n").next().unwrap().0..].to_string()
    };
    assert_eq!(body(&published), body(&original));
    assert!(out.refusals[0].rewritten);
    // The catalog's digest is that of the bytes published.
    let catalog = json(&out, ".well-known/ai-catalog.json");
    let entry = catalog["entries"].as_array().unwrap().iter().find(|e| e["identifier"].as_str().unwrap().ends_with(LEGACY_SKILL)).unwrap();
    assert_eq!(entry["digest"], format!("sha256:{}", skillhouse_core::files::sha256_hex(&published)));
    // Every other skill keeps its file.
    let others = out.entries.iter().filter(|e| e.path.ends_with("/SKILL.md") && e.path != path);
    assert!(others.into_iter().all(|e| matches!(e.content, Content::File(_))));
    // And the catalogue is unchanged.
    assert_eq!(std::fs::read(common::sample().join("legacy/cicd-pipeline-design/SKILL.md")).unwrap(), original);
}

#[test]
fn the_bundle_keeps_the_catalogues_bytes_when_portable_is_asked() {
    let cat = load(&common::sample());
    let plain = skillhouse_core::export::export(&cat, Target::Bundle, &portable(false)).unwrap();
    let asked = skillhouse_core::export::export(&cat, Target::Bundle, &portable(true)).unwrap();
    assert_eq!(plain.entries, asked.entries);
    assert!(asked.warnings.iter().any(|w| w.contains("the bundle keeps the catalogue's bytes")), "{:?}", asked.warnings);
    assert!(asked.refusals.is_empty());
}
