#!/usr/bin/env python3
"""Reads the JSON lines bench/run.sh collected and prints each target of docs/benchmarks.md with
the figure measured, its bound, and whether it holds. Usage: bench/targets.py RUN.jsonl"""
import json
import sys

lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip().startswith("{")]


def first(key, where=lambda l: True):
    for l in lines:
        if key in l and where(l):
            return l
    sys.exit(f"targets.py: no line with {key!r} in {sys.argv[1]}")


parse = first("parse_validate_s", lambda l: "cold_index_s" not in l)
cold = first("cold_index_s", lambda l: "reopen_s" not in l)
count = first("count_one_core_s")
every = first("reopen_s")
ref = first("seconds", lambda l: l.get("mode", "").startswith("in-process"))["seconds"]
agents = first("agents_sync_nothing_s")
one_core_half = count["count_one_core_s"] / count["count_cores"]

rows = [
    ("cold index, every count, vs skills-ref", ref / cold["cold_index_s"], ">=", 10, "x"),
    ("token counting alone vs one core / cores", count["count_vs_ideal"], "<=", 1.2, "x"),
    ("cold index's counting phase (writer beside it) vs one core / cores", cold["cold_count_tokens_s"] / one_core_half, "<=", 1.2, "x"),
    ("parse + validate + list vs skills-ref", ref / parse["parse_validate_s"], ">=", 50, "x"),
    ("warm re-open", every["reopen_s"], "<=", 0.2, " s"),
    ("re-index after one skill changed", every["reindex_one_s"] * 1000, "<=", 30, " ms"),
    ("agents: plan installing every skill into five tools", agents["agents_plan_full_s"], "<=", 1, " s"),
    ("agents: sync with nothing to do", agents["agents_sync_nothing_s"], "<=", 0.5, " s"),
    ("agents: status", agents["agents_status_s"], "<=", 0.5, " s"),
    ("peak memory (parse, cold index)", max(parse["peak_rss_mb"], cold["peak_rss_mb"]), "<=", 300, " MB"),
]
print(f"# skills-ref {ref:.2f} s; skillhouse cold index {cold['cold_index_s']:.2f} s, parse {parse['parse_validate_s']:.3f} s")
for name, value, op, bound, unit in rows:
    holds = value >= bound if op == ">=" else value <= bound
    print(json.dumps({"target": name, "measured": round(value, 3), "bound": f"{op} {bound}{unit}", "holds": holds}))
