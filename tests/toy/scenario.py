"""The race's scenario file: racers, each with the most dice it may roll, and the goal."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from gmkit.scenario import ScenarioModel


class RacerSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    side: str
    max_dice: int = 3


class RaceScenario(ScenarioModel):
    system: Literal["race"] = "race"
    racers: list[RacerSpec]
    goal: int = 20
