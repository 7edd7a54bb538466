"""The dragon duel's odds: a pilot's roll and an attack as a whole (D-5, D-6, D-7, D-8 with C-3,
C-4), with or without Bennies (D-7, SWADE).

The Savage Worlds mathematics is shared (:mod:`gmkit.odds.savage`) and takes a plain modifier;
the D-8 wound penalty is the duel's own rule (:func:`gmkit.dragons.rules.wound_penalty`) and is
added here, so an Extra (which leaves the fight at its first wound) never rolls wounded. So are
the duel's D-7 rules: a weapon's AP against the target's Armour, a Benny's reroll of a failed
roll (``rerolls``: a critical failure is not rerolled and one on the reroll stands, so each
outcome but failure is multiplied by ``1 + f + ... + f^n`` and failure becomes ``f^(n+1)``), and
a Benny's soak of a Wounding hit (``soak``: the target's Vigor die), and a contest of Piloting
whose sides may reroll (:func:`contest`). An attack's odds say in their question whether they
include the soak or leave it out.

>>> pilot_roll(8, actions=2, wounds=1).chance == trait(8, -3).chance
True
>>> pilot_roll(8, wounds=1, wild=False).chance == trait(8, wild=False).chance
True
>>> f = 1 - trait(8).chance - trait(8)["critical_failure"]
>>> pilot_roll(8, rerolls=1).chance == trait(8).chance * (1 + f)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..odds.core import ERROR_BOUND, Odds
from ..odds.savage import Die, damage, trait
from ..odds.savage import attack as savage_attack
from . import rules as R

__all__ = ["pilot_roll", "attack", "contest", "rerolled", "add_commands"]


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


def _kept(die: Die, modifier: int, wild: bool, tail: Fraction) -> tuple[
        dict[int, Fraction], Fraction, int, Fraction]:
    """One trait roll (C-3) as (P(total = t, not a critical failure) for every total whose
    chance is not below ``tail``, P(critical failure), the critical failure's total, the mass
    left out above the last total)."""
    from ..dice import parse_trait
    from ..odds.core import exploding_ge

    sides, base = parse_trait(die)
    mod = base + modifier

    def ge(x: int) -> Fraction:
        pt = exploding_ge(sides, x)
        return 1 - (1 - pt) * (1 - exploding_ge(6, x)) if wild else pt

    crit = Fraction(1, 6 * sides)
    pmf: dict[int, Fraction] = {}
    x = 1
    while ge(x) >= tail:
        p = ge(x) - ge(x + 1) - (crit if x == 1 else 0)
        if p:
            pmf[x + mod] = p
        x += 1
    return pmf, crit, 1 + mod, ge(x)


@lru_cache(maxsize=512)
def contest(attacker: Die = 8, defender: Die = 8, *, attacker_mod: int = 0, defender_mod: int = 0,
            attacker_wild: bool = True, defender_wild: bool = True, attacker_rerolls: int = 0,
            defender_rerolls: int = 0, max_raises: int = 3) -> Odds:
    """An opposed Piloting roll of the duel (C-3, D-12) with a Benny's reroll on either side (D-7):
    the actor rolls, the defender rolls; an actor that does not win rerolls (the better total,
    or a critical failure, stands); then a defender that no longer holds rerolls the same way.
    ``*_rerolls`` is 0 or 1 (one reroll per side and contest, as the engine spends them). The
    outcomes are those of :func:`gmkit.odds.savage.opposed`; the totals are summed until what is
    left out weighs less than :data:`~gmkit.odds.core.ERROR_BOUND` on each die (``error``).

    The actor wins with a total ``a`` (at least 4, above the defender's first ``y``) either at
    once or, having lost with any total, on a reroll showing ``a``: ``P(a) (1 + F(max(3, y)))``
    with ``F`` the chance of a total at most that and no critical failure. A rerolling defender
    ends at ``max(y, Y2)`` (or its critical failure), so each band of the actor's margin is a
    difference of ``F`` too: the sum is over pairs of totals only."""
    if attacker_rerolls not in (0, 1) or defender_rerolls not in (0, 1):
        raise ValueError("D-7: one reroll per side of a contest (0 or 1)")
    cut = ERROR_BOUND / 16
    xa, _, _, ea = _kept(attacker, attacker_mod, attacker_wild, cut)
    yd, cd, ctd, ed = _kept(defender, defender_mod, defender_wild, cut)
    fa, fd = _cumulative(xa), _cumulative(yd)
    bands = [Fraction(0)] * (max_raises + 1)  # the actor wins by 0-3, 4-7, ... (the last: more)

    def band(margin: int) -> int:
        return min(margin // 4, max_raises)

    for y, py, ycrit in [(y, p, False) for y, p in yd.items()] + [(ctd, cd, True)]:
        again = 1 + fa(max(3, y)) if attacker_rerolls else Fraction(1)
        for a, pa in xa.items():
            if a < 4 or a <= y:
                continue
            w = py * pa * again
            if ycrit or not defender_rerolls:
                bands[band(a - y)] += w
                continue
            bands[band(a - ctd)] += w * cd  # its reroll is a critical failure, which stands

            def le(t: int, y: int = y) -> Fraction:  # P(max(y, Y2) <= t, Y2 no critical failure)
                return fd(t) if t >= y else Fraction(0)

            bands[0] += w * (le(a - 1) - le(a - 4))
            for k in range(1, max_raises):
                bands[k] += w * (le(a - 4 * k) - le(a - 4 * k - 4))
            bands[max_raises] += w * le(a - 4 * max_raises)
    win = sum(bands, Fraction(0))
    outcomes: list[tuple[str, Fraction]] = [("defender", 1 - win), ("success", bands[0])]
    outcomes += [(f"raise_{k}", bands[k]) for k in range(1, max_raises)]
    outcomes.append((f"raise_{max_raises}+", bands[max_raises]))
    query = {"key": "dragons.odds.q.contest", "a": _die_text(attacker, attacker_mod),
             "d": _die_text(defender, defender_mod), "ra": attacker_rerolls, "rd": defender_rerolls}
    return Odds("opposed", query, tuple(outcomes), win, 4 * (ea + ed))


def _cumulative(pmf: dict[int, Fraction]) -> Any:
    """``t -> P(total <= t, not a critical failure)`` over ``pmf``, for any whole ``t``."""
    from bisect import bisect_right
    from itertools import accumulate

    keys = sorted(pmf)
    acc = [Fraction(0), *accumulate(pmf[k] for k in keys)]
    return lambda t: acc[bisect_right(keys, t)]


def add_commands(kinds: Any, savage: Any) -> None:
    """The dragon kinds of ``gmkit odds``: attack, contest."""
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
    q = kinds.add_parser("contest", help="a D contest of Piloting with Benny rerolls (D-12, D-7)")
    q.add_argument("attacker")
    q.add_argument("defender")
    q.add_argument("--mod", type=int, default=0, help="the actor's modifier")
    q.add_argument("--defender-mod", type=int, default=0, help="the defender's modifier")
    q.add_argument("--rerolls", type=int, default=0, choices=(0, 1), help="the actor's reroll")
    q.add_argument("--defender-rerolls", type=int, default=0, choices=(0, 1),
                   help="the defender's reroll")
    q.set_defaults(answer=lambda a: contest(a.attacker, a.defender, attacker_mod=a.mod,
                                            defender_mod=a.defender_mod,
                                            attacker_rerolls=a.rerolls,
                                            defender_rerolls=a.defender_rerolls))


def _attack_command(args: Any) -> Odds:
    die = None if args.die == "unskilled" else args.die
    return attack(die, args.damage, args.toughness, args.mod, not args.extra, args.tn,
                  actions=args.actions, wounds=args.wounds, already_shaken=args.shaken,
                  armour=args.armour, ap=args.ap, rerolls=args.rerolls, soak=args.soak)


def option_odds(duel: Any, name: str, option: Mapping[str, Any],
                actions: int = 1) -> tuple[float, float] | None:
    """(chance to hit, chance to wound) of one of :func:`.offers.attack_options`' options, as the
    order form and a brief show them: the die and damage from the dragon's sheet as the engine
    holds it, AP against the target's Armour (D-7), the modifier (range band and wounds) and TN from
    the option; the target's soak with a Benny left out, which the form says. None when the odds
    cannot answer: odds are a help, never a reason a form or a brief fails."""
    try:
        spec = duel.dragons[name]
        target = duel.dragons[option["target"]]
        found = spec.weapon(option["weapon"])
        if found is None:
            return None
        weapon = found[1]
        o = attack(option["die"] or "d4-2", weapon.damage, target.toughness,
                   modifier=option["modifier"], wild=spec.wild_card, tn=option["tn"],
                   actions=actions, already_shaken=bool(duel.state.dragons[option["target"]].shaken),
                   armour=target.armour, ap=weapon.ap)
    except Exception:
        return None
    hit = 1 - o.get("critical_failure") - o.get("miss")
    wound = sum((p for k, p in o.outcomes if k.startswith("wound")), start=0 * hit)
    return float(hit), float(wound)
