"""A message cut into sentences and clauses (marks, conjunctions, corrections, edits), and what
the clauses beside one say: the prose reader's first step (:mod:`gmkit.language.prose`)."""

from __future__ import annotations

from collections.abc import Sequence

from .grammar import Token
from .prose_words import (
    _AFTERWARDS,
    _ASIDE,
    _CLAUSE,
    _CONDITION,
    _EDITED,
    _NOT_HEADS,
    _OR,
    _SENTENCE,
    _later_time,
)
from .selection import ProseClause
from .text import Word


def _clauses(words: Sequence[Word], tokens: Sequence[Token], cover: dict[int, int]) -> list[ProseClause]:
    out: list[ProseClause] = []
    sentence = 0
    cur = ProseClause([], 0)

    def close() -> None:
        nonlocal cur
        if cur.words:
            cur.tokens = sorted({cover[i] for i in cur.words if i in cover})
            out.append(cur)
        cur = ProseClause([], sentence)

    line_start = True
    for i, w in enumerate(words):
        t = tokens[cover[i]] if i in cover else None
        if w.kind == "mark" and w.text in _SENTENCE:
            cur.words.append(i)
            close()
            sentence += 1
            cur.sentence = sentence
            line_start = w.text == "\n"
            continue
        if _corrects_above(words, cover, i, line_start):  # «*в Волка 1», «UPD: по Буревестнику»
            close()
            cur.words.append(i)
            cur.correction = True
            line_start = False
            continue
        line_start = False
        if w.kind == "mark" and w.text in _CLAUSE:
            cur.words.append(i)
            close()
            continue
        head = t is not None and t.kind in ("AGAIN", "CORR") and w.start == t.start
        negating = w.text in ("нет", "no") and i and words[i - 1].kind != "mark" and (
            (i - 1) in cover or words[i - 1].text in _OR)  # "атак нет", "или нет": one with it
        opens = (t is not None and t.kind == "SEP" and w.kind == "word" and
                 not _later_time(words, i)) or head or (  # «dive next round»: one clause
            t is None and w.text in (_ASIDE | _CONDITION | {"нет", "no"}) and not negating and
            not (w.text == "что" and i and words[i - 1].text == "пока"))  # «пока что ровно»
        if opens and t is not None and t.kind == "SEP" and _subordinate(words, cur, cover):
            opens = False  # "как и я", "если Шквал пикирует и Мгла атакует": one clause to its end
        if opens and cur.words and any(words[j].kind != "mark" for j in cur.words):
            close()
        if (t is not None and t.kind == "CORR") or (t is None and w.text in ("нет", "no") and
                                                     not negating and
                                                     _pause_after(words, i, cover, tokens)):
            if not _after_label(words, i):
                cur.correction = True
        cur.words.append(i)
    close()
    return out


def _corrects_above(words: Sequence[Word], cover: dict[int, int], i: int, line_start: bool) -> bool:
    """Word ``i`` opens a correction of what came before: a ``*`` starting a line, or ``UPD:`` /
    ``EDIT:`` starting a line or a sentence."""
    w = words[i]
    if w.kind == "mark":
        return w.text == "*" and line_start
    starts = line_start or (i > 0 and words[i - 1].kind == "mark" and words[i - 1].text in _SENTENCE)
    return starts and w.text in _EDITED and i + 1 < len(words) and words[i + 1].text == ":" and \
        cover.get(i) is None


def _subordinate(words: Sequence[Word], cur: ProseClause, cover: dict[int, int]) -> bool:
    """The clause being cut opens with a subordinating word (it runs to the next mark)."""
    first = next((i for i in cur.words if words[i].kind != "mark"), None)
    return first is not None and first not in cover and words[first].text in (_ASIDE | _CONDITION)


def _pause_after(words: Sequence[Word], i: int, cover: dict[int, int],
                 tokens: Sequence[Token]) -> bool:
    """"нет" before a pause or a correction (``нет, передумал``, ``ой, нет — Мглу``), not before
    the word it negates (``нет атак``)."""
    j = i + 1
    if j >= len(words):
        return False
    if words[j].kind == "mark":
        return True
    return j in cover and tokens[cover[j]].kind in ("CORR", "SEP")


def _after_label(words: Sequence[Word], i: int) -> bool:
    """``Действия: нет``: "нет" as the whole of a labelled line (nothing there)."""
    return i > 0 and words[i - 1].kind == "mark" and words[i - 1].text == ":" and (
        i + 1 >= len(words) or (words[i + 1].kind == "mark" and words[i + 1].text in _SENTENCE))


def _span(words: Sequence[Word], c: ProseClause) -> tuple[int, int]:
    """(start, end) of the clause's spoken words (its marks left out)."""
    spoken = [i for i in c.words if words[i].kind != "mark"] or c.words
    return words[spoken[0]].start, words[spoken[-1]].end


def _ends_with(words: Sequence[Word], c: ProseClause, mark: str) -> bool:
    return any(words[i].kind == "mark" and words[i].text == mark for i in c.words[-1:])


def _first_word(words: Sequence[Word], c: ProseClause, cover: dict[int, int],
                tokens: Sequence[Token]) -> int | None:
    """The clause's first word that is not a conjunction or a mark."""
    for i in c.words:
        if words[i].kind == "mark":
            continue
        t = tokens[cover[i]] if i in cover else None
        if t is not None and t.kind == "SEP" and words[i].text in ("и", "а", "and", "но", "but"):
            continue
        return i
    return None


def _afterwards_next(words: Sequence[Word], clauses: list[ProseClause], k: int) -> bool:
    """The clause after ``k`` is only ``потом`` / ``позже`` and ends the sentence (``Чайкой
    займёмся потом``: the word was cut off as a conjunction)."""
    if k + 1 >= len(clauses) or clauses[k + 1].sentence != clauses[k].sentence:
        return False
    rest = [words[i].text for d in clauses[k + 1:] if d.sentence == clauses[k].sentence
            for i in d.words if words[i].kind == "word"]
    return len(rest) == 1 and rest[0] in _AFTERWARDS


def _order_follows(tokens: Sequence[Token], clauses: list[ProseClause], k: int) -> bool:
    """An order word follows clause ``k`` in its sentence or the next (``или нет, подожду``)."""
    return any(tokens[i].kind not in _NOT_HEADS for d in clauses[k + 1:]
               if d.sentence <= clauses[k].sentence + 1 for i in d.tokens)
