"""The race's engine: every abstract hook of :class:`gmkit.encounter.Encounter`, nothing more."""

from __future__ import annotations

import copy
from typing import Any

from gmkit.encounter import Encounter
from gmkit.errors import IllegalOrder

from .orders import Run
from .rules import dice_allowed

SCENARIO = {"system": "race", "name": "Test race", "seed": 7,
            "racers": [{"name": "Ash", "side": "red"}, {"name": "Bo", "side": "blue", "max_dice": 2}]}


class Race(Encounter):
    system = "race"
    order_types = (Run,)

    def _setup(self) -> None:
        self.state = {"pos": {r["name"]: 0 for r in self.scenario["racers"]}, "winner": None}
        self._max = {r["name"]: r["max_dice"] for r in self.scenario["racers"]}
        self._side = {r["name"]: r["side"] for r in self.scenario["racers"]}

    def _snapshot(self) -> Any:
        return copy.deepcopy(self.state)

    def _restore(self, snap: Any) -> None:
        self.state = snap

    def participants(self) -> list[str]:
        return list(self._max)

    def side_of(self, actor: str) -> str | None:
        return self._side.get(actor)

    def awaiting(self) -> list[str]:
        return [a for a in self._max if a not in self._pending]

    def validate_order(self, actor: str, order: Any) -> None:
        if actor not in self._max:
            raise IllegalOrder("R-0", f"no racer named {actor!r}")
        if not dice_allowed(order.dice, self._max[actor]):
            raise IllegalOrder("R-1", f"{actor} may roll 1 to {self._max[actor]} dice, not {order.dice}")

    def _legal(self, actor: str) -> list[Run]:
        return [Run(n) for n in range(1, self._max.get(actor, 0) + 1)]

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

    def board(self, side: str | None = None) -> dict[str, Any]:
        out = super().board(side)
        out["racers"] = [{"name": n, "side": self._side[n], "pos": p}
                         for n, p in self.state["pos"].items()]
        return out

    def summary(self) -> dict[str, Any]:
        return super().summary()
