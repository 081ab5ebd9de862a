//! Skillhouse core: strict loading, validation, token accounting and indexing of Agent Skills
//! catalogues. No UI, no Tauri, no global state: callers own I/O roots and clocks.

pub mod agent;
pub mod agents;
pub mod app_error;
pub mod budget;
pub mod card;
pub mod catalogue;
pub mod diagnostic;
pub mod document;
pub mod edit;
pub mod error_code;
pub mod export;
pub mod files;
pub mod index;
pub mod markdown;
pub mod profile;
pub mod prompt;
pub mod report;
pub mod scaffold;
pub mod scan;
pub mod schema;
pub mod serving;
pub mod session;
pub mod settings;
pub mod skill;
pub mod source;
pub mod stats;
pub mod tokens;
pub mod toolkit;
pub mod translation;
pub mod views;
pub mod yaml;

pub use catalogue::{load, Catalogue, LoadError, LoadOptions};
pub use diagnostic::{Code, Diagnostic, Severity};
pub use profile::Profile;
