"""The race's engine: setup, validation, the round loop and the queries; the rest it composes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gmkit.orders import Order

from . import legal
from .board import Board
from .context import RaceContext
from .orders import Run
from .procedures.running import run
from .sheets import Sheets

SCENARIO = {"system": "race", "name": "Test race", "seed": 7,
            "racers": [{"name": "Ash", "side": "red"}, {"name": "Bo", "side": "blue", "max_dice": 2}]}


class Race(RaceContext):
    system = "race"
    order_types = (Run,)

    def _setup(self) -> None:
        self.sheets = Sheets.build(self.scenario)
        self.state = Board({n: 0 for n in self.sheets.racers})

    def racer_names(self) -> list[str]:
        return list(self.sheets.racers)

    def participants(self) -> list[str]:
        return self.racer_names()

    def side_of(self, actor: str) -> str | None:
        racer = self.sheets.racers.get(actor)
        return racer.side if racer else None

    def awaiting(self) -> list[str]:
        return [a for a in self.sheets.racers if a not in self._pending]

    def validate_order(self, actor: str, order: Order) -> None:
        legal.check(self, actor, order)

    def _legal(self, actor: str) -> Iterable[Order]:
        return legal.orders(self, actor)

    def _resolve(self, orders: list[tuple[str, Order]]) -> None:
        for actor, order in orders:
            assert isinstance(order, Run)
            run(self, actor, order)

    @property
    def is_over(self) -> bool:
        return self.state.winner is not None

    def outcome(self) -> dict[str, Any] | None:
        if self.state.winner is None:
            return None
        return {"winner": self.side_of(self.state.winner), "rounds": self.resolutions}

    def board(self, side: str | None = None) -> dict[str, Any]:
        out = super().board(side)
        out["racers"] = [{"name": n, "side": r.side, "pos": self.state.pos[n]}
                         for n, r in self.sheets.racers.items()]
        return out

    def summary(self) -> dict[str, Any]:
        return super().summary()
