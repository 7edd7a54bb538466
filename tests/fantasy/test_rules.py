"""Pure F-rules: the AC table, exact d18 probabilities, damage, protection, rewards, flight."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from gmkit.fantasy import rules

# F-2: the original's table, AC -> what the d18 must show (None: cannot be hit)
AC_TABLE = {-5: None, -4: None, -3: None, -2: 18, -1: 18, 0: 17, 1: 16, 2: 15, 3: 14, 4: 13, 5: 12,
            6: 11, 7: 10, 8: 9, 9: 8, 10: 7, 11: 6, 12: 5, 13: 4, 14: 3, 15: 2, 16: 1}


def _d18_faces() -> list[int]:
    """C-5: every equally likely outcome of d6 + (0, 6, 12)."""
    return [six + extra for six, extra in product(range(1, 7), (0, 6, 12))]


@pytest.mark.parametrize("ac,need", sorted(AC_TABLE.items()))
def test_f2_whole_ac_table(ac: int, need: int | None) -> None:
    """F-2: every row of the original's table from AC -5 to 16."""
    assert rules.hit_threshold(ac) == need
    assert rules.hit_table()[ac] == need


def test_f2_named_rows() -> None:
    """F-2: AC 0 needs 17, AC 15 needs 2, AC -1 needs 18, AC -2 needs 18 then a 6, AC -3 impossible."""
    assert rules.hit_threshold(0) == 17
    assert rules.hit_threshold(15) == 2
    assert rules.hit_threshold(-1) == 18
    assert rules.hit_threshold(-2) == 18 and rules.needs_second_roll(-2)
    assert not rules.needs_second_roll(-1)
    assert rules.hit_threshold(-3) is None and not rules.can_be_hit(-3)


def test_f2_ac_16_and_above_always_hit() -> None:
    """F-2: 16 and above: 1, 0 and so on: any roll hits."""
    for ac in range(16, 40):
        assert all(rules.hits(ac, f) for f in range(1, 19))
        assert rules.hit_probability(ac) == 1


def test_f2_ac_minus_2_second_roll() -> None:
    """F-2: AC -2: 18 on the d18 and then 6 on a d6; anything else misses."""
    assert rules.hits(-2, 18, second=6)
    for second in range(1, 6):
        assert not rules.hits(-2, 18, second=second)
    assert not rules.hits(-2, 17, second=6)
    with pytest.raises(ValueError, match="F-2"):
        rules.hits(-2, 18)


def _hits_by_the_table(ac: int, natural: int, modifier: int, second: int) -> bool:
    """F-2 written out again: AC -3 and better never; AC -2 a roll of 18 then a 6 on the d6;
    AC -1 a roll of 18; AC 0..15 a roll of 17 - AC; AC 16+ the same line (any roll); the
    modifier is added to the roll."""
    if ac <= -3:
        return False
    need = 18 if ac in (-2, -1) else 17 - ac
    return natural + modifier >= need and (ac != -2 or second == 6)


@pytest.mark.parametrize("ac", range(-5, 20))
@pytest.mark.parametrize("modifier", [-4, -1, 0, 2, 5])
def test_f2_c5_exact_probability_by_enumeration(ac: int, modifier: int) -> None:
    """F-2, C-5: ``hits`` face by face and ``hit_probability`` against the table written out in
    this test, counted over all 18 d18 outcomes and the six faces of AC -2's d6."""
    faces = _d18_faces()
    assert sorted(faces) == list(range(1, 19))
    wins = 0
    for f in faces:
        for s in range(1, 7):
            want = _hits_by_the_table(ac, f, modifier, s)
            wins += want
            if rules.needs_second_roll(ac):
                assert rules.hits(ac, f, modifier, s) == want, (ac, f, modifier, s)
            else:
                assert rules.hits(ac, f, modifier) == want, (ac, f, modifier)
    assert rules.hit_probability(ac, modifier) == Fraction(wins, 18 * 6)


def test_f2_exact_named_probabilities() -> None:
    """F-2: exact fractions: AC 0 is 2/18, AC 8 is 10/18, AC -2 is 1/108, AC -3 is 0."""
    assert rules.hit_probability(0) == Fraction(2, 18)
    assert rules.hit_probability(8) == Fraction(10, 18)
    assert rules.hit_probability(15) == Fraction(17, 18)
    assert rules.hit_probability(-1) == Fraction(1, 18)
    assert rules.hit_probability(-2) == Fraction(1, 108)
    assert rules.hit_probability(-3) == 0
    assert isinstance(rules.hit_probability(5), Fraction)


def test_f2_easier_and_harder_to_hit() -> None:
    """F-2: "easier to hit by N" lowers the face needed, "harder" raises it, up to impossible."""
    assert rules.hit_threshold(5, 2) == 10
    assert rules.hit_threshold(5, -2) == 14
    assert rules.hit_threshold(0, -1) == 18
    assert rules.hit_threshold(0, -2) is None  # would need 19
    assert rules.hit_threshold(0, 1) == 16
    assert rules.hit_threshold(-2, 1) == 17 and rules.needs_second_roll(-2)
    assert rules.hit_threshold(-3, 10) is None  # magic only, whatever the bonus
    assert rules.hit_threshold(14, 5) == 1
    assert rules.hit_threshold(20, -6) == 3  # AC 16+ with a penalty: the table continued


def test_f2_unarmoured_ac() -> None:
    """F-2: unarmoured AC is 8 plus Dexterity and traits."""
    assert rules.unarmoured_ac() == 8
    assert rules.unarmoured_ac(-1, -1) == 6


def test_f3_damage_modifiers_and_percent() -> None:
    """F-3: Strength/Constitution add to damage, never below 0; percentages of current hit points."""
    assert rules.damage_amount(1.5, 1) == 2.5
    assert rules.damage_amount(0.5, -1) == 0
    assert rules.percent_damage(12, 25) == 3
    assert rules.percent_damage(7, 50) == 3.5
    assert rules.percent_damage(0, 50) == 0
    assert rules.UNARMED == "0-1-2" and rules.CLUB == "1-2"
    assert rules.table_mean((0.5, 1, 1.5, 2, 2.5, 3)) == Fraction(7, 4)


def test_f4_trigger_at_or_above() -> None:
    """F-4: the special attack happens at or above the trigger, never below."""
    assert rules.special_triggers(16, 16) and rules.special_triggers(18, 16)
    assert not rules.special_triggers(15, 16)
    assert rules.special_probability(16) == Fraction(3, 18)
    assert rules.special_probability(1) == 1


def test_f5_protection_roll() -> None:
    """F-5: d18 + Wisdom >= the number; exact chances; no PR given: no protection."""
    assert rules.protection_succeeds(6, 0, 6)
    assert not rules.protection_succeeds(5, 0, 6)
    assert rules.protection_succeeds(4, 2, 6)
    assert not rules.protection_succeeds(18, 5, None)
    assert rules.protection_probability(6) == Fraction(13, 18)
    assert rules.protection_probability(6, 2) == Fraction(15, 18)
    assert rules.protection_probability(20, 1) == 0
    assert rules.protection_probability(None) == 0


def test_f6_cap_and_roll_off() -> None:
    """F-6: the GM's cap is twice the opponents; roll-offs rank highest first and group ties."""
    assert rules.striker_cap(3) == 6
    assert rules.striker_cap(0) == 0
    assert rules.roll_off_order({"a": 2, "b": 6, "c": 2, "d": 1}) == [["b"], ["a", "c"], ["d"]]


def test_f7_rewards_and_levels() -> None:
    """F-7: only players earn reward points; thresholds crossed are counted for after the battle."""
    assert rules.reward_for_kill("player", 30) == 30
    for kind in ("pet", "companion", "mount", "monster"):
        assert rules.reward_for_kill(kind, 30) == 0
    assert rules.levels_gained(90, 130, [100, 120, 200]) == 2
    assert rules.levels_gained(100, 110, [100]) == 0


def test_f9_morale() -> None:
    """F-9: flee on d18 >= morale; without morale never."""
    assert rules.morale_flees(12, 12) and not rules.morale_flees(11, 12)
    assert not rules.morale_flees(18, None) and not rules.can_flee_by_morale(None)
    assert rules.morale_probability(12) == Fraction(7, 18)
    assert rules.morale_probability(None) == 0


def test_f10_hardest_escape_is_fewest_numbers() -> None:
    """F-10: the enemy with the fewest escape numbers decides; no column: the GM decides."""
    assert rules.hardest_escape({"wolf": [1, 2, 3, 4], "leader": [1, 2], "bat": None}) == ("leader", (1, 2))
    assert rules.hardest_escape({"a": None}) is None
    assert rules.hardest_escape({"a": [1, 2], "b": []}) == ("b", ())
    assert rules.escape_succeeds(2, (1, 2)) and not rules.escape_succeeds(3, (1, 2))
    assert rules.escape_probability((1, 2)) == Fraction(1, 3)


def test_doctests_of_the_f_modules() -> None:
    """The examples in the docstrings of rules, notation and the engine hold."""
    import doctest

    from gmkit.fantasy import engine, notation

    for module in (rules, notation, engine):
        result = doctest.testmod(module)
        assert result.failed == 0, module.__name__
        assert result.attempted > 0


def test_f3_damage_distribution_exact() -> None:
    """F-3, C-6: each table value is equally likely; Strength shifts, floors at 0."""
    dist = rules.damage_distribution((0.5, 1, 1.5, 2, 2.5, 3), 1)
    assert dist == {1.5: Fraction(1, 6), 2: Fraction(1, 6), 2.5: Fraction(1, 6), 3: Fraction(1, 6),
                    3.5: Fraction(1, 6), 4: Fraction(1, 6)}
    assert rules.damage_distribution((0, 1, 2), -1) == {0: Fraction(2, 3), 1: Fraction(1, 3)}
    assert sum(rules.damage_distribution((1, 2, 2)).values()) == 1
