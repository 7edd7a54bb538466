"""Shared by the campaign tests: the example scenarios, a fight played to its end by the autopilot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "templates" / "scenarios"


def play(scenario: str | Path, journal: str | Path, rounds: int = 400) -> Any:
    """The fight of ``scenario`` played by the autopilot to its end, journaled to ``journal``."""
    from gmkit.scenario import load_scenario
    from gmkit.systems import get

    model = load_scenario(scenario)
    enc = get(str(model.system)).engine_class(model, journal=journal)
    enc.run(rounds)
    enc.close()
    return enc


def snapshot(path: Path) -> bytes:
    """The campaign file's bytes (and its write-ahead log's, when there is one)."""
    wal = path.with_name(path.name + "-wal")
    return path.read_bytes() + (wal.read_bytes() if wal.exists() else b"")
