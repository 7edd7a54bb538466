"""Fantasy skirmish speed: whole autopilot skirmishes per second, 3 against 6 (rule set F).

A party of three (one with a pet, a mage with spells and a potion) against six monsters with
morale, one of them venomous (яд16ПБ6). Each skirmish is built from the validated scenario, run
with the autopilot to its end, every roll logged and every resolution journaled in memory.
Target: at least 300 whole skirmishes per second on one core.
"""

from __future__ import annotations

import time
from typing import Any

from _machine import calibration  # benchmarks/ is on sys.path when a script runs

SCENARIO: dict[str, Any] = {
    "system": "fantasy", "name": "benchmark 3 vs 6", "seed": 1,
    "options": {"variant": 1},
    "combatants": [
        {"name": "Borin", "side": "party", "kind": "player", "hp": "2ЖК+6", "ac": 5, "strength": 1,
         "melee": {"name": "axe", "damage": "1-1.5-2-2.5-3-3.5"}, "levels": [100]},
        {"name": "Elwen", "side": "party", "kind": "player", "hp": "2ЖК+4", "ac": 6, "constitution": 1,
         "melee": {"name": "sword", "damage": "0.5-1-1.5-2-2.5-3"},
         "ranged": {"name": "bow", "damage": "0.5-1-1.5-2"}},
        {"name": "Mira", "side": "party", "kind": "player", "hp": "1ЖК+4", "ac": 8, "wisdom": 2,
         "melee": {"name": "staff", "damage": "1-2"},
         "spells": [{"name": "spark", "damage": "1-2-3", "uses": 2}],
         "items": [{"name": "potion", "heal": "2-3-4"}]},
        *[{"name": f"Wolf {i}", "side": "pack", "hp": "1ЖК+2", "ac": 7,
           "melee": {"name": "bite", "damage": "0.5-1-1.5-2"}, "morale": 12, "escape": [1, 2, 3, 4],
           "reward": 15} for i in range(1, 6)],
        {"name": "Spider", "side": "pack", "hp": "2ЖК+2", "ac": 6,
         "melee": {"name": "bite", "damage": "1-1.5-2", "special": "яд16ПБ6"}, "reward": 40},
    ],
}


def main() -> None:
    from gmkit.fantasy import Skirmish
    from gmkit.scenario import validate_scenario

    validated = validate_scenario(SCENARIO).model_dump(mode="json")

    def run(n: int, first_seed: int) -> tuple[float, float, float, int]:
        resolutions = 0
        wins = 0
        t0 = time.perf_counter()
        c0 = time.process_time()
        for seed in range(first_seed, first_seed + n):
            sk = Skirmish.from_valid(validated, seed)
            out = sk.run(500)
            assert out is not None and sk.is_over
            resolutions += sk.resolutions
            wins += out["winner"] == "party"
        wall = time.perf_counter() - t0
        cpu = time.process_time() - c0
        return n / wall, n / cpu, resolutions / n, wins

    run(50, 0)
    n = 300
    best_wall = best_cpu = 0.0
    turns = 0.0
    wins = 0
    for k in range(5):
        wall, cpu, turns, w = run(n, 10_000 * (k + 1))
        best_wall, best_cpu = max(best_wall, wall), max(best_cpu, cpu)
        wins += w
    print("Fantasy skirmish, 3 vs 6, autopilot to the end, every roll logged (best of 5 x 300)")
    print(f"  whole skirmishes per second (wall) : {best_wall:8,.0f}/s  (target >= 300/s on one core)")
    print(f"  whole skirmishes per second (CPU)  : {best_cpu:8,.0f}/s")
    print(f"  side turns per skirmish            : {turns:8.1f}")
    print(f"  party wins                         : {wins / (5 * n):8.1%}")
    print(f"  machine: sum(range(1000)) takes {calibration():.1f} us (about 8 on an idle modern core)")


if __name__ == "__main__":
    main()
