"""A simple captain for unattended battles: the rule set's autopilot.

The policy sees only what its side knows: it decides on :func:`~.context.side_view`, the battle as
``board(side)`` shows it to the ship's own side (a cloaked enemy only where it last fired from, no
other side's cargo or escape lock), never on the GM's board. It breaks a
tractor hold, go after an enemy leaving the station while its window is open (S-12), flee when
badly hurt or disarmed, raise shields, cloak when out of reach, fire at the nearest and weakest
enemy in range, guess a cloaked attacker's cell, chase a fleeing enemy, and otherwise close in;
once its shot is known it chooses the aim and, cloaked, its place (S-8, S-10). It never rolls
dice: its choices are fixed by the board and the round. What is legal is the engine's word (see
:meth:`Autopilot.order`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

from ..encounter import LegalOrders, Mode
from ..orders import Order
from . import rules as R
from .board import Decision
from .context import Battle, hidden_from, known_cells, occupied, pair, side_view, taken_cells
from .legal import MAX_PURSUE, choice_shifts, flee_allowance, guesses, on_turn
from .orders import Attack, BreakFree, Choose, Cloak, Flee, Launch, Move, Pass, Pursue, RaiseShields, Tractor
from .rules import Cell, Cells

__all__ = ["Autopilot", "flee_path", "chase_path"]


class Captained(Battle, Protocol):
    """A battle as the autopilot reads it: the board, what the fight checks, the legal orders."""

    mode: Mode

    def legal_orders(self, actor: str) -> LegalOrders: ...


class Autopilot:
    """The policy as an object (:class:`gmkit.encounter.Policy`): orders the ship on turn only."""

    def __init__(self, battle: Battle) -> None:
        pass

    def order(self, b: Captained, actor: str) -> Order | None:
        """The captain's order for ``actor`` on its turn (Pass when nothing is worth doing).

        The engine's legal orders decide: a fight that checks the policy's orders as it takes them
        (``mode.check_policy``, a GM's table) refuses an illegal one there, naming the rule; a fight
        that trusts the policy (a simulation) gets the choice only if ``legal_orders`` takes it,
        else Pass. Either way each order is checked once, by the engine's rules.
        """
        if actor != on_turn(b):
            return None
        seen = side_view(b, b.sheet.ships[actor].side)
        d = seen.state.decision
        order = _decide(seen, actor, d) if d is not None else _choose(seen, actor)
        if order is None:
            return Pass()
        if b.mode.check_policy or order in b.legal_orders(actor):
            return order
        return Pass()


def _steps(kind: str) -> tuple[Cell, ...]:
    """S-2: the steps of a ship of ``kind``."""
    return R.LIGHT_STEPS if kind == "light" else R.HEAVY_STEPS


def flee_path(b: Battle, name: str, limit: int) -> tuple[Cell, ...] | None:
    """S-11: a straight path to the nearest map edge and off it, as far as ``limit`` steps."""
    s = b.state.ships[name]
    occ = occupied(b, b.sheet.ships[name].side, skip=name)
    xs = [x for x, _ in s.cells]
    ys = [y for _, y in s.cells]
    edges = sorted([(min(xs), (-1, 0)), (b.sheet.width - 1 - max(xs), (1, 0)), (min(ys), (0, -1)),
                    (b.sheet.height - 1 - max(ys), (0, 1))])
    for _, d in edges:
        cells = s.cells
        path: list[Cell] = []
        ok = True
        while len(path) < limit:
            new = R.shifted(cells, d)
            path.append(new[0])
            if not R.on_map(new, b.sheet.width, b.sheet.height):
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


def chase_path(b: Battle, name: str, goal: Cells, limit: int) -> tuple[Cell, ...]:
    """Steps that bring ``name`` closer to ``goal``, stopping once touching it: greedy, with a
    breadth-first search around obstacles when greedy steps stall."""
    spec = b.sheet.ships[name]
    occ = taken_cells(b, spec.side, skip=name)
    return _chase(b.state.ships[name].cells, goal, occ, spec.kind, b.sheet.width, b.sheet.height,
                  limit)


@lru_cache(maxsize=1 << 14)
def _chase(cells: Cells, goal: Cells, occ: frozenset[Cell], kind: str, width: int, height: int,
           limit: int) -> tuple[Cell, ...]:
    """:func:`chase_path` from where it starts, past the cells known taken (``occ``), for a ship
    of ``kind`` (S-2: its steps).

    A pure function of these immutable values, so memoised across fights (bounded): a
    simulation's many fights of one scenario pass the same places again and again, the whole
    approach before the first shot above all.
    """
    steps = _steps(kind)
    goal_set = set(goal)
    path: list[Cell] = []
    here = _closeness(cells, goal)
    for _ in range(limit):
        if here[0] <= 1:  # touching: fire range 1 (S-3)
            break
        # each cell of the ship against each of the goal's: a step adds the same to every pair,
        # so a step's closeness is read off these without building its cells first
        pairs = [(ax - bx, ay - by) for ax, ay in cells for bx, by in goal]
        best = None
        best_cells = cells
        for dx, dy in steps:
            cheb = manh = 1 << 30
            for px, py in pairs:
                ex = px + dx
                ey = py + dy
                if ex < 0:
                    ex = -ex
                if ey < 0:
                    ey = -ey
                k = ex if ex > ey else ey
                if k < cheb:
                    cheb = k
                if ex + ey < manh:
                    manh = ex + ey
            score = (cheb, manh)
            if not (score < here and (best is None or score < best)):
                continue
            # only a closer step is checked: on the map, into no known ship's cell, not the goal's
            new = tuple([(x + dx, y + dy) for x, y in cells])
            for c in new:
                x, y = c
                if (not (0 <= x < width and 0 <= y < height) or c in goal_set
                        or (c in occ and c not in cells)):
                    break
            else:
                best, best_cells = score, new
        if best is None:
            if not path:
                return _search(cells, goal, occ, steps, width, height, limit)
            break
        cells, here = best_cells, best
        path.append(cells[0])
    return tuple(path)


def _search(start: Cells, goal: Cells, occ: frozenset[Cell], steps: tuple[Cell, ...], width: int,
            height: int, limit: int) -> tuple[Cell, ...]:
    """Breadth-first search for the shortest way to touch ``goal``."""
    goal_set = set(goal)
    prev: dict[Cells, Cells | None] = {start: None}
    frontier = [start]
    while frontier:
        nxt = []
        for cells in frontier:
            for d in steps:
                new = R.shifted(cells, d)
                if new in prev or not R.on_map(new, width, height):
                    continue
                if any(x in occ for x in new if x not in start) or goal_set.intersection(new):
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


def _decide(b: Battle, name: str, d: Decision) -> Choose:
    """S-8/S-10: the captain's choice once its shot is known: the systems every third round, else
    the whole ship (at a ship it cannot see, always the whole ship); a cloaked captain's place
    turns with the round, staying first, but after a blind shot it stays where it fired from."""
    st = b.state
    blind = hidden_from(b, d.target, b.sheet.ships[name].side)
    aim = None
    if d.aim:
        aim = "hull" if blind or st.round % 3 else "systems"
    to = None
    if d.shift:
        opts = choice_shifts(b, name)
        to = opts[0] if blind else opts[st.round % len(opts)]
    return Choose(aim, to)


def _after_departure(b: Battle, name: str, runner: str, armed: bool) -> Order:
    """S-12: an enemy is leaving the station and its window is open: a captain does not let it go.
    Fire at it when it is in range, chase it when it is seen fleeing, else declare «вылетаю»."""
    s = b.state.ships[name]
    k = known_cells(b, name, runner)
    seen = k is not None and not hidden_from(b, runner, b.sheet.ships[name].side)
    if seen and k is not None and R.fire_range(s.cells, k):
        if armed:
            return Attack(runner)
    elif seen and k is not None and b.state.ships[runner].fleeing:
        return Pursue(chase_path(b, name, k, MAX_PURSUE), runner, "hull")
    return Launch()


def _choose(b: Battle, name: str) -> Order | None:
    """The captain's choice for ``name`` (None: nothing worth doing), before the engine's check."""
    st = b.state
    s = st.ships[name]
    if s.held_by is not None:
        return BreakFree()
    spec = b.sheet.ships[name]
    side = spec.side
    can_move = not s.disabled("engines")
    can_flee = can_move and not R.flee_locked(st.round, s.flee_locked_until)
    armed = not s.disabled("weapons")
    ships = st.ships
    # in_play written out (asked every turn)
    enemies = [n for n, sp in b.sheet.ships.items()
               if sp.side != side and not (ships[n].destroyed or ships[n].escaped)]
    d = st.departure
    if (d is not None and not d.closed and b.sheet.ships[d.ship].side != side and can_move
            and st.ships[d.ship].in_play):
        return _after_departure(b, name, d.ship, armed)
    if can_flee and (s.fleeing or s.hull * 4 <= spec.hull or not armed):
        path = flee_path(b, name, flee_allowance(b, name))
        if path:
            return Flee(path)
    if not s.shields_up and s.shields > 0 and not s.disabled("shields"):
        return RaiseShields()
    # where this side believes each enemy is, and which it sees in fire range, in one pass
    known: dict[str, Cells | None] = {}
    in_range = []
    for n in enemies:
        k = known[n] = known_cells(b, name, n)
        if k is not None and not hidden_from(b, n, side):
            fr = R.fire_range(s.cells, k)
            if fr:
                in_range.append((fr, ships[n].hull, n))
    if (spec.cloak and not s.cloaked and not s.disabled("cloak") and not in_range
            and s.holding is None):
        return Cloak()
    if armed and in_range:
        in_range.sort()
        target = in_range[0][2]
        if spec.tractor and s.holding is None and not s.cloaked:
            # hold a touching enemy (a fleeing one first): it cannot move and fires at half damage
            grab = sorted((not st.ships[n].fleeing, n) for _, _, n in in_range)
            for _, t in grab:
                if (b.sheet.ships[t].size <= spec.size and R.touching(s.cells, st.ships[t].cells)
                        and not st.ships[t].cloaked and st.ships[t].held_by is None
                        and st.round >= st.locks.get(pair(name, t), 0)):
                    return Tractor(t)
        if in_range[0][0] == 2 and can_move and not s.cloaked:
            step = chase_path(b, name, st.ships[target].cells, 1)
            if step and R.fire_range(R.placed_at(s.cells, step[0]), st.ships[target].cells) == 1:
                return Move(step[0])
        return Attack(target)  # hull or systems, and a cloaked ship's place: once the shot is known
    if armed:
        for n in enemies:
            if hidden_from(b, n, side):
                cells = [g for g in guesses(b, name, n) if R.fire_range(s.cells, (g,))]
                if cells:
                    return Attack(n, cell=cells[(st.round + b.resolutions) % len(cells)])
    if not can_move:
        return None
    for n in enemies:
        k = known[n]
        if ships[n].fleeing and k is not None and not hidden_from(b, n, side):
            # a chase's shot at the end of the move goes at the whole ship, said in the order
            return Pursue(chase_path(b, name, k, MAX_PURSUE), n, "hull")
    goals = [(n, k) for n, k in known.items() if k is not None]
    if not goals:
        return None
    # the nearest (then first by name: names differ, so the cells are never compared); a lone
    # known enemy needs no measuring
    goal = goals[0][1] if len(goals) == 1 else min((R.distance(s.cells, k), n, k) for n, k in goals)[2]
    path = chase_path(b, name, goal, 1)
    if path:
        return Move(path[0])
    return None
