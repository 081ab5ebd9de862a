//! `skillhouse-bench CATALOGUE [--index FILE]`: times each phase of opening a catalogue and prints
//! one JSON object. Each figure is taken in a fresh state where it matters (the index file is
//! deleted before the cold run). Peak memory is the process's high-water mark (VmHWM), so run
//! the memory-sensitive phase first or read it from a separate run, as `bench/run.sh` does.
//!
//! `--phase count` times token counting alone (every level of every skill, no index, no cache)
//! on one thread and then on every core, to show how close counting comes to the cores' speed.
//!
//! `--phase mcp [--skillhouse BIN]` times `skillhouse mcp` as a client sees it, over stdio, on the
//! index made warm first (see `mcp.rs`).

mod mcp;

use skillhouse_core::catalogue::{self, LoadOptions};
use skillhouse_core::index::{Index, Phase, Progress};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

pub(crate) fn secs(d: Duration) -> f64 {
    (d.as_secs_f64() * 10_000.0).round() / 10_000.0
}

pub(crate) fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    secs(sorted[i]) * 1000.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let root = PathBuf::from(
        args.get(1).expect("usage: skillhouse-bench CATALOGUE [--index FILE] [--phase all|parse|cold|count|search|agents|mcp]"),
    );
    let flag = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let index_file = flag("--index").map(PathBuf::from).unwrap_or_else(|| std::env::temp_dir().join("skillhouse-bench.sqlite"));
    let phase = flag("--phase").unwrap_or_else(|| "all".into());
    let mut out = serde_json::Map::new();

    if phase == "parse" || phase == "all" {
        let t = Instant::now();
        let cat = catalogue::load(&root, &LoadOptions::default()).expect("catalogue loads");
        out.insert("parse_validate_s".into(), secs(t.elapsed()).into());
        out.insert("skills".into(), cat.skills.len().into());
        if phase == "parse" {
            out.insert("peak_rss_mb".into(), peak_rss_mb().into());
        }
    }
    if phase == "cold" || phase == "all" {
        remove_index(&index_file);
        let clock = PhaseClock { started: Instant::now(), marks: Mutex::new(Vec::new()) };
        let mut index = Index::open(&index_file).expect("index opens");
        let (cat, _) = index.load(&root, &LoadOptions::default(), &clock).expect("cold index");
        let total = clock.started.elapsed();
        out.insert("cold_index_s".into(), secs(total).into());
        let marks = clock.marks.into_inner().unwrap();
        for (i, (phase, at)) in marks.iter().enumerate() {
            let end = marks.get(i + 1).map(|m| m.1).unwrap_or(total);
            let name = match phase {
                Phase::Checking => "cold_scan_parse_validate_s",
                Phase::Counting => "cold_count_tokens_s",
                Phase::Writing => "cold_write_index_s",
            };
            out.insert(name.into(), secs(end - *at).into());
        }
        if let Some((_, first)) = marks.first() {
            out.insert("cold_settings_scan_s".into(), secs(*first).into());
        }
        out.insert("errors".into(), cat.counts().errors.into());
        if phase == "cold" {
            out.insert("peak_rss_mb".into(), peak_rss_mb().into());
        }
    }
    if phase == "count" {
        count_on_one_and_all_cores(&root, &mut out);
    }
    if phase == "all" {
        reopen_and_change(&root, &index_file, &mut out);
    }
    if phase == "agents" {
        agents(&root, &mut out);
    }
    if phase == "mcp" {
        let skillhouse = flag("--skillhouse")
            .map(PathBuf::from)
            .unwrap_or_else(|| std::env::current_exe().expect("the bench knows where it is").with_file_name("skillhouse"));
        mcp::run(&root, &index_file, &skillhouse, &mut out);
    }
    if phase == "search" {
        // The app's search alone, on the index as it is (built first if missing).
        let session = skillhouse_core::session::Session::open(&root, &index_file, &()).expect("session opens");
        let view = session.view();
        out.insert("app_view_json_kb".into(), (serde_json::to_vec(&view).expect("view serialises").len() / 1024).into());
        app_search(&session, &mut out);
    }
    println!("{}", serde_json::Value::Object(out));
}

/// Counts every skill's levels (L1, body, each text resource) with an empty cache, first on a
/// pool of one thread, then on the default pool: the same work the cold index's counting does,
/// without the index writer beside it.
fn count_on_one_and_all_cores(root: &Path, out: &mut serde_json::Map<String, serde_json::Value>) {
    use rayon::prelude::*;
    use skillhouse_core::tokens;
    let cat = catalogue::load(root, &LoadOptions::default()).expect("catalogue loads");
    let count_all = || -> u64 {
        cat.skills
            .par_iter()
            .map(|s| {
                let levels = tokens::count_skill(&s.disclosure(&cat.root), 0, &tokens::Cache::new(), &Default::default(), &mut Vec::new());
                levels.l1 + levels.l2 + levels.l3
            })
            .sum()
    };
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a one-thread pool");
    let t = Instant::now();
    let on_one = one.install(count_all);
    let one_s = t.elapsed();
    let t = Instant::now();
    let on_all = count_all();
    let all_s = t.elapsed();
    assert_eq!(on_one, on_all, "counts must not depend on the number of threads");
    let cores = rayon::current_num_threads();
    out.insert("tokens".into(), on_all.into());
    out.insert("count_one_core_s".into(), secs(one_s).into());
    out.insert("count_all_cores_s".into(), secs(all_s).into());
    out.insert("count_cores".into(), cores.into());
    // 1.0 = the cores' full speed; the target is at most 1.2.
    let vs_ideal = all_s.as_secs_f64() / (one_s.as_secs_f64() / cores as f64);
    out.insert("count_vs_ideal".into(), ((vs_ideal * 100.0).round() / 100.0).into());
}

/// Installing into agent tools at catalogue scale: five tools (four that follow links, Cursor,
/// which is copied into) in a temporary HOME, every skill to every tool. Times the plan of the
/// full install, applying it, a sync with nothing to do, and status (the median of five of each).
fn agents(root: &Path, out: &mut serde_json::Map<String, serde_json::Value>) {
    use skillhouse_core::agents::{apply, plan, status::status, Host, Registry, Request, Scope, Targets};
    let cat = catalogue::load(root, &LoadOptions::default()).expect("catalogue loads");
    let schemas = skillhouse_core::schema::Schemas::new();
    let home = std::env::temp_dir().join(format!("skillhouse-bench-agents-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).expect("a temporary HOME");
    let host = Host { home: home.clone(), env: Default::default() };
    let registry = Registry::builtin();
    let targets = Targets { registry: &registry, host: &host, scope: Scope::Global };
    let skills: Vec<String> = cat.skills.iter().filter(|s| !s.has_errors()).map(|s| s.name.clone()).collect();
    let agents: Vec<String> = ["claude-code", "goose", "windsurf", "roo", "cursor"].map(String::from).to_vec();
    let request = Request::Install { skills: &skills, agents: &agents, copy: false };
    let t = Instant::now();
    let full = plan(&cat, &schemas, &targets, &request).expect("plan");
    out.insert("agents_plan_full_s".into(), secs(t.elapsed()).into());
    out.insert("agents_installs".into(), full.steps.len().into());
    let t = Instant::now();
    apply(&full, &cat, &schemas, &targets, "2026-01-01T00:00:00.000Z").expect("apply");
    out.insert("agents_apply_full_s".into(), secs(t.elapsed()).into());
    // The first sync runs while the kernel still writes the install's 50,000 folders back: the
    // median of five is what a sync later in the day takes; the first is reported beside it.
    let mut syncs = Vec::new();
    let mut statuses = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let nothing = plan(&cat, &schemas, &targets, &Request::Sync).expect("sync plan");
        syncs.push(t.elapsed());
        assert_eq!(nothing.changes().count(), 0, "a sync right after the install has nothing to do");
        let t = Instant::now();
        let rows = status(&cat, &targets).expect("status");
        statuses.push(t.elapsed());
        assert_eq!(rows.len(), full.steps.len());
    }
    out.insert("agents_sync_nothing_first_s".into(), secs(syncs[0]).into());
    out.insert("agents_status_first_s".into(), secs(statuses[0]).into());
    syncs.sort();
    statuses.sort();
    out.insert("agents_sync_nothing_s".into(), secs(syncs[2]).into());
    out.insert("agents_status_s".into(), secs(statuses[2]).into());
    let _ = std::fs::remove_dir_all(&home);
}

/// Records when each phase of an index load started, to split the cold time.
struct PhaseClock {
    started: Instant,
    marks: Mutex<Vec<(Phase, Duration)>>,
}

impl Progress for PhaseClock {
    fn started(&self, phase: Phase, _total: usize) {
        self.marks.lock().unwrap().push((phase, self.started.elapsed()));
    }
}

fn remove_index(file: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
    }
}

fn reopen_and_change(root: &Path, index_file: &Path, out: &mut serde_json::Map<String, serde_json::Value>) {
    // Re-open of an unchanged catalogue (fresh connection, as a new process would).
    let t = Instant::now();
    let mut index = Index::open(index_file).expect("index opens");
    let (mut cat, refresh) = index.load(root, &LoadOptions::default(), &()).expect("re-open");
    out.insert("reopen_s".into(), secs(t.elapsed()).into());
    out.insert("reopen_reloaded".into(), refresh.reloaded.into());

    // One skill changes; the app's watcher reports its folder.
    let victim = cat.skills[cat.skills.len() / 2].clone();
    let file = root.join(victim.file());
    let original = std::fs::read_to_string(&file).expect("skill readable");
    let changed = original.replacen("\n---\n", "\n---\n\nA line added by the benchmark.\n", 1);
    std::fs::write(&file, &changed).expect("skill writable");
    let t = Instant::now();
    index.refresh_skills(&mut cat, std::slice::from_ref(&victim.dir)).expect("refresh");
    out.insert("reindex_one_s".into(), secs(t.elapsed()).into());

    // The same change seen by a full re-open (what the CLI does after an edit elsewhere).
    std::fs::write(&file, &original).expect("skill writable");
    let t = Instant::now();
    let (_, refresh) = index.load(root, &LoadOptions::default(), &()).expect("re-open after change");
    out.insert("reopen_after_change_s".into(), secs(t.elapsed()).into());
    out.insert("reopen_after_change_reloaded".into(), refresh.reloaded.into());

    // Search: a spread of one- and two-word queries, prefixes included, as typed.
    let words = ["deploy", "kube", "review", "token", "security audit", "pipeline", "schema valid", "data", "incident resp", "migrat"];
    let mut times = Vec::new();
    for _ in 0..20 {
        for w in words {
            let t = Instant::now();
            let hits = index.search(w, 50).expect("search");
            times.push(t.elapsed());
            std::hint::black_box(hits);
        }
    }
    times.sort();
    out.insert("search_p50_ms".into(), percentile(&times, 0.5).into());
    out.insert("search_p95_ms".into(), percentile(&times, 0.95).into());

    let session = skillhouse_core::session::Session::open(root, index_file, &()).expect("session opens");
    app_search(&session, out);
}

/// The app's search: every hit (the list counts and filters them all), snippets for the first
/// rows, and the JSON that crosses IPC.
fn app_search(session: &skillhouse_core::session::Session, out: &mut serde_json::Map<String, serde_json::Value>) {
    let skills = session.catalogue().skills.len();
    let mut times = Vec::new();
    let mut bytes = 0;
    for _ in 0..3 {
        for w in ["deploy", "review", "migration", "schema", "cache", "api", "pdf"] {
            let t = Instant::now();
            let hits = session.search(w, skills).expect("search");
            let json = serde_json::to_vec(&hits).expect("hits serialise");
            times.push(t.elapsed());
            bytes = bytes.max(json.len());
        }
    }
    times.sort();
    out.insert("app_search_p50_ms".into(), percentile(&times, 0.5).into());
    out.insert("app_search_max_ms".into(), percentile(&times, 1.0).into());
    out.insert("app_search_json_max_kb".into(), (bytes / 1024).into());
}
