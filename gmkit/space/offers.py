"""What a form, the map and the autopilot are offered: the ship's legal orders listed, each held to
:func:`gmkit.space.legal.check`, the one check.

Iteration (:class:`SpaceLegalOrders`) lists a canonical, finite set of legal orders; ``in`` and
``why_not`` accept every legal order, listed or not. What the list leaves out, and why:

* ``Flee`` and ``Pursue`` paths: one shortest path (breadth-first, steps in the order of
  :data:`~gmkit.space.rules.LIGHT_STEPS` / ``HEAVY_STEPS``) per end position the roll could reach
  at most (for a flight, also each position just off the map: escaped); any other path of
  legal steps is accepted too. A pursuit is listed with its path empty as well.
* Shots at a cloaked ship (S-10): the cells it may be in as the side saw it (around the cell it
  last fired from), or, when it was never seen, every cell in fire range that the side does not
  know to be taken; any cell in fire range is accepted. A blind pursuit is listed without a named
  cell (any cell on the map may be named).
* An attack or a pursuit is listed with its aim and a cloaked attacker's place left open: they are
  chosen once the shot is known (S-8, S-10), by :class:`~.orders.Choose`, listed then (every aim
  and place asked, staying first); an attack that gives them at once is accepted too.
* The GM's ``Clock`` takes any number of minutes and is not listed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from ..encounter import LegalOrders
from ..errors import IllegalOrder
from ..orders import Order
from . import rules as R
from .board import ShipState
from .context import Battle, guesses, hidden_from, occupied
from .legal import (
    _CHECKS,
    MAX_PURSUE,
    _may_flee,
    _may_pursue,
    choice_shifts,
    flee_allowance,
    may_order,
    on_turn,
)
from .orders import (
    Attack,
    BreakFree,
    Choose,
    Cloak,
    Flee,
    Launch,
    Move,
    Pass,
    Pursue,
    RaiseShields,
    Release,
    Tractor,
)
from .rules import Cell, Cells

__all__ = ["SpaceLegalOrders", "generate", "paths"]


def _passes(b: Battle, actor: str, ship: ShipState, order: Order) -> bool:
    try:
        _CHECKS[type(order)](b, actor, ship, order)
    except IllegalOrder:
        return False
    return True


def _steps(b: Battle, actor: str) -> tuple[Cell, ...]:
    return R.LIGHT_STEPS if b.sheet.ships[actor].kind == "light" else R.HEAVY_STEPS


def paths(b: Battle, actor: str, limit: int, off_map: bool) -> Iterator[tuple[Cell, ...]]:
    """One shortest path of legal steps (S-2, as ``actor``'s side knows the cells) to every
    position within ``limit`` steps, nearest first; with ``off_map`` (a flight, S-11) also to each
    position just off the map, where the path ends."""
    start = b.state.ships[actor].cells
    occ = occupied(b, b.sheet.ships[actor].side, skip=actor)
    w, h = b.sheet.width, b.sheet.height
    steps = _steps(b, actor)
    seen = {start}
    frontier: list[tuple[Cells, tuple[Cell, ...]]] = [(start, ())]
    for _ in range(limit):
        nxt = []
        for cells, way in frontier:
            for d in steps:
                new = R.shifted(cells, d)
                if new in seen:
                    continue
                if not R.on_map(new, w, h):
                    if off_map:
                        seen.add(new)
                        yield (*way, new[0])
                    continue
                if R.blocked_by([x for x in new if x not in cells], occ):
                    continue
                seen.add(new)
                yield (*way, new[0])
                nxt.append((new, (*way, new[0])))
        frontier = nxt


def _shots(b: Battle, actor: str, ship: ShipState, other: str, blind: bool) -> Iterator[Order]:
    if blind:
        side = b.sheet.ships[actor].side
        cells = guesses(b, actor, other) or [
            x for x in R.cells_in_fire_range(ship.cells, b.sheet.width, b.sheet.height)
            if x not in occupied(b, side, skip=actor)]
        for x in cells:
            yield Attack(other, cell=x)
        return
    yield Attack(other)
    yield Tractor(other)


def _pursuits(b: Battle, actor: str, ship: ShipState, other: str, blind: bool) -> Iterator[Order]:
    try:
        _may_pursue(b, actor, ship, Pursue((), other))
    except IllegalOrder:
        return
    for way in [(), *paths(b, actor, MAX_PURSUE, False)]:
        yield Pursue(way, other)


def generate(b: Battle, actor: str, kinds: tuple[type, ...] | None = None) -> Iterator[Order]:
    """The canonical legal orders of ``actor`` (see the module's docstring), those of ``kinds``
    only when given: on its turn, or ahead of it (S-4) on the board as it stands."""
    if not may_order(b, actor):
        return
    ship = b.state.ships[actor]

    def want(kind: type) -> bool:
        return kinds is None or kind in kinds

    d = b.state.decision if actor == on_turn(b) else None
    if d is not None:  # the turn waits for the choice, and only for it (S-8, S-10)
        if want(Choose):
            tos: list[Cell | None] = list(choice_shifts(b, actor)) or [None]
            for aim in ("hull", "systems") if d.aim else (None,):
                yield from (Choose(aim, to) for to in tos)
        return

    first = ship.cells[0]
    simple: list[Order] = [Pass(), RaiseShields(), Cloak(), Cloak(False), Release(), Launch()]
    simple += [Move((first[0] + dx, first[1] + dy)) for dx, dy in _steps(b, actor)]
    yield from (o for o in simple if want(type(o)) and _passes(b, actor, ship, o))
    side = b.sheet.ships[actor].side
    for other, o in b.state.ships.items():
        if other == actor or not o.in_play:
            continue
        blind = hidden_from(b, other, side)
        if want(Attack) or want(Tractor):
            yield from (x for x in _shots(b, actor, ship, other, blind)
                        if want(type(x)) and _passes(b, actor, ship, x))
        if want(Pursue) and o.fleeing and b.sheet.ships[other].side != side:
            yield from _pursuits(b, actor, ship, other, blind)
    if want(BreakFree):
        frees = [BreakFree()] + [BreakFree((first[0] + dx, first[1] + dy))
                                 for dx, dy in _steps(b, actor)]
        yield from (o for o in frees if _passes(b, actor, ship, o))
    if want(Flee):
        try:
            _may_flee(b, actor, ship)
        except IllegalOrder:
            return
        yield from (Flee(way) for way in paths(b, actor, flee_allowance(b, actor), True))


class SpaceLegalOrders(LegalOrders):
    """What a ship may order now, on its turn or ahead of it (S-4): ``in`` and ``why_not`` ask
    the rules; iteration lists the canonical set of :mod:`gmkit.space.offers`."""

    def __iter__(self) -> Iterator[Order]:
        return generate(cast(Battle, self.encounter), self.actor)

    def only(self, *kinds: type) -> Iterator[Order]:
        """The listed orders of these types only (a map's highlights need no flight paths)."""
        return generate(cast(Battle, self.encounter), self.actor, kinds)

    def __bool__(self) -> bool:
        return may_order(cast(Battle, self.encounter), self.actor)

    def __eq__(self, other: object) -> bool:
        """Equal to a list or tuple of the same orders in the listed order (a form's list)."""
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]
