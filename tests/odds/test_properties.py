"""Properties over many arguments (hypothesis): every answer is a distribution, and it moves the
right way when a modifier, a TN or a Toughness changes (C-3, C-4, F-2, S-7)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from gmkit import odds

DICE = st.sampled_from([4, 6, 8, 10, 12])
SETTINGS = settings(max_examples=60, deadline=None)


@SETTINGS
@given(DICE, st.integers(-6, 6), st.booleans(), st.integers(-2, 14))
def test_c3_trait_is_a_distribution_and_a_bonus_helps(die: int, mod: int, wild: bool, tn: int) -> None:
    o = odds.trait(die, mod, wild, tn)
    assert sum(o.probabilities.values()) == 1
    assert all(p >= 0 for p in o.probabilities.values())
    assert odds.trait(die, mod + 1, wild, tn).chance >= o.chance
    assert odds.trait(die, mod, wild, tn + 1).chance <= o.chance
    if wild:
        assert o.chance >= odds.trait(die, mod, False, tn).chance - Fraction(1, 6 * die)


@SETTINGS
@given(DICE, DICE, st.integers(-3, 3), st.booleans(), st.booleans())
def test_c3_opposed_is_a_distribution(a: int, d: int, mod: int, aw: bool, dw: bool) -> None:
    o = odds.opposed(a, d, attacker_mod=mod, attacker_wild=aw, defender_wild=dw)
    assert abs(sum(o.probabilities.values()) - 1) <= Fraction(1, 10**15)
    assert o.error < Fraction(1, 10**12)
    assert odds.opposed(a, d, attacker_mod=mod + 2, attacker_wild=aw, defender_wild=dw).chance >= o.chance


@SETTINGS
@given(st.integers(1, 3), DICE, st.integers(0, 4), st.integers(2, 16), st.booleans())
def test_c4_damage_is_a_distribution_and_toughness_helps(n: int, s: int, plus: int, tough: int,
                                                         bonus: bool) -> None:
    expr = f"{n}d{s}+{plus}"
    o = odds.damage(expr, tough, bonus)
    assert sum(o.probabilities.values()) == 1 and o.error == 0
    assert odds.damage(expr, tough + 1, bonus).chance <= o.chance


@SETTINGS
@given(st.integers(-6, 22), st.integers(-20, 20))
def test_f2_better_armour_never_helps_the_attacker(ac: int, mod: int) -> None:
    """F-2: a lower AC is better armour (-5 the best)."""
    assert odds.d18_hit(ac - 1, mod).chance <= odds.d18_hit(ac, mod).chance
    assert odds.d18_hit(ac, mod + 1).chance >= odds.d18_hit(ac, mod).chance or ac <= -3


@SETTINGS
@given(st.integers(-1, 12), st.booleans(), st.booleans())
def test_s7_hit_is_a_probability(defence: int, range2: bool, confirm: bool) -> None:
    p = odds.space_hit(defence, range2, confirm).chance
    assert 0 <= p <= 1
    assert odds.space_hit(defence + 1, range2, confirm).chance <= p
