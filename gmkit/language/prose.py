"""Forum prose: which words of a message are the player's own order, and which are not.

Players write a paragraph of role-play with the order inside it. Before the grammar reads a
message's tokens, this module cuts the words into sentences and clauses and keeps only the
clauses that give the actor's own order:

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

from .corrections import correct
from .grammar import NameRef, Token
from .morph import analyser, forms, is_cyrillic
from .negation import cancel, cancels, declines, negation, restart, withdrawn
from .prose_words import (
    _AFTERWARDS,
    _ASIDE,
    _CLAUSE,
    _CONDITION,
    _CONSEQUENCE,
    _EDITED,
    _NOT_HEADS,
    _OR,
    _OWN,
    _PREPOSITIONS,
    _SENTENCE,
    _SUBJECT_PRONOUNS,
    _SUBJUNCTIVE,
    _WAIT,
    ARGUMENTS,
    _content,
    _cover,
    _deferring,
    _described,
    _either,
    _fits,
    _for_now,
    _hedged,
    _later_time,
    _let_be,
    _nominative,
    _noun_subject,
    _or_not,
    _pronoun,
    _repeats,
    _retracts,
    _told_as_later,
    _told_as_past,
    _unsure,
    _verb,
    name_genders,
    object_form,
)
from .selection import Asked, ProseClause, Selection
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
        if (line_start or (i and words[i - 1].kind == "mark" and words[i - 1].text in _SENTENCE)) \
                and w.kind == "word" and w.text in _EDITED and i + 1 < len(words) and \
                words[i + 1].text == ":" and cover.get(i) is None:
            close()  # «UPD: по Буревестнику»: a correction of what came before, as «*» is
            cur.words.append(i)
            cur.correction = True
            line_start = False
            continue
        if w.kind == "mark" and w.text == "*" and line_start:
            close()
            cur.words.append(i)  # "*в Волка 1": a correction of the line above
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


def _instead_next(words: Sequence[Word], tokens: Sequence[Token], clauses: list[ProseClause],
                  k: int) -> bool:
    """The next clause of the sentence gives what replaces a negated argument (``не по Шквалу,
    а по Мгле``): a correction, not a taking back."""
    nxt = clauses[k + 1] if k + 1 < len(clauses) else None
    if nxt is None or nxt.sentence != clauses[k].sentence or nxt.status != "own":
        return False
    first = next((words[i].text for i in nxt.words if words[i].kind == "word"), "")
    return first in ("а", "but", "rather") and any(tokens[i].kind in ARGUMENTS for i in nxt.tokens)


def _called_off(groups: list[tuple[ProseClause, list[Token]]], heads: set[str], c: ProseClause,
                clauses: list[ProseClause], tokens: Sequence[Token]) -> bool | None:
    """Take back what a clause of calling off names (its order words), or everything before it
    when a whole new order follows (``Отменяю заявку. Стреляю в крыс.``) or nothing does
    (``…Отменяю.``). True when it cannot tell what is called off (the reader asks); None when
    it is a correction the last word settles (``жгу Шквала — отставить, жгу Мглу``,
    ``Отмена: в Волка 2``)."""
    if heads:
        return not cancel(groups, heads, c.sentence)
    later = [tokens[i].kind for d in clauses[clauses.index(c) + 1:] if d.status == "own"
             for i in d.tokens]
    if later and (c.correction or all(k in _NOT_HEADS for k in later)):
        return None
    restart(groups)
    return False


def _waits(words: Sequence[Word], clauses: list[ProseClause], k: int) -> bool:
    """The rest of the sentence from clause ``k`` says the player waits (``или нет, подожду``)."""
    return any(f in _WAIT for d in clauses[k:] if d.sentence == clauses[k].sentence
               for i in d.words if words[i].kind == "word" for f in forms(words[i].text))


def _likewise(words: Sequence[Word], c: ProseClause) -> bool:
    """``…, ускоряться тоже``: «too» after a clause that declined an order declines this one."""
    return any(words[i].text in ("тоже", "также", "either", "neither") for i in c.words)


def _only_restated(words: Sequence[Word], c: ProseClause, heads: set[str], got: list[Token],
                   groups: list[tuple[ProseClause, list[Token]]]) -> bool:
    """``…, только пике``: «only» with an order already given, and nothing new about it, keeps
    that order as it was (a bare «пике» would replace «пикирую на 1»)."""
    if not heads or any(t.kind in ARGUMENTS for t in got) or not any(
            words[i].text in ("только", "лишь", "only", "just") for i in c.words):
        return False
    return heads <= {t.kind for _, g in groups for t in g}


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
