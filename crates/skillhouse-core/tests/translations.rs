//! A catalogue that keeps translated copies (`i18n/<locale>/skills/<name>/SKILL.md`): each
//! translation is a version of its source, never a duplicate; two in one locale still are;
//! the description's trigger words are those of the skill's locale; the listing budget is per
//! locale. Through both ways a catalogue is read: a plain load and the index.

use skillhouse_core::budget::{self, load_counted};
use skillhouse_core::catalogue::Catalogue;
use skillhouse_core::diagnostic::Code;
use skillhouse_core::index::Index;
use std::fs;
use std::path::Path;

fn skill(root: &Path, dir: &str, front: &str) {
    fs::create_dir_all(root.join(dir)).unwrap();
    fs::write(root.join(dir).join("SKILL.md"), format!("---\n{front}---\nBody.\n")).unwrap();
}

fn translated(root: &Path, locale: &str, description: &str) {
    skill(
        root,
        &format!("i18n/{locale}/skills/naming-skills"),
        &format!("name: naming-skills\ndescription: {description}\nmetadata:\n  locale: {locale}\n  source_locale: en\n  source_commit: abc1234\n"),
    );
}

fn layout(root: &Path) {
    skill(root, "skills/naming-skills", "name: naming-skills\ndescription: Names new skills. Use when a skill needs a name.\n");
    translated(root, "de", "Benennt neue Skills. Verwende ihn, wenn ein Skill einen Namen braucht.");
    translated(root, "fr", "Nomme les nouveaux skills. À utiliser quand un skill a besoin d'un nom.");
    translated(root, "ja", "新しいスキルに名前を付けます。スキルに名前が必要なときに使います。");
    translated(root, "zh-CN", "为新技能命名。当技能需要名称时使用。");
    translated(root, "ko", "새 스킬의 이름을 짓습니다.");
}

fn codes(catalogue: &Catalogue, dir: &str) -> Vec<Code> {
    catalogue.skills.iter().find(|s| s.dir == dir).unwrap_or_else(|| panic!("no {dir}")).diagnostics.iter().map(|d| d.code).collect()
}

fn check(catalogue: &Catalogue) {
    let notes = catalogue.notes();
    assert!(notes.iter().any(|n| n.starts_with("5 translations in de, fr, ja, ko, zh-CN recognised by the common layout")), "{notes:?}");
    assert!(notes.iter().any(|n| n.contains("`ko` are not checked for trigger words")), "{notes:?}");
    let source = "skills/naming-skills/SKILL.md";
    for locale in ["de", "fr", "ja", "zh-CN", "ko"] {
        let dir = format!("i18n/{locale}/skills/naming-skills");
        let s = catalogue.skills.iter().find(|s| s.dir == dir).unwrap();
        assert_eq!(s.locale, locale);
        assert_eq!(s.translation_of.as_deref(), Some(source), "{dir} is a translation of the source");
        let codes = codes(catalogue, &dir);
        assert!(!codes.contains(&Code::SkillDuplicateName), "{dir}: {codes:?}");
        assert!(!codes.contains(&Code::DescriptionNoTrigger), "{dir} is checked with its own locale's words (or not at all): {codes:?}");
    }
    assert!(codes(catalogue, "skills/naming-skills").is_empty(), "the source is untouched");
    assert_eq!(catalogue.skills.iter().find(|s| s.dir == "skills/naming-skills").unwrap().translation_of, None);
}

#[test]
fn translations_are_versions_of_their_source_not_duplicates() {
    let dir = tempfile::tempdir().unwrap();
    layout(dir.path());
    check(&load_counted(dir.path(), &Default::default()).unwrap());
    let mut index = Index::open(&dir.path().join("index.sqlite")).unwrap();
    let (catalogue, _) = index.load(dir.path(), &Default::default(), &()).unwrap();
    check(&catalogue);
    // Read again from the index: the same.
    let (again, _) = index.load(dir.path(), &Default::default(), &()).unwrap();
    check(&again);
}

#[test]
fn two_translations_in_one_locale_are_duplicates_and_a_german_description_needs_german_words() {
    let dir = tempfile::tempdir().unwrap();
    layout(dir.path());
    // A second German copy elsewhere that names its source locale: the same locale twice.
    skill(
        dir.path(),
        "extra/naming-skills",
        "name: naming-skills\ndescription: Benennt neue Skills ohne Auslöser.\nmetadata:\n  locale: de\n  source_locale: en\n",
    );
    let catalogue = load_counted(dir.path(), &Default::default()).unwrap();
    let german: Vec<Vec<Code>> = ["i18n/de/skills/naming-skills", "extra/naming-skills"].iter().map(|d| codes(&catalogue, d)).collect();
    assert_eq!(
        german.iter().filter(|c| c.contains(&Code::SkillDuplicateName)).count(),
        1,
        "one of the two German copies is the duplicate: {german:?}"
    );
    assert!(
        german[1].contains(&Code::DescriptionNoTrigger),
        "a German description without German trigger words is flagged: {:?}",
        german[1]
    );
    // Same name, no locale, outside the locale folders: an ordinary duplicate.
    skill(dir.path(), "other/naming-skills", "name: naming-skills\ndescription: Names skills. Use when naming.\n");
    let catalogue = load_counted(dir.path(), &Default::default()).unwrap();
    let english: Vec<Vec<Code>> = ["skills/naming-skills", "other/naming-skills"].iter().map(|d| codes(&catalogue, d)).collect();
    assert_eq!(english.iter().filter(|c| c.contains(&Code::SkillDuplicateName)).count(), 1, "{english:?}");
}

#[test]
fn the_listing_budget_is_per_locale() {
    let dir = tempfile::tempdir().unwrap();
    layout(dir.path());
    let catalogue = load_counted(dir.path(), &Default::default()).unwrap();
    let listings = budget::listings(&catalogue);
    let locales: Vec<&str> = listings.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(locales, ["en", "de", "fr", "ja", "ko", "zh-CN"]);
    let l1 = |dir: &str| catalogue.skills.iter().find(|s| s.dir == dir).unwrap().tokens.as_ref().unwrap().l1;
    assert_eq!(listings[0].1.total_l1, l1("skills/naming-skills"), "the source locale lists the source skill once, not its translations");
    assert_eq!(listings[1].1.total_l1, l1("i18n/de/skills/naming-skills"));
    assert!(catalogue.diagnostics.iter().all(|d| d.code != Code::BudgetListing), "within the default budget");
    let figures = skillhouse_core::stats::compute(&catalogue).locales;
    assert_eq!(
        figures.iter().map(|f| (f.locale.as_str(), f.skills)).collect::<Vec<_>>(),
        [("en", 1), ("de", 1), ("fr", 1), ("ja", 1), ("ko", 1), ("zh-CN", 1)]
    );
    assert_eq!(figures[0].l2_ratio, None, "the source locale is the base");
    let l2 = |dir: &str| catalogue.skills.iter().find(|s| s.dir == dir).unwrap().tokens.as_ref().unwrap().l2 as f64;
    let expected = l2("i18n/ja/skills/naming-skills") / l2("skills/naming-skills");
    assert!((figures[3].l2_ratio.unwrap() - expected).abs() < 1e-9, "{figures:?}");

    // A budget that the German listing exceeds and the English one does not.
    let (en, de) = (listings[0].1.total_l1, listings[1].1.total_l1);
    assert!(de > en, "German costs more tokens than English here ({de} vs {en})");
    fs::write(dir.path().join("skillhouse.yaml"), format!("budgets:\n  listing: {en}\n")).unwrap();
    let catalogue = load_counted(dir.path(), &Default::default()).unwrap();
    let messages: Vec<&str> = catalogue.diagnostics.iter().filter(|d| d.code == Code::BudgetListing).map(|d| d.message.as_str()).collect();
    assert!(messages.iter().any(|m| m.starts_with("the `de` skills' L1 entries")), "{messages:?}");
    assert!(!messages.iter().any(|m| m.contains("`en`")), "the English listing fits: {messages:?}");
}

#[test]
fn translations_settings_move_the_source_locale_and_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("skillhouse.yaml"), "translations:\n  source_locale: de\n  folder: locales/{locale}/\n").unwrap();
    skill(dir.path(), "naming-skills", "name: naming-skills\ndescription: Benennt Skills. Verwende ihn, wenn ein Name fehlt.\n");
    skill(
        dir.path(),
        "locales/en/naming-skills",
        "name: naming-skills\ndescription: Names skills. Use when a name is missing.\nmetadata:\n  locale: en\n",
    );
    let catalogue = load_counted(dir.path(), &Default::default()).unwrap();
    assert!(catalogue.diagnostics.iter().all(|d| !d.is_error()), "{:?}", catalogue.diagnostics);
    let source = catalogue.skills.iter().find(|s| s.dir == "naming-skills").unwrap();
    assert_eq!(source.locale, "de");
    assert!(codes(&catalogue, "naming-skills").is_empty(), "a German source is checked with German words: {:?}", source.diagnostics);
    let english = catalogue.skills.iter().find(|s| s.dir == "locales/en/naming-skills").unwrap();
    assert_eq!(english.translation_of.as_deref(), Some("naming-skills/SKILL.md"));
    assert!(english.diagnostics.is_empty(), "{:?}", english.diagnostics);
    // A bad setting is an error at its key.
    fs::write(dir.path().join("skillhouse.yaml"), "translations:\n  folder: no-placeholder/\n").unwrap();
    let catalogue = load_counted(dir.path(), &Default::default()).unwrap();
    assert!(catalogue.diagnostics.iter().any(|d| d.is_error() && d.file == "skillhouse.yaml"), "{:?}", catalogue.diagnostics);
}

#[test]
fn a_translation_with_fewer_sections_than_its_source_is_warned_and_the_index_agrees() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let front = "name: naming-skills\ndescription: Names new skills. Use when a skill needs a name.\n";
    fs::create_dir_all(root.join("skills/naming-skills")).unwrap();
    fs::write(
        root.join("skills/naming-skills/SKILL.md"),
        format!("---\n{front}---\n## Steps\n\nOne.\n\n## Examples\n\nTwo.\n\n```\n## not a heading\n```\n"),
    )
    .unwrap();
    let german = root.join("i18n/de/skills/naming-skills");
    fs::create_dir_all(&german).unwrap();
    let head = "---\nname: naming-skills\ndescription: Benennt Skills. Verwende ihn, wenn ein Name fehlt.\nmetadata:\n  locale: de\n---\n";
    fs::write(german.join("SKILL.md"), format!("{head}## Schritte\n\nEins.\n")).unwrap();

    let warned = |catalogue: &Catalogue| {
        let s = catalogue.skills.iter().find(|s| s.dir == "i18n/de/skills/naming-skills").unwrap();
        s.diagnostics.iter().find(|d| d.code == Code::TranslationMissingSections).map(|d| d.message.clone())
    };
    let plain = load_counted(root, &Default::default()).unwrap();
    let message = warned(&plain).expect("the missing section is warned");
    assert!(message.contains("1 of 2 level-2 headings"), "{message}");
    let mut index = Index::open(&root.join("index.sqlite")).unwrap();
    index.load(root, &Default::default(), &()).unwrap();
    let (reopened, _) = index.load(root, &Default::default(), &()).unwrap();
    assert_eq!(warned(&reopened), Some(message), "the index keeps the headings the comparison needs");

    fs::write(german.join("SKILL.md"), format!("{head}## Schritte\n\nEins.\n\n## Beispiele\n\nZwei.\n")).unwrap();
    let (fixed, _) = index.load(root, &Default::default(), &()).unwrap();
    assert_eq!(warned(&fixed), None);
}

#[test]
fn publishing_cards_and_serving_take_the_source_locale() {
    let dir = tempfile::tempdir().unwrap();
    layout(dir.path());
    let catalogue = load_counted(dir.path(), &Default::default()).unwrap();
    let block = skillhouse_core::prompt::available_skills(&catalogue);
    assert_eq!(block.matches("<name>\nnaming-skills\n</name>").count(), 1, "{block}");
    assert!(block.contains("Names new skills.") && !block.contains("Benennt"), "{block}");
    assert_eq!(catalogue.skill("naming-skills").unwrap().dir, "skills/naming-skills");
    let lineup = skillhouse_core::serving::lineup(&catalogue);
    assert_eq!(lineup.served.iter().filter(|r| r.name == "naming-skills").count(), 1);
    assert_eq!(lineup.served[0].dir, "skills/naming-skills");
    assert!(lineup.held.is_empty(), "translations are not held back as errors: {:?}", lineup.held);
}

fn exported(
    catalogue: &Catalogue,
    target: skillhouse_core::export::Target,
    locale: Option<&str>,
) -> Result<skillhouse_core::export::Export, String> {
    let options = skillhouse_core::export::Options { locale: locale.map(str::to_string), ..Default::default() };
    skillhouse_core::export::export(catalogue, target, &options).map_err(|e| e.to_string())
}

fn text_of(export: &skillhouse_core::export::Export, path: &str) -> String {
    use skillhouse_core::export::Content;
    let entry = export.entries.iter().find(|e| e.path == path).unwrap_or_else(|| panic!("no {path}"));
    match &entry.content {
        Content::Bytes(b) => String::from_utf8(b.clone()).unwrap(),
        Content::File(p) => fs::read_to_string(p).unwrap(),
    }
}

#[test]
fn publishing_formats_publish_one_locale_and_the_bundle_carries_every_one() {
    use skillhouse_core::export::Target;
    let dir = tempfile::tempdir().unwrap();
    layout(dir.path());
    let catalogue = load_counted(dir.path(), &Default::default()).unwrap();

    let source = exported(&catalogue, Target::Prompt, None).unwrap();
    let block: String = source.entries.iter().map(|e| text_of(&source, &e.path)).collect();
    assert!(block.contains("Names new skills.") && !block.contains("Benennt"), "the source locale by default");

    let german = exported(&catalogue, Target::Prompt, Some("de")).unwrap();
    let block: String = german.entries.iter().map(|e| text_of(&german, &e.path)).collect();
    assert!(block.contains("Benennt neue Skills.") && !block.contains("Names new skills."), "{block}");
    assert_eq!(block.matches("<name>\nnaming-skills\n</name>").count(), 1);

    let wk = exported(&catalogue, Target::WellKnown, Some("fr")).unwrap();
    let skill_md = wk.entries.iter().find(|e| e.path.ends_with("naming-skills/SKILL.md")).map(|e| text_of(&wk, &e.path)).unwrap();
    assert!(skill_md.contains("locale: fr"), "the French SKILL.md is published: {skill_md}");

    let refused = exported(&catalogue, Target::Prompt, Some("pt")).unwrap_err();
    assert!(refused.contains("no skill is translated into `pt`") && refused.contains("de, en, fr"), "{refused}");

    let bundle = exported(&catalogue, Target::Bundle, Some("de")).unwrap();
    let registry: serde_json::Value = serde_json::from_str(&text_of(&bundle, "registry.json")).unwrap();
    let skills = registry["skills"].as_array().unwrap();
    assert_eq!(skills.len(), 6, "every locale travels in the bundle");
    let source_digest = skills.iter().find(|s| s["dir"] == "skills/naming-skills").unwrap()["digest"].clone();
    assert!(skills.iter().find(|s| s["dir"] == "skills/naming-skills").unwrap().get("translation").is_none());
    let de = skills.iter().find(|s| s["dir"] == "i18n/de/skills/naming-skills").unwrap();
    assert_eq!(de["translation"], serde_json::json!({"locale": "de", "source": "skills/naming-skills", "sourceDigest": source_digest}));
    let validator = jsonschema::draft202012::new(&skillhouse_core::schema::json("registry.schema.json")).unwrap();
    let errors: Vec<String> = validator.iter_errors(&registry).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn a_draft_of_a_translation_is_not_a_duplicate_of_its_source_or_of_other_locales() {
    let dir = tempfile::tempdir().unwrap();
    layout(dir.path());
    let session = skillhouse_core::session::Session::open(dir.path(), &dir.path().join("index.sqlite"), &()).unwrap();
    let german = "i18n/de/skills/naming-skills";
    let text = fs::read_to_string(dir.path().join(german).join("SKILL.md")).unwrap();
    let check = session.check_draft(german, &text).unwrap();
    assert!(check.diagnostics.iter().all(|d| d.code != Code::SkillDuplicateName), "{:?}", check.diagnostics);
    // The source's draft does not collide with its translations either, but another source of
    // the same name does.
    let source_text = fs::read_to_string(dir.path().join("skills/naming-skills/SKILL.md")).unwrap();
    assert!(session
        .check_draft("skills/naming-skills", &source_text)
        .unwrap()
        .diagnostics
        .iter()
        .all(|d| d.code != Code::SkillDuplicateName));
    fs::create_dir_all(dir.path().join("other/naming-skills")).unwrap();
    fs::write(dir.path().join("other/naming-skills/SKILL.md"), "---\nname: other-skill\ndescription: Other. Use when other.\n---\nBody.\n")
        .unwrap();
    let session = skillhouse_core::session::Session::open(dir.path(), &dir.path().join("index.sqlite"), &()).unwrap();
    let renamed = session.check_draft("other/naming-skills", &source_text).unwrap();
    assert!(renamed.diagnostics.iter().any(|d| d.code == Code::SkillDuplicateName), "a second source named naming-skills collides");
}

#[test]
fn with_publish_off_only_the_source_locale_leaves_the_catalogue() {
    use skillhouse_core::export::Target;
    let dir = tempfile::tempdir().unwrap();
    layout(dir.path());
    fs::write(dir.path().join("skillhouse.yaml"), "translations:\n  publish: false\n").unwrap();
    let catalogue = load_counted(dir.path(), &Default::default()).unwrap();
    let bundle = exported(&catalogue, Target::Bundle, None).unwrap();
    let registry: serde_json::Value = serde_json::from_str(&text_of(&bundle, "registry.json")).unwrap();
    let dirs: Vec<&str> = registry["skills"].as_array().unwrap().iter().map(|s| s["dir"].as_str().unwrap()).collect();
    assert_eq!(dirs, ["skills/naming-skills"], "the translations stay in the catalogue");
    assert!(bundle.entries.iter().all(|e| !e.path.contains("i18n/")));
    let refused = exported(&catalogue, Target::Prompt, Some("de")).unwrap_err();
    assert!(refused.contains("`translations.publish` is false"), "{refused}");
    assert!(exported(&catalogue, Target::Prompt, Some("en")).is_ok(), "the source locale is always published");
}

#[test]
fn a_card_is_built_from_the_source_locale_unless_another_is_asked() {
    let dir = tempfile::tempdir().unwrap();
    layout(dir.path());
    fs::create_dir_all(dir.path().join("agents")).unwrap();
    fs::write(
        dir.path().join("agents/namer.md"),
        "---\nname: namer\ndescription: Names skills. Delegate to it when a skill needs a name.\nskills:\n  - naming-skills\n---\nBody.\n",
    )
    .unwrap();
    let catalogue = load_counted(dir.path(), &Default::default()).unwrap();
    let card = |c: &Catalogue| {
        let (bytes, _) = skillhouse_core::card::render(c, "namer", skillhouse_core::card::Dialect::V1).unwrap();
        let card: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        card["skills"][0]["description"].as_str().unwrap().to_string()
    };
    assert!(card(&catalogue).starts_with("Names new skills."), "the source locale by default");
    let german = catalogue.in_locale("de").unwrap();
    assert!(card(&german).starts_with("Benennt neue Skills."), "asked for de");
    assert!(catalogue.in_locale("pt").unwrap_err().contains("no skill is translated into `pt`"));
}

#[test]
fn a_bundle_with_translations_verifies_and_imports_without_conflicts() {
    use skillhouse_core::export::{archive, import, verify, Packaging, Target};
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("catalogue");
    layout(&root);
    let catalogue = load_counted(&root, &Default::default()).unwrap();
    let bundle = exported(&catalogue, Target::Bundle, None).unwrap();
    let out = dir.path().join("bundle");
    archive::write(&bundle.entries, Packaging::Folder, &out, &archive::WriteOptions { time: None, overwrite: false }).unwrap();
    let verified = verify::verify(&out).unwrap();
    assert!(verified.diagnostics.is_empty(), "a translation is not a second skill of its name: {:?}", verified.diagnostics);
    assert_eq!(verified.skills, 6);

    let fresh = import::plan(&out, &dir.path().join("fresh")).unwrap();
    assert!(fresh.diagnostics.is_empty(), "{:?}", fresh.diagnostics);
    assert_eq!(fresh.add.len(), 6);
    let same = import::plan(&out, &root).unwrap();
    assert!(same.diagnostics.is_empty(), "importing into the catalogue it came from conflicts with nothing: {:?}", same.diagnostics);

    // A translation listed against another source digest than the registry's is refused.
    let registry_file = out.join("registry.json");
    let text = fs::read_to_string(&registry_file).unwrap();
    let mut registry: serde_json::Value = serde_json::from_str(&text).unwrap();
    let de = registry["skills"].as_array_mut().unwrap().iter_mut().find(|s| s["dir"] == "i18n/de/skills/naming-skills").unwrap();
    de["translation"]["sourceDigest"] = serde_json::json!(format!("sha256:{}", "0".repeat(64)));
    fs::write(&registry_file, serde_json::to_string_pretty(&registry).unwrap()).unwrap();
    let tampered = verify::verify(&out).unwrap();
    assert!(tampered.diagnostics.iter().any(|d| d.message.contains("was listed against source digest")), "{:?}", tampered.diagnostics);
}
