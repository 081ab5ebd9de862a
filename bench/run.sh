#!/usr/bin/env bash
# Measures Skillhouse against its targets (docs/benchmarks.md) on a synthetic catalogue, and the
# reference validator (skills-ref) on the same catalogue in the same run.
#   bench/run.sh [SKILLS=10000] [SHAPE=simple|realistic]
# Figures print as JSON lines, then one line per target with the figure, the bound and whether it
# holds. Nothing is asserted: targets are read by people, not by tests.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-10000}"
shape="${2:-simple}"
work="${BENCH_DIR:-/tmp/skillhouse-bench}"
mkdir -p "$work"
cargo build --release -q -p skillhouse-synth -p skillhouse-bench -p skillhouse-cli
bin="${CARGO_TARGET_DIR:-target}/release"
if [ "$shape" = simple ]; then cat_dir="$work/catalogue-$n"; else cat_dir="$work/catalogue-$shape-$n"; fi
if [ ! -f "$cat_dir/skillhouse.yaml" ]; then
  rm -rf "$cat_dir"
  "$bin"/skillhouse-synth --shape "$shape" --skills "$n" --out "$cat_dir" --threads "$(nproc)"
fi
index="$work/index-$shape-$n.sqlite"
log="$work/run-$shape-$n.jsonl"
: > "$log"
run() { "$@" | tee -a "$log"; }
echo "# machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB; catalogue: $n skills, $shape shape ($(du -sh "$cat_dir" | cut -f1))"
# Warm the page cache so every figure below is of work, not of the disk.
find "$cat_dir" -type f -exec cat {} + > /dev/null
echo "# parse + validate + list (peak memory of this phase alone)"
run "$bin"/skillhouse-bench "$cat_dir" --index "$index" --phase parse
echo "# cold index (peak memory of this phase alone)"
run "$bin"/skillhouse-bench "$cat_dir" --index "$index" --phase cold
echo "# token counting alone, one core then every core"
run "$bin"/skillhouse-bench "$cat_dir" --phase count
echo "# all phases in one process: parse, cold index, re-open, one change, search"
run "$bin"/skillhouse-bench "$cat_dir" --index "$index" --phase all
echo "# installing every skill into five agent tools in a temporary HOME: plan, apply, a sync with nothing to do, status"
run "$bin"/skillhouse-bench "$cat_dir" --phase agents
echo "# the skillhouse command, cold and warm index"
rm -f "$index" "$index-wal" "$index-shm"
/usr/bin/time -f '{"command": "skillhouse index (cold)", "seconds": %e, "peak_rss_kb": %M}' "$bin"/skillhouse index "$cat_dir" --index "$index" > /dev/null
/usr/bin/time -f '{"command": "skillhouse index (unchanged)", "seconds": %e, "peak_rss_kb": %M}' "$bin"/skillhouse index "$cat_dir" --index "$index" > /dev/null
echo "# reference validator on the same catalogue"
run bench/skills-ref.sh "$cat_dir" 20
echo "# targets (docs/benchmarks.md)"
python3 bench/targets.py "$log"
