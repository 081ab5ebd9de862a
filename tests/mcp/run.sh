#!/usr/bin/env bash
# `skillhouse mcp` read by real MCP clients, over stdio, on a scratch copy of the sample catalogue
# with one broken skill added (it must not be served):
#   1. the Python MCP SDK (check_mcp.py) over stdio, over Streamable HTTP, and over HTTP with a
#      bearer token: every tool, skills/list, skills/get, resources/read with digests and sizes
#      checked, bad requests, an edit served without a restart (list_changed over stdio);
#   2. Google ADK's McpToolset (check_adk.py) lists the four tools;
#   3. the official TypeScript MCP client (npm @modelcontextprotocol/client,
#      check_skills_client.mjs) over stdio: its SkillsClient lists (every page), gets and reads
#      every skill and verifies each file's size and digest and SKILL.md's frontmatter against
#      the listing, with no verification error; every skill of the catalogue is served,
#      broken-skill is not, and entries the check alters are refused (the check can fail).
# 1 and 2 are pinned in requirements.lock.txt, installed into a virtual environment when missing;
# 3 in tests/mcp/ts/package-lock.json, with the Node.js 22 that the npm package `node` brings,
# installed with `npm ci` when the lock changed.
#
# Settings (environment): MCP_VENV (default target/mcp-venv), MCP_TS_NODE (default
# target/mcp-ts-node), CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
case $TARGET_DIR in /*) ;; *) TARGET_DIR=$ROOT/$TARGET_DIR ;; esac
VENV=${MCP_VENV:-$TARGET_DIR/mcp-venv}
LOCK=tests/mcp/requirements.lock.txt
NODE_DIR=${MCP_TS_NODE:-$TARGET_DIR/mcp-ts-node}

log() { printf '\n==> %s\n' "$*" >&2; }
fail() { echo "FAIL: $*" >&2; exit 1; }

. tests/lib/venv.sh
ensure_venv "$VENV" "$LOCK" "the MCP SDK and google-adk"

if ! cmp -s tests/mcp/ts/package-lock.json "$NODE_DIR/package-lock.json" || [ ! -x "$NODE_DIR/node_modules/.bin/node" ]; then
  log "installing Node.js 22 and the TypeScript MCP client into $NODE_DIR"
  rm -rf "$NODE_DIR" && mkdir -p "$NODE_DIR"
  cp tests/mcp/ts/package.json tests/mcp/ts/package-lock.json "$NODE_DIR/"
  (cd "$NODE_DIR" && npm ci --no-audit --no-fund --loglevel=error)
fi
NODE=$NODE_DIR/node_modules/.bin/node
"$NODE" --version | grep -q '^v22\.' || fail "the node package did not bring Node.js 22"

cargo build -q --locked -p skillhouse-cli
SKILLHOUSE=$TARGET_DIR/debug/skillhouse

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
scratch() {
  rm -rf "$WORK/catalogue" "$WORK/index.sqlite"
  cp -r skills "$WORK/catalogue"
  mkdir -p "$WORK/catalogue/broken-skill"
  printf -- '---\nname: broken-skill\ndescription: [unclosed\n---\nBody.\n' > "$WORK/catalogue/broken-skill/SKILL.md"
  # YAML 1.1 number spellings, which YAML 1.2 readers (SkillsClient's among them) read as strings.
  mkdir -p "$WORK/catalogue/numbered-skill"
  printf -- '---\nname: numbered-skill\ndescription: Use when a build number such as 1_000 must be checked.\nmetadata:\n  build: 1_000\n  mask: 0b101\n  offset: +0x1F\n---\nBody.\n' > "$WORK/catalogue/numbered-skill/SKILL.md"
}

for mode in stdio http http-token; do
  log "the Python MCP SDK ($mode)"
  scratch
  "$VENV/bin/python" tests/mcp/check_mcp.py "$mode" "$SKILLHOUSE" "$WORK/catalogue" "$WORK/index.sqlite"
done

log "google-adk's McpToolset over stdio"
scratch
"$VENV/bin/python" tests/mcp/check_adk.py "$SKILLHOUSE" "$WORK/catalogue" "$WORK/index.sqlite"

log "the TypeScript MCP client's SkillsClient over stdio"
scratch
# Node resolves the script's imports from its own folder: it runs next to node_modules.
cp tests/mcp/check_skills_client.mjs "$NODE_DIR/"
"$NODE" "$NODE_DIR/check_skills_client.mjs" "$SKILLHOUSE" "$WORK/catalogue" "$WORK/index.sqlite"
