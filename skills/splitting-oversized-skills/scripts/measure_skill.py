#!/usr/bin/env python3
"""Measure a skill's progressive-disclosure levels. Read-only: it opens files, prints a report,
and never writes, deletes or fetches anything.

Usage:
    python3 scripts/measure_skill.py SKILL_DIR [SKILL_DIR ...]

For each skill directory it prints:
  - L1: estimated tokens of name + description
  - L2: body line count and estimated tokens, then the size of each `## ` section
  - L3: every other text file under the directory with its estimated tokens

Tokens are estimated as characters / 4, which is close to o200k for English prose and
undercounts Chinese or Japanese text by a third or more. Use Skillhouse for exact counts.
"""
import os
import sys

L1_BUDGET = 100
L2_BUDGET = 5000
RESOURCE_BUDGET = 10000
MAX_BODY_LINES = 500
SKIP_DIRS = {".git", "node_modules", "target", "__pycache__"}


def estimate(text):
    return (len(text) + 3) // 4


def split_frontmatter(text):
    """Return (frontmatter_lines, body_text) using the line-based rule: the first line is '---'
    and the frontmatter ends at the next line that is exactly '---'."""
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        return None, text
    for i in range(1, len(lines)):
        if lines[i].rstrip() == "---":
            return lines[1:i], "\n".join(lines[i + 1:])
    return None, text


def read_l1(fm_lines):
    """Pull name and description without a YAML library. Handles plain one-line values and
    folded or indented continuation lines, which covers the usual SKILL.md layouts."""
    fields, key = {}, None
    for line in fm_lines:
        if line and not line[0].isspace() and ":" in line:
            key, _, value = line.partition(":")
            key = key.strip()
            fields[key] = value.strip().strip("\"'").lstrip(">|").strip()
        elif key and line.startswith((" ", "\t")):
            fields[key] = (fields[key] + " " + line.strip()).strip()
    return fields.get("name", ""), fields.get("description", "")


def sections(body):
    """Yield (heading, line_count, tokens) for each '## ' section, plus any preamble."""
    current, buf = "(before first ## heading)", []
    in_fence = False
    for line in body.splitlines():
        if line.startswith("```"):
            in_fence = not in_fence
        if not in_fence and line.startswith("## "):
            if buf:
                yield current, len(buf), estimate("\n".join(buf))
            current, buf = line[3:].strip(), []
        buf.append(line)
    if buf:
        yield current, len(buf), estimate("\n".join(buf))


def flag(value, budget):
    return "  OVER BUDGET" if value > budget else ""


def measure(skill_dir):
    path = os.path.join(skill_dir, "SKILL.md")
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as err:
        print(f"{skill_dir}: cannot read SKILL.md ({err})")
        return
    fm, body = split_frontmatter(text)
    if fm is None:
        print(f"{skill_dir}: SKILL.md has no closed frontmatter; fix that first")
        return
    name, description = read_l1(fm)
    l1 = estimate(name + " " + description)
    body_lines = len(body.splitlines())
    l2 = estimate(body)
    print(f"== {name or skill_dir}")
    print(f"L1  name+description  ~{l1} tokens (budget {L1_BUDGET}){flag(l1, L1_BUDGET)}")
    print(f"L2  body  {body_lines} lines{flag(body_lines, MAX_BODY_LINES)}, "
          f"~{l2} tokens (budget {L2_BUDGET}){flag(l2, L2_BUDGET)}")
    for heading, count, tokens in sections(body):
        print(f"      {count:4d} lines  ~{tokens:5d} tokens  {heading}")
    for root, dirs, files in os.walk(skill_dir):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        for file_name in sorted(files):
            full = os.path.join(root, file_name)
            rel = os.path.relpath(full, skill_dir)
            if rel == "SKILL.md":
                continue
            try:
                with open(full, encoding="utf-8") as handle:
                    tokens = estimate(handle.read())
            except UnicodeDecodeError:
                print(f"L3  {rel}  binary, {os.path.getsize(full)} bytes")
                continue
            except OSError as err:
                print(f"L3  {rel}  unreadable ({err})")
                continue
            print(f"L3  {rel}  ~{tokens} tokens{flag(tokens, RESOURCE_BUDGET)}")
    print()


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip())
        return 2
    for skill_dir in argv[1:]:
        measure(skill_dir.rstrip("/"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
