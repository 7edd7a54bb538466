"""Dice notation (C-1, C-3, C-6): expressions like ``2d6+3`` or ``(1d8!,1d6!)kh1``, tables of
equally likely values (``0.5-1-1.5``) and trait dice (``d12+1``), parsed to plain frozen data with
the limits that keep a typo or ``1000000d6`` from a live kernel."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..errors import DiceError

MAX_DICE = 1000
"""Most dice one expression may roll: protects a live kernel from ``1000000d6``."""

MAX_ACES = 100
"""Most aces one die may chain; a typed-in chain longer than this is refused."""

MAX_SIDES = 2**31 - 1
"""Most sides a die may have (a face must stay exact through the generator's float)."""

MAX_NUMBER = 10**9
"""Largest number an expression, a trait or a table may hold: a 400-digit modifier is a typo."""

MAX_EXPRESSION = 1000
"""Longest dice expression or table text, in characters."""

_DIGITS = frozenset("0123456789")

TRAIT_DICE = (4, 6, 8, 10, 12)

# --- expressions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``[count]d<sides>[!][kh|kl<keep>]`` with a sign."""

    sign: int
    count: int
    sides: int
    explode: bool = False
    keep: tuple[str, int] | None = None

    def __str__(self) -> str:
        s = f"{self.count if self.count != 1 else ''}d{self.sides}{'!' if self.explode else ''}"
        if self.keep:
            s += f"{self.keep[0]}{self.keep[1]}"
        return s


@dataclass(frozen=True, slots=True)
class Expression:
    """A parsed dice expression; ``str()`` gives its normal form."""

    dice: tuple[DiceTerm, ...]
    modifier: int

    def __str__(self) -> str:
        out = ""
        for t in self.dice:
            out += ("-" if t.sign < 0 else ("+" if out else "")) + str(t)
        if self.modifier or not out:
            out += f"{self.modifier:+d}" if out else str(self.modifier)
        return out


def parse(expr: str) -> Expression:
    """Parse ``2d6+1``, ``d8!``, ``4d6kh3``, ``d4-2`` into an :class:`Expression` (memoised: the
    same weapon's damage is parsed once per process, not once per hit).

    >>> str(parse(" 2D6 + 1"))
    '2d6+1'
    """
    if not isinstance(expr, str):
        raise DiceError(f"a dice expression must be text, got {type(expr).__name__}")
    if len(expr) > MAX_EXPRESSION:
        raise DiceError(f"a dice expression is at most {MAX_EXPRESSION} characters, got {len(expr)}")
    return _parse(expr)


def parse_with_text(expr: str) -> tuple[Expression, str]:
    """:func:`parse` and the expression's normal form (the roll's record names it), both memoised:
    a weapon's damage is written out once per process, not once per hit."""
    parse(expr)  # the same refusals, checked before the memo
    return _with_text(expr)


@lru_cache(maxsize=1024)
def _with_text(expr: str) -> tuple[Expression, str]:
    e = _parse(expr)
    return e, str(e)


@lru_cache(maxsize=1024)
def _parse(expr: str) -> Expression:
    """The parser behind :func:`parse`; a fault names its position.

    >>> parse("2d6+")
    Traceback (most recent call last):
    ...
    gmkit.errors.DiceError: expected a die or a number after '+' at position 4 in '2d6+'
      2d6+
          ^
    """
    s = expr.lower()
    n = len(s)
    i = 0
    terms: list[DiceTerm] = []
    modifier = 0
    total_dice = 0

    def skip() -> None:
        nonlocal i
        while i < n and s[i] in " \t":
            i += 1

    def number() -> int | None:
        nonlocal i
        start = i
        while i < n and s[i] in _DIGITS:  # ASCII digits only: str.isdigit() takes '²' too
            i += 1
        if i - start > len(str(MAX_NUMBER)) or (i > start and int(s[start:i]) > MAX_NUMBER):
            raise DiceError(f"a number in a dice expression is at most {MAX_NUMBER}", expr, start)
        return int(s[start:i]) if i > start else None

    skip()
    if i >= n:
        raise DiceError("empty dice expression", expr, 0)
    sign = 1
    if s[i] in "+-":
        sign = -1 if s[i] == "-" else 1
        i += 1
        skip()
    after = "start"
    while True:
        start = i
        count = number()
        if i < n and s[i] == "d":
            i += 1
            sides_at = i
            sides = number()
            if sides is None:
                raise DiceError("expected the number of sides after 'd'", expr, sides_at)
            if sides < 1:
                raise DiceError("a die needs at least 1 side", expr, sides_at)
            if sides > MAX_SIDES:
                raise DiceError(f"a die has at most {MAX_SIDES} sides", expr, sides_at)
            c = 1 if count is None else count
            if c < 1:
                raise DiceError("roll at least one die", expr, start)
            total_dice += c
            if total_dice > MAX_DICE:
                raise DiceError(f"more than {MAX_DICE} dice in one roll", expr, start)
            explode = False
            if i < n and s[i] == "!":
                if sides < 2:
                    raise DiceError("a d1 cannot ace: it would never stop", expr, i)
                explode = True
                i += 1
            keep = None
            if s.startswith(("kh", "kl"), i):
                kind = s[i : i + 2]
                i += 2
                k_at = i
                k = number()
                if k is None:
                    raise DiceError(f"expected how many dice to keep after '{kind}'", expr, k_at)
                if not 1 <= k <= c:
                    raise DiceError(f"cannot keep {k} of {c} dice", expr, k_at)
                keep = (kind, k)
            terms.append(DiceTerm(sign, c, sides, explode, keep))
        elif count is not None:
            modifier += sign * count
        else:
            got = repr(s[i]) if i < n else "the end"
            where = "at the start" if after == "start" else f"after {after!r}"
            raise DiceError(f"expected a die or a number {where}, got {got}"
                            if i < n else f"expected a die or a number {where}", expr, i)
        skip()
        if i >= n:
            break
        if s[i] not in "+-":
            raise DiceError(f"unexpected {s[i]!r}", expr, i)
        after = s[i]
        sign = -1 if s[i] == "-" else 1
        i += 1
        skip()
    return Expression(tuple(terms), modifier)


def parse_table(table: str | Sequence[float]) -> tuple[float, ...]:
    """Parse a C-6 list of equally likely values, ``0.5-1-1.5-2-2.5-3``.

    >>> parse_table("0.5-1-1.5")
    (0.5, 1.0, 1.5)
    >>> parse_table("1--2")
    Traceback (most recent call last):
    ...
    gmkit.errors.DiceError: C-6: expected a number at position 2 in '1--2'
      1--2
        ^
    """
    if not isinstance(table, str):
        return _table_values(table)
    if len(table) > MAX_EXPRESSION:
        raise DiceError(f"C-6: a table is at most {MAX_EXPRESSION} characters, got {len(table)}")
    text = table.strip()
    offset = len(table) - len(table.lstrip())
    if not text:
        raise DiceError("C-6: empty damage table", table, 0)
    values: list[float] = []
    pos = 0
    for chunk in text.split("-"):
        stripped = chunk.strip()
        at = offset + pos + (len(chunk) - len(chunk.lstrip()))
        try:
            if not stripped or stripped.startswith(("+", "-")):
                raise ValueError
            value = float(stripped.replace(",", "."))
            if not math.isfinite(value) or abs(value) > MAX_NUMBER:
                raise ValueError
        except ValueError:
            raise DiceError("C-6: expected a number", table, at) from None
        values.append(value)
        pos += len(chunk) + 1
    return tuple(values)


def _table_values(table: Any) -> tuple[float, ...]:
    """A C-6 table given as numbers: each a finite int or float, at most MAX_EXPRESSION of them."""
    if not isinstance(table, (list, tuple)):
        raise DiceError(f"C-6: a table is text like '1-2-3' or a list of numbers, got "
                        f"{type(table).__name__}")
    if not table:
        raise DiceError("C-6: a table needs at least one value")
    if len(table) > MAX_EXPRESSION:
        raise DiceError(f"C-6: a table has at most {MAX_EXPRESSION} values, got {len(table)}")
    out = []
    for v in table:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not abs(v) <= MAX_NUMBER:
            raise DiceError(f"C-6: a table's values are numbers up to {MAX_NUMBER}, got {v!r}")
        out.append(float(v))
    return tuple(out)


def parse_trait(die: int | str | None) -> tuple[int, int]:
    """A trait die as ``(sides, modifier)``: ``8``, ``"d8"``, ``"d12+1"``; None means unskilled d4-2."""
    if die is None or die == "unskilled":
        return 4, -2
    if isinstance(die, bool):
        raise DiceError(f"C-3: a trait die is d4, d6, d8, d10 or d12, got {die!r}")
    if isinstance(die, int):
        sides, mod = die, 0
    else:
        e = parse(die)
        if len(e.dice) != 1 or e.dice[0].count != 1 or e.dice[0].keep or e.dice[0].sign < 0:
            raise DiceError(f"C-3: a trait is one die with a modifier, like 'd8' or 'd12+1', got {die!r}")
        sides, mod = e.dice[0].sides, e.modifier
    if sides not in TRAIT_DICE:
        raise DiceError(f"C-3: a trait die is d4, d6, d8, d10 or d12, got d{sides}")
    return sides, mod
