"""Resolve -> chart/map model update, for a 6-dragon and a 12-ship fight (target: under 50 ms).

Times the Resolve button's whole handler on a live desk (the engine resolves, the journal is
written, the desk's observer rebuilds the form, log and view-model and pushes the chart or map
update) and, separately, the view update alone. Orders come from the engines' autopilots, submitted
before the clock starts. No kernel is attached, so the figures leave out the browser's drawing.

    .venv/bin/python benchmarks/ui.py
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from gmkit.ui.sessions import DragonSession, Session, SpaceSession

TARGET_MS = 50.0


def six_dragons() -> dict[str, Any]:
    dragons = []
    for i in range(6):
        dragons.append({
            "name": f"Dragon {i + 1}", "side": "red" if i < 3 else "blue", "max_speed": 12,
            "toughness": 9, "speed": 4 + i % 4, "height": 10 + i % 3,
            "pilot": {"name": f"Pilot {i + 1}", "fighting": "d8", "piloting": "d8", "spirit": "d8",
                      "shooting": "d8"},
            "weapons": [{"name": "Breath", "kind": "ranged", "damage": "2d8", "ranges": [60, 120, 180]},
                        {"name": "Claws", "kind": "melee", "damage": "2d6+1"}]})
    return {"system": "dragons", "name": "Six dragons", "seed": 5, "battlefield": "firmament",
            "dragons": dragons}


def twelve_ships() -> dict[str, Any]:
    ships = []
    for i in range(12):
        side = "red" if i < 6 else "blue"
        heavy = i % 3 == 0
        ship: dict[str, Any] = {"name": f"Ship {i + 1}", "side": side, "kind": "heavy" if heavy else "light",
                                "cell": [2 + 3 * (i % 6), 3 if side == "red" else 16],
                                "hull": 20, "defence": 5, "shields": 6, "damage": "2d6"}
        if heavy:
            ship.update(size=2, orientation="h")
        ships.append(ship)
    return {"system": "space", "name": "Twelve ships", "seed": 9, "location": "space",
            "grid": {"width": 20, "height": 20, "station": [[9, 9], [10, 9], [9, 10], [10, 10]]},
            "ships": ships}


def measure(desk: Session, steps: int) -> tuple[list[float], list[float]]:
    views: list[float] = []
    original = desk.update_views

    def timed() -> None:
        t = time.perf_counter()
        original()
        views.append(1000 * (time.perf_counter() - t))

    desk.update_views = timed  # type: ignore[method-assign]
    totals: list[float] = []
    per_step: list[float] = []
    enc = desk.encounter
    for _ in range(steps):
        if enc.is_over:
            break
        for actor in enc.awaiting():
            order = enc.autopilot(actor)
            if order is not None:
                enc.submit(actor, order)
        views.clear()
        t = time.perf_counter()
        assert desk.resolve(), desk.status.value
        totals.append(1000 * (time.perf_counter() - t))
        per_step.append(sum(views))
    return totals, per_step


def report(name: str, totals: list[float], views: list[float]) -> None:
    med = statistics.median(totals)
    p90 = sorted(totals)[int(0.9 * (len(totals) - 1))]
    verdict = "OK" if med < TARGET_MS else "OVER"
    print(f"{name:<22} {len(totals):>4} resolutions   Resolve->model updated: median {med:6.1f} ms, "
          f"p90 {p90:6.1f} ms   view update alone: {statistics.median(views):5.1f} ms   "
          f"[{verdict}, target {TARGET_MS:.0f} ms]")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        dragons = DragonSession(six_dragons(), journal=Path(tmp) / "d.jsonl")
        totals, views = measure(dragons, 20)
        report("6-dragon duel (chart)", totals, views)
        space = SpaceSession(twelve_ships(), journal=Path(tmp) / "s.jsonl")
        totals, views = measure(space, 40)
        report("12-ship battle (map)", totals, views)


if __name__ == "__main__":
    main()
