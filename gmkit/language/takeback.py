"""What a later clause does to the orders before it: calls them off («атаку отменяю»), keeps one
as it was («только пике»), declines one more («…, ускоряться тоже»), waits («или нет,
подожду»), or gives what replaces a negated argument («не по Шквалу, а по Мгле»)."""

from __future__ import annotations

from collections.abc import Sequence

from .grammar import Token
from .morph import forms
from .negation import cancel, restart
from .prose_words import _NOT_HEADS, _WAIT, ARGUMENTS
from .selection import ProseClause
from .text import Word


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
