"""The bounds of a fantasy sheet's numbers and the checks of its notations (issue 14): what the
scenario models validate a field against, kept apart from the models themselves."""

from __future__ import annotations

from typing import Any

from ..errors import DiceError, FieldProblem, given, rule_of
from .notation import parse_damage

__all__ = ["AC_BEST", "AC_MAX", "MAX_MODIFIER", "MAX_DAMAGE_MODIFIER", "MAX_POINTS", "MAX_LEVEL", "MAX_COUNT",
           "modifier_bounds", "check_damage", "check_table", "within"]

# Every number of a sheet is bounded (issue 14): by the rules where they set a range, otherwise
# [gmkit bound] far past anything a forum sheet gives, so that a typo (an AC of 10^30) is refused.
AC_BEST = -5
"""F-2: "armour class takes values from -5 (the best AC) to 15 (and, in theory, higher)"."""
AC_MAX = 100
"""[gmkit bound] AC 16 and above all mean "always hit" (F-2); 100 is far past any sheet."""
MAX_MODIFIER = 18
"""A modifier of a d18 roll (to hit, "easier to hit", Wisdom, Dexterity's share of AC): at most
the d18's own 18 either way; past 17 the roll is decided anyway."""
MAX_DAMAGE_MODIFIER = 100
"""[gmkit bound] Strength or Constitution added to a damage table's value (F-3)."""
MAX_POINTS = 10**9
"""[gmkit bound] reward points (F-7), given or needed for a level."""
MAX_LEVEL = 1000
"""[gmkit bound] a player's level (F-7)."""
MAX_COUNT = 1000
"""[gmkit bound] turns, uses, out-of-turn strikes and strikers a sheet or option counts: a
fight is tens of turns."""


def modifier_bounds(limit: int) -> dict[str, Any]:
    """A modifier's default and bounds: 0, within -limit..limit."""
    return {"default": 0, "ge": -limit, "le": limit}


def check_damage(v: str | None) -> str | None:
    if v is None:
        return v
    try:
        parse_damage(v)
    except DiceError as e:
        raise FieldProblem("fantasy.scenario.damage", english=str(e), rule=rule_of(str(e)),
                           got=given(v)) from None
    return v


def check_table(v: str | None) -> str | None:
    if v is None:
        return v
    try:
        spec = parse_damage(v)
    except DiceError as e:
        raise FieldProblem("fantasy.scenario.table", english=str(e), rule=rule_of(str(e)),
                           got=given(v)) from None
    if spec.percent is not None:
        raise FieldProblem("fantasy.scenario.table_only", got=given(v))
    return v


def within(low: int, high: int) -> Any:
    """For the schema: the bounds a validator below checks (an integer, or a list's items)."""

    def adjust(s: dict[str, Any]) -> None:
        for branch in s.get("anyOf", [s]):
            target = branch.get("items", branch) if branch.get("type") == "array" else branch
            if target.get("type") == "integer":
                target.update(minimum=low, maximum=high)

    return adjust
