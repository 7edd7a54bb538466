"""Campaign speed: a finished 30-round fantasy fight applied to a campaign (its journal read and
every line replayed, the table worked out, one transaction saved) and the campaign shown (the
roster, the fights, and ``--json``).

Prints milliseconds, best of 7 (each apply on a fresh copy of the campaign file), and the same two
commands as a GM types them (a new Python process each, imports included). Target: apply + show
under 1 s.
"""

from __future__ import annotations

import copy
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HP = 13
SEED = 14
"""The road of the guide with tougher wolves (13 risk points, AC 3) and a party four times as hard:
seed 14 plays exactly 30 rounds (58 turns, 360 events)."""


def best(fn: Callable[[], object], n: int = 7) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times) * 1e3


def _scenario(folder: Path) -> Path:
    import yaml

    from tests.campaign.road import ROAD

    data = copy.deepcopy(ROAD)
    data["seed"] = SEED
    for c in data["combatants"]:
        if c["side"] == "pack":
            c.update(hp=HP, ac=3)
        else:
            c["hp"] = c["hp"] * 4
    path = folder / "long.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def main() -> None:
    from benchmarks._machine import calibration
    from gmkit.campaign import apply as ap
    from gmkit.campaign import roster, show
    from gmkit.campaign.store import Campaign
    from gmkit.scenario import load_scenario
    from gmkit.systems import get

    print(f"machine: sum(range(1000)) takes {calibration():.1f} us")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        scenario = _scenario(folder)
        enc = get("fantasy").engine_class(load_scenario(scenario), journal=folder / "long.jsonl")
        enc.run(500)
        enc.close()
        print(f"fight: {enc.round} rounds, {enc.resolutions} turns, {len(enc.record)} events")
        roster.new(folder / "clean.gmc", scenario=scenario, party="party").close()

        def fresh() -> Path:
            path = folder / "c.gmc"
            for suffix in ("", "-wal", "-shm"):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
            shutil.copy(folder / "clean.gmc", path)
            return path

        def apply_once() -> None:
            with Campaign.open(fresh(), write=True) as c:
                ap.apply(c, ap.plan(c, folder / "long.jsonl", {"rest": "full"}))

        def show_once() -> None:
            with Campaign.open(folder / "c.gmc") as c:
                show.text(c, "ru")
                show.summary(c)

        apply_once()  # warm: the engine, the catalogue and the dictionaries loaded once
        show_once()
        a = best(apply_once)
        s = best(show_once)
        print(f"apply (read + replay + table + save): {a:7.1f} ms")
        print(f"show (text and JSON):                 {s:7.1f} ms")
        print(f"apply + show:                         {a + s:7.1f} ms   (target < 1000 ms)")

        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        path = fresh()
        cli = [sys.executable, "-m", "gmkit"]
        t = time.perf_counter()
        subprocess.run([*cli, "campaign", "apply", str(path), str(folder / "long.jsonl"), "--yes"],
                       check=True, env=env, capture_output=True)
        t_apply = time.perf_counter() - t
        t = time.perf_counter()
        subprocess.run([*cli, "campaign", "show", str(path)], check=True, env=env, capture_output=True)
        t_show = time.perf_counter() - t
        print(f"as typed: gmkit campaign apply {t_apply * 1e3:7.0f} ms, show {t_show * 1e3:6.0f} ms "
              f"(new processes, imports included)")


if __name__ == "__main__":
    main()
