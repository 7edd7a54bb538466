"""From words to clauses: vocabulary tables, the scanner and the grammar.

A rule set's order language is data in three parts:

* a **vocabulary** (:class:`Lexicon`): each concept (``CLIMB``, ``ATTACK``, ``SHIELDS``...) with its
  phrases in Russian and English, words in dictionary form (``"садиться на хвост"``,
  ``"get on|onto tail"``; ``a|b`` are alternatives); a phrase may have up to two other words in
  between (``сажусь Бейну на хвост``), which are read on their own;
* the **names** of the situation (:class:`~gmkit.language.names.NameIndex`), each kind shown to the
  grammar as a terminal (``NAME``, ``WEAPON``...);
* a **grammar** (lark, LALR) over the scanned terminals: which concepts start an order, which
  arguments it takes. Every terminal may also stand alone (``stray``), so every message parses.

The :class:`Scanner` turns words into :class:`Token` s (numbers, ordinals, names, concepts, and
``SEP`` for punctuation and conjunctions; prose it does not know is left out). The grammar sees
only the terminal names, so its parses are cached by that string: a GM's messages repeat their
shapes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from .morph import analyser, forms, is_cyrillic
from .names import Entry, NameIndex, narrow
from .numbers import cardinal, ordinal, ordinal_fuzzy
from .text import Word
from .text import normalise as _normalise
from .text import words as _words


def words_of(raw: str) -> list[Word]:
    return [w for w in _words(_normalise(raw)) if w.kind == "word"]

__all__ = ["Token", "NameRef", "Lexicon", "Scanner", "Grammar", "Clause", "CORE_VOCABULARY"]

CORE_VOCABULARY: dict[str, dict[str, list[str]]] = {
    "SEP": {"ru": ["и", "а", "затем", "потом", "после чего", "также", "еще", "плюс к этому",
                   "а также", "далее", "следом", "но", "тогда", "то"],
            "en": ["and", "then", "also", "after that", "afterwards", "next", "plus", "but"]},
    "AGAIN": {"ru": ["как в прошлый раз", "как в прошлом раунде", "как в прошлом ходу",
                     "как и в прошлый раз", "то же самое", "тоже самое", "то же", "как раньше",
                     "повторять", "повторить", "аналогично", "как прежде", "заявка в силе",
                     "прошлая заявка в силе"],
              "en": ["same as last time", "same as before", "as before", "as last time",
                     "the same again", "same again", "repeat", "same as last round", "same order",
                     "previous order stands"]},
    "ANY": {"ru": ["первый попавшийся", "первый попасться", "любой", "кто угодно", "какой угодно",
                   "кто попало",
                   "наугад", "наобум"],
            "en": ["anyone", "any of them", "whoever", "at random", "any one"]},
    "CORR": {"ru": ["то есть", "вместо этого", "хотя нет", "а нет", "ой", "упс", "точнее",
                    "вернее", "отставить", "отмена", "поправка", "стоп", "хотя стоп", "передумать",
                    "исправлять", "исправление", "лучше так", "хотя лучше", "а лучше", "или лучше",
                    "но лучше", "лучше уж"],
             "en": ["i mean", "no wait", "scratch that", "make that", "oops", "rather", "instead",
                    "correction", "actually", "sorry", "better yet", "on second thought",
                    "on second thoughts"]},
}
"""Words every rule set reads alike: conjunctions that separate orders, the previous order asked
for again, and the words of a self-correction (after which the last word wins)."""


@dataclass(frozen=True, slots=True)
class NameRef:
    """A name as a message gives it: every name it may be, and the words written."""

    names: tuple[str, ...]
    said: str
    number: int | None = None
    kind: str = ""
    everyone: tuple[str, ...] = ()
    """Every name the words fit before the number narrowed them (for "no Wolf 7")."""
    pronoun: bool = False
    """Read from a pronoun (``его``, ``her``): ``names`` are those it may stand for."""

    @property
    def one(self) -> str | None:
        return self.names[0] if len(self.names) == 1 else None


@dataclass(frozen=True, slots=True)
class Token:
    """One terminal of the grammar: its kind, its value, the words it came from."""

    kind: str
    value: Any
    text: str
    lang: str | None = None
    """The language of a vocabulary phrase (``"ru"``/``"en"``), None for names and numbers."""
    exact: bool = True
    start: int = -1
    """Where the words it came from start in the message (a character offset; -1: not known)."""
    end: int = -1
    """Where they end."""


@dataclass(frozen=True)
class _Phrase:
    concept: str
    lang: str
    words: tuple[tuple[str, ...], ...]
    """Each word's alternatives, in the order written (iteration never depends on a hash)."""
    raw: str
    """The phrase as the table writes it (its first alternatives): a token's value."""


class Lexicon:
    """Concepts and their phrases in both languages (dictionary forms, ``a|b`` alternatives)."""

    def __init__(self, *tables: Mapping[str, Mapping[str, Sequence[str]]]):
        self._first: dict[str, list[_Phrase]] = {}
        self._fuzzy: dict[str, tuple[str, str]] | None = None
        self._fuzzy_keys: list[str] = []
        self._fuzzy_hits: dict[str, tuple[str, str] | None] = {}
        self.concepts: dict[str, dict[str, list[str]]] = {}
        for table in tables:
            for concept, by_lang in table.items():
                for lang, phrases in by_lang.items():
                    self.concepts.setdefault(concept, {}).setdefault(lang, []).extend(phrases)
                    for phrase in phrases:
                        self._add(concept, lang, phrase)
        for bucket in self._first.values():
            bucket.sort(key=lambda p: -len(p.words))

    def _add(self, concept: str, lang: str, phrase: str) -> None:
        words = tuple(tuple(dict.fromkeys(alt.replace("ё", "е") for alt in w.split("|")))
                      for w in phrase.lower().split())
        raw = " ".join(w.split("|")[0] for w in phrase.lower().replace("ё", "е").split())
        p = _Phrase(concept, lang, words, raw)
        for alt in words[0]:
            self._first.setdefault(alt, []).append(p)

    def match(self, texts: Sequence[str], kinds: Sequence[str], i: int
              ) -> tuple[_Phrase, list[int], list[int]] | None:
        """The longest phrase starting at word ``i``: (phrase, its words, the words between)."""
        seen: set[int] = set()
        for f in forms(texts[i]):
            for p in self._first.get(f, ()):
                if id(p) in seen:
                    continue
                seen.add(id(p))
                got = self._rest(p, texts, kinds, i)
                if got is not None:
                    return p, got[0], got[1]
        return None

    def _rest(self, p: _Phrase, texts: Sequence[str], kinds: Sequence[str], i: int
              ) -> tuple[list[int], list[int]] | None:
        took: list[int] = [i]
        gaps: list[int] = []
        j = i + 1
        for want in p.words[1:]:
            while True:
                if j >= len(texts) or kinds[j] == "mark":
                    return None
                if any(f in want for f in forms(texts[j])):
                    took.append(j)
                    j += 1
                    break
                if len(gaps) >= 2 or kinds[j] not in ("word", "num"):
                    return None
                gaps.append(j)
                j += 1
        return took, gaps

    def fuzzy(self, word: str) -> tuple[str, str] | None:
        """(concept, lang) of a misspelt one-word phrase (any of its forms), or None."""
        if len(word) < 5:
            return None
        if word in self._fuzzy_hits:
            return self._fuzzy_hits[word]
        from rapidfuzz import fuzz, process

        pool = self._fuzzy_pool()  # keys in table order: on equal scores the first one wins
        hit = process.extractOne(word, self._fuzzy_keys, scorer=fuzz.ratio, score_cutoff=85)
        got = pool[hit[0]] if hit is not None else None
        if len(self._fuzzy_hits) < 1 << 14:
            self._fuzzy_hits[word] = got
        return got

    def _fuzzy_pool(self) -> dict[str, tuple[str, str]]:
        if self._fuzzy is None:
            pool: dict[str, tuple[str, str]] = {}
            morph = analyser()
            for bucket in self._first.values():
                for p in bucket:
                    if len(p.words) != 1 or p.concept == "SEP":
                        continue
                    for alt in p.words[0]:
                        if len(alt) < 4:
                            continue
                        pool.setdefault(alt, (p.concept, p.lang))
                        if morph is not None and is_cyrillic(alt):
                            for parse in morph.parse(alt)[:1]:
                                for f in parse.lexeme:
                                    pool.setdefault(f.word.replace("ё", "е"), (p.concept, p.lang))
            self._fuzzy = pool
            self._fuzzy_keys = list(pool)
        return self._fuzzy


@dataclass
class Scanner:
    """Words to tokens, for one reading: the rule set's lexicon and the situation's names."""

    lexicon: Lexicon
    names: NameIndex
    terminals: Mapping[str, str]
    """A name kind (``"participant"``) to its terminal (``"NAME"``); kinds listed first win."""
    marks: Mapping[str, str] = field(default_factory=lambda: {",": "SEP", ";": "SEP", ".": "SEP",
                                                               "!": "SEP", "?": "SEP", "\n": "SEP"})
    captures: frozenset[str] = frozenset()
    """Concepts followed by a free name (a Power's): up to three words nobody else claims after
    one of them are kept as a ``QUOTE``."""

    def scan(self, words: Sequence[Word]) -> list[Token]:
        """The tokens of ``words``, each with the offsets of the words it came from."""
        texts = [w.text for w in words]
        kinds = [w.kind for w in words]
        caps = [w.cap for w in words]
        out: list[Token] = []
        i = 0
        n = len(words)
        while i < n:
            before, at = len(out), i
            i = self._step(words, texts, kinds, caps, i, out)
            for k in range(before, len(out)):
                t = out[k]
                if t.start < 0:
                    last = words[min(max(i - 1, at), n - 1)]
                    out[k] = replace(t, start=words[at].start, end=last.end)
        return out

    def _step(self, words: Sequence[Word], texts: list[str], kinds: list[str], caps: list[bool],
              i: int, out: list[Token]) -> int:
        """Read the word at ``i`` into ``out``; the index of the next word to read."""
        n = len(words)
        w = words[i]
        if w.kind == "mark":
            term = self.marks.get(w.text)
            if w.text in "+-" and i + 1 < n and kinds[i + 1] == "num" and \
                    words[i + 1].start == w.end:  # "-1"; "скорость - 9" is a dash, not a minus
                v = int(words[i + 1].value)  # type: ignore[call-overload]
                out.append(Token("SIGNED", -abs(v) if w.text == "-" else abs(v), w.text + texts[i + 1]))
                return i + 2
            if w.text in "+-" and i + 1 < n and kinds[i + 1] == "word" and words[i + 1].start == w.end:
                v = next((x for x in map(cardinal, forms(texts[i + 1])) if x is not None), None)
                if v is not None:  # "+один": as "плюс один", never dropped to a bare "ровно"
                    out.append(Token("SIGNED", -v if w.text == "-" else v, w.text + texts[i + 1]))
                    return i + 2
            if term:
                out.append(Token(term, None, w.text))
            return i + 1
        if w.kind == "num":
            signed = w.text[0] in "+-"
            out.append(Token("SIGNED" if signed else "NUM", w.value, w.text))
            return i + 1
        if w.kind == "ord":
            return self._ordinal(words, texts, caps, i, int(w.value), out)  # type: ignore[call-overload]
        if w.kind == "quote":
            out.append(self._quote(w.text))
            return i + 1
        if w.kind != "word":
            out.append(Token(w.kind.upper(), w.value, w.text))
            return i + 1
        return self._word(words, texts, kinds, caps, i, out)

    def _ordinal(self, words: Sequence[Word], texts: list[str], caps: list[bool], i: int,
                 value: int, out: list[Token]) -> int:
        m = self.names.match(texts[i + 1:], caps[i + 1:])
        if m is not None and any(e.number is not None for e in m.entries):
            out.append(self._name_token(m.entries, texts[i: i + 1 + m.length], value, m.exact))
            return i + 1 + m.length
        out.append(Token("ORD", value, texts[i]))
        return i + 1

    def _word(self, words: Sequence[Word], texts: list[str], kinds: list[str], caps: list[bool],
              i: int, out: list[Token]) -> int:
        text = texts[i]
        vocab = self.lexicon.match(texts, kinds, i)
        name = self.names.match(texts[i:], caps[i:])
        vlen = len(vocab[1]) if vocab else 0
        if name is not None and (vocab is None or (name.full and name.exact and name.length >= vlen)):
            out.append(self._name_token(name.entries, texts[i: i + name.length], name.number,
                                        name.exact))
            return i + name.length
        if vocab is not None:
            phrase, took, gaps = vocab
            out.append(Token(phrase.concept, phrase.raw, " ".join(texts[k] for k in took), phrase.lang,
                             start=words[took[0]].start, end=words[took[-1]].end))
            for g in gaps:  # a word inside a phrase is read on its own: a name, a number
                if texts[g] in _PRONOUNS:  # "сажусь ему на хвост"
                    out.append(Token("PRON", _pronoun(texts, g), texts[g], start=words[g].start,
                                     end=words[g].end))
                    continue
                m = self.names.match(texts[g: g + 1], caps[g: g + 1])
                if m is not None:
                    out.append(replace(self._name_token(m.entries, [texts[g]], m.number, m.exact),
                                       start=words[g].start, end=words[g].end))
                    continue
                num = int(words[g].value) if kinds[g] == "num" else next(  # type: ignore[call-overload]
                    (v for v in map(cardinal, forms(texts[g])) if v is not None), None)
                if num is not None:
                    out.append(Token("NUM", num, texts[g], start=words[g].start, end=words[g].end))
            end = took[-1] + 1
            if phrase.concept in self.captures:
                end = self._capture(words, texts, kinds, caps, end, out)
            return end
        if text in _PRONOUNS:
            out.append(Token("PRON", _pronoun(texts, i), text))
            return i + 1
        if text in _SIGNS and i + 1 < len(texts):  # "минус один", "плюс 2"
            nxt = texts[i + 1]
            v = int(nxt) if kinds[i + 1] == "num" and nxt.lstrip("+-").isdigit() else next(
                (x for x in map(cardinal, forms(nxt)) if x is not None), None)
            if v is not None:
                out.append(Token("SIGNED", _SIGNS[text] * abs(v), f"{text} {nxt}",
                                 start=words[i].start, end=words[i + 1].end))
                return i + 2
        f = forms(text)
        num = next((v for v in map(cardinal, f) if v is not None), None)
        if num is not None:
            out.append(Token("NUM", num, text))
            return i + 1
        o = next((v for v in map(ordinal, f) if v is not None), None)
        if o is None and is_cyrillic(text) and not _known(text):
            o = ordinal_fuzzy(text)  # "вторго"
        if o is not None:
            return self._ordinal(words, texts, caps, i, o, out)
        if not is_cyrillic(text) or not _known(text):
            hit = self.lexicon.fuzzy(text)
            if hit is not None:
                out.append(Token(hit[0], None, text, hit[1], exact=False))
        return i + 1

    def _quote(self, raw: str) -> Token:
        """A quoted phrase: a name when it is exactly one, else free text."""
        parts = [w.text for w in words_of(raw)]
        m = self.names.match(parts) if parts else None
        if m is not None and m.full and m.exact and m.length == len(parts):
            return self._name_token(m.entries, parts, m.number, True)
        return Token("QUOTE", raw, raw)

    def _capture(self, words: Sequence[Word], texts: list[str], kinds: list[str], caps: list[bool],
                 i: int, out: list[Token]) -> int:
        took: list[str] = []
        j = i
        if j < len(words) and not caps[j]:
            return j  # a Power's name is a proper name: «силы на исходе» names none
        while j < len(words) and len(took) < 3 and kinds[j] == "word":
            if self.lexicon.match(texts, kinds, j) is not None or self.names.match(texts[j:j + 1]) \
                    or _function_word(texts[j]):
                break
            took.append(words[j].text.capitalize() if caps[j] else words[j].text)
            j += 1
        if took:
            text = " ".join(took)
            out.append(Token("QUOTE", text, text))
        return j

    def _name_token(self, entries: list[Entry], said: Sequence[str], number: int | None,
                    exact: bool) -> Token:
        by_kind: dict[str, list[Entry]] = {}
        for e in entries:
            by_kind.setdefault(e.kind, []).append(e)
        kind = next((k for k in self.terminals if k in by_kind), next(iter(by_kind)))
        group = by_kind[kind]
        kept = narrow(group, number)
        everyone = tuple(dict.fromkeys(e.name for e in group))
        ref = NameRef(tuple(dict.fromkeys(e.name for e in kept)), " ".join(said), number, kind,
                      everyone)
        return Token(self.terminals.get(kind, "NAME"), ref, " ".join(said), exact=exact)


_PRONOUNS = {"его": "m", "него": "m", "ему": "m", "нему": "m", "нем": "m", "ней": "f", "нее": "f",
             "ее": "f", "ей": "f", "ею": "f", "нею": "f", "их": "pl", "них": "pl", "им": "pl",
             "ним": "pl", "ими": "pl", "ними": "pl", "him": "m", "her": "f", "them": "pl", "it": "n"}
"""Object pronouns (``сажусь ему на хвост``, ``fire at it``) and what they agree with: a
``PRON`` token, bound to a name of the board by :mod:`gmkit.language.prose`."""


_SIGNS = {"минус": -1, "minus": -1, "плюс": 1, "plus": 1}
_INSTRUMENTAL = frozenset({"за", "с", "со", "над", "под", "перед", "между", "with"})


def _pronoun(texts: Sequence[str], i: int) -> str:
    """The gender or number a pronoun asks for: «им»/«ним» is «him» after за, с, над...
    (``пикирую за ним``), else «them» (``огонь по ним``)."""
    got = _PRONOUNS[texts[i]]
    if texts[i] in ("им", "ним") and i and texts[i - 1] in _INSTRUMENTAL:
        return "m"
    return got


@lru_cache(maxsize=1 << 14)
def _known(word: str) -> bool:
    morph = analyser()
    return bool(morph is None or morph.word_is_known(word))


@dataclass(frozen=True)
class Clause:
    """One order-shaped part of a message: the grammar rule that read it and its tokens."""

    rule: str
    tokens: tuple[Token, ...]

    def first(self, kind: str) -> Token | None:
        return next((t for t in self.tokens if t.kind == kind), None)

    def all(self, *kinds: str) -> list[Token]:
        return [t for t in self.tokens if t.kind in kinds]

    @property
    def text(self) -> str:
        return " ".join(t.text for t in self.tokens)


class Grammar:
    """A lark (LALR) grammar over terminal names; :meth:`clauses` reads tokens into clauses.

    The grammar text names its terminals as ``NAME: "NAME"``-style literals built here from
    ``terminals``; rules whose name starts with ``stray`` are what was not understood.
    Works with lark 1.x and with the older ``lark-parser`` 0.9 that other packages may install
    under the same module name.
    """

    def __init__(self, rules: str, terminals: Iterable[str]):
        import lark

        self.terminals = sorted(set(terminals) | {"SEP"})
        decl = "\n".join(f'{t}: "{t}"' for t in self.terminals)
        self.text = rules.strip() + "\n\n" + decl + '\n%ignore " "\n'
        self._parser = lark.Lark(self.text, parser="lalr", start="start")
        self._cache: dict[str, list[tuple[str, tuple[int, ...]]]] = {}

    def _shape(self, kinds: str) -> list[tuple[str, tuple[int, ...]]]:
        got = self._cache.get(kinds)
        if got is not None:
            return got
        import lark

        offsets: dict[int, int] = {}
        pos = 0
        for k, kind in enumerate(kinds.split(" ")):
            offsets[pos] = k
            pos += len(kind) + 1
        try:
            tree = self._parser.parse(kinds)
        except lark.exceptions.LarkError:  # the grammar is total; this is a guard only
            shape: list[tuple[str, tuple[int, ...]]] = [("stray", (k,)) for k in range(len(offsets))]
        else:
            shape = []
            for sub in tree.children:
                if isinstance(sub, lark.Tree):
                    idx = tuple(offsets[_pos(t)]
                                for t in sub.scan_values(lambda v: isinstance(v, lark.Token)))
                    shape.append((str(sub.data), idx))
        if len(self._cache) < 4096:
            self._cache[kinds] = shape
        return shape

    def clauses(self, tokens: Sequence[Token]) -> list[Clause]:
        """The clauses of a token list, in order (``SEP`` tokens dropped)."""
        if not tokens:
            return []
        unknown = [t for t in tokens if t.kind not in self.terminals]
        if unknown:
            tokens = [t for t in tokens if t.kind in self.terminals]
        kinds = " ".join(t.kind for t in tokens)
        return [Clause(rule, tuple(tokens[k] for k in idx)) for rule, idx in self._shape(kinds)]


def _pos(tok: Any) -> int:
    pos = getattr(tok, "start_pos", None)
    if pos is None:
        pos = tok.pos_in_stream
    return int(pos)


Builder = Callable[..., Any]


@lru_cache(maxsize=4096)
def _function_word(word: str) -> bool:
    """A preposition, conjunction or particle: it ends a free name (``Буря на Бейна``)."""
    if word in ("on", "at", "to", "against", "and", "with", "for", "of", "then", "but"):
        return True
    if not is_cyrillic(word):
        return False
    morph = analyser()
    return morph is not None and morph.parse(word)[0].tag.POS in ("PREP", "CONJ", "PRCL")
