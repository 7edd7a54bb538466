"""S-11: leaving the fight (2d4 cells along the path, off the map: escaped) and the chase (a d4 of
cells, then a shot if the fleeing ship is in range)."""

from __future__ import annotations

from .. import rules as R
from ..board import ShipState
from ..context import Battle, hidden_from
from ..orders import Flee, Pursue
from ..rules import Cell, Cells
from .departure import use_headstart
from .effects import escape, release
from .fire import fire
from .movement import announce_unseen, place

__all__ = ["flee", "fly", "pursue"]


def flee(b: Battle, actor: str, ship: ShipState, order: Flee) -> None:
    """The Flee order: roll (S-12: a departure's first flight flies its head start), then fly
    the path as far as the roll allows."""
    allowance = use_headstart(b, actor)
    if allowance is None:
        r = b.dice.roll(R.flee_dice(False), purpose="flee", actor=actor)
        allowance = int(r.total)
        b.emit("flee", actor, "space.flee.roll", {"ship": actor, "cells": allowance},
               data={"allowance": allowance}, rolls=(r,))
    ship.fleeing = True
    if ship.holding:
        release(b, actor, ship.holding, "fled")
    fly(b, actor, ship, order.path[:allowance], escape_off_map=True)


def fly(b: Battle, actor: str, ship: ShipState, path: tuple[Cell, ...], escape_off_map: bool) -> None:
    """Step along ``path`` until it ends, a ship unseen before blocks it, or (fleeing) the ship
    leaves the map and so escapes. A cloaked ship's flight has one public line, however far it
    went (S-10)."""
    sheet = b.sheet
    if path:
        announce_unseen(b, actor)
    for to in path:
        new = R.placed_at(ship.cells, to)
        if escape_off_map and not R.on_map(new, sheet.width, sheet.height):
            escape(b, actor, "space.flee.escaped", {"ship": actor})
            return
        if not place(b, actor, ship, new):
            return


def pursue(b: Battle, actor: str, ship: ShipState, order: Pursue) -> None:
    """The Pursue order: a d4 of cells along the path, then fire if the fleeing ship is in range
    (S-12: at the named cell when it is cloaked)."""
    specs = b.sheet.ships
    side = specs[actor].side
    target = order.target
    if target is None:
        target = next(n for n, s in b.state.ships.items()
                      if s.in_play and s.fleeing and specs[n].side != side)
    r = b.dice.roll(R.flee_dice(True), purpose="pursuit", actor=actor)
    n = int(r.total)
    b.emit("pursue", actor, "space.pursue.roll", {"ship": actor, "target": target, "cells": n},
           data={"allowance": n}, rolls=(r,))
    fly(b, actor, ship, order.path[:n], escape_off_map=False)
    blind = hidden_from(b, target, side)
    aimed: Cells
    if blind:
        if order.cell is None:
            return
        aimed = (order.cell,)
    else:
        aimed = b.state.ships[target].cells
    if not R.fire_range(ship.cells, aimed):
        b.emit("pursue", actor, "space.pursue.out_of_range", {"ship": actor, "target": target})
        return
    if ship.disabled("weapons"):
        b.emit("pursue", actor, "space.pursue.no_weapons", {"ship": actor, "target": target})
        return
    fire(b, actor, ship, target, order.aim, aimed, blind)
