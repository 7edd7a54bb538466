"""Resolve -> chart/map model update, for a 6-dragon and a 12-ship fight (target: under 50 ms);
and the Resolve button with the autopilot on every example scenario (target: under 200 ms).

The second part plays each shipped example scenario from its start with the autopilot ordering for
everyone (the desk's Resolve with "autopilot for missing orders" ticked, confirmed), up to 12
resolutions, and prints the median and worst time of the whole handler: engine, journal, form,
status panel, log, chart or map, paste box and post panel. The post's PNG picture is drawn beside
the desk (a thread) and is waited for before each click, as a GM's pace gives it time to finish.

Times the Resolve button's whole handler on a live desk (the engine resolves, the journal is
written and fsynced, the desk's observer rebuilds the form, log and view-model and pushes the chart
or map update), its CPU time (steadier on a busy machine), the desk's part and the chart/map alone.
Orders come from the engines' autopilots, submitted before the clock starts. No kernel is
attached, so the figures leave out the browser's drawing.

    .venv/bin/python benchmarks/ui.py
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from gmkit.dragons.ui import DragonSession
from gmkit.space.ui import SpaceSession
from gmkit.ui.sessions import Session

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


def measure(desk: Session, steps: int) -> dict[str, list[float]]:
    """Per resolution: the whole handler (wall and CPU), the desk's part, the chart/map part."""
    out: dict[str, list[float]] = {"wall": [], "cpu": [], "desk": [], "view": []}
    spent = {"desk": 0.0, "view": 0.0}

    def timed(fn: Any, key: str) -> Any:
        def run(*a: Any) -> Any:
            t = time.perf_counter()
            try:
                return fn(*a)
            finally:
                spent[key] += 1000 * (time.perf_counter() - t)
        return run

    desk.update_views = timed(desk.update_views, "view")  # type: ignore[method-assign]
    desk._on_step = timed(desk._on_step, "desk")  # type: ignore[method-assign]
    enc = desk.encounter
    for _ in range(steps):
        if enc.is_over:
            break
        for actor in enc.awaiting():
            order = enc.autopilot(actor)
            if order is not None:
                enc.submit(actor, order)
        desk.posts.wait_pictures()  # the last post's picture, drawn beside the desk
        spent.update(desk=0.0, view=0.0)
        t, c = time.perf_counter(), time.process_time()
        assert desk.resolve_clicked(), desk.status.value  # every order in: the button resolves
        out["wall"].append(1000 * (time.perf_counter() - t))
        out["cpu"].append(1000 * (time.process_time() - c))
        out["desk"].append(spent["desk"])
        out["view"].append(spent["view"])
    return out


def report(name: str, m: dict[str, list[float]]) -> None:
    med = {k: statistics.median(v) for k, v in m.items()}
    p90 = sorted(m["wall"])[int(0.9 * (len(m["wall"]) - 1))]
    verdict = "OK" if med["wall"] < TARGET_MS else "OVER"
    print(f"{name:<22} {len(m['wall']):>3} resolutions  Resolve -> model updated: median "
          f"{med['wall']:5.1f} ms wall (p90 {p90:5.1f}), {med['cpu']:5.1f} ms CPU  |  of which the "
          f"desk {med['desk']:5.1f} ms, the chart/map alone {med['view']:5.1f} ms  "
          f"[{verdict}: target {TARGET_MS:.0f} ms]")


AUTOPILOT_TARGET_MS = 200.0


def example_scenarios() -> list[Path]:
    return sorted((Path(__file__).resolve().parents[1] / "templates" / "scenarios").glob("*.yaml"))


def autopilot_resolves(path: Path, tmp: str, steps: int = 12) -> dict[str, list[float]]:
    """The Resolve button with the autopilot, per resolution (the Confirm of its missing-order
    prompt, which does the resolving): wall and CPU milliseconds."""
    from gmkit.ui.sessions import session

    desk = session(path, journal=Path(tmp) / f"{path.stem}.jsonl")
    out: dict[str, list[float]] = {"wall": [], "cpu": []}
    try:
        for _ in range(steps):
            if desk.encounter.is_over:
                break
            desk.posts.wait_pictures()
            t, c = time.perf_counter(), time.process_time()
            desk.autopilot.value = True
            if not desk.resolve_clicked():  # the button: orders missing, so it asks first
                assert desk.prompting, desk.status.value
                t, c = time.perf_counter(), time.process_time()  # the GM reads, then confirms
                assert desk.answer(True), desk.status.value
            out["wall"].append(1000 * (time.perf_counter() - t))
            out["cpu"].append(1000 * (time.process_time() - c))
        desk.posts.wait_pictures()
    finally:
        desk.close()
    return out


def report_autopilot(name: str, m: dict[str, list[float]]) -> None:
    med, worst = statistics.median(m["wall"]), max(m["wall"])
    verdict = "OK" if med < AUTOPILOT_TARGET_MS else "OVER"
    print(f"{name:<30} {len(m['wall']):>3} resolutions  Resolve+autopilot: median {med:6.1f} ms wall "
          f"(worst {worst:6.1f}), {statistics.median(m['cpu']):6.1f} ms CPU  "
          f"[{verdict}: target {AUTOPILOT_TARGET_MS:.0f} ms]")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for path in example_scenarios():
            report_autopilot(path.stem, autopilot_resolves(path, tmp))
    with tempfile.TemporaryDirectory() as tmp:
        dragons = DragonSession(six_dragons(), journal=Path(tmp) / "d.jsonl")
        report("6-dragon duel (chart)", measure(dragons, 20))
        space = SpaceSession(twelve_ships(), journal=Path(tmp) / "s.jsonl")
        report("12-ship battle (map)", measure(space, 40))


if __name__ == "__main__":
    main()
