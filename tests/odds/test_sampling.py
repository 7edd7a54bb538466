"""Exact odds against seeded sampling with gmkit's own Dice: every figure within 3 standard errors.

The seeds are fixed, so these tests are deterministic; a wrong rule (say, the raise bonus forgotten)
moves a figure by far more than 3 SE at these sample sizes.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

import pytest

from gmkit import odds
from gmkit.dice import Dice
from gmkit.savage import damage_outcome

N = 20_000


def within_3se(o: odds.Odds, sample: Callable[[Dice], str], seed: int) -> None:
    d = Dice(seed, record=False)
    counts = Counter(sample(d) for _ in range(N))
    assert set(counts) <= set(o.keys()), set(counts) - set(o.keys())
    for k, p in o.outcomes:
        se = math.sqrt(float(p) * (1 - float(p)) / N) or 1 / N
        assert abs(counts[k] / N - float(p)) <= 3 * se, (o.query, k, counts[k] / N, float(p))


def rkey(raises: int, top: int) -> str:
    if raises >= top:
        return f"raise_{top}+"
    return "success" if raises == 0 else f"raise_{raises}"


def wkey(total: int, tough: int, shaken: bool, top: int) -> str:
    out = damage_outcome(total, tough, shaken)
    if not out.shaken:
        return "no_effect"
    if out.wounds == 0:
        return "shaken"
    return f"wound_{top}+" if out.wounds >= top else f"wound_{out.wounds}"


@pytest.mark.parametrize("die,mod,wild,tn", [(4, 0, True, 4), (8, 1, False, 4), (12, -2, True, 6),
                                             (6, 0, False, 4)])
def test_c3_trait_sampling(die: int, mod: int, wild: bool, tn: int) -> None:
    def one(d: Dice) -> str:
        r = d.trait(die, mod, wild, tn)
        if r.critical_failure:
            return "critical_failure"
        return rkey(r.raises, 3) if r.success else "failure"

    within_3se(odds.trait(die, mod, wild, tn), one, seed=die * 10 + tn)


def test_c3_opposed_sampling() -> None:
    def one(d: Dice) -> str:
        r = d.opposed(8, 6, attacker_wild=True, defender_wild=False)
        return rkey(r.raises, 3) if r.attacker_wins else "defender"

    within_3se(odds.opposed(8, 6, defender_wild=False), one, seed=11)


def test_c4_damage_sampling() -> None:
    within_3se(odds.damage("2d8", 8, True),
               lambda d: wkey(int(d.damage("2d8", raise_bonus=True).total), 8, False, 4), seed=12)


def test_d5_attack_sampling() -> None:
    def one(d: Dice) -> str:
        r = d.trait(8, 0, True, 4)
        if r.critical_failure:
            return "critical_failure"
        if not r.success:
            return "miss"
        return wkey(int(d.damage("2d6+1", raise_bonus=r.raises > 0).total), 7, False, 4)

    within_3se(odds.attack(8, "2d6+1", 7), one, seed=13)


def test_f2_f4_sampling() -> None:
    def one(d: Dice) -> str:
        if d.d18().total < 17 - 6:
            return "miss"
        if d.d18().total < 14:
            return "normal"
        return "avoided" if d.d18().total + 1 >= 10 else "effect"

    within_3se(odds.special(14, 10, 1, ac=6), one, seed=14)


def test_c6_pick_sampling() -> None:
    within_3se(odds.table("0.5-1-1.5-2-2.5-3"), lambda d: f"{d.pick('0.5-1-1.5-2-2.5-3').value:g}",
               seed=15)


def test_s3_s7_sampling() -> None:
    def one(d: Dice) -> str:
        if d.d(10).total < 6 or d.d(10).total < 6:
            return "miss"
        return str(int(d.roll("2d6").total) // 2)

    within_3se(odds.space_attack(6, "2d6", range2=True), one, seed=16)


def test_sampling_detects_a_wrong_rule() -> None:
    """The same check fails when the raise bonus is left out of the exact figures (C-4)."""
    with pytest.raises(AssertionError):
        within_3se(odds.damage("2d8", 8, False),
                   lambda d: wkey(int(d.damage("2d8", raise_bonus=True).total), 8, False, 4), seed=12)
