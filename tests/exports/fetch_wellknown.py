#!/usr/bin/env python3
"""Reads a well-known Agent Skills site the way the `skills` CLI does, and compares every file
with the catalogue it was exported from.

    fetch_wellknown.py BASE_URL CATALOGUE

1. Fetches the index at `<base>/.well-known/agent-skills/index.json`, then the older
   `<base>/.well-known/skills/index.json`, then the same two at the host's root (the reader's
   order), and checks each entry as the reader does: a lowercase name of at most 64 characters,
   a description, a non-empty list of files that includes SKILL.md, no file starting with `/` or
   `\\` or containing `..`.
2. Fetches every file at `<base>/.well-known/agent-skills/<name>/<file>` and compares its sha256
   with the file in the catalogue (the skill folder whose last component is the name).
3. Checks that every skill of the catalogue is listed, with every file of its folder.

Exits 1, listing every difference, when anything does not match. Standard library only.
"""

import hashlib
import json
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request

NAME = re.compile(r"^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$")
WELL_KNOWN = (".well-known/agent-skills", ".well-known/skills")
SKIPPED = {".git", "node_modules", "target"}


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read()


def find_index(base):
    parsed = urllib.parse.urlsplit(base)
    root = f"{parsed.scheme}://{parsed.netloc}"
    path = parsed.path.rstrip("/")
    tries = []
    for well_known in WELL_KNOWN:
        tries.append((f"{root}{path}", well_known))
        if path:
            tries.append((root, well_known))
    for resolved, well_known in tries:
        try:
            index = json.loads(fetch(f"{resolved}/{well_known}/index.json"))
        except (urllib.error.URLError, ValueError):
            continue
        if isinstance(index, dict) and isinstance(index.get("skills"), list):
            return resolved, well_known, index
    return None


def entry_problems(entry):
    if not isinstance(entry, dict):
        return ["an entry is not an object"]
    problems = []
    name = entry.get("name")
    if not isinstance(name, str) or not NAME.match(name):
        problems.append(f"name {name!r} is not a skill name")
    if not isinstance(entry.get("description"), str) or not entry["description"]:
        problems.append(f"{name}: no description")
    files = entry.get("files")
    if not isinstance(files, list) or not files:
        return problems + [f"{name}: no files"]
    for f in files:
        if not isinstance(f, str) or f.startswith("/") or f.startswith("\\") or ".." in f:
            problems.append(f"{name}: file {f!r} is refused by the reader")
    if not any(isinstance(f, str) and f.lower() == "skill.md" for f in files):
        problems.append(f"{name}: files do not include SKILL.md")
    return problems


def catalogue_skills(root):
    """Skill folder name -> {relative file: absolute path}, nested skills as their own skills."""
    skills = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED and not d.startswith("."))
        if "SKILL.md" not in filenames:
            continue
        files = {}
        for sub, subdirs, subfiles in os.walk(dirpath):
            if sub != dirpath and os.path.exists(os.path.join(sub, "SKILL.md")):
                subdirs[:] = []
                continue
            for f in subfiles:
                full = os.path.join(sub, f)
                files[os.path.relpath(full, dirpath).replace(os.sep, "/")] = full
        skills[os.path.basename(dirpath)] = files
    return skills


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def main():
    if len(sys.argv) != 3:
        print("usage: " + next(l.strip() for l in __doc__.splitlines() if ".py " in l), file=sys.stderr)
        return 2
    base, catalogue = sys.argv[1], sys.argv[2]
    found = find_index(base)
    if not found:
        print(f"fetch_wellknown: no valid index under {base}", file=sys.stderr)
        return 1
    resolved, well_known, index = found
    problems = [p for e in index["skills"] for p in entry_problems(e)]
    expected = catalogue_skills(catalogue)
    fetched = 0
    for entry in index["skills"]:
        name = entry.get("name")
        local = expected.get(name)
        if local is None:
            problems.append(f"{name}: listed, but no skill folder of that name in the catalogue")
            continue
        listed = set(entry.get("files") or [])
        for missing in sorted(set(local) - listed):
            problems.append(f"{name}: {missing} is in the catalogue but not listed")
        for f in sorted(listed):
            url = f"{resolved}/{well_known}/{name}/{urllib.parse.quote(f)}"
            try:
                served = fetch(url)
            except urllib.error.URLError as e:
                problems.append(f"{name}: {url} could not be fetched: {e}")
                continue
            fetched += 1
            if f not in local:
                problems.append(f"{name}: {f} is served but not in the catalogue")
            else:
                with open(local[f], "rb") as handle:
                    if sha256(served) != sha256(handle.read()):
                        problems.append(f"{name}: {f} differs from the catalogue (sha256)")
    listed_names = {e.get("name") for e in index["skills"] if isinstance(e, dict)}
    for name in sorted(set(expected) - listed_names):
        problems.append(f"{name}: in the catalogue but not in the index")
    if problems:
        print(f"fetch_wellknown: {len(problems)} problem(s) at {resolved}/{well_known}:", file=sys.stderr)
        for p in problems:
            print(f"  - {p}", file=sys.stderr)
        return 1
    print(f"fetch_wellknown: {len(index['skills'])} skills, {fetched} files fetched from {resolved}/{well_known}, all match the catalogue")
    return 0


if __name__ == "__main__":
    sys.exit(main())
