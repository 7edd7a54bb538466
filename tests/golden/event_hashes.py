"""Event hashes of whole autopilot fights: the guard of issue 30's speed work.

For each of the benchmarks' scenarios (the dragon duel and 2-vs-3, the space raider against the
cruiser, the fantasy 3 vs 6), 2,000 seeds are played to the end by the autopilot at the GM's table
(every event and roll kept), and each fight is reduced to one SHA-256 over what the rules decided:
every event's round, actor, kind, data, rolls and visibility, then the whole dice tape and the
outcome. Message keys and parameters are left out on purpose (they change with wording, not
with the rules). ``event_hashes.json`` keeps, per scenario, the scenario itself (so the fixture
does not move when a benchmark's scenario does), one SHA-256 over all seeds and the first 16 hex
digits of each seed's hash.

``python -m tests.golden.event_hashes`` re-records the fixture: only for a rule change, named in
the commit that changes it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).with_name("event_hashes.json")
SEEDS = 2000
ROOT = Path(__file__).resolve().parents[2]


def _benchmark_scenarios() -> dict[str, dict[str, Any]]:
    """The validated scenarios the speed benchmarks play (read from benchmarks/ when recording)."""
    import importlib.util

    from gmkit.scenario import load_scenario, validate_scenario

    bench = ROOT / "benchmarks"
    sys.path.insert(0, str(bench))
    try:
        mods = {}
        for name in ("space", "fantasy"):
            spec = importlib.util.spec_from_file_location(f"_bench_{name}", bench / f"{name}.py")
            assert spec is not None and spec.loader is not None
            mods[name] = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mods[name])
    finally:
        sys.path.remove(str(bench))
    scen = ROOT / "templates" / "scenarios"
    return {
        "dragons_duel": load_scenario(scen / "dragon_duel_firmament.yaml").model_dump(mode="json"),
        "dragons_2v3": load_scenario(scen / "dragon_blue_2v3.yaml").model_dump(mode="json"),
        "space_duel": validate_scenario(mods["space"].DUEL).model_dump(mode="json"),
        "fantasy_3v6": validate_scenario(mods["fantasy"].SCENARIO).model_dump(mode="json"),
    }


def fight_hash(engine: type, scenario: dict[str, Any], seed: int) -> str:
    """One whole autopilot fight at the table, as the SHA-256 of what its rules decided."""
    enc = engine.from_valid(scenario, seed)
    out = enc.run(500)
    h = hashlib.sha256()
    for ev in enc.record:
        item = [ev.round, ev.actor, ev.kind, ev.data, [r.to_json() for r in ev.rolls], ev.visibility]
        h.update(json.dumps(item, sort_keys=True, ensure_ascii=False, default=repr).encode("utf-8"))
        h.update(b"\n")
    h.update(json.dumps([list(enc.dice.tape), out, enc.resolutions], sort_keys=True,
                        ensure_ascii=False, default=repr).encode("utf-8"))
    return h.hexdigest()


def hashes(system: str, scenario: dict[str, Any], seeds: range) -> list[str]:
    from gmkit.systems import get

    engine = get(system).engine_class
    return [fight_hash(engine, scenario, seed) for seed in seeds]


def record() -> None:
    out: dict[str, Any] = {}
    for name, scenario in _benchmark_scenarios().items():
        full = hashes(scenario["system"], scenario, range(SEEDS))
        out[name] = {
            "scenario": scenario,
            "seeds": SEEDS,
            "all": hashlib.sha256("".join(full).encode()).hexdigest(),
            "per_seed": " ".join(h[:16] for h in full),
        }
        print(f"{name}: {SEEDS} fights, {out[name]['all']}")
    FIXTURE.write_text(json.dumps(out, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                       encoding="utf-8")


if __name__ == "__main__":
    record()
