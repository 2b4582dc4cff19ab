#!/usr/bin/env python3
"""Turns criterion's saved results into markdown tables of throughput, with
each result's ratio to the fastest peer measured in the same run.

Usage: scripts/bench-table.py [target/criterion[,other runs...]] [group prefix ...]
Reads <dir>/<group>/<benchmark>/new/{benchmark,estimates}.json as criterion
0.5 writes them; a benchmark whose id starts with "peer" is a peer. Given
several run directories, separated by commas, each figure is the median of
its runs (scripts/bench-runs.sh makes them).
"""
import json
import pathlib
import statistics
import sys


def results(root):
    rows = []
    for bench in pathlib.Path(root).glob("**/new/benchmark.json"):
        meta = json.loads(bench.read_text())
        est = json.loads((bench.parent / "estimates.json").read_text())
        elements = (meta.get("throughput") or {}).get("Elements")
        if not elements:
            continue
        ns = est["mean"]["point_estimate"]
        name = meta.get("value_str") or meta.get("function_id") or ""
        if meta.get("function_id") and meta.get("value_str"):
            name = f'{meta["function_id"]}/{meta["value_str"]}'
        rows.append((meta["group_id"], name, elements / ns * 1e3))  # millions per second
    return rows


def table(rows, groups):
    names = sorted({n for g, n, _ in rows if g in groups})
    by = {(g, n): v for g, n, v in rows}
    out = ["| | " + " | ".join(groups) + " |", "|---" * (len(groups) + 1) + "|"]
    best_peer = {}
    for g in groups:
        peers = [v for (gg, n), v in by.items() if gg == g and "peer" in n]
        best_peer[g] = max(peers) if peers else None
    for n in names:
        cells = []
        for g in groups:
            v = by.get((g, n))
            if v is None:
                cells.append("")
            elif best_peer[g]:
                cells.append(f"{v:,.0f} ({v / best_peer[g]:.2f})")
            else:
                cells.append(f"{v:,.0f}")
        out.append(f"| {n} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def median_of_runs(roots):
    runs = {}
    for root in roots:
        for g, n, v in results(root):
            runs.setdefault((g, n), []).append(v)
    return [(g, n, statistics.median(vs)) for (g, n), vs in runs.items()]


def main():
    roots = (sys.argv[1] if len(sys.argv) > 1 else "target/criterion").split(",")
    prefixes = sys.argv[2:] or [""]
    rows = median_of_runs(roots)
    groups = sorted({g for g, _, _ in rows if any(g.startswith(p) for p in prefixes)})
    families = sorted({g.split("/")[0] for g in groups})
    for family in families:
        members = [g for g in groups if g.split("/")[0] == family]
        print(f"#### {family} (millions per second; ratio to the fastest peer in parentheses)\n")
        print(table(rows, members))
        print()


if __name__ == "__main__":
    main()
