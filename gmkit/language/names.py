"""Names as players write them: declined, misspelt, translated, numbered, or given as an alias.

A :class:`NameIndex` holds every name a reading may meet — participants, weapons, spells, items —
each with its kind. A name is found in the words of a message by, in order of trust:

1. the words' dictionary forms (``Бейна`` → ``бейн``), against the name, the scenario's
   ``aliases`` and the :data:`GLOSSARY` (``wolf`` ↔ ``волк``, ``axe`` ↔ ``топор``);
2. a transliteration of Cyrillic words (``Торвальду`` → ``torvald``);
3. a misspelt word (``Шквалла``, ``кагтями``, ``валка``): the Russian word against every form
   of the names' Russian words by edit distance (rapidfuzz's OSA: a swap of two letters counts
   one), bounded by the word's length (:func:`bound`); every name at the least distance is a
   candidate, so two that fit equally are asked about, never picked;
4. fuzzy matching (rapidfuzz's ratio) of words of 4 letters or more against Latin names, at
   :data:`THRESHOLD`; on equal scores the spelling indexed first wins (names in the order given,
   each word's forms before its glossary words), never a set's or a hash's order.

Words of a name may come in any order (``зелье лечения`` is ``healing potion``) and a part of a
name may stand for it (``вожак`` for ``Pack leader``) when nothing else claims the word. A
number or ordinal beside the name picks one of a numbered set (``второго волка``, ``wolf #2``,
``Raider Two``); without one, every member is a candidate and the reading asks back.

>>> idx = NameIndex([("Wolf 1", "who"), ("Wolf 2", "who"), ("Pack leader", "who")])
>>> [e.name for e in idx.candidates(("волка",))]
['Wolf 1', 'Wolf 2']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .morph import forms, is_cyrillic
from .numbers import cardinal

__all__ = ["THRESHOLD", "GLOSSARY", "Entry", "Match", "NameIndex", "translit", "skeleton", "bound",
           "LAST", "grammar_fields"]

THRESHOLD = 80
"""The least rapidfuzz ratio (0-100) at which a misspelt Latin word still names something."""


def bound(word: str) -> int:
    """The most letters a misspelt word may differ by and still name something: none under 4
    letters, one up to 7, two from 8 (``валка`` is ``волка``; ``Мгла`` is never ``игла``'s
    neighbour ``Мира``)."""
    n = len(word)
    return 0 if n < 4 else 1 if n < 8 else 2

GLOSSARY: dict[str, tuple[str, ...]] = {
    # creatures and roles
    "wolf": ("волк", "волчара"), "leader": ("вожак", "главарь", "лидер"), "pack": ("стая",),
    "spider": ("паук",), "ghost": ("призрак", "привидение", "дух"), "hound": ("пес", "собака", "гончая"),
    "horse": ("конь", "лошадь"), "sword": ("меч",), "hired": ("наемник", "наемный"),
    "raider": ("рейдер", "налетчик"), "cruiser": ("крейсер",), "courier": ("курьер",),
    "picket": ("пикет",), "shade": ("тень",), "mule": ("мул",), "cutter": ("катер",),
    "tug": ("буксир",), "cobra": ("кобра",), "station": ("станция",), "dragon": ("дракон",),
    # weapons and attacks
    "axe": ("топор", "топорик", "секира"), "bow": ("лук",), "dagger": ("кинжал", "нож"),
    "staff": ("посох",), "spear": ("копье",), "bite": ("укус", "клык", "зуб"),
    "hooves": ("копыто",), "hoof": ("копыто",), "touch": ("касание", "прикосновение"),
    "chilling": ("леденящий",), "flame": ("пламя",), "claws": ("коготь",), "claw": ("коготь",),
    "lightning": ("молния",), "jaws": ("челюсть", "пасть"), "acid": ("кислота",),
    "fire": ("огонь",), "spit": ("плевок",), "spike": ("шип",), "tail": ("хвост", "хвостовой"),
    "club": ("дубина", "дубинка"), "mace": ("булава",), "crossbow": ("арбалет",),
    # spells and items
    "spark": ("искра",), "mend": ("исцеление", "лечение"), "magic": ("магический", "волшебный"),
    "bolt": ("стрела", "снаряд"), "banishing": ("изгоняющий", "изгнание"), "light": ("свет",),
    "healing": ("лечение", "лечебный", "исцеление", "здоровье"), "potion": ("зелье", "эликсир"),
    "antidote": ("противоядие",), "scroll": ("свиток",), "storm": ("буря", "шторм"),
    # more creatures, ships and weapons that Russian scenarios name
    "rat": ("крыса",), "rats": ("крыса",), "raven": ("ворон",), "crow": ("ворон",),
    "gull": ("чайка",), "seagull": ("чайка",), "guard": ("страж",), "warden": ("страж",),
    "petrel": ("буревестник",), "cloud": ("облако",), "twins": ("близнец",),
    "squall": ("шквал",), "mist": ("мгла",), "haze": ("мгла",), "ash": ("пепел",),
    "thunderstorm": ("гроза",), "fangs": ("клык",), "fang": ("клык",), "breath": ("дыхание",),
    "icy": ("ледяной",), "ice": ("ледяной", "лед"), "teeth": ("зуб",), "witch": ("ведьма",),
    "bear": ("медведь",), "goblin": ("гоблин",), "orc": ("орк",), "skeleton": ("скелет",),
}
"""Common English words of scenario names with their Russian dictionary forms: a scenario written
in English is read in Russian messages without aliases for ordinary words. Extend freely."""

_ENGLISH: dict[str, tuple[str, ...]] = {}
for _en, _ru in GLOSSARY.items():
    for _w in _ru:
        _ENGLISH[_w] = (*_ENGLISH.get(_w, ()), _en)
"""The glossary the other way: ``волк`` -> ``wolf``."""

_STOP = frozenset({"of", "the", "a", "an", "и", "с", "de"})
_NUMBER_MARKS = frozenset({"#", "№", "номер", "no", "number", "nr"})
_SPLIT = re.compile(r"\d+|[^\W\d_]+")

_TR = {"а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "zh", "з": "z", "и": "i",
       "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s",
       "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "sch",
       "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya"}


def skeleton(word: str) -> str:
    """A Latin word's consonants, doubled ones once (``bane`` → ``bn``, ``beyna`` → ``bn``,
    ``torvaldu`` → ``trvld``): how a Russian player's spelling of an English name sounds."""
    out: list[str] = []
    for ch in word.replace("kh", "h").replace("ck", "k"):
        if ch in "aeiouyw'-" or not ch.isalpha():
            continue
        if not out or out[-1] != ch:
            out.append(ch)
    return "".join(out)


def translit(word: str) -> str:
    """A Latin spelling of a Cyrillic word (``торвальд`` → ``torvald``), for names only."""
    return "".join(_TR.get(ch, ch) for ch in word)


@dataclass(frozen=True)
class Entry:
    """One name: what it names (``name``, as the scenario spells it) and its kind."""

    name: str
    kind: str
    words: tuple[frozenset[str], ...]
    """Each word of the name as the set of forms that match it."""
    number: int | None = None
    """The number of a numbered name (``Wolf 2`` → 2)."""

    def __repr__(self) -> str:
        return f"Entry({self.name!r}, {self.kind!r})"


@dataclass
class Match:
    """Names found at a place in a message."""

    entries: list[Entry]
    length: int
    """How many words the match took (the number included)."""
    full: bool
    """Every word of the name was there (not only a part)."""
    exact: bool = True
    """Found by forms, not by fuzzy matching."""
    number: int | None = None


def _name_words(text: str) -> tuple[list[str], int | None]:
    parts = [p.lower().replace("ё", "е") for p in _SPLIT.findall(text)]
    number = None
    if parts and (parts[-1].isdigit() or cardinal(parts[-1]) is not None):
        last = parts.pop()
        number = int(last) if last.isdigit() else cardinal(last)
    return [p for p in parts if p not in _STOP and not p.isdigit()], number


@dataclass
class NameIndex:
    """Every name of a reading, found by forms, aliases, glossary, transliteration and fuzz."""

    _entries: list[Entry] = field(default_factory=list)
    _by_form: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    _latin: dict[str, list[tuple[int, int]]] = field(default_factory=dict)

    def __init__(self, names: Iterable[tuple[str, str]] = (),
                 aliases: Mapping[str, Sequence[str]] | None = None):
        self._entries = []
        self._by_form = {}
        self._latin = {}
        self._cyrillic: dict[str, list[tuple[int, int]]] = {}
        self._keys: dict[int, list[str]] = {}
        self._memo: dict[tuple[str, bool], tuple[list[tuple[int, int]], bool]] = {}
        aliases = aliases or {}
        for name, kind in names:
            self.add(name, kind, aliases.get(name, ()))

    def add(self, name: str, kind: str, aliases: Sequence[str] = ()) -> None:
        """Index ``name`` (and each alias, a full name of its own) as a name of ``kind``."""
        for spelling in (name, *aliases):
            parts, number = _name_words(spelling)
            if not parts:
                continue
            keys: list[tuple[str, ...]] = []
            for p in parts:
                found = list(forms(p))
                for f in forms(p):
                    found += GLOSSARY.get(f, ())
                    found += _ENGLISH.get(f, ())  # a Russian name read in an English message
                keys.append(tuple(dict.fromkeys(found)))  # forms, then glossary words, once each
            self._keys.clear()
            self._memo.clear()
            self._by_sound: dict[str, list[tuple[int, int]]] | None = None
            entry = Entry(name, kind, tuple(frozenset(k) for k in keys), number)
            i = len(self._entries)
            self._entries.append(entry)
            # In a fixed order (names as listed, each word's forms before its glossary words), not
            # a set's: the fuzzy pools are these dicts' keys, and a tie goes to the first of them.
            for w, key in enumerate(keys):
                for f in key:
                    self._by_form.setdefault(f, []).append((i, w))
                    if not is_cyrillic(f):
                        self._latin.setdefault(f, []).append((i, w))
                for f in _inflected(parts[w]):
                    self._cyrillic.setdefault(f, []).append((i, w))

    @property
    def entries(self) -> list[Entry]:
        return list(self._entries)

    def names(self, kind: str | None = None) -> list[str]:
        """Every name indexed (of ``kind``), once each, in the order added."""
        out: list[str] = []
        for e in self._entries:
            if (kind is None or e.kind == kind) and e.name not in out:
                out.append(e.name)
        return out

    def _hits(self, word: str, cap: bool = False) -> tuple[list[tuple[int, int]], bool]:
        """(entry, word index) pairs a word may be, and whether they were found exactly."""
        key = (word, cap)
        got = self._memo.get(key)
        if got is None:
            if len(self._memo) > 1 << 14:
                self._memo.clear()
            got = self._memo[key] = self._find(word, cap)
        return got

    def _find(self, word: str, cap: bool) -> tuple[list[tuple[int, int]], bool]:
        got: list[tuple[int, int]] = []
        for f in forms(word):
            got += self._by_form.get(f, ())
        if got:
            return got, True
        if word in self._cyrillic:  # a form of the name the analyser did not give (Эшу)
            return list(self._cyrillic[word]), True
        if len(word) < 4 and not (cap and len(word) >= 3):
            return [], True
        from rapidfuzz import fuzz, process
        from rapidfuzz.distance import OSA

        if is_cyrillic(word) and bound(word):
            keys = self._keys.get(id(self._cyrillic))
            if keys is None:
                keys = self._keys[id(self._cyrillic)] = list(self._cyrillic)
            near = process.extract(word, keys, scorer=OSA.distance, score_cutoff=bound(word),
                                   limit=None)
            if near:
                least = min(d for _, d, _ in near)
                got = []
                for key, d, _ in near:
                    if d == least:
                        got += [h for h in self._cyrillic[key] if h not in got]
                return got, False
        probes = [word]
        if is_cyrillic(word):
            probes = [translit(f) for f in forms(word)]
            pool = self._latin
            sounds = self._sounds()
            for probe in probes:  # Бейна, Эшу: the consonants of a Latin name, declined
                heard = sounds.get(skeleton(probe))
                if heard is not None and len(skeleton(probe)) >= 2 and (cap or len(word) >= 4):
                    return list(heard), False
        else:
            pool = self._by_form
        keys = self._keys.get(id(pool))
        if keys is None:  # in insertion order: on equal scores rapidfuzz keeps the first key
            keys = self._keys[id(pool)] = list(pool)
        best: list[tuple[int, int]] = []
        for probe in probes:
            hit = process.extractOne(probe, keys, scorer=fuzz.ratio, score_cutoff=THRESHOLD)
            if hit is not None:
                best = list(pool[hit[0]])
                break
        return best, False

    def _sounds(self) -> dict[str, list[tuple[int, int]]]:
        """Latin name words by their consonants (:func:`skeleton`); a sound two names share is
        left out (never a guess between them)."""
        got: dict[str, list[tuple[int, int]]] | None = getattr(self, "_by_sound", None)
        if got is None:
            got = {}
            owners: dict[str, set[str]] = {}
            for f, hits in self._latin.items():
                key = skeleton(f)
                got.setdefault(key, [])
                got[key] += [h for h in hits if h not in got[key]]
                owners.setdefault(key, set()).update(self._entries[e].name for e, _ in hits)
            got = {k: v for k, v in got.items() if len(owners[k]) == 1}
            self._by_sound = got
        return got

    def match(self, words: Sequence[str], caps: Sequence[bool] = ()) -> Match | None:
        """The names the words at the start of ``words`` name (longest first), or None."""
        if not words:
            return None
        hits, exact = self._hits(words[0], bool(caps[0]) if caps else False)
        if not hits:
            return None
        used: dict[int, set[int]] = {}
        for e, w in hits:
            used.setdefault(e, set()).add(w)
        n = 1
        while n < len(words) and n < 6:
            more, ex = self._hits(words[n], bool(caps[n]) if len(caps) > n else False)
            grown: dict[int, set[int]] = {}
            for e, w in more:
                if e in used and w not in used[e]:
                    grown.setdefault(e, set(used[e])).add(w)
            if not grown:
                break
            used, exact, n = grown, exact and ex, n + 1
        entries = [self._entries[e] for e in used]
        full = [self._entries[e] for e, ws in used.items() if len(ws) == len(self._entries[e].words)]
        pick = full or entries
        number = None
        rest = list(words[n:n + 3])
        skip = 0
        if rest[:2] == ["под", "номером"]:  # «волк под номером 2»
            skip = 2
        elif rest and (rest[0] in _NUMBER_MARKS or rest[0] in ("номером", "номера", "номеру")):
            skip = 1
        rest = rest[skip:skip + 1]
        numbered = [e for e in pick if e.number is not None]
        if rest and rest[0].startswith("-") and rest[0][1:].isdigit():
            rest[0] = rest[0][1:]  # "Стражу-2"
        if numbered and rest:
            value = int(rest[0]) if rest[0].isdigit() else next(
                (c for c in map(cardinal, forms(rest[0])) if c is not None), None)  # «три»: «тереть» too
            if value is not None:
                number = value
                n += 1 + skip
        return Match(_unique(pick), n, bool(full), exact, number)

    def candidates(self, words: Sequence[str], number: int | None = None) -> list[Entry]:
        """The entries ``words`` name (all of them, when several), narrowed by ``number``."""
        m = self.match(words)
        if m is None:
            return []
        return narrow(m.entries, number if number is not None else m.number)


def narrow(entries: list[Entry], number: int | None) -> list[Entry]:
    """Entries kept by a number: those numbered so (none: every one; -1, "the last": the one
    with the highest number)."""
    if number is None:
        return entries
    if number == LAST:
        numbered = [e for e in entries if e.number is not None]
        top = max((e.number for e in numbered), default=None)  # type: ignore[type-var]
        return [e for e in numbered if e.number == top]
    return [e for e in entries if e.number == number]


LAST = -1
"""The number ``последний`` / ``last`` stands for."""


def _inflected(word: str) -> list[str]:
    """Every form of a Russian word of a name (``шквал``: шквала, шквалу, шквалом...), for
    misspellings of any case; nothing for a Latin word."""
    if not is_cyrillic(word):
        return []
    from .morph import analyser

    morph = analyser()
    out = [word]
    if morph is not None:
        for parse in morph.parse(word)[:2]:
            for f in parse.lexeme:
                w = f.word.replace("ё", "е")
                if w not in out:
                    out.append(w)
    return out


def _unique(entries: list[Entry]) -> list[Entry]:
    seen: set[tuple[str, str]] = set()
    out = []
    for e in entries:
        if (e.name, e.kind) not in seen:
            seen.add((e.name, e.kind))
            out.append(e)
    return out


def grammar_fields(data: Any, depth: int = 0) -> Iterable[tuple[str, tuple[Any, Any]]]:
    """(name, (gender, forms)) of everything the scenario names with ``gender:`` or ``forms:``."""
    if depth > 6:
        return
    if isinstance(data, Mapping):
        name = data.get("name")
        if isinstance(name, str) and ("gender" in data or "forms" in data):
            forms = data.get("forms")
            yield name, (data.get("gender"), dict(forms) if isinstance(forms, Mapping) else None)
        for v in data.values():
            yield from grammar_fields(v, depth + 1)
    elif isinstance(data, list):
        for v in data:
            yield from grammar_fields(v, depth + 1)
