"""What the procedures, the legality checks, the policy and the odds see of a battle.

:class:`Battle` is the small protocol they are written against (the engine meets it), so none of
them imports the engine. The functions below answer what each side can see (S-1, S-10) and turn
cells into message text; they read the board and never change it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any, Protocol

from ..dice import Dice
from ..errors import GmkitError
from ..events import ALL, Event, sides_only
from . import rules as R
from .board import Board
from .rules import Cell, Cells
from .sheets import Sheet

__all__ = ["Battle", "SideView", "side_view", "occupied", "first_taken", "taken_cells", "hidden_from",
           "visibility", "known_cells", "guesses", "aimed_cells", "cell_text", "cells_text", "pair"]


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


class SideView:
    """A battle as one side knows it: what ``board(side)`` shows, in the shape the procedures'
    readers take (:class:`Battle`), so the autopilot reads no more than its side's players.

    Another side's ship it cannot see (S-1, S-10) stands where the side last saw it fire (its
    ``revealed_cells``; nowhere when never seen), holding and held by nobody it could tell; no
    other side's cargo or escape lock is in it. A view changes nothing: it has no dice and
    emits no event.
    """

    __slots__ = ("resolutions", "sheet", "side", "state")

    def __init__(self, battle: Battle, state: Board, side: str) -> None:
        self.sheet = battle.sheet
        self.state = state
        self.resolutions = battle.resolutions
        self.side = side

    @property
    def dice(self) -> Dice:
        raise GmkitError("a side's view of a battle rolls no dice")

    @property
    def round(self) -> int:
        return self.state.round

    def emit(self, *args: Any, **kw: Any) -> Event | None:
        raise GmkitError("a side's view of a battle changes nothing")


def side_view(b: Battle, side: str) -> Battle:
    """``b`` as ``side`` knows it (:class:`SideView`); ``b`` itself when it hides nothing from
    that side (no ship of another side cloaked, carrying cargo or barred from fleeing), so the
    common case costs nothing. Ships are copied only where they differ."""
    st = b.state
    specs = b.sheet.ships
    ships = None
    for name, s in st.ships.items():
        if specs[name].side == side:
            continue
        hidden = s.cloaked
        if not (hidden or s.cargo is not None or s.flee_locked_until):
            continue
        seen = s.copy()
        seen.cargo = None
        seen.flee_locked_until = 0
        if hidden:
            seen.cells = s.revealed_cells
            seen.held_by = seen.holding = None
        if ships is None:
            ships = dict(st.ships)
        ships[name] = seen
    if ships is None:
        return b
    return SideView(b, replace(st, ships=ships), side)  # type: ignore[return-value]


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


def first_taken(b: Battle, cells: Iterable[Cell], side: str | None = None,
                skip: str | None = None) -> tuple[Cell, str] | None:
    """The first of ``cells`` taken by the station or a ship in play, as ``side`` knows them, with
    who holds it: what ``R.blocked_by(cells, occupied(b, side, skip))`` says, without building the
    map (asked for a ship's one to three new cells by every move's check and placement)."""
    station = b.sheet.station_cells
    specs = b.sheet.ships
    ships = b.state.ships
    for cell in cells:
        who = station.get(cell)
        for n, s in ships.items():  # a later ship's cell wins, as in occupied's map
            if (cell in s.cells and n != skip and not (s.destroyed or s.escaped)
                    and not (side is not None and s.cloaked and specs[n].side != side)):
                who = n
        if who is not None:
            return cell, who
    return None


def taken_cells(b: Battle, side: str | None = None, skip: str | None = None) -> frozenset[Cell]:
    """The cells of :func:`occupied`'s map, as a set (the autopilot's chase memo key)."""
    specs = b.sheet.ships
    cells = list(b.sheet.station)
    for n, s in b.state.ships.items():
        if not (n == skip or s.destroyed or s.escaped
                or (side is not None and s.cloaked and specs[n].side != side)):
            cells += s.cells
    return frozenset(cells)


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


def guesses(b: Battle, me: str, enemy: str) -> list[Cell]:
    """S-10: the cells a cloaked ``enemy`` may be in, as ``me``'s side saw it: the cells it showed
    when it last fired and its places one cell sideways or up/down still touching whom it fired
    at."""
    e = b.state.ships[enemy]
    if not e.revealed_cells:
        return []
    ship = b.state.ships[me]
    occ = occupied(b, b.sheet.ships[me].side, skip=enemy)
    keep = b.sheet.options.cloak_shift_keeps_fire_range
    out: list[Cell] = []
    for target in b.sheet.ships:
        t = known_cells(b, me, target)
        if t is None or target == enemy or e.revealed_for not in (None, target):
            continue
        if R.fire_range(e.revealed_cells, t):
            out += R.guess_cells(e.revealed_cells, t, occ, b.sheet.width, b.sheet.height,
                                 ship.cells, keep)
    seen: list[Cell] = []
    for cell in out:
        if cell not in seen:
            seen.append(cell)
    return seen


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
