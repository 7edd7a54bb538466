"""A simple captain for unattended battles, and the order candidates behind ``legal_orders``.

The policy sees only what its side knows (a cloaked enemy only where it last fired from): flee when
badly hurt or disarmed, break a tractor hold, raise shields, cloak when out of reach, fire at the
nearest and weakest enemy in range, guess a cloaked attacker's cell, chase a fleeing enemy, and
otherwise close in. It never rolls dice: its choices are fixed by the board and the round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..orders import Order
from . import rules as R
from .orders import (Attack, BreakFree, Cloak, Flee, Move, Pass, Pursue, RaiseShields, Release,
                     Tractor)
from .rules import Cell, Cells

if TYPE_CHECKING:
    from .battle import SpaceBattle

__all__ = ["choose", "candidates", "flee_path", "chase_path", "known_cells"]


def known_cells(b: "SpaceBattle", viewer: str, name: str) -> Cells | None:
    """Where ``viewer``'s side believes ``name`` is: its cells, the cell a cloaked enemy last fired
    from, or None."""
    s = b.state.ships[name]
    if not s.in_play:
        return None
    if b.hidden_from(name, b.specs[viewer].side):
        return (s.revealed_at,) if s.revealed_at is not None else None
    return s.cells


def _steps(b: "SpaceBattle", name: str) -> tuple[Cell, ...]:
    return R.LIGHT_STEPS if b.specs[name].kind == "light" else R.HEAVY_STEPS


def flee_path(b: "SpaceBattle", name: str, limit: int) -> tuple[Cell, ...] | None:
    """S-11: a straight path to the nearest map edge and off it, as far as ``limit`` steps."""
    s = b.state.ships[name]
    occ = b._occupied(b.specs[name].side, skip=name)
    xs = [x for x, _ in s.cells]
    ys = [y for _, y in s.cells]
    edges = sorted([(min(xs), (-1, 0)), (b.width - 1 - max(xs), (1, 0)), (min(ys), (0, -1)),
                    (b.height - 1 - max(ys), (0, 1))])
    for _, d in edges:
        cells = s.cells
        path: list[Cell] = []
        ok = True
        while len(path) < limit:
            new = R.shifted(cells, d)
            path.append(new[0])
            if not R.on_map(new, b.width, b.height):
                break
            if R.blocked_by([x for x in new if x not in cells], occ):
                ok = False
                break
            cells = new
        if ok and path:
            return tuple(path)
    return None


def _closeness(cells: Cells, goal: Cells) -> tuple[int, int]:
    """King-move distance, then Manhattan distance, between two sets of cells."""
    cheb = manh = 1 << 30
    for ax, ay in cells:
        for bx, by in goal:
            dx = ax - bx if ax > bx else bx - ax
            dy = ay - by if ay > by else by - ay
            k = dx if dx > dy else dy
            if k < cheb:
                cheb = k
            if dx + dy < manh:
                manh = dx + dy
    return cheb, manh


def chase_path(b: "SpaceBattle", name: str, goal: Cells, limit: int) -> tuple[Cell, ...]:
    """Steps that bring ``name`` closer to ``goal``, stopping once touching it: greedy, with a
    breadth-first search around obstacles when greedy steps stall."""
    s = b.state.ships[name]
    occ = b._occupied(b.specs[name].side, skip=name)
    goal_set = set(goal)
    steps = _steps(b, name)
    cells = s.cells
    path: list[Cell] = []
    for _ in range(limit):
        if R.fire_range(cells, goal) == 1:
            break
        here = _closeness(cells, goal)
        best = None
        for d in steps:
            new = R.shifted(cells, d)
            if not R.on_map(new, b.width, b.height):
                continue
            if R.blocked_by([x for x in new if x not in cells], occ) or goal_set.intersection(new):
                continue
            score = _closeness(new, goal)
            if score < here and (best is None or score < best[0]):
                best = (score, new)
        if best is None:
            if not path:
                return _search(b, name, goal, occ, limit)
            break
        cells = best[1]
        path.append(cells[0])
    return tuple(path)


def _search(b: "SpaceBattle", name: str, goal: Cells, occ: dict[Cell, str],
            limit: int) -> tuple[Cell, ...]:
    """Breadth-first search for the shortest way to touch ``goal``."""
    start = b.state.ships[name].cells
    goal_set = set(goal)
    prev: dict[Cells, Cells | None] = {start: None}
    frontier = [start]
    steps = _steps(b, name)
    while frontier:
        nxt = []
        for cells in frontier:
            for d in steps:
                new = R.shifted(cells, d)
                if new in prev or not R.on_map(new, b.width, b.height):
                    continue
                if R.blocked_by([x for x in new if x not in start], occ) or goal_set.intersection(new):
                    continue
                prev[new] = cells
                if R.fire_range(new, goal) == 1:
                    way = []
                    at: Cells | None = new
                    while at is not None and at != start:
                        way.append(at[0])
                        at = prev[at]
                    return tuple(reversed(way))[:limit]
                nxt.append(new)
        frontier = nxt
    return ()


def _guesses(b: "SpaceBattle", me: str, enemy: str) -> list[Cell]:
    """S-10: the cells a cloaked enemy may be in, from where it last fired and whom it fired at."""
    e = b.state.ships[enemy]
    if e.revealed_at is None:
        return []
    ship = b.state.ships[me]
    occ = b._occupied(b.specs[me].side, skip=enemy)
    out = []
    for target in b.participants():
        t = known_cells(b, me, target)
        if t is None or target == enemy or e.revealed_for not in (None, target):
            continue
        if R.fire_range((e.revealed_at,), t):
            out += R.guess_cells(e.revealed_at, t, occ, b.width, b.height, ship.cells,
                                 b.options["cloak_shift_keeps_fire_range"])
    seen: list[Cell] = []
    for cell in out:
        if cell not in seen:
            seen.append(cell)
    return seen


def candidates(b: "SpaceBattle", name: str) -> list[Order]:
    """Orders worth checking for ``name`` (``legal_orders`` keeps those that validate)."""
    s = b.state.ships[name]
    side = b.specs[name].side
    out: list[Order] = [Pass(), RaiseShields(), Cloak(), Cloak(False), Release()]
    first = s.cells[0]
    moves = [(first[0] + dx, first[1] + dy) for dx, dy in R.LIGHT_STEPS]
    out += [Move(m) for m in moves]
    for other in b.participants():
        if other == name or not b.state.ships[other].in_play:
            continue
        if b.hidden_from(other, side):
            cells = _guesses(b, name, other) or [
                x for x in R.cells_in_fire_range(s.cells, b.width, b.height)
                if x not in b._occupied(side, skip=name)]
            for aim in ("hull", "systems"):
                out += [Attack(other, aim, cell=x) for x in cells]
            if b.state.ships[other].fleeing and b.specs[other].side != side:
                out.append(Pursue((), other))  # S-12: chased blind; the form adds path and cell
            continue
        for aim in ("hull", "systems"):
            out.append(Attack(other, aim))
            if s.cloaked:
                out += [Attack(other, aim, then=o[0])
                        for o in b.shift_cells(name, b.state.ships[other].cells)[1:]]
        out.append(Tractor(other))
        if b.state.ships[other].fleeing and b.specs[other].side != side:
            goal = known_cells(b, name, other)
            out.append(Pursue(chase_path(b, name, goal, 4) if goal else (), other))
    out.append(BreakFree())
    out += [BreakFree(m) for m in moves]
    path = flee_path(b, name, b.flee_allowance(name))
    if path:
        out.append(Flee(path))
    return out


def choose(b: "SpaceBattle", name: str) -> Order:
    """The autopilot's order for ``name`` on its turn (always legal; Pass when nothing else is)."""
    order = _policy(b, name)
    if order is not None:
        try:
            b.validate_order(name, order)
            b._checked_ok(name, order)
            return order
        except ValueError:
            pass
    return Pass()


def _policy(b: "SpaceBattle", name: str) -> Order | None:
    st = b.state
    s = st.ships[name]
    spec = b.specs[name]
    side = spec.side
    can_move = not s.disabled("engines") and s.held_by is None
    can_flee = can_move and not R.flee_locked(st.round, s.flee_locked_until)
    armed = not s.disabled("weapons")
    enemies = [n for n, sp in b.specs.items()
               if sp.side != side and not (st.ships[n].destroyed or st.ships[n].escaped)]
    if s.held_by is not None:
        return BreakFree()
    if can_flee and (s.fleeing or s.hull * 4 <= spec.hull or not armed):
        path = flee_path(b, name, b.flee_allowance(name))
        if path:
            return Flee(path)
    if not s.shields_up and s.shields > 0 and not s.disabled("shields"):
        return RaiseShields()
    known = {n: known_cells(b, name, n) for n in enemies}
    in_range = [(R.fire_range(s.cells, k), st.ships[n].hull, n) for n, k in known.items()
                if k is not None and not b.hidden_from(n, side) and R.fire_range(s.cells, k)]
    if (spec.cloak and not s.cloaked and not s.disabled("cloak") and not in_range
            and s.holding is None):
        return Cloak()
    if armed and in_range:
        in_range.sort()
        target = in_range[0][2]
        then = None
        if s.cloaked and can_move:
            opts = b.shift_cells(name, st.ships[target].cells)
            then = opts[st.round % len(opts)][0]
        if spec.tractor and s.holding is None and not s.cloaked:
            # hold a touching enemy (a fleeing one first): it cannot move and fires at half damage
            grab = sorted((not st.ships[n].fleeing, n) for _, _, n in in_range)
            for _, t in grab:
                if (b.specs[t].size <= spec.size and R.touching(s.cells, st.ships[t].cells)
                        and not st.ships[t].cloaked and st.ships[t].held_by is None
                        and st.round >= st.locks.get("|".join(sorted((name, t))), 0)):
                    return Tractor(t)
        if in_range[0][0] == 2 and can_move and not s.cloaked:
            step = chase_path(b, name, st.ships[target].cells, 1)
            if step and R.fire_range(R.shifted(s.cells, (step[0][0] - s.cells[0][0],
                                                         step[0][1] - s.cells[0][1])),
                                     st.ships[target].cells) == 1:
                return Move(step[0])
        aim = "systems" if st.round % 3 == 0 else "hull"
        return Attack(target, aim, then=then)
    if armed:
        for n in enemies:
            if b.hidden_from(n, side):
                guesses = [g for g in _guesses(b, name, n) if R.fire_range(s.cells, (g,))]
                if guesses:
                    return Attack(n, "hull", cell=guesses[(st.round + b.resolutions) % len(guesses)])
    if not can_move:
        return None
    for n in enemies:
        k = known[n]
        if st.ships[n].fleeing and k is not None and not b.hidden_from(n, side):
            return Pursue(chase_path(b, name, k, 4), n)
    goals = [(R.distance(s.cells, k), n) for n, k in known.items() if k is not None]
    if not goals:
        return None
    goals.sort()
    goal = known[goals[0][1]]
    assert goal is not None
    path = chase_path(b, name, goal, 1)
    if path:
        return Move(path[0])
    return None


class Autopilot:
    """The policy as an object (:class:`gmkit.encounter.Policy`): orders the ship on turn only."""

    def __init__(self, battle: "SpaceBattle") -> None:
        pass

    def order(self, b: "SpaceBattle", actor: str) -> Order | None:
        if actor != b.current_ship:
            return None
        return choose(b, actor)
