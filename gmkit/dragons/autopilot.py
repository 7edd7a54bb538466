"""A simple, predictable policy that gives any dragon a legal order (templates, simulations).

The policy, in order:

1. Out of the fight or falling: no order (a falling dragon needs none, D-9).
2. Pick the nearest enemy by D-5 range (a turned dragon: the nearest dragon of all, D-10).
3. On a tail: no movement (it copies, D-12); attack the target with up to two weapons.
4. Shaken: only level flight, towards the target's Speed; no actions (D-8).
5. Otherwise choose the legal move that scores best against the target's current position:
   level with it at the same Speed (to try for the tail) or one level above it (to fire ranged),
   closer being better; never a move that stalls (Speed 0) or a dive above maximum Speed.
6. Actions: with a pursuer on its tail, shake it off; level with the target at the same Speed,
   try for its tail; then attack with up to two weapons that can reach from there.

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
    return _plan(duel, name, choose_target(duel, name, anyone=True))


def plan(duel: "DragonDuel", name: str) -> DragonOrder | None:
    """The policy's order for ``name`` (None when it needs none)."""
    s = duel.state.dragons[name]
    if s.out or s.falling:
        return None
    if s.turned:
        return turned_order(duel, name)
    return _plan(duel, name, choose_target(duel, name))


def _score(duel: "DragonDuel", name: str, pos: tuple[int, int], target: str) -> int:
    spec = duel.dragons[name]
    t = duel.state.dragons[target]
    sp, h = pos
    rng = R.range_between(sp, h, t.speed, t.height)
    best = 10_000 + rng
    for w in spec.weapons:
        if w.kind == "ranged" and w.ranges and h > t.height:
            if R.range_band(rng, w.ranges) is not None:
                best = min(best, rng)
            else:
                best = min(best, 1_000 + rng)
        elif w.kind == "melee" and h == t.height:
            best = min(best, 200 + 10 * abs(sp - t.speed))
    if h == t.height and sp == t.speed and t.tailed_by is None:
        best = min(best, 20)
    if sp < 3:
        best += 300
    return best


def _attacks(duel: "DragonDuel", name: str, pos: tuple[int, int], target: str,
             on_tail: bool) -> list[Action]:
    spec = duel.dragons[name]
    s = duel.state.dragons[name]
    t = duel.state.dragons[target]
    out: list[Action] = []
    for i, w in enumerate(spec.weapons):
        if s.weapons_out[i] or len(out) >= MAX_ATTACKS:
            continue
        rng = R.range_between(pos[0], pos[1], t.speed, t.height, on_tail)
        if R.attack_problem(w.kind, pos[1], t.height, on_tail=on_tail,
                            target_is_pursuer=s.tailed_by == target, rng=rng,
                            ranges=w.ranges) is None:
            out.append(Attack(w.name, target))
    return out


def _plan(duel: "DragonDuel", name: str, target: str | None) -> DragonOrder:
    s = duel.state.dragons[name]
    spec = duel.dragons[name]
    if target is None:
        return DragonOrder(move=Move.level(0))
    t = duel.state.dragons[target]
    if s.tailing is not None and not s.shaken:
        return DragonOrder(move=None,
                           actions=tuple(_attacks(duel, name, (s.speed, s.height), s.tailing, True)))
    moves = [m for m in duel.legal_moves(name)
             if R.move_result(s.speed, s.height, m)[0] > 0
             and not R.dangerous_dive(m, R.move_result(s.speed, s.height, m)[0], spec.max_speed)]
    if not moves:
        moves = [Move.level(0)]
    move = min(moves, key=lambda m: _score(duel, name, R.move_result(s.speed, s.height, m), target))
    if s.shaken:
        return DragonOrder(move=move)
    pos = R.move_result(s.speed, s.height, move)
    actions: list[Action] = []
    if s.tailed_by is not None:
        actions.append(ShakeOff())
    elif (pos == (t.speed, t.height) and t.tailed_by is None and not t.falling
          and s.tailing is None):
        actions.append(TailAttempt(target))
    if len(actions) < MAX_ATTACKS:
        attacks = _attacks(duel, name, pos, target, False)
        actions.extend(attacks[:MAX_ATTACKS - len(actions)])
    return DragonOrder(move=move, actions=tuple(actions))
