"""Space battle speed: whole autopilot battles per second on a 20x20 map (rule set S).

Each battle is built from the validated scenario and played to its end by ``SpaceBattle.run()``:
every turn goes through submit, validation, the all-or-nothing resolution, the record and the
in-memory journal, every roll logged, as in a live session (no journal file). Two boards: a light
raider against a three-cell heavy cruiser, and two against two with a cloaked ship and a tractor
beam. Target: at least 200 whole battles per second on one core.

    .venv/bin/python benchmarks/space.py [--battles 200] [--repeats 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from _machine import calibration  # benchmarks/ is on sys.path when a script runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

DUEL: dict[str, Any] = {
    "system": "space", "name": "raider vs cruiser, 20x20", "location": "space",
    "grid": {"width": 20, "height": 20, "station": [[9, 9], [10, 9], [9, 10], [10, 10]]},
    "ships": [
        {"name": "Raider", "side": "a", "kind": "light", "cell": [4, 4], "hull": 14, "defence": 6,
         "shields": 6, "shield_defence": 7, "damage": "2d6"},
        {"name": "Cruiser", "side": "b", "kind": "heavy", "size": 3, "cell": [12, 13],
         "hull": 30, "defence": 5, "shields": 10, "shield_defence": 7, "damage": "2d6+2"},
    ],
    "options": {"max_rounds": 100},
}

TWO_ON_TWO: dict[str, Any] = {
    **DUEL, "name": "2 vs 2, cloak and tractor beam, 20x20",
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


def bench(scenario: dict[str, Any], battles: int, repeats: int) -> dict[str, float]:
    """Best-of-``repeats`` rates (wall and CPU) over ``battles`` seeded battles each."""
    from gmkit.scenario import validate_scenario
    from gmkit.space import SpaceBattle

    validated = validate_scenario(scenario).model_dump(mode="json")
    best_wall = best_cpu = 0.0
    turns = ended = 0
    for k in range(repeats):
        turns = ended = 0
        t0, c0 = time.perf_counter(), time.process_time()
        for seed in range(k * battles, (k + 1) * battles):
            b = SpaceBattle.from_valid(validated, seed)
            b.run(100)
            turns += b.resolutions
            ended += b.is_over
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        best_wall, best_cpu = max(best_wall, battles / wall), max(best_cpu, battles / cpu)
    return {"wall": best_wall, "cpu": best_cpu, "turns": turns / battles, "ended": ended / battles}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--battles", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    print(f"Space battle, autopilot to the end, every roll logged "
          f"(best of {args.repeats} x {args.battles})")
    slow = calibration() / 8.0
    for sc in (DUEL, TWO_ON_TWO):
        r = bench(sc, args.battles, args.repeats)
        print(f"  {sc['name']}")
        print(f"    whole battles per second (wall) : {r['wall']:8,.0f}/s  (target >= 200/s on one core)")
        print(f"    whole battles per second (CPU)  : {r['cpu']:8,.0f}/s")
        print(f"    wall rate scaled to an idle core: {r['wall'] * max(1.0, slow):8,.0f}/s  (rough)")
        print(f"    turns per battle                : {r['turns']:8.1f}")
        print(f"    battles ended                   : {r['ended']:8.0%}")
    print(f"  machine: sum(range(1000)) takes {slow * 8:.1f} us (about 8 on an idle modern core)")


if __name__ == "__main__":
    main()
