#!/usr/bin/env python3
"""Compare a well-known skills index (index.json) with the catalogue folder it was built from.
Read-only: it reads the index and the catalogue, prints findings, and writes nothing. It does
not use the network; fetch the live index first and pass the saved copy.

Usage:
    python3 scripts/check_index.py INDEX_JSON CATALOGUE_DIR

Exit status: 0 when there are no errors, 1 when there are errors, 2 on bad usage.
"""
import json
import os
import re
import sys

NAME_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
NOISE = {".DS_Store", "Thumbs.db"}
NOISE_DIRS = {".git", "__pycache__", "node_modules"}


def frontmatter_fields(path):
    """Return the frontmatter as a dict, using PyYAML when installed and a small line-based
    reader for plain and indented values otherwise."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    if not lines or lines[0].strip() != "---":
        return None
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].rstrip() == "---")
    except StopIteration:
        return None
    block = lines[1:end]
    try:
        import yaml  # optional
        data = yaml.safe_load("\n".join(block))
        return data if isinstance(data, dict) else None
    except ImportError:
        pass
    except Exception:  # a YAML error: report it as unreadable frontmatter
        return None
    fields, key = {}, None
    for line in block:
        if line and not line[0].isspace() and ":" in line:
            key, _, value = line.partition(":")
            key = key.strip()
            fields[key] = value.strip().strip("\"'").lstrip(">|").strip()
        elif key and line.startswith(" "):
            fields[key] = (fields[key] + " " + line.strip()).strip()
    return fields


def squash(text):
    return " ".join(str(text or "").split())


def local_files(skill_dir):
    found = set()
    for root, dirs, files in os.walk(skill_dir):
        dirs[:] = [d for d in dirs if d not in NOISE_DIRS]
        for name in files:
            if name in NOISE or name.endswith(".pyc"):
                continue
            rel = os.path.relpath(os.path.join(root, name), skill_dir)
            found.add(rel.replace(os.sep, "/"))
    return found


def check(index_path, catalogue):
    errors, warnings = [], []
    try:
        with open(index_path, encoding="utf-8") as handle:
            index = json.load(handle)
    except (OSError, ValueError) as err:
        return [f"cannot read index: {err}"], []
    skills = index.get("skills") if isinstance(index, dict) else None
    if not isinstance(skills, list) or not skills:
        return ["index has no non-empty 'skills' array"], []

    seen = set()
    for position, entry in enumerate(skills):
        where = f"skills[{position}]"
        if not isinstance(entry, dict):
            errors.append(f"{where}: not an object")
            continue
        name = entry.get("name")
        where = f"{where} ({name})"
        if not isinstance(name, str) or not NAME_RE.match(name) or len(name) > 64:
            errors.append(f"{where}: invalid name")
            continue
        if name in seen:
            errors.append(f"{where}: duplicate name")
        seen.add(name)

        files = entry.get("files")
        if not isinstance(files, list) or "SKILL.md" not in files:
            errors.append(f"{where}: 'files' must be a list that includes SKILL.md")
            files = files if isinstance(files, list) else []
        for item in files:
            if not isinstance(item, str) or item.startswith(("/", "\\")) or ".." in item.split("/"):
                errors.append(f"{where}: unsafe file path {item!r}")

        skill_dir = os.path.join(catalogue, name)
        skill_md = os.path.join(skill_dir, "SKILL.md")
        if not os.path.isfile(skill_md):
            errors.append(f"{where}: no {name}/SKILL.md in the catalogue")
            continue
        fields = frontmatter_fields(skill_md)
        if fields is None:
            errors.append(f"{where}: {name}/SKILL.md frontmatter cannot be read")
            continue
        if fields.get("name") != name:
            errors.append(f"{where}: frontmatter name is {fields.get('name')!r}")
        if squash(entry.get("description")) != squash(fields.get("description")):
            errors.append(f"{where}: description differs from SKILL.md")

        present = local_files(skill_dir)
        for item in files:
            if isinstance(item, str) and item not in present:
                errors.append(f"{where}: listed file {item} does not exist")
        for item in sorted(present - {f for f in files if isinstance(f, str)}):
            warnings.append(f"{where}: {item} exists but is not listed")

    if os.path.isdir(catalogue):
        for name in sorted(os.listdir(catalogue)):
            if os.path.isfile(os.path.join(catalogue, name, "SKILL.md")) and name not in seen:
                warnings.append(f"catalogue skill {name} is not in the index")
    return errors, warnings


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip())
        return 2
    errors, warnings = check(argv[1], argv[2])
    for message in errors:
        print(f"ERROR {message}")
    for message in warnings:
        print(f"WARN  {message}")
    print(f"{len(errors)} errors, {len(warnings)} warnings")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
