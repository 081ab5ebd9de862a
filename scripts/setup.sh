# Installs what building and testing Skillhouse needs, and nothing that is already there.
# Sourced by start.sh and test.sh; safe to run again.

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

apt_updated=""
# need_packages PKG...: installs the Debian/Ubuntu packages that are missing.
need_packages() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "setup: installing ${missing[*]}"
  if [ -z "$apt_updated" ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

need_rust() {
  if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
  fi
  if ! command -v cargo >/dev/null 2>&1; then
    echo "setup: installing the Rust toolchain with rustup"
    need_packages curl ca-certificates
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --component clippy,rustfmt
    export PATH="$HOME/.cargo/bin:$PATH"
  fi
  if command -v rustup >/dev/null 2>&1; then
    rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy rustfmt
  fi
}

need_node() {
  if ! command -v npm >/dev/null 2>&1; then
    need_packages nodejs npm
  fi
  local major
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$major" -lt 20 ]; then
    echo "setup: Node.js $major is too old for the UI build (it needs 20 or newer); install a newer nodejs package" >&2
    exit 1
  fi
}

# The C toolchain builds the bundled SQLite; pkg-config finds system libraries; WebKitGTK and
# its dev packages build and run the desktop window; Xvfb gives it a display in tests; a CJK
# font, so that skills in Chinese or Japanese show as text, not boxes (the package recommends it).
need_packages build-essential pkg-config libwebkit2gtk-4.1-dev librsvg2-dev xvfb xauth webkit2gtk-driver imagemagick fonts-noto-cjk
need_rust
need_node
# The A2A interoperability test runs the real client (a2a-sdk from PyPI) in a virtual environment.
command -v python3 >/dev/null 2>&1 || need_packages python3
python3 -c 'import ensurepip' 2>/dev/null || need_packages python3-venv
