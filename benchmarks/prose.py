"""How long the words of a fight take: every round's posts, the briefs, the reports.

Plays every example scenario gmkit ships to its end (seed 7, autopilot, as the Russian posts
test does) once, then times what a GM makes of it, in the scenario's own language: every round's
public post and each side's post (phpBB), every actor's brief after the last round, and the GM's
and the public BBCode, Markdown reports. Prints the best of ``--repeat`` passes per fight and in
all, in milliseconds of CPU time (the process's own: on a machine shared with other work, wall
time says more about the neighbours), so a change to the catalogue's formatter or the grammar
shows as a ratio against the figure recorded before it (benchmarks/README.md).

    .venv/bin/python benchmarks/prose.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _machine import calibration  # noqa: E402

MAX_ROUNDS = 60


def fights() -> list[tuple[str, Any, Any]]:
    """``(file stem, chronicle, run data with briefs)`` of every example fight, played once."""
    from gmkit.report.chronicle import Chronicle
    from gmkit.scenario import load_scenario
    from gmkit.systems import get

    out = []
    for path in sorted((ROOT / "templates" / "scenarios").glob("*.yaml")):
        model = load_scenario(path)
        enc = get(model.system).engine_class.from_scenario(path, seed=7)
        chron = Chronicle(enc, model.language)
        played = 0
        while not enc.is_over and played < MAX_ROUNDS:
            enc.resolve_round(autopilot=True)
            played += 1
        data = chron.update()
        data["briefs"] = chron.briefs()
        out.append((path.stem, chron, data))
    return out


def words(data: Any) -> int:
    """Every text a GM makes of one fight; the number of characters written."""
    from gmkit.report.bbcode import to_bbcode
    from gmkit.report.forum import brief_text, post_text
    from gmkit.report.markdown import to_markdown

    n = 0
    for r in data["rounds"]:
        for side in ["", *data["sides"]]:
            n += len(post_text(data, r["round"], side, "phpbb"))
    for actor in data["briefs"]:
        n += len(brief_text(data, actor, "phpbb"))
    n += len(to_bbcode(data, "gm")) + len(to_bbcode(data, "player"))
    n += len(to_markdown(data, "gm")) + len(to_markdown(data, "player"))
    return n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="passes per fight (the best is printed)")
    args = ap.parse_args()
    print(f"machine: sum(range(1000)) in {calibration():.1f} us")
    played = fights()
    total = 0.0
    print(f"{'fight':34} {'rounds':>6} {'texts':>6} {'chars':>8} {'CPU ms':>8}")
    for stem, _, data in played:
        words(data)  # warm: the catalogue, the dictionary, the caches
        best = float("inf")
        for _ in range(args.repeat):
            t0 = time.process_time()
            chars = words(data)
            best = min(best, time.process_time() - t0)
        texts = len(data["rounds"]) * (1 + len(data["sides"])) + len(data["briefs"]) + 4
        total += best
        print(f"{stem:34} {len(data['rounds']):6d} {texts:6d} {chars:8d} {best * 1000:8.1f}")
    print(f"{'all':34} {'':6} {'':6} {'':8} {total * 1000:8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
