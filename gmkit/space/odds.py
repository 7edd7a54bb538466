"""Space battle odds (S-3, S-7, S-8): the d10 against a defence, range 2 and halved damage.

All finite, so all exact.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, Sequence

from ..dice import parse
from ..errors import DiceError
from ..odds.core import Dist, Odds, q

__all__ = ["d10_ge", "space_hit", "space_attack", "halve", "break_free", "escape_cells"]


def d10_ge(defence: int) -> Fraction:
    """S-7: P(d10 >= defence)."""
    return Fraction(min(10, max(0, 11 - defence)), 10)


def halve(x: int, times: int = 1) -> int:
    """S-3, S-8: half damage, rounded down [decision], once per halving."""
    for _ in range(times):
        x //= 2
    return x


@lru_cache(maxsize=1024)
def space_hit(defence: int, range2: bool = False, confirm: bool = True) -> Odds:
    """S-7, S-3: a d10 at or above ``defence``; across one cell (``range2``) the hit must then be
    confirmed by a d10 of 6+ (the default rule option; ``confirm=False`` turns it off).

    >>> space_hit(7).chance, space_hit(7, range2=True).chance
    (Fraction(2, 5), Fraction(1, 5))
    """
    p = d10_ge(defence)
    if range2 and confirm:
        p *= Fraction(1, 2)
    key = ("space_hit_far" if confirm else "space_hit_far_noconfirm") if range2 else "space_hit"
    return Odds("space", q(key, defence=defence), (("hit", p), ("miss", 1 - p)), p)


Damage = int | str | tuple[int, ...]


def _damage_dist(damage: Damage) -> Dist:
    if isinstance(damage, int):
        return Dist.constant(damage)
    if isinstance(damage, tuple):  # C-6: equally likely values
        lo = min(damage)
        weights = [0] * (max(damage) - lo + 1)
        for v in damage:
            weights[v - lo] += 1
        return Dist(lo, tuple(weights), len(damage))
    e = parse(damage)
    dist = Dist.constant(e.modifier)
    for t in e.dice:
        if t.sign < 0 or t.keep or t.explode:
            raise DiceError(f"S-8: ship damage is a sum of plain dice and a number, got {damage!r}")
        for _ in range(t.count):
            dist = dist.add(Dist.die(t.sides))
    return dist


def space_attack(defence: int, damage: int | str | Sequence[int], range2: bool = False,
                 confirm: bool = True, *, halvings: int = 0, plating: bool = False) -> Odds:
    """One S attack at the whole ship: the hit (S-7, S-3), then its damage (S-8).

    Damage is the attacker's own (``"2d6"``, ``"d10+2"``, a number, or a list of equally likely
    values as C-6 has them), halved (rounded down) once
    for range 2 (S-3) and once per other ``halvings`` (disabled targeting S-8, firing while held by
    a tractor beam S-13), then +2 if the target's hull plating is disabled (S-8). Outcomes: ``miss``
    then each damage value; ``chance`` is the hit chance.
    """
    if not isinstance(damage, (int, str)):
        values = tuple(damage)
        if not values or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            raise DiceError(f"S-8: a damage list holds whole numbers, got {damage!r}")
        damage = values
    return _space_attack(defence, damage, range2, confirm, halvings, plating)


@lru_cache(maxsize=1024)
def _space_attack(defence: int, damage: Damage, range2: bool, confirm: bool, halvings: int,
                  plating: bool) -> Odds:
    hit = space_hit(defence, range2, confirm).chance
    times = halvings + (1 if range2 else 0)
    values: dict[int, Fraction] = {}
    for v, p in _damage_dist(damage).pmf():
        dmg = max(0, halve(v, times)) + (2 if plating else 0)
        values[dmg] = values.get(dmg, Fraction(0)) + p
    outcomes = (("miss", 1 - hit),) + tuple((str(v), hit * p) for v, p in sorted(values.items()))
    labels = tuple((str(v), str(v)) for v in sorted(values))
    shown = "-".join(map(str, damage)) if isinstance(damage, tuple) else str(damage)
    question = q("space_attack", hit=space_hit(defence, range2, confirm).question, damage=shown,
                 halved=times, plating="+2" if plating else "0")
    return Odds("space", question, outcomes, hit, labels=labels)


@lru_cache(maxsize=256)
def break_free(holder: int = 10, held: int = 6) -> Odds:
    """S-13: a held ship breaks free when its d``held`` beats the holder's d``holder``; ties reroll
    [decision], so ``P = P(held > holder) / (1 - P(tie))``.

    >>> break_free().chance
    Fraction(5, 18)
    """
    wins = sum(1 for a in range(1, holder + 1) for b in range(1, held + 1) if b > a)
    ties = min(holder, held)
    p = Fraction(wins, holder * held - ties)
    return Odds("space", q("break_free", held=held, holder=holder), (("free", p), ("held", 1 - p)), p)


@lru_cache(maxsize=64)
def escape_cells() -> Odds:
    """S-11: cells a fleeing ship may move, the sum of two d4 (it may always move fewer)."""
    dist = Dist.die(4).add(Dist.die(4))
    outcomes = tuple((str(v), p) for v, p in dist.pmf())
    mean = sum((v * p for v, p in dist.pmf()), Fraction(0))
    return Odds("space", q("escape_cells", mean=f"{float(mean):g}"), outcomes, Fraction(1),
                labels=tuple((k, k) for k, _ in outcomes))


def add_commands(kinds: Any, savage: Any) -> None:
    """The space kinds of ``gmkit odds``: space (S-3, S-7, S-8) and break-free (S-13)."""
    q = kinds.add_parser("space", help="d10 against a defence (S-3, S-7, S-8)")
    q.add_argument("--defence", type=int, required=True)
    q.add_argument("--range2", action="store_true", help="across one cell: confirm and half damage")
    q.add_argument("--no-confirm", action="store_true", help="rule option: no 6+ confirmation")
    q.add_argument("--damage", default=None, help='attacker damage, "2d6" or a number')
    q.add_argument("--halvings", type=int, default=0, help="other halvings (targeting, tractor)")
    q.add_argument("--plating", action="store_true", help="target's hull plating is disabled")
    q.set_defaults(answer=_space_command)
    q = kinds.add_parser("break-free", help="break a tractor hold: held d6 vs holder d10 (S-13)")
    q.add_argument("--holder", type=int, default=10)
    q.add_argument("--held", type=int, default=6)
    q.set_defaults(answer=lambda a: break_free(a.holder, a.held))


def _space_command(args: Any) -> Odds:
    if args.damage is not None:
        dmg: int | str = int(args.damage) if args.damage.isdigit() else args.damage
        return space_attack(args.defence, dmg, args.range2, not args.no_confirm,
                            halvings=args.halvings, plating=args.plating)
    return space_hit(args.defence, args.range2, not args.no_confirm)
