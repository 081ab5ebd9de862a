#!/usr/bin/env bash
# Measures the desktop app at catalogue scale (docs/benchmarks.md, "Desktop app"): launch to an
# interactive list with the index built, search latency from the last key, opening a skill, and
# the resident memory of the app with its WebKit processes. Drives the release build through
# tests/e2e/run.sh (Xvfb, tauri-driver, WebKitWebDriver).
#   bench/app.sh [SKILLS=10000]
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-10000}"
work="${BENCH_DIR:-/tmp/skillhouse-bench}"
mkdir -p "$work"
cargo build --release -q -p skillhouse-synth
target_dir=${CARGO_TARGET_DIR:-target}
cat_dir="$work/catalogue-$n"
if [ ! -f "$cat_dir/skillhouse.yaml" ]; then
  rm -rf "$cat_dir"
  "$target_dir"/release/skillhouse-synth --skills "$n" --out "$cat_dir"
fi
echo "# machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB; catalogue: $n skills ($(du -sh "$cat_dir" | cut -f1))"
E2E_SOURCE=$cat_dir E2E_PROFILE=release E2E_WORK=/tmp/skillhouse-app-bench E2E_TIMEOUT=1800 \
  bash tests/e2e/run.sh bench/app.bench.mjs
