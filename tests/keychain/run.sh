#!/usr/bin/env bash
# The signing keys in a real OS keychain: a Secret Service (gnome-keyring-daemon) in a D-Bus
# session of its own, its login keyring unlocked with a throwaway password, in a home of its own,
# so nothing of the user's own keyring is read or written. Then, as docs/agent-cards.md says:
#   skillhouse keys new       keeps the private key in the keychain, writes no key file, and
#                             never puts it in the catalogue;
#   card --approve            signs with it (found in the keychain), card verify verifies;
#   SKILLHOUSE_KEYCHAIN=off   looks in files only, so the same approval is refused (the key is
#                             only in the keychain): the keychain really was where it came from.
#
# Settings (environment): CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
case $TARGET_DIR in /*) ;; *) TARGET_DIR=$ROOT/$TARGET_DIR ;; esac

if [ "${1:-}" != "--inside" ]; then
  cargo build -q --locked -p skillhouse-cli
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/home" "$work/run"
  chmod 700 "$work/run"
  env -u DBUS_SESSION_BUS_ADDRESS -u SKILLHOUSE_KEYCHAIN HOME="$work/home" XDG_CONFIG_HOME="$work/config" \
    XDG_DATA_HOME="$work/data" XDG_RUNTIME_DIR="$work/run" \
    dbus-run-session -- bash "$0" --inside "$TARGET_DIR/debug/skillhouse" "$work"
  exit
fi

SKILLHOUSE=$2
work=$3
fail() { echo "keychain: $*" >&2; exit 1; }
log() { printf '\n==> %s\n' "$*" >&2; }

log "a Secret Service of the test's own (gnome-keyring-daemon), its login keyring unlocked"
# The daemon leaves with the D-Bus session dbus-run-session ends. (It prints no GNOME_KEYRING_PID
# here, and `kill 0` would stop every process of the test command's group, CI's run included.)
eval "$(printf 'throwaway-test-password' | gnome-keyring-daemon --unlock --components=secrets)"
# The daemon makes the login keyring on first unlock; wait for it to answer.
for _ in $(seq 50); do
  printf probe | secret-tool store --label probe skillhouse-test probe 2>/dev/null && break
  sleep 0.1
done
secret-tool lookup skillhouse-test probe >/dev/null || fail "the test's Secret Service does not answer"

cp -r skills "$work/cat"
sed -i 's/    - {bearer: \[\]}/    - {bearer: [agents.call]}/' "$work/cat/skillhouse.yaml"
grep -q 'bearer: \[agents.call\]' "$work/cat/skillhouse.yaml" || fail "the sample's security requirement moved; update this test"

log "skillhouse keys new keeps the private key in the keychain"
out=$("$SKILLHOUSE" keys new -C "$work/cat")
echo "$out"
echo "$out" | grep -q 'private key kept in the OS keychain (service "skillhouse card signing")' || fail "the key did not go to the keychain"
kid=$(echo "$out" | sed -n 's/^new EdDSA key //p')
[ -n "$kid" ] || fail "no key id in: $out"
[ ! -e "$XDG_CONFIG_HOME/skillhouse/keys/$kid.jwk" ] || fail "a key file was written although the keychain took the key"
secret=$(secret-tool lookup service "skillhouse card signing" username "$kid") || fail "the keychain holds no entry for $kid"
echo "$secret" | grep -q '"d":' || fail "the keychain entry is not the private JWK"
grep -rq -- "$(echo "$secret" | sed 's/.*"d":"\([^"]*\)".*/\1/')" "$work/cat" && fail "the private key is in the catalogue"
"$SKILLHOUSE" keys list -C "$work/cat" | grep -q "$kid  EdDSA  you can sign with it" || fail "keys list does not find the key in the keychain"

log "approval signs with the key from the keychain; card verify verifies it"
"$SKILLHOUSE" card agent-card-reviewer -C "$work/cat" --approve --by "Keychain Test" | tee "$work/approve.txt"
grep -q "signed by EdDSA key $kid" "$work/approve.txt" || fail "the approval was not signed with the keychain's key"
"$SKILLHOUSE" card agent-card-reviewer -C "$work/cat" --signed > "$work/signed.json"
"$SKILLHOUSE" card verify -C "$work/cat" "$work/signed.json"

log "with the keychain off the key is not found, so approval is refused rather than unsigned"
sed -i 's/version: "1.1.0"/version: "1.1.1"/' "$work/cat/skillhouse.yaml"
if out=$(SKILLHOUSE_KEYCHAIN=off "$SKILLHOUSE" card agent-card-reviewer -C "$work/cat" --approve --by "Keychain Test" 2>&1); then
  fail "approved without the key: $out"
fi
echo "$out" | grep -q "you hold the private key of none of them" || fail "the refusal does not say why: $out"
log "keychain: the signing key lives in the Secret Service, and only there"
