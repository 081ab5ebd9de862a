#!/usr/bin/env bash
# `skillhouse mcp` read by real MCP clients, over stdio, on a scratch copy of the sample catalogue
# with one broken skill added (it must not be served):
#   1. the Python MCP SDK (check_mcp.py) over stdio, over Streamable HTTP, and over HTTP with a
#      bearer token: every tool, skills/list, skills/get, resources/read with digests and sizes
#      checked, bad requests, an edit served without a restart (list_changed over stdio);
#   2. Google ADK's McpToolset (check_adk.py) lists the four tools.
# Both pinned in requirements.lock.txt, installed into a virtual environment when missing.
#
# Settings (environment): MCP_VENV (default target/mcp-venv), CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
case $TARGET_DIR in /*) ;; *) TARGET_DIR=$ROOT/$TARGET_DIR ;; esac
VENV=${MCP_VENV:-$TARGET_DIR/mcp-venv}
LOCK=tests/mcp/requirements.lock.txt

log() { printf '\n==> %s\n' "$*" >&2; }

. tests/lib/venv.sh
ensure_venv "$VENV" "$LOCK" "the MCP SDK and google-adk"

cargo build -q --locked -p skillhouse-cli
SKILLHOUSE=$TARGET_DIR/debug/skillhouse

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
scratch() {
  rm -rf "$WORK/catalogue" "$WORK/index.sqlite"
  cp -r skills "$WORK/catalogue"
  mkdir -p "$WORK/catalogue/broken-skill"
  printf -- '---\nname: broken-skill\ndescription: [unclosed\n---\nBody.\n' > "$WORK/catalogue/broken-skill/SKILL.md"
}

for mode in stdio http http-token; do
  log "the Python MCP SDK ($mode)"
  scratch
  "$VENV/bin/python" tests/mcp/check_mcp.py "$mode" "$SKILLHOUSE" "$WORK/catalogue" "$WORK/index.sqlite"
done

log "google-adk's McpToolset over stdio"
scratch
"$VENV/bin/python" tests/mcp/check_adk.py "$SKILLHOUSE" "$WORK/catalogue" "$WORK/index.sqlite"
