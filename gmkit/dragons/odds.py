"""The dragon duel's odds: a pilot's roll and an attack as a whole (D-5, D-6, D-7, D-8 with C-3,
C-4), with or without Bennies (D-7, SWADE).

The Savage Worlds mathematics is shared (:mod:`gmkit.odds.savage`) and takes a plain modifier;
the D-8 wound penalty is the duel's own rule (:func:`gmkit.dragons.rules.wound_penalty`) and is
added here, so an Extra (which leaves the fight at its first wound) never rolls wounded. So are
the duel's D-7 rules: a weapon's AP against the target's Armour, a Benny's reroll of a failed
roll (``rerolls``: a critical failure is not rerolled and one on the reroll stands, so each
outcome but failure is multiplied by ``1 + f + ... + f^n`` and failure becomes ``f^(n+1)``), and
a Benny's soak of a Wounding hit (``soak``: the target's Vigor die). An attack's odds say in
their question whether they include the soak or leave it out.

>>> pilot_roll(8, actions=2, wounds=1).chance == trait(8, -3).chance
True
>>> pilot_roll(8, wounds=1, wild=False).chance == trait(8, wild=False).chance
True
>>> f = 1 - trait(8).chance - trait(8)["critical_failure"]
>>> pilot_roll(8, rerolls=1).chance == trait(8).chance * (1 + f)
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..odds.core import ERROR_BOUND, Odds
from ..odds.savage import Die, damage, trait
from ..odds.savage import attack as savage_attack
from . import rules as R

__all__ = ["pilot_roll", "attack", "rerolled", "add_commands"]


def rerolled(one: Odds, rerolls: int) -> Odds:
    """D-7: a trait roll (:func:`gmkit.odds.savage.trait`) whose failure may be rerolled with a
    Benny, ``rerolls`` times at most. A success always beats a failure, so the better total is
    the successful one; a critical failure is never rerolled and one on a reroll stands."""
    if rerolls < 0:
        raise ValueError(f"D-7: rerolls are 0 or more, got {rerolls}")
    if rerolls == 0:
        return one
    f = one["failure"]
    scale = sum((f ** i for i in range(rerolls + 1)), Fraction(0))
    outcomes = tuple((k, f ** (rerolls + 1) if k == "failure" else p * scale)
                     for k, p in one.outcomes)
    question = {"key": "dragons.odds.q.rerolls", "a": one.question, "n": rerolls}
    return Odds(one.kind, question, outcomes, one.chance * scale, one.error)


def pilot_roll(die: Die = 8, modifier: int = 0, wild: bool = True, tn: int = 4, *,
               actions: int = 1, wounds: int = 0, action: bool = True,
               max_raises: int = 3, rerolls: int = 0) -> Odds:
    """A pilot's trait roll (C-3) at ``wounds`` wounds: the D-8 penalty (an ``action`` takes
    -1/-2 at 1/2 wounds, any roll -3 from 3; none for an Extra) added to ``modifier``; with up
    to ``rerolls`` Benny rerolls of a failure (D-7)."""
    if wounds < 0:
        raise ValueError(f"D-8: wounds cannot be negative, got {wounds}")
    return rerolled(trait(die, modifier + R.wound_penalty(wounds, wild, action), wild, tn,
                          actions=actions, max_raises=max_raises), rerolls)


def attack(die: Die, damage_expr: str, toughness: int, modifier: int = 0, wild: bool = True,
           tn: int = 4, *, actions: int = 1, wounds: int = 0, already_shaken: bool = False,
           max_wounds: int = 4, armour: int = 0, ap: int = 0, rerolls: int = 0,
           soak: Die | None = None, soak_modifier: int = 0, soak_wild: bool = True,
           soak_rerolls: int = 0) -> Odds:
    """A D attack as a whole (D-5, D-7, C-4) by an attacker with ``wounds`` wounds (D-8): see
    :func:`gmkit.odds.savage.attack`; ``modifier`` holds the range band's penalty (D-5). The
    weapon's ``ap`` ignores up to that much of the target's ``armour``, part of its
    ``toughness`` (D-7).

    Bennies (D-7): ``rerolls`` rerolls of a failed attack roll; ``soak``, the target's Vigor
    die, when it spends a Benny to soak a Wounding hit (``soak_modifier`` its wound penalty,
    ``soak_rerolls`` rerolls of a failed soak roll): each success and raise removes a Wound,
    and a hit whose Wounds are all soaked counts as ``no_effect`` (not Shaken either). Without
    ``soak`` the question says that the soak is left out. The soak's removals are summed up to
    where the rest weighs less than :data:`~gmkit.odds.core.ERROR_BOUND` (``error``)."""
    if wounds < 0:
        raise ValueError(f"D-8: wounds cannot be negative, got {wounds}")
    if armour < 0 or ap < 0:
        raise ValueError(f"D-7: Armour and AP are 0 or more, got {armour} and {ap}")
    tough = R.effective_toughness(toughness, armour, ap)
    mod = modifier + R.wound_penalty(wounds, wild)
    if rerolls == 0 and soak is None:
        base = savage_attack(die, damage_expr, tough, mod, wild, tn, actions=actions,
                             already_shaken=already_shaken, max_wounds=max_wounds)
        return Odds(base.kind, {"key": "dragons.odds.q.no_soak", "a": base.question},
                    base.outcomes, base.chance, base.error)
    roll = rerolled(trait(die, mod, wild, tn, actions=actions, max_raises=1), rerolls)
    removal, err = _removals(soak, soak_modifier, soak_wild, soak_rerolls)
    deep = max_wounds + len(removal)
    hit: dict[str, Fraction] = {}
    for weight, bonus in ((roll["success"], False), (roll["raise_1+"], True)):
        dmg = damage(damage_expr, tough, bonus, already_shaken=already_shaken, max_wounds=deep)
        for k, p in _soaked(dmg, removal, max_wounds, deep):
            hit[k] = hit.get(k, Fraction(0)) + weight * p
    outcomes = (("critical_failure", roll["critical_failure"]), ("miss", roll["failure"]),
                *hit.items())
    effect = 1 - roll["critical_failure"] - roll["failure"] - hit["no_effect"]
    query: Any = {"key": "odds.q.then", "a": roll.question,
                  "b": {"key": "odds.q.damage", "damage": damage_expr, "toughness": tough}}
    if soak is None:
        query = {"key": "dragons.odds.q.no_soak", "a": query}
    else:
        query = {"key": "dragons.odds.q.soak", "a": query, "vigor": _die_text(soak, soak_modifier),
                 "n": soak_rerolls}
    return Odds("attack", query, outcomes, effect, err)


def _die_text(die: Die, modifier: int) -> str:
    from ..dice import parse_trait

    sides, base = parse_trait(die)
    m = base + modifier
    return f"d{sides}{m:+d}" if m else f"d{sides}"


def _removals(soak: Die | None, modifier: int, wild: bool,
              rerolls: int) -> tuple[list[Fraction], Fraction]:
    """P(a soak removes r Wounds) for r = 0, 1, ...: 0 on a failure (or no soak), 1 plus one per
    raise on a success; the last entry takes the rest, which weighs less than ERROR_BOUND (the
    error it brings)."""
    if soak is None:
        return [Fraction(1)], Fraction(0)
    top = 8
    while True:
        one = rerolled(trait(soak, modifier, wild, 4, max_raises=top), rerolls)
        rest = one[f"raise_{top}+"]
        if rest < ERROR_BOUND:
            break
        top *= 2
    out = [one["critical_failure"] + one["failure"], one["success"]]
    out += [one[f"raise_{k}"] for k in range(1, top)] + [rest]
    return out, rest


def _soaked(dmg: Odds, removal: list[Fraction], max_wounds: int,
            deep: int) -> list[tuple[str, Fraction]]:
    """C-4 buckets of one damage roll (known to ``deep`` Wounds) after the soak's removals."""
    wound = [Fraction(0)] + [dmg.get(f"wound_{k}") for k in range(1, deep)]
    at_least = dmg[f"wound_{deep}+"]

    def ge(k: int) -> Fraction:  # P(k or more Wounds), k >= 1
        return sum(wound[k:], Fraction(0)) + at_least

    out = {"no_effect": dmg["no_effect"], "shaken": dmg.get("shaken")}
    for r, p in enumerate(removal):
        if not p:
            continue
        out["no_effect"] += p * (ge(1) - ge(r + 1))  # all soaked: not Shaken either
        for j in range(1, max_wounds):
            out[f"wound_{j}"] = out.get(f"wound_{j}", Fraction(0)) + p * wound[j + r]
        key = f"wound_{max_wounds}+"
        out[key] = out.get(key, Fraction(0)) + p * ge(max_wounds + r)
    return list(out.items())


def add_commands(kinds: Any, savage: Any) -> None:
    """The dragon kinds of ``gmkit odds``: attack."""
    q = kinds.add_parser("attack", help="a D attack as a whole: roll, then damage (D-5, C-4)")
    q.add_argument("die", help="attack trait die")
    q.add_argument("damage")
    q.add_argument("--toughness", type=int, required=True)
    q.add_argument("--tn", type=int, default=4, help="4 ranged; the target's Parry in melee")
    q.add_argument("--shaken", action="store_true", help="the target is already Shaken")
    q.add_argument("--wounds", type=int, default=0, help="the attacker's wounds (D-8 penalty)")
    q.add_argument("--armour", type=int, default=0, help="the target's Armour, part of its Toughness (D-7)")
    q.add_argument("--ap", type=int, default=0, help="the weapon's Armour Piercing (D-7)")
    q.add_argument("--rerolls", type=int, default=0, help="Benny rerolls of a failed attack roll (D-7)")
    q.add_argument("--soak", default=None, help="the target's Vigor die when it soaks with a Benny (D-7)")
    savage(q)
    q.set_defaults(answer=_attack_command)


def _attack_command(args: Any) -> Odds:
    die = None if args.die == "unskilled" else args.die
    return attack(die, args.damage, args.toughness, args.mod, not args.extra, args.tn,
                  actions=args.actions, wounds=args.wounds, already_shaken=args.shaken,
                  armour=args.armour, ap=args.ap, rerolls=args.rerolls, soak=args.soak)
