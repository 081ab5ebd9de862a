#!/usr/bin/env bash
# Interoperability test with the real A2A client: serves the sample catalogue's cards with
# `skillhouse serve` and reads every agent's card with a2a-sdk (pinned in requirements.lock.txt)
# through tests/a2a/check_cards.py, in each dialect:
#   1.0   read by the SDK's 1.0 path and validate_proto_required_fields;
#   both  read that way and also as a 0.3 card (the 0.3 pydantic model), the two views compared;
#   0.3   read as a 0.3-only card.
# Then serves tests/a2a/broken, whose card names an undeclared security scheme, and expects the
# client check to fail: a check that passes everything would pass that too. Last, signed cards:
# a2a-sdk's create_signature_verifier verifies what Skillhouse's approval signed (EdDSA, ES256),
# `skillhouse card verify` verifies what a2a-sdk's create_agent_card_signer signed, and a changed
# byte fails on both sides (check_signatures.py); the a2a-site export's signed card, with its key
# set and jku, verifies with a2a-sdk, and `skillhouse verify` checks the bundle's signatures.
#
# Settings (environment): A2A_VENV (default target/a2a-venv), CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
case $TARGET_DIR in /*) ;; *) TARGET_DIR=$ROOT/$TARGET_DIR ;; esac
VENV=${A2A_VENV:-$TARGET_DIR/a2a-venv}
LOCK=tests/a2a/requirements.lock.txt

. tests/lib/serve.sh

log() { printf '\n==> %s\n' "$*" >&2; }

. tests/lib/venv.sh
ensure_venv "$VENV" "$LOCK" "a2a-sdk"

cargo build -q --locked -p skillhouse-cli
SKILLHOUSE=$TARGET_DIR/debug/skillhouse

server_pid=""
stop_server() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  server_pid=""
}
trap stop_server EXIT

# serve CATALOGUE DIALECT AGENT: starts the server and sets $base_url and $agents.
serve() {
  local log_file
  log_file=$(mktemp)
  "$SKILLHOUSE" serve -C "$1" --dialect "$2" --agent "$3" >"$log_file" 2>&1 &
  server_pid=$!
  wait_for_url "$log_file" "$server_pid"
  agents=$("$VENV/bin/python" -c 'import json,sys,urllib.request; print(" ".join(a["agent"] for a in json.load(urllib.request.urlopen(sys.argv[1]))["agents"]))' "$base_url/")
  rm -f "$log_file"
}

check() {
  # shellcheck disable=SC2086 # $agents is a list of ids
  "$VENV/bin/python" tests/a2a/check_cards.py "$@" --root-card "$base_url" $agents
}

for dialect in 1.0 both 0.3; do
  log "a2a-sdk reads the sample catalogue's cards, dialect $dialect"
  serve skills "$dialect" registry-publisher
  case $dialect in
    1.0) check --no-v03 ;;
    both) check ;;
    0.3) check --v03-only ;;
  esac
  stop_server
done

log "a2a-sdk rejects a card with an undeclared security scheme (tests/a2a/broken)"
serve tests/a2a/broken 1.0 report-summariser
if check --no-v03; then
  echo "a2a: the broken card passed the client check; the check cannot fail" >&2
  exit 1
fi
stop_server

# Signed cards, both ways, with a2a-sdk's own signing code (check_signatures.py). The keys go to
# a config folder of the test's own. The sample's requirement `{bearer: []}` is empty to a2a-sdk,
# which drops empty values before it checks a signature, so its copy names a role.
fail() { echo "a2a: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'stop_server; rm -rf "$work"' EXIT
export XDG_CONFIG_HOME="$work/config"
cp -r skills "$work/cat"
sed -i 's/    - {bearer: \[\]}/    - {bearer: [agents.call]}/' "$work/cat/skillhouse.yaml"
grep -q 'bearer: \[agents.call\]' "$work/cat/skillhouse.yaml" || fail "the sample's security requirement moved; update this test"
log "Skillhouse signs at approval (EdDSA, and ES256 during a rotation); a2a-sdk verifies each"
"$SKILLHOUSE" keys new -C "$work/cat" --alg EdDSA
"$SKILLHOUSE" keys rotate -C "$work/cat" --alg ES256
"$SKILLHOUSE" card agent-card-reviewer -C "$work/cat" --approve --by "Interop Test <interop@example.com>"
"$SKILLHOUSE" card agent-card-reviewer -C "$work/cat" --signed > "$work/ours.json"
"$VENV/bin/python" tests/a2a/check_signatures.py verify-ours "$work/ours.json" "$work/cat/cards/jwks.json"
"$SKILLHOUSE" card verify -C "$work/cat" "$work/ours.json"

log "the a2a-site export publishes the signed card, its key set and a jku; a2a-sdk verifies it there"
"$SKILLHOUSE" export "$work/cat" --target a2a-site --base-url https://agents.example.com/team --out "$work/site"
"$VENV/bin/python" tests/a2a/check_signatures.py verify-published \
  "$work/site/agents/agent-card-reviewer/.well-known/agent-card.json" "$work/site/.well-known/jwks.json" \
  https://agents.example.com/team/.well-known/jwks.json
"$SKILLHOUSE" card verify "$work/site/agents/agent-card-reviewer/.well-known/agent-card.json" --jwks "$work/site/.well-known/jwks.json"
"$SKILLHOUSE" export "$work/cat" --target bundle --out "$work/bundle"
"$SKILLHOUSE" verify "$work/bundle" | tee "$work/verify.txt"
grep -q "1 signed card(s): every signature verified" "$work/verify.txt" || fail "skillhouse verify did not check the bundle's signed card"

log "a2a-sdk signs (EdDSA and ES256); skillhouse card verify verifies, and refuses a changed byte"
"$SKILLHOUSE" card agent-card-reviewer -C "$work/cat" > "$work/unsigned.json"
"$VENV/bin/python" tests/a2a/check_signatures.py sign-theirs "$work/unsigned.json" "$work/theirs"
"$SKILLHOUSE" card verify "$work/theirs/signed.json" --jwks "$work/theirs/jwks.json"
if "$SKILLHOUSE" card verify "$work/theirs/changed.json" --jwks "$work/theirs/jwks.json"; then
  fail "skillhouse card verify accepted a changed card"
fi
# Their keys are not the catalogue's.
if "$SKILLHOUSE" card verify -C "$work/cat" "$work/theirs/signed.json"; then
  fail "skillhouse card verify accepted keys that are not in the catalogue's key set"
fi

log "the sample as it is: approval with a key refuses to sign, naming the value a2a-sdk would drop"
cp -r skills "$work/sample"
"$SKILLHOUSE" keys new -C "$work/sample" >/dev/null
if out=$("$SKILLHOUSE" card agent-card-reviewer -C "$work/sample" --approve --by Interop 2>&1); then
  fail "the sample's card was signed although a2a-sdk would not verify it"
fi
echo "$out"
echo "$out" | grep -q "/securityRequirements" || fail "the refusal does not name /securityRequirements"
log "a2a interoperability: all cards read by a2a-sdk; the broken card was rejected; signatures verify both ways"
