#!/usr/bin/env bash
# Runs every test Skillhouse has: the UI's lint, unit tests and type check, Rust formatting, lints
# with warnings denied, unit, fixture, index, command-layer and command-line tests, the A2A
# interoperability test with the real client, the exports read back by the tools they are for
# (tests/exports), installed skills read by the skills CLI and the specification readers
# (tests/agents), `skillhouse mcp` read by the MCP SDK and google-adk (tests/mcp), the
# end-to-end tests of the real app under Xvfb, and the package test (the .deb built, checked,
# installed, opened under Xvfb and removed: tests/package), and the signing keys in a real
# Secret Service (tests/keychain). CI runs exactly this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup.sh
# A Secret Service of the keychain test's own (tests/keychain/run.sh).
need_packages gnome-keyring libsecret-tools dbus-daemon
export CARGO_TERM_COLOR=never
# The UI first: the desktop crate embeds ui/dist when it compiles.
(cd ui && npm ci --no-audit --no-fund && npm run lint && npm test && npm run build)
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo test --workspace --locked
bash tests/a2a/run.sh
bash tests/keychain/run.sh
bash tests/exports/run.sh
bash tests/agents/run.sh
bash tests/mcp/run.sh
if [ -f tests/e2e/run.sh ]; then
  bash tests/e2e/run.sh
fi
bash scripts/package.sh --test
