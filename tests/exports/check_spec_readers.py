#!/usr/bin/env python3
"""Loads every exported skill folder with the two specification readers the product's seed
documents use, and reports each one they refuse.

    check_spec_readers.py AGENTSKILLS SKILLS_DIR [--expect-refused NAME ...]

- Google ADK: google.adk.skills.load_skill_from_dir (PyPI google-adk), which must return a skill
  whose name is the folder's;
- skills-ref: `agentskills validate FOLDER`, which must exit 0.

Without --expect-refused every skill must pass both. With it, exactly the named skills must be
refused (by at least one reader) and every other skill must pass: this is how the test shows that
the check can fail. Exits 1 on any difference. Run with the virtual environment's python.
"""

import argparse
import os
import subprocess
import sys

from google.adk.skills import load_skill_from_dir


def adk_refusal(folder):
    try:
        skill = load_skill_from_dir(folder)
    except Exception as error:  # the loader raises ValueError, pydantic's ValidationError, …
        first = str(error).strip().splitlines()
        return f"google-adk: {type(error).__name__}: {first[0] if first else ''}"
    name = skill.frontmatter.name
    if name != os.path.basename(folder):
        return f"google-adk: loaded as `{name}`, not `{os.path.basename(folder)}`"
    return None


def skills_ref_refusal(agentskills, folder):
    run = subprocess.run([agentskills, "validate", folder], capture_output=True, text=True)
    if run.returncode == 0:
        return None
    lines = (run.stdout + run.stderr).strip().splitlines()
    return "skills-ref: " + (lines[0] if lines else f"exit {run.returncode}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("agentskills")
    parser.add_argument("skills_dir")
    parser.add_argument("--expect-refused", nargs="*", default=[])
    args = parser.parse_args()
    folders = sorted(d for d in os.listdir(args.skills_dir) if os.path.isdir(os.path.join(args.skills_dir, d)))
    if not folders:
        print(f"check_spec_readers: no skill folders in {args.skills_dir}", file=sys.stderr)
        return 1
    refused = {}
    for name in folders:
        folder = os.path.join(args.skills_dir, name)
        reasons = [r for r in (adk_refusal(folder), skills_ref_refusal(args.agentskills, folder)) if r]
        if reasons:
            refused[name] = reasons
    expected = set(args.expect_refused)
    problems = []
    for name in sorted(set(refused) - expected):
        problems.append(f"{name}: refused: " + "; ".join(refused[name]))
    for name in sorted(expected - set(refused)):
        problems.append(f"{name}: expected to be refused, but both readers loaded it")
    if problems:
        print(f"check_spec_readers: {len(problems)} problem(s):", file=sys.stderr)
        for p in problems:
            print(f"  - {p}", file=sys.stderr)
        return 1
    print(f"check_spec_readers: {len(folders)} skills; google-adk and skills-ref load {len(folders) - len(refused)}, refuse {len(refused)} as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
