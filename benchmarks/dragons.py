"""Dragon duel speed: full 1-vs-1 autopilot duels per second, to the end, logging on.

Rates are per second of this process's CPU time (``time.process_time``), so other work on a
shared machine does not drag them down; the load average is printed beside them.

Each duel is built from the Firmament example scenario with its own seed, played by
``DragonDuel.run`` (autopilot orders submitted and validated, rounds resolved all-or-nothing,
every roll logged, every event journaled in memory). Target: at least 500 duels/s on one core.
Also prints the 2-vs-3 scenario's rate and where the time goes (cProfile, top functions).
"""

from __future__ import annotations

import cProfile
import io
import pstats
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gmkit.dragons import DragonDuel  # noqa: E402
from gmkit.scenario import load_scenario  # noqa: E402

DUEL = ROOT / "templates" / "scenarios" / "dragon_duel_firmament.yaml"
AMBUSH = ROOT / "templates" / "scenarios" / "dragon_blue_2v3.yaml"


def scenario(path: Path) -> dict[str, Any]:
    return load_scenario(path).model_dump(mode="json")


def play(sc: dict[str, Any], n: int, start: int = 0) -> tuple[float, int, int]:
    """Seconds for ``n`` whole duels, total rounds, total events."""
    rounds = events = 0
    t0 = time.process_time()
    for seed in range(start, start + n):
        d = DragonDuel.from_valid(sc, seed)  # sc is already a validated dump
        d.run(200)
        rounds += d.resolutions
        events += len(d.record)
    return time.process_time() - t0, rounds, events


def report(label: str, path: Path, n: int) -> float:
    sc = scenario(path)
    play(sc, 20)  # warm up
    best = None
    for _ in range(3):
        dt, rounds, events = play(sc, n)
        if best is None or dt < best[0]:
            best = (dt, rounds, events)
    assert best is not None
    dt, rounds, events = best
    rate = n / dt
    print(f"{label}: {rate:8,.0f} duels/s  ({rounds / n:.1f} rounds, {events / n:.0f} events "
          f"per duel; {rounds / dt:,.0f} rounds/s; best of 3 x {n})")
    return rate


def main() -> None:
    import os

    print(f"Dragon duels, autopilot to the end, logging on, one core "
          f"(CPU time; load average {os.getloadavg()[0]:.1f})")
    r1 = report("  1-vs-1 Firmament", DUEL, 1000)
    report("  2-vs-3 Blue      ", AMBUSH, 300)
    verdict = "meets" if r1 >= 500 else "BELOW"
    print(f"  target >= 500 1-vs-1 duels/s: {verdict} ({r1:,.0f}/s)")
    prof = cProfile.Profile()
    sc = scenario(DUEL)
    prof.enable()
    play(sc, 200, start=10_000)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
    print("Where the time goes (cProfile, 200 duels, by own time):")
    lines = [ln for ln in out.getvalue().splitlines() if ln.strip()]
    start = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith("ncalls"))
    for ln in lines[start:start + 13]:
        print("  " + ln.replace(str(ROOT) + "/", "")[:130])


if __name__ == "__main__":
    main()
