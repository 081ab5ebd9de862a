//! The one error shape that crosses a boundary (IPC today, MCP next): `{code, message, details}`.
//! The codes are a closed set, declared here once: ts-rs exports them to the UI as a union type,
//! and `tests/ipc_surface.rs` (src-tauri) writes the runtime list and checks docs/ipc.md.

use crate::card::CardError;
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
    /// `start_card_server` cannot listen on that port (try another, or 0).
    ServerPortUnavailable => "server.port-unavailable",
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

/// The one error shape that crosses into the UI. The UI branches on `code`, never on `message`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, thiserror::Error)]
#[error("{message}")]
pub struct AppError {
    pub code: ErrorCode,
    pub message: String,
    #[ts(type = "unknown")]
    pub details: serde_json::Value,
}

impl AppError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> AppError {
        AppError { code, message: message.into(), details: serde_json::Value::Null }
    }

    pub fn with_details(mut self, details: serde_json::Value) -> AppError {
        self.details = details;
        self
    }

    pub(crate) fn io(what: &str, e: impl std::fmt::Display) -> AppError {
        AppError::new(ErrorCode::Io, format!("{what} failed: {e}. Check that the folder is writable and try again."))
    }
}

impl From<CardError> for AppError {
    fn from(e: CardError) -> Self {
        let code = match &e {
            CardError::UnknownAgent(_) => ErrorCode::CardUnknownAgent,
            CardError::HasErrors { .. } => ErrorCode::CardHasErrors,
            CardError::Log(_) => ErrorCode::CardLogUnreadable,
            CardError::Io { .. } => ErrorCode::Io,
        };
        let next = match &e {
            CardError::UnknownAgent(_) => " Reopen the catalogue to see its agents.",
            CardError::Log(_) => " Fix or restore cards/approvals.json (it is in git), then try again.",
            CardError::Io { .. } => " Check that the folder is writable and try again.",
            CardError::HasErrors { .. } => "",
        };
        AppError::new(code, format!("{e}.{next}").replace("..", "."))
    }
}

impl From<crate::index::IndexError> for AppError {
    fn from(e: crate::index::IndexError) -> Self {
        match e {
            crate::index::IndexError::Load(e) => {
                AppError::new(ErrorCode::CatalogueNotFound, format!("{e}. Choose a folder that holds skills."))
            }
            crate::index::IndexError::Cancelled => {
                AppError::new(ErrorCode::Cancelled, "opening the catalogue was cancelled; the previous one stays open")
            }
            other => AppError::new(ErrorCode::Internal, other.to_string()),
        }
    }
}

impl From<crate::export::ExportError> for AppError {
    fn from(e: crate::export::ExportError) -> Self {
        AppError::new(e.code(), e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_serialise_as_their_strings_and_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for code in ErrorCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), serde_json::Value::String(code.as_str().to_string()));
            assert_eq!(serde_json::from_value::<ErrorCode>(code.as_str().into()).unwrap(), *code);
            assert!(seen.insert(code.as_str()), "{code} twice");
            assert!(!code.meaning().is_empty(), "{code} needs a doc comment: it is what docs/ipc.md says");
        }
    }
}
