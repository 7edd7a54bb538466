"""The pure F-rules: numbers in, numbers out, each citing its id in RULES.md.

Nothing here rolls a die or touches an encounter: the procedures (:mod:`gmkit.fantasy.procedures`)
roll through the encounter's :class:`~gmkit.dice.Dice` and ask these functions what the faces mean;
the odds (:mod:`gmkit.fantasy.odds`), the legal checks and the autopilot ask them for thresholds
and exact probabilities over the d18 (C-5). Each rule is written here once.

>>> hit_threshold(0), hit_threshold(15), hit_threshold(-1), hit_threshold(-3)
(17, 2, 18, None)
>>> hit_probability(8)
Fraction(5, 9)
>>> hit_probability(-2)
Fraction(1, 108)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar, cast

from .notation import (
    SPECIAL_KINDS,
    DamageSpec,
    LifeDice,
    SpecialAttack,
    parse_damage,
    parse_life,
    parse_special,
    special_name,
)

__all__ = [
    "D18", "AC_CANNOT_HIT", "AC_SECOND_ROLL", "SECOND_ROLL_FACE", "UNARMED", "CLUB", "UNARMOURED_AC",
    "hit_threshold", "needs_second_roll", "can_be_hit", "hits", "hit_probability", "hit_table",
    "unarmoured_ac", "damage_amount", "percent_damage", "table_mean", "damage_distribution",
    "SpecialAttack", "DamageSpec", "LifeDice", "SPECIAL_KINDS", "parse_special", "parse_damage",
    "parse_life", "special_name", "special_triggers", "special_probability",
    "protection_succeeds", "protection_probability",
    "striker_cap", "reward_for_kill", "levels_gained",
    "morale_flees", "morale_probability", "can_flee_by_morale",
    "hardest_escape", "escape_succeeds", "escape_probability",
    "roll_off_order",
]

Num = TypeVar("Num", float, Fraction)
"""Hit points and damage: floats in the engine, exact fractions in the odds."""

D18 = 18
"""C-5: the 1..18 roll."""

AC_CANNOT_HIT = -3
"""F-2: AC -3 and better (-4, -5) cannot be hit by a roll at all."""
AC_SECOND_ROLL = -2
"""F-2: AC -2 needs an 18 and then a 6 on a d6."""
SECOND_ROLL_FACE = 6

UNARMED = "0-1-2"
"""F-3: a character's damage without a weapon (plus Strength)."""
CLUB = "1-2"
"""F-3: a club's damage."""
UNARMOURED_AC = 8
"""F-2: AC without armour, before Dexterity and traits."""


# --- F-2: to hit ---------------------------------------------------------------------------------


def hit_threshold(ac: int, modifier: int = 0) -> int | None:
    """F-2: the natural d18 face needed to hit ``ac``, or None when it cannot be hit.

    ``modifier`` is the "easier to hit by N" (positive) or "harder to hit by N" (negative) bonus
    added to the roll, so it lowers or raises the face needed. The table gives 17 - AC for AC -1..15
    and "1, 0 and so on" above, which is the same line continued: anything from 1 hits at AC 16+.
    AC -2 needs 18 (this function's answer) *and then* a 6 on a d6 (:func:`needs_second_roll`).
    AC -3 and better cannot be hit whatever the modifier.

    >>> [hit_threshold(ac) for ac in (-5, -4, -3, -2, -1, 0, 8, 15, 16, 30)]
    [None, None, None, 18, 18, 17, 9, 2, 1, 1]
    >>> hit_threshold(5, modifier=2), hit_threshold(0, modifier=-2)
    (10, None)
    """
    if ac <= AC_CANNOT_HIT:
        return None
    base = 18 if ac == AC_SECOND_ROLL else 17 - ac
    need = base - modifier
    if need > D18:
        return None
    return max(1, need)


def needs_second_roll(ac: int) -> bool:
    """F-2: AC -2 needs a second roll (a 6 on d6) after the 18."""
    return ac == AC_SECOND_ROLL


def can_be_hit(ac: int, modifier: int = 0) -> bool:
    """F-2: whether any roll can hit ``ac`` (AC -3 and better: only magic gets through)."""
    return hit_threshold(ac, modifier) is not None


def hits(ac: int, natural: int, modifier: int = 0, second: int | None = None) -> bool:
    """F-2: does a natural d18 ``natural`` (and, at AC -2, a d6 ``second``) hit ``ac``?

    >>> hits(0, 17), hits(0, 16), hits(-2, 18, second=6), hits(-2, 18, second=5)
    (True, False, True, False)
    """
    if not 1 <= natural <= D18:
        raise ValueError(f"C-5: a d18 shows 1..18, got {natural}")
    need = hit_threshold(ac, modifier)
    if need is None or natural < need:
        return False
    if needs_second_roll(ac):
        if second is None:
            raise ValueError("F-2: AC -2 needs the second roll (a d6) to decide the hit")
        return second == SECOND_ROLL_FACE
    return True


def hit_probability(ac: int, modifier: int = 0) -> Fraction:
    """F-2, C-5: the exact chance to hit ``ac`` with one d18 (and the d6 at AC -2).

    >>> hit_probability(0), hit_probability(15), hit_probability(16), hit_probability(-3)
    (Fraction(1, 9), Fraction(17, 18), Fraction(1, 1), Fraction(0, 1))
    """
    need = hit_threshold(ac, modifier)
    if need is None:
        return Fraction(0)
    p = Fraction(D18 - need + 1, D18)
    if needs_second_roll(ac):
        p *= Fraction(1, 6)
    return p


def hit_table(low: int = -5, high: int = 16) -> dict[int, int | None]:
    """F-2: the original's table, AC -> natural face needed (None: cannot be hit)."""
    return {ac: hit_threshold(ac) for ac in range(low, high + 1)}


def unarmoured_ac(dexterity: int = 0, traits: int = 0) -> int:
    """F-2: AC without armour: 8 plus the effect of Dexterity and traits (negative is better)."""
    return UNARMOURED_AC + dexterity + traits


# --- F-3: damage ---------------------------------------------------------------------------------


def damage_amount(value: Num, modifier: Num | int = 0) -> Num:
    """F-3: a table value plus Strength (melee) or Constitution (ranged); never below 0.

    Exact with fractions (the odds), plain with floats (the engine).

    >>> damage_amount(1.5, 1), damage_amount(0, -1), damage_amount(Fraction(1, 2), 1)
    (2.5, 0, Fraction(3, 2))
    """
    out = value + modifier
    return out if out > 0 else cast(Num, 0)


def percent_damage(current_hp: Num, percent: Num) -> Num:
    """F-3: damage as a percentage of the target's *current* hit points (0 at 0).

    >>> percent_damage(12, 25), percent_damage(Fraction(10), Fraction(33))
    (3.0, Fraction(33, 10))
    """
    return current_hp * percent / 100 if current_hp > 0 else cast(Num, 0.0)


def damage_distribution(table: Sequence[float], modifier: float = 0) -> dict[float, Fraction]:
    """F-3, C-6: the exact chance of each damage amount from one table roll plus a modifier.

    Values that come out the same after the modifier (never below 0) are added together.

    >>> damage_distribution((0, 1, 2), -1)
    {0: Fraction(2, 3), 1: Fraction(1, 3)}
    """
    out: dict[float, Fraction] = {}
    share = Fraction(1, len(table))
    for v in table:
        amount = damage_amount(v, modifier)
        out[amount] = out.get(amount, Fraction(0)) + share
    return out


def table_mean(table: Sequence[float]) -> Fraction:
    """C-6: the mean of an equally likely table, exactly (for odds and autopilot choices)."""
    vals = [Fraction(v).limit_denominator(1000) for v in table]
    return sum(vals, Fraction(0)) / len(vals)


# --- F-4, F-5: special attacks and protection ------------------------------------------------------


def special_triggers(natural: int, trigger: int) -> bool:
    """F-4: after a hit, a d18 at or above the trigger makes the special attack happen instead.

    >>> special_triggers(16, 16), special_triggers(15, 16)
    (True, False)
    """
    return natural >= trigger


def special_probability(trigger: int) -> Fraction:
    """F-4: the chance that the trigger roll (d18) reaches ``trigger``."""
    return Fraction(max(0, D18 - max(1, trigger) + 1), D18)


def protection_succeeds(natural: int, wisdom: int, need: int | None) -> bool:
    """F-5: a protection roll: d18 plus the Wisdom modifier at or above the number given.

    ``need`` None means the notation gave no protection roll: the target cannot avoid it.

    >>> protection_succeeds(5, 1, 6), protection_succeeds(4, 1, 6), protection_succeeds(18, 5, None)
    (True, False, False)
    """
    if need is None:
        return False
    return natural + wisdom >= need


def protection_probability(need: int | None, wisdom: int = 0) -> Fraction:
    """F-5: the exact chance of a protection roll ``need`` with the given Wisdom modifier."""
    if need is None:
        return Fraction(0)
    faces = sum(1 for f in range(1, D18 + 1) if f + wisdom >= need)
    return Fraction(faces, D18)


# --- F-6: order of battle ----------------------------------------------------------------------------


def striker_cap(opponents: int) -> int:
    """F-6 Variant 1: the GM's cap, at most twice as many strikers as there are opponents."""
    return 2 * max(0, opponents)


def roll_off_order(rolls: Mapping[str, int]) -> list[list[str]]:
    """F-6 [decision]: sides ranked by their d6, highest first; each inner list is a tie to reroll.

    >>> roll_off_order({"a": 3, "b": 5, "c": 3})
    [['b'], ['a', 'c']]
    """
    by: dict[int, list[str]] = {}
    for side, face in rolls.items():
        by.setdefault(face, []).append(side)
    return [by[f] for f in sorted(by, reverse=True)]


# --- F-7: rewards ------------------------------------------------------------------------------------


def reward_for_kill(killer_kind: str, reward: int) -> int:
    """F-7: a player who kills an enemy gets its reward points; pets, companions, mounts get none.

    >>> reward_for_kill("player", 30), reward_for_kill("pet", 30), reward_for_kill("companion", 30)
    (30, 0, 0)
    """
    return reward if killer_kind == "player" else 0


def levels_gained(before: int, after: int, thresholds: Iterable[int]) -> int:
    """F-7: level thresholds crossed between ``before`` and ``after`` points (taken after the battle).

    >>> levels_gained(90, 130, [100, 120, 200])
    2
    """
    return sum(1 for t in thresholds if before < t <= after)


# --- F-9, F-10: flight ------------------------------------------------------------------------------


def can_flee_by_morale(morale: int | None) -> bool:
    """F-9: an enemy without morale (amoral) cannot flee."""
    return morale is not None


def morale_flees(natural: int, morale: int | None) -> bool:
    """F-9: an enemy flees on a d18 at or above its morale.

    >>> morale_flees(12, 12), morale_flees(11, 12), morale_flees(18, None)
    (True, False, False)
    """
    return morale is not None and natural >= morale


def morale_probability(morale: int | None) -> Fraction:
    """F-9: the exact chance to flee with the given morale."""
    if morale is None:
        return Fraction(0)
    return special_probability(morale)


def hardest_escape(escapes: Mapping[str, Sequence[int] | None]) -> tuple[str, tuple[int, ...]] | None:
    """F-10: of the enemies listing escape numbers, the one hardest to escape (fewest numbers).

    Enemies with no escape column (None) are left out; None when no enemy lists any, and the GM
    decides. Ties go to the first listed.

    >>> hardest_escape({"wolf": [1, 2, 3], "bear": [1], "slime": None})
    ('bear', (1,))
    """
    best: tuple[str, tuple[int, ...]] | None = None
    for name, numbers in escapes.items():
        if numbers is None:
            continue
        nums = tuple(sorted(set(numbers)))
        if best is None or len(nums) < len(best[1]):
            best = (name, nums)
    return best


def escape_succeeds(face: int, numbers: Sequence[int]) -> bool:
    """F-10: a player escapes when the d6 shows one of the escape numbers."""
    return face in numbers


def escape_probability(numbers: Sequence[int]) -> Fraction:
    """F-10: the exact chance to escape with these numbers on one d6."""
    return Fraction(len({n for n in numbers if 1 <= n <= 6}), 6)

