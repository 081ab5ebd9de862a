#!/usr/bin/env bash
# Measures Skillhouse against its targets (docs/benchmarks.md) on a synthetic catalogue, and the
# reference validator (skills-ref) on the same catalogue in the same run.
#   bench/run.sh [SKILLS=10000]
# Figures print as JSON lines; nothing is asserted: targets are read by people, not by tests.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-10000}"
work="${BENCH_DIR:-/tmp/skillhouse-bench}"
mkdir -p "$work"
cargo build --release -q -p skillhouse-synth -p skillhouse-bench -p skillhouse-cli
cat_dir="$work/catalogue-$n"
if [ ! -f "$cat_dir/skillhouse.yaml" ]; then
  rm -rf "$cat_dir"
  target/release/skillhouse-synth --skills "$n" --out "$cat_dir"
fi
index="$work/index-$n.sqlite"
echo "# machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB; catalogue: $n skills ($(du -sh "$cat_dir" | cut -f1))"
# Warm the page cache so every figure below is of work, not of the disk.
cat "$cat_dir"/*/*/SKILL.md > /dev/null
echo "# parse + validate only (peak memory of this phase alone)"
target/release/skillhouse-bench "$cat_dir" --index "$index" --phase parse
echo "# cold index (peak memory of this phase alone)"
target/release/skillhouse-bench "$cat_dir" --index "$index" --phase cold
echo "# all phases in one process: parse, cold index, re-open, one change, search"
target/release/skillhouse-bench "$cat_dir" --index "$index" --phase all
echo "# the skillhouse command, cold and warm index"
rm -f "$index" "$index-wal" "$index-shm"
/usr/bin/time -f '{"command": "skillhouse index (cold)", "seconds": %e, "peak_rss_mb": %M}' target/release/skillhouse index "$cat_dir" --index "$index" > /dev/null
/usr/bin/time -f '{"command": "skillhouse index (unchanged)", "seconds": %e, "peak_rss_mb": %M}' target/release/skillhouse index "$cat_dir" --index "$index" > /dev/null
echo "# reference validator on the same catalogue"
bench/skills-ref.sh "$cat_dir" 20
