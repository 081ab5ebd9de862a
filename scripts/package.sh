#!/usr/bin/env bash
# Builds the Debian and RPM packages of Skillhouse with Tauri's bundler: the desktop app, the
# `skillhouse` CLI beside it on the PATH, the sample catalogue, a desktop entry and icons.
#   bash scripts/package.sh          build; the packages land in target/dist/bundle/{deb,rpm}/
#   bash scripts/package.sh --test   build, then install the .deb on this machine, check it and
#                                    remove it again (tests/package/check.sh; the test command runs this)
# AppImage is left out: Tauri's bundler downloads linuxdeploy and its plugins to make one.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup.sh
export CARGO_TERM_COLOR=never
test_after=""
[ "${1:-}" = "--test" ] && test_after=1

(cd ui && { [ -d node_modules ] || npm ci --no-audit --no-fund; })
(cd src-tauri/packaging && npm ci --no-audit --no-fund)
# The CLI first: the bundle config maps target/dist/skillhouse into /usr/bin.
nice -n 10 cargo build --profile dist --locked -p skillhouse-cli
# Debian's changelog, compressed without a time stamp so the same source gives the same bytes;
# mapped in by the bundle config, since Tauri's own `changelog` field files it under the product
# name (/usr/share/doc/Skillhouse) rather than the package's.
gzip -9n < src-tauri/packaging/changelog > target/dist/changelog.gz
(cd src-tauri && nice -n 10 packaging/node_modules/.bin/tauri build --ci --bundles deb,rpm -- --profile dist --locked)

deb=$(ls target/dist/bundle/deb/*.deb)
rpm=$(ls target/dist/bundle/rpm/*.rpm)
for f in "$deb" "$rpm"; do
  echo "package: $f ($(du -k "$f" | cut -f1) KB)"
done
if [ -n "$test_after" ]; then
  bash tests/package/check.sh "$deb" "$rpm"
fi
