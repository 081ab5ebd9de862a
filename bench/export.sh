#!/usr/bin/env bash
# `skillhouse export` of the synthetic catalogue as a .tar.gz against `tar czf` of the same folder.
#   bench/export.sh [SKILLS=10000] [ROUNDS=3]
# Prints JSON lines; the target (docs/benchmarks.md) is read by people, not asserted. Rounds
# alternate the two commands so that load from other processes hits both alike.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-10000}"
rounds="${2:-3}"
work="${BENCH_DIR:-/tmp/skillhouse-bench}"
target_dir="${CARGO_TARGET_DIR:-target}"
mkdir -p "$work"
cargo build --release -q -p skillhouse-synth -p skillhouse-cli
sh="$target_dir/release/skillhouse"
cat_dir="$work/catalogue-$n"
if [ ! -f "$cat_dir/skillhouse.yaml" ]; then
  rm -rf "$cat_dir"
  "$target_dir/release/skillhouse-synth" --skills "$n" --out "$cat_dir"
fi
out="$work/export-$n"
index="$work/export-index-$n.sqlite"
mkdir -p "$out"
echo "# machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); catalogue: $n skills ($(du -sh --apparent-size "$cat_dir" | cut -f1), $(find "$cat_dir" -type f | wc -l) files)"
# Warm the page cache so every figure is of work, not of the disk.
tar cf /dev/null -C "$cat_dir" .
timed() { # label, command...
  local label="$1"; shift
  /usr/bin/time -f "{\"command\": \"$label\", \"seconds\": %e, \"peak_rss_kb\": %M}" "$@" > /dev/null
}
echo "# cold: no index yet, so every token is counted (what skillhouse validate does) before writing"
rm -f "$index" "$index-wal" "$index-shm"
timed "skillhouse export (cold index)" "$sh" export "$cat_dir" --out "$out/skillhouse.tar.gz" --include-unapproved --index "$index"
for i in $(seq "$rounds"); do
  timed "tar czf" tar czf "$out/tar.tar.gz" -C "$cat_dir" .
  timed "skillhouse export (warm index)" "$sh" export "$cat_dir" --out "$out/skillhouse.tar.gz" --include-unapproved --index "$index"
done
timed "skillhouse export (warm index, .zip)" "$sh" export "$cat_dir" --out "$out/skillhouse.zip" --include-unapproved --index "$index"
timed "skillhouse verify (.tar.gz)" "$sh" verify "$out/skillhouse.tar.gz"
echo "{\"sizes_bytes\": {\"tar\": $(stat -c %s "$out/tar.tar.gz"), \"skillhouse_tar_gz\": $(stat -c %s "$out/skillhouse.tar.gz"), \"skillhouse_zip\": $(stat -c %s "$out/skillhouse.zip")}}"
