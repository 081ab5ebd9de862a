//! The JSON Schemas themselves: valid 2020-12 schemas, consistent with each other, and matched
//! by what the core produces.

use skillhouse_core::catalogue::{self, LoadOptions};
use skillhouse_core::{budget, report, schema, Code};
use std::path::Path;

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

#[test]
fn every_schema_is_a_valid_2020_12_schema() {
    let files: Vec<_> = std::fs::read_dir(repo().join("schemas")).unwrap().map(|e| e.unwrap().path()).collect();
    assert!(files.len() >= schema::FILES.len());
    for path in files {
        let value: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(value["$schema"], "https://json-schema.org/draft/2020-12/schema", "{}", path.display());
        if let Err(e) = jsonschema::meta::validate(&value) {
            panic!("{} is not a valid schema: {e}", path.display());
        }
    }
}

#[test]
fn embedded_schemas_are_the_files_on_disk() {
    for (name, text) in schema::FILES {
        assert_eq!(*text, std::fs::read_to_string(repo().join("schemas").join(name)).unwrap(), "{name}");
    }
}

#[test]
fn the_spec_fields_mean_the_same_in_every_profile() {
    let profiles = ["agentskills", "claude-code", "codex", "legacy"];
    let base = schema::json("skill-frontmatter.agentskills.schema.json");
    for p in profiles {
        let other = schema::json(&format!("skill-frontmatter.{p}.schema.json"));
        for field in ["name", "description", "license", "compatibility", "metadata"] {
            assert_eq!(base["properties"][field], other["properties"][field], "{field} differs in {p}");
        }
        assert_eq!(other["required"], serde_json::json!(["name", "description"]));
    }
}

#[test]
fn the_validate_report_matches_its_schema() {
    let validator = jsonschema::draft202012::new(&schema::json("validate-report.schema.json")).unwrap();
    for root in [
        repo().join("skills"),
        repo().join("tests/fixtures/46-legacy-under-agentskills"),
        repo().join("tests/fixtures/36-agent-unknown-skill"),
    ] {
        let cat = budget::load_counted(&root, &LoadOptions::default()).unwrap();
        let value = serde_json::to_value(report::build(&cat, "x")).unwrap();
        let errors: Vec<String> = validator.iter_errors(&value).map(|e| format!("{} at {}", e, e.instance_path())).collect();
        assert!(errors.is_empty(), "{}: {errors:?}", root.display());
    }
    // And the schema can fail: a report without a summary is refused.
    let mut broken =
        serde_json::to_value(report::build(&catalogue::load(&repo().join("skills"), &LoadOptions::default()).unwrap(), "x")).unwrap();
    broken.as_object_mut().unwrap().remove("summary");
    assert!(!validator.is_valid(&broken));
}

#[test]
fn the_sample_catalogue_has_no_errors_or_warnings() {
    let cat = budget::load_counted(&repo().join("skills"), &LoadOptions::default()).unwrap();
    let all: Vec<String> = cat.all_diagnostics().map(|d| format!("{} {}:{} {}", d.code, d.file, d.line, d.message)).collect();
    assert!(all.is_empty(), "{all:#?}");
    assert!(cat.skills.len() >= 12 && cat.agents.len() >= 3);
    assert!(cat.skills.iter().any(|s| s.profile == skillhouse_core::Profile::Legacy));
}

#[test]
fn every_code_is_documented_with_an_example() {
    let doc = std::fs::read_to_string(repo().join("docs/diagnostics.md")).unwrap();
    for code in Code::ALL {
        let row = format!("| `{}` |", code.as_str());
        assert!(doc.contains(&row), "docs/diagnostics.md has no table row for {code}");
        let example = format!("### `{}`", code.as_str());
        assert!(doc.contains(&example), "docs/diagnostics.md has no example section for {code}");
    }
}
