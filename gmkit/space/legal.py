"""What a ship may order now: the checks behind ``validate_order`` and ``why_not``, and the
generator of legal orders that forms, the map and the autopilot read.

A check raises :class:`~gmkit.errors.IllegalOrder` naming the rule and the numbers, and uses only
what the ordering ship's side knows (S-1, S-10): an order aimed into a cell only an unseen enemy
holds is legal, and meets that ship when it is resolved.

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

from collections.abc import Callable, Iterator
from typing import Any, cast

from ..encounter import LegalOrders
from ..errors import IllegalOrder
from ..orders import Order
from . import rules as R
from .board import Decision, ShipState
from .context import Battle, cell_text, cells_text, guesses, hidden_from, occupied, pair
from .orders import (
    GM_ORDERS,
    Attack,
    BreakFree,
    Choose,
    Cloak,
    Clock,
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

__all__ = ["SpaceLegalOrders", "check", "generate", "on_turn", "may_order", "flee_allowance", "shift_cells",
           "choice_shifts", "asked", "guesses", "paths", "MAX_FLEE", "MAX_PURSUE"]

MAX_FLEE = 8
"""S-11: the most cells 2d4 can give."""
MAX_PURSUE = 4
"""S-11: the most cells a pursuer's d4 can give."""


def on_turn(b: Battle) -> str | None:
    """S-4: the ship whose turn it is (None once the fight is over)."""
    st = b.state
    return None if st.turn < 0 else st.order[st.turn]


def may_order(b: Battle, actor: str) -> bool:
    """S-4: the ship on turn, or one in play giving its order ahead for its turn, may order."""
    return on_turn(b) is not None and actor in b.state.ships and b.state.ships[actor].in_play


# --- the checks ----------------------------------------------------------------------------------

def check(b: Battle, actor: str, order: Order) -> None:
    """Raise :class:`IllegalOrder` unless ``actor`` may give ``order`` now."""
    specs = b.sheet.ships
    if actor == "GM":
        if not isinstance(order, GM_ORDERS):
            raise IllegalOrder("S-4", key="space.refusal.gm_only", kinds=_kinds(GM_ORDERS),
                               kind=_kinds((type(order),)))
        _check_clock(b, order)
        return
    if actor not in specs:
        raise IllegalOrder("S-1", key="space.refusal.legal.s1.1", actor=actor, p=', '.join(specs))
    if isinstance(order, GM_ORDERS):
        raise IllegalOrder("S-12", key="space.refusal.legal.s12.1", kind=_kinds((type(order),)),
                           actor=actor)
    cur, ship = on_turn(b), b.state.ships[actor]
    if cur is None:
        raise IllegalOrder("S-4", key="space.refusal.over")
    if cur != actor and not ship.in_play:  # S-4: an order given ahead is checked now, and on its turn
        raise IllegalOrder("S-4", key="space.refusal.legal.x.4", target=actor,
                           p={"key": "space.refusal.destroyed" if ship.destroyed else "space.refusal.gone"})
    if cur != actor and isinstance(order, Choose):  # a choice is the shot's in hand (S-8, S-10)
        raise IllegalOrder("S-4", key="space.refusal.not_your_turn", current=cur, actor=actor)
    d = b.state.decision if cur == actor else None
    if d is not None and not isinstance(order, Choose):
        raise IllegalOrder("S-8" if d.aim else "S-10", key="space.refusal.legal.x.1", actor=actor,
                           target=d.target, p=asked(d))
    (_CHECKS.get(type(order)) or _checker(type(order)))(b, actor, ship, order)


def _kinds(kinds: tuple[type, ...]) -> Any:
    """Order kinds as a refusal names them: the desk's words for each (a message parameter)."""
    return [{"key": f"space.desk.kind.{k.__name__}"} for k in kinds]


def asked(d: Decision) -> dict[str, Any]:
    """What a pending choice asks, as a refusal words it (a message parameter: any language)."""
    if d.aim and d.shift:
        return {"key": "space.refusal.asked.both", "aim": {"key": "space.refusal.asked.aim"},
                "shift": {"key": "space.refusal.asked.shift"}}
    return {"key": "space.refusal.asked.aim" if d.aim else "space.refusal.asked.shift"}


def _is_cell(v: Any) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and type(v[0]) is int and type(v[1]) is int


def _step(b: Battle, actor: str, cells: Cells, to: Any, rule_ctx: Any,
          allow_off: bool = False) -> Cells:
    """S-2: the cells after one step of ``actor`` from ``cells`` to first cell ``to``."""
    if not _is_cell(to):
        raise IllegalOrder("S-2", key="space.refusal.not_a_cell", ctx=rule_ctx, got=repr(to))
    delta = (to[0] - cells[0][0], to[1] - cells[0][1])
    kind = b.sheet.ships[actor].kind
    why = R.step_error(kind, delta)
    if why:
        raise IllegalOrder("S-2", key="space.refusal.legal.s2.2", rule_ctx=rule_ctx, actor=actor,
                           kind={"key": f"value.kind.{kind}"}, p=cell_text(cells[0]), p2=cell_text(to),
                           why=R.step_words(why))
    new = R.shifted(cells, delta)
    w, h = b.sheet.width, b.sheet.height
    if not allow_off and not R.on_map(new, w, h):
        raise IllegalOrder("S-2", key="space.refusal.legal.s2.3", rule_ctx=rule_ctx, actor=actor,
                           p=cells_text(new), w=w, h=h)
    return new


def _check_free(b: Battle, actor: str, old: Cells, new: Cells, ctx: Any,
                occ: dict[Cell, str] | None = None) -> None:
    """S-2: no two ships share a cell (as the actor's side knows the cells)."""
    if occ is None:
        occ = occupied(b, b.sheet.ships[actor].side, skip=actor)
    hit = R.blocked_by([x for x in new if x not in old], occ)
    if hit:
        who = {"key": "space.refusal.station"} if hit[1] == "station" else hit[1]
        raise IllegalOrder("S-2", key="space.refusal.legal.s2.4", ctx=ctx, p=cell_text(hit[0]), p2=who)


def _check_engines(actor: str, ship: ShipState, what: str) -> None:
    """S-8/S-13: ``what`` (``move``, ``flee``...) needs working engines and no tractor beam."""
    if ship.disabled("engines"):
        raise IllegalOrder("S-8", key="space.refusal.legal.s8.1", actor=actor,
                           what={"key": f"space.refusal.what.{what.replace(' ', '_')}"})
    if ship.held_by is not None:
        raise IllegalOrder("S-13", key="space.refusal.legal.s13.1", actor=actor, held_by=ship.held_by,
                           what={"key": f"space.refusal.what.{what.replace(' ', '_')}"})


def _check_move(b: Battle, actor: str, ship: ShipState, order: Move) -> None:
    _check_engines(actor, ship, "move")
    new = _step(b, actor, ship.cells, order.to, {"key": "space.refusal.ctx.move"})
    _check_free(b, actor, ship.cells, new, {"key": "space.refusal.ctx.move_to", "cells": cells_text(new)})


def _target(b: Battle, actor: str, target: Any, rule: str) -> ShipState:
    if target not in b.sheet.ships:
        raise IllegalOrder(rule, key="space.refusal.legal.x.2", target=target)
    if target == actor:
        raise IllegalOrder(rule, key="space.refusal.legal.x.3", actor=actor)
    t = b.state.ships[target]
    if not t.in_play:
        raise IllegalOrder(rule, key="space.refusal.legal.x.4", target=target,
                           p={"key": "space.refusal.destroyed" if t.destroyed else "space.refusal.gone",
                              "target": target})
    return t


def _aim(b: Battle, actor: str, target: str, cell: Any) -> Cells:
    """The cells ``actor`` fires at, refusing a missing or impossible named cell (S-10)."""
    if hidden_from(b, target, b.sheet.ships[actor].side):
        if cell is None:
            raise IllegalOrder("S-10", key="space.refusal.legal.s10.4", target=target)
        if not _is_cell(cell):
            raise IllegalOrder("S-10", key="space.refusal.not_a_cell.named", got=repr(cell))
        w, h = b.sheet.width, b.sheet.height
        if not R.on_map([cell], w, h):
            raise IllegalOrder("S-10", key="space.refusal.legal.s10.6", p=cell_text(cell), w=w, h=h)
        return (cell,)
    return b.state.ships[target].cells


def _check_aim(order: Attack | Pursue | Choose) -> None:
    if order.aim not in (None, "hull", "systems"):
        raise IllegalOrder("S-8", key="space.refusal.aim", got=str(order.aim))


def _check_attack(b: Battle, actor: str, ship: ShipState, order: Attack) -> None:
    if ship.disabled("weapons"):
        raise IllegalOrder("S-8", key="space.refusal.legal.s8.3", actor=actor)
    _target(b, actor, order.target, "S-7")
    _check_aim(order)
    aimed = _aim(b, actor, order.target, order.cell)
    if not R.fire_range(ship.cells, aimed):
        raise IllegalOrder("S-3", key="space.refusal.legal.s3.1", target=order.target, p=cells_text(aimed),
                           actor=actor, p2=cells_text(ship.cells))
    if order.then is not None:
        if not ship.cloaked:
            raise IllegalOrder("S-10", key="space.refusal.legal.s10.7", actor=actor)
        _check_engines(actor, ship, "move after firing")
        then, first = order.then, ship.cells[0]
        ok = (_is_cell(then)
              and R.cloak_shift_ok(ship.cells, (then[0] - first[0], then[1] - first[1]), aimed,
                                   occupied(b, b.sheet.ships[actor].side, skip=actor),
                                   b.sheet.width, b.sheet.height,
                                   b.sheet.options.cloak_shift_keeps_fire_range))
        if not ok:
            options = shift_cells(b, actor, aimed)
            raise IllegalOrder("S-10", key="space.refusal.legal.s10.8", actor=actor,
                               p=cell_text(ship.cells[0]), p2=', '.join(cell_text(o[0]) for o in options),
                               p3=cell_text(order.then))


def _check_choose(b: Battle, actor: str, ship: ShipState, order: Choose) -> None:
    """S-8/S-10: the choice answers exactly what the pending decision asks."""
    d = b.state.decision
    if d is None:
        raise IllegalOrder("S-8", key="space.refusal.legal.s8.4", actor=actor)
    _check_aim(order)
    if d.aim and order.aim is None:
        raise IllegalOrder("S-8", key="space.refusal.legal.s8.5", actor=actor, target=d.target)
    if not d.aim and order.aim is not None:
        raise IllegalOrder("S-8", key="space.refusal.legal.s8.6", actor=actor, target=d.target,
                           aim={"key": f"space.order.aim.{order.aim}"})
    if not d.shift:
        if order.to is not None:
            raise IllegalOrder("S-10", key="space.refusal.legal.s10.9", actor=actor,
                               p=cell_text(order.to) if _is_cell(order.to) else repr(order.to))
        return
    options = choice_shifts(b, actor)
    if order.to not in options:
        got = ({"key": "space.refusal.name_one"} if order.to is None else
               {"key": "space.refusal.not_cell",
                "cell": cell_text(order.to) if _is_cell(order.to) else repr(order.to)})
        raise IllegalOrder("S-10", key="space.refusal.legal.s10.1", actor=actor, p=cell_text(ship.cells[0]),
                           p2=(', '.join(cell_text(o) for o in options[1:])
                               or {"key": "space.refusal.none_free"}),
                           got=got)


def choice_shifts(b: Battle, actor: str) -> list[Cell]:
    """S-10: where the first cell of ``actor`` may go once its shot is known, its own cell (stay)
    first; empty when no place is asked."""
    d = b.state.decision
    if d is None or d.ship != actor or not d.shift:
        return []
    return [o[0] for o in shift_cells(b, actor, d.aimed)]


def shift_cells(b: Battle, actor: str, target_cells: Cells) -> list[Cells]:
    """S-10: where the cloaked ``actor`` may be after firing at ``target_cells`` (stay first)."""
    ship = b.state.ships[actor]
    occ = occupied(b, b.sheet.ships[actor].side, skip=actor)
    return R.cloak_shift_cells(ship.cells, target_cells, occ, b.sheet.width, b.sheet.height,
                               b.sheet.options.cloak_shift_keeps_fire_range)


def _check_raise_shields(b: Battle, actor: str, ship: ShipState, order: RaiseShields) -> None:
    if ship.disabled("shields"):
        raise IllegalOrder("S-8", key="space.refusal.legal.s8.7", actor=actor)
    if ship.shields_up:
        raise IllegalOrder("S-6", key="space.refusal.legal.s6.1", actor=actor)
    if ship.shields <= 0:
        raise IllegalOrder("S-6", key="space.refusal.legal.s6.2", actor=actor)


def _check_cloak(b: Battle, actor: str, ship: ShipState, order: Cloak) -> None:
    if order.on is not True:
        if order.on is not False:
            raise IllegalOrder("S-10", key="space.refusal.cloak_switch", got=repr(order.on))
        if not ship.cloaked:
            raise IllegalOrder("S-10", key="space.refusal.legal.s10.11", actor=actor)
        return
    if not b.sheet.ships[actor].cloak:
        raise IllegalOrder("S-10", key="space.refusal.legal.s10.2", actor=actor)
    if ship.disabled("cloak"):
        raise IllegalOrder("S-8", key="space.refusal.legal.s8.8", actor=actor)
    if ship.cloaked:
        raise IllegalOrder("S-10", key="space.refusal.legal.s10.3", actor=actor)
    if ship.held_by or ship.holding:
        raise IllegalOrder("S-13", key="space.refusal.legal.s13.2", actor=actor,
                           p=ship.held_by or ship.holding)


def flee_allowance(b: Battle, actor: str) -> int:
    """S-11/S-12: the most cells a flight of ``actor`` may cover now (the dice decide the rest)."""
    d = b.state.departure
    if d is not None and d.ship == actor and not d.used:
        return int(d.headstart)
    return MAX_FLEE


def _walk(b: Battle, actor: str, ship: ShipState, path: Any, limit: int, ctx: Any,
          allow_off: bool) -> None:
    """S-2/S-11: a path of single steps, free of known ships, leaving the map only at its end."""
    if not isinstance(path, tuple) or not path:
        raise IllegalOrder("S-11", key="space.refusal.legal.s11.1", ctx=ctx)
    if len(path) > limit:
        raise IllegalOrder("S-11", key="space.refusal.legal.s11.2", ctx=ctx, p=len(path), limit=limit)
    occ = occupied(b, b.sheet.ships[actor].side, skip=actor)
    cells = ship.cells
    for i, to in enumerate(path):
        new = _step(b, actor, cells, to, {"key": "space.refusal.ctx.step", "ctx": ctx, "n": i + 1}, allow_off)
        if not R.on_map(new, b.sheet.width, b.sheet.height):
            if i != len(path) - 1:
                raise IllegalOrder("S-11", key="space.refusal.legal.s11.7", ctx=ctx, p=i + 1,
                                   p2=cell_text(to))
            return
        _check_free(b, actor, cells, new, {"key": "space.refusal.ctx.step", "ctx": ctx, "n": i + 1}, occ)
        cells = new


def _may_flee(b: Battle, actor: str, ship: ShipState) -> None:
    _check_engines(actor, ship, "flee")
    if R.flee_locked(b.state.round, ship.flee_locked_until):
        raise IllegalOrder("S-11", key="space.refusal.legal.s11.3", actor=actor,
                           flee_locked_until=ship.flee_locked_until, round=b.state.round)


def _check_flee(b: Battle, actor: str, ship: ShipState, order: Flee) -> None:
    _may_flee(b, actor, ship)
    _walk(b, actor, ship, order.path, flee_allowance(b, actor), {"key": "space.refusal.ctx.flight"}, True)


def _may_pursue(b: Battle, actor: str, ship: ShipState, order: Pursue) -> None:
    """S-11/S-12: everything about a pursuit but its path."""
    _check_engines(actor, ship, "pursue")
    specs = b.sheet.ships
    side = specs[actor].side
    fleeing = [n for n, s in b.state.ships.items()
               if s.in_play and s.fleeing and specs[n].side != side]
    target = order.target
    if target is None:
        if len(fleeing) != 1:
            raise IllegalOrder("S-11", key="space.refusal.legal.s11.6",
                               p=', '.join(fleeing) or {"key": "space.refusal.none"})
        target = fleeing[0]
    t = _target(b, actor, target, "S-11")
    if not t.fleeing or specs[target].side == side:
        raise IllegalOrder("S-11", key="space.refusal.legal.s11.4", target=target,
                           p=', '.join(fleeing) or {"key": "space.refusal.none"})
    blind = hidden_from(b, target, side)
    if not blind and R.fire_range(ship.cells, t.cells):
        raise IllegalOrder("S-11", key="space.refusal.legal.s11.5", target=target, p=cells_text(t.cells),
                           actor=actor)
    _check_aim(order)
    if blind and order.cell is not None:
        _aim(b, actor, target, order.cell)


def _check_pursue(b: Battle, actor: str, ship: ShipState, order: Pursue) -> None:
    _may_pursue(b, actor, ship, order)
    if order.path:
        _walk(b, actor, ship, order.path, MAX_PURSUE, {"key": "space.refusal.ctx.pursuit"}, False)


def _check_launch(b: Battle, actor: str, ship: ShipState, order: Launch) -> None:
    """S-12: «вылетаю» is an enemy's declaration while the departing ship's window is open."""
    d = b.state.departure
    if d is None:
        raise IllegalOrder("S-12", key="space.refusal.legal.s12.2")
    specs = b.sheet.ships
    if specs[actor].side == specs[d.ship].side:
        raise IllegalOrder("S-12", key="space.refusal.legal.s12.3", actor=actor, ship=d.ship,
                           side=b.side_name(specs[actor].side))
    if d.closed:
        raise IllegalOrder("S-12", key="space.refusal.legal.s12.4", ship=d.ship,
                           p={"key": "space.refusal.pursuit_ordered" if d.pursued
                              else "space.refusal.it_is_gone", "ship": d.ship})
    _check_engines(actor, ship, "launch")


def _check_tractor(b: Battle, actor: str, ship: ShipState, order: Tractor) -> None:
    specs = b.sheet.ships
    if not specs[actor].tractor:
        raise IllegalOrder("S-13", key="space.refusal.legal.s13.3", actor=actor)
    t = _target(b, actor, order.target, "S-13")
    if ship.holding:
        raise IllegalOrder("S-13", key="space.refusal.legal.s13.4", actor=actor, holding=ship.holding)
    if ship.held_by:
        raise IllegalOrder("S-13", key="space.refusal.legal.s13.5", actor=actor, held_by=ship.held_by)
    if ship.cloaked or hidden_from(b, order.target, specs[actor].side) or t.cloaked:
        raise IllegalOrder("S-13", key="space.refusal.legal.s13.6")
    if t.held_by:
        raise IllegalOrder("S-13", key="space.refusal.legal.s13.7", target=order.target, held_by=t.held_by)
    why = R.may_tractor(specs[actor].size, specs[order.target].size, R.touching(ship.cells, t.cells))
    if why:
        raise IllegalOrder("S-13", key="space.refusal.legal.s13.8", actor=actor, p=cells_text(ship.cells),
                           target=order.target, p2=cells_text(t.cells),
                           why=R.tractor_words(specs[actor].size, specs[order.target].size, why))
    until = b.state.locks.get(pair(actor, order.target), 0)
    if b.state.round < until:
        raise IllegalOrder("S-13", key="space.refusal.legal.s13.9", actor=actor, target=order.target,
                           until=until, round=b.state.round)


def _check_break_free(b: Battle, actor: str, ship: ShipState, order: BreakFree) -> None:
    if ship.held_by is None:
        raise IllegalOrder("S-13", key="space.refusal.legal.s13.10", actor=actor)
    if order.to is not None:
        if ship.disabled("engines"):
            raise IllegalOrder("S-8", key="space.refusal.legal.s8.9", actor=actor)
        new = _step(b, actor, ship.cells, order.to, {"key": "space.refusal.ctx.after_break"})
        _check_free(b, actor, ship.cells, new, {"key": "space.refusal.ctx.move_to", "cells": cells_text(new)})


def _check_release(b: Battle, actor: str, ship: ShipState, order: Release) -> None:
    if ship.holding is None:
        raise IllegalOrder("S-13", key="space.refusal.legal.s13.11", actor=actor)


def _check_pass(b: Battle, actor: str, ship: ShipState, order: Pass) -> None:
    return None


def _check_clock(b: Battle, order: Clock) -> None:
    if b.state.departure is None:
        raise IllegalOrder("S-12", key="space.refusal.legal.s12.5")
    m = order.minutes
    if isinstance(m, bool) or not isinstance(m, (int, float)) or not 0 <= m < float("inf"):
        raise IllegalOrder("S-12", key="space.refusal.minutes", got=repr(order.minutes))


Check = Callable[[Battle, str, ShipState, Any], None]

_CHECKS: dict[type, Check] = {
    Move: _check_move, Attack: _check_attack, RaiseShields: _check_raise_shields,
    Cloak: _check_cloak, Flee: _check_flee, Pursue: _check_pursue, Launch: _check_launch,
    Tractor: _check_tractor, Choose: _check_choose,
    BreakFree: _check_break_free, Release: _check_release, Pass: _check_pass,
}
"""One check per ship order type, found by the order's type (as d20 finds its node handlers)."""


def _checker(kind: type) -> Check:
    for cls in kind.__mro__:
        found = _CHECKS.get(cls)
        if found is not None:
            return found
    raise IllegalOrder("S-5", key="space.refusal.not_ship_order", kind=kind.__name__)


# --- generating ---------------------------------------------------------------------------------

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
    the rules; iteration lists the canonical set of :mod:`gmkit.space.legal`."""

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

