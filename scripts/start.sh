#!/usr/bin/env bash
# Builds Skillhouse and opens the desktop app on the sample catalogue in skills/.
# Installs whatever is missing first (system packages, Rust, npm dependencies).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup.sh
(cd ui && npm ci --no-audit --no-fund && npm run build)
cargo build -p skillhouse-app --features custom-protocol
SKILLHOUSE_CATALOGUE="$PWD/skills" exec ./target/debug/skillhouse-app
