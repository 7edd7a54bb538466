"""Forum prose: which words of a message are the player's own order, and which are not.

Players write a paragraph of role-play with the order inside it. Before the grammar reads a
message's tokens, this module cuts the words into sentences and clauses
(:mod:`~gmkit.language.clauses`), finds whose each is (:mod:`~gmkit.language.subjects`) and
keeps only the clauses that give the actor's own order, with what later ones take back
(:mod:`~gmkit.language.takeback`):

* a clause whose verb is in the first person or the imperative (``пикирую``, ``держим``,
  ``атакуй``), whose subject is the actor or its pilot (``Пепел набирает высоту``, ``Кира
  направляет Пепла вниз``), a label for the actor (``Гроза — ровно``), or no verb at all (``набор
  высоты 1``, ``огонь по Чайке``) is the player's own;
* a clause about another (``Мгла пикирует``, ``Мира лечит Борина`` for Борин's player), a
  subordinate one (``пока …``, ``пусть …``, ``как …``), a question to the GM (``…?``) or a quote of
  the GM's post is narration: never an order (its names are kept as what a pronoun may mean);
* negation is scoped to its clause (``не стреляю``, ``без атак``, ``в атаку не иду``) or to the
  name right after it (``атакую не Шквала, а Мглу``); ``ничего не делаю`` is itself an order;
* a condition (``если Гроза пикирует, то …``) is reported, naming the rule that orders are given
  as they are (:attr:`Selection.conditional`);
* a question or a doubt of the player's own about the order (``ровно +1 или +2?``, ``ровно +1,
  не знаю``) that nothing later settles is reported (:attr:`Selection.asked`), never settled by
  a default; an imperative after another's name (``Гроза, бей Шквала!``) is said to them;
* self-corrections (``ой``, ``нет``, ``точнее``, ``вернее``, ``вместо этого``, ``передумал``, a
  line starting ``*``) are boundaries where the last word wins (:func:`correct`).

Subject and person come from pymorphy3's tags (person, tense, mood, case); nothing here lists a
corpus's phrases.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .clauses import _afterwards_next, _clauses, _ends_with, _first_word, _order_follows, _span
from .corrections import correct
from .grammar import NameRef, Token
from .morph import is_cyrillic
from .negation import cancel, cancels, declines, negation, withdrawn
from .prose_words import (
    _ASIDE,
    _CONDITION,
    _CONSEQUENCE,
    _NOT_HEADS,
    _OR,
    _SUBJUNCTIVE,
    ARGUMENTS,
    _content,
    _cover,
    _deferring,
    _described,
    _either,
    _for_now,
    _hedged,
    _let_be,
    _or_not,
    _pronoun,
    _repeats,
    _retracts,
    _told_as_later,
    _told_as_past,
    _unsure,
    name_genders,
    object_form,
)
from .selection import Asked, ProseClause, Selection
from .subjects import _addressed, _subject
from .takeback import _called_off, _instead_next, _likewise, _only_restated, _waits
from .text import Word

__all__ = ["Asked", "Selection", "select", "correct", "name_genders", "object_form", "ARGUMENTS"]


def select(words: Sequence[Word], tokens: Sequence[Token], actor_names: Iterable[str],
           genders: Callable[[str], str | None], allowed: frozenset[str] = frozenset(),
           negative_ok: frozenset[str] = frozenset(), context: Sequence[str] = (),
           markers: frozenset[str] = frozenset()) -> Selection:
    """Keep the tokens of the clauses that give the actor's own order.

    ``actor_names``: the names that are the actor (its own name; its pilot resolves to it);
    ``genders``: a participant's gender (``m f n pl``, None when not known), for pronouns;
    ``allowed``: concepts a condition may govern (a Benny spent "if I miss");
    ``negative_ok``: concepts that stand under a negative pronoun (``ничего не делаю``);
    ``context``: names mentioned in the quoted part of the message, oldest first;
    ``markers``: concepts naming a part of the round, read under ``если`` (not a condition).
    """
    me = frozenset(actor_names)
    cover = _cover(words, tokens)
    clauses = _clauses(words, tokens, cover)
    mentioned: list[str] = list(context)
    out = Selection([], mentioned)
    last_subject = "own"  # the status of the last explicit subject, across sentences
    sentence = -1
    current = "own"
    questions = {c.sentence for c in clauses if _ends_with(words, c, "?")}
    conditions: list[int] = []
    own_questions: list[int] = []
    unsure: set[int] = set()  # own clauses the player says they are not sure of
    later = -1  # the sentence whose time words («в следующем ходу —») govern what follows
    for k, c in enumerate(clauses):
        if c.sentence != sentence:
            sentence, current = c.sentence, "own"
        first = _first_word(words, c, cover, tokens)
        opener = words[first].text if first is not None else ""
        subject, person = _subject(words, tokens, cover, c, clauses, k, me, mentioned, genders)
        if opener in _CONDITION:  # a part marker ("если дойдёт до рукопашной") is no condition
            c.status = "own" if any(tokens[i].kind in markers for i in c.tokens) else "condition"
            conditions += [k] if c.status == "condition" else []
        elif any(words[i].text in _SUBJUNCTIVE and i not in cover for i in c.words) or \
                _told_as_past(words, tokens, cover, c.words):  # «я бы…», «в прошлом раунде я…»
            c.status = "aside"
        elif _told_as_later(words, c.words) or later == c.sentence or \
                _afterwards_next(words, clauses, k):  # «в следующем раунде …», «… займёмся потом»
            c.status = "aside"  # not this round's; «в следующем ходу — по Чайке»: to its end
            if later == c.sentence and out.later:
                out.later[-1] = (out.later[-1][0], _span(words, c)[1])
            else:
                out.later.append(_span(words, c))
            later = c.sentence if all(tokens[i].kind == "SEP" for i in c.tokens) else -1
        elif opener in ("тогда", "then") and k and clauses[k - 1].sentence in questions and \
                clauses[k - 1].sentence != c.sentence:  # «Крысы мертвы? Тогда стреляю в вожака»
            c.status = "condition"  # an order hung on the GM's answer
            out.conditional += [tokens[i] for i in c.tokens if tokens[i].kind not in _NOT_HEADS]
        elif person != "3" and (opener in _CONSEQUENCE or (opener == "что" and k and [
                words[i].text for i in clauses[k - 1].words] == ["так"])):  # «…, так что огонь»
            c.status = current = subject or "own"
        elif opener in _ASIDE and first is not None and cover.get(first) is None and \
                not _let_be(words, c.words) and not _for_now(words, tokens, cover, first):
            c.status = "aside"
        elif (person == "impr" or (person is None and first is not None and first in cover and
                                   not is_cyrillic(opener) and
                                   tokens[cover[first]].kind not in _NOT_HEADS)) and \
                _addressed(words, tokens, clauses, k, me):  # «Torvald, drink your potion!»
            c.status = "other"  # «Гроза, бей Шквала!»: a word to a comrade, not the order
        elif person is None and _described(words, tokens, cover, c.words):
            c.status = "aside"  # «Чайка далековато»: a remark on a named one, no order
        elif person in ("1", "impr"):
            c.status = current = "own"
        elif subject is not None:
            c.status = current = last_subject = subject
        elif person == "3":  # a verb with no subject of its own: the last one's
            c.status = current = current if c.sentence == sentence and k and \
                clauses[k - 1].sentence == sentence else last_subject
        else:
            c.status = current
        if (where := _or_not(words, c.words)) is not None:  # «…или нет» doubts what came before
            j = k if where == "end" else k - 1  # «Пламя по Шквалу или нет»: this one
            if _order_follows(tokens, clauses, k):  # «…или нет, поднимаю щиты»: that stands
                if j == k:
                    c.status = "aside"
                else:
                    c.correction, c.tokens = True, []
                j = -1
            elif j < k:
                c.status = "aside"
            while 0 <= j < k and all(tokens[i].kind == "SEP" for i in clauses[j].tokens):
                j -= 1  # past the dots of «…»
            if j >= 0 and clauses[j].status == "own" and _waits(words, clauses, k):
                clauses[j].status = "aside"  # «Пламя по Шквалу… или нет, подожду»: not now
            elif j >= 0 and clauses[j].status == "own":
                own_questions.append(j)
                unsure.add(j)
                clauses[j].status = "question"
        elif c.status == "own" and _deferring(words, c.words):  # «hold on, let me think»
            c.status = "aside"
            out.asked.append(Asked(*_span(words, c), (), True))
        elif c.sentence in questions or _hedged(words, cover, c.words):
            if c.status == "own":
                own_questions.append(k)
            c.status = "question"
        elif _unsure(words, cover, c.words):  # «ровно +1, не знаю»: the clause before is not sure
            alone = all(tokens[i].kind == "SEP" for i in c.tokens)
            ends = k + 1 == len(clauses) or clauses[k + 1].sentence != c.sentence
            doubted = k if not alone else k - 1 if k and ends and \
                clauses[k - 1].sentence == c.sentence else -1  # «не знаю, достану ли»: what follows
            if doubted >= 0 and clauses[doubted].status == "own":
                own_questions.append(doubted)
                unsure.add(doubted)
                clauses[doubted].status = "question"
        for i in c.tokens:
            t = tokens[i]
            if t.kind == "NAME" and isinstance(t.value, NameRef) and t.value.one and \
                    not t.value.pronoun and t.value.one not in me:
                mentioned.append(t.value.one)
    _conditions(clauses, conditions, tokens, allowed, out)
    for k in [k for k in own_questions if _answered(tokens, clauses, k)]:
        clauses[k].status = "own"  # «Искра в Волка 1? Нет, в Волка 2.»: the answer corrects it
        own_questions.remove(k)
    out.asked += _asked(words, tokens, clauses, own_questions, unsure)
    groups: list[tuple[ProseClause, list[Token]]] = []
    declined = -1  # the sentence of the last clause that took an order back («не буду»)
    for k, c in enumerate(clauses):
        if c.status != "own":
            if c.tokens or any(words[i].kind != "mark" for i in c.words):
                out.skipped.append((words[c.words[0]].start, words[c.words[-1]].end, c.status))
            groups.append((c, [Token("SEP", None, "")]))
            continue
        out.loose += [(words[i].start, words[i].end) for i in c.words
                      if i not in cover and words[i].kind == "word" and _content(words[i].text)]
        out.repeated += _repeats(words, c.words, cover)
        if not c.correction and _either(words, tokens, cover, c.words):
            spoken = [i for i in c.words if words[i].kind != "mark"]
            out.either.append((words[spoken[0]].start, words[spoken[-1]].end))
        actor_token = tokens[c.subject] if c.subject is not None else None
        own = [tokens[i] for i in c.tokens]
        got = [t for t in negation(words, tokens, cover, c, negative_ok, out)
               if t.kind not in ("CORR", "ANY") and t is not actor_token]
        heads = {t.kind for t in own if t.kind not in _NOT_HEADS and t.kind not in ("CORR", "ANY")}
        negated = heads - {t.kind for t in got}
        called = _called_off(groups, heads, c, clauses, tokens) if cancels(words, c, bool(heads)) \
            else None  # «атаку отменяю», «Отменяю заявку. Стреляю в крыс.»
        if called is not None:
            if called:
                out.unsettled.append(_span(words, c))
            groups.append((c, [Token("SEP", None, "")]))
            continue
        if _only_restated(words, c, heads, got, groups):  # «UPD: не жгу, только пике»
            groups.append((c, [Token("SEP", None, "")]))
            continue
        out.withheld |= any(t.kind not in ("SEP", "CORR", "ANY", "AGAIN") and t is not actor_token
                            and t not in got for t in own)
        if heads and not negated and declined == c.sentence and _likewise(words, c):
            groups.append((c, [Token("SEP", None, "")]))  # «Пикировать не буду, ускоряться тоже»
            continue
        if negated or (not heads and declines(words, cover, c)):
            declined = c.sentence
            if not cancel(groups, negated, c.sentence):  # "жгу Шквала. Хотя нет, не жгу"
                out.unsettled.append(_span(words, c))  # «Пламя по Шквалу. Хотя нет, не атакую»
        elif not heads and _retracts(words, cover, c.words):  # «пикирую на 2. Шучу.»
            last = [{t.kind for t in g if t.kind not in _NOT_HEADS} for _, g in groups]
            cancel(groups, next((h for h in reversed(last) if h), set()), c.sentence)
        elif not heads and not any(t.kind in ARGUMENTS for t in got) and \
                not _instead_next(words, tokens, clauses, k):  # «Хотя нет, не искра.»
            withdrawn(groups, [t for t in own if t.kind in ARGUMENTS and t not in got])
        groups.append((c, ([Token("SEP", "CORR", "")] if c.correction else []) + got))
    kept: list[Token] = []
    for _, got in groups:
        for t in got:
            if t.kind == "SEP" and t.value is None and kept and kept[-1].kind == "SEP":
                continue
            kept.append(t)
    for t in kept:
        if t.kind == "AGAIN":
            out.again = True
    out.tokens = [_pronoun(t, mentioned, me, genders) for t in kept if t.kind != "AGAIN"]
    return out


def _asked(words: Sequence[Word], tokens: Sequence[Token], clauses: list[ProseClause],
           at: list[int], unsure: set[int]) -> list[Asked]:
    """The player's own questions that hold order words and that nothing later settles (``или
    на 2? нет, на 1`` is settled by its ``нет``, a question of firing by a later order to fire)."""
    out = []
    for k in at:
        c = clauses[k]
        toks = tuple(tokens[i] for i in c.tokens if tokens[i].kind not in ("SEP", "CORR", "ANY"))
        alternative = k in unsure or any(words[i].text in _OR for i in c.words)
        heads = {t.kind for t in toks if t.kind not in _NOT_HEADS}
        if not (toks if alternative else heads or any(t.kind != "NAME" for t in toks)):
            continue
        later = clauses[k + 1:]
        if any(d.correction or any(tokens[i].kind == "CORR" for i in d.tokens) for d in later) or \
                any(d.status == "own" and heads & {tokens[i].kind for i in d.tokens} for d in later):
            continue  # «или на 2? нет, на 1», «Огонь по Чайке или по Стражу 2? Огонь по Чайке.»
        spoken = [i for i in c.words if words[i].kind != "mark"]
        out.append(Asked(words[spoken[0]].start, words[spoken[-1]].end, toks, alternative))
    return out


def _answered(tokens: Sequence[Token], clauses: list[ProseClause], k: int) -> bool:
    """The player's question is answered at once by a correction of bare arguments (``Искра в
    Волка 1? Нет, в Волка 2``): the question is the order the correction changes."""
    later = [d for d in clauses[k + 1:] if d.words and d.sentence != clauses[k].sentence]
    if not later or not later[0].correction or later[0].status != "own":
        return False  # «Огонь по Чайке? Или лучше по Буревестнику?»: an answer that asks again
    got = [tokens[i].kind for d in later if d.sentence == later[0].sentence for i in d.tokens]
    return any(t in ARGUMENTS for t in got) and all(t in _NOT_HEADS or t == "CORR" for t in got)


def _conditions(clauses: list[ProseClause], at: list[int], tokens: Sequence[Token],
                allowed: frozenset[str], out: Selection) -> None:
    """A condition governs what follows it in its sentence (``если промахнусь — переброс``),
    or what came before it when it ends the sentence (``атакую, если он пикирует``); an order
    word there (but one ``allowed``) is reported and not read."""
    for k in at:
        c = clauses[k]
        same = [j for j, d in enumerate(clauses) if d.sentence == c.sentence and j != k]
        after = [j for j in same if j > k and clauses[j].status != "condition"]
        governed = after or [j for j in same if j == k - 1]
        for j in governed:
            d = clauses[j]
            if d.status != "own":
                continue
            heads = [tokens[i] for i in d.tokens if tokens[i].kind not in _NOT_HEADS]
            if not heads:  # «если не выйдет — когтями»: an order's argument alone is governed too
                heads = [tokens[i] for i in d.tokens if tokens[i].kind in ARGUMENTS]
            if heads and not all(h.kind in allowed for h in heads):
                out.conditional += heads
                d.status = "condition"
