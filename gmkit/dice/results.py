"""What a roll leaves behind: every die with its chain of aces, the roll's record (C-1), the
Savage Worlds results (trait, opposed) and a pick from a table, and their text for a reader
(``describe``, words from the catalogue)."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, NamedTuple


class DieRoll(NamedTuple):
    """One die as rolled: its sides, every face of its chain of aces, whether it counted."""

    sides: int
    faces: tuple[int, ...]
    kept: bool = True
    label: str = ""

    @property
    def value(self) -> int:
        return sum(self.faces)


# The results below are NamedTuples, not frozen dataclasses: just as immutable, and a third of
# the cost to build (simulations build hundreds of thousands). The hottest paths (trait and
# damage rolls) build them with _new(Class, (every field,)), which skips the Python-level
# __new__ of a NamedTuple: 190 ns against 330 ns, measured.
_new = tuple.__new__


class Roll(NamedTuple):
    """The record of one roll: what, why, who, every die and the total (C-1)."""

    expr: str
    total: int | float
    dice: tuple[DieRoll, ...]
    purpose: str = ""
    actor: str = ""
    manual: bool = False
    """True when any face was typed in by hand (C-2)."""

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(f for d in self.dice for f in d.faces)

    def describe(self, lang: str | None = None) -> str:
        """The faces as a GM reads them: ``d8! [8+3] wild d6! [2] -> 11``.

        With ``lang`` the words (``wild``, ``dropped``, ``by hand``...) and the decimal mark are
        the catalogue's for that language; without it, the English record as the journal keeps it.

        >>> Roll("d8! wild", 7, (DieRoll(8, (7,)), DieRoll(6, (2,), False, "wild"))).describe("ru")
        'd8! дикий: d8[7] дикий d6[2] (не в счёт) = 7'
        """
        if lang is not None:
            return _describe_in(self, lang)
        parts = []
        for d in self.dice:
            chain = "+".join(str(f) for f in d.faces)
            label = f"{d.label} " if d.label else ""
            mark = "" if d.kept else " (dropped)"
            parts.append(f"{label}d{d.sides}[{chain}]{mark}")
        hand = " (by hand)" if self.manual else ""
        total = _num(self.total)
        return f"{self.expr}: {' '.join(parts)} = {total}{hand}"

    def __str__(self) -> str:
        return self.describe()

    def to_json(self) -> dict[str, Any]:
        return {
            "expr": self.expr,
            "total": self.total,
            "dice": [[d.sides, list(d.faces), d.kept, d.label] for d in self.dice],
            "purpose": self.purpose,
            "actor": self.actor,
            "manual": self.manual,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Roll:
        return cls(
            expr=data["expr"],
            total=data["total"],
            dice=tuple(DieRoll(s, tuple(f), k, lab) for s, f, k, lab in data["dice"]),
            purpose=data.get("purpose", ""),
            actor=data.get("actor", ""),
            manual=data.get("manual", False),
        )


class TraitResult(NamedTuple):
    """A Savage Worlds trait roll (C-3): the kept total against TN, raises, critical failure."""

    total: int
    tn: int
    success: bool
    raises: int
    critical_failure: bool
    roll: Roll

    @property
    def trait_faces(self) -> tuple[int, ...]:
        return self.roll.dice[0].faces

    @property
    def wild_faces(self) -> tuple[int, ...] | None:
        for d in self.roll.dice[1:]:
            if d.label == "wild":
                return d.faces
        return None

    def __str__(self) -> str:
        verdict = "critical failure" if self.critical_failure else (
            (f"success, {self.raises} raise(s)" if self.raises else "success") if self.success
            else "failure")
        return f"{self.roll.describe()} vs TN {self.tn}: {verdict}"

    def describe(self, lang: str) -> str:
        """The roll, the target number and the verdict in ``lang`` (``успех, 1 подъём``; a success
        without a raise is just ``успех``, not ``успех, 0 подъёмов``)."""
        from ..i18n import format_message

        if self.critical_failure:
            verdict = format_message("term.critical_failure", lang)
        elif self.success and not self.raises:
            verdict = format_message("term.success", lang)
        elif self.success:
            verdict = format_message("dice.trait.success", lang,
                                     raises={"key": "term.raises", "n": self.raises})
        else:
            verdict = format_message("term.failure", lang)
        return format_message("dice.trait.result", lang, roll=self.roll.describe(lang), tn=self.tn,
                              verdict=verdict)


class OpposedResult(NamedTuple):
    """An opposed roll (C-3): the actor wins only above the defender and at TN 4 or more."""

    attacker: TraitResult
    defender: TraitResult
    attacker_wins: bool
    raises: int
    """Full 4s by which the winner's total beats the loser's (0 when the defender holds)."""


class PickResult(NamedTuple):
    """A value picked from an equally likely list (C-6)."""

    value: float
    face: int
    table: tuple[float, ...]
    roll: Roll


def _num(x: float | int | Fraction) -> str:
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


_DECIMAL_POINT = re.compile(r"(?<=\d)\.(?=\d)")


def _describe_in(roll: Roll, lang: str) -> str:
    """:meth:`Roll.describe` in ``lang``: the dice words from the catalogue (``dice.word.*``)."""
    from ..i18n import MINUS, format_message, format_number

    def word(label: str) -> str:
        key = f"dice.word.{label}"
        from ..i18n import catalogue

        return format_message(key, lang) if key in catalogue() else label

    parts = []
    for d in roll.dice:
        chain = "+".join(str(f) for f in d.faces)
        label = f"{word(d.label)} " if d.label else ""
        mark = "" if d.kept else " " + format_message("dice.word.dropped", lang)
        parts.append(f"{label}d{d.sides}[{chain}]{mark}")
    hand = " " + format_message("dice.word.manual", lang) if roll.manual else ""
    expr = roll.expr
    if any(c == "." for c in expr):  # a table of values (0.5-1-1.5): the language's decimal mark
        from babel.numbers import get_decimal_symbol

        expr = _DECIMAL_POINT.sub(get_decimal_symbol(lang), expr)
    if expr.endswith(" wild"):
        expr = expr[:-5] + " " + word("wild")
    total = _num(roll.total) if isinstance(roll.total, int) else format_number(float(roll.total), lang)
    if lang == "ru":  # a negative total with the minus sign (Russian typography)
        total = total.replace("-", MINUS)
    return f"{expr}: {' '.join(parts)} = {total}{hand}"
