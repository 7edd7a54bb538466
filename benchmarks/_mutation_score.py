"""The mutation score per module from ``mutmut results --all true`` (saved by ``make mutate`` as
``mutants/results.txt``), printed as the table in benchmarks/README.md.

    python benchmarks/_mutation_score.py mutants

Killed = killed + timeout (a mutant that hangs the tests is caught). A mutant no selected test
reaches ("no tests") is a gap, not an excuse: it counts against the score like a survivor. The
score leaves out only what was not run at all ("not checked", "skipped")."""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path


def main(folder: str = "mutants") -> int:
    text = (Path(folder) / "results.txt").read_text()
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for name, status in re.findall(r"^\s*(\S+?)__mutmut_\d+: (.+)$", text, re.M):
        module = re.sub(r"\.(x_|xǁ)[^.]*$", "", name)
        counts[module][status.strip()] += 1
    if not counts:
        print("no mutmut results: run `make mutate`")
        return 1
    total: Counter[str] = Counter()
    print("| module | mutants | killed (timeouts) | survived | no test reaches it | not run | score |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for module in sorted(counts):
        c = counts[module]
        total.update(c)
        print(row(module, c))
    print(row("**all**", total))
    return 0


def row(name: str, c: Counter[str]) -> str:
    killed = c["killed"] + c["timeout"]
    not_run = c["skipped"] + c["not checked"]
    tested = sum(c.values()) - not_run
    score = f"{100 * killed / tested:.1f}%" if tested else "-"
    return (f"| {name} | {sum(c.values())} | {killed} ({c['timeout']}) | {c['survived']} | "
            f"{c['no tests']} | {not_run} | {score} |")


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
