"""Whole autopilot space battles per second on a 20x20 map (target: 200/s on one core).

Each battle is a full ``SpaceBattle.run()``: every turn goes through submit, validation, the
all-or-nothing resolution and the record, as in a live session (no journal file).

    .venv/bin/python benchmarks/space.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gmkit.space import SpaceBattle  # noqa: E402

SCENARIO = {
    "system": "space", "name": "benchmark duel, 20x20", "location": "space",
    "grid": {"width": 20, "height": 20, "station": [[9, 9], [10, 9], [9, 10], [10, 10]]},
    "ships": [
        {"name": "Raider", "side": "a", "kind": "light", "cell": [4, 4], "hull": 14, "defence": 6,
         "shields": 6, "shield_defence": 7, "damage": "2d6"},
        {"name": "Cruiser", "side": "b", "kind": "heavy", "size": 3, "cell": [12, 13],
         "hull": 30, "defence": 5, "shields": 10, "shield_defence": 7, "damage": "2d6+2"},
    ],
    "options": {"max_rounds": 100},
}

SCENARIO_2V2 = {
    **SCENARIO, "name": "benchmark 2v2 with a cloak and a tractor beam, 20x20",
    "ships": [
        {"name": "Shade", "side": "a", "cell": [6, 14], "hull": 12, "defence": 7, "shields": 4,
         "damage": "2d4+1", "cloak": True, "cloaked": True},
        {"name": "Mule", "side": "a", "kind": "heavy", "size": 2, "cell": [3, 15], "hull": 20,
         "defence": 5, "shields": 6, "damage": "2d6"},
        {"name": "Cutter", "side": "b", "cell": [13, 15], "hull": 14, "defence": 6, "shields": 6,
         "shield_defence": 7, "damage": [2, 3, 4, 5, 6, 7]},
        {"name": "Tug", "side": "b", "kind": "heavy", "size": 2, "orientation": "v", "cell": [6, 10],
         "hull": 22, "defence": 5, "shields": 6, "damage": "1d6+1", "tractor": True},
    ],
}


def bench(scenario: dict, seconds: float) -> tuple[float, float, float]:
    """Battles per CPU second (one core, so other load on the machine does not skew it), mean
    turns per battle, share of battles that ended."""
    n = turns = ended = 0
    start = time.process_time()
    seed = 0
    while time.process_time() - start < seconds:
        b = SpaceBattle(scenario, seed, record=False)
        b.run(100)
        turns += b.resolutions
        ended += b.is_over
        n += 1
        seed += 1
    elapsed = time.process_time() - start
    return n / elapsed, turns / n, ended / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    for sc in (SCENARIO, SCENARIO_2V2):
        rate, turns, ended = bench(sc, args.seconds)
        verdict = "ok" if rate >= 200 else "BELOW TARGET"
        print(f"{sc['name']}: {rate:.0f} battles/s ({turns:.1f} turns each, {ended:.0%} ended) "
              f"target 200/s: {verdict}")


if __name__ == "__main__":
    main()
