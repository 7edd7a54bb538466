"""The race's static data, built once from the scenario: who runs, for which side, with how many dice."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Racer:
    name: str
    side: str
    max_dice: int


@dataclass(frozen=True, slots=True)
class Sheets:
    racers: dict[str, Racer]
    """In scenario order."""
    goal: int

    @classmethod
    def build(cls, scenario: Mapping[str, Any]) -> Sheets:
        racers = {r["name"]: Racer(r["name"], r["side"], r["max_dice"]) for r in scenario["racers"]}
        return cls(racers, scenario["goal"])
