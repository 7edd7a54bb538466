"""Text before grammar: the marked part of a message, normalisation and words.

Players write prose around their orders. When a message marks its orders — a line starting
``Заявка:`` / ``Orders:`` (and a few synonyms), or a ``[order]...[/order]`` block — only that part
is read; otherwise the whole text is. Everything is then normalised (case, ``ё``/``е``, dashes and
quotes, markup, control characters) and cut into :class:`Word` s.

>>> marked_part("Кира щурится.\\nЗаявка: набор высоты 2\\nИ молится.").text
'набор высоты 2'
>>> [w.text for w in words(normalise("Пикирую на ТРИ, ёлки!"))]
['пикирую', 'на', 'три', ',', 'елки', '!']
>>> clean('[quote]Шквал пикирует[/quote] Набор высоты 1').strip()
'Набор высоты 1'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from re import Pattern

__all__ = ["MAX_CHARS", "Marked", "Word", "marked_part", "normalise", "words", "script_of",
           "decode", "clean", "cited", "blank"]

MAX_CHARS = 2000
"""The most characters of a message's order part that are read: a forum order is a few lines;
anything longer is cut here (and the reply says so), which keeps every reading in bounded time."""

_BLOCK = re.compile(r"\[(order|orders|заявка|приказ)\](.*?)(?:\[/\1\]|$)", re.I | re.S)
_LABELS = (r"заявка|заявки|приказ|приказы|orders?|ход|действия|действие|движение|перемещение|"
           r"манёвр|маневр|movement|move|actions?")
_LINE = re.compile(r"^[ \t>*_]*(?:" + _LABELS + r")\s*[:\-—]\s*(.*)$", re.I | re.M)
_ITEM = re.compile(r"^(?:\s+\S|\s*(?:[-*•]|\d{1,2}[.)])\s*\S)")
_FIELD = re.compile(r"^[ \t>*_]*[^\W\d_][\w ]{0,24}\s*[:—]\s*(.*)$")
"""``Цель: Шквал``: another field of a template, under a labelled line."""
_TAG = re.compile(r"\[/?[a-z*]+(?:=[^\]]*)?\]|<[^<>]{0,200}>", re.I)
_QUOTE = re.compile(r"\[quote(?:=[^\]]*)?\]|\[/quote\]", re.I)
_STRUCK = re.compile(r"\[(s|strike|del)\].*?\[/\1\]|<(s|strike|del)>.*?</\2>|~~[^~\n]+~~", re.I | re.S)
_CITED = re.compile(r"^[ \t]*(?:>|&gt;).*$", re.M)
_DASHES = str.maketrans({"‐": "-", "‑": "-", "‒": "-", "−": "-", "–": "—", "―": "—",
                         "«": '"', "»": '"', "„": '"', "“": '"', "”": '"', "’": "'", "‘": "'",
                         "ё": "е", "Ё": "Е", "\u00a0": " ", "\t": " "})


@dataclass(frozen=True)
class Marked:
    """The part of a message read as orders, and how it was found."""

    text: str
    how: str
    """``"block"`` (an ``[order]`` block), ``"line"`` (``Заявка:`` lines), ``"whole"``."""
    cut: bool = False
    """The part was longer than :data:`MAX_CHARS` and only its start was read."""
    ranges: tuple[tuple[int, int], ...] = ()
    """Where the part lies in the message: (start, end) character offsets."""


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
    """The order part of a message: ``[order]`` blocks, else ``Заявка:``/``Orders:`` lines and
    the labelled lines of a template (``Движение: …`` / ``Действия: …``), each with the list items
    under it (lines starting ``-``, ``*``, ``•``, ``1.`` or indented; after a bare ``Заявка:``
    every line up to a blank one), else the whole text; cut at :data:`MAX_CHARS`."""
    blocks = [(m.start(2), m.end(2)) for m in _BLOCK.finditer(text)]
    if blocks:
        return _cut(text, blocks, "block")
    picked: list[tuple[int, int]] = []
    taking = False
    bare = False
    pos = 0
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        m = _LINE.match(body)
        if m:
            taking = True
            bare = not m.group(1).strip()
            picked.append((pos + m.start(1), pos + m.end(1)))
        elif taking and (_ITEM.match(body) or (bare and body.strip())):
            picked.append((pos, pos + len(body)))
        elif taking and (f := _FIELD.match(body)):
            picked.append((pos + f.start(1), pos + f.end(1)))
        else:
            taking = bare = False
        pos += len(line)
    if picked:
        return _cut(text, picked, "line")
    return _cut(text, [(0, len(text))], "whole")


def _cut(text: str, ranges: list[tuple[int, int]], how: str) -> Marked:
    kept: list[tuple[int, int]] = []
    left = MAX_CHARS
    cut = False
    for a, b in ranges:
        if left <= 0:
            cut = True
            break
        if b - a > left:
            b, cut = a + left, True
        kept.append((a, b))
        left -= b - a
    return Marked("\n".join(text[a:b] for a, b in kept), how, cut, tuple(kept))


def blank(text: str, pattern: re.Pattern[str]) -> str:
    """``text`` with every match of ``pattern`` written over with spaces (line breaks kept), so
    each character stays where it was: offsets into the result are offsets into the message."""
    return pattern.sub(lambda m: "".join(ch if ch == "\n" else " " for ch in m.group(0)), text)


def cited(text: str) -> list[tuple[int, int]]:
    """Where a message quotes someone else (``[quote]…[/quote]``, nested or named, and ``> ``
    lines): read for the names it mentions, never as the player's order."""
    out: list[tuple[int, int]] = []
    depth = 0
    begin = 0
    for m in _QUOTE.finditer(text):
        if not m.group(0).startswith("[/"):
            if depth == 0:
                begin = m.start()
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                out.append((begin, m.end()))
    if depth:
        out.append((begin, len(text)))
    out += [(m.start(), m.end()) for m in _CITED.finditer(text)]
    return sorted(out)


def clean(text: str) -> str:
    """The player's own words in place: quotes, struck-out text (``[s]…[/s]``: a correction),
    markup and list numbers (``1) ровно +1 2) пламенем…``) written over with spaces, each
    character kept where it was."""
    for a, b in cited(text):
        text = text[:a] + "".join(ch if ch == "\n" else " " for ch in text[a:b]) + text[b:]
    text = blank(text, _STRUCK)
    return _unnumbered(_unpossessed(_NUMBER_DOT.sub(r"\1 ", blank(text, _TAG))))


_NUMBER_DOT = re.compile(r"(?i)\b(no|nr|num)\.(?=\s*\d)")
"""``wolf no. 2``: the dot of the abbreviation is no sentence's end."""


_POSSESSIVE = re.compile(r"\b(\w+)['’]s\b")
_CONTRACTED = frozenset({"let", "it", "that", "what", "he", "she", "there", "here", "who", "where"})


def _unpossessed(text: str) -> str:
    """``Чайка's engines``, ``Ash's tail``: a name's English possessive ending written over, so the
    name is found (``let's``, ``it's`` are no names)."""
    def blanked(m: re.Match[str]) -> str:
        word = m.group(1)
        name = not word.isascii() or (word[:1].isupper() and word.lower() not in _CONTRACTED)
        return word + "  " if name else m.group(0)

    return _POSSESSIVE.sub(blanked, text)


_NUMBERED = re.compile(r"(?:(?<=^)|(?<=[\s:]))\d{1,2}\)(?=\s)", re.M)


def _unnumbered(text: str) -> str:
    """``1) ровно +1 2) …``: a list's numbers are no order's numbers. Only a run counted from 1
    is a list (``на 2) и жгу`` is a smile), and a number closing a bracket opened before it on
    its line (a cell, ``(3, 4)``) is kept."""
    following = 1
    for m in _NUMBERED.finditer(text):
        line = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
        if int(m.group(0)[:-1]) == following and line.count("(") <= line.count(")"):
            text = text[:m.start()] + " " * len(m.group(0)) + text[m.end():]
            following += 1
    return text


def normalise(text: str) -> str:
    """``ё`` as ``е``, one kind of hyphen, dash and quote, no markup, no control characters (the
    case is kept: :func:`words` lowers it and remembers capitals, a cue for names). Every
    character keeps its place (a character that would change length is kept as written), so
    offsets into the result are offsets into ``text``."""
    text = blank(text, _TAG)
    out = []
    for ch in text.translate(_DASHES):
        if ch != "\n" and unicodedata.category(ch)[0] == "C":
            out.append(" ")
            continue
        n = unicodedata.normalize("NFKC", ch)
        out.append(n if len(n) == 1 else ch)
    return "".join(out)


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
    end: int = -1
    """Where the word ends in the text (-1: not known)."""


_BASE = (r'(?P<quote>"[^"\n]{1,80}")'
         r"|(?P<ord>\d{1,3}(?:st|nd|rd|th|-?(?:й|я|е|го|му|ой|ый|ом))(?![^\W\d_]))"
         r"|(?P<num>[+-]?\d{1,6}(?!\d))"
         r"|(?P<word>[^\W\d_]+(?:['-][^\W\d_]+)*)"
         r"|(?P<mark>[,;.!?:()#№\n+*—-])")


def _compile(patterns: Iterable[tuple[str, str]]) -> Pattern[str]:
    extra = "".join(f"(?P<{name}>{rx})|" for name, rx in patterns)
    return re.compile(extra + _BASE)


_DEFAULT = _compile(())
_DIGITS = re.compile(r"-?\d+")


def words(text: str, pattern: Pattern[str] | None = None, offset: int = 0) -> list[Word]:
    """The words, numbers and marks of normalised ``text``; a rule set's extra patterns (named
    groups, tried first) come in ``pattern`` (see :func:`compile_patterns`). Each word's place is
    its offset in ``text`` plus ``offset``."""
    out: list[Word] = []
    for m in (pattern or _DEFAULT).finditer(text):
        kind = m.lastgroup or "word"
        s = m.group(0).lower()
        a, b = m.start() + offset, m.end() + offset
        if kind == "num":
            out.append(Word(s, "num", a, int(s), end=b))
        elif kind == "ord":
            out.append(Word(s, "ord", a, int(_DIGITS.findall(s)[0]), end=b))
        elif kind == "quote":
            out.append(Word(m.group(0).strip('"').strip(), "quote", a, end=b))
        elif kind == "word":
            out.append(Word(s, kind, a, cap=m.group(0)[0].isupper(), end=b))
        elif kind == "mark":
            out.append(Word(s, kind, a, end=b))
        else:
            out.append(Word(s, kind, a, tuple(int(g) for g in _DIGITS.findall(s)), end=b))
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
