"""F rules against the digest written out again in this test, over whole grids (the mutants
``make mutate`` found surviving in gmkit/fantasy/rules.py, each killed here)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmkit.fantasy import rules

D18 = [a + b for a in range(1, 7) for b in (0, 6, 12)]  # C-5: a d6 plus a 0/6/12 die


def test_f2_the_table_from_ac_minus_5_to_16() -> None:
    """F-2 as the original prints it: -5..-3 cannot be hit; -2 and -1 need 18 (-2 then a 6);
    0..15 need 17 - AC; 16 and above any roll."""
    want = {ac: None if ac <= -3 else 18 if ac < 0 else max(1, 17 - ac) for ac in range(-5, 17)}
    assert rules.hit_table() == want
    assert rules.hit_table(0, 2) == {0: 17, 1: 16, 2: 15}


def test_c5_f2_refusals_name_their_rule() -> None:
    with pytest.raises(ValueError, match=r"^C-5: a d18 shows 1\.\.18, got 19$"):
        rules.hits(0, 19)
    with pytest.raises(ValueError, match=r"^C-5: a d18 shows 1\.\.18, got 0$"):
        rules.hits(0, 0)
    with pytest.raises(ValueError, match=r"^F-2: AC -2 needs the second roll \(a d6\) to decide the hit$"):
        rules.hits(-2, 18)


@pytest.mark.parametrize("hp, percent, want", [(12, 25, 3), (Fraction(10), 33, Fraction(33, 10)), (0, 50, 0),
                                               (-4, 50, 0), (1, 100, 1)])
def test_f3_percent_of_current_hit_points_never_negative(hp, percent, want) -> None:
    """F-3: a percentage of the target's current hit points; nothing at 0 or below."""
    got = rules.percent_damage(hp, percent)
    assert got == want and got >= 0


def test_f5_protection_by_counting_faces() -> None:
    """F-5: d18 + Wisdom >= the number given, counted over the 18 faces, for every number and
    Wisdom from -3 to +3 (and no number: no protection)."""
    for need in range(-3, 24):
        for wisdom in range(-3, 4):
            want = Fraction(sum(1 for f in D18 if f + wisdom >= need), 18)
            assert rules.protection_probability(need, wisdom) == want, (need, wisdom)
            for f in range(1, 19):
                assert rules.protection_succeeds(f, wisdom, need) == (f + wisdom >= need)
    assert rules.protection_probability(None, 3) == 0


@pytest.mark.parametrize("table, want", [((0.5, 1, 1.5, 2, 2.5, 3), Fraction(7, 4)),
                                         ((0, 1, 2), Fraction(1)), ((1, 2), Fraction(3, 2))])
def test_c6_table_mean(table, want) -> None:
    assert rules.table_mean(table) == want


def test_f3_damage_distribution_without_a_modifier_is_the_table() -> None:
    """F-3, C-6: one roll of ``1-2-2``: 1 a third, 2 two thirds (no modifier unless given)."""
    assert rules.damage_distribution((1, 2, 2)) == {1: Fraction(1, 3), 2: Fraction(2, 3)}
    assert rules.damage_distribution((0, 1), -1) == {0: Fraction(1)}


def test_f10_hardest_escape_skips_the_unlisted_and_keeps_the_first_of_a_tie() -> None:
    """F-10: the enemy with the fewest escape numbers; an enemy without a column is passed over
    (not the end of the list); of two with as few, the first listed."""
    assert rules.hardest_escape({"slime": None, "wolf": [1, 2, 3], "bear": [4]}) == ("bear", (4,))
    assert rules.hardest_escape({"bear": [2, 1], "wolf": [5, 6]}) == ("bear", (1, 2))
    assert rules.hardest_escape({"slime": None}) is None


def test_f3_damage_amount_is_the_value_plus_the_modifier_never_below_zero() -> None:
    """F-3: a table value plus Strength or Constitution (none unless given), never below 0."""
    assert rules.damage_amount(2) == 2 and rules.damage_amount(Fraction(1, 2)) == Fraction(1, 2)
    assert rules.damage_amount(1.5, 1) == 2.5 and rules.damage_amount(1, -3) == 0
    assert rules.damage_amount(Fraction(1, 2), -1) == 0


def test_f2_can_be_hit_counts_the_modifier() -> None:
    """F-2: AC 0 needs 17: "harder to hit by 2" leaves no roll; AC -1 needs 18, so -1 does too."""
    assert rules.can_be_hit(0) and not rules.can_be_hit(0, -2) and rules.can_be_hit(0, -1)
    assert rules.can_be_hit(-1) and not rules.can_be_hit(-1, -1) and not rules.can_be_hit(-3, 10)


@pytest.mark.parametrize("before, after, want", [
    (90, 130, 2), (90, 100, 1), (99, 100, 1), (100, 110, 0), (100, 120, 1), (90, 99, 0),
    (0, 200, 3), (120, 120, 0)])
def test_f7_a_threshold_reached_counts(before: int, after: int, want: int) -> None:
    """F-7: thresholds 100, 120, 200: one level for each threshold above the points before the
    battle and reached (equalled or passed) by the points after it."""
    assert rules.levels_gained(before, after, [100, 120, 200]) == want
