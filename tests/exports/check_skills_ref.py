#!/usr/bin/env python3
"""Runs the Agent Skills reference validator (`agentskills validate`, PyPI skills-ref) on every
exported skill folder and compares its verdict with Skillhouse's.

    check_skills_ref.py AGENTSKILLS SKILLS_DIR REGISTRY_JSON

SKILLS_DIR holds one folder per skill (the well-known export's `.well-known/agent-skills`).
REGISTRY_JSON is the legacy export's `extracted-skills-registry.json`, whose `portable` says
whether Skillhouse finds the skill valid under the agentskills profile. The two verdicts must
agree for every skill: a skill Skillhouse calls portable must pass skills-ref, and one it does
not (such as the sample's legacy skill, whose list-style `allowed-tools` strictyaml refuses) must
fail it. Exits 1 on any disagreement. Standard library only.
"""

import json
import os
import subprocess
import sys


def main():
    if len(sys.argv) != 4:
        print("usage: " + next(l.strip() for l in __doc__.splitlines() if ".py " in l), file=sys.stderr)
        return 2
    agentskills, skills_dir, registry_path = sys.argv[1:]
    with open(registry_path, encoding="utf-8") as handle:
        portable = {s["name"]: s["portable"] for s in json.load(handle)["skills"]}
    folders = sorted(d for d in os.listdir(skills_dir) if os.path.isdir(os.path.join(skills_dir, d)))
    disagreements = []
    passed = failed = 0
    for name in folders:
        run = subprocess.run([agentskills, "validate", os.path.join(skills_dir, name)], capture_output=True, text=True)
        valid = run.returncode == 0
        passed += valid
        failed += not valid
        if name not in portable:
            disagreements.append(f"{name}: exported but not in the registry")
        elif valid != portable[name]:
            said = "valid" if valid else "invalid"
            ours = "portable" if portable[name] else "not portable"
            detail = (run.stdout + run.stderr).strip().replace("\n", "\n      ")
            disagreements.append(f"{name}: skills-ref says {said}, Skillhouse says {ours}\n      {detail}")
    for name in sorted(set(portable) - set(folders)):
        disagreements.append(f"{name}: in the registry but not exported")
    if disagreements:
        print(f"check_skills_ref: {len(disagreements)} disagreement(s):", file=sys.stderr)
        for d in disagreements:
            print(f"  - {d}", file=sys.stderr)
        return 1
    print(f"check_skills_ref: {len(folders)} exported skills, {passed} valid and {failed} invalid for skills-ref, as Skillhouse says")
    return 0


if __name__ == "__main__":
    sys.exit(main())
