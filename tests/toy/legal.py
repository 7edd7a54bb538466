"""What a racer may order now (R-0, R-1): every legal order, and the check behind ``why_not``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gmkit.errors import IllegalOrder

from .context import RaceContext
from .orders import Run
from .rules import dice_allowed


def check(race: RaceContext, actor: str, order: Any) -> None:
    racer = race.sheets.racers.get(actor)
    if racer is None:
        raise IllegalOrder("R-0", f"no racer named {actor!r}")
    if not dice_allowed(order.dice, racer.max_dice):
        raise IllegalOrder("R-1", f"{actor} may roll 1 to {racer.max_dice} dice, not {order.dice}")


def orders(race: RaceContext, actor: str) -> Iterator[Run]:
    racer = race.sheets.racers.get(actor)
    for n in range(1, (racer.max_dice if racer else 0) + 1):
        yield Run(n)
