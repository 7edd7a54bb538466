"""Dice for all three rule sets: one seeded generator per encounter and a log of every roll (C-1).

A small package, one job a module: :mod:`.notation` parses dice expressions, tables and trait
dice; :mod:`.stream` is the seeded stream and its replay tape, with the plain rolls; :mod:`.savage`
adds the Savage Worlds rolls and is where :class:`Dice` lives; :mod:`.results` holds what a roll
leaves behind and its text. Every name is importable from ``gmkit.dice`` as before.

>>> d = Dice(seed=3)
>>> r = d.roll("2d6+1")
>>> r.total == sum(r.faces) + 1
True
>>> d.trait(8).tn
4
"""

from __future__ import annotations

from .notation import (
    MAX_ACES,
    MAX_DICE,
    MAX_EXPRESSION,
    MAX_NUMBER,
    MAX_SIDES,
    TRAIT_DICE,
    DiceTerm,
    Expression,
    parse,
    parse_table,
    parse_trait,
)
from .results import DieRoll, OpposedResult, PickResult, Roll, TraitResult
from .savage import _TRAIT_EXPR, Dice, multi_action_penalty
from .stream import Stream

__all__ = [
    "Dice",
    "Stream",
    "DieRoll",
    "Roll",
    "TraitResult",
    "OpposedResult",
    "PickResult",
    "DiceTerm",
    "Expression",
    "parse",
    "parse_table",
    "parse_trait",
    "roll",
    "multi_action_penalty",
    "TRAIT_DICE",
    "_TRAIT_EXPR",
    "MAX_DICE",
    "MAX_ACES",
    "MAX_SIDES",
    "MAX_NUMBER",
    "MAX_EXPRESSION",
]


def roll(expr: str, seed: int | None = None) -> Roll:
    """The short face: ``gmkit.dice.roll("2d6+3")``. Pass a seed for a repeatable roll."""
    return (Dice(seed) if seed is not None else Dice()).roll(expr)
