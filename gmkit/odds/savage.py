"""Savage Worlds odds for D (C-3, C-4): trait rolls, opposed rolls, damage and the attack as a whole.

A trait total has a closed form: an acing die's survival ``P(X >= t)`` is exact for every ``t``
(:func:`~gmkit.odds.core.exploding_ge`), the Wild Die is independent, so
``P(max >= t) = 1 - (1 - P(T >= t)) (1 - P(W >= t))``; a critical failure is a trait 1 with a d6 1
(the Wild Die for a Wild Card, a further d6 for an Extra [C-3 decision]): ``1/(6 * sides)`` both
ways. Trait, damage and attack odds are therefore exact; opposed rolls sum over the defender's
totals and stop when the rest weighs less than :data:`~gmkit.odds.core.ERROR_BOUND`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..dice import TRAIT_DICE, multi_action_penalty, parse, parse_trait
from ..errors import DiceError
from .core import ERROR_BOUND, Dist, Odds, exploding_ge, q

__all__ = ["trait", "opposed", "damage", "attack", "trait_ge"]

Die = int | str | None


def _trait_die(die: Die) -> tuple[int, int]:
    if type(die) is int and die in TRAIT_DICE:
        return die, 0
    return parse_trait(die)


def _describe(sides: int, mod: int, wild: bool) -> dict[str, Any]:
    m = f"{mod:+d}" if mod else ""
    return q("roll", die=f"d{sides}{m}", who={"key": "term.wild_card" if wild else "term.extra"})


@lru_cache(maxsize=4096)
def trait_ge(sides: int, mod: int, wild: bool, t: int) -> Fraction:
    """P(not a critical failure and total >= t) for one trait roll (C-3), exactly."""
    need = t - mod
    p_t = exploding_ge(sides, need)
    if wild:
        p = 1 - (1 - p_t) * (1 - exploding_ge(6, need))
    else:
        p = p_t
    if 1 >= need:  # a critical failure shows 1 (+mod) and would have reached t
        p -= Fraction(1, 6 * sides)
    return p


def _crit(sides: int) -> Fraction:
    """C-3: trait die 1 and a d6 1 (Wild Die, or an Extra's further d6)."""
    return Fraction(1, 6 * sides)


def _raise_outcomes(ge: Callable[[int], Fraction], tn: int,
                    max_raises: int) -> list[tuple[str, Fraction]]:
    out = [("success", ge(tn) - ge(tn + 4))]
    for k in range(1, max_raises):
        out.append((f"raise_{k}", ge(tn + 4 * k) - ge(tn + 4 * k + 4)))
    out.append((f"raise_{max_raises}+", ge(tn + 4 * max_raises)))
    return out


@lru_cache(maxsize=2048)
def trait(die: Die = 8, modifier: int = 0, wild: bool = True, tn: int = 4, *, actions: int = 1,
          max_raises: int = 3) -> Odds:
    """The chances of one trait roll (C-3): critical failure, failure, success with k raises.

    ``die`` is 4..12, ``"d8"``, ``"d12+1"`` or None (unskilled d4-2); ``actions`` applies the
    multi-action penalty (C-4); every other modifier (a rule set's wound penalty, range...) is
    summed into ``modifier`` by the caller. Outcomes: ``critical_failure``, ``failure``,
    ``success`` (no raise), ``raise_1`` .. ``raise_{max_raises}+``; ``chance`` is success.

    >>> trait(4).chance, trait(12).chance
    (Fraction(5, 8), Fraction(7, 8))
    """
    if max_raises < 1:
        raise ValueError(f"max_raises must be at least 1, got {max_raises}")
    sides, base = _trait_die(die)
    mod = base + modifier + multi_action_penalty(actions)

    def ge(t: int) -> Fraction:
        return trait_ge(sides, mod, wild, t)

    crit = _crit(sides)
    success = ge(tn)
    outcomes = [("critical_failure", crit), ("failure", 1 - crit - success)]
    outcomes += _raise_outcomes(ge, tn, max_raises)
    return Odds("trait", q("trait", roll=_describe(sides, mod, wild), tn=tn), tuple(outcomes),
                success)


def _max_ge(sides: int, wild: bool, x: int) -> Fraction:
    """P(the kept die shows x or more): the trait die, or the higher of it and the Wild Die."""
    pt = exploding_ge(sides, x)
    return 1 - (1 - pt) * (1 - exploding_ge(6, x)) if wild else pt


@lru_cache(maxsize=256)
def _surv_ints(sides: int, wild: bool, top: int) -> tuple[list[int], int]:
    """``_max_ge`` for x = 0..top as integer numerators over one denominator (fast sums)."""
    def table(s: int) -> tuple[list[int], int]:
        q_top = (top - 1) // s + 1
        den = s ** q_top
        nums = [den]
        for x in range(1, top + 1):
            q, m = divmod(x - 1, s)
            nums.append((s - m) * s ** (q_top - 1 - q))
        return nums, den

    t_num, t_den = table(sides)
    if not wild:
        return t_num, t_den
    w_num, w_den = table(6)
    den = t_den * w_den
    return [den - (t_den - a) * (w_den - b) for a, b in zip(t_num, w_num, strict=False)], den


@lru_cache(maxsize=2048)
def opposed(attacker: Die = 8, defender: Die = 8, *, attacker_mod: int = 0, defender_mod: int = 0,
            attacker_wild: bool = True, defender_wild: bool = True, tn: int = 4,
            max_raises: int = 3) -> Odds:
    """An opposed roll (C-3): the actor must reach TN 4 and beat the defender; ties to the defender.

    Outcomes: ``defender`` (the defender holds), ``success`` (the actor wins by less than 4),
    ``raise_1`` .. ``raise_{max_raises}+`` (wins by k full 4s). The sum over the defender's totals is
    cut when the rest weighs less than :data:`ERROR_BOUND`, and ``error`` is that rest, exactly
    (every figure is off by at most that much). Integer numerators over one denominator keep the
    sum fast.
    """
    a_s, a_b = _trait_die(attacker)
    d_s, d_b = _trait_die(defender)
    am, dm = a_b + attacker_mod, d_b + defender_mod
    # defender needs x = 1..top (total x + dm); the mass above top is left out and bounded
    top = 1
    while _max_ge(d_s, defender_wild, top + 1) >= ERROR_BOUND:
        top += 1
    err = _max_ge(d_s, defender_wild, top + 1)
    d_num, d_den = _surv_ints(d_s, defender_wild, top + 1)
    pmf = [d_num[x] - d_num[x + 1] for x in range(1, top + 1)]  # P(D = x + dm) * d_den
    # actor: P(not critical and total >= t), t up to the defender's top + dm + 4 * max_raises
    need_top = max(top + dm + 4 * max_raises + 1, tn) - am + 1
    a_num, a_den = _surv_ints(a_s, attacker_wild, max(need_top, 2))
    crit = a_den // (6 * a_s)

    def a_ge(t: int) -> int:
        need = max(t, tn) - am
        n = a_num[min(max(need, 1), len(a_num) - 1)] if need >= 1 else a_den
        return n - crit if 1 >= need else n

    def wins_by(m: int) -> Fraction:
        total = 0
        for x, p in enumerate(pmf, start=1):
            if p:
                total += p * a_ge(x + dm + m)
        return Fraction(total, d_den * a_den)

    win = wins_by(1)
    outcomes = []
    prev = win
    for k in range(1, max_raises + 1):
        cur = wins_by(4 * k)
        key = "success" if k == 1 else f"raise_{k - 1}"
        outcomes.append((key, prev - cur))
        prev = cur
    outcomes.append((f"raise_{max_raises}+", prev))
    query = q("opposed", a=_describe(a_s, am, attacker_wild), d=_describe(d_s, dm, defender_wild))
    return Odds("opposed", query, (("defender", 1 - win), *tuple(outcomes)), win, err)


# --- damage (C-4) ------------------------------------------------------------------------------


def _damage_terms(expr: str, raise_bonus: bool) -> tuple[list[int], int]:
    e = parse(expr)
    sides: list[int] = []
    for t in e.dice:
        if t.sign < 0 or t.keep:
            raise DiceError(f"C-4: damage is a sum of dice and a number, like '2d8+1'; got {expr!r}")
        if t.sides < 2:
            raise DiceError(f"C-4: a d{t.sides} cannot ace; got {expr!r}")
        sides += [t.sides] * t.count
    if raise_bonus:
        sides.append(6)
    return sides, e.modifier


def damage_dist(expr: str, raise_bonus: bool = False, cap: int = 60) -> Dist:
    """The damage total (all dice ace, +1d6 on a raise: C-4), exact for every value up to ``cap``."""
    sides, mod = _damage_terms(expr, raise_bonus)
    n = len(sides)
    if n == 0:
        return Dist.constant(mod)
    room = cap - mod - (n - 1)  # each other die adds at least 1
    dist = Dist.ace(sides[0], room)
    for s in sides[1:]:
        dist = dist.add(Dist.ace(s, room), cap=cap - mod)
    return dist.shift(mod)


def _wound_outcomes(dist: Dist, toughness: int, already_shaken: bool, max_wounds: int,
                    scale: Fraction = Fraction(1)) -> list[tuple[str, Fraction]]:
    """C-4 buckets of one damage total: nothing, Shaken, k Wounds, ``max_wounds`` or more."""
    below = dist.le(toughness - 1)
    out = [("no_effect", below)]
    shaken = dist.le(toughness + 3) - below
    bounds = [dist.ge(toughness + 4 * k) for k in range(1, max_wounds + 1)]
    w = [bounds[k] - bounds[k + 1] for k in range(max_wounds - 1)] + [bounds[-1]]
    if already_shaken:  # Shaken again is a Wound
        w[0] += shaken
        shaken = Fraction(0)
    else:
        out.append(("shaken", shaken))
    for k in range(1, max_wounds):
        out.append((f"wound_{k}", w[k - 1]))
    out.append((f"wound_{max_wounds}+", w[-1]))
    return [(k, p * scale) for k, p in out]


@lru_cache(maxsize=2048)
def damage(expr: str, toughness: int, raise_bonus: bool = False, *, already_shaken: bool = False,
           max_wounds: int = 4) -> Odds:
    """Damage against Toughness (C-4): no effect, Shaken, k Wounds (``max_wounds`` or more last).

    Exact: only totals below ``toughness + 4 * max_wounds`` need telling apart, and those are known
    exactly; the last bucket takes all the rest. ``chance`` is Shaken or worse.
    """
    if max_wounds < 1:
        raise ValueError(f"max_wounds must be at least 1, got {max_wounds}")
    dist = damage_dist(expr, raise_bonus, cap=toughness + 4 * max_wounds)
    outcomes = _wound_outcomes(dist, toughness, already_shaken, max_wounds)
    bonus = " +d6" if raise_bonus else ""
    return Odds("damage", q("damage", damage=f"{expr}{bonus}", toughness=toughness), tuple(outcomes),
                1 - outcomes[0][1])


@lru_cache(maxsize=2048)
def attack(die: Die, damage_expr: str, toughness: int, modifier: int = 0, wild: bool = True,
           tn: int = 4, *, actions: int = 1, already_shaken: bool = False,
           max_wounds: int = 4) -> Odds:
    """A D attack as a whole (D-5, D-7, C-4): the attack roll, then damage, +1d6 on a raise.

    Outcomes: ``critical_failure``, ``miss``, ``no_effect`` (hit, below Toughness), ``shaken``,
    ``wound_1`` .. ``wound_{max_wounds}+``; ``chance`` is Shaken or worse. ``tn`` is 4 for a ranged
    attack (range penalties go in ``modifier``) and the target's Parry in melee (D-5, D-6).
    """
    roll = trait(die, modifier, wild, tn, actions=actions, max_raises=1)
    plain, raised = roll["success"], roll["raise_1+"]
    cap = toughness + 4 * max_wounds
    a = _wound_outcomes(damage_dist(damage_expr, False, cap), toughness, already_shaken, max_wounds,
                        plain)
    b = _wound_outcomes(damage_dist(damage_expr, True, cap), toughness, already_shaken, max_wounds,
                        raised)
    hit = [(k, p + q) for (k, p), (_, q) in zip(a, b, strict=False)]
    outcomes = [("critical_failure", roll["critical_failure"]), ("miss", roll["failure"]), *hit]
    effect = 1 - outcomes[0][1] - outcomes[1][1] - hit[0][1]
    query = q("then", a=roll.question, b=q("damage", damage=damage_expr, toughness=toughness))
    return Odds("attack", query, tuple(outcomes), effect)

