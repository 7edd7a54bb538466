"""Names in sentences: each in the case its governing word needs, with what agrees with it.

A catalogue message says what a name needs where it stands, and this module is the one place
that knows how: ``{target:acc}`` puts the name in the accusative («атакует Шквала»),
``{actor:g:потерял|потеряла|потеряло|потеряли}`` picks the form that agrees with the name's
gender and number («Гроза потеряла»); ``{n:g:атакует|атакуют}`` with two forms chooses by number
only. Cases are ``nom gen dat acc ins pre``.

A name's grammar comes from the scenario when it gives ``gender:`` or ``forms:`` (a :class:`Cast`
set for the rendering with :func:`cast`), else from the morphology dictionary (pymorphy3) when it
knows the word as a noun in the nominative, else from the regular endings of Russian names
(«Мира» → «Миры», «Бейн» → «Бейна»). What is declined is the head of the name: the adjectives
before its first noun and that noun («Чёрного Шквала 2»); numbers, Latin words and what follows
the head («Гроза небес» → «Грозу небес») stay. A name that none of these can decline safely
(a feminine name ending in a consonant, a word ending in ``о``/``и``/``у``...) stays as written in
every case: never a wrong form.

Animacy follows what a name belongs to, not the word: a dragon called «Шквал» is someone
(«атакует Шквала»), a ship «Буревестник» is something («атакует Буревестник»).

>>> decline("Волк 2", "acc"), decline("Мира", "gen"), decline("Магическая стрела", "acc", kind="spell")
('Волка 2', 'Миры', 'Магическую стрелу')
>>> with cast(Cast.of([("Шквал", "dragon", None, None)])):
...     decline("Шквал", "acc"), agree("Шквал", ["потерял", "потеряла", "потеряло", "потеряли"])
('Шквала', 'потерял')
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

__all__ = ["CASES", "GENDERS", "KINDS", "CastRow", "Noun", "Doubt", "Cast", "cast", "current_cast", "noun",
           "shown", "decline", "agree", "gender_of", "analyser"]

CASES = ("nom", "gen", "dat", "acc", "ins", "pre")
"""The six Russian cases, as catalogue placeholders and scenario ``forms:`` name them."""
GENDERS = ("m", "f", "n", "pl")
"""Masculine, feminine, neuter, plural: what a verb or adjective agrees with."""

CastRow = tuple[str, str | None, str | None, Mapping[str, str] | None]
"""One name of a fight: ``(name, kind, gender, forms)`` — kind a key of :data:`KINDS`, gender and
forms as the scenario gives them (None: not given)."""

_PYMORPHY = {"nom": "nomn", "gen": "gent", "dat": "datv", "acc": "accs", "ins": "ablt", "pre": "loct"}
_GENDER_TAGS = {"masc": "m", "femn": "f", "neut": "n"}

KINDS: Mapping[str, tuple[bool | None, str]] = {
    "dragon": (True, "m"), "pilot": (True, "m"), "character": (True, "m"), "monster": (True, "m"),
    "pet": (True, "m"), "mount": (True, "m"), "creature": (True, "m"), "crew": (True, "m"),
    "ship": (False, "m"), "weapon": (False, "n"), "spell": (False, "n"), "item": (False, "m"),
    "power": (False, "f"), "system": (False, "f"), "side": (None, "m"), "thing": (False, "m"),
}
"""What a name belongs to: (animate or not — None: as the word is; the gender to assume when
neither the scenario nor the dictionary tells it — дракон, корабль, оружие, заклинание...)."""

_morph: Any = None


def analyser() -> Any:
    """The shared pymorphy3 analyser, built on first use (about 0.15 s); None when missing."""
    global _morph
    if _morph is None:
        try:
            import pymorphy3
        except ImportError:  # pragma: no cover - a dependency; names then stay as written
            _morph = False
        else:
            _morph = pymorphy3.MorphAnalyzer()
    return _morph or None


@dataclass(frozen=True)
class Noun:
    """A name's grammar: its forms in the six cases and its gender or number."""

    text: str
    gender: str
    """``m``, ``f``, ``n`` or ``pl``."""
    forms: Mapping[str, str] = field(default_factory=dict)
    """Case -> form; a case not here is the name as written."""
    declined: bool = True
    """False when nothing could decline the name and it stays as written."""
    gender_known: bool = True
    """False when the gender was assumed from what the name belongs to (a Latin name, say)."""

    def __getitem__(self, case: str) -> str:
        return self.forms.get(case, self.text)


@dataclass(frozen=True)
class Doubt:
    """A name of a cast the grammar is unsure of (see :meth:`Cast.doubts`)."""

    name: str
    kind: str
    """What it belongs to (a key of :data:`KINDS`)."""
    undeclined: bool
    """Nothing could decline it and the scenario gives no ``forms:``: it stays as written."""
    guessed: str | None
    """The gender assumed when the scenario gives no ``gender:`` and nothing told it; else None."""


@dataclass(frozen=True)
class _Entry:
    kind: str | None = None
    gender: str | None = None
    forms: tuple[tuple[str, str], ...] = ()


class Cast:
    """The names of one fight and what the scenario says of their grammar (kind, gender, forms),
    and what each side is called (``side_names:``): a side's id stands for its name wherever a
    message gives it a case (``{side:gen}``: «ход отряда» for the side ``party``)."""

    def __init__(self, entries: Mapping[str, _Entry] | None = None, sides: Mapping[str, str] | None = None):
        self._entries: dict[str, _Entry] = dict(entries or {})
        self._sides: dict[str, str] = {k: v for k, v in (sides or {}).items()
                                       if k not in self._entries or k == v}  # a name is no side's id

    @classmethod
    def of(cls, names: Iterable[CastRow], sides: Mapping[str, str] | None = None) -> Cast:
        """A cast from ``(name, kind, gender, forms)`` rows (a name given twice keeps its first
        row) and the sides' names by their ids."""
        entries: dict[str, _Entry] = {}
        for name, kind, gender, forms in names:
            if name and name not in entries:
                entries[name] = _Entry(kind, gender, tuple(sorted((forms or {}).items())))
        return cls(entries, sides)

    def __or__(self, other: Cast) -> Cast:
        """This cast with ``other``'s names and sides added where this one has none (the fight's
        names first, then the spellings a reader also knows them by)."""
        return Cast({**other._entries, **self._entries}, {**other._sides, **self._sides})

    def rows(self) -> list[CastRow]:
        """The cast as ``(name, kind, gender, forms)`` rows (:meth:`of` builds it back)."""
        return [(name, e.kind, e.gender, dict(e.forms) or None) for name, e in self._entries.items()]

    @property
    def sides(self) -> dict[str, str]:
        """Each named side's id to its name."""
        return dict(self._sides)

    def entry(self, name: str) -> _Entry | None:
        return self._entries.get(name)

    def names(self) -> list[str]:
        return list(self._entries)

    def shown(self, name: str) -> str:
        """How ``name`` is written: a side's id as the side's name, anything else as it is."""
        return self._sides.get(name, name)

    def noun(self, name: str, kind: str | None = None) -> Noun:
        name = self._sides.get(name, name)
        e = self._entries.get(name)
        if e is None:
            return _noun(name, kind, None, ())
        return _noun(name, e.kind or kind, e.gender, e.forms)

    def doubts(self) -> list[Doubt]:
        """What the grammar is unsure of in this cast, name by name, for the scenario check: a
        name it cannot decline (no ``forms:``: it stays as written in every case) and a name whose
        gender it guessed (no ``gender:``, and the dictionary does not tell)."""
        out = []
        for name, e in self._entries.items():
            n = _noun(name, e.kind, e.gender, e.forms)
            undeclined = not n.declined and not e.forms
            guessed = not n.gender_known
            if undeclined or guessed:
                out.append(Doubt(name, e.kind or "thing", undeclined, n.gender if guessed else None))
        return out

    def __contains__(self, name: object) -> bool:
        return name in self._entries or name in self._sides

    def __len__(self) -> int:
        return len(self._entries)


_EMPTY = Cast()
_current: contextvars.ContextVar[Cast] = contextvars.ContextVar("gmkit_cast", default=_EMPTY)


@contextlib.contextmanager
def cast(names: Cast | None) -> Iterator[None]:
    """Decline names by ``names`` (a fight's cast) inside a ``with`` block."""
    token = _current.set(names or _EMPTY)
    try:
        yield
    finally:
        _current.reset(token)


def current_cast() -> Cast:
    return _current.get()


def noun(name: str, kind: str | None = None) -> Noun:
    """``name``'s grammar, by the current cast, the dictionary or the regular endings."""
    return _current.get().noun(name, kind)


def shown(name: str) -> str:
    """``name`` as a sentence writes it: a side's id as the side's name (the current cast's)."""
    return _current.get().shown(name)


def decline(name: str, case: str, kind: str | None = None) -> str:
    """``name`` in ``case`` (``nom gen dat acc ins pre``)."""
    if case not in _PYMORPHY:
        raise ValueError(f"case must be one of {', '.join(CASES)}, got {case!r}")
    return noun(name, kind)[case]


def gender_of(name: str, kind: str | None = None) -> str:
    return noun(name, kind).gender


def agree(names: str | Sequence[str], forms: Sequence[str]) -> str:
    """The form of ``forms`` (``m|f|n|pl``, or ``singular|plural``) that agrees with ``names``:
    several names, or a plural one, take the plural."""
    if len(forms) not in (2, 4):
        raise ValueError(f"an agreement gives 4 forms (m|f|n|pl) or 2 (singular|plural), got {len(forms)}")
    if isinstance(names, str):
        gender = gender_of(names)
    else:
        gender = "pl" if len(names) != 1 else gender_of(names[0])
    if len(forms) == 2:
        return forms[1] if gender == "pl" else forms[0]
    return forms[GENDERS.index(gender)]


# --- declining one name -------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _noun(name: str, kind: str | None, gender: str | None,
          given: tuple[tuple[str, str], ...]) -> Noun:
    animate, kind_gender = KINDS.get(kind or "", (None, "m"))
    words = name.split(" ")
    head = _head(words)
    morph = analyser()
    word_gender: str | None = None
    found: dict[str, str] | None = None
    if head is not None and morph is not None:
        word_gender, found = _decline_head(morph, words, head, gender, animate)
    forms = dict(found or {})
    forms.update(given)  # the scenario's own forms win
    forms["nom"] = name
    guess = kind_gender
    if head is not None and words[head][-1].lower() in "ая" and KINDS.get(kind or "", (None,))[0]:
        guess = "f"  # a someone in -а/-я is most often a woman (Мира); the scenario check says so
    return Noun(name, gender or word_gender or guess, forms, declined=found is not None or bool(given),
                gender_known=gender is not None or word_gender is not None)


def _is_cyrillic(word: str) -> bool:
    return any("а" <= ch <= "я" or ch == "ё" for ch in word.lower())


def _is_word(word: str) -> bool:
    return _is_cyrillic(word) and word.replace("-", "").isalpha()


def _head(words: list[str]) -> int | None:
    """The index of the head noun: the first Russian word that is not an adjective standing
    before another Russian word (those adjectives agree with it); None for a name with no
    Russian word."""
    morph = analyser()
    for i, w in enumerate(words):
        if not _is_word(w):
            continue
        if morph is not None and i + 1 < len(words) and _is_word(words[i + 1]) and _adjective(morph, w):
            continue
        return i
    return None


def _adjective(morph: Any, word: str) -> bool:
    return any("ADJF" in p.tag and "nomn" in p.tag for p in morph.parse(word)[:2])


def _decline_head(morph: Any, words: list[str], head: int, gender: str | None,
                  animate: bool | None) -> tuple[str | None, dict[str, str] | None]:
    """The gender the head noun shows (None when only guessed) and the name's forms (None when
    it cannot be declined safely)."""
    noun_word = words[head]
    word_gender: str | None = None
    parse, fixed = _nominative(morph, noun_word, gender)
    if fixed is not None:  # the dictionary knows it as indeclinable (Кармен, Бордо)
        return _tag_gender(fixed), None
    if parse is not None:
        word_gender = _tag_gender(parse)
        if animate is None:
            animate = "anim" in parse.tag
        head_forms = _dictionary_forms(parse, bool(animate))
    else:
        head_forms = _regular_forms(noun_word, gender, animate)
        if head_forms is not None and gender is None and noun_word[-1].lower() in "ая":
            word_gender = None  # Мира, Никита: the ending does not tell a woman from a man
    if head_forms is None:
        return word_gender, None
    g = gender or word_gender or ("f" if noun_word[-1].lower() in "ая" else "m")
    out: dict[str, str] = {}
    for case in CASES:
        parts = list(words)
        parts[head] = _like(noun_word, head_forms[case])
        for i in range(head):
            if _is_word(words[i]):
                parts[i] = _like(words[i], _adjective_form(morph, words[i], case, g, animate))
        out[case] = " ".join(parts)
    return word_gender, out


def _tag_gender(parse: Any) -> str | None:
    if "plur" in parse.tag and "Sgtm" not in parse.tag:
        return "pl"
    return _GENDER_TAGS.get(str(parse.tag.gender))


def _nominative(morph: Any, word: str, gender: str | None) -> tuple[Any, Any]:
    """The dictionary's parse of ``word`` as a declinable noun in the nominative, or its parse as
    an indeclinable one (each None when it has none; a word the dictionary only guesses has none)."""
    if not morph.word_is_known(word.lower()):
        return None, None
    parses = [p for p in morph.parse(word) if "NOUN" in p.tag and "nomn" in p.tag]
    if gender != "pl":  # a name is one someone (Мира is not the plural of миро) unless said
        parses = [p for p in parses if "plur" not in p.tag or "Pltm" in p.tag] or [
            p for p in parses if word[-1:].lower() in "иы"]
    if gender is not None:
        tag = {"m": "masc", "f": "femn", "n": "neut", "pl": "plur"}[gender]
        parses = [p for p in parses if tag in p.tag] or parses
    if not parses:
        return None, None
    if "Fixd" in parses[0].tag:
        return None, parses[0]
    return parses[0], None


def _dictionary_forms(parse: Any, animate: bool) -> dict[str, str] | None:
    out = {"nom": parse.word}
    number = "plur" if "plur" in parse.tag else "sing"
    for case, tag in _PYMORPHY.items():
        if case == "nom":
            continue
        if case == "acc" and (number == "plur" or (
                "masc" in parse.tag and not parse.word.endswith(("а", "я")))):
            # the accusative of someone is the genitive («атакует Шквала», «Налётчиков»), of
            # something the nominative («атакует Буревестник»), whatever the word is
            tag = "gent" if animate else "nomn"
        form = parse.inflect({tag, number})
        if form is None:
            return None
        out[case] = form.word
    return out


_SIBILANT = "жшщчц"
_VELAR = "гкх"


def _regular_forms(word: str, gender: str | None, animate: bool | None) -> dict[str, str] | None:
    """The regular endings of a name the dictionary does not know («Мира», «Бейн», «Арья»);
    None for the names Russian leaves undeclined (a woman's name in a consonant, ``-о``, ``-и``...)."""
    w = word.lower()
    last = w[-1]
    if len(w) < 2 or gender == "pl":
        return None
    if last in "ая":  # first declension: Мира, Ника, Арья, Лия
        stem = w[:-1]
        soft = last == "я"
        before = stem[-1]
        gen = stem + ("и" if soft or before in _VELAR + "жшщч" else "ы")
        ii = soft and before == "и"
        return {"nom": w, "gen": gen, "dat": stem + ("и" if ii else "е"),
                "acc": stem + ("ю" if soft else "у"),
                "ins": stem + ("ей" if soft or before in _SIBILANT else "ой"),
                "pre": stem + ("и" if ii else "е")}
    if gender == "f" or gender == "n":
        if gender == "f" and last == "ь":
            stem = w[:-1]
            return {"nom": w, "gen": stem + "и", "dat": stem + "и", "acc": w, "ins": w + "ю",
                    "pre": stem + "и"}
        return None
    if last in "оеиуюэы" or (last == "ь" and gender is None):  # Игорь or Любовь: not told
        return None
    acc_like_gen = animate is not False
    if last in "йь":  # Андрей, Игорь
        stem = w[:-1]
        forms = {"nom": w, "gen": stem + "я", "dat": stem + "ю", "ins": stem + "ем", "pre": stem + "е"}
    elif last.isalpha() and _is_cyrillic(last):
        ins = "ем" if last in _SIBILANT else "ом"
        forms = {"nom": w, "gen": w + "а", "dat": w + "у", "ins": w + ins, "pre": w + "е"}
    else:
        return None
    forms["acc"] = forms["gen"] if acc_like_gen else w
    return forms


def _adjective_form(morph: Any, word: str, case: str, gender: str, animate: bool | None) -> str:
    parses = [p for p in morph.parse(word) if "ADJF" in p.tag and "nomn" in p.tag]
    if not parses:
        return word
    want = {_PYMORPHY[case]}
    if gender == "pl":
        want.add("plur")
    else:
        want |= {"sing", {"m": "masc", "f": "femn", "n": "neut"}[gender]}
    if case == "acc" and (gender == "pl" or gender == "m"):
        want.add("anim" if animate else "inan")
    form = parses[0].inflect(want)
    return form.word if form is not None else word


def _like(original: str, form: str) -> str:
    """``form`` written with ``original``'s capital letter (and its ``ё`` where it kept it)."""
    if original[:1].isupper():
        return form[:1].upper() + form[1:]
    return form
