#!/usr/bin/env bash
# Time the Agent Skills reference validator (PyPI skills-ref, command `agentskills`) on a catalogue.
#
#   bench/skills-ref.sh CATALOGUE_DIR [SAMPLE]
#
# 1. Creates ${BENCH_DIR:-/tmp/skillhouse-bench}/venv with skills-ref==$SKILLS_REF_VERSION if missing.
# 2. Validates every skill directory in ONE Python process (skills_ref.validate) and prints JSON
#    {"skills": n, "valid": k, "seconds": t, ...}.
# 3. Runs `agentskills validate DIR` as one process per skill on SAMPLE (default 50) evenly spaced
#    skills and prints the per-skill time and its extrapolation to the whole catalogue, as JSON.
set -euo pipefail

SKILLS_REF_VERSION=0.1.1
BENCH_DIR=${BENCH_DIR:-/tmp/skillhouse-bench}
VENV=$BENCH_DIR/venv
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if [[ $# -lt 1 || $# -gt 2 || $1 == -h || $1 == --help ]]; then
    sed -n '2,10s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
    exit 2
fi
CATALOGUE=$1
SAMPLE=${2:-50}
[[ -d $CATALOGUE ]] || { echo "skills-ref.sh: not a directory: $CATALOGUE" >&2; exit 2; }

installed() {
    [[ -x $VENV/bin/agentskills ]] &&
        "$VENV/bin/python" -c "import sys; from importlib.metadata import version; sys.exit(version('skills-ref') != '$SKILLS_REF_VERSION')" 2>/dev/null
}
if ! installed; then
    echo "skills-ref.sh: installing skills-ref==$SKILLS_REF_VERSION into $VENV" >&2
    mkdir -p "$BENCH_DIR"
    [[ -x $VENV/bin/python ]] || python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "skills-ref==$SKILLS_REF_VERSION"
    installed || { echo "skills-ref.sh: install failed" >&2; exit 1; }
fi

echo "# in one process: skills_ref.validate(skill_dir) per skill" >&2
"$VENV/bin/python" "$HERE/skills_ref_timing.py" "$CATALOGUE"
echo "# one \`agentskills validate DIR\` process per skill, $SAMPLE sampled, extrapolated" >&2
"$VENV/bin/python" "$HERE/skills_ref_timing.py" "$CATALOGUE" --cli "$SAMPLE"
