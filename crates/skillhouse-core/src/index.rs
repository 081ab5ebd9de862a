//! The SQLite index: a derived, disposable store of what a load found, so that re-opening a
//! catalogue re-reads only what changed and search is instant.
//!
//! Invariant: the index holds nothing that cannot be rebuilt from the catalogue folder. Deleting
//! the file loses nothing but time.

use crate::agent::{self, Agent};
use crate::budget;
use crate::catalogue::{self, Catalogue, LoadError, LoadOptions, Prepared};
use crate::diagnostic::{Code, Diagnostic};
use crate::files::sha256_hex;
use crate::schema::Schemas;
use crate::skill::{self, Context, Skill};
use crate::tokens::{self, Cache, Levels};
use crate::toolkit::Toolkit;
use rayon::prelude::*;
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Schema version written to `PRAGMA user_version`.
pub const SCHEMA_VERSION: i32 = 4;

/// Forward migrations: entry `i` takes the schema from version `i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &[
    r#"
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE files (
    path TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    sha256 TEXT
);
CREATE INDEX files_owner ON files(owner);
CREATE TABLE skills (
    id INTEGER PRIMARY KEY,
    dir TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    profile TEXT NOT NULL,
    errors INTEGER NOT NULL,
    warnings INTEGER NOT NULL,
    l1 INTEGER, l2 INTEGER, l3 INTEGER,
    record TEXT NOT NULL
);
CREATE INDEX skills_name ON skills(name);
CREATE TABLE agents (
    file TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    record TEXT NOT NULL
);
CREATE TABLE diagnostics (
    owner TEXT NOT NULL,
    code TEXT NOT NULL,
    severity TEXT NOT NULL,
    file TEXT NOT NULL,
    line INTEGER NOT NULL,
    col INTEGER NOT NULL,
    pointer TEXT,
    message TEXT NOT NULL,
    hint TEXT
);
CREATE INDEX diagnostics_owner ON diagnostics(owner);
CREATE INDEX diagnostics_code ON diagnostics(code);
CREATE TABLE token_counts (sha256 TEXT PRIMARY KEY, tokens INTEGER NOT NULL);
CREATE VIRTUAL TABLE skills_fts USING fts5(name, description, tags, body, dir UNINDEXED, tokenize = 'unicode61 remove_diacritics 2');
-- The routing text alone: small doclists, so ranking it on every keystroke stays cheap.
CREATE VIRTUAL TABLE skills_meta_fts USING fts5(name, description, tags, dir UNINDEXED, tokenize = 'unicode61 remove_diacritics 2');
"#,
    r#"
-- Version 2: the body index keeps columns but not positions (search uses no phrase queries),
-- which makes a cold index about a third faster to write. Stored skills are dropped so the
-- next load re-reads them into the new table; token counts stay valid and are kept.
DROP TABLE skills_fts;
CREATE VIRTUAL TABLE skills_fts USING fts5(name, description, tags, body, dir UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', detail = column);
DELETE FROM skills_meta_fts;
DELETE FROM skills;
DELETE FROM files;
DELETE FROM diagnostics;
DELETE FROM meta WHERE key = 'fingerprint';
"#,
    // 2 → 3: stored skills record `has_body`; the next load re-reads every skill (token counts
    // stay valid and are kept).
    r#"
DELETE FROM skills_fts;
DELETE FROM skills_meta_fts;
DELETE FROM skills;
DELETE FROM files;
DELETE FROM diagnostics;
DELETE FROM meta WHERE key = 'fingerprint';
"#,
    // 3 → 4: a skill's stored record moves to its own table, so `skills` keeps a few rows to a
    // page. A search matching every skill looks up each hit's row there: through pages that
    // also held the record it read 10,000 pages (12 ms), now a few hundred (5 ms). Nothing is
    // re-read.
    r#"
CREATE TABLE skill_records (id INTEGER PRIMARY KEY, record TEXT NOT NULL);
INSERT INTO skill_records(id, record) SELECT id, record FROM skills;
ALTER TABLE skills DROP COLUMN record;
"#,
];

#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error("the index database failed: {0}; it is derived, so deleting it is safe")]
    Sqlite(#[from] rusqlite::Error),
    #[error("the index could not be stored: {0}")]
    Io(#[from] std::io::Error),
    #[error("opening the catalogue was cancelled")]
    Cancelled,
}

/// Progress of a long load, reported from worker threads.
pub trait Progress: Sync {
    fn started(&self, _phase: Phase, _total: usize) {}
    fn advanced(&self, _done: usize) {}
    /// Polled between pieces of work; when it turns true the load stops with
    /// [`IndexError::Cancelled`] and the index is left as it was.
    fn cancelled(&self) -> bool {
        false
    }
}

impl Progress for () {}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Checking,
    Counting,
    Writing,
}

/// A token count to remember: content hash and tokens.
type Count = (String, u64);

/// One skill's counts and the counts it added to the cache.
type Counted = (Levels, Vec<Count>);

/// What opening a catalogue through the index did, for progress displays and benchmarks.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Refresh {
    pub reused: usize,
    pub reloaded: usize,
    pub removed: usize,
}

#[derive(Serialize, Deserialize)]
struct StoredSkill {
    skill: Skill,
    /// Diagnostics as the skill's own load produced them (cross-catalogue ones are recomputed).
    diagnostics: Vec<Diagnostic>,
}

pub struct Index {
    conn: Connection,
}

impl Index {
    pub fn open(path: &Path) -> Result<Index, IndexError> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let conn = Connection::open(path)?;
        Self::init(conn)
    }

    pub fn in_memory() -> Result<Index, IndexError> {
        Self::init(Connection::open_in_memory()?)
    }

    fn init(conn: Connection) -> Result<Index, IndexError> {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        let mut index = Index { conn };
        index.migrate()?;
        Ok(index)
    }

    pub fn schema_version(&self) -> Result<i32, IndexError> {
        Ok(self.conn.pragma_query_value(None, "user_version", |r| r.get(0))?)
    }

    fn migrate(&mut self) -> Result<(), IndexError> {
        let mut version = self.schema_version()?;
        if version > SCHEMA_VERSION {
            // Written by a newer Skillhouse: the index is derived, so start again.
            self.reset()?;
            version = 0;
        }
        while version < SCHEMA_VERSION {
            let tx = self.conn.transaction()?;
            tx.execute_batch(MIGRATIONS[version as usize])?;
            tx.pragma_update(None, "user_version", version + 1)?;
            tx.commit()?;
            version += 1;
        }
        Ok(())
    }

    fn reset(&mut self) -> Result<(), IndexError> {
        // Virtual tables first: dropping one drops its shadow tables with it.
        for kind in ["virtual", "plain"] {
            let filter = if kind == "virtual" { "sql LIKE 'CREATE VIRTUAL%'" } else { "name NOT LIKE 'sqlite_%'" };
            let tables: Vec<String> = self
                .conn
                .prepare(&format!("SELECT name FROM sqlite_master WHERE type = 'table' AND {filter}"))?
                .query_map([], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            for t in tables {
                self.conn.execute_batch(&format!("DROP TABLE IF EXISTS \"{t}\""))?;
            }
        }
        self.conn.pragma_update(None, "user_version", 0)?;
        Ok(())
    }

    fn meta(&self, key: &str) -> Result<Option<String>, IndexError> {
        Ok(self.conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0)).optional()?)
    }

    fn token_cache(&self) -> Result<Cache, IndexError> {
        let mut stmt = self.conn.prepare("SELECT sha256, tokens FROM token_counts")?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)? as u64)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn stored_skills(&self) -> Result<HashMap<String, StoredSkill>, IndexError> {
        let mut stmt = self.conn.prepare("SELECT s.dir, r.record FROM skills s JOIN skill_records r ON r.id = s.id")?;
        let rows: Vec<(String, String)> = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?;
        // A record that does not parse (written by another version) is simply re-read from disk.
        Ok(rows.into_par_iter().filter_map(|(dir, record)| serde_json::from_str::<StoredSkill>(&record).ok().map(|s| (dir, s))).collect())
    }

    /// Opens a catalogue through the index: unchanged skills come from the index, changed ones
    /// are re-read and re-counted, and the index is brought up to date.
    pub fn load(&mut self, root: &Path, options: &LoadOptions, progress: &dyn Progress) -> Result<(Catalogue, Refresh), IndexError> {
        let schemas = Schemas::new();
        let prepared = catalogue::prepare(root, options, &schemas)?;
        let fingerprint = fingerprint(&prepared);
        let same_settings = self.meta("fingerprint")?.as_deref() == Some(fingerprint.as_str())
            && self.meta("root")?.as_deref() == Some(prepared.root.to_string_lossy().as_ref());
        let mut stored = if same_settings { self.stored_skills()? } else { HashMap::new() };
        let mut cache = self.token_cache()?;

        // Decide per skill: reuse (file and resources unchanged) or reload.
        let mut reused: Vec<Skill> = Vec::new();
        let mut to_load = Vec::new();
        for found in &prepared.layout.skills {
            match stored.remove(&found.dir).filter(|s| unchanged(&s.skill, found)) {
                Some(s) => {
                    let mut skill = s.skill;
                    skill.body = String::new(); // records written before bodies were left out carry one
                    skill.diagnostics = s.diagnostics;
                    skill.nested_in = found.parent.clone();
                    skill.aliases = found.aliases.clone();
                    reused.push(skill);
                }
                None => to_load.push(found.clone()),
            }
        }
        let removed: Vec<String> = stored.into_keys().collect();

        let toolkit = Toolkit::new(prepared.settings.toolkit.as_deref());
        let cx = Context::new(&prepared.root, &schemas, &toolkit, &prepared.settings);
        progress.started(Phase::Checking, to_load.len());
        let done = AtomicUsize::new(0);
        let loaded: Option<Vec<Skill>> = to_load
            .par_iter()
            .map(|found| {
                if progress.cancelled() {
                    return None;
                }
                let s = skill::load(&cx, found, prepared.profile_for(&found.dir));
                progress.advanced(done.fetch_add(1, Ordering::Relaxed) + 1);
                Some(s)
            })
            .collect();
        let loaded = loaded.ok_or(IndexError::Cancelled)?;

        let agents: Vec<Agent> = prepared.layout.agents.par_iter().map(|f| agent::load(&cx, f)).collect();
        let refresh = Refresh { reused: reused.len(), reloaded: loaded.len(), removed: removed.len() };

        // Count tokens in chunks on every core while a writer thread stores the chunks already
        // counted: writing the index then costs little wall time on top of counting.
        progress.started(Phase::Counting, loaded.len());
        let fragment_tokens = match prepared.fragment.as_deref() {
            Some(f) => *cache.entry(sha256_hex(f.as_bytes())).or_insert_with(|| tokens::count(f)),
            None => 0,
        };
        let budgets = prepared.settings.budgets;
        let clear = !same_settings;
        let total = loaded.len();
        let conn = &mut self.conn;
        let (loaded, fresh_counts) = std::thread::scope(|scope| -> Result<(Vec<Skill>, Vec<Count>), IndexError> {
            let (send, receive) = std::sync::mpsc::sync_channel::<Batch>(2);
            let prepared = &prepared;
            let fingerprint = &fingerprint;
            let removed = &removed;
            let writer = scope.spawn(move || write_batches(conn, prepared, fingerprint, removed, clear, receive));
            let done = AtomicUsize::new(0);
            let mut rest = loaded;
            let mut fresh_all = Vec::new();
            while !rest.is_empty() {
                let tail = rest.split_off(rest.len().min(WRITE_CHUNK));
                let mut chunk = std::mem::replace(&mut rest, tail);
                let counted: Option<Vec<Counted>> = chunk
                    .par_iter()
                    .map(|s| {
                        if progress.cancelled() {
                            return None;
                        }
                        let mut fresh = Vec::new();
                        let levels =
                            tokens::count_skill(&s.disclosure(&prepared.root), fragment_tokens, &cache, &HashMap::new(), &mut fresh);
                        progress.advanced(done.fetch_add(1, Ordering::Relaxed) + 1);
                        Some((levels, fresh))
                    })
                    .collect();
                // On cancel the writer sees the channel close without `Done` and rolls back.
                let counted = counted.ok_or(IndexError::Cancelled)?;
                for (s, (levels, fresh)) in chunk.iter_mut().zip(counted) {
                    fresh_all.extend(fresh);
                    budget::set_levels(s, levels, &budgets);
                }
                if send.send(Batch::Skills(chunk)).is_err() {
                    break; // the writer failed; its error is returned below
                }
            }
            progress.started(Phase::Writing, total);
            let _ = send.send(Batch::Done(fresh_all.clone()));
            drop(send);
            let written = writer.join().map_err(|_| IndexError::Io(std::io::Error::other("the index writer stopped")))??;
            Ok((written, fresh_all))
        })?;
        cache.extend(fresh_counts);

        let reloaded_dirs: Vec<String> = loaded.iter().map(|s| s.dir.clone()).chain(removed.iter().cloned()).collect();

        let mut skills = reused;
        skills.extend(loaded.into_iter().map(|mut s| {
            s.body = String::new(); // the index has it; keep memory flat on large catalogues
            s
        }));
        let mut catalogue = catalogue::assemble(prepared, skills, agents);
        budget::add_listing_diagnostic(&mut catalogue);
        self.sync_rows(&catalogue, &reloaded_dirs, true)?;
        Ok((catalogue, refresh))
    }

    /// Brings the stored diagnostics in line with the catalogue: for the skills that were
    /// re-read, for every skill that has or had a catalogue-wide diagnostic (a duplicate name
    /// comes and goes with another skill), for the agents when `agents` is set, and for the
    /// catalogue itself. Everything else is unchanged by construction.
    fn sync_rows(&mut self, catalogue: &Catalogue, reloaded: &[String], agents: bool) -> Result<(), IndexError> {
        let tx = self.conn.transaction()?;
        {
            let cross: Vec<String> = tx
                .prepare_cached("SELECT DISTINCT owner FROM diagnostics WHERE code IN (?1, ?2)")?
                .query_map([Code::SkillDuplicateName.as_str(), Code::TranslationMissingSections.as_str()], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            let mut owners: std::collections::BTreeSet<&str> = reloaded.iter().map(String::as_str).collect();
            owners.extend(cross.iter().map(String::as_str));
            owners.extend(
                catalogue
                    .skills
                    .iter()
                    .filter(|s| s.diagnostics.iter().any(|d| matches!(d.code, Code::SkillDuplicateName | Code::TranslationMissingSections)))
                    .map(|s| s.dir.as_str()),
            );
            let by_dir: HashMap<&str, &Skill> = catalogue.skills.iter().map(|s| (s.dir.as_str(), s)).collect();
            for owner in owners {
                tx.prepare_cached("DELETE FROM diagnostics WHERE owner = ?1")?.execute([owner])?;
                if let Some(s) = by_dir.get(owner) {
                    insert_diagnostics(&tx, owner, &s.diagnostics)?;
                }
            }
            if agents {
                tx.execute("DELETE FROM diagnostics WHERE owner IN (SELECT file FROM agents)", [])?;
                tx.execute("DELETE FROM agents", [])?;
                let mut put_agent = tx.prepare_cached("INSERT INTO agents(file, name, record) VALUES (?1, ?2, ?3)")?;
                for a in &catalogue.agents {
                    put_agent.execute(params![a.file, a.name, serde_json::to_string(a).unwrap_or_default()])?;
                    insert_diagnostics(&tx, &a.file, &a.diagnostics)?;
                }
            }
            tx.execute("DELETE FROM diagnostics WHERE owner = ''", [])?;
            insert_diagnostics(&tx, "", &catalogue.diagnostics)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Re-reads the given skills (by directory) after they changed on disk, re-counts them and
    /// re-runs the catalogue-wide rules. This is what the app calls from its file watcher.
    pub fn refresh_skills(&mut self, catalogue: &mut Catalogue, dirs: &[String]) -> Result<(), IndexError> {
        let schemas = Schemas::new();
        let toolkit = catalogue.toolkit();
        let cx = Context::new(&catalogue.root, &schemas, &toolkit, &catalogue.settings);
        let mut cache = Cache::new();
        let fragment_tokens = catalogue.fragment.as_deref().map(tokens::count).unwrap_or(0);
        let mut reloaded = Vec::new();
        let mut removed = Vec::new();
        for dir in dirs {
            let path = catalogue.root.join(dir);
            let position = catalogue.skills.iter().position(|s| &s.dir == dir);
            if !path.join(crate::scan::SKILL_FILE).is_file() {
                if let Some(i) = position {
                    catalogue.skills.remove(i);
                }
                removed.push(dir.clone());
                continue;
            }
            let parent =
                catalogue.skills.iter().filter(|s| dir.starts_with(&format!("{}/", s.dir))).map(|s| s.dir.clone()).max_by_key(|d| d.len());
            let Some((mut found, scan_diagnostics)) =
                crate::scan::scan_skill(&catalogue.root, dir, parent, catalogue.settings.limits.max_depth)
            else {
                continue;
            };
            // Links to the skill live outside its folder; a change inside it does not move them.
            found.aliases = position.map(|i| catalogue.skills[i].aliases.clone()).unwrap_or_default();
            let profile = catalogue.settings.profile_for(dir);
            let mut s = skill::load(&cx, &found, profile);
            s.diagnostics.extend(scan_diagnostics);
            let known: HashMap<String, tokens::ResourceTokens> = position
                .and_then(|i| catalogue.skills[i].tokens.as_ref())
                .map(|t| t.resources.iter().map(|r| (r.path.clone(), r.clone())).collect())
                .unwrap_or_default();
            let mut fresh = Vec::new();
            let levels = tokens::count_skill(&s.disclosure(&catalogue.root), fragment_tokens, &cache, &known, &mut fresh);
            cache.extend(fresh);
            budget::set_levels(&mut s, levels, &catalogue.settings.budgets);
            // The body stays, as a load from disk gives it (drafts and re-checks use it).
            reloaded.push(s.clone());
            match position {
                Some(i) => catalogue.skills[i] = s,
                None => {
                    catalogue.skills.push(s);
                    catalogue.skills.sort_by(|a, b| a.dir.cmp(&b.dir));
                }
            }
        }
        let agents_before: Vec<Vec<Diagnostic>> = catalogue.agents.iter().map(|a| a.diagnostics.clone()).collect();
        catalogue::recheck(catalogue);
        budget::add_listing_diagnostic(catalogue);
        let agents_changed = catalogue.agents.iter().map(|a| &a.diagnostics).ne(agents_before.iter());
        let fresh: Vec<(String, u64)> = cache.into_iter().collect();
        let tx = self.conn.transaction()?;
        {
            let mut put_count = tx.prepare_cached("INSERT OR IGNORE INTO token_counts(sha256, tokens) VALUES (?1, ?2)")?;
            for (hash, n) in &fresh {
                put_count.execute(params![hash, *n as i64])?;
            }
            for dir in removed.iter().chain(reloaded.iter().map(|s| &s.dir)) {
                delete_skill_rows(&tx, dir)?;
            }
            for s in &reloaded {
                insert_skill_rows(&tx, s)?;
            }
        }
        tx.commit()?;
        let touched: Vec<String> = removed.into_iter().chain(reloaded.into_iter().map(|s| s.dir)).collect();
        self.sync_rows(catalogue, &touched, agents_changed)?;
        Ok(())
    }

    /// Full-text search over name, description, tags and body. Each word of `query` must match
    /// (as a prefix, so results come while typing). Skills whose name, description or tags match
    /// come first, best first; then skills that match only in their body. Ranking every body
    /// match by relevance would cost milliseconds per keystroke on large catalogues, and a match
    /// in the routing text is what a person looks for first.
    pub fn search(&self, query: &str, limit: usize) -> Result<Vec<Hit>, IndexError> {
        self.hits(&self.search_ids(query, limit)?)
    }

    /// [`Index::search`] as the ids of the skills' rows in this index, which is all the app
    /// needs for a full result list: reading each hit's folder, name and description as well
    /// made a search matching 10,000 skills three times slower.
    pub fn search_ids(&self, query: &str, limit: usize) -> Result<Vec<i64>, IndexError> {
        let Some(expression) = fts_expression(query) else { return Ok(Vec::new()) };
        let mut ids: Vec<i64> = self
            .conn
            .prepare_cached(
                "SELECT rowid FROM skills_meta_fts WHERE skills_meta_fts MATCH ?1 ORDER BY bm25(skills_meta_fts, 10.0, 5.0, 3.0) LIMIT ?2",
            )?
            .query_map(params![expression, limit as i64], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        if ids.len() < limit {
            let seen: std::collections::HashSet<i64> = ids.iter().copied().collect();
            let mut stmt = self.conn.prepare_cached("SELECT rowid FROM skills_fts WHERE skills_fts MATCH ?1")?;
            let mut rows = stmt.query(params![expression])?;
            while let Some(row) = rows.next()? {
                let id: i64 = row.get(0)?;
                if !seen.contains(&id) {
                    ids.push(id);
                    if ids.len() == limit {
                        break;
                    }
                }
            }
        }
        Ok(ids)
    }

    /// The skills with these ids, in the same order; an id no longer in the index is left out.
    pub fn hits(&self, ids: &[i64]) -> Result<Vec<Hit>, IndexError> {
        let mut stmt = self.conn.prepare_cached("SELECT id, dir, name, description FROM skills WHERE id = ?1")?;
        let mut hits = Vec::with_capacity(ids.len());
        for id in ids {
            let found = stmt
                .query_row([id], |r| {
                    Ok(Hit { id: r.get(0)?, dir: r.get(1)?, name: r.get(2)?, description: r.get(3)?, snippet: String::new() })
                })
                .optional()?;
            hits.extend(found);
        }
        Ok(hits)
    }

    /// Every skill's id with its folder, to turn [`Index::search_ids`] into skills.
    pub fn ids(&self) -> Result<Vec<(i64, String)>, IndexError> {
        let mut stmt = self.conn.prepare_cached("SELECT id, dir FROM skills")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Pieces of the body around the matches of `query`, for the hits a person is looking at.
    /// Separate from [`Index::search`] because snippets cost about a tenth of a millisecond
    /// each, which adds up over a full result list on every keystroke.
    pub fn snippets(&self, query: &str, hits: &mut [Hit]) -> Result<(), IndexError> {
        let Some(expression) = fts_expression(query) else { return Ok(()) };
        let mut stmt = self
            .conn
            .prepare_cached("SELECT snippet(skills_fts, 3, '[', ']', '…', 12) FROM skills_fts WHERE skills_fts MATCH ?1 AND rowid = ?2")?;
        for h in hits.iter_mut() {
            if let Some(snippet) = stmt.query_row(params![expression, h.id], |r| r.get::<_, String>(0)).optional()? {
                h.snippet = snippet;
            }
        }
        Ok(())
    }

    /// Diagnostics stored for the catalogue, by code (for filters).
    pub fn diagnostic_counts(&self) -> Result<Vec<(String, String, i64)>, IndexError> {
        let mut stmt = self.conn.prepare("SELECT code, severity, COUNT(*) FROM diagnostics GROUP BY code, severity ORDER BY code")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hit {
    /// The skill's row in the index, until the skill is written again.
    #[serde(skip)]
    pub id: i64,
    pub dir: String,
    pub name: String,
    pub description: String,
    /// A piece of the body around the match, matches in `[brackets]`; filled by
    /// [`Index::snippets`], empty until then.
    pub snippet: String,
}

/// Turns what a person typed into an FTS5 expression: each word quoted (so FTS syntax in the
/// query is taken literally) and matched as a prefix.
fn fts_expression(query: &str) -> Option<String> {
    let terms: Vec<String> = query
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|t| !t.is_empty())
        .map(|t| format!("\"{}\"*", t.replace('"', "\"\"")))
        .collect();
    (!terms.is_empty()).then(|| terms.join(" AND "))
}

/// Skills counted per batch handed to the writer.
const WRITE_CHUNK: usize = 256;

/// What the counting side hands the index writer.
enum Batch {
    Skills(Vec<Skill>),
    /// Everything is counted: store these new token counts and commit.
    Done(Vec<(String, u64)>),
}

/// Stores batches of loaded skills in one transaction, committed only when `Done` arrives; if the
/// channel closes first (cancel, error), the transaction is rolled back.
fn write_batches(
    conn: &mut Connection,
    prepared: &Prepared,
    fingerprint: &str,
    removed: &[String],
    clear: bool,
    receive: std::sync::mpsc::Receiver<Batch>,
) -> Result<Vec<Skill>, IndexError> {
    let tx = conn.transaction()?;
    if clear {
        tx.execute_batch(
            "DELETE FROM skills; DELETE FROM skill_records; DELETE FROM files; DELETE FROM skills_fts; DELETE FROM skills_meta_fts; DELETE FROM diagnostics;",
        )?;
    }
    {
        let mut put_meta = tx.prepare_cached("INSERT OR REPLACE INTO meta(key, value) VALUES (?1, ?2)")?;
        put_meta.execute(params!["fingerprint", fingerprint])?;
        put_meta.execute(params!["root", prepared.root.to_string_lossy()])?;
    }
    for dir in removed {
        delete_skill_rows(&tx, dir)?;
    }
    let mut written = Vec::new();
    for batch in receive {
        match batch {
            Batch::Skills(chunk) => {
                for s in &chunk {
                    delete_skill_rows(&tx, &s.dir)?;
                    insert_skill_rows(&tx, s)?;
                }
                written.extend(chunk);
            }
            Batch::Done(fresh) => {
                {
                    let mut put_count = tx.prepare_cached("INSERT OR IGNORE INTO token_counts(sha256, tokens) VALUES (?1, ?2)")?;
                    for (hash, n) in &fresh {
                        put_count.execute(params![hash, *n as i64])?;
                    }
                }
                tx.commit()?;
                return Ok(written);
            }
        }
    }
    Err(IndexError::Cancelled)
}

fn delete_skill_rows(tx: &rusqlite::Transaction<'_>, dir: &str) -> Result<(), rusqlite::Error> {
    // The search table is found by rowid: its `dir` column is not indexed.
    tx.prepare_cached("DELETE FROM skills_fts WHERE rowid = (SELECT id FROM skills WHERE dir = ?1)")?.execute([dir])?;
    tx.prepare_cached("DELETE FROM skills_meta_fts WHERE rowid = (SELECT id FROM skills WHERE dir = ?1)")?.execute([dir])?;
    tx.prepare_cached("DELETE FROM skill_records WHERE id = (SELECT id FROM skills WHERE dir = ?1)")?.execute([dir])?;
    tx.prepare_cached("DELETE FROM skills WHERE dir = ?1")?.execute([dir])?;
    tx.prepare_cached("DELETE FROM files WHERE owner = ?1")?.execute([dir])?;
    tx.prepare_cached("DELETE FROM diagnostics WHERE owner = ?1")?.execute([dir])?;
    Ok(())
}

fn insert_skill_rows(tx: &rusqlite::Transaction<'_>, s: &Skill) -> Result<(), rusqlite::Error> {
    let counts = crate::diagnostic::Counts::of(&s.diagnostics);
    // The body is left out of the record: the search table holds it, and a re-open would parse
    // every body again only to drop it (SKILL.md text is most of a large catalogue's bytes).
    let record = serde_json::to_string(&StoredSkill {
        skill: Skill { diagnostics: Vec::new(), body: String::new(), ..s.clone() },
        diagnostics: s.diagnostics.clone(),
    })
    .unwrap_or_default();
    let t = s.tokens.as_ref();
    tx.prepare_cached(
        "INSERT INTO skills(dir, name, description, profile, errors, warnings, l1, l2, l3) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        s.dir,
        s.name,
        s.description,
        s.profile.as_str(),
        counts.errors as i64,
        counts.warnings as i64,
        t.map(|t| t.l1 as i64),
        t.map(|t| t.l2 as i64),
        t.map(|t| t.l3 as i64),
    ])?;
    let id = tx.last_insert_rowid();
    tx.prepare_cached("INSERT INTO skill_records(id, record) VALUES (?1, ?2)")?.execute(params![id, record])?;
    let mut put_file =
        tx.prepare_cached("INSERT OR REPLACE INTO files(path, owner, size, mtime_ns, sha256) VALUES (?1, ?2, ?3, ?4, ?5)")?;
    put_file.execute(params![s.file(), s.dir, s.stamp.size as i64, s.stamp.mtime_ns, s.stamp.sha256])?;
    let hashes: HashMap<&str, Option<&str>> =
        t.map(|t| t.resources.iter().map(|r| (r.path.as_str(), r.sha256.as_deref())).collect()).unwrap_or_default();
    for r in &s.resources {
        put_file.execute(params![
            format!("{}/{}", s.dir, r.path),
            s.dir,
            r.size as i64,
            r.mtime_ns,
            hashes.get(r.path.as_str()).copied().flatten()
        ])?;
    }
    tx.prepare_cached("INSERT INTO skills_fts(rowid, name, description, tags, body, dir) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?
        .execute(params![id, s.name, s.description, s.tags.join(" "), s.body, s.dir])?;
    tx.prepare_cached("INSERT INTO skills_meta_fts(rowid, name, description, tags, dir) VALUES (?1, ?2, ?3, ?4, ?5)")?.execute(params![
        id,
        s.name,
        s.description,
        s.tags.join(" "),
        s.dir
    ])?;
    Ok(())
}

fn insert_diagnostics(tx: &rusqlite::Transaction<'_>, owner: &str, diagnostics: &[Diagnostic]) -> Result<(), rusqlite::Error> {
    let mut put = tx.prepare_cached("INSERT INTO diagnostics(owner, code, severity, file, line, col, pointer, message, hint) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")?;
    for d in diagnostics {
        put.execute(params![owner, d.code.as_str(), d.severity.to_string(), d.file, d.line, d.column, d.pointer, d.message, d.hint])?;
    }
    Ok(())
}

/// Whether a stored skill still matches the disk: its `SKILL.md` and every resource have the
/// same size and modification time as the scan saw (or, for `SKILL.md`, the same content), and
/// no resource came or went.
fn unchanged(stored: &Skill, found: &crate::scan::SkillDir) -> bool {
    let (size, mtime_ns) = found.skill_md;
    if size != stored.stamp.size || found.resources != stored.resources {
        return false;
    }
    // Touched but maybe not changed (a checkout, a save without edits): compare content.
    mtime_ns == stored.stamp.mtime_ns
        || std::fs::read(found.path.join(crate::scan::SKILL_FILE)).is_ok_and(|b| sha256_hex(&b) == stored.stamp.sha256)
}

/// Everything besides the files that decides a load's result: when it changes, every skill is
/// checked again (token counts by content hash stay valid).
/// Raised whenever reading the same bytes yields something else (a parsing rule changed), so that
/// indexes written before are read again rather than trusted: the package version alone does not
/// change between builds of one version. 2: YAML 1.1 number spellings are strings. 3: skills
/// have a locale and headings.
const READING_RULES: u32 = 3;

fn fingerprint(prepared: &Prepared) -> String {
    let settings = serde_json::to_string(&prepared.settings).unwrap_or_default();
    let schemas: String = crate::schema::FILES.iter().map(|(_, t)| *t).collect();
    sha256_hex(
        format!(
            "{}+{READING_RULES}\n{settings}\n{}\n{:?}\n{}",
            env!("CARGO_PKG_VERSION"),
            prepared.fragment.as_deref().unwrap_or_default(),
            prepared.profile_override,
            sha256_hex(schemas.as_bytes())
        )
        .as_bytes(),
    )
}
