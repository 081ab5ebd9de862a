#!/usr/bin/env bash
# Exports of the sample catalogue read by the tools they are for:
#   1. the well-known site is written to a temporary folder under a base path (/docs), served on
#      127.0.0.1 by python3's http.server, and read back by fetch_wellknown.py following the
#      `skills` CLI's fetch rules: the index first, then every file, each compared by sha256 with
#      the catalogue. Then one served file is changed and the check must fail.
#   2. the reference validator skills-ref (PyPI, pinned in requirements.lock.txt, command
#      `agentskills validate`) runs on every exported skill folder; its verdicts must match
#      Skillhouse's (`portable` in the legacy export's extracted-skills-registry.json).
#   3. the specification readers of the seed documents, Google ADK's load_skill_from_dir (PyPI
#      google-adk) and skills-ref, load every skill of a `--portable` well-known export; without
#      `--portable` they refuse the sample's legacy skill, and `skillhouse export` names it.
#
# Settings (environment): EXPORTS_VENV (default target/skills-ref-venv), CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
case $TARGET_DIR in /*) ;; *) TARGET_DIR=$ROOT/$TARGET_DIR ;; esac
VENV=${EXPORTS_VENV:-$TARGET_DIR/skills-ref-venv}
LOCK=tests/exports/requirements.lock.txt
CATALOGUE=skills

. tests/lib/serve.sh

log() { printf '\n==> %s\n' "$*" >&2; }

. tests/lib/readers.sh
ensure_readers "$VENV"

WORK=$(mktemp -d)
server_pid=""
stop_server() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  server_pid=""
}
cleanup() { stop_server; rm -rf "$WORK"; }
trap cleanup EXIT

# Exports are written by `skillhouse export`; while that command does not offer the other tools'
# formats yet, by the example that calls the same core function (export::formats::entries).
cargo build -q --locked -p skillhouse-cli
SKILLHOUSE=$TARGET_DIR/debug/skillhouse
if "$SKILLHOUSE" export "$CATALOGUE" --target well-known --out "$WORK/probe" >"$WORK/probe.log" 2>&1; then
  log "exports are written by skillhouse export"
  export_to() {
    local target=$1 out=$2
    shift 2
    "$SKILLHOUSE" export "$CATALOGUE" --target "$target" --out "$out" "$@" >/dev/null
  }
else
  grep -q 'not available' "$WORK/probe.log" || { cat "$WORK/probe.log" >&2; exit 1; }
  log "skillhouse export does not write the other formats yet: using the export_formats example"
  cargo build -q --locked -p skillhouse-core --example export_formats
  EXPORTER=$TARGET_DIR/debug/examples/export_formats
  export_to() {
    local target=$1 out=$2
    shift 2
    "$EXPORTER" "$CATALOGUE" "$target" "$out" "$@" >/dev/null
  }
fi

# serve FOLDER: serves FOLDER on 127.0.0.1 (a free port) and sets $base_url.
serve() {
  local log_file=$WORK/http.log
  python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$1" >"$log_file" 2>&1 &
  server_pid=$!
  wait_for_url "$log_file" "$server_pid"
}

log "the well-known site of the sample catalogue, served on 127.0.0.1 under /docs, read back file by file"
export_to well-known "$WORK/site/docs"
serve "$WORK/site"
python3 tests/exports/fetch_wellknown.py "$base_url/docs" "$CATALOGUE"

log "a served file that differs from the catalogue is noticed"
printf '\nchanged after export\n' >>"$WORK/site/docs/.well-known/agent-skills/naming-skills/SKILL.md"
if python3 tests/exports/fetch_wellknown.py "$base_url/docs" "$CATALOGUE" 2>"$WORK/tampered.log"; then
  echo "exports: a changed SKILL.md passed the fetch check; the check cannot fail" >&2
  exit 1
fi
grep -q 'naming-skills: SKILL.md differs' "$WORK/tampered.log" || { cat "$WORK/tampered.log" >&2; exit 1; }
stop_server

log "skills-ref validates every exported skill folder as Skillhouse does"
export_to well-known "$WORK/fresh"
export_to legacy "$WORK/legacy" --include-unapproved
"$VENV/bin/python" tests/exports/check_skills_ref.py "$VENV/bin/agentskills" \
  "$WORK/fresh/.well-known/agent-skills" "$WORK/legacy/extracted-skills-registry.json"

log "without --portable, the legacy skill is named, and specification readers refuse it"
"$SKILLHOUSE" export "$CATALOGUE" --target well-known --out "$WORK/plain" >"$WORK/plain.log"
grep -q "^warning: \`cicd-pipeline-design\` (legacy/cicd-pipeline-design/SKILL.md, \`legacy\` profile) would be refused by specification readers" "$WORK/plain.log" \
  || { echo "exports: skillhouse export did not name the legacy skill:" >&2; cat "$WORK/plain.log" >&2; exit 1; }
"$VENV/bin/python" tests/exports/check_spec_readers.py "$VENV/bin/agentskills" "$WORK/plain/.well-known/agent-skills" \
  --expect-refused cicd-pipeline-design

log "with --portable, google-adk and skills-ref load every exported skill"
"$SKILLHOUSE" export "$CATALOGUE" --target well-known --out "$WORK/portable" --portable >"$WORK/portable.log"
grep -q "^note: \`cicd-pipeline-design\` .* is published with portable frontmatter" "$WORK/portable.log" \
  || { cat "$WORK/portable.log" >&2; exit 1; }
"$VENV/bin/python" tests/exports/check_spec_readers.py "$VENV/bin/agentskills" "$WORK/portable/.well-known/agent-skills"
"$SKILLHOUSE" export "$CATALOGUE" --target marketplace --out "$WORK/portable-marketplace" --portable >/dev/null
"$VENV/bin/python" tests/exports/check_spec_readers.py "$VENV/bin/agentskills" "$WORK/portable-marketplace/skills"
git diff --quiet -- "$CATALOGUE" || { echo "exports: a portable export changed the catalogue" >&2; exit 1; }

log "exports: the well-known site reads back byte for byte; skills-ref agrees with Skillhouse; portable exports load in google-adk and skills-ref"
