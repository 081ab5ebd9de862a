//! The error codes that cross a boundary (IPC today, MCP next), declared here once: ts-rs
//! exports them to the UI as a union type, and `tests/ipc_surface.rs` (src-tauri) writes the
//! runtime list and checks docs/ipc.md. A leaf, so that any module can name its codes without
//! importing the error shape and the conversions in `app_error`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

macro_rules! error_codes {
    ($($(#[doc = $doc:literal])* $variant:ident => $code:literal,)*) => {
        /// What went wrong, for the UI to branch on (never on `message`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
        pub enum ErrorCode {
            $($(#[doc = $doc])* #[serde(rename = $code)] $variant,)*
        }

        impl ErrorCode {
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];

            pub fn as_str(self) -> &'static str {
                match self { $(ErrorCode::$variant => $code,)* }
            }

            /// What the code means, for docs/ipc.md (the variant's doc comment).
            pub fn meaning(self) -> &'static str {
                match self { $(ErrorCode::$variant => concat!($($doc),*).trim_ascii(),)* }
            }
        }
    };
}

error_codes! {
    /// The folder does not exist, is not a folder, or holds no catalogue.
    CatalogueNotFound => "catalogue.not-found",
    /// A command needs an open catalogue and none is open.
    CatalogueNotOpen => "catalogue.not-open",
    /// No skill in that folder.
    SkillNotFound => "skill.not-found",
    /// Create or rename onto a folder that exists.
    SkillExists => "skill.exists",
    /// Not a valid skill name; `details: { suggestion: string }`.
    SkillBadName => "skill.bad-name",
    /// The file changed on disk since it was opened; `details: { disk_text, disk_sha256 }`.
    SaveConflict => "save.conflict",
    /// A field edit could not be applied losslessly; `details: { reason: string }`.
    EditInvalid => "edit.invalid",
    /// The person cancelled a long operation; nothing changed.
    Cancelled => "cancelled",
    /// `approve_card` refused: the card has errors (fix the findings first).
    CardHasErrors => "card.has-errors",
    /// No agent of that name in the open catalogue.
    CardUnknownAgent => "card.unknown-agent",
    /// `cards/approvals.json` cannot be read or is not a valid approval log.
    CardLogUnreadable => "card.log-unreadable",
    /// The card cannot be signed as it is (a2a-sdk would canonicalise it differently, e.g. it
    /// drops empty values), or a signing key cannot be used; the message names what to change.
    CardUnsignable => "card.unsignable",
    /// The agent has no approved card that is still current (approve it first).
    CardNotApproved => "card.not-approved",
    /// `start_card_server` cannot listen on that port (try another, or 0).
    ServerPortUnavailable => "server.port-unavailable",
    /// No `skillhouse` binary beside the app or on the PATH, so the MCP server cannot be started
    /// (install the package, or build it with `cargo build -p skillhouse-cli`).
    ServeCliMissing => "serve.cli-missing",
    /// `skillhouse mcp --http` did not start; the message holds what it said.
    ServeFailed => "serve.failed",
    /// The catalogue has errors, so it is not exported (the message names the first three).
    ExportHasErrors => "export.has-errors",
    /// The catalogue has warnings and `options.denyWarnings` is set.
    ExportHasWarnings => "export.has-warnings",
    /// No format chosen, a destination that is relative or inside the catalogue, or a bad time.
    ExportInvalidOption => "export.invalid-option",
    /// Something that is not an earlier export is where an output goes.
    ExportOutputExists => "export.output-exists",
    /// The path to import is missing or not a folder, `.tar.gz` or `.zip`.
    ExportNotABundle => "export.not-a-bundle",
    /// `apply_import` without a matching preview (or for another catalogue).
    ExportImportRefused => "export.import-refused",
    /// The agent cards could not be computed for an export.
    ExportCardsUnreadable => "export.cards-unreadable",
    /// `reveal_export` for a path no export of this session wrote.
    ExportNotExported => "export.not-exported",
    /// No agent tool with that id (`agents` lists them; custom ones go in `skillhouse.yaml`).
    AgentsUnknownTool => "agents.unknown-tool",
    /// A `skills-lock.json` or `.skill-lock.json` that cannot be read as a lock; `details: { path }`.
    AgentsLockInvalid => "agents.lock-invalid",
    /// The folders changed since the plan was made, or no plan was made for this scope; nothing
    /// was written (plan again).
    AgentsPlanStale => "agents.plan-stale",
    /// Installing failed part-way and what had changed was put back; the message says why.
    AgentsWriteFailed => "agents.write-failed",
    /// Sent only by the browser demo (`ui/src/demo`), which replays recorded answers and changes nothing.
    DemoReadOnly => "demo.read-only",
    /// A file operation failed; the message says which and why.
    Io => "io",
    /// A bug or an impossible state; the message is for a bug report.
    Internal => "internal",
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
