#!/usr/bin/env bash
# Builds Skillhouse and opens it on the sample catalogue in skills/.
# Until the desktop app lands, this builds the `skillhouse` command and runs the checks the app
# will show: validate and stats on the sample catalogue.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup.sh
cargo build --release -p skillhouse-cli
./target/release/skillhouse validate skills
./target/release/skillhouse stats skills
