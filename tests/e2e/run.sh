#!/usr/bin/env bash
# End-to-end tests of the Skillhouse desktop app: the real binary, driven through WebDriver
# (tauri-driver in front of WebKitWebDriver) under a private Xvfb display, on a throwaway copy of
# the sample catalogue in skills/. Also refreshes the screenshots in docs/screenshots/.
#
# Needs Rust, Node 20 and the Debian packages xvfb, xauth, webkit2gtk-driver and
# libwebkit2gtk-4.1-dev; installs tauri-driver (cargo) and the npm packages itself.
#
#   bash tests/e2e/run.sh                 # build what is stale, run every spec
#   bash tests/e2e/run.sh specs/03-*.mjs  # only some specs (paths relative to tests/e2e)
#
# Settings (environment): E2E_TIMEOUT (seconds for the whole spec run, default 600),
# TAURI_DRIVER_PORT (default: the first free port from 4444), E2E_WORK (the work folder, default
# /tmp/skillhouse-e2e; its catalogue copy, skills/, is the path the screenshots show, so keep it
# fixed for stable screenshots), E2E_KEEP=1 (keep the work folder with the logs and the catalogue
# copy; it is always kept when a spec fails), CARGO_TARGET_DIR (as for cargo), E2E_SOURCE (the
# catalogue copied for the app, default skills/; the benchmark passes a generated one),
# E2E_PROFILE (debug or release, default debug; the benchmark uses release).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
E2E=$ROOT/tests/e2e
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
case $TARGET_DIR in /*) ;; *) TARGET_DIR=$ROOT/$TARGET_DIR ;; esac
E2E_TIMEOUT=${E2E_TIMEOUT:-600}
WEBKIT_DRIVER=/usr/bin/WebKitWebDriver
# Without a CJK font, the Japanese translation in the screenshots would be empty boxes.
fc-list :lang=ja family | grep -q . || { echo "e2e: no font covers Japanese; install fonts-noto-cjk (scripts/setup.sh does)" >&2; exit 2; }
TAURI_DRIVER_VERSION=2.1.0
export PATH="$HOME/.cargo/bin:$PATH"

log() { printf '\n==> %s\n' "$*" >&2; }
die() { printf 'e2e: %s\n' "$*" >&2; exit 2; }

for tool in cargo node npm Xvfb curl timeout; do
  command -v "$tool" >/dev/null || die "$tool is missing (see the header of tests/e2e/run.sh)"
done
[ -x "$WEBKIT_DRIVER" ] || die "$WEBKIT_DRIVER is missing: apt-get install webkit2gtk-driver"

# True when $1 is missing or older than any file under the other arguments.
stale() {
  local stamp=$1
  shift
  [ -e "$stamp" ] || return 0
  [ -n "$(find "$@" -newer "$stamp" -type f -print -quit 2>/dev/null)" ]
}

# --- Tools and builds -------------------------------------------------------------------------
if ! command -v tauri-driver >/dev/null; then
  log "installing tauri-driver $TAURI_DRIVER_VERSION"
  nice -n 10 cargo install tauri-driver --locked --version "$TAURI_DRIVER_VERSION"
fi

if stale ui/node_modules/.package-lock.json ui/package.json ui/package-lock.json; then
  log "npm ci (ui)"
  (cd ui && nice -n 10 npm ci --no-audit --no-fund)
fi
if stale tests/e2e/node_modules/.package-lock.json tests/e2e/package.json tests/e2e/package-lock.json; then
  log "npm ci (tests/e2e)"
  # --ignore-scripts: webdriverio's optional browser drivers would try to download binaries.
  (cd tests/e2e && nice -n 10 npm ci --ignore-scripts --no-audit --no-fund)
fi
if stale ui/dist/index.html ui/src ui/public ui/index.html ui/package-lock.json ui/vite.config.ts ui/tsconfig.json; then
  log "building ui/dist"
  (cd ui && nice -n 10 npm run build)
fi

# --- The world the app runs in ----------------------------------------------------------------
# One run at a time per work folder (the screenshots show its fixed path).
WORK=${E2E_WORK:-/tmp/skillhouse-e2e}
case $WORK in /*) ;; *) die "E2E_WORK must be an absolute path" ;; esac
exec 9>"$WORK.lock"
flock -w 1800 9 || die "another end-to-end run holds $WORK.lock"
rm -rf "$WORK"
mkdir -p "$WORK/data" "$WORK/config" "$WORK/failures" "$WORK/screenshots" docs/screenshots

XVFB_PID=
DRIVER_PID=
NATIVE_PID=
cleanup() {
  local status=$?
  set +e
  if [ -n "$DRIVER_PID" ] && kill -0 "$DRIVER_PID" 2>/dev/null; then
    # SIGTERM, never SIGKILL: tauri-driver then stops WebKitWebDriver, which closes the app.
    [ -n "$NATIVE_PID" ] || NATIVE_PID=$(pgrep -P "$DRIVER_PID" -x WebKitWebDriver | head -1)
    kill -TERM "$DRIVER_PID"
    for _ in $(seq 50); do kill -0 "$DRIVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$DRIVER_PID" 2>/dev/null && kill -KILL "$DRIVER_PID"
    wait "$DRIVER_PID" 2>/dev/null
  fi
  if [ -n "$NATIVE_PID" ] && kill -0 "$NATIVE_PID" 2>/dev/null; then
    # A leftover WebKitWebDriver holds a pipe open and would hang the caller; its app goes too.
    local apps
    apps=$(pgrep -P "$NATIVE_PID")
    kill -TERM "$NATIVE_PID" $apps 2>/dev/null
    sleep 0.5
    kill -KILL "$NATIVE_PID" $apps 2>/dev/null
  fi
  if [ -n "$XVFB_PID" ]; then
    kill -TERM "$XVFB_PID" 2>/dev/null
    wait "$XVFB_PID" 2>/dev/null
  fi
  if [ "$status" -ne 0 ] && [ -n "$DRIVER_PID" ]; then
    printf '\ne2e: failed (exit %s). tauri-driver log (last 40 lines):\n' "$status" >&2
    tail -n 40 "$WORK/tauri-driver.log" >&2 2>/dev/null
    if [ -n "$(ls -A "$WORK/failures" 2>/dev/null)" ]; then
      printf 'e2e: screenshots of the failures: %s\n' "$WORK/failures" >&2
    fi
    E2E_KEEP=1
  fi
  if [ -n "$WORK" ] && [ -d "$WORK" ]; then
    if [ "${E2E_KEEP:-0}" = 1 ]; then
      printf 'e2e: work folder kept: %s\n' "$WORK" >&2
    else
      rm -rf "$WORK"
    fi
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

PROFILE=${E2E_PROFILE:-debug}
log "building the app, $PROFILE (custom-protocol: the UI is served from ui/dist)"
# The CLI too: "Serve to agents" runs `skillhouse mcp --http` (found through SKILLHOUSE_CLI, as
# the copied app has no skillhouse beside it).
if [ "$PROFILE" = release ]; then
  nice -n 10 cargo build --release -p skillhouse-app --features custom-protocol
  nice -n 10 cargo build --release -p skillhouse-cli
else
  nice -n 10 cargo build -p skillhouse-app --features custom-protocol
  nice -n 10 cargo build -p skillhouse-cli
fi
# Copy the binary at once: a plain `cargo build` elsewhere would replace it with one that loads
# the dev server instead of ui/dist.
APP=$WORK/skillhouse-app
cp "$TARGET_DIR/$PROFILE/skillhouse-app" "$APP"
CLI=$WORK/skillhouse
cp "$TARGET_DIR/$PROFILE/skillhouse" "$CLI"

# The specs write to the catalogue, so they get a copy; they reset it from skills/ as they start.
SOURCE=${E2E_SOURCE:-$ROOT/skills}
CATALOGUE=$WORK/skills
cp -R "$SOURCE" "$CATALOGUE"


# A private X display; Xvfb picks a free number and writes it to fd 3.
log "starting Xvfb"
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp 3>"$WORK/display" >"$WORK/xvfb.log" 2>&1 9>&- &
XVFB_PID=$!
for _ in $(seq 100); do [ -s "$WORK/display" ] && break; sleep 0.1; done
[ -s "$WORK/display" ] || die "Xvfb did not start: $(cat "$WORK/xvfb.log")"
export DISPLAY=":$(tr -d '[:space:]' <"$WORK/display")"

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
PORT=${TAURI_DRIVER_PORT:-}
if [ -z "$PORT" ]; then
  PORT=4444
  while port_busy "$PORT" || port_busy "$((PORT + 1))"; do PORT=$((PORT + 2)); done
fi

# A home of its own: the Agents spec installs skills into the agent tools' folders under HOME,
# which must never be the person's. Claude Code and Cursor are "found" (their folders exist);
# the variables that would move a tool's or the lock's folder elsewhere are left out.
E2E_HOME=$WORK/home
mkdir -p "$E2E_HOME/.claude" "$E2E_HOME/.cursor"

log "starting tauri-driver on port $PORT (display $DISPLAY)"
# The app inherits this environment through tauri-driver and WebKitWebDriver.
env -u CLAUDE_CONFIG_DIR -u CODEX_HOME -u XDG_STATE_HOME \
  HOME=$E2E_HOME SKILLHOUSE_CATALOGUE=$CATALOGUE SKILLHOUSE_CLI=$CLI XDG_DATA_HOME=$WORK/data XDG_CONFIG_HOME=$WORK/config \
  tauri-driver --port "$PORT" --native-port "$((PORT + 1))" --native-driver "$WEBKIT_DRIVER" \
  >"$WORK/tauri-driver.log" 2>&1 9>&- &
DRIVER_PID=$!
ready=0
for _ in $(seq 100); do
  if curl -sf "http://127.0.0.1:$PORT/status" >/dev/null; then ready=1; break; fi
  kill -0 "$DRIVER_PID" 2>/dev/null || break
  sleep 0.1
done
[ "$ready" = 1 ] || die "tauri-driver did not answer on port $PORT: $(cat "$WORK/tauri-driver.log")"
NATIVE_PID=$(pgrep -P "$DRIVER_PID" -x WebKitWebDriver | head -1 || true)

# --- The specs --------------------------------------------------------------------------------
cd "$E2E"
if [ $# -gt 0 ]; then specs=("$@"); else specs=(specs/*.test.mjs); fi
log "running ${#specs[@]} spec files"
set +e
E2E_APP=$APP E2E_HOME=$E2E_HOME E2E_CATALOGUE=$CATALOGUE E2E_SAMPLE=$SOURCE E2E_SCREENSHOTS=$WORK/screenshots \
  E2E_CLI=$CLI E2E_CONFIG=$WORK/config \
  E2E_FAILURES=$WORK/failures TAURI_DRIVER_PORT=$PORT \
  timeout --signal=TERM --kill-after=20 "$E2E_TIMEOUT" \
  node --test --test-concurrency=1 --test-reporter=spec "${specs[@]}"
status=$?
set -e
[ "$status" -eq 124 ] && printf 'e2e: the specs did not finish within %ss\n' "$E2E_TIMEOUT" >&2

# Refresh docs/screenshots/ after a passing run. WebKit's anti-aliasing differs by a few pixels
# from run to run, so a shot that looks the same as the one there is left alone (no churn in git).
if [ "$status" -eq 0 ]; then
  for shot in "$WORK"/screenshots/*.png; do
    [ -e "$shot" ] || continue
    old=$ROOT/docs/screenshots/$(basename "$shot")
    if [ -e "$old" ] && [ -x /usr/bin/compare ]; then
      differing=$(/usr/bin/compare -metric AE -fuzz 40% "$old" "$shot" null: 2>&1 || true)
      if [[ $differing =~ ^[0-9]+$ ]] && [ "$differing" -le 10 ]; then continue; fi
    fi
    cp "$shot" "$old"
    printf 'e2e: updated docs/screenshots/%s\n' "$(basename "$shot")" >&2
  done
fi
exit "$status"
