# The specification readers (skills-ref, google-adk; pinned in tests/exports/requirements.lock.txt)
# in a virtual environment, installed from PyPI when missing or when the pins changed.
# Usage: . tests/lib/readers.sh; ensure_readers VENV
ensure_readers() {
  local venv=$1 lock=tests/exports/requirements.lock.txt
  if [ ! -x "$venv/bin/agentskills" ] || ! cmp -s "$lock" "$venv/installed.txt"; then
    printf '\n==> installing skills-ref and google-adk into %s\n' "$venv" >&2
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r "$lock"
    cp "$lock" "$venv/installed.txt"
  fi
}
