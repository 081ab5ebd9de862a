//! The TypeScript types in `ui/src/bindings/` are generated from the Rust types that cross IPC.
//! This test fails when they drift; `UPDATE_BINDINGS=1 cargo test --test bindings` rewrites them.

use skillhouse_core::agents::plan::{Action, Blocked, Conflict, ConflictKind, Step};
use skillhouse_core::agents::status::{Installed, State};
use skillhouse_core::agents::take::{Applied as TakeApplied, FileChange as TakeFile, FileKind as TakeFileKind, TakeKind, TakePlan};
use skillhouse_core::agents::view::{AgentsView, ScopeChoice, ToolRow, Wanted};
use skillhouse_core::agents::{Applied as InstallApplied, ApplyProgress as InstallProgress, How, Plan as InstallPlan};
use skillhouse_core::app_error::AppError;
use skillhouse_core::budget::Listing;
use skillhouse_core::card::diff::ChangeKind;
use skillhouse_core::card::signing::{Outcome, SignatureCheck};
use skillhouse_core::card::{Approval, CardReview, Change, Dialect, ServerInfo, Signing, SourceKind, Status, ValueSource};
use skillhouse_core::diagnostic::{Diagnostic, Severity};
use skillhouse_core::error_code::ErrorCode;
use skillhouse_core::export::archive::Written;
use skillhouse_core::export::import::{Applied, Change as ImportChange, ImportPlan};
use skillhouse_core::export::outputs::{ExportDone, ExportPreview, FileChange, OutputPreview, PreviewFile, Request};
use skillhouse_core::export::portable::Refusal;
use skillhouse_core::export::{LeftOut, Options, Packaging, Target};
use skillhouse_core::index::Phase;
use skillhouse_core::serving::{Client, ClientSetup, HeldRow, HttpServing, Lineup, ServeView, ServedRow, SnippetKind};
use skillhouse_core::settings::Budgets;
use skillhouse_core::stats::{Heavy, LocaleFigures, Share, Stats, TokenTotals};
use skillhouse_core::translation::{Freshness, FreshnessView, TranslationState};
use skillhouse_core::views::{About, CliBuild, ExportProgress, Imported, IndexProgress, SearchResult, SearchSnippet, Taken};
use skillhouse_core::views::{
    AgentRow, CatalogueView, DraftCheck, FieldValue, LevelTokens, LocaleLink, ResourceRow, SaveResult, SkillDetail, SkillRow,
};
use skillhouse_core::Profile;
use std::path::Path;
use ts_rs::{Config, TS};

fn generated<T: TS + 'static>(cfg: &Config) -> (String, String) {
    let path = T::output_path().expect("exportable").to_string_lossy().into_owned();
    (path, T::export_to_string(cfg).expect("exports"))
}

#[test]
fn bindings_match_the_rust_types() {
    let cfg = Config::new().with_large_int("number");
    let files = vec![
        generated::<AppError>(&cfg),
        generated::<ServeView>(&cfg),
        generated::<FreshnessView>(&cfg),
        generated::<TranslationState>(&cfg),
        generated::<Freshness>(&cfg),
        generated::<Lineup>(&cfg),
        generated::<ServedRow>(&cfg),
        generated::<HeldRow>(&cfg),
        generated::<Client>(&cfg),
        generated::<ClientSetup>(&cfg),
        generated::<SnippetKind>(&cfg),
        generated::<HttpServing>(&cfg),
        generated::<ErrorCode>(&cfg),
        generated::<FieldValue>(&cfg),
        generated::<CatalogueView>(&cfg),
        generated::<SkillRow>(&cfg),
        generated::<LocaleLink>(&cfg),
        generated::<AgentRow>(&cfg),
        generated::<SearchResult>(&cfg),
        generated::<SearchSnippet>(&cfg),
        generated::<SkillDetail>(&cfg),
        generated::<DraftCheck>(&cfg),
        generated::<SaveResult>(&cfg),
        generated::<ResourceRow>(&cfg),
        generated::<LevelTokens>(&cfg),
        generated::<Diagnostic>(&cfg),
        generated::<Severity>(&cfg),
        generated::<Profile>(&cfg),
        generated::<Budgets>(&cfg),
        generated::<Stats>(&cfg),
        generated::<Share>(&cfg),
        generated::<LocaleFigures>(&cfg),
        generated::<TokenTotals>(&cfg),
        generated::<Listing>(&cfg),
        generated::<Heavy>(&cfg),
        generated::<IndexProgress>(&cfg),
        generated::<Phase>(&cfg),
        generated::<CardReview>(&cfg),
        generated::<Approval>(&cfg),
        generated::<Signing>(&cfg),
        generated::<SignatureCheck>(&cfg),
        generated::<Outcome>(&cfg),
        generated::<Status>(&cfg),
        generated::<Change>(&cfg),
        generated::<ChangeKind>(&cfg),
        generated::<ValueSource>(&cfg),
        generated::<SourceKind>(&cfg),
        generated::<Dialect>(&cfg),
        generated::<ServerInfo>(&cfg),
        generated::<Request>(&cfg),
        generated::<Target>(&cfg),
        generated::<Packaging>(&cfg),
        generated::<Options>(&cfg),
        generated::<ExportPreview>(&cfg),
        generated::<OutputPreview>(&cfg),
        generated::<PreviewFile>(&cfg),
        generated::<FileChange>(&cfg),
        generated::<LeftOut>(&cfg),
        generated::<Refusal>(&cfg),
        generated::<ExportDone>(&cfg),
        generated::<Written>(&cfg),
        generated::<ExportProgress>(&cfg),
        generated::<ImportPlan>(&cfg),
        generated::<ImportChange>(&cfg),
        generated::<Applied>(&cfg),
        generated::<Imported>(&cfg),
        generated::<ScopeChoice>(&cfg),
        generated::<Wanted>(&cfg),
        generated::<ToolRow>(&cfg),
        generated::<AgentsView>(&cfg),
        generated::<Installed>(&cfg),
        generated::<State>(&cfg),
        generated::<How>(&cfg),
        generated::<InstallPlan>(&cfg),
        generated::<Step>(&cfg),
        generated::<Action>(&cfg),
        generated::<Conflict>(&cfg),
        generated::<ConflictKind>(&cfg),
        generated::<Blocked>(&cfg),
        generated::<InstallApplied>(&cfg),
        generated::<InstallProgress>(&cfg),
        generated::<TakePlan>(&cfg),
        generated::<TakeKind>(&cfg),
        generated::<TakeFile>(&cfg),
        generated::<TakeFileKind>(&cfg),
        generated::<TakeApplied>(&cfg),
        generated::<Taken>(&cfg),
        generated::<About>(&cfg),
        generated::<CliBuild>(&cfg),
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/bindings");
    let update = std::env::var_os("UPDATE_BINDINGS").is_some();
    let mut stale = Vec::new();
    for (name, text) in &files {
        let path = dir.join(name);
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, text).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(name.clone());
        }
    }
    assert!(
        stale.is_empty(),
        "ui/src/bindings is out of date for {stale:?}: run `UPDATE_BINDINGS=1 cargo test -p skillhouse-core --test bindings`"
    );
}
