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

from typing import Any, Callable, Iterator, cast

from ..encounter import LegalOrders
from ..errors import IllegalOrder
from ..orders import Order
from . import rules as R
from .board import ShipState
from .context import (Battle, cell_text, cells_text, hidden_from, known_cells,
                      occupied, pair)
from .board import Decision
from .orders import (GM_ORDERS, Attack, BreakFree, Choose, Clock, Cloak, Flee, Launch, Move, Pass,
                     Pursue, RaiseShields, Release, Tractor)
from .rules import Cell, Cells

__all__ = ["SpaceLegalOrders", "check", "generate", "on_turn", "flee_allowance", "shift_cells",
           "choice_shifts", "asked", "guesses", "paths", "MAX_FLEE", "MAX_PURSUE"]

MAX_FLEE = 8
"""S-11: the most cells 2d4 can give."""
MAX_PURSUE = 4
"""S-11: the most cells a pursuer's d4 can give."""


def on_turn(b: Battle) -> str | None:
    """S-4: the ship whose turn it is (None once the fight is over)."""
    st = b.state
    return None if st.turn < 0 else st.order[st.turn]


# --- the checks ----------------------------------------------------------------------------------

def check(b: Battle, actor: str, order: Order) -> None:
    """Raise :class:`IllegalOrder` unless ``actor`` may give ``order`` now."""
    specs = b.sheet.ships
    if actor == "GM":
        if not isinstance(order, GM_ORDERS):
            raise IllegalOrder("S-4", f"the GM gives only {', '.join(t.__name__ for t in GM_ORDERS)}; "
                                      f"{type(order).__name__} is a ship's order")
        _check_clock(b, order)
        return
    if actor not in specs:
        raise IllegalOrder("S-1", f"no ship named {actor!r}; ships: {', '.join(specs)}")
    if isinstance(order, GM_ORDERS):
        raise IllegalOrder("S-12", f"{type(order).__name__} is the GM's order (actor 'GM'), "
                                   f"not {actor}'s")
    cur = on_turn(b)
    if cur != actor:
        raise IllegalOrder("S-4", f"it is {cur}'s turn, not {actor}'s" if cur else "the fight is over")
    d = b.state.decision
    if d is not None and not isinstance(order, Choose):
        raise IllegalOrder("S-8" if d.aim else "S-10",
                           f"{actor}'s shot at {d.target} is known: first {actor} chooses "
                           f"{asked(d)} (Choose)")
    (_CHECKS.get(type(order)) or _checker(type(order)))(b, actor, b.state.ships[actor], order)


def asked(d: Decision) -> str:
    """What a pending choice asks, as a refusal words it."""
    parts = []
    if d.aim:
        parts.append("'hull' (the whole ship) or 'systems' (the d10 table)")
    if d.shift:
        parts.append("where it cloaks again (its own cell to stay)")
    return " and ".join(parts)


def _is_cell(v: Any) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and type(v[0]) is int and type(v[1]) is int


def _step(b: Battle, actor: str, cells: Cells, to: Any, rule_ctx: str,
          allow_off: bool = False) -> Cells:
    """S-2: the cells after one step of ``actor`` from ``cells`` to first cell ``to``."""
    if not _is_cell(to):
        raise IllegalOrder("S-2", f"{rule_ctx}: {to!r} is not a cell (x, y)")
    delta = (to[0] - cells[0][0], to[1] - cells[0][1])
    kind = b.sheet.ships[actor].kind
    why = R.step_error(kind, delta)
    if why:
        raise IllegalOrder("S-2", f"{rule_ctx}: {actor} ({kind}) from {cell_text(cells[0])} "
                                  f"to {cell_text(to)}: {why}")
    new = R.shifted(cells, delta)
    w, h = b.sheet.width, b.sheet.height
    if not allow_off and not R.on_map(new, w, h):
        raise IllegalOrder("S-2", f"{rule_ctx}: {actor} to {cells_text(new)} leaves the "
                                  f"{w}x{h} map; only a flight (S-11) may")
    return new


def _check_free(b: Battle, actor: str, old: Cells, new: Cells, ctx: str,
                occ: dict[Cell, str] | None = None) -> None:
    """S-2: no two ships share a cell (as the actor's side knows the cells)."""
    if occ is None:
        occ = occupied(b, b.sheet.ships[actor].side, skip=actor)
    hit = R.blocked_by([x for x in new if x not in old], occ)
    if hit:
        raise IllegalOrder("S-2", f"{ctx}: cell {cell_text(hit[0])} is taken by {hit[1]}; no two "
                                  f"ships share a cell")


def _check_engines(actor: str, ship: ShipState, what: str) -> None:
    if ship.disabled("engines"):
        raise IllegalOrder("S-8", f"{actor}'s engines are disabled: it cannot {what}")
    if ship.held_by is not None:
        raise IllegalOrder("S-13", f"{actor} is held by {ship.held_by}'s tractor beam: it cannot "
                                   f"{what} (break free first)")


def _check_move(b: Battle, actor: str, ship: ShipState, order: Move) -> None:
    _check_engines(actor, ship, "move")
    new = _step(b, actor, ship.cells, order.to, "move")
    _check_free(b, actor, ship.cells, new, f"move to {cells_text(new)}")


def _target(b: Battle, actor: str, target: Any, rule: str) -> ShipState:
    if target not in b.sheet.ships:
        raise IllegalOrder(rule, f"no ship named {target!r}")
    if target == actor:
        raise IllegalOrder(rule, f"{actor} cannot target itself")
    t = b.state.ships[target]
    if not t.in_play:
        raise IllegalOrder(rule, f"{target} is {'destroyed' if t.destroyed else 'gone'}")
    return t


def _aim(b: Battle, actor: str, target: str, cell: Any) -> Cells:
    """The cells ``actor`` fires at, refusing a missing or impossible named cell (S-10)."""
    if hidden_from(b, target, b.sheet.ships[actor].side):
        if cell is None:
            raise IllegalOrder("S-10", f"{target} is cloaked: name the cell you fire at (cell=(x, y))")
        if not _is_cell(cell):
            raise IllegalOrder("S-10", f"{cell!r} is not a cell (x, y)")
        w, h = b.sheet.width, b.sheet.height
        if not R.on_map([cell], w, h):
            raise IllegalOrder("S-10", f"cell {cell_text(cell)} is off the {w}x{h} map")
        return (cell,)
    return b.state.ships[target].cells


def _check_aim(order: Attack | Pursue | Choose) -> None:
    if order.aim not in (None, "hull", "systems"):
        raise IllegalOrder("S-8", f"aim at 'hull' or 'systems' (or choose once the hit is known), "
                                  f"not {order.aim!r}")


def _check_attack(b: Battle, actor: str, ship: ShipState, order: Attack) -> None:
    if ship.disabled("weapons"):
        raise IllegalOrder("S-8", f"{actor}'s weapons are disabled: it cannot attack")
    _target(b, actor, order.target, "S-7")
    _check_aim(order)
    aimed = _aim(b, actor, order.target, order.cell)
    if not R.fire_range(ship.cells, aimed):
        raise IllegalOrder("S-3", f"{order.target} at {cells_text(aimed)} is out of {actor}'s fire "
                                  f"from {cells_text(ship.cells)}: fire needs touching cells or one "
                                  f"cell between in a straight line (never diagonally across)")
    if order.then is not None:
        if not ship.cloaked:
            raise IllegalOrder("S-10", f"only a cloaked ship moves after firing; {actor} is not cloaked")
        _check_engines(actor, ship, "move after firing")
        then, first = order.then, ship.cells[0]
        ok = (_is_cell(then)
              and R.cloak_shift_ok(ship.cells, (then[0] - first[0], then[1] - first[1]), aimed,
                                   occupied(b, b.sheet.ships[actor].side, skip=actor),
                                   b.sheet.width, b.sheet.height,
                                   b.sheet.options.cloak_shift_keeps_fire_range))
        if not ok:
            options = shift_cells(b, actor, aimed)
            raise IllegalOrder("S-10", f"after firing {actor} may stay at {cell_text(ship.cells[0])} "
                                       f"or move one cell sideways or up/down still touching its "
                                       f"target: {', '.join(cell_text(o[0]) for o in options)}; "
                                       f"not {cell_text(order.then)}")


def _check_choose(b: Battle, actor: str, ship: ShipState, order: Choose) -> None:
    """S-8/S-10: the choice answers exactly what the pending decision asks."""
    d = b.state.decision
    if d is None:
        raise IllegalOrder("S-8", f"{actor} has no choice to make now: a choice follows a shot "
                                  f"whose aim or place was left open")
    _check_aim(order)
    if d.aim and order.aim is None:
        raise IllegalOrder("S-8", f"{actor}'s shot at {d.target} hit: choose 'hull' (the whole ship) "
                                  f"or 'systems' (the d10 table)")
    if not d.aim and order.aim is not None:
        raise IllegalOrder("S-8", f"{actor}'s shot at {d.target} asks no aim (it missed, or the "
                                  f"order gave it): not {order.aim!r}")
    if not d.shift:
        if order.to is not None:
            raise IllegalOrder("S-10", f"{actor} has no place to choose now (not "
                                       f"{cell_text(order.to) if _is_cell(order.to) else repr(order.to)})")
        return
    options = choice_shifts(b, actor)
    if order.to not in options:
        got = ("name one" if order.to is None else
               f"not {cell_text(order.to) if _is_cell(order.to) else repr(order.to)}")
        raise IllegalOrder("S-10", f"{actor} cloaks again at {cell_text(ship.cells[0])} (stay) or one "
                                   f"cell sideways or up/down still touching its target: "
                                   f"{', '.join(cell_text(o) for o in options[1:]) or 'none free'}; "
                                   f"{got}")


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
        raise IllegalOrder("S-8", f"{actor}'s shields are disabled")
    if ship.shields_up:
        raise IllegalOrder("S-6", f"{actor}'s shields are already up")
    if ship.shields <= 0:
        raise IllegalOrder("S-6", f"{actor} has no shield points left to raise")


def _check_cloak(b: Battle, actor: str, ship: ShipState, order: Cloak) -> None:
    if order.on is not True:
        if order.on is not False:
            raise IllegalOrder("S-10", f"Cloak(on=...) takes True or False, not {order.on!r}")
        if not ship.cloaked:
            raise IllegalOrder("S-10", f"{actor} is not cloaked")
        return
    if not b.sheet.ships[actor].cloak:
        raise IllegalOrder("S-10", f"{actor} has no cloaking device")
    if ship.disabled("cloak"):
        raise IllegalOrder("S-8", f"{actor}'s cloaking device is disabled")
    if ship.cloaked:
        raise IllegalOrder("S-10", f"{actor} is already cloaked")
    if ship.held_by or ship.holding:
        raise IllegalOrder("S-13", f"{actor} cannot cloak while a tractor beam links it to "
                                   f"{ship.held_by or ship.holding} [decision]")


def flee_allowance(b: Battle, actor: str) -> int:
    """S-11/S-12: the most cells a flight of ``actor`` may cover now (the dice decide the rest)."""
    d = b.state.departure
    if d is not None and d.ship == actor and not d.used:
        return int(d.headstart)
    return MAX_FLEE


def _walk(b: Battle, actor: str, ship: ShipState, path: Any, limit: int, ctx: str,
          allow_off: bool) -> None:
    """S-2/S-11: a path of single steps, free of known ships, leaving the map only at its end."""
    if not isinstance(path, tuple) or not path:
        raise IllegalOrder("S-11", f"{ctx}: give the path as cells, one step each")
    if len(path) > limit:
        raise IllegalOrder("S-11", f"{ctx}: {len(path)} steps, at most {limit} may be rolled")
    occ = occupied(b, b.sheet.ships[actor].side, skip=actor)
    cells = ship.cells
    for i, to in enumerate(path):
        new = _step(b, actor, cells, to, f"{ctx}, step {i + 1}", allow_off)
        if not R.on_map(new, b.sheet.width, b.sheet.height):
            if i != len(path) - 1:
                raise IllegalOrder("S-11", f"{ctx}: step {i + 1} to {cell_text(to)} leaves the map, "
                                           f"so it must be the last")
            return
        _check_free(b, actor, cells, new, f"{ctx}, step {i + 1}", occ)
        cells = new


def _may_flee(b: Battle, actor: str, ship: ShipState) -> None:
    _check_engines(actor, ship, "flee")
    if R.flee_locked(b.state.round, ship.flee_locked_until):
        raise IllegalOrder("S-11", f"{actor}'s escape failed: no new escape before round "
                                   f"{ship.flee_locked_until} (now round {b.state.round})")


def _check_flee(b: Battle, actor: str, ship: ShipState, order: Flee) -> None:
    _may_flee(b, actor, ship)
    _walk(b, actor, ship, order.path, flee_allowance(b, actor), "flight", True)


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
            raise IllegalOrder("S-11", f"name the ship to pursue: fleeing enemies: "
                                       f"{', '.join(fleeing) or 'none'}")
        target = fleeing[0]
    t = _target(b, actor, target, "S-11")
    if not t.fleeing or specs[target].side == side:
        raise IllegalOrder("S-11", f"{target} is not a fleeing enemy; fleeing: "
                                   f"{', '.join(fleeing) or 'none'}")
    blind = hidden_from(b, target, side)
    if not blind and R.fire_range(ship.cells, t.cells):
        raise IllegalOrder("S-11", f"{target} at {cells_text(t.cells)} is still in range of {actor}: "
                                   f"attack it instead of pursuing")
    _check_aim(order)
    if blind and order.cell is not None:
        _aim(b, actor, target, order.cell)


def _check_pursue(b: Battle, actor: str, ship: ShipState, order: Pursue) -> None:
    _may_pursue(b, actor, ship, order)
    if order.path:
        _walk(b, actor, ship, order.path, MAX_PURSUE, "pursuit", False)


def _check_launch(b: Battle, actor: str, ship: ShipState, order: Launch) -> None:
    """S-12: «вылетаю» is an enemy's declaration while the departing ship's window is open."""
    d = b.state.departure
    if d is None:
        raise IllegalOrder("S-12", "no ship is leaving the station: there is nothing to launch after")
    specs = b.sheet.ships
    if specs[actor].side == specs[d.ship].side:
        raise IllegalOrder("S-12", f"{actor} is on {d.ship}'s side ({specs[actor].side}): only an "
                                   f"enemy launches after it")
    if d.closed:
        raise IllegalOrder("S-12", f"the window for {d.ship} is already closed "
                                   f"({'pursuit ordered' if d.pursued else 'it is gone'})")
    _check_engines(actor, ship, "launch")


def _check_tractor(b: Battle, actor: str, ship: ShipState, order: Tractor) -> None:
    specs = b.sheet.ships
    if not specs[actor].tractor:
        raise IllegalOrder("S-13", f"{actor} has no tractor beam")
    t = _target(b, actor, order.target, "S-13")
    if ship.holding:
        raise IllegalOrder("S-13", f"{actor} already holds {ship.holding}")
    if ship.held_by:
        raise IllegalOrder("S-13", f"{actor} is itself held by {ship.held_by}")
    if ship.cloaked or hidden_from(b, order.target, specs[actor].side) or t.cloaked:
        raise IllegalOrder("S-13", "a tractor beam needs both ships uncloaked [decision]")
    if t.held_by:
        raise IllegalOrder("S-13", f"{order.target} is already held by {t.held_by}")
    why = R.may_tractor(specs[actor].size, specs[order.target].size, R.touching(ship.cells, t.cells))
    if why:
        raise IllegalOrder("S-13", f"{actor} ({cells_text(ship.cells)}) on {order.target} "
                                   f"({cells_text(t.cells)}): {why}")
    until = b.state.locks.get(pair(actor, order.target), 0)
    if b.state.round < until:
        raise IllegalOrder("S-13", f"{actor} and {order.target} may hold each other again from "
                                   f"round {until} (now round {b.state.round})")


def _check_break_free(b: Battle, actor: str, ship: ShipState, order: BreakFree) -> None:
    if ship.held_by is None:
        raise IllegalOrder("S-13", f"{actor} is not held by a tractor beam")
    if order.to is not None:
        if ship.disabled("engines"):
            raise IllegalOrder("S-8", f"{actor}'s engines are disabled: it cannot move once free")
        new = _step(b, actor, ship.cells, order.to, "move after breaking free")
        _check_free(b, actor, ship.cells, new, f"move to {cells_text(new)}")


def _check_release(b: Battle, actor: str, ship: ShipState, order: Release) -> None:
    if ship.holding is None:
        raise IllegalOrder("S-13", f"{actor} holds no ship")


def _check_pass(b: Battle, actor: str, ship: ShipState, order: Pass) -> None:
    return None


def _check_clock(b: Battle, order: Clock) -> None:
    if b.state.departure is None:
        raise IllegalOrder("S-12", "no ship is leaving the station: there is no window to time")
    m = order.minutes
    if isinstance(m, bool) or not isinstance(m, (int, float)) or not 0 <= m < float("inf"):
        raise IllegalOrder("S-12", f"minutes since the departure must be 0 or more, "
                                   f"got {order.minutes!r}")


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
    raise IllegalOrder("S-5", f"{kind.__name__} is not a ship's order")


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
                        yield way + (new[0],)
                    continue
                if R.blocked_by([x for x in new if x not in cells], occ):
                    continue
                seen.add(new)
                yield way + (new[0],)
                nxt.append((new, way + (new[0],)))
        frontier = nxt


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
    only when given; nothing when it is not its turn."""
    if actor != on_turn(b):
        return
    ship = b.state.ships[actor]

    def want(kind: type) -> bool:
        return kinds is None or kind in kinds

    d = b.state.decision
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
    """What the ship on turn may order now: ``in`` and ``why_not`` ask the rules (every legal order,
    any path); iteration lists the canonical set of :mod:`gmkit.space.legal` (one shortest path per
    reachable end of a flight or a chase, the plausible cells of a cloaked ship)."""

    def __iter__(self) -> Iterator[Order]:
        return generate(cast(Battle, self.encounter), self.actor)

    def only(self, *kinds: type) -> Iterator[Order]:
        """The listed orders of these types only (a map's highlights need no flight paths)."""
        return generate(cast(Battle, self.encounter), self.actor, kinds)

    def __bool__(self) -> bool:
        return on_turn(cast(Battle, self.encounter)) == self.actor

    def __eq__(self, other: object) -> bool:
        """Equal to a list or tuple of the same orders in the listed order (a form's list)."""
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

