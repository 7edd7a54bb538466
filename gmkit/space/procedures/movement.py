"""S-2: ships move one cell a turn; a move into a cell only an unseen ship holds meets it there."""

from __future__ import annotations

from ...events import ALL, GM
from .. import rules as R
from ..board import ShipState
from ..context import Battle, cell_text, occupied, visibility
from ..orders import Move
from ..rules import Cell, Cells
from .effects import release

__all__ = ["place", "move", "move_to"]


def place(b: Battle, actor: str, ship: ShipState, new: Cells, key: str = "space.move",
          announce: bool = True) -> bool:
    """Move ``actor`` to ``new`` unless a ship it could not see is there. Returns whether it moved.

    A cloaked ship's move shows its cells to its own side only; ``announce`` adds a public line
    that it moved unseen (not for the S-10 shift after firing, which the target must guess). A
    ship that moves lets go of the ship it holds (S-13).
    """
    occ = occupied(b, None, skip=actor)
    hit = R.blocked_by([x for x in new if x not in ship.cells], occ)
    if hit:
        b.emit("blocked", actor, "space.move.blocked", {"ship": actor}, visibility=visibility(b, actor))
        b.emit("blocked", actor, "space.move.blocked_gm",
               {"ship": actor, "cell": cell_text(hit[0]), "by": hit[1]},
               data={"cell": list(hit[0]), "by": hit[1]}, visibility=GM)
        return False
    old = ship.cells
    ship.cells = new
    if ship.holding:
        release(b, actor, ship.holding, "moved")
    vis = visibility(b, actor)
    b.emit("move", actor, key, {"ship": actor, "from": cell_text(old[0]), "to": cell_text(new[0])},
           data={"cells": [list(x) for x in new]}, visibility=vis)
    if vis != ALL and announce:
        b.emit("move", actor, "space.move.unseen", {"ship": actor})
    return True


def move_to(b: Battle, actor: str, ship: ShipState, to: Cell, key: str = "space.move",
            announce: bool = True) -> bool:
    """:func:`place` with the ship's first cell at ``to``."""
    return place(b, actor, ship, R.placed_at(ship.cells, to), key, announce)


def move(b: Battle, actor: str, ship: ShipState, order: Move) -> None:
    """S-2: the Move order: one cell on."""
    move_to(b, actor, ship, order.to)
