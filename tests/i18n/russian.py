"""A reader's eye for gmkit's Russian: the checks the grammar tests run on every text.

:func:`check` reads a text as a Russian reader would and lists what a reader would stop at:

* **case** — a name of the fight after a preposition in a case the preposition does not take
  («у Пепел», «по Мул»), in the nominative right after a transitive verb («атакует Шквал»,
  «бьёт Пепел») or right after another noun («ход Пепел», «сторона отряд»; a kind word before it,
  «дракон Пепел», is an apposition and fine);
* **agreement** — a past-tense verb, a short adjective or participle after a name in the
  nominative, in the same clause, that does not agree with its gender and number («Гроза
  потерял», «Молния уцелело», «Налётчики выбыл», «Мира … мёртв»);
* **hedge** — «убит(а)», «получил(а)»: the form was not chosen;
* **typography** — a hyphen for a minus («Скорость -1»), straight quotes, a decimal point;
* **code** — a code token (``snake_case``, a rule set's id) in a Russian sentence;
* **repeat** — the same clause three times or more in one text (a roll's dice, told again where
  a Benny's reroll and the action it decides both show it, or equal by chance, are no clause).

Names are the fight's (a :class:`~gmkit.i18n.grammar.Cast`): each occurrence is matched against
the forms the grammar gives it, so the check knows which case a name stands in. Words are
analysed with pymorphy3, the same dictionary that declines them — what it cannot tell apart
(«Тень» in the nominative and the accusative) is never reported.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from gmkit.i18n.grammar import CASES, Cast, Noun, analyser

PREPOSITIONS: dict[str, frozenset[str]] = {
    **{p: frozenset({"gen"}) for p in (
        "у", "от", "ото", "для", "без", "безо", "до", "из", "изо", "из-за", "из-под", "около", "возле",
        "после", "кроме", "против", "среди", "вместо", "мимо", "вокруг", "позади", "впереди", "сзади",
        "вдоль", "вне", "внутри", "напротив", "ради", "посреди", "вблизи", "помимо", "насчёт",
        "насчет")},
    **{p: frozenset({"dat"}) for p in ("к", "ко", "благодаря", "навстречу", "вопреки", "согласно")},
    "по": frozenset({"dat"}),  # «по колено», «по прибытии» are not said of names
    **{p: frozenset({"acc", "pre"}) for p in ("в", "во", "на", "о", "об", "обо")},
    **{p: frozenset({"acc", "ins"}) for p in ("за", "под", "подо")},
    **{p: frozenset({"acc"}) for p in ("про", "через", "сквозь", "сквозь")},
    "при": frozenset({"pre"}),
    **{p: frozenset({"ins", "gen"}) for p in ("с", "со")},
    **{p: frozenset({"ins"}) for p in ("над", "надо", "перед", "передо", "между", "меж")},
}
"""Each preposition with the cases a name after it may take."""

APPOSITION = frozenset({
    "дракон", "дракона", "драконица", "корабль", "корабля", "кораблю", "кораблём", "корабле",
    "пилот", "всадник", "всадница", "боец", "персонаж", "питомец", "зверь", "монстр", "заклинание",
    "оружие", "предмет", "крейсер", "фрегат", "станция", "сторона", "стороне", "стороны", "сторону",
    "стороной", "отряд", "игрок", "игрока", "игроку", "мастер", "ездовой", "конь", "эскадра",
})
"""Words a name may follow in the nominative as an apposition («дракон Пепел», «сторона
«Налётчики»» in quotes is caught by the quotes, not here)."""

CODE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b(?:dragons|space|fantasy|None|True|False)\b")
HEDGE = re.compile(r"[а-яё]\((?:а|о|и|ы|ла|ло|ли|ась|ось|ись|ая|ое|ые|ый)\)", re.I)
MINUS = re.compile(r"(?:^|[\s(=:;,«\[])-\d")
DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")
STRAIGHT = re.compile(r"[\"']")
CLAUSE_END = re.compile(r"[.;:!?()—–\n·|]|\s-\s|\s{2,}")
"""Where a clause ends: punctuation, a dash, or the gap between two columns of a table."""
MARKUP = re.compile(r"\[/?[a-z*]+(?:=[^\]]*)?\]|<[^<>]*>|&[a-z#0-9]+;", re.I)
URL = re.compile(r"\b(?:https?://|www\.)\S+|\S+\.(?:png|svg|html|jsonl|yaml|ipynb|txt)\b")
ROLL_NOTE = re.compile(r"\((?:[^()]|\([^()]*\))*\bd\d+\[(?:[^()]|\([^()]*\))*\)")
"""A roll's dice in parentheses, as a story line's annotation shows them (``(d8! дикий: d8[6]
дикий d6[3] (не в счёт) = 6)``): data, not a clause a person wrote."""


@dataclass(frozen=True)
class Finding:
    kind: str
    """``case``, ``agreement``, ``hedge``, ``typography``, ``code`` or ``repeat``."""
    text: str
    """The line it was found in."""
    detail: str

    def __str__(self) -> str:
        return f"[{self.kind}] {self.detail}: {self.text}"


def plain(text: str) -> str:
    """The text a reader reads: BBCode and HTML tags and entities removed, addresses removed."""
    text = MARKUP.sub(" ", text)
    return URL.sub(" ", text)


@lru_cache(maxsize=1 << 15)
def _parses(word: str) -> tuple[Any, ...]:
    morph = analyser()
    return tuple(morph.parse(word)) if morph is not None else ()


def _is_transitive_verb(word: str) -> bool:
    ps = _parses(word.lower())
    return bool(ps) and all(("VERB" in p.tag or "INFN" in p.tag) for p in ps[:1]) and "tran" in ps[0].tag


def _is_common_noun(word: str) -> bool:
    """A noun of the language (not a name), whatever its case; not a kind word of apposition."""
    low = word.lower()
    if low in APPOSITION or low in PREPOSITIONS or not word.isalpha() or word[:1].isupper():
        return False
    ps = _parses(low)
    return bool(ps) and ps[0].score > 0.5 and "NOUN" in ps[0].tag and ps[0].is_known and (
        "Name" not in ps[0].tag and "Surn" not in ps[0].tag)


_GENDER_TAG = {"masc": "m", "femn": "f", "neut": "n"}


def _agreement_forms(word: str) -> set[str] | None:
    """The genders a past-tense verb, short adjective or participle ``word`` can agree with; None
    when the word is none of those."""
    all_parses = _parses(word.lower())
    if not all_parses or not _agreeing(all_parses[0]):  # «горизонтально» is first an adverb
        return None
    ps = [p for p in all_parses if _agreeing(p)]
    out = set()
    for p in ps:
        if "plur" in p.tag:
            out.add("pl")
        else:
            g = _GENDER_TAG.get(str(p.tag.gender))
            if g:
                out.add(g)
    return out or None


def _agreeing(p: Any) -> bool:
    return ("VERB" in p.tag and "past" in p.tag) or "ADJS" in p.tag or "PRTS" in p.tag


class _Occurrence:
    __slots__ = ("cases", "end", "noun", "start")

    def __init__(self, start: int, end: int, noun: Noun, cases: set[str]):
        self.start, self.end, self.noun, self.cases = start, end, noun, cases


def _occurrences(line: str, nouns: list[Noun]) -> list[_Occurrence]:
    """Every name form in ``line`` (longest first, whole words), with the cases it may be in."""
    found: list[_Occurrence] = []
    taken = [False] * len(line)
    forms: list[tuple[str, Noun, set[str]]] = []
    for noun in nouns:
        by_form: dict[str, set[str]] = {}
        for case in CASES:
            by_form.setdefault(noun[case], set()).add(case)
        forms += [(f, noun, cases) for f, cases in by_form.items()]
    forms.sort(key=lambda x: -len(x[0]))
    for form, noun, cases in forms:
        for m in re.finditer(r"(?<![\w-])" + re.escape(form) + r"(?![\w-])", line):
            if any(taken[m.start():m.end()]):
                continue
            for i in range(m.start(), m.end()):
                taken[i] = True
            found.append(_Occurrence(m.start(), m.end(), noun, set(cases)))
    return sorted(found, key=lambda o: o.start)


_WORD = re.compile(r"[А-Яа-яЁёA-Za-z-]+")


def _word_before(line: str, start: int) -> str | None:
    """The word right before ``start``, with only spaces or an opening quote between."""
    head = line[:start].rstrip(" \u00a0«")
    m = re.search(r"([А-Яа-яЁёA-Za-z-]+)$", head)
    return m.group(1) if m else None


def _starts_clause(text: str, start: int, verb: str) -> bool:
    """Whether ``verb`` (the word right before ``start``) opens its clause: then the name after it
    is its subject, said after the verb («Побеждает Гроза», «X: атакует Шквал»), not its object."""
    head = text[:start].rstrip(" \u00a0«")
    before = head[: len(head) - len(verb)]
    end = max((m.end() for m in CLAUSE_END.finditer(before)), default=0)
    return not before[end:].strip()


def check_line(line: str, cast: Cast, nouns: list[Noun] | None = None) -> list[Finding]:
    """What a reader would stop at in one line of Russian text."""
    text = plain(line)
    if not re.search("[а-яё]", text, re.I):
        return []
    out: list[Finding] = []
    if HEDGE.search(text):
        out.append(Finding("hedge", line, f"a form not chosen: {HEDGE.search(text).group(0)!r}"))  # type: ignore[union-attr]
    if MINUS.search(text):
        out.append(Finding("typography", line, "a hyphen for a minus sign"))
    if STRAIGHT.search(text):
        out.append(Finding("typography", line, "straight quotes (Russian uses «»)"))
    if DECIMAL.search(text):
        out.append(Finding("typography", line, f"a decimal point: {DECIMAL.search(text).group(0)}"))  # type: ignore[union-attr]
    code = CODE.search(text)
    if code:
        out.append(Finding("code", line, f"a code token: {code.group(0)}"))
    if nouns is None:
        nouns = [cast.noun(n) for n in cast.names()]
    occ = _occurrences(text, nouns)
    for k, o in enumerate(occ):
        said = text[o.start:o.end]
        declinable = len({o.noun[c] for c in CASES}) > 1
        before = _word_before(text, o.start)
        if re.search(r"[ \t]{2,}$", text[:o.start]):
            before = None  # a table's next column: no word of the same clause before it
        if before is not None and declinable:
            low = before.lower()
            if low in PREPOSITIONS:
                allowed = PREPOSITIONS[low]
                if not (o.cases & allowed):
                    want = "/".join(sorted(allowed))
                    out.append(Finding("case", line, f"«{before} {said}»: «{before}» takes {want}, "
                                                     f"e.g. «{o.noun[sorted(allowed)[0]]}»"))
            elif (o.cases == {"nom"} and _is_transitive_verb(low)
                  and not _starts_clause(text, o.start, before)):
                out.append(Finding("case", line, f"«{before} {said}»: the object of «{before}» "
                                                 f"is «{o.noun['acc']}»"))
            elif o.cases == {"nom"} and _is_common_noun(before) and text[o.start - 1] != "«":
                out.append(Finding("case", line, f"«{before} {said}»: a name after a noun is in "
                                                 f"the genitive, «{o.noun['gen']}»"))
        if "nom" in o.cases and o.cases <= {"nom", "acc"}:
            if k + 1 < len(occ) and text[o.end:occ[k + 1].start] in (" и ", ", ", " и\u00a0"):
                continue  # «Мул и Молния сошлись»: the verb agrees with both, checked at the last
            together = k > 0 and text[occ[k - 1].end:o.start] in (" и ", " и\u00a0")
            out += _agreement(line, text, o, occ[k + 1].start if k + 1 < len(occ) else len(text),
                              "pl" if together else o.noun.gender)
    return out


def _agreement(line: str, text: str, o: _Occurrence, stop: int, gender: str) -> list[Finding]:
    """The first past-tense verb or short form after the name in its clause must agree with it."""
    if o.cases == {"nom", "acc"} and _word_before(text, o.start) in ("атакует", "бьёт"):
        return []
    rest = text[o.end:stop]
    end = CLAUSE_END.search(rest)
    clause = rest[: end.start()] if end else rest
    for m in _WORD.finditer(clause):
        word = m.group(0)
        genders = _agreement_forms(word)
        if genders is None:
            continue
        if gender not in genders:
            return [Finding("agreement", line, f"«{text[o.start:o.end]} … {word}»: {word!r} does not "
                                               f"agree with a name of gender {gender}")]
        return []
    return []


def check(text: str, cast: Cast, repeats: bool = True) -> list[Finding]:
    """Every finding in a text (a round's post, a brief, a report), line by line, and with
    ``repeats`` clauses said three times or more (a round's post; a whole fight's report repeats
    «промахивается» round after round by right)."""
    nouns = [cast.noun(n) for n in cast.names()]
    out: list[Finding] = []
    for line in text.splitlines():
        out += check_line(line, cast, nouns)
    if not repeats:
        return out
    told = ROLL_NOTE.sub(" ", plain(text))
    clauses = Counter(c.strip() for c in re.split(r"[.;!?\n]", told) if len(c.strip()) > 12
                      and re.search("[а-яё]", c, re.I))
    out += [Finding("repeat", c, f"the same clause {n} times") for c, n in clauses.items() if n >= 3]
    return out
