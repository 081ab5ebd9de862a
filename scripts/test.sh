#!/usr/bin/env bash
# Runs every test Skillhouse has: formatting, lints with warnings denied, unit, fixture,
# index and command-line tests. CI runs exactly this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup.sh
export CARGO_TERM_COLOR=never
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo test --workspace --locked
