"""What a dragon may order now (D-1, D-4, D-5, D-8..D-12): the checks behind ``validate_order``
and ``why_not`` (the orders a form offers are listed by :mod:`gmkit.dragons.offers`).

Orders are checked when they arrive against what is certain about the moment the dragon's turn
comes: its own position after its move, and the position of any target that acts *after* it
(so cannot have moved yet). What depends on others' moves is checked again at the dragon's turn
(see :mod:`gmkit.dragons.procedures`); an action that has become impossible is lost then.

>>> from gmkit.dragons import DragonDuel, EXAMPLE, DragonOrder, Move, Attack
>>> legal = DragonDuel(EXAMPLE, seed=1).legal_orders("Ash")
>>> DragonOrder(Move.level(0), (Attack("Flame", "Bane"),)) in legal
True
>>> print(legal.why_not(DragonOrder(Move.climb(1), (Attack("Claws", "Bane"),))))
D-5: Ash with Claws at Bane: melee needs the same Height: attacker at 12, target at 10 (range 110)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..dice import parse_trait
from ..errors import DiceError, IllegalOrder
from ..orders import Order
from . import rules as R
from .board import DragonState
from .context import DuelContext
from .orders import (
    BENNY_USES,
    GM_ACTOR,
    NOT_ACTIONS,
    Attack,
    Benny,
    CritFall,
    DragonOrder,
    Force,
    GMOrder,
    Initiative,
    Manoeuvre,
    Move,
    ShakeOff,
    TailAttempt,
    TurnCheck,
    UsePower,
)
from .sheets import Dragon

__all__ = ["check_order", "legal_moves", "projected", "available_bennies", "ACTION_TYPES"]

ACTION_TYPES = (Attack, TailAttempt, Force, ShakeOff, Manoeuvre, UsePower, TurnCheck, CritFall,
                Benny)


# --- positions as the checks see them -----------------------------------------------------------


def legal_moves(duel: DuelContext, name: str) -> list[Move]:
    """D-4: the moves ``name`` may order now (none while falling or out)."""
    s = duel.state_of(name)
    if s.out or s.falling:
        return []
    return R.legal_moves(s.speed, duel.dragons[name].max_speed, shaken=s.shaken,
                         **duel.sheets.move_kw)


def projected(duel: DuelContext, name: str, move: Move | None) -> tuple[int, int]:
    """Where ``name`` will be when it acts: after its fall (D-9) or its own move."""
    s = duel.state.dragons[name]
    if s.falling:
        sp, h, _ = R.fall_step(s.speed, s.height)
        return sp, h
    if move is None:
        return s.speed, s.height
    return R.move_result(s.speed, s.height, move)


def predictable(duel: DuelContext, actor: str, target: str) -> bool:
    """Whether ``target`` is certain not to have moved when ``actor`` acts: it acts later by
    Speed and Height (D-3) and follows nobody's movement (D-12)."""
    a, t = duel.state.dragons[actor], duel.state.dragons[target]
    if a.tailing is not None or t.tailing is not None or t.falling:
        return False
    return (t.speed, t.height) < (a.speed, a.height)


def _received(duel: DuelContext) -> list[str]:
    """The dragons whose orders have arrived, in arrival order (the GM's rulings left out)."""
    return [a for a in duel.orders_received if a != GM_ACTOR]


def _forcing_rank(duel: DuelContext, name: str) -> tuple[int, int]:
    """D-3/D-12: ``name``'s rank were it to send its order now (a new order arrives last)."""
    received = _received(duel)
    return int(duel.late(name)), len(received) - (name in received)


def _pending_rank(duel: DuelContext, name: str) -> tuple[int, int] | None:
    received = _received(duel)
    if name not in received:
        return None
    return int(duel.late(name)), received.index(name)


# --- validation -----------------------------------------------------------------------------------


@dataclass(slots=True)
class _Draft:
    """The order being checked as each action sees it: the dragon after its move, with the tails
    its earlier actions take (a tail attempt) or end (shaking off)."""

    actor: str
    s: DragonState
    spec: Dragon
    speed: int
    height: int
    tailing: str | None
    tailed_by: str | None


def check_order(duel: DuelContext, actor: str, order: Order) -> None:
    """Refuse (IllegalOrder naming the rule and the numbers) what the rules forbid; never mutate."""
    if actor == GM_ACTOR or isinstance(order, Initiative):
        return _check_initiative(duel, actor, order)
    s = duel.state.dragons.get(actor)
    if s is None:
        s = duel.state_of(actor)  # refuses the unknown name (D-1)
    spec = duel.dragons[actor]
    if s.out and isinstance(order, (DragonOrder, GMOrder)):
        raise IllegalOrder("D-1", key="dragons.refusal.legal.d1.1", actor=actor,
                           out_reason={"key": f"dragons.out_reason.{s.out_reason}"})
    if isinstance(order, GMOrder):
        if not (s.turned or spec.gm):
            raise IllegalOrder("D-10", key="dragons.refusal.legal.d10.2", actor=actor)
        order = order.order
    elif s.turned and isinstance(order, DragonOrder):
        raise IllegalOrder("D-10", key="dragons.refusal.legal.d10.3", actor=actor)
    if not isinstance(order, DragonOrder):
        raise IllegalOrder("D-1", f"a dragon's order is one DragonOrder(move=..., actions=(...)), "
                                  f"got {order!r}")
    acts = order.actions
    if not isinstance(acts, tuple):
        raise IllegalOrder("D-1", "actions must be a tuple of actions")
    shaken = s.shaken and not (acts and _unshakes(duel, actor, s, acts))
    move = order.move
    if move is not None and not (isinstance(move, Move) and not s.falling and R.is_legal_move(
            s.speed, spec.max_speed, move, shaken, *duel.sheets.move_limits)):
        _check_move(duel, actor, s, spec, move, shaken)  # refuses, saying why (a legal move: skipped)
    if not acts:
        return  # the checks below are all about actions
    if _check_counts(actor, shaken, acts):
        _check_bennies(duel, actor, s, spec, acts)
    if s.falling:
        sp, h = projected(duel, actor, move)
    elif move is None:
        sp, h = s.speed, s.height
    else:  # projected(), written out: every order is checked
        sp, h = s.speed + move.speed_change, s.height + move.height_change
    draft = _Draft(actor, s, spec, sp, h, s.tailing if move is None else None, s.tailed_by)
    for a in acts:
        check = _CHECKS.get(type(a))
        if check is None:
            if not isinstance(a, ACTION_TYPES):
                raise IllegalOrder("D-1", f"{a!r} is not a dragon action")
            check = next(f for c, f in _CHECKS.items() if isinstance(a, c))
        check(duel, draft, a)


def _check_initiative(duel: DuelContext, actor: str, order: Order) -> None:
    """D-3: the GM's order of action names every dragon still in the fight, each once."""
    if actor != GM_ACTOR:
        raise IllegalOrder("D-3", key="dragons.refusal.legal.d3.1", gm_actor=GM_ACTOR, actor=actor)
    if not isinstance(order, Initiative):
        raise IllegalOrder("D-3", f"the GM's ruling for the round is an Initiative((names...)), "
                                  f"got {order!r}")
    flying = [n for n, s in duel.state.dragons.items() if not s.out]
    names = list(order.order)
    twice = sorted({n for n in names if names.count(n) > 1})
    unknown = [n for n in names if n not in duel.state.dragons]
    out = [n for n in names if n in duel.state.dragons and duel.state.dragons[n].out]
    missing = [n for n in flying if n not in names]
    if twice or unknown or out or missing:
        why = [{"key": f"dragons.refusal.order.{kind}", "names": ", ".join(names)}
               for kind, names in (("twice", twice), ("unknown", unknown), ("out", out),
                                   ("missing", missing)) if names]
        raise IllegalOrder("D-3", key="dragons.refusal.legal.d3.3", p=', '.join(flying), why=why)


def available_bennies(duel: DuelContext, name: str) -> int:
    """D-7: the Bennies ``name`` may spend now (its own, and the GM's for a GM character)."""
    s = duel.state.dragons[name]
    return R.bennies_available(s.bennies, duel.state.gm_bennies, gm=duel.dragons[name].gm,
                               turned=s.turned)


def _unshakes(duel: DuelContext, actor: str, s: DragonState, acts: tuple[Any, ...]) -> bool:
    """D-7: the order spends a Benny to end Shaken at the start of the turn, and one is there:
    it is checked as the unshaken dragon it will be."""
    return any(isinstance(a, Benny) and a.use == "unshake" for a in acts) and \
        available_bennies(duel, actor) > 0


def _check_bennies(duel: DuelContext, actor: str, s: DragonState, spec: Dragon,
                   acts: tuple[Any, ...]) -> None:
    """D-7: each use named once, at least one Benny each, no more in all than it has."""
    uses: list[Any] = []
    want = 0
    plain = True  # every use known and of one Benny or more: the usual order, checked in one pass
    for a in acts:
        if isinstance(a, Benny):
            use, up_to = a.use, a.up_to
            uses.append(use)
            if plain and type(up_to) is int and up_to >= 1 and use in BENNY_USES:
                want += up_to
            else:
                plain = False  # checked below, each fault in its turn
    if plain and len(set(uses)) == len(uses):
        if want <= available_bennies(duel, actor):
            return
    spends = [a for a in acts if isinstance(a, Benny)]
    uses = [a.use for a in spends]
    for use in uses:
        if use not in BENNY_USES:
            raise IllegalOrder("D-7", key="dragons.refusal.legal.d7.4",
                               p=[{"key": f"dragons.benny.use.{u}"} for u in BENNY_USES], use=use)
    twice = R.repeated_weapon(uses)
    if twice is not None:
        raise IllegalOrder("D-7", key="dragons.refusal.legal.d7.1",
                           twice={"key": f"dragons.benny.use.{twice}"})
    low = next((a for a in spends if a.up_to < 1), None)
    if low is not None:
        raise IllegalOrder("D-7", key="dragons.refusal.legal.d7.2", up_to=low.up_to,
                           use={"key": f"dragons.benny.use.{low.use}"})
    have = available_bennies(duel, actor)
    want = sum(a.up_to for a in spends)
    if want > have:
        whose = {"key": "dragons.refusal.whose." + ("gm_pool" if s.turned else "both" if spec.gm
                                                     else "extra" if not spec.wild_card else "own")}
        raise IllegalOrder("D-7", key="dragons.refusal.legal.d7.3", actor=actor, have=have, whose=whose,
                           want=want)


def _check_move(duel: DuelContext, actor: str, s: DragonState, spec: Dragon, move: Any,
                shaken: bool) -> None:
    """D-4 (D-8 when Shaken, D-9 when falling)."""
    if not isinstance(move, Move):
        raise IllegalOrder("D-1", f"the movement must be a Move, got {move!r}")
    if s.falling:
        raise IllegalOrder("D-9", key="dragons.refusal.legal.d9.1", actor=actor, fall_turns=s.fall_turns)
    if not R.is_legal_move(s.speed, spec.max_speed, move, shaken,
                           *duel.sheets.move_limits):  # cached fast path
        kw = duel.sheets.move_kw
        problem = R.move_problem(s.speed, spec.max_speed, move, shaken=shaken, name=actor, **kw)
        if problem is not None:
            rule, key, params = _move_words(s.speed, spec.max_speed, move, shaken, actor, **kw)
            raise IllegalOrder(rule, key=key, **params)


def _move_words(speed: int, max_speed: int, move: Move, shaken: bool, name: str, *, level_min: int,
                level_max: int, max_dive: int | None) -> tuple[str, str, dict[str, Any]]:
    """D-4/D-8: the refusal of an illegal ``move`` (:func:`rules.move_problem` finds it) as a
    rule id, a message key and its numbers."""
    kind, n = move.kind, move.amount
    p: dict[str, Any] = {"name": name, "speed": speed, "n": n, "max": max_speed}
    if kind == "level":
        if not level_min <= n <= level_max:
            return "D-4", "dragons.refusal.move.level_range", {**p, "low": level_min, "high": level_max}
        if speed + n < 0:
            return "D-4", "dragons.refusal.move.below_zero", {**p, "after": speed + n}
        return "D-4", "dragons.refusal.move.above_max", {**p, "after": speed + n}
    if kind not in ("climb", "dive"):
        return "D-4", "dragons.refusal.move.kind", {**p, "kind": kind}
    if n < 1:
        return "D-4", f"dragons.refusal.move.{kind}_none", p
    if shaken:
        return "D-8", "dragons.refusal.move.shaken", p
    if kind == "climb":
        return "D-4", "dragons.refusal.move.climb_cost", {**p, "cost": 3 * n}
    return "D-4", "dragons.refusal.move.dive_limit", {**p, "limit": max_dive}


def _check_counts(actor: str, shaken: bool, acts: tuple[Any, ...]) -> bool:
    """D-8 no actions while Shaken, one D-10 check and one D-9 call a round, D-5 one attack per
    weapon. Returns whether the order spends Bennies (checked next, D-7), found in the same pass."""
    checks = calls = rulings = 0
    spends = False
    weapons: list[str] = []
    for a in acts:  # one pass for the counts below
        if isinstance(a, NOT_ACTIONS):
            rulings += 1
            if isinstance(a, Benny):
                spends = True
            elif isinstance(a, TurnCheck):
                checks += 1
            elif isinstance(a, CritFall):
                calls += 1
        elif isinstance(a, Attack):
            weapons.append(a.weapon)
    own = len(acts) - rulings
    if own and shaken:
        raise IllegalOrder("D-8", key="dragons.refusal.legal.d8.1", actor=actor, own=own)
    if checks > 1:
        raise IllegalOrder("D-10", key="dragons.refusal.legal.d10.1")
    if calls > 1:
        raise IllegalOrder("D-9", key="dragons.refusal.legal.d9.2")
    twice = R.repeated_weapon(weapons) if len(weapons) > 1 else None
    if twice is not None:
        raise IllegalOrder("D-5", key="dragons.refusal.legal.d5.1", twice=twice)
    return spends


def _check_target(duel: DuelContext, actor: str, target: str, what: str) -> None:
    t = duel.state_of(target)
    if target == actor:
        raise IllegalOrder("D-5", key="dragons.refusal.legal.d5.2", actor=actor,
                           what={"key": f"dragons.refusal.what.{what}"})
    if t.out:
        raise IllegalOrder("D-5", key="dragons.refusal.legal.d5.3", target=target,
                           out_reason={"key": f"dragons.out_reason.{t.out_reason}"})
    if not duel.hostile(actor, target):
        raise IllegalOrder("D-5", key="dragons.refusal.legal.d5.4", actor=actor, target=target,
                           side=duel.side_name(duel.dragons[actor].side))


def _check_attack(duel: DuelContext, d: _Draft, a: Attack) -> None:
    """D-5 (D-8 a weapon out, D-12 not at one's pursuer)."""
    actor, spec = d.actor, d.spec
    sheets = duel.sheets
    found = sheets.weapon_at[actor].get(a.weapon)  # spec.weapon(a.weapon), indexed once
    if found is None:
        raise IllegalOrder("D-5", key="dragons.refusal.legal.d5.5", actor=actor, weapon=a.weapon,
                           p=', '.join(w.name for w in spec.weapons) or {"key": "dragons.refusal.none"})
    i, w = found
    if d.s.weapons_out[i]:
        raise IllegalOrder("D-8", key="dragons.refusal.legal.d8.2", actor=actor, name=w.name)
    t = duel.state.dragons.get(a.target)
    # duel.hostile(actor, a.target), from the sheets' foes: asked for every attack ordered
    if t is None or t.out or a.target == actor or not (
            a.target in sheets.foes[actor] or d.s.turned or t.turned):
        _check_target(duel, actor, a.target, "attack")  # refuses, saying which of these it is
    assert t is not None
    if d.tailed_by == a.target:
        raise IllegalOrder("D-12", key="dragons.refusal.legal.d12.1", target=a.target, actor=actor)
    # predictable(duel, actor, a.target), written out (the target's state is at hand)
    s = d.s
    if (s.tailing is None and t.tailing is None and not t.falling
            and (t.speed, t.height) < (s.speed, s.height)) or d.tailing == a.target:
        on_tail = d.tailing == a.target
        rng = R.range_between(d.speed, d.height, t.speed, t.height, on_tail)
        if R.attack_allowed(w.kind, d.height, t.height, on_tail, False, rng, w.ranges):
            return  # the reason is built only for a refusal
        prob = R.attack_problem(w.kind, d.height, t.height, on_tail=on_tail,
                                target_is_pursuer=False, rng=rng, ranges=w.ranges)
        if prob:
            raise IllegalOrder(prob.rule, key="dragons.refusal.legal.x.1", actor=actor, name=w.name,
                               target=a.target, rng=rng,
                               text=_attack_words(prob.code, d.height, t.height, rng, w.ranges))


def _attack_words(code: str, mine: int, theirs: int, rng: int, ranges: Any) -> dict[str, Any]:
    """D-5/D-12: why the attack may not be made (:func:`rules.attack_problem`), as a message."""
    return {"key": f"dragons.refusal.attack.{code}", "a": mine, "t": theirs, "rng": rng,
            "long": ranges[-1] if ranges else ""}


def _forcing_words(mine: tuple[int, int], theirs: tuple[int, int] | None) -> dict[str, Any]:
    """D-12/D-3: why the pursuer's order does not count as arriving first
    (:func:`rules.forcing_problem`), as a message."""
    if theirs is not None and mine[0] and not theirs[0]:
        return {"key": "dragons.refusal.extra_last"}
    return {"key": "dragons.refusal.later", "mine": mine[1] + 1, "theirs": (theirs or (0, 0))[1] + 1}


def _check_tail_attempt(duel: DuelContext, d: _Draft, a: TailAttempt) -> None:
    """D-12 (D-9: not while falling)."""
    actor = d.actor
    _check_target(duel, actor, a.target, "tail")
    if d.s.falling:
        raise IllegalOrder("D-9", key="dragons.refusal.legal.d9.3", actor=actor)
    if d.tailing is not None:
        raise IllegalOrder("D-12", key="dragons.refusal.legal.d12.2", actor=actor, tailing=d.tailing)
    t = duel.state.dragons[a.target]
    if t.tailed_by is not None and t.tailed_by != actor:
        raise IllegalOrder("D-12", key="dragons.refusal.legal.d12.3", target=a.target,
                           tailed_by=t.tailed_by)
    if predictable(duel, actor, a.target):
        prob = R.tail_problem((d.speed, d.height), (t.speed, t.height))
        if prob:
            raise IllegalOrder("D-12", key="dragons.refusal.legal.d12.8", actor=actor, target=a.target,
                               prob={"key": "dragons.refusal.apart", "speed": d.speed, "height": d.height,
                                     "tspeed": t.speed, "theight": t.height})
    d.tailing = a.target


def _check_force(duel: DuelContext, d: _Draft, a: Force) -> None:
    """D-12: only a pursuer whose order counts as arriving before its target's."""
    if a.speed not in ("up", "down") or a.height not in (None, "up", "down"):
        raise IllegalOrder("D-12", f"forcing names speed 'up'/'down' and optionally "
                                   f"height 'up'/'down', got {a.speed!r}/{a.height!r}")
    if d.tailing is None:
        raise IllegalOrder("D-12", key="dragons.refusal.legal.d12.5", actor=d.actor)
    prob = R.forcing_problem(_forcing_rank(duel, d.actor), _pending_rank(duel, d.tailing))
    if prob:
        raise IllegalOrder("D-12", key="dragons.refusal.legal.d12.6", actor=d.actor, tailing=d.tailing,
                           prob=_forcing_words(_forcing_rank(duel, d.actor), _pending_rank(duel, d.tailing)))


def _check_shake_off(duel: DuelContext, d: _Draft, a: ShakeOff) -> None:
    """D-12: someone must be on the dragon's tail."""
    if d.tailed_by is None:
        raise IllegalOrder("D-12", key="dragons.refusal.legal.d12.7", actor=d.actor)
    d.tailed_by = None


def _check_manoeuvre(duel: DuelContext, d: _Draft, a: Manoeuvre) -> None:
    """D-9: no aerobatics while falling."""
    if d.s.falling:
        raise IllegalOrder("D-9", key="dragons.refusal.legal.d9.4", actor=d.actor)


def _check_power(duel: DuelContext, d: _Draft, a: UsePower) -> None:
    """D-10: a die the roller knows, a target that exists."""
    if a.die is not None:
        try:
            parse_trait(a.die)
        except DiceError as e:
            raise IllegalOrder("D-10", key="dragons.refusal.legal.d10.4", power=a.power, e=e) from None
    if a.target is not None:
        duel.state_of(a.target)


def _check_nothing(duel: DuelContext, d: _Draft, a: Any) -> None:
    """The GM's D-10 check and D-9 call, and the Bennies (D-7), are checked above."""


_CHECKS: dict[type, Callable[[DuelContext, _Draft, Any], None]] = {
    Attack: _check_attack, TailAttempt: _check_tail_attempt, Force: _check_force,
    ShakeOff: _check_shake_off, Manoeuvre: _check_manoeuvre, UsePower: _check_power,
    TurnCheck: _check_nothing, CritFall: _check_nothing, Benny: _check_nothing}
"""The check of each kind of action, by type (as d20 dispatches its nodes)."""
