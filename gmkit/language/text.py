"""Text before grammar: the marked part of a message, normalisation and words.

Players write prose around their orders. When a message marks its orders — a line starting
``Заявка:`` / ``Orders:`` (and a few synonyms), or a ``[order]...[/order]`` block — only that part
is read; otherwise the whole text is. Everything is then normalised (case, ``ё``/``е``, dashes and
quotes, markup, control characters) and cut into :class:`Word` s.

>>> marked_part("Кира щурится.\\nЗаявка: набор высоты 2\\nИ молится.").text
'набор высоты 2'
>>> [w.text for w in words(normalise("Пикирую на ТРИ, ёлки!"))]
['пикирую', 'на', 'три', ',', 'елки', '!']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from re import Pattern

__all__ = ["MAX_CHARS", "Marked", "Word", "marked_part", "normalise", "words", "script_of",
           "decode"]

MAX_CHARS = 2000
"""The most characters of a message's order part that are read: a forum order is a few lines;
anything longer is cut here (and the reply says so), which keeps every reading in bounded time."""

_BLOCK = re.compile(r"\[(order|orders|заявка|приказ)\](.*?)(?:\[/\1\]|$)", re.I | re.S)
_LINE = re.compile(r"^[ \t>*_]*(заявка|заявки|приказ|приказы|orders?|ход)\s*[:\-—]\s*(.*)$", re.I | re.M)
_ITEM = re.compile(r"^(?:\s+\S|\s*(?:[-*•]|\d{1,2}[.)])\s*\S)")
_TAG = re.compile(r"\[/?[a-z*]+(?:=[^\]]*)?\]|<[^<>]{0,200}>", re.I)
_SPACES = re.compile(r"[ \t\r\f\v]+")
_DASHES = str.maketrans({"‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "―": "-", "−": "-",
                         "«": '"', "»": '"', "„": '"', "“": '"', "”": '"', "’": "'", "‘": "'",
                         "ё": "е", "Ё": "е", "\u00a0": " ", "\t": " "})


@dataclass(frozen=True)
class Marked:
    """The part of a message read as orders, and how it was found."""

    text: str
    how: str
    """``"block"`` (an ``[order]`` block), ``"line"`` (``Заявка:`` lines), ``"whole"``."""
    cut: bool = False
    """The part was longer than :data:`MAX_CHARS` and only its start was read."""


def decode(data: bytes | str) -> str:
    """Text from a message's bytes: UTF-8, else CP1251 (old Russian forums), never an error."""
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    text = data.decode("cp1251", errors="replace")
    return text


def marked_part(text: str) -> Marked:
    """The order part of a message: ``[order]`` blocks, else ``Заявка:``/``Orders:`` lines (each
    with the list items under it: lines starting ``-``, ``*``, ``•``, ``1.`` or indented), else the
    whole text; cut at :data:`MAX_CHARS`."""
    blocks = [m.group(2) for m in _BLOCK.finditer(text)]
    if blocks:
        return _cut("\n".join(blocks), "block")
    lines = text.splitlines()
    picked: list[str] = []
    taking = False
    for line in lines:
        m = _LINE.match(line)
        if m:
            taking = True
            picked.append(m.group(2))
        elif taking and _ITEM.match(line):
            picked.append(line)
        else:
            taking = False
    if picked:
        return _cut("\n".join(picked), "line")
    return _cut(text, "whole")


def _cut(text: str, how: str) -> Marked:
    if len(text) > MAX_CHARS:
        return Marked(text[:MAX_CHARS], how, True)
    return Marked(text, how)


def normalise(text: str) -> str:
    """``ё`` as ``е``, one kind of dash and quote, no markup, no control characters (the case is
    kept: :func:`words` lowers it and remembers capitals, a cue for names)."""
    text = unicodedata.normalize("NFKC", text)
    text = _TAG.sub(" ", text)
    text = text.translate(_DASHES)
    text = "".join(ch if ch in "\n" or unicodedata.category(ch)[0] != "C" else " " for ch in text)
    return _SPACES.sub(" ", text)


@dataclass(frozen=True, slots=True)
class Word:
    """One word, number or mark of a normalised text."""

    text: str
    kind: str
    """``"word"``, ``"num"`` (digits, maybe signed), ``"mark"`` (punctuation), ``"quote"`` (a quoted
    phrase, raw) or a rule set's own pattern name (``"cell"``)."""
    start: int
    value: object = None
    cap: bool = False
    """Written with a capital letter (a cue for names)."""


_BASE = (r'(?P<quote>"[^"\n]{1,80}")'
         r"|(?P<ord>\d{1,3}(?:st|nd|rd|th|-?(?:й|я|е|го|му|ой|ый|ом))(?![^\W\d_]))"
         r"|(?P<num>[+-]?\d{1,6}(?!\d))"
         r"|(?P<word>[^\W\d_]+(?:['-][^\W\d_]+)*)"
         r"|(?P<mark>[,;.!?:()#№\n+-])")


def _compile(patterns: Iterable[tuple[str, str]]) -> Pattern[str]:
    extra = "".join(f"(?P<{name}>{rx})|" for name, rx in patterns)
    return re.compile(extra + _BASE)


_DEFAULT = _compile(())
_DIGITS = re.compile(r"-?\d+")


def words(text: str, pattern: Pattern[str] | None = None) -> list[Word]:
    """The words, numbers and marks of normalised ``text``; a rule set's extra patterns (named
    groups, tried first) come in ``pattern`` (see :func:`compile_patterns`)."""
    out: list[Word] = []
    for m in (pattern or _DEFAULT).finditer(text):
        kind = m.lastgroup or "word"
        s = m.group(0).lower()
        if kind == "num":
            out.append(Word(s, "num", m.start(), int(s)))
        elif kind == "ord":
            out.append(Word(s, "ord", m.start(), int(_DIGITS.findall(s)[0])))
        elif kind == "quote":
            out.append(Word(m.group(0).strip('"').strip(), "quote", m.start()))
        elif kind == "word":
            out.append(Word(s, kind, m.start(), cap=m.group(0)[0].isupper()))
        elif kind == "mark":
            out.append(Word(s, kind, m.start()))
        else:
            out.append(Word(s, kind, m.start(), tuple(int(g) for g in _DIGITS.findall(s))))
    return out


def compile_patterns(patterns: Iterable[tuple[str, str]]) -> Pattern[str]:
    """A word pattern with a rule set's own kinds (``("cell", r"...")``) tried before the usual."""
    return _compile(patterns)


def script_of(text: str) -> str | None:
    """``"ru"`` when Cyrillic letters outnumber Latin ones, ``"en"`` the other way, else None."""
    cyr = lat = 0
    for ch in text:
        if "а" <= ch <= "я" or ch in "ёЁ" or "А" <= ch <= "Я":
            cyr += 1
        elif "a" <= ch <= "z" or "A" <= ch <= "Z":
            lat += 1
    if cyr == lat:
        return None
    return "ru" if cyr > lat else "en"
