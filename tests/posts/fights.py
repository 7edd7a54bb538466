"""Journaled fights for the post and brief tests: GM notes every round and an order left pending."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmkit.encounter import Encounter
from gmkit.scenario import load_scenario
from gmkit.systems import get

ROOT = Path(__file__).resolve().parents[2]
NOTE = "GM-SECRET-NOTE [/quote] the ambush waits"


def scenario(name: str) -> dict[str, Any]:
    return load_scenario(ROOT / "templates" / "scenarios" / f"{name}.yaml").model_dump(mode="json")


def journaled(name: str, folder: Path, resolutions: int, *, seed: int | None = None) -> Encounter:
    """A fight of scenario ``name`` with a journal, a GM note before every resolution, played by
    the autopilot ``resolutions`` times; still open (the caller closes it)."""
    data = scenario(name)
    enc: Encounter = get(data["system"]).engine_class(data, seed, journal=folder / f"{name}.jsonl")
    for _ in range(resolutions):
        if enc.is_over:
            break
        enc.note(NOTE)
        enc.resolve_round(autopilot=True)
    enc.note(NOTE)
    return enc


def leave_pending(enc: Encounter) -> Any:
    """Submit an order for the first actor awaited (not resolved): the autopilot's choice."""
    actor = enc.awaiting()[0]
    order = enc.policy().order(enc, actor)
    enc.submit(actor, order)
    return actor, order
