//! The `skillhouse` command used the way its README says.

mod common;
use common::copy_dir;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn skillhouse(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_skillhouse")).args(args).env("NO_COLOR", "1").output().expect("skillhouse runs")
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn fixture(name: &str) -> String {
    repo().join("tests/fixtures").join(name).to_string_lossy().into_owned()
}

#[test]
fn validate_passes_on_the_sample_catalogue() {
    let out = skillhouse(&["validate", &repo().join("skills").to_string_lossy()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(text(&out).contains("0 errors, 0 warnings"), "{}", text(&out));
}

#[test]
fn validate_exits_1_on_errors_and_shows_a_snippet_and_hint() {
    let out = skillhouse(&["validate", &fixture("07-yaml-duplicate-key")]);
    assert_eq!(out.status.code(), Some(1));
    let shown = text(&out);
    assert!(shown.contains("error[yaml.duplicate-key]"), "{shown}");
    assert!(shown.contains("pdf-tools/SKILL.md:5:"), "{shown}");
    assert!(shown.contains("5 | "), "the offending line is shown: {shown}");
    assert!(shown.contains("help: "), "{shown}");
}

#[test]
fn warnings_fail_only_with_deny_warnings() {
    let dir = fixture("09-file-bom");
    assert_eq!(skillhouse(&["validate", &dir]).status.code(), Some(0));
    assert_eq!(skillhouse(&["validate", &dir, "--deny-warnings"]).status.code(), Some(1));
}

#[test]
fn validate_exits_2_when_it_cannot_run() {
    let out = skillhouse(&["validate", "/no/such/catalogue"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error:"));
    assert_eq!(skillhouse(&["validate", ".", "--profile", "nonsense"]).status.code(), Some(2));
}

#[test]
fn the_profile_flag_changes_the_rules() {
    let dir = fixture("45-legacy-profile-valid");
    assert_eq!(skillhouse(&["validate", &dir, "--profile", "legacy"]).status.code(), Some(0));
    assert_eq!(skillhouse(&["validate", &dir, "--profile", "agentskills"]).status.code(), Some(1));
}

#[test]
fn json_output_lists_skills_agents_and_a_summary() {
    let out = skillhouse(&["validate", &fixture("36-agent-unknown-skill"), "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(repo().join("schemas/validate-report.schema.json")).unwrap()).unwrap();
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    assert!(validator.is_valid(&report));
    assert_eq!(report["summary"]["errors"], 1);
    assert_eq!(report["agents"][0]["diagnostics"][0]["code"], "agent.unknown-skill");
    assert!(report["skills"][0]["tokens"]["l1"].as_u64().unwrap() > 0);
}

#[test]
fn index_then_search_finds_a_skill() {
    let tmp = tempfile::tempdir().unwrap();
    let index = tmp.path().join("i.sqlite");
    let skills = repo().join("skills");
    let out = skillhouse(&["index", &skills.to_string_lossy(), "--index", &index.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text(&out).contains("indexed 16 skills"), "{}", text(&out));
    let out =
        skillhouse(&["search", "commit message", "-C", &skills.to_string_lossy(), "--index", &index.to_string_lossy(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let hits: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(hits[0]["name"], "writing-commit-messages");
    let out = skillhouse(&["search", "xyzzyplugh", "-C", &skills.to_string_lossy(), "--index", &index.to_string_lossy()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).contains("no skills match"));
}

#[test]
fn show_prints_each_level() {
    let skills = repo().join("skills").to_string_lossy().into_owned();
    let l1 = text(&skillhouse(&["show", "naming-skills", "-C", &skills]));
    assert!(l1.starts_with("naming-skills: "), "{l1}");
    assert!(l1.contains("L1 ") && l1.contains("(budget 100)"));
    let l2 = text(&skillhouse(&["show", "naming-skills", "-C", &skills, "--level", "2"]));
    let fragment = std::fs::read_to_string(repo().join("skills/OPERATING_PRINCIPLES.md")).unwrap();
    assert!(l2.starts_with(fragment.lines().next().unwrap()), "the fragment comes first at L2");
    assert!(l2.contains("L2 "));
    let l3 = text(&skillhouse(&["show", "reviewing-agent-cards", "-C", &skills, "--level", "3"]));
    assert!(l3.contains("references/") && l3.contains("L3 "), "{l3}");
    let missing = skillhouse(&["show", "no-such-skill", "-C", &skills]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn stats_reports_the_figures() {
    let out = skillhouse(&["stats", &repo().join("skills").to_string_lossy(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(stats["skills"], 16);
    assert_eq!(stats["agents"], 4);
    assert_eq!(stats["skillAgentRatio"], 4.0);
    // The legacy skill is valid here but not under the spec's profile.
    assert_eq!(stats["validAgentskills"]["count"], 15);
    assert_eq!(stats["withinBudget"]["count"], 16);
    assert!(stats["tokens"]["l2"].as_u64().unwrap() > stats["tokens"]["l1"].as_u64().unwrap());
}

#[test]
fn prompt_prints_the_available_skills_block() {
    let out = text(&skillhouse(&["prompt", &repo().join("skills").to_string_lossy()]));
    assert!(out.starts_with("<available_skills>\n<skill>\n<name>\n"), "{out}");
    assert!(out.trim_end().ends_with("</skill>\n</available_skills>"));
    assert_eq!(out.matches("<skill>").count(), 16);
    assert!(out.contains("/naming-skills/SKILL.md\n</location>"));
}

#[test]
fn new_scaffolds_a_skill_that_validates() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().to_string_lossy().into_owned();
    let out = skillhouse(&["new", "summarising-incidents", "-C", &root]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(tmp.path().join("summarising-incidents/SKILL.md").is_file());
    let check = skillhouse(&["validate", &root, "--deny-warnings"]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check));
    let again = skillhouse(&["new", "summarising-incidents", "-C", &root]);
    assert_eq!(again.status.code(), Some(2));
    let bad = skillhouse(&["new", "Bad Name", "-C", &root]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("bad-name"), "suggests a valid name");
}

// ---------------------------------------------------------------------------------------------
// `skillhouse card` and `skillhouse serve`.

fn sample() -> String {
    repo().join("skills").to_string_lossy().into_owned()
}

fn card_fixture(name: &str) -> PathBuf {
    repo().join("tests/cards").join(name)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn card_prints_the_agents_card_as_json() {
    let out = skillhouse(&["card", "agent-card-reviewer", "-C", &sample()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let card: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(card["name"], "agent-card-reviewer");
    assert_eq!(card["version"], "1.1.0");
    assert_eq!(card["skills"].as_array().unwrap().len(), 4);
    assert!(stderr(&out).is_empty(), "a clean card says nothing on stderr: {}", stderr(&out));
    // The same bytes every time.
    assert_eq!(skillhouse(&["card", "agent-card-reviewer", "-C", &sample()]).stdout, out.stdout);
    // No agent named: the agents are listed.
    let out = skillhouse(&["card", "-C", &sample()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("name an agent") && stderr(&out).contains("registry-publisher"), "{}", stderr(&out));
    let out = skillhouse(&["card", "nobody", "-C", &sample()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no agent `nobody`"), "{}", stderr(&out));
}

#[test]
fn card_check_exits_by_the_findings() {
    let out = skillhouse(&["card", "--check", "-C", &sample()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert_eq!(text(&out).matches(": 0 errors, 0 warnings").count(), 4, "{}", text(&out));

    let broken = card_fixture("01-field-missing").to_string_lossy().into_owned();
    let out = skillhouse(&["card", "pdf-helper", "--check", "-C", &broken]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).contains("error[card.field-missing]") && text(&out).contains("--> agents/pdf-helper.md:1:1"), "{}", text(&out));
    // Printing such a card still prints it, says why on stderr, and exits 1.
    let out = skillhouse(&["card", "pdf-helper", "-C", &broken]);
    assert_eq!(out.status.code(), Some(1));
    assert!(serde_json::from_slice::<serde_json::Value>(&out.stdout).is_ok());
    assert!(stderr(&out).contains("1 errors, 0 warnings"), "{}", stderr(&out));

    // A warning fails only with --deny-warnings.
    let warned = card_fixture("15-instruction-phrasing").to_string_lossy().into_owned();
    assert_eq!(skillhouse(&["card", "pdf-helper", "--check", "-C", &warned]).status.code(), Some(0));
    assert_eq!(skillhouse(&["card", "pdf-helper", "--check", "-C", &warned, "--deny-warnings"]).status.code(), Some(1));

    let out = skillhouse(&["card", "pdf-helper", "--check", "--format", "json", "-C", &broken]);
    let reviews: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(reviews[0]["diagnostics"][0]["code"], "card.field-missing");
    assert_eq!(reviews[0]["diagnostics"][0]["pointer"], "/version");
    assert_eq!(reviews[0]["status"], "unapproved");
}

#[test]
fn card_dialects() {
    let get = |dialect: &str| {
        let out = skillhouse(&["card", "registry-publisher", "-C", &sample(), "--dialect", dialect]);
        assert_eq!(out.status.code(), Some(0), "{dialect}: {}", stderr(&out));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let legacy = get("legacy");
    let agent_card = &legacy["agent_card"];
    assert_eq!(agent_card["id"], "skillhouse:registry-publisher");
    for key in ["protocols", "capabilities", "skills", "contact"] {
        assert!(!agent_card[key].is_null(), "{key}: {legacy}");
    }
    assert!(agent_card["skills"][0]["uri"].is_string() && agent_card["skills"][0]["token_budget"].is_u64());

    let v03 = get("0.3");
    assert_eq!(v03["protocolVersion"], "0.3.0");
    assert!(v03["url"].is_string() && v03["preferredTransport"].is_string() && v03["additionalInterfaces"].is_array());
    assert!(v03.get("supportedInterfaces").is_none());

    let both = get("both");
    assert!(both["url"].is_string() && both["supportedInterfaces"].is_array());
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(repo().join("schemas/a2a-agent-card-1.0.schema.json")).unwrap()).unwrap();
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    assert!(validator.is_valid(&both) && validator.is_valid(&get("1.0")));

    assert_eq!(skillhouse(&["card", "registry-publisher", "-C", &sample(), "--dialect", "0.2"]).status.code(), Some(2));
}

#[test]
fn card_approve_writes_the_files_or_refuses() {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&repo().join("skills"), tmp.path());
    let root = tmp.path().to_string_lossy().into_owned();
    let out = skillhouse(&["card", "skill-author-coach", "--approve", "--by", "Ada Lovelace", "-C", &root]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(text(&out).starts_with("approved skill-author-coach 1.0.0 (sha256 "), "{}", text(&out));
    assert!(text(&out).contains("by Ada Lovelace at ") && text(&out).contains("commit cards/skill-author-coach.json"), "{}", text(&out));
    let printed = skillhouse(&["card", "skill-author-coach", "-C", &root]).stdout;
    assert_eq!(std::fs::read(tmp.path().join("cards/skill-author-coach.json")).unwrap(), printed);
    let log: serde_json::Value = serde_json::from_slice(&std::fs::read(tmp.path().join("cards/approvals.json")).unwrap()).unwrap();
    assert_eq!(log["approvals"][0]["approvedBy"], "Ada Lovelace");
    assert_eq!(log["approvals"][0]["agent"], "skill-author-coach");
    let check = text(&skillhouse(&["card", "skill-author-coach", "--check", "-C", &root]));
    assert!(check.contains("card 1.0.0 approved,"), "{check}");

    // --by needs --approve.
    assert_eq!(skillhouse(&["card", "skill-author-coach", "--by", "Ada", "-C", &root]).status.code(), Some(2));

    // A card with an error is not approved, and nothing is written.
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&card_fixture("01-field-missing"), tmp.path());
    let out = skillhouse(&["card", "pdf-helper", "--approve", "--by", "Ada", "-C", &tmp.path().to_string_lossy()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("error: the card of `pdf-helper` has 1 error(s); fix them before approving"), "{}", stderr(&out));
    assert!(text(&out).is_empty());
    assert!(!tmp.path().join("cards").exists());
}

#[test]
fn serve_prints_its_urls_and_serves_the_cards() {
    use std::io::{BufRead, BufReader, Read, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_skillhouse"))
        .args(["serve", "-C", &sample(), "--agent", "agent-card-reviewer"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = Vec::new();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    while lines.len() < 10 {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap() == 0 {
            break;
        }
        let done = line.starts_with("serving ");
        lines.push(line.trim_end().to_string());
        if done {
            break;
        }
    }
    let result = std::panic::catch_unwind(|| {
        assert_eq!(lines.len(), 6, "{lines:#?}");
        let first = &lines[0];
        assert!(
            first.starts_with("http://127.0.0.1:") && first.ends_with("/agents/agent-card-reviewer/.well-known/agent-card.json"),
            "{first}"
        );
        assert!(lines[4].ends_with("/.well-known/agent-card.json (agent-card-reviewer)"), "{lines:#?}");
        assert!(lines[5].starts_with("serving 4 cards on http://127.0.0.1:"), "{lines:#?}");
        let rest = first.strip_prefix("http://").unwrap();
        let (host, path) = rest.split_at(rest.find('/').unwrap());
        let mut stream = std::net::TcpStream::connect(host).unwrap();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        let (head, body) = reply.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        assert!(head.to_ascii_lowercase().contains("content-type: application/json"), "{head}");
        let card: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(card["name"], "agent-card-reviewer");
        let printed = skillhouse(&["card", "agent-card-reviewer", "-C", &sample()]).stdout;
        assert_eq!(body.as_bytes(), printed.as_slice());
    });
    child.kill().unwrap();
    child.wait().unwrap();
    if let Err(panic) = result {
        std::panic::resume_unwind(panic);
    }
}

/// `skillhouse take`: an edit made to Skillhouse's copy in an agent's folder, shown as a diff
/// (a dry run writes nothing), then taken into the catalogue with `--yes`.
#[test]
fn take_shows_the_copys_edit_as_a_diff_and_writes_it_into_the_catalogue_only_with_yes() {
    let tmp = tempfile::tempdir().unwrap();
    let (cat, project, home) = (tmp.path().join("catalogue"), tmp.path().join("project"), tmp.path().join("home"));
    copy_dir(&repo().join("skills"), &cat);
    std::fs::create_dir_all(&project).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_skillhouse"))
            .args(args)
            .env("NO_COLOR", "1")
            .env("HOME", &home)
            .env_remove("CLAUDE_CONFIG_DIR")
            .env_remove("XDG_CONFIG_HOME")
            .output()
            .expect("skillhouse runs")
    };
    let (cat_s, project_s) = (cat.to_string_lossy().into_owned(), project.to_string_lossy().into_owned());
    let scope = ["--project", project_s.as_str()];
    let install =
        run(&[&["install", &cat_s, "--skill", "naming-skills", "--agent", "claude-code", "--copy", "--yes"][..], &scope].concat());
    assert_eq!(install.status.code(), Some(0), "{}{}", text(&install), stderr(&install));
    let copied = project.join(".claude/skills/naming-skills/SKILL.md");
    std::fs::write(&copied, std::fs::read_to_string(&copied).unwrap() + "\nTaken back from the agent.\n").unwrap();
    let source = cat.join("naming-skills/SKILL.md");
    let before = std::fs::read_to_string(&source).unwrap();

    let take = |yes: bool| {
        let mut args = vec!["take", cat_s.as_str(), "--skill", "naming-skills", "--agent", "claude-code", "--project", project_s.as_str()];
        if yes {
            args.push("--yes");
        }
        run(&args)
    };
    let dry = take(false);
    assert_eq!(dry.status.code(), Some(0), "{}{}", text(&dry), stderr(&dry));
    let shown = text(&dry);
    assert!(shown.contains("changed  SKILL.md") && shown.contains("+Taken back from the agent."), "{shown}");
    assert!(shown.contains("dry run: nothing was written"), "{shown}");
    assert_eq!(std::fs::read_to_string(&source).unwrap(), before, "a dry run wrote into the catalogue");

    let done = take(true);
    assert_eq!(done.status.code(), Some(0), "{}{}", text(&done), stderr(&done));
    assert!(text(&done).contains("1 written, 0 removed in naming-skills"), "{}", text(&done));
    assert!(std::fs::read_to_string(&source).unwrap().ends_with("\nTaken back from the agent.\n"));
    let status = run(&[&["status", &cat_s][..], &scope].concat());
    assert_eq!(status.status.code(), Some(0), "the copy is current again: {}", text(&status));

    // Both sides edited: refused, exit 1, nothing written.
    std::fs::write(&copied, std::fs::read_to_string(&copied).unwrap() + "\nThere.\n").unwrap();
    let here = std::fs::read_to_string(&source).unwrap() + "\nHere.\n";
    std::fs::write(&source, &here).unwrap();
    let refused = take(true);
    assert_eq!(refused.status.code(), Some(1), "{}", text(&refused));
    assert!(text(&refused).contains("refused  the catalogue's skill changed too"), "{}", text(&refused));
    assert_eq!(std::fs::read_to_string(&source).unwrap(), here);
}

#[cfg(unix)]
#[test]
fn output_into_a_reader_that_stopped_ends_quietly_as_unix_tools_do() {
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new(env!("CARGO_BIN_EXE_skillhouse"))
        .args(["stats", &sample(), "--format", "json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("skillhouse runs");
    // The reader goes away before anything is written, as `| head -0` would.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    const SIGPIPE: i32 = 13; // on Linux and macOS
    assert_eq!(out.status.signal(), Some(SIGPIPE), "ended by SIGPIPE, as `grep | head` does: {:?}", out.status);
}
