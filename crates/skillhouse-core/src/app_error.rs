//! The one error shape that crosses a boundary (IPC today, MCP next): `{code, message, details}`,
//! and how each module's errors become it. The codes are in `error_code`.

use crate::card::CardError;
use crate::error_code::ErrorCode;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

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
            CardError::Unsignable { .. } | CardError::KeySet(_) => ErrorCode::CardUnsignable,
            CardError::NotApproved { .. } => ErrorCode::CardNotApproved,
        };
        let next = match &e {
            CardError::UnknownAgent(_) => " Reopen the catalogue to see its agents.",
            CardError::Log(_) => " Fix or restore cards/approvals.json (it is in git), then try again.",
            CardError::Io { .. } => " Check that the folder is writable and try again.",
            CardError::HasErrors { .. } | CardError::Unsignable { .. } | CardError::NotApproved { .. } | CardError::KeySet(_) => "",
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
