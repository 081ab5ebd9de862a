//! Whole-document parse of a SKILL.md from arbitrary bytes; the invariants are in
//! `fuzz/invariants.rs` (any violation, like any panic, is a crash).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../invariants.rs"]
mod invariants;

fuzz_target!(|data: &[u8]| invariants::check_frontmatter(data));
