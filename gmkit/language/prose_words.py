"""The words forum prose is cut by (:mod:`gmkit.language.prose`): the marks that end a sentence or a
clause, the words of negation, condition, asides and pronouns, what a word is by its tags (a
verb's person, a possible nominative, a content word), and a pronoun bound to the names it may
mean, and which token each word is part of. Apart from the cutting itself, so that the
corrections (:mod:`~.corrections`) share them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import pairwise

from .grammar import NameRef, Token
from .morph import analyser, forms, is_cyrillic
from .text import Word

__all__ = ["ARGUMENTS", "object_form", "name_genders"]

_SENTENCE = frozenset({".", "!", "?", ";", "\n", "(", ")"})
"""Marks that end a sentence; a remark in brackets is a sentence of its own (``пикирую на 1
(или на 2? нет, на 1)``: its question mark asks about it alone)."""
_CLAUSE = frozenset({",", ":", "—", "-"})
_ASIDE = frozenset({"пока", "пусть", "пускай", "хотя", "будто", "словно", "ибо", "как", "что",
                    "чем", "покуда", "while", "though", "although", "because", "until", "let",
                    "whilst", "as", "that", "кто", "кого", "кому", "кем", "ком", "который",
                    "которая", "которое", "которые", "которого", "которой", "которым", "которых",
                    "who", "which"})
"""Words that open a clause the player does not order: time, wish, comparison, report, and
which one (``атакую того, кто ниже``: "ниже" there is no dive)."""
_CONSEQUENCE = frozenset({"поэтому", "потому", "значит", "следовательно", "итак", "тогда",
                          "therefore", "hence", "thus", "so"})
"""Words that open the player's own conclusion (``Чайка ушла, поэтому огонь по ней``)."""
_CONDITION = frozenset({"если", "когда", "коли", "ежели", "if", "when", "once", "unless", "whenever"})
"""Words that open a condition: an order given only if something happens."""
_NEGATION = frozenset({"не", "ни", "без", "not", "no", "don't", "dont", "never", "without",
                       "won't", "nor", "neither", "нет"})
_NOBODY = frozenset({"ничто", "никто", "никакой", "никак", "никуда", "нисколько", "ничей",
                     "nothing", "nobody", "none", "noone", "no one"})
"""Negative pronouns (their dictionary forms): ``ничего не делаю`` is itself an order."""
_WITHOUT = frozenset({"без", "without"})
"""``без атак``: only what follows it is negated, not the clause."""
_INSTEAD = frozenset({"вместо", "instead"})
"""``вместо Шквала`` / ``instead of``: the name after it is not meant."""
_PREPOSITIONS = frozenset({"в", "во", "на", "по", "к", "ко", "с", "со", "за", "под", "над", "от",
                           "у", "из", "для", "о", "об", "при", "через", "до", "между", "at", "on",
                           "to", "with", "by", "from", "into", "onto", "for", "of", "behind"})
_OWN = frozenset({"я", "мы", "i", "we"})
_EDITED = frozenset({"upd", "edit", "edited", "update", "апд", "упд", "ред", "поправка", "исправление"})
"""A line opening ``UPD:`` or ``EDIT:``: what follows says again what the player meant."""
_SUBJECT_PRONOUNS = {"он": "m", "она": "f", "оно": "n", "они": "pl", "he": "m", "she": "f",
                     "it": "n", "they": "pl"}
_DECLINE = frozenset({"быть", "стать", "хотеть", "мочь", "решиться", "решаться", "собираться",
                      "надо", "нужно", "стоить", "will", "want", "going"})
"""Verbs a player declines an order with (``но не буду``, ``не стану``, ``won't``)."""
_CANCEL = frozenset({"отменять", "отменить", "отмена", "отбой", "забыть", "отставить", "cancel",
                     "cancelled", "disregard", "forget", "scrap", "belay"})
"""Words (dictionary forms) that call off an order or a part of it (``атаку отменяю``)."""
_SUBJUNCTIVE = frozenset({"бы", "б", "would", "could", "should", "might", "i'd", "we'd"})
"""``я бы спикировал``: what the player might do, not what they do."""
_PAST_TIME = frozenset({"прошлый", "раньше", "прежде", "вчера", "позапрошлый", "давеча",
                        "previously", "earlier", "ago", "yesterday"})
"""Words of a time gone by (their dictionary forms): a clause with one tells what was."""
_PAST_NOUNS = frozenset({"round", "turn", "time"})
"""``last round``: an English word of time after ``last``."""


def _past_time(words: Sequence[Word], i: int) -> bool:
    """Word ``i`` places its clause in the past: ``в прошлом раунде``, ``раньше``, ``last round``."""
    w = words[i].text
    if w == "last":
        return i + 1 < len(words) and words[i + 1].text in _PAST_NOUNS
    if w == "до" and i + 1 < len(words) and words[i + 1].text == "этого":
        return True
    return any(f in _PAST_TIME for f in forms(w))


_NEXT = frozenset({"следующий", "следующее", "будущий", "next"})
_ROUND_NOUNS = frozenset({"раунд", "ход", "круг", "тур", "раз", "round", "turn", "time"})
"""``в следующем раунде``, ``next turn``: a later round's order is not this round's."""


def _later_time(words: Sequence[Word], i: int) -> bool:
    """Word ``i`` and the next place the clause in a later round (``в следующем раунде``,
    ``на следующем ходу``, ``next round``); ``атакую следующего`` is no time."""
    if i + 1 >= len(words) or words[i + 1].kind != "word":
        return False
    w, n = words[i].text, words[i + 1].text
    if w == "next" or not is_cyrillic(w):
        return w == "next" and n in _ROUND_NOUNS
    return any(f in _NEXT for f in forms(w)) and any(f in _ROUND_NOUNS for f in forms(n))


_AFTERWARDS = frozenset({"позже", "попозже", "потом", "запас", "later", "afterwards"})
"""``Чайкой займёмся потом``, ``исцеление держу про запас``: closing a clause, a time after this round."""


def _told_as_later(words: Sequence[Word], clause: Sequence[int]) -> bool:
    """The clause gives an order for a later round (``в следующем раунде пикирую на 2``,
    ``Чайкой займёмся потом``); ``потом`` opening a clause is the next step of this turn."""
    spoken = [i for i in clause if words[i].kind == "word"]
    return any(_later_time(words, i) for i in spoken) or (
        len(spoken) > 1 and words[spoken[-1]].text in _AFTERWARDS)


def _for_now(words: Sequence[Word], tokens: Sequence[Token], cover: dict[int, int], i: int) -> bool:
    """``пока`` at ``i`` means "for now", not "while": ``а пока ровно``, ``но пока просто
    ровно``, ``пока что держу``, or an order word right after it (``пока ровно``); ``пока Шквал
    пикирует`` is a time clause."""
    if words[i].text != "пока":
        return False
    if i and words[i - 1].text in ("а", "но"):
        return True
    j = i + 1
    while j < len(words) and words[j].kind == "word" and words[j].text in ("что", "же", "просто",
                                                                             "только", "лишь"):
        j += 1
    if j > i + 1 and words[i + 1].text in ("что", "же"):
        return True
    if j < len(words) and _nobody(words[j].text):
        return True  # «Лечить пока никого не буду»
    if j + 1 < len(words) and words[j].text in _NEGATION:  # «пока не стреляю», not «пока не упадёт»
        nxt = j + 1
        return _verb(words[nxt].text) in ("1", "inf") or (
            nxt in cover and tokens[cover[nxt]].kind not in ("NAME", "SEP"))
    return j < len(words) and words[j].kind == "word" and j in cover and \
        tokens[cover[j]].kind not in ("NAME", "SEP")


def _or_not(words: Sequence[Word], clause: Sequence[int]) -> str | None:
    """Where the clause says ``или нет`` / ``or not``, doubting an order: ``"start"`` (``… или
    нет, подожду``: the clause before is doubted), ``"end"`` (``Пламя по Шквалу или нет``: this
    one is) or None."""
    texts = [words[i].text for i in clause if words[i].kind == "word" and not words[i].text.isdigit()]
    if len(texts) > 1 and texts[0] in _OR and texts[1] in ("нет", "не", "not", "no", "wait"):
        return "start"  # «…или нет, подожду», «or wait, no, I'll hold»
    if len(texts) > 2 and texts[-2] in _OR and texts[-1] in ("нет", "not", "no"):
        return "end"
    return None


def _told_as_past(words: Sequence[Word], tokens: Sequence[Token], cover: dict[int, int],
                  clause: Sequence[int]) -> bool:
    """The clause places itself in the past (``в прошлом раунде``, ``last round``) and has no
    verb of the player's present (``пикирую``, ``пикируй``): it tells what was."""
    if not any(_past_time(words, i) for i in clause
               if i not in cover or tokens[cover[i]].kind not in ("AGAIN", "NAME")):
        return False
    return not any(_verb(words[i].text) in ("1", "impr") for i in clause if words[i].kind == "word")


_HEDGE = frozenset({"думать", "подумывать", "размышлять", "колебаться", "сомневаться"})
"""Verbs of weighing a choice: with an infinitive (``думаю пикировать``) no order is given yet."""
_UNSURE = frozenset({"знать", "уверенный", "уверен", "уверена", "уверены"})
"""``не знаю``, ``не уверен``: with a negation the player says they have not decided."""
_RETRACT = frozenset({"шутка", "шучу", "шутю", "joke", "joking", "kidding", "jk"})
"""``пикирую на 2 — шутка``: the player takes back what came before."""


def _unsure(words: Sequence[Word], cover: dict[int, int], clause: Sequence[int]) -> bool:
    """The clause says the player is not sure (``не знаю``, ``не уверена``, ``not sure``,
    ``don't know``); ``не знаю, что задумала Мгла`` is a clause of its own, and no doubt of theirs."""
    texts = [words[i].text for i in clause if words[i].kind == "word" and i not in cover]
    for a, b in pairwise(texts):
        if (a in ("не", "not", "don't", "dont", "do") and b in ("sure", "know", "certain")) or \
                (a == "не" and any(f in _UNSURE for f in forms(b))):
            return not any(w in ("что", "кто", "куда", "what", "who", "where", "whether", "if")
                           for w in texts)
    return False


_WAIT = frozenset({"подождать", "обождать", "переждать", "ждать", "wait", "hold"})
"""``…или нет, подожду``: the player waits instead (its dictionary forms)."""
_DEFERRING = (("let", "me", "think"), ("hold", "on"), ("not", "yet"), ("дайте", "подумать"),
              ("дай", "подумать"), ("надо", "подумать"), ("подумаю",), ("погоди",), ("погодите",),
              ("пока", "не"), ("еще", "не"),
              *((*lead, w) for lead in (("give", "me", "a"), ("wait", "a"), ("just", "a"))
                for w in ("sec", "second", "moment", "minute", "bit")))
"""Words that put the decision off (``hold on, let me think``, ``doesn't shoot yet``, ``пока не
стреляю``): the order before them is not given yet."""


_DEFERRING_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _p in _DEFERRING:
    _DEFERRING_BY_FIRST.setdefault(_p[0], []).append(_p)


def _deferring(words: Sequence[Word], clause: Sequence[int]) -> bool:
    """The clause puts the player's decision off: no order before it is final."""
    texts = [words[i].text for i in clause if words[i].kind == "word"]
    if texts and texts[-1] == "yet" and any(w in _NEGATION or w.endswith("n't") for w in texts):
        return True  # «doesn't shoot yet»
    return any(tuple(texts[n:n + len(p)]) == p for n, w in enumerate(texts)
               for p in _DEFERRING_BY_FIRST.get(w, ()))


def _hedged(words: Sequence[Word], cover: dict[int, int], clause: Sequence[int]) -> bool:
    """The clause weighs an action (``думаю пикировать``) or asks whether (``пикировать ли``)."""
    texts = [words[i].text for i in clause if words[i].kind == "word"]
    if any(w in ("ли", "whether") for i, w in zip(clause, texts, strict=False) if i not in cover):
        return True
    return any(f in _HEDGE for w in texts for f in forms(w)) and any(_verb(w) == "inf" for w in texts)


def _let_be(words: Sequence[Word], clause: Sequence[int]) -> bool:
    """``пусть будет ровно``: the player settles on an order, not a wish about another."""
    texts = [words[i].text for i in clause if words[i].kind == "word"]
    return len(texts) > 2 and texts[0] in ("пусть", "пускай") and texts[1] == "будет"


def _retracts(words: Sequence[Word], cover: dict[int, int], clause: Sequence[int]) -> bool:
    """The clause takes back what came before (``шутка``, ``just kidding``), not negated."""
    texts = [words[i].text for i in clause if words[i].kind == "word" and i not in cover]
    return any(w in _RETRACT for w in texts) and not any(w in _NEGATION for w in texts)


_REPEAT = frozenset({"дважды", "трижды", "четырежды", "twice", "thrice"})
"""Words that ask for an action more than once."""


def _repeats(words: Sequence[Word], clause: Sequence[int], cover: dict[int, int]) -> list[str]:
    """The words of the clause that ask for an action again (``дважды``, ``ещё раз``)."""
    out = []
    for n, i in enumerate(clause):
        w = words[i].text
        if i in cover:
            continue
        if w in _REPEAT:
            out.append(w)
        elif w == "раз" and n > 0 and words[clause[n - 1]].text in ("ещё", "еще"):
            out.append(f"{words[clause[n - 1]].text} {w}")
    return out


_OR = frozenset({"или", "либо", "or"})
"""Words that leave a choice open."""


def _either(words: Sequence[Word], tokens: Sequence[Token], cover: dict[int, int],
            clause: Sequence[int]) -> bool:
    """The clause leaves a choice open (``рублю вожака или крыс``): ``или``/``or`` with an order
    word after it. A rule set whose orders hold a choice reads its ``или`` as a token (a dragon's
    Force: ``speed up or height down``), and ``или лучше`` is a correction: neither is this."""
    for n, i in enumerate(clause):
        if words[i].text in _OR and i not in cover:
            if any(j in cover and tokens[cover[j]].kind not in ("SEP", "OR", "CORR")
                   for j in clause[n + 1:]):
                return True
    return False


ARGUMENTS = frozenset({"NAME", "WEAPON", "SPELL", "ITEM", "NUM", "SIGNED", "CELL", "SYSTEMS", "HULL",
                       "ORD", "QUOTE", "DIE"})
"""Token kinds that are an order's arguments, not its head: a correction may give only these."""
_NOT_HEADS = ARGUMENTS | {"SEP", "SPEED", "HEIGHT", "OR", "UP", "DOWN", "PATH", "CELLWORD", "SELF", "TO"}


@lru_cache(maxsize=1 << 14)
def _verb(word: str) -> str | None:
    """``"1"``, ``"3"`` (third person or past: someone named), ``"impr"``, ``"inf"`` or None."""
    if not is_cyrillic(word):
        return None
    morph = analyser()
    if morph is None:
        return None
    p = morph.parse(word)[0]
    tag = p.tag
    if tag.POS == "VERB":
        if tag.mood == "impr":
            return "impr"
        if tag.person == "1per":
            return "1"
        if tag.person in ("2per",):
            return "impr"
        return "3"
    if tag.POS == "INFN":
        return "inf"
    return None


@lru_cache(maxsize=1 << 14)
def _nominative(word: str) -> bool:
    """The word may be a name in the nominative (a subject): a Latin or unknown word may."""
    if not is_cyrillic(word):
        return True
    morph = analyser()
    if morph is None:
        return True
    parses = morph.parse(word)[:4]
    return any("nomn" in p.tag for p in parses) or not morph.word_is_known(word)


_PREDICATES = frozenset({"ADJS", "PRTS", "COMP", "ADVB"})
"""What a verbless sentence says of its subject: ``Чайка далековато``, ``Мгла ближе``, ``вожак ранен``."""


def _described(words: Sequence[Word], tokens: Sequence[Token], cover: dict[int, int],
               clause: Sequence[int]) -> bool:
    """A verbless clause that says how a named one is (``Чайка далековато``, ``Мгла ближе``):
    a remark, the name no order's argument."""
    kinds = {tokens[cover[i]].kind for i in clause if i in cover}
    if "NAME" not in kinds or kinds - {"NAME", "SEP"}:
        return False  # (asked of nearly every clause: the parses only when it may be one)
    named = spoken = 0
    prev = ""
    morph = analyser()
    for i in clause:
        w = words[i]
        if w.kind != "word":
            continue
        t = tokens[cover[i]] if i in cover else None
        if t is not None and t.kind not in ("NAME", "SEP"):
            return False
        if t is not None and t.kind == "NAME" and prev not in _PREPOSITIONS and _nominative(w.text):
            named += 1
        elif t is None and is_cyrillic(w.text) and _verb(w.text) is None:
            p = morph.parse(w.text)[0] if morph is not None else None
            spoken += p is not None and p.tag.POS in _PREDICATES and p.score >= 0.5
        prev = w.text
    return named > 0 and spoken > 0


_FILLER = frozenset({"the", "a", "an", "my", "his", "her", "their", "our", "your", "at", "with",
                     "on", "to", "of", "in", "into", "and", "then", "please", "now", "again",
                     "just", "also", "all", "this", "that", "one", "its", "out", "up",
                     "down", "off", "away", "here", "there", "too", "very", "ok", "okay"})


@lru_cache(maxsize=1 << 14)
def _content(word: str) -> bool:
    """A word that names something: a noun, an adjective or a number word, or a word the
    dictionary does not know (a name, or a misspelling)."""
    if len(word) < 3:
        return False
    if not is_cyrillic(word):
        return word not in _FILLER and word.isalpha()
    morph = analyser()
    if morph is None:
        return True
    if not morph.word_is_known(word):
        return True
    return morph.parse(word)[0].tag.POS in ("NOUN", "ADJF", "NUMR")


@lru_cache(maxsize=1 << 14)
def object_form(text: str) -> bool:
    """A Russian name written in a case that is not the nominative (``Мглу``, ``Шквалу``): the
    object of something, not a subject or an address."""
    first = text.split(" ")[0].lower()
    return is_cyrillic(first) and not _nominative(first)


@lru_cache(maxsize=1 << 14)
def _noun_subject(word: str) -> bool:
    """A Russian common noun that is surely a nominative: the subject of the verb after it."""
    if not is_cyrillic(word):
        return False
    morph = analyser()
    if morph is None or not morph.word_is_known(word):
        return False
    p = morph.parse(word)[0]
    return p.tag.POS == "NOUN" and "nomn" in p.tag and p.score >= 0.5


def _fits(gender: str | None, pronoun: str) -> bool:
    if gender is None:
        return pronoun != "pl"
    if pronoun == "m":
        return gender in ("m", "n")
    if pronoun == "n":
        return gender in ("n", "m")
    return gender == pronoun


@lru_cache(maxsize=4096)
def _nobody(word: str) -> bool:
    return word in _NOBODY or any(f in _NOBODY for f in forms(word))


def _pronoun(t: Token, mentioned: list[str], me: frozenset[str],
             genders: Callable[[str], str | None]) -> Token:
    """A ``PRON`` token as a ``NAME`` with no name yet: ``everyone`` holds the gender it needs,
    then the names mentioned before it that fit, the last first. The rule set binds it to the
    last of those its order can mean (a foe to attack, a friend to heal), else to the one
    participant that fits, else asks (:meth:`~gmkit.language.base.Context.narrow`)."""
    if t.kind != "PRON":
        return t
    want = str(t.value)
    recent = [n for n in reversed(mentioned) if n not in me and _fits(genders(n), want)]
    return replace(t, kind="NAME", value=NameRef((), t.text, kind="participant", pronoun=True,
                                                 everyone=(want, *dict.fromkeys(recent))))


def name_genders(names: Iterable[tuple[str, str | None]]) -> dict[str, str | None]:
    """A participant's gender for pronouns, from the scenario's ``gender:`` or the catalogue's
    grammar (:mod:`gmkit.i18n.grammar`); None when only guessed (a Latin name)."""
    from ..i18n import grammar

    out: dict[str, str | None] = {}
    for name, kind in names:
        n = grammar.noun(name, kind)
        out[name] = n.gender if n.gender_known else None
    return out


def _cover(words: Sequence[Word], tokens: Sequence[Token]) -> dict[int, int]:
    """Word index -> the index of the token it is part of (the narrowest: a number read inside
    a phrase, ``набираю две высоты``, is its own token)."""
    out: dict[int, int] = {}
    width: dict[int, int] = {}
    starts = [w.start for w in words]
    from bisect import bisect_left

    for k, t in enumerate(tokens):
        if t.start < 0:
            continue
        i = bisect_left(starts, t.start)
        while i < len(words) and (words[i].start < t.end or (
                words[i].start == t.start and words[i].end <= t.start)):
            span = t.end - t.start
            if i not in out or span < width[i]:
                out[i], width[i] = k, span
            i += 1
    return out
