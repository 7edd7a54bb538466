"""S-2: ships move one cell a turn; a move into a cell only an unseen ship holds meets it there.

Hidden information (S-10): the sides that cannot see a cloaked mover learn only that it moved
unseen, one line per order, whether it went all the way or struck something it could not see on
the way; the mover's own side and the GM see each step, and where it was stopped.
"""

from __future__ import annotations

from ...events import ALL, GM
from .. import rules as R
from ..board import ShipState
from ..context import Battle, cell_text, first_taken, visibility
from ..orders import Move
from ..rules import Cell, Cells
from .effects import release

__all__ = ["place", "move", "move_to", "announce_unseen"]


def place(b: Battle, actor: str, ship: ShipState, new: Cells, key: str = "space.move") -> bool:
    """Move ``actor`` to ``new`` unless a ship it could not see is there. Returns whether it moved.

    A ship that meets a ship it could not see strikes it and stops where it was (S-2 with S-10);
    the line saying so is for those who see the mover (everyone, or a cloaked mover's own side),
    the cell and the ship it struck for the GM. A cloaked ship's move shows its cells to its own
    side only (its order's public line is :func:`announce_unseen`'s). A ship that moves lets go of
    the ship it holds (S-13).
    """
    hit = first_taken(b, [x for x in new if x not in ship.cells], None, skip=actor)
    vis = visibility(b, actor)
    if hit:
        b.emit("blocked", actor, "space.move.blocked", {"ship": actor}, visibility=vis)
        b.emit("blocked", actor, "space.move.blocked_gm",
               {"ship": actor, "cell": cell_text(hit[0]), "by": hit[1]},
               data={"cell": list(hit[0]), "by": hit[1]}, visibility=GM)
        return False
    old = ship.cells
    ship.cells = new
    if ship.holding:
        release(b, actor, ship.holding, "moved")
    b.emit("move", actor, key, {"ship": actor, "from": cell_text(old[0]), "to": cell_text(new[0])},
           data={"cells": [list(x) for x in new]}, visibility=vis)
    return True


def announce_unseen(b: Battle, actor: str) -> None:
    """S-10: the one public line of a cloaked ship's move or flight, "it moves unseen", written
    before its steps so that it reads the same whether they all went through or one struck a ship
    it could not see (a blocked move tells the other sides nothing)."""
    if visibility(b, actor) != ALL:
        b.emit("move", actor, "space.move.unseen", {"ship": actor})


def move_to(b: Battle, actor: str, ship: ShipState, to: Cell, key: str = "space.move") -> bool:
    """:func:`place` with the ship's first cell at ``to``."""
    return place(b, actor, ship, R.placed_at(ship.cells, to), key)


def move(b: Battle, actor: str, ship: ShipState, order: Move) -> None:
    """S-2: the Move order: one cell on."""
    announce_unseen(b, actor)
    move_to(b, actor, ship, order.to)
