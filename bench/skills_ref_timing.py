#!/usr/bin/env python3
"""Time the Agent Skills reference validator (PyPI `skills-ref`) over a whole catalogue.

    python skills_ref_timing.py CATALOGUE_DIR              # every skill, in this one process
    python skills_ref_timing.py CATALOGUE_DIR --cli 50     # `agentskills validate` per skill, 50 sampled

Both print one JSON object on stdout. Skill directories are found the way Skillhouse finds them:
every directory holding a file named exactly SKILL.md, at most 8 levels below the root, never
entering .git, node_modules or target. Run it with the Python of the venv that has skills-ref.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

T_IMPORT = time.perf_counter()
from skills_ref import validate  # noqa: E402  validate(skill_dir: Path) -> list[str]; [] means valid

IMPORT_SECONDS = time.perf_counter() - T_IMPORT
SKIP = {".git", "node_modules", "target"}
MAX_DEPTH = 8


def skill_dirs(root: Path) -> list[Path]:
    found = []
    root_depth = str(root).rstrip(os.sep).count(os.sep)
    for dirpath, dirnames, filenames in os.walk(root):
        depth = dirpath.rstrip(os.sep).count(os.sep) - root_depth
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP) if depth < MAX_DEPTH else []
        if "SKILL.md" in filenames and dirpath != str(root):
            found.append(Path(dirpath))
    found.sort()
    return found


def in_process(root: Path) -> dict:
    t0 = time.perf_counter()
    dirs = skill_dirs(root)
    t1 = time.perf_counter()
    valid = 0
    failures = []
    for d in dirs:
        errors = validate(d)
        if errors:
            if len(failures) < 5:
                failures.append({"skill": str(d.relative_to(root)), "errors": errors})
        else:
            valid += 1
    t2 = time.perf_counter()
    return {
        "skills": len(dirs),
        "valid": valid,
        "seconds": round(t2 - t0, 4),
        "walk_seconds": round(t1 - t0, 4),
        "validate_seconds": round(t2 - t1, 4),
        "import_seconds": round(IMPORT_SECONDS, 4),
        "skills_ref": version("skills-ref"),
        "mode": "in-process skills_ref.validate",
        "first_failures": failures,
    }


def per_process(root: Path, sample: int) -> dict:
    cli = Path(sys.executable).parent / "agentskills"
    dirs = skill_dirs(root)
    n = len(dirs)
    k = min(sample, n)
    # evenly spaced, so the sample is the same on every run
    picked = [dirs[i * n // k] for i in range(k)] if k else []
    valid = 0
    t0 = time.perf_counter()
    for d in picked:
        r = subprocess.run([str(cli), "validate", str(d)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        valid += r.returncode == 0
    elapsed = time.perf_counter() - t0
    per = elapsed / k if k else 0.0
    return {
        "skills": n,
        "sample": k,
        "sample_valid": valid,
        "sample_seconds": round(elapsed, 4),
        "per_skill_seconds": round(per, 4),
        "extrapolated_seconds": round(per * n, 2),
        "skills_ref": version("skills-ref"),
        "mode": "one `agentskills validate DIR` process per skill",
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("catalogue", type=Path)
    ap.add_argument("--cli", type=int, metavar="SAMPLE", help="time the CLI, one process per skill, on SAMPLE skills")
    args = ap.parse_args()
    root = args.catalogue.resolve()
    if not root.is_dir():
        print(f"not a directory: {root}", file=sys.stderr)
        return 2
    result = per_process(root, args.cli) if args.cli else in_process(root)
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
