//! The command table, grouped by domain. Each command delegates to the core in a line or two.

pub mod about;
pub mod agents;
pub mod cards;
pub mod catalogue;
pub mod exports;
pub mod serve;
pub mod skills;
