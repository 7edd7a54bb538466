"""The orders of a fantasy skirmish (F-6, F-8, F-9, F-10): frozen dataclasses the journal stores.

Every field is a plain JSON value (or a nested order), so an order goes into the journal and comes
back equal.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..orders import Order

__all__ = ["Strike", "Shoot", "Cast", "UseItem", "Flee", "Pass", "Both"]


@dataclass(frozen=True)
class Strike(Order):
    """F-6: strike in melee with every attack (or the one named); target None: picked by die.

    ``cast``: a spell cast in the same turn after the strike (the original's "strikes and/or
    spells").
    """

    target: str | None = None
    attack: str | None = None
    cast: Cast | None = None


@dataclass(frozen=True)
class Shoot(Order):
    """F-6: the one ranged attack of the ranged phase; Constitution adds to its damage (F-3)."""

    target: str | None = None


@dataclass(frozen=True)
class Cast(Order):
    """F-6: cast a spell: one of the caster's listed spells, or one the GM describes here as data.

    The effect fields (``damage``, ``heal``, ``status``...) override or, for a spell not on the
    sheet, define what it does. ``protection`` lets the target avoid it (F-5); ``to_hit`` makes it
    roll against AC like a weapon (F-2); ``initiative`` grants out-of-turn strikes (F-6).
    """

    spell: str
    target: str | None = None
    damage: str | None = None
    heal: str | None = None
    status: str | None = None
    turns: int | None = None
    disables: bool | None = None
    protection: int | None = None
    to_hit: bool | None = None
    initiative: int | None = None


@dataclass(frozen=True)
class UseItem(Order):
    """F-8: use an item or drink a potion instead of striking (listed on the sheet, or described)."""

    item: str
    target: str | None = None
    damage: str | None = None
    heal: str | None = None
    status: str | None = None
    turns: int | None = None


@dataclass(frozen=True)
class Flee(Order):
    """F-9 / F-10: try to leave the fight; ``gm_allows`` is the GM's ruling instead of the roll."""

    gm_allows: bool | None = None


@dataclass(frozen=True)
class Pass(Order):
    """Do nothing this turn (a skipped turn, F-6)."""


@dataclass(frozen=True)
class Both(Order):
    """F-6: one message for both parts of a forum round: ``ranged`` (a shot, a spell or an item)
    in the ranged phase, then ``melee`` in its side's first melee turn.

    The ranged part is played in the ranged phase; the melee part then stays received for the
    melee turn and is checked again when it comes (its target may have fallen meanwhile).
    """

    ranged: Shoot | Cast | UseItem | Pass
    melee: Strike | Cast | UseItem | Flee | Pass
