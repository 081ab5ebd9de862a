//! Frontmatter split of arbitrary text; the invariants are in `fuzz/invariants.rs` (any
//! violation, like any panic, is a crash).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../invariants.rs"]
mod invariants;

fuzz_target!(|text: &str| invariants::check_split(text));
