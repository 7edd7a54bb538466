"""S-10: cloaking: switching the device, the brief reveal of a cloaked ship firing, and its shift
after the shot."""

from __future__ import annotations

from .. import rules as R
from ..board import ShipState
from ..context import Battle, cell_text, cells_text, visibility
from ..orders import Cloak
from ..rules import Cell, Cells
from .movement import move_to

__all__ = ["cloak", "reveal", "after_fire"]


def cloak(b: Battle, actor: str, ship: ShipState, order: Cloak) -> None:
    """The Cloak order: on (hidden from the other sides) or off (shown to everyone)."""
    if order.on:
        ship.cloaked = True
        b.emit("cloak", actor, "space.cloak.on", {"ship": actor})
        return
    ship.cloaked = False
    b.emit("cloak", actor, "space.cloak.off", {"ship": actor, "cells": cells_text(ship.cells)},
           data={"cells": [list(x) for x in ship.cells]})


def reveal(b: Battle, actor: str, ship: ShipState, target: str, aimed: Cells) -> None:
    """A cloaked ship shows itself for the moment of its attack: all its cells (a ship of several
    cells shows every one, S-10) become public until its next turn, and the cell it fires from
    (the nearest of them to the target) is named."""
    fired_from = min((x for x in ship.cells if R.fire_range((x,), aimed)),
                     key=lambda x: R.fire_range((x,), aimed))
    ship.revealed_at = fired_from
    ship.revealed_for = target
    ship.revealed_cells = ship.cells
    if len(ship.cells) == 1:
        b.emit("reveal", actor, "space.cloak.reveal", {"ship": actor, "cell": cell_text(fired_from)},
               data={"cell": list(fired_from)})
        return
    b.emit("reveal", actor, "space.cloak.reveal_all",
           {"ship": actor, "cell": cell_text(fired_from), "cells": cells_text(ship.cells)},
           data={"cell": list(fired_from), "cells": [list(x) for x in ship.cells]})


def after_fire(b: Battle, actor: str, ship: ShipState, then: Cell | None) -> None:
    """After firing, a cloaked ship cloaks again, staying (``then`` its own first cell, or None)
    or shifting to ``then`` unseen; its own side and the GM read which."""
    if ship.cloaked and ship.in_play:
        if then is not None and then != ship.cells[0]:
            move_to(b, actor, ship, then, "space.cloak.shift")
        else:
            b.emit("cloak", actor, "space.cloak.stay", {"ship": actor, "cell": cell_text(ship.cells[0])},
                   visibility=visibility(b, actor))
        b.emit("cloak", actor, "space.cloak.again", {"ship": actor})
