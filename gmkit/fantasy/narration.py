"""What a player's character does in the telling that orders nothing: a weapon handled
(``Мира поднимает посох. Искра в вожака``, ``достаю меч``, ``Elwen raises her bow``), a step
back to a friend (``отступаю за спину Борина``, ``бегу к Борину``: no flight from the fight,
F-10).

A weapon named alone is a strike by itself (``Топором!``: the die picks the target, F-6), so a
weapon raised, drawn or put away in the prose around a spell or a shot would become a blow the
player never gave. Such a weapon, with a verb of its own just before it and no target, counts
only beside an order that uses it (``Борин перехватывает топор. Рублю Волка 1!``: the axe is the
blow's); alone, or beside a spell or a shot with another weapon, it is the telling.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..language.base import Context
from ..language.grammar import Clause, Token
from ..language.morph import analyser, is_cyrillic

__all__ = ["told", "to_a_friend"]

_BETWEEN = frozenset({"her", "his", "my", "the", "a", "its", "their", "свой", "своя", "свое",
                      "свою", "своим", "свои", "мой", "мою", "верный", "верную"})
"""Words that may stand between the verb and the weapon (``raises her staff``, ``поднимает
свой посох``)."""
_VERBS = frozenset({"VERB", "INFN", "GRND", "PRTF", "PRTS"})


def told(ctx: Context, clauses: Sequence[Clause], ranged: str | None) -> dict[int, bool]:
    """The weapon clauses that are the telling (a weapon with a verb of the player's own
    before it and no target), each with whether an order of its kind stands beside it (a shot
    for the ranged weapon, a blow for a melee one) that the weapon joins: False, the clause
    orders nothing; True, it names that order's weapon and no target of its own."""
    held = [k for k, c in enumerate(clauses) if c.rule == "weapon" and not c.all("NAME", "SAME")
            and _handled(ctx, c)]
    out = {}
    for k in held:
        shot = _weapon_of(clauses[k]) == ranged
        kinds = ("shoot",) if shot else ("strike",)
        out[k] = any(j != k and j not in held and (c.rule in kinds or (
            c.rule == "weapon" and (_weapon_of(c) == ranged) == shot))
            for j, c in enumerate(clauses))
    return out


def _weapon_of(c: Clause) -> str | None:
    t = c.first("WEAPON")
    return getattr(t.value, "one", None) if t is not None else None


def _handled(ctx: Context, c: Clause) -> bool:
    """A verb right before the clause's weapon (a few possessive words may stand between):
    «поднимает посох», «raises her staff»."""
    t = c.first("WEAPON")
    if t is None or t.start < 0:
        return False
    before = [m for m in _WORD.finditer(ctx.text, max(0, t.start - 80), t.start)]
    while before and before[-1].group().lower() in _BETWEEN:
        before.pop()
    if not before:
        return False
    w = before[-1]
    return _verb(w.group(), any(a <= w.start() < b for a, b in ctx.loose))


_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def _verb(word: str, loose: bool) -> bool:
    """A Russian verb form (the dictionary says), or an English word nothing matched."""
    w = word.lower()
    if not is_cyrillic(w):
        return loose and w not in ("with", "and", "then")
    morph = analyser()
    return morph is not None and any(p.tag.POS in _VERBS for p in morph.parse(w)[:2])


_TOWARDS = ("за спину", "под защиту", "поближе к", "ближе к", "к", "ко", "за", "behind", "to",
            "towards", "back to", "next to")
"""Words between a flight's verb and a friend's name that make it a step to that friend."""


def to_a_friend(ctx: Context, c: Clause, friends: Sequence[str], names: Sequence[Token]) -> bool:
    """A flight clause whose way leads to a friend (``отступает за спину Борина``, ``бегу к
    Борину``, ``fall back behind Борин``): a step in the fight, not leaving it (F-10).
    ``names``: the message's names where they stand."""
    t = c.tokens[0] if c.tokens else None
    if t is None or t.start < 0:
        return False
    for n in names:
        if n.start < t.end or getattr(n.value, "one", None) not in friends:
            continue
        gap = " ".join(ctx.text[t.end:n.start].lower().split())
        return gap in _TOWARDS
    return False
