"""Whose clause it is: its subject (a name, a pronoun, «я»/«мы», a noun), a label («Гроза —»,
«За Грозу:»), a joint subject with the actor, or words said to a comrade."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .grammar import NameRef, Token
from .morph import analyser, is_cyrillic
from .prose_words import (
    _NOT_HEADS,
    _OWN,
    _PREPOSITIONS,
    _SUBJECT_PRONOUNS,
    _fits,
    _nominative,
    _noun_subject,
    _verb,
)
from .selection import ProseClause
from .text import Word


def _subject(words: Sequence[Word], tokens: Sequence[Token], cover: dict[int, int], c: ProseClause,
             clauses: list[ProseClause], k: int, me: frozenset[str], mentioned: list[str],
             genders: Callable[[str], str | None]) -> tuple[str | None, str | None]:
    """(whose clause it is by its subject: ``"own"``, ``"other"`` or None when it names none;
    the verb's person: ``"1"``, ``"3"``, ``"impr"``, ``"inf"`` or None)."""
    person = None
    verb_at = None
    for i in c.words:
        w = words[i]
        if w.kind != "word":
            continue
        t = tokens[cover[i]] if i in cover else None
        if t is not None and t.kind == "NAME":
            continue
        got = _verb(w.text)
        if got is not None:
            person, verb_at = got, i
            break
    english = person is None and not any(is_cyrillic(words[i].text) for i in c.words
                                         if (i not in cover or tokens[cover[i]].kind != "NAME"))
    prev = None
    content = False  # a word other than an article came before
    for i in c.words:
        w = words[i]
        if verb_at is not None and i >= verb_at:
            break
        if w.kind != "word":
            continue
        if w.text in _OWN:
            return "own", person or "1"
        if w.text in _SUBJECT_PRONOUNS and prev not in _PREPOSITIONS and \
                (is_cyrillic(w.text) or not content):  # «hit it»: an English object follows its verb
            g = _SUBJECT_PRONOUNS[w.text]
            who = next((n for n in [*reversed(mentioned), *me] if _fits(genders(n), g)), None)
            if who is None:
                return None, person
            return ("own" if who in me else "other"), person or "3"
        t = tokens[cover[i]] if i in cover else None
        if t is None and person == "3" and prev not in _PREPOSITIONS and _noun_subject(w.text):
            return "other", person  # «Экипаж ждёт приказа»: someone who is not the actor
        if t is not None and t.kind == "NAME" and isinstance(t.value, NameRef) and \
                not t.value.pronoun and ((prev not in _PREPOSITIONS and _nominative(w.text)) or (
                    prev in ("за", "for") and _labelled(words, c, t, prev) and
                    (prev == "for" or _accusative(w.text)))):  # «За Грозу: ровно», not «За Шквалом: ровно»
            label = _labelled(words, c, t, prev if prev in ("за", "for") else None)
            if person in ("3", None) and (verb_at is not None or label or english):
                if english and verb_at is None and not label and (
                        content or not _english_verb_after(words, c, t)):
                    return None, person
                c.subject = cover[i]
                own = bool(set(t.value.names) & me) or _joint(words, tokens, cover, clauses, k, me, verb_at)
                return ("own" if own else "other"), person or "3"
        if t is None or t.kind not in ("SEP",):
            prev = w.text
            content = content or w.text not in ("the", "a", "an")
    j = k - 1
    while j >= 0 and clauses[j].sentence == c.sentence and clauses[j].status == "aside":
        j -= 1  # "Шквал, как и я, держит высоту": past the aside to the subject
    if person == "3" and j >= 0 and clauses[j].sentence == c.sentence:
        before = clauses[j]
        names = [tokens[j] for j in before.tokens if tokens[j].kind == "NAME"]
        heads = [tokens[j] for j in before.tokens if tokens[j].kind not in _NOT_HEADS]
        said = [words[i].text for i in before.words if words[i].kind == "word"]
        if names and not heads and all(isinstance(n.value, NameRef) for n in names) and \
                not _PREPOSITIONS & set(said):  # «и по Мгле, если останется…»: no subject
            own = any(set(n.value.names) & me for n in names)
            before.status = "own" if own else "other"
            return ("own" if own else "other"), person
    return None, person


def _joint(words: Sequence[Word], tokens: Sequence[Token], cover: dict[int, int],
           clauses: list[ProseClause], k: int, me: frozenset[str], verb_at: int | None) -> bool:
    """``Борин и Пёс атакуют вожака``: the actor named alone just before, joined by ``и`` to a
    plural verb, is a subject too: the clause is the actor's order (their part of it)."""
    if not k or verb_at is None or clauses[k - 1].sentence != clauses[k].sentence:
        return False
    before = clauses[k - 1]
    names = [tokens[i] for i in before.tokens]
    first = next((words[i].text for i in clauses[k].words if words[i].kind == "word"), "")
    if first not in ("и", "and") or not names or any(
            t.kind != "NAME" or not isinstance(t.value, NameRef) for t in names) or \
            not any(set(t.value.names) & me for t in names):
        return False
    morph = analyser()
    if morph is None or "plur" not in morph.parse(words[verb_at].text)[0].tag:
        return False
    before.subject = before.tokens[0]
    return True


def _addressed(words: Sequence[Word], tokens: Sequence[Token], clauses: list[ProseClause], k: int,
               me: frozenset[str]) -> bool:
    """The clause before, in the same sentence, is only another participant's name: the
    imperative is said to them (``Гроза, бей Шквала!``; ``Кира, вниз!`` is the actor's pilot)."""
    if not k or clauses[k - 1].sentence != clauses[k].sentence:
        return False
    before = clauses[k - 1]
    names = [tokens[i] for i in before.tokens if tokens[i].kind != "SEP"]
    spoken = [i for i in before.words if words[i].kind == "word"]
    return len(names) == 1 and names[0].kind == "NAME" and isinstance(names[0].value, NameRef) \
        and not names[0].value.pronoun and not set(names[0].value.names) & me and \
        all(words[i].start >= names[0].start for i in spoken)


def _accusative(word: str) -> bool:
    """The word may be in the accusative (``за Грозу``, ``за Пепла``); Latin ones may."""
    morph = analyser()
    return not is_cyrillic(word) or morph is None or any("accs" in p.tag for p in morph.parse(word)[:4])


def _labelled(words: Sequence[Word], c: ProseClause, t: Token, lead: str | None = None) -> bool:
    """``Гроза — ровно`` / ``Пепел: ровно`` / ``За Грозу: ровно``: the name alone (after ``lead``,
    when given) before a colon or a dash."""
    rest = [words[i] for i in c.words if words[i].start >= t.end]
    return bool(rest) and rest[0].kind == "mark" and rest[0].text in (":", "—", "-") and all(
        words[i].kind == "mark" or words[i].start >= t.start or words[i].text == lead
        for i in c.words)


def _english_verb_after(words: Sequence[Word], c: ProseClause, t: Token) -> bool:
    """``Ash dives``: an English name followed by a verb in ``-s``."""
    rest = [words[i] for i in c.words if words[i].start >= t.end and words[i].kind == "word"]
    return bool(rest) and rest[0].text.endswith("s") and rest[0].text not in ("is", "was", "has")
