#!/usr/bin/env bash
# Skills installed by Skillhouse, read by the tools that read them, in a temporary HOME and
# project (nothing touches the real ones; the skills CLI's telemetry is off):
#   1. `skillhouse install` links and copies two skills (one legacy) into Claude Code and Cursor;
#      the real `skills` CLI (npm skills, pinned in package-lock.json, on the Node.js 22 that the
#      npm package `node` brings) lists both, for both tools;
#   2. google-adk's load_skill_from_dir and skills-ref (tests/lib/readers.sh) load
#      every installed folder; the legacy skill, installed as a link instead, is refused (the check
#      can fail);
#   3. `npx skills add` installs a skill from a folder whose file names sort differently by bytes
#      and by localeCompare; its skills-lock.json hash equals the one Skillhouse writes for the same
#      folder, `skillhouse status` lists it as another tool's, and `skillhouse install` of the same
#      skill is a conflict that writes nothing.
#
# Settings (environment): AGENTS_NODE (default target/agents-node), EXPORTS_VENV, CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
case $TARGET_DIR in /*) ;; *) TARGET_DIR=$ROOT/$TARGET_DIR ;; esac
NODE_DIR=${AGENTS_NODE:-$TARGET_DIR/agents-node}
VENV=${EXPORTS_VENV:-$TARGET_DIR/skills-ref-venv}
export DISABLE_TELEMETRY=1 DO_NOT_TRACK=1

log() { printf '\n==> %s\n' "$*" >&2; }
fail() { echo "FAIL: $*" >&2; exit 1; }

if ! cmp -s tests/agents/package-lock.json "$NODE_DIR/package-lock.json" || [ ! -x "$NODE_DIR/node_modules/.bin/node" ]; then
  log "installing Node.js 22 and the skills CLI into $NODE_DIR"
  rm -rf "$NODE_DIR" && mkdir -p "$NODE_DIR"
  cp tests/agents/package.json tests/agents/package-lock.json "$NODE_DIR/"
  (cd "$NODE_DIR" && npm ci --no-audit --no-fund --loglevel=error)
fi
NODE=$NODE_DIR/node_modules/.bin/node
SKILLS_CLI=$NODE_DIR/node_modules/skills/bin/cli.mjs
"$NODE" --version | grep -q '^v22\.' || fail "the node package did not bring Node.js 22"
. tests/lib/readers.sh
ensure_readers "$VENV"

cargo build -q --locked -p skillhouse-cli
SKILLHOUSE=$TARGET_DIR/debug/skillhouse

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export HOME=$WORK/home
unset XDG_CONFIG_HOME XDG_STATE_HOME CLAUDE_CONFIG_DIR CODEX_HOME
mkdir -p "$HOME/.claude" "$HOME/.cursor" "$WORK/project"
skills() { (cd "$1" && shift && "$NODE" "$SKILLS_CLI" "$@"); }

log "1. skillhouse install, then skills list"
"$SKILLHOUSE" install skills --skill naming-skills --skill cicd-pipeline-design \
  --agent claude-code --agent cursor --project "$WORK/project" --yes
skills "$WORK/project" list --json >"$WORK/list.json"
python3 - "$WORK/list.json" <<'PY'
import json, sys
listed = {s["name"]: sorted(s["agents"]) for s in json.load(open(sys.argv[1]))}
want = {"naming-skills": ["Claude Code", "Cursor"], "cicd-pipeline-design": ["Claude Code", "Cursor"]}
for name, agents in want.items():
    got = listed.get(name)
    if got is None or not set(agents) <= set(got):
        sys.exit(f"FAIL: skills list shows {name} for {got}, want {agents}; all: {listed}")
print("skills list:", listed)
PY

log "2. the specification readers load every installed folder"
for dir in "$WORK/project/.claude/skills" "$WORK/project/.agents/skills"; do
  "$VENV/bin/python" tests/exports/check_spec_readers.py "$VENV/bin/agentskills" "$dir"
done
# The check can fail: the legacy skill's own folder, as a link would show it, is refused.
mkdir -p "$WORK/as-linked" && ln -s "$ROOT/skills/legacy/cicd-pipeline-design" "$WORK/as-linked/cicd-pipeline-design"
"$VENV/bin/python" tests/exports/check_spec_readers.py "$VENV/bin/agentskills" "$WORK/as-linked" --expect-refused cicd-pipeline-design

log "3. skills add, then skillhouse status and install"
CAT=$WORK/catalogue
mkdir -p "$CAT/sorting-files/references" "$CAT/sorting-files/assets"
cat >"$CAT/sorting-files/SKILL.md" <<'MD'
---
name: sorting-files
description: Sorts files by name for a listing. Use when a folder's files must be shown in order.
---

# Sorting files

List the files, then sort them by name.
MD
for f in references/a.md assets/B.txt assets/a.txt Zeta.md _under.md -dash.md 1.md; do echo "$f" >"$CAT/sorting-files/$f"; done
mkdir -p "$WORK/theirs" "$WORK/ours"
skills "$WORK/theirs" add "$CAT/sorting-files" --agent claude-code --yes >/dev/null
"$SKILLHOUSE" install "$CAT" --skill sorting-files --agent claude-code --project "$WORK/ours" --yes >/dev/null
python3 - "$WORK/theirs/skills-lock.json" "$WORK/ours/skills-lock.json" <<'PY'
import json, sys
theirs = json.load(open(sys.argv[1]))["skills"]["sorting-files"]["computedHash"]
ours = json.load(open(sys.argv[2]))["skills"]["sorting-files"]["computedHash"]
if theirs != ours:
    sys.exit(f"FAIL: skills hashes the folder as {theirs}, Skillhouse as {ours}")
print("one folder hash:", ours)
PY
"$SKILLHOUSE" status "$CAT" --project "$WORK/theirs" --format json >"$WORK/status.json" || fail "status of another tool's install should not fail"
python3 - "$WORK/status.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
if not any(r["skill"] == "sorting-files" and r["state"] == "foreign" and "claude-code" in r["agents"] for r in rows):
    sys.exit(f"FAIL: skillhouse status does not list what skills installed: {rows}")
print("skillhouse status:", [(r["skill"], r["state"], r["agents"]) for r in rows])
PY
before=$(cd "$WORK/theirs" && find . -exec stat -c '%n %Y %s' {} + | sort | sha256sum)
if "$SKILLHOUSE" install "$CAT" --skill sorting-files --agent claude-code --project "$WORK/theirs" --yes >"$WORK/conflict.log"; then
  fail "installing over another tool's skill succeeded"
fi
grep -q '^conflict' "$WORK/conflict.log" || { cat "$WORK/conflict.log"; fail "no conflict line"; }
after=$(cd "$WORK/theirs" && find . -exec stat -c '%n %Y %s' {} + | sort | sha256sum)
[ "$before" = "$after" ] || fail "a refused install changed the project"
log "agents interop: all passed"
