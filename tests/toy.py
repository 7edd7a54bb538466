"""A toy rule set for testing the Encounter core without any real engine.

Each round every racer's order says how many d6 to roll; the sum moves it forward; the first to 20
wins. Enough to exercise secret orders, resolution, events with rolls, undo and the journal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from gmkit.encounter import Encounter
from gmkit.errors import IllegalOrder
from gmkit.orders import Order
from gmkit.scenario import ScenarioModel, register_system


class RacerSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    side: str
    max_dice: int = 3


class RaceScenario(ScenarioModel):
    system: Literal["race"] = "race"
    racers: list[RacerSpec]
    goal: int = 20


register_system("race", RaceScenario)


@dataclass(frozen=True)
class Run(Order):
    dice: int


class Race(Encounter):
    system = "race"
    order_types = (Run,)

    def _setup(self) -> None:
        self.state = {"pos": {r["name"]: 0 for r in self.scenario["racers"]}, "winner": None}
        self._max = {r["name"]: r["max_dice"] for r in self.scenario["racers"]}
        self._side = {r["name"]: r["side"] for r in self.scenario["racers"]}

    def participants(self) -> list[str]:
        return list(self._max)

    def side_of(self, actor: str) -> str | None:
        return self._side.get(actor)

    def awaiting(self) -> list[str]:
        return [a for a in self._max if a not in self._pending]

    def validate_order(self, actor: str, order: Any) -> None:
        if actor not in self._max:
            raise IllegalOrder("R-0", f"no racer named {actor!r}")
        if not 1 <= order.dice <= self._max[actor]:
            raise IllegalOrder("R-1", f"{actor} may roll 1 to {self._max[actor]} dice, not {order.dice}")

    def autopilot(self, actor: str) -> Run:
        return Run(self._max[actor])

    def _resolve(self, orders: list[tuple[str, Any]]) -> None:
        for actor, order in orders:
            r = self.dice.roll(f"{order.dice}d6", purpose="run", actor=actor)
            if r.total == 6 * order.dice and order.dice == 3:
                raise RuntimeError("boom")  # lets a test check all-or-nothing resolution
            self.state["pos"][actor] += r.total
            self.emit("move", actor, "core.roll", {"actor": actor, "roll": r.describe()}, rolls=(r,),
                      data={"pos": self.state["pos"][actor]})
            if self.state["pos"][actor] >= self.scenario["goal"] and self.state["winner"] is None:
                self.state["winner"] = actor

    @property
    def is_over(self) -> bool:
        return self.state["winner"] is not None

    def outcome(self) -> dict[str, Any] | None:
        if not self.is_over:
            return None
        return {"winner": self._side[self.state["winner"]], "rounds": self.resolutions}


SCENARIO = {"system": "race", "name": "Test race", "seed": 7,
            "racers": [{"name": "Ash", "side": "red"}, {"name": "Bo", "side": "blue", "max_dice": 2}]}
