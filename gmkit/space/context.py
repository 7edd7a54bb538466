"""What the procedures, the legality checks, the policy and the odds see of a battle.

:class:`Battle` is the small protocol they are written against (the engine meets it), so none of
them imports the engine. The functions below answer what each side can see (S-1, S-10) and turn
cells into message text; they read the board and never change it.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..dice import Dice
from ..events import ALL, Event, sides_only
from . import rules as R
from .board import Board
from .rules import Cell, Cells
from .sheets import Sheet

__all__ = ["Battle", "occupied", "hidden_from", "visibility", "known_cells", "aimed_cells",
           "cell_text", "cells_text", "pair"]


class Battle(Protocol):
    """A space battle as its parts see it: static sheet, board, dice and the record."""

    sheet: Sheet
    state: Board
    dice: Dice
    resolutions: int

    @property
    def round(self) -> int: ...

    def side_name(self, side: str) -> str: ...

    def emit(self, kind: str, actor: str, key: str, params: dict[str, Any] | None = None, *,
             data: dict[str, Any] | None = None, rolls: tuple[Any, ...] = (),
             visibility: str = ALL) -> Event | None: ...


def hidden_from(b: Battle, ship: str, side: str | None) -> bool:
    """S-1/S-10: whether a player of ``side`` cannot see ``ship`` (None: the GM sees all)."""
    return R.hidden(b.state.ships[ship].cloaked, b.sheet.ships[ship].side, side)


def occupied(b: Battle, side: str | None = None, skip: str | None = None) -> dict[Cell, str]:
    """Cells taken by the station and by ships in play, as ``side`` knows them (None: truly)."""
    occ = dict(b.sheet.station_cells)
    specs = b.sheet.ships
    for n, s in b.state.ships.items():
        if n == skip or s.destroyed or s.escaped:
            continue
        if side is not None and s.cloaked and specs[n].side != side:
            continue
        for cell in s.cells:
            occ[cell] = n
    return occ


def visibility(b: Battle, name: str) -> str:
    """Who sees events that show ``name``'s cells: its own side only while cloaked (S-10)."""
    return sides_only(b.sheet.ships[name].side) if b.state.ships[name].cloaked else ALL


def known_cells(b: Battle, viewer: str, name: str) -> Cells | None:
    """Where ``viewer``'s side believes ``name`` is: its cells, the cells a cloaked enemy showed
    when it last fired (S-10), or None."""
    s = b.state.ships[name]
    if not s.in_play:
        return None
    if hidden_from(b, name, b.sheet.ships[viewer].side):
        return s.revealed_cells or None
    return s.cells


def aimed_cells(b: Battle, actor: str, target: str, cell: Cell | None) -> Cells:
    """The cells ``actor`` fires at: the target's, or the cell it names when the target is cloaked
    from its side (S-10)."""
    if cell is not None and hidden_from(b, target, b.sheet.ships[actor].side):
        return (cell,)
    return b.state.ships[target].cells


def cell_text(cell: Cell | None) -> str:
    """A cell as message text: ``(3, 4)``."""
    return "-" if cell is None else f"({cell[0]}, {cell[1]})"


def cells_text(cells: Cells) -> str:
    return " ".join(cell_text(x) for x in cells)


def pair(a: str, b: str) -> tuple[str, str]:
    """S-13: the key of two ships in the board's tractor locks (names sorted)."""
    return (a, b) if a <= b else (b, a)
