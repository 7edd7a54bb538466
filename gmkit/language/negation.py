"""Negation in a player's clause: what ``не``, ``без``, ``вместо`` and ``ничего`` take out of
the order, and what a later ``но не буду`` takes back."""

from __future__ import annotations

from collections.abc import Sequence

from .grammar import Token
from .morph import forms
from .prose_words import _CANCEL, _DECLINE, _INSTEAD, _NEGATION, _NOT_HEADS, _WITHOUT, ARGUMENTS, _nobody
from .selection import ProseClause, Selection
from .text import Word


def negation(words: Sequence[Word], tokens: Sequence[Token], cover: dict[int, int], c: ProseClause,
              negative_ok: frozenset[str], out: Selection) -> list[Token]:
    """The clause's tokens with negation applied: a negated name or number is dropped (and what
    follows corrects it); a negated clause drops its order words; a negative pronoun keeps only
    the "nothing" orders."""
    toks = [tokens[i] for i in c.tokens]
    negs = []
    nobody = False
    for n, i in enumerate(c.words):
        w = words[i]
        if w.kind == "word" and _nobody(w.text):
            nobody = True
            continue
        if w.kind != "word" or i in cover:
            continue
        if w.text in _INSTEAD:
            after = [t for t in toks if t.start >= w.end]
            if after and after[0].kind in ARGUMENTS:
                negs.append(i)
        elif w.text in _WITHOUT:
            negs.append(i)
        elif w.text in _NEGATION:
            if w.text in ("нет", "no") and not _before_order(words, tokens, cover, c, n):
                continue  # "нет" alone: a correction or "none", not a negation
            negs.append(i)
    if not negs and not nobody:
        return toks
    if nobody:
        kept = [t for t in toks if t.kind in negative_ok or t.kind in _NOT_HEADS]
        if any(t.kind in negative_ok for t in toks):
            return kept
        _skip(words, c, out)
        return [t for t in toks if t.kind == "SEP"]
    drop: set[int] = set()
    patched = False
    for i in negs:
        after = [t for t in toks if t.start >= words[i].end]
        if (after and after[0].kind in ARGUMENTS and after[0].kind not in ("NUM",)) or \
                (after and after[0].kind == "NUM" and len(after) == 1):
            drop.add(id(after[0]))
            patched = True
        elif words[i].text in _INSTEAD:
            continue
        elif words[i].text in _WITHOUT:
            if after and after[0].kind not in _NOT_HEADS and \
                    _words_between(words, i, after[0]) <= 1:
                drop.add(id(after[0]))  # "без атак": that order, not the clause
        else:
            _skip(words, c, out)
            return [t for t in toks if t.kind == "SEP"]
    kept = [t for t in toks if id(t) not in drop]
    if patched:
        kept.append(Token("SEP", "CORR", ""))
    return kept


def declines(words: Sequence[Word], cover: dict[int, int], c: ProseClause) -> bool:
    """A clause of a negated helper verb and no order (``но не буду``, ``не стану``)."""
    texts = [words[i].text for i in c.words if words[i].kind == "word" and i not in cover]
    if not any(w in _NEGATION for w in texts) and "won't" not in texts:
        return False
    return any(f in _DECLINE for w in texts for f in forms(w)) or "won't" in texts


def cancel(groups: list[tuple[ProseClause, list[Token]]], kinds: set[str], sentence: int) -> bool:
    """Drop the last earlier own clause that gave one of ``kinds`` (any order word when
    ``kinds`` is empty, and then only in the same sentence): a later negation takes it back.
    False when it could not tell: ``kinds`` matched no head, but an earlier clause gave an order
    by its arguments alone (a dragon's ``Пламя по Шквалу`` is an attack with no attack word)."""
    for j in range(len(groups) - 1, -1, -1):
        c, got = groups[j]
        heads = {t.kind for t in got if t.kind not in _NOT_HEADS}
        if not heads:
            continue
        if (kinds and heads & kinds) or (not kinds and c.sentence == sentence):
            groups[j] = (c, [Token("SEP", None, "")])
            return True
        if not kinds:
            return True
    return not kinds or not any(
        not {t.kind for t in got} - _NOT_HEADS and any(t.kind in _MEANS for t in got)
        for _, got in groups)


_MEANS = frozenset({"WEAPON", "SPELL", "ITEM", "CELL", "SYSTEMS", "HULL", "QUOTE"})
"""Arguments that give an order by themselves (``Пламя по Шквалу``, ``Искру в вожака``)."""


def cancels(words: Sequence[Word], c: ProseClause, named: bool) -> bool:
    """The clause calls something off (``атаку отменяю``, ``отбой атаки``, ``забудь про
    атаку``, ``cancel the attack``): what it names is taken back, not ordered. ``Отбой`` naming
    nothing is a radio's sign-off (``Огонь по Чайке. Отбой.``), not a calling off."""
    said = {f for n, i in enumerate(c.words) if words[i].kind == "word"
            and not (n and words[c.words[n - 1]].text in _NEGATION | {"don't", "dont"})
            for f in forms(words[i].text)} & _CANCEL  # «не забудь про атаку» keeps it
    return bool(said) and (named or said != {"отбой"})


def restart(groups: list[tuple[ProseClause, list[Token]]]) -> None:
    """``Отменяю заявку. Стреляю в крыс.``: everything said before is taken back."""
    for j, (c, _) in enumerate(groups):
        groups[j] = (c, [Token("SEP", None, "")])


def _words_between(words: Sequence[Word], i: int, t: Token) -> int:
    return sum(1 for w in words[i + 1:] if w.kind == "word" and w.start < t.start)


def _before_order(words: Sequence[Word], tokens: Sequence[Token], cover: dict[int, int],
                  c: ProseClause, n: int) -> bool:
    """"нет" directly before an order word or after it in the clause (``нет атак``, ``атак
    нет``), not at the clause's start before a pause."""
    rest = c.words[n + 1:]
    nxt = next((i for i in rest if words[i].kind != "mark"), None)
    if nxt is not None and nxt in cover and tokens[cover[nxt]].kind not in ("SEP",) and \
            words[rest[0]].kind != "mark":
        return True
    before = [i for i in c.words[:n] if i in cover and tokens[cover[i]].kind not in _NOT_HEADS]
    return bool(before) and not [i for i in rest if words[i].kind != "mark"]


def _skip(words: Sequence[Word], c: ProseClause, out: Selection) -> None:
    out.skipped.append((words[c.words[0]].start, words[c.words[-1]].end, "negated"))


def withdrawn(groups: list[tuple[ProseClause, list[Token]]], dropped: list[Token]) -> bool:
    """A negated argument with nothing in its place (``Искра на вожака. Хотя нет, не искра``)
    takes back the last order that said it: the reader then asks, never keeps it. True when
    it took one back."""
    said = {(t.kind, _value(t)) for t in dropped}
    for j in range(len(groups) - 1, -1, -1):
        if said & {(t.kind, _value(t)) for t in groups[j][1]}:
            groups[j] = (groups[j][0], [Token("SEP", None, "")])
            return True
    return False


def _value(t: Token) -> object:
    return getattr(t.value, "names", t.value)
