# Sourced by the interoperability tests. ensure_venv VENV LOCK WHAT: a virtual environment at VENV
# holding exactly the pins of LOCK, installed from PyPI when missing or when the pins changed.
ensure_venv() {
  local venv=$1 lock=$2 what=$3
  if [ ! -x "$venv/bin/python" ] || ! cmp -s "$lock" "$venv/installed.txt"; then
    printf '\n==> installing %s into %s\n' "$what" "$venv" >&2
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r "$lock"
    cp "$lock" "$venv/installed.txt"
  fi
}
