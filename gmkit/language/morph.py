"""Word forms: every word is matched by its dictionary forms, not by the letters written.

Russian declines names and weapons (``Бейна``, ``волку``, ``Пламенем``) and conjugates verbs
(``пикирую``, ``сажусь``); the vocabulary tables hold dictionary forms (``пикировать``, ``пламя``)
and :func:`forms` gives each written word's candidates. Russian goes through **pymorphy3** (the
OpenCorpora dictionary, ~16 MB installed with ``pymorphy3-dicts-ru``; it also guesses the forms
of words it does not know, such as ``Бейна`` → ``бейн``). English needs only a few suffix rules.

Results are cached per word: a GM's messages repeat their words, so a warm reader rarely asks
the analyser at all.

>>> forms("пламенем")
('пламенем', 'пламя')
>>> forms("attacks")
('attacks', 'attack')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

__all__ = ["forms", "is_cyrillic", "analyser", "inflect"]

_MAX_WORD = 40
_analyser: Any = None


def analyser() -> Any:
    """The shared pymorphy3 analyser, built on first use (about 0.15 s); None when missing."""
    global _analyser
    if _analyser is None:
        try:
            import pymorphy3
        except ImportError:  # pragma: no cover - a dependency; readings degrade to exact forms
            _analyser = False
        else:
            _analyser = pymorphy3.MorphAnalyzer()
    return _analyser or None


def is_cyrillic(word: str) -> bool:
    return any("а" <= ch <= "я" or ch == "ё" for ch in word)


_EN_SUFFIXES = (("ies", "y"), ("ing", ""), ("ing", "e"), ("ed", ""), ("ed", "e"), ("es", ""),
                ("s", ""), ("'s", ""))


_EN_IRREGULAR = {"wolves": "wolf", "hooves": "hoof", "teeth": "tooth", "flew": "fly",
                 "flies": "fly", "dove": "dive", "ran": "run", "shot": "shoot", "drank": "drink",
                 "threw": "throw", "struck": "strike", "hit": "hit", "cast": "cast", "leaves": "leave",
                 "knives": "knife", "men": "man", "fled": "flee", "took": "take", "got": "get"}


@lru_cache(maxsize=1 << 16)
def forms(word: str) -> tuple[str, ...]:
    """The word as written, then its dictionary forms, most likely first (duplicates removed)."""
    if len(word) > _MAX_WORD:
        return (word[:_MAX_WORD],)
    out = [word]
    if is_cyrillic(word):
        morph = analyser()
        if morph is not None:
            for p in morph.parse(word)[:4]:
                nf = p.normal_form.replace("ё", "е")
                if nf not in out:
                    out.append(nf)
    else:
        irregular = _EN_IRREGULAR.get(word)
        if irregular:
            out.append(irregular)
        for suffix, repl in _EN_SUFFIXES:
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                base = word[: -len(suffix)] + repl
                if base not in out:
                    out.append(base)
    return tuple(out)


_CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct"})


@lru_cache(maxsize=4096)
def inflect(name: str, case: str) -> str:
    """A Russian name put in ``case`` (pymorphy3's ``gent``, ``datv``, ``accs``, ``ablt``,
    ``loct``) for a reply that needs it there: ``по Бейну``, ``в вожака``, ``колдую магическую
    стрелу``. Each word in the nominative that is a noun or an adjective is declined, keeping its
    capital letter; numbers, Latin names and words the analyser cannot decline stay as written.

    >>> inflect("Магическая стрела", "accs"), inflect("Волк 3", "accs"), inflect("Bane", "datv")
    ('Магическую стрелу', 'Волка 3', 'Bane')
    """
    if case not in _CASES:
        raise ValueError(f"case must be one of {', '.join(sorted(_CASES))}, got {case!r}")
    morph = analyser()
    if case == "nomn" or morph is None or not is_cyrillic(name.lower()):
        return name
    out = []
    for word in name.split(" "):
        out.append(_inflect_word(morph, word, case))
    return " ".join(out)


def _inflect_word(morph: Any, word: str, case: str) -> str:
    if not is_cyrillic(word.lower()) or not word.isalpha():
        return word
    parses = [p for p in morph.parse(word) if {"NOUN", "ADJF"} & p.tag.grammemes
              and "nomn" in p.tag.grammemes]
    if not parses:
        return word
    form = parses[0].inflect({case})
    if form is None:
        return word
    text = form.word
    if word[:1].isupper():
        text = text[:1].upper() + text[1:]
    return text
