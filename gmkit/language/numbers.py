"""Numbers as players write them: digits, or words in Russian or English, cardinal or ordinal.

Russian words are looked up by their dictionary form (``трёх`` → ``три``, ``второго`` → ``второй``),
so every case and gender is covered by one entry.

>>> cardinal("три"), cardinal("three"), ordinal("второй"), ordinal("2nd")
(3, 3, 2, 2)
"""

from __future__ import annotations

import re

__all__ = ["CARDINALS", "ORDINALS", "cardinal", "ordinal"]

CARDINALS: dict[str, int] = {
    # ru (dictionary forms)
    "ноль": 0, "нуль": 0, "один": 1, "пару": 2, "парочка": 2, "одна": 1, "одно": 1, "два": 2,
    "две": 2, "три": 3,
    "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "восемь": 8, "девять": 9, "десять": 10,
    "одиннадцать": 11, "двенадцать": 12, "пара": 2, "двое": 2, "трое": 3, "четверо": 4,
    # en
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple": 2,
}
"""Number words (Russian in dictionary form), to their value."""

ORDINALS: dict[str, int] = {
    "первый": 1, "второй": 2, "третий": 3, "четвертый": 4, "пятый": 5, "шестой": 6,
    "седьмой": 7, "восьмой": 8, "девятый": 9, "десятый": 10,
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "последний": -1, "last": -1,
}
"""Ordinal words (Russian in dictionary form, masculine), to their value; -1 is "the last"
(the highest-numbered of a numbered set)."""

_ORD_DIGITS = re.compile(r"^(\d{1,3})(?:st|nd|rd|th|-?[а-я]{1,3})$")


def cardinal(form: str) -> int | None:
    """The value of a number word in dictionary form, or None."""
    return CARDINALS.get(form)


def ordinal(form: str) -> int | None:
    """The value of an ordinal word in dictionary form (or ``2nd``, ``2-й``), or None."""
    got = ORDINALS.get(form)
    if got is not None:
        return got
    m = _ORD_DIGITS.match(form)
    return int(m.group(1)) if m else None


def ordinal_fuzzy(word: str) -> int | None:
    """The value of a misspelt Russian ordinal in any form (``вторго`` → 2): one letter off at
    most, and only when a single ordinal is that close."""
    if len(word) < 5:
        return None
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    forms = _ordinal_forms()
    near = process.extract(word, list(forms), scorer=OSA.distance, score_cutoff=1, limit=None)
    values = {forms[k] for k, _, _ in near}
    return values.pop() if len(values) == 1 else None


_FORMS: dict[str, int] = {}


def _ordinal_forms() -> dict[str, int]:
    """Every form of the Russian ordinal words (второй, второго, второму...)."""
    if not _FORMS:
        from .morph import analyser

        morph = analyser()
        for word, value in ORDINALS.items():
            if value < 1 or not ("а" <= word[0] <= "я"):
                continue
            _FORMS[word] = value
            if morph is not None:
                for f in morph.parse(word)[0].lexeme:
                    _FORMS.setdefault(f.word.replace("ё", "е"), value)
    return _FORMS
