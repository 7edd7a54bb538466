"""The short notations of rule set F, parsed with the position of any fault.

A GM copies a monster's line from a forum post: ``яд16ПБ6``, ``0.5-1-1.5-2-2.5-3``, ``2ЖК+3``. Each
parser here takes that text and returns a small value, or raises :class:`~gmkit.errors.DiceError`
naming the rule and pointing at the character where the text goes wrong.

>>> parse_special("яд16ПБ6")
SpecialAttack(kind='poison', trigger=16, protection=6, text='яд16ПБ6')
>>> parse_special("poison16PR6").kind
'poison'
>>> parse_life("2ЖК+3")
LifeDice(count=2, modifier=3)
>>> parse_damage("25%").percent
25.0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..dice import parse_table
from ..errors import DiceError

__all__ = ["SpecialAttack", "DamageSpec", "LifeDice", "SPECIAL_KINDS", "MAX_PROTECTION", "MAX_HP",
           "parse_special",
           "parse_damage", "parse_life", "special_name", "plain_number", "table_text"]

SPECIAL_KINDS: dict[str, str] = {
    "яд": "poison", "poison": "poison",
    "газ": "gas", "gas": "gas",
    "огонь": "fire", "fire": "fire",
    "огненныйдух": "fire_spirit", "firespirit": "fire_spirit", "fire_spirit": "fire_spirit",
    "окаменение": "petrification", "petrification": "petrification",
    "паралич": "paralysis", "paralysis": "paralysis",
}
"""F-4: the kinds of special attack the original names, in Russian and Latin spelling, to one code."""

_RU_NAMES = {"poison": "яд", "gas": "газ", "fire": "огонь", "fire_spirit": "огненный дух",
             "petrification": "окаменение", "paralysis": "паралич"}

_PROTECTION = ("пб", "pr", "pb")

MAX_PROTECTION = 36
"""F-5: the most a protection roll may need: d18 plus a Wisdom modifier of at most 18."""

MAX_HP = 1_000_000
"""F-1 [gmkit bound]: the most hit points a sheet may give, and the largest life-dice modifier
(sheets give tens; a million is a typo, never a monster)."""

_MAX_DIGITS = 9
_DIGITS = frozenset("0123456789")


def special_name(kind: str, lang: str = "en") -> str:
    """The kind as a GM writes it in ``lang``: ``poison`` / ``яд``; unknown kinds as given."""
    if lang == "ru":
        return _RU_NAMES.get(kind, kind)
    return kind.replace("_", " ")


@dataclass(frozen=True, slots=True)
class SpecialAttack:
    """F-4: a special attack: its kind, the d18 trigger (at or above) and the protection roll (F-5).

    ``protection`` is None when the notation gives no ПБ: then the target cannot avoid it.
    """

    kind: str
    trigger: int
    protection: int | None
    text: str = ""

    def notation(self, lang: str = "en") -> str:
        """The normal written form: ``poison16PR6`` or ``яд16ПБ6``."""
        if lang == "ru":
            pr = f"ПБ{self.protection}" if self.protection is not None else ""
            return f"{special_name(self.kind, 'ru').replace(' ', '')}{self.trigger}{pr}"
        pr = f"PR{self.protection}" if self.protection is not None else ""
        return f"{self.kind}{self.trigger}{pr}"


def _fail(message: str, text: str, pos: int) -> DiceError:
    return DiceError(message, text, pos)


def _skip(s: str, i: int) -> int:
    """Past any white space from ``i``."""
    while i < len(s) and s[i].isspace():
        i += 1
    return i


def _number(s: str, i: int, text: str, expected: str) -> tuple[int, int, int]:
    """The whole number at ``i`` as (value, where it starts, where it ends); a fault names what
    was expected and what stood there instead."""
    end = i
    while _digit_at(s, end):  # ASCII digits only: str.isdigit() takes '²' too
        end += 1
    if end == i:
        got = repr(s[i]) if i < len(s) else "the end"
        raise _fail(f"{expected}, got {got}", text, i)
    if end - i > _MAX_DIGITS:
        raise _fail(f"{expected}: a number of at most {_MAX_DIGITS} digits", text, i)
    return int(s[i:end]), i, end


def _digit_at(s: str, i: int) -> bool:
    return i < len(s) and s[i] in _DIGITS


def _protection_at(s: str, i: int, start: int) -> bool:
    """Whether a protection roll (``ПБ6``, ``PR 6``) is written at ``i``: the marker, then its
    number (after any spaces). Inside a word (``spr 16``) the marker counts only when the number
    follows at once (``ядПБ6``)."""
    if s[i : i + 2].lower() not in _PROTECTION:
        return False
    if _digit_at(s, i + 2):
        return True
    word_start = i == start or s[i - 1].isspace()
    return word_start and _digit_at(s, _skip(s, i + 2))


def parse_special(text: str) -> SpecialAttack:
    """Parse ``яд16ПБ6`` / ``poison16PR6`` (F-4): kind, trigger 1..18, optional protection roll.

    Spaces are allowed between the parts (``огненный дух 15 ПБ 8``). A kind not in
    :data:`SPECIAL_KINDS` is kept as written (lower case): its effect must then be set by the GM.

    >>> parse_special("газ14")
    SpecialAttack(kind='gas', trigger=14, protection=None, text='газ14')
    >>> parse_special("яд1xПБ6")
    Traceback (most recent call last):
    ...
    gmkit.errors.DiceError: F-4: expected 'ПБ'/'PR' and a protection roll, or the end, got 'x' at position 3 in 'яд1xПБ6'
      яд1xПБ6
         ^
    """  # noqa: E501
    if not isinstance(text, str):
        raise DiceError(f"F-4: a special attack is text like 'яд16ПБ6', got {type(text).__name__}")
    s = text
    n = len(s)
    i = _skip(s, 0)
    if i >= n:
        raise _fail("F-4: empty special attack; expected a kind like 'яд16ПБ6'", text, i)
    start = i
    while i < n and (s[i].isalpha() or s[i] in " _") and not s[i].isdigit():
        if _protection_at(s, i, start):
            break  # 'ядПБ6', 'яд ПБ 6', 'ПБ6': a protection roll where the kind or trigger belongs
        i += 1
    raw = s[start:i].strip()
    if not raw:
        what = (f"the protection roll {s[start:start + 2]!r}" if _protection_at(s, start, start)
                else repr(s[start]))
        raise _fail(f"F-4: expected the kind of attack (яд, газ, огонь, poison...), got {what}",
                    text, start)
    key = raw.lower().replace(" ", "").replace("ё", "е")
    kind = SPECIAL_KINDS.get(key, raw.lower().replace(" ", "_"))
    at = _skip(s, i)
    if _protection_at(s, at, at):
        raise _fail(f"F-4: expected the trigger (a number 1..18) after {raw!r}, before the "
                    f"protection roll {s[at:at + 2]!r}", text, at)
    trigger, t0, i = _number(s, at, text, f"F-4: expected the trigger (a number 1..18) "
                                          f"after {raw!r}")
    if not 1 <= trigger <= 18:
        raise _fail(f"F-4: the trigger is rolled on d18, so it must be 1..18, got {trigger}", text, t0)
    i = _skip(s, i)
    protection: int | None = None
    if i < n:
        if s[i : i + 2].lower() not in _PROTECTION:
            raise _fail(f"F-4: expected 'ПБ'/'PR' and a protection roll, or the end, got {s[i]!r}",
                        text, i)
        protection, p0, i = _number(s, _skip(s, i + 2), text,
                                    "F-5: expected the protection roll (a number) after 'ПБ'")
        if not 1 <= protection <= MAX_PROTECTION:
            raise _fail(f"F-5: a protection roll is d18 plus Wisdom, so it needs 1..{MAX_PROTECTION}, "
                        f"got {protection}", text, p0)
        i = _skip(s, i)
        if i < n:
            raise _fail(f"F-4: unexpected {s[i]!r} after the protection roll", text, i)
    return SpecialAttack(kind, trigger, protection, text)


@dataclass(frozen=True, slots=True)
class DamageSpec:
    """F-3: damage as a C-6 table of equally likely values, or a percentage of current hit points."""

    table: tuple[float, ...] | None = None
    percent: float | None = None

    def __str__(self) -> str:
        if self.percent is not None:
            return f"{_num(self.percent)}%"
        return "-".join(_num(v) for v in self.table or ())


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def plain_number(x: float) -> int | float:
    """Hit points and damage as the journal writes them: whole ones as int, others to 4 places.

    >>> plain_number(3.0), plain_number(4.5), plain_number(1 / 3)
    (3, 4.5, 0.3333)
    """
    f = float(x)
    return int(f) if f.is_integer() else round(f, 4)


def table_text(table: tuple[float, ...]) -> str:
    """A C-6 table written back as text: ``(1.0, 1.5, 2.0)`` is ``1-1.5-2``."""
    return "-".join(str(plain_number(v)) for v in table)


def parse_damage(text: str) -> DamageSpec:
    """Parse a damage entry (F-3): a table ``0.5-1-1.5-2-2.5-3`` (C-6) or a percentage ``25%``.

    >>> parse_damage("1-2").table
    (1.0, 2.0)
    >>> parse_damage("0-1-x")
    Traceback (most recent call last):
    ...
    gmkit.errors.DiceError: C-6: expected a number at position 4 in '0-1-x'
      0-1-x
          ^
    """
    if not isinstance(text, str):
        raise DiceError(f"F-3: damage is text like '0.5-1-1.5' or '25%', got {type(text).__name__}")
    stripped = text.strip()
    if stripped.endswith("%"):
        body = stripped[:-1].strip()
        at = len(text) - len(text.lstrip())
        try:
            pct = float(body.replace(",", "."))
        except ValueError:
            raise _fail("F-3: expected a percentage like '25%'", text, at) from None
        if not 0 < pct <= 100:
            raise _fail(f"F-3: a percentage of hit points is more than 0 and at most 100, got {body}",
                        text, at)
        return DamageSpec(percent=pct)
    table = parse_table(text)
    for v in table:
        if v < 0:
            raise DiceError(f"F-3: damage values cannot be negative, got {_num(v)} in {text!r}")
    return DamageSpec(table=table)


@dataclass(frozen=True, slots=True)
class LifeDice:
    """F-1: hit points written in life dice: ``count`` d6 plus ``modifier`` (``2ЖК+3``)."""

    count: int
    modifier: int

    @property
    def expr(self) -> str:
        return _life_expr(self.count, self.modifier)


@lru_cache(maxsize=256)
def _life_expr(count: int, modifier: int) -> str:
    """LifeDice.expr, written once per pair (every fight rolls every combatant's life dice);
    bounded, keyed by two numbers."""
    mod = f"{modifier:+d}" if modifier else ""
    return f"{count}d6{mod}"


_LIFE = ("жк", "ld")


def parse_life(text: str) -> LifeDice:
    """Parse life dice (F-1): ``2ЖК+3``, ``ЖК``, ``3ЖК-1``, Latin ``2LD+3``.

    >>> parse_life("3ЖК-1").expr
    '3d6-1'
    >>> parse_life("2ЖЖ")
    Traceback (most recent call last):
    ...
    gmkit.errors.DiceError: F-1: expected 'ЖК' (life dice) or 'LD' at position 1 in '2ЖЖ'
      2ЖЖ
       ^
    """
    if not isinstance(text, str):
        raise DiceError(f"F-1: life dice are text like '2ЖК+3', got {type(text).__name__}")
    s = text
    n = len(s)
    c0 = i = _skip(s, 0)
    count = 1
    if _digit_at(s, i):
        count, _, i = _number(s, i, text, "F-1: expected how many life dice")
    if count < 1 or count > 100:
        raise _fail(f"F-1: roll 1 to 100 life dice, got {count}", text, c0)
    i = _skip(s, i)
    if s[i : i + 2].lower() not in _LIFE:
        raise _fail("F-1: expected 'ЖК' (life dice) or 'LD'", text, i)
    i = _skip(s, i + 2)
    modifier = 0
    if i < n:
        if s[i] not in "+-":
            raise _fail(f"F-1: expected '+' or '-' and a number, got {s[i]!r}", text, i)
        sign = -1 if s[i] == "-" else 1
        value, v0, i = _number(s, _skip(s, i + 1), text, "F-1: expected a number after the sign")
        if value > MAX_HP:
            raise _fail(f"F-1: a life-dice modifier is at most {MAX_HP}, got {value}", text, v0)
        modifier = sign * value
        i = _skip(s, i)
        if i < n:
            raise _fail(f"F-1: unexpected {s[i]!r}", text, i)
    return LifeDice(count, modifier)
