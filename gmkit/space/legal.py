"""What a ship may order now: the checks behind ``validate_order`` and ``why_not`` (the legal
orders that forms, the map and the autopilot read are listed by :mod:`gmkit.space.offers`).

A check raises :class:`~gmkit.errors.IllegalOrder` naming the rule and the numbers, and uses only
what the ordering ship's side knows (S-1, S-10): an order aimed into a cell only an unseen enemy
holds is legal, and meets that ship when it is resolved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import IllegalOrder
from ..orders import Order
from . import rules as R
from .board import Decision, ShipState
from .context import Battle, cell_text, cells_text, first_taken, guesses, hidden_from, occupied, pair
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

__all__ = ["check", "on_turn", "may_order", "flee_allowance", "shift_cells", "choice_shifts", "asked",
           "guesses", "MAX_FLEE", "MAX_PURSUE"]

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
    st = b.state
    cur, ship = (None if st.turn < 0 else st.order[st.turn]), st.ships[actor]  # on_turn(b)
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


def _check_free(b: Battle, actor: str, old: Cells, new: Cells, ctx: Any = None,
                occ: dict[Cell, str] | None = None) -> None:
    """S-2: no two ships share a cell (as the actor's side knows the cells). ``ctx`` None: the
    refusal says "moving to" the new cells (worded only when refused)."""
    fresh = [x for x in new if x not in old]
    hit = (first_taken(b, fresh, b.sheet.ships[actor].side, skip=actor) if occ is None
           else R.blocked_by(fresh, occ))
    if hit:
        if ctx is None:
            ctx = {"key": "space.refusal.ctx.move_to", "cells": cells_text(new)}
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
    _check_free(b, actor, ship.cells, new)


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
        _check_free(b, actor, ship.cells, new)


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
