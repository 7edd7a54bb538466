"""What a ship may do on its turn (S-5), the attacker's choice once its shot is known (S-8, S-10),
and the GM's clock for S-12.

Cells are ``(x, y)`` tuples; lists are accepted and turned into tuples so orders compare equal to
those of :meth:`SpaceBattle.legal_orders` and survive the journal unchanged. A move names where the
ship's first cell (its top or left end) goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..orders import Order

__all__ = ["Move", "Attack", "RaiseShields", "Cloak", "Flee", "Pursue", "Launch", "Choose",
           "DefaultChoice", "Tractor", "BreakFree", "Release", "Pass", "Clock", "SHIP_ORDERS", "GM_ORDERS"]


def _cell(v: Any) -> tuple[int, int] | None:
    if type(v) is tuple and len(v) == 2 and type(v[0]) is int and type(v[1]) is int:
        return v  # already a cell (every order the autopilot and the forms make)
    if v is None:
        return None
    if isinstance(v, (list, tuple)) and len(v) == 2:
        x, y = v
        return (x, y) if type(x) is int and type(y) is int else tuple(v)
    return v


def _path(v: Any) -> tuple[tuple[int, int], ...]:
    if isinstance(v, (list, tuple)):
        return tuple(_cell(c) for c in v)  # type: ignore[misc]
    return v


@dataclass(frozen=True)
class Move(Order):
    """S-2: one cell on; ``to`` is the new place of the ship's first cell."""

    to: tuple[int, int]

    def __post_init__(self) -> None:
        if self.to is not None:
            object.__setattr__(self, "to", _cell(self.to))


@dataclass(frozen=True)
class Attack(Order):
    """S-7/S-8: fire at ``target``.

    Once the hit is known the attacker chooses ``aim`` (S-8): ``"hull"``, the whole ship (its own
    damage), or ``"systems"`` (the d10 system table). Left None, the turn waits for that choice
    (:class:`Choose`); a captain who says it in the order has made it already.

    ``cell`` names the cell fired at when the target is cloaked (S-10). ``then`` is where a cloaked
    attacker's first cell goes once it has fired (S-10): its own cell to stay; left None, the turn
    waits for that choice too.
    """

    target: str
    aim: str | None = None
    cell: tuple[int, int] | None = None
    then: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if self.cell is not None:
            object.__setattr__(self, "cell", _cell(self.cell))
        if self.then is not None:
            object.__setattr__(self, "then", _cell(self.then))


@dataclass(frozen=True)
class RaiseShields(Order):
    """S-5/S-6: raising the shields takes the turn."""


@dataclass(frozen=True)
class Cloak(Order):
    """S-10: switch the cloaking device on (``on=False``: off, showing the ship); either takes the
    turn [decision]."""

    on: bool = True


@dataclass(frozen=True)
class Flee(Order):
    """S-11/S-12: leave the fight: roll 2d4 (a departure: d4, 1 counts as 2) and fly along ``path``
    (one step per cell, a first-cell position each) as far as the roll allows; off the map: escaped."""

    path: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", _path(self.path))


@dataclass(frozen=True)
class Pursue(Order):
    """S-11: chase a fleeing ship out of range: roll a d4, fly along ``path`` as far as it allows,
    then fire at ``target`` if it is in range (``cell``: the named cell of a cloaked ship, S-12);
    ``aim`` as in :class:`Attack`."""

    path: tuple[tuple[int, int], ...] = ()
    target: str | None = None
    aim: str | None = None
    cell: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", _path(self.path))
        if self.cell is not None:
            object.__setattr__(self, "cell", _cell(self.cell))


@dataclass(frozen=True)
class Launch(Order):
    """S-12: the «вылетаю» ("launching") declaration of an enemy of the ship leaving the station:
    the GM's real-time window closes and the chase runs by S-11. It takes the turn [decision]."""


@dataclass(frozen=True)
class Choose(Order):
    """S-8/S-10: the attacker's choice once its shot is known; the turn waits for it.

    ``aim``: ``"hull"`` or ``"systems"``, when the shot hit and the order left the aim open (S-8).
    ``to``: where a cloaked attacker's first cell goes before it cloaks again, its own cell to stay
    (S-10), when the order left that open. Each is given exactly when it is asked.
    """

    aim: str | None = None
    to: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if self.to is not None:
            object.__setattr__(self, "to", _cell(self.to))


@dataclass(frozen=True)
class DefaultChoice(Choose):
    """S-8/S-10: the choice the captain's order left open, taken by the GM's default (the
    scenario's ``options.default_aim``; the place: stay) so the round goes on without a second
    exchange of messages; the post says it was the default. Given for a player's ship by
    :func:`gmkit.rounds.play_round` (the engine's ``default_order``)."""


@dataclass(frozen=True)
class Tractor(Order):
    """S-13: try to hold a touching ship of the same size or smaller; rolled as an attack."""

    target: str


@dataclass(frozen=True)
class BreakFree(Order):
    """S-13: the held ship's d6 against the holder's d10; freed, it may move to ``to`` this turn."""

    to: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if self.to is not None:
            object.__setattr__(self, "to", _cell(self.to))


@dataclass(frozen=True)
class Release(Order):
    """S-13: let a held ship go (takes the turn)."""


@dataclass(frozen=True)
class Pass(Order):
    """Do nothing this turn."""


@dataclass(frozen=True)
class Clock(Order):
    """S-12: the GM's word on the real-time window: ``minutes`` since the departure. At the window's
    end with no pursuit ordered the departing ship is gone. Given by the actor ``"GM"``."""

    minutes: float


SHIP_ORDERS = (Move, Attack, RaiseShields, Cloak, Flee, Pursue, Launch, Tractor, BreakFree, Release,
               Pass, Choose, DefaultChoice)
GM_ORDERS = (Clock,)
