"""A simple, predictable policy that gives any dragon a legal order (templates, simulations).

The policy, in order:

1. Out of the fight or falling: no order (a falling dragon needs none, D-9).
2. Enemies are the other sides' dragons (a turned dragon: every other dragon, D-10).
3. On a tail: no movement (it copies, D-12); attack the target with up to two weapons.
4. Otherwise choose the legal move whose end position scores best against the enemies' current
   positions: a ranged shot from above (closer is better), a chance at a tail (same Speed and
   Height), melee at the same Height; failing those, close in and get above. Speed under 5
   counts against a move (slow dragons cannot climb and are near a stall). Never a move that
   stalls (Speed 0) or a dive above maximum Speed (D-11).
5. Shaken: the same choice among level moves; no actions (D-8).
6. Actions: with a pursuer on its tail, shake it off; level with an enemy at the same Speed,
   try for its tail; then one attack per weapon at the closest enemy it can reach, two at most
   (a third would cost -4 on every roll, C-4).

Every order it gives passes :meth:`DragonDuel.validate_order`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rules as R
from .orders import Action, Attack, DragonOrder, Move, ShakeOff, TailAttempt

if TYPE_CHECKING:
    from .duel import DragonDuel

__all__ = ["plan", "turned_order", "choose_target"]

MAX_ATTACKS = 2
"""Attacks per order: a third would cost -4 on every roll (C-4)."""


def choose_target(duel: "DragonDuel", name: str, anyone: bool = False) -> str | None:
    """The nearest dragon by D-5 range: among enemies, or among all others (``anyone``, D-10)."""
    ranges = {n: duel.range_between(name, n) for n, s in duel.state.dragons.items()
              if n != name and not s.out and (anyone or duel.hostile(name, n))}
    return R.nearest(ranges)


def turned_order(duel: "DragonDuel", name: str) -> DragonOrder | None:
    """D-10: a turned dragon attacks the nearest target, whoever it is (no order while falling)."""
    if duel.state.dragons[name].falling:
        return None
    return _plan(duel, name, choose_target(duel, name, anyone=True), anyone=True)


def plan(duel: "DragonDuel", name: str) -> DragonOrder | None:
    """The policy's order for ``name`` (None when it needs none)."""
    s = duel.state.dragons[name]
    if s.out or s.falling:
        return None
    if s.turned:
        return turned_order(duel, name)
    return _plan(duel, name, choose_target(duel, name))


CRUISE = 5
"""Below this Speed the policy counts each missing point against a move: slow dragons cannot
climb (D-4) and are one step from a stall (D-9)."""


def _enemies(duel: "DragonDuel", name: str, anyone: bool) -> list[str]:
    return [n for n, s in duel.state.dragons.items()
            if n != name and not s.out and (anyone or duel.hostile(name, n))]


def _opportunity(duel: "DragonDuel", name: str, pos: tuple[int, int], target: str) -> int:
    """How good ``pos`` is against ``target`` (lower is better): a ranged shot from above by
    range, a tail chance, melee at the same Height; else how far there is to close in."""
    spec = duel.dragons[name]
    s = duel.state.dragons[name]
    t = duel.state.dragons[target]
    sp, h = pos
    rng = R.range_between(sp, h, t.speed, t.height)
    best = 2_000 + rng + 50 * max(0, t.height + 1 - h)
    for i, w in enumerate(spec.weapons):
        if s.weapons_out[i]:
            continue
        if w.kind == "ranged" and w.ranges and h > t.height and R.range_band(rng, w.ranges):
            best = min(best, rng)
        elif w.kind == "melee" and h == t.height:
            best = min(best, 150 + 10 * abs(sp - t.speed))
    if ((sp, h) == (t.speed, t.height) and t.tailed_by is None and not t.falling
            and s.tailed_by is None):
        best = min(best, 20)
    return best


def _score(duel: "DragonDuel", name: str, pos: tuple[int, int], enemies: list[str]) -> int:
    return (min(_opportunity(duel, name, pos, e) for e in enemies)
            + 15 * max(0, CRUISE - pos[0]))


def _attacks(duel: "DragonDuel", name: str, pos: tuple[int, int], enemies: list[str],
             tail_target: str | None = None) -> list[Action]:
    """One attack per working weapon at the closest enemy it can reach from ``pos`` (at most
    MAX_ATTACKS); a pursuer fires at its target on the tail."""
    spec = duel.dragons[name]
    s = duel.state.dragons[name]
    out: list[Action] = []
    for i, w in enumerate(spec.weapons):
        if s.weapons_out[i] or len(out) >= MAX_ATTACKS:
            continue
        best: tuple[int, str] | None = None
        for e in ([tail_target] if tail_target else enemies):
            t = duel.state.dragons[e]
            on_tail = e == tail_target
            rng = R.range_between(pos[0], pos[1], t.speed, t.height, on_tail)
            if R.attack_problem(w.kind, pos[1], t.height, on_tail=on_tail,
                                target_is_pursuer=s.tailed_by == e, rng=rng,
                                ranges=w.ranges) is None and (best is None or rng < best[0]):
                best = (rng, e)
        if best is not None:
            out.append(Attack(w.name, best[1]))
    return out


def _plan(duel: "DragonDuel", name: str, target: str | None, anyone: bool = False) -> DragonOrder:
    s = duel.state.dragons[name]
    spec = duel.dragons[name]
    enemies = _enemies(duel, name, anyone)
    if target is None or not enemies:
        return DragonOrder(move=Move.level(0))
    if s.tailing is not None and not s.shaken:
        pos0 = (s.speed, s.height)
        return DragonOrder(move=None, actions=tuple(_attacks(duel, name, pos0, enemies, s.tailing)))
    moves = [m for m in duel.legal_moves(name)
             if R.move_result(s.speed, s.height, m)[0] > 0
             and not R.dangerous_dive(m, R.move_result(s.speed, s.height, m)[0], spec.max_speed)]
    if not moves:
        moves = [Move.level(0)]
    move = min(moves, key=lambda m: _score(duel, name, R.move_result(s.speed, s.height, m), enemies))
    if s.shaken:
        return DragonOrder(move=move)
    pos = R.move_result(s.speed, s.height, move)
    actions: list[Action] = []
    if s.tailed_by is not None:
        actions.append(ShakeOff())
    else:
        for e in enemies:
            t = duel.state.dragons[e]
            if pos == (t.speed, t.height) and t.tailed_by is None and not t.falling:
                actions.append(TailAttempt(e))
                break
    attacks = _attacks(duel, name, pos, enemies)
    actions.extend(attacks[:MAX_ATTACKS - len(actions)])
    return DragonOrder(move=move, actions=tuple(actions))
