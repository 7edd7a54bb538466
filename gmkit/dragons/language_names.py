"""Which dragon a message's words name, beyond the name itself (D-5, D-12): an ordinal standing
for a number of the same set, a second object after an attack, a foe named that no order took (it
is asked about, never dropped), and ``выше``/``ниже`` said of another dragon."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..language.base import Context
from ..language.grammar import Clause, NameRef, Token
from ..language.morph import analyser, is_cyrillic
from .orders import Attack

__all__ = ["ordinal_before", "and_also", "loose_foes", "said_of_another", "narrowed", "dragon",
           "enemies", "tail_targets"]

_NAME_BEFORE = {"attack", "weapon", "tail"}
"""The order parts that take a name standing just before them as their object (``Бейна жгу``)."""
_NAMELESS = frozenset({"up", "down", "level", "faster", "slower", "change", "keep", "nothing", "benny"})
"""The order parts whose grammar takes no name: one there came from a correction's arguments."""


def ordinal_before(ctx: Context, clauses: Sequence[Clause], k: int, last: str | None) -> NameRef | None:
    """``когтями Ворона 3, а второго — пламенем``: an ordinal standing alone before an attack is
    a number of the set the last target is of (``Ворон 2``), never the last target itself; the
    dragons it may be are asked about when it is not one."""
    from ..language.names import LAST

    before = clauses[k - 1] if k > 0 else None
    if before is None or before.rule != "stray" or len(before.tokens) != 1 or before.tokens[0].kind != "ORD":
        return None
    said = before.tokens[0]
    foes = enemies(ctx)
    family = last.rsplit(" ", 1)[0] if last and last.rsplit(" ", 1)[-1].isdigit() else None
    pool = [f for f in foes if f.rsplit(" ", 1)[-1].isdigit() and family in (None, f.rsplit(" ", 1)[0])]
    numbers = {f: int(f.rsplit(" ", 1)[-1]) for f in pool}
    want = max(numbers.values(), default=None) if said.value == LAST else said.value
    got = tuple(f for f in pool if numbers[f] == want)
    return NameRef(got if len(got) == 1 else tuple(pool or foes), said.text, kind="participant")


_JOINERS = frozenset({",", "и", "а", "потом", "затем", "and", "then", "&"})
"""What joins a second object to an attack (``жгу Шквала и Мглу``, ``…, потом Мглу``)."""


def and_also(ctx: Context, clauses: Sequence[Clause], k: int, made: list[Attack]) -> list[Attack]:
    """``жгу Шквала и Мглу``, ``Шквала пламенем, Мглу тоже``, ``flame Bane and Vel``: a dragon
    named as an object (in English: named) just after an attack, joined by «и», a comma or
    «потом», is attacked the same way, with the same weapon (D-5 then refuses the weapon used
    twice: the player says which weapon for which)."""
    c = clauses[k]
    nxt = clauses[k + 1] if k + 1 < len(clauses) else None
    if not made or len(c.tokens) != 1 or c.tokens[0].kind != "NAME" or \
            not (ctx.lang == "en" or _accusative(ctx, c.tokens[0])) or \
            (nxt is not None and nxt.rule not in ("sep", "stray")):
        return []
    j = k - 1
    while j >= 0 and clauses[j].rule == "sep" and all(t.text.lower() in _JOINERS for t in clauses[j].tokens):
        j -= 1
    joined = {t.text.lower() for p in clauses[j + 1:k] for t in p.tokens}
    if ctx.lang == "en" and not joined & {"and", "then", "&"}:
        return []  # «burn Шквал, Мгла is too far»: a bare comma joins no object in English
    ref = c.tokens[0].value
    one = ref.one if isinstance(ref, NameRef) else None
    if j == k - 1 or j < 0 or clauses[j].rule not in ("attack", "weapon") or one in (None, ctx.actor):
        return []
    return [Attack(a.weapon, one) for a in dict.fromkeys(made)]


def loose_foes(ctx: Context, clauses: Sequence[Clause], actions: list[Any]) -> list[str]:
    """Foes named as an object (``Мглу``, ``Шквала``) or claimed (``Шквал мой``) that no action
    of the order took: beside a movement (``Ровно, испепеляю Мглу``: a verb not known; ``…, Мглу
    тоже`` after an attack that has its target) or put into one by a correction (``пламя по
    Шквалу. Не по Шквалу, а по Мгле``). A movement has no object, so the name is asked about,
    never dropped; only an attack or a tail takes the name standing just before it (``Мглу
    жгу``)."""
    foes = set(enemies(ctx))
    taken = {getattr(a, "target", None) for a in actions}
    out: list[str] = []
    for k, c in enumerate(clauses):
        nxt = clauses[k + 1] if k + 1 < len(clauses) else None
        if c.rule == "stray":
            if nxt is not None and nxt.rule in _NAME_BEFORE | {"benny"} and not nxt.all("NAME"):
                continue
            got = [t for t in c.tokens if t.kind == "NAME" and (_accusative(ctx, t) or _claimed(ctx, t))]
        else:
            got = [t for t in c.tokens if t.kind == "NAME"] if c.rule in _NAMELESS else []
        for t in got:
            one = t.value.one if isinstance(t.value, NameRef) else None
            if one in foes and one not in taken and one not in out:
                out.append(one)
    return out


def _accusative(ctx: Context, t: Token) -> bool:
    """A dragon named in the case an attack's object takes (``Мглу``; ``Шквала``, ``Ворона 2``,
    ``Близнецов``: an animate's accusative is its genitive), not ``к Мгле``, ``от Мглы``, ``над
    Мглой``, ``по Шквалу``, nor as the name is written (a subject or an address)."""
    one = t.value.one if isinstance(t.value, NameRef) else None
    word = t.text.split(" ")[0].lower().replace("ё", "е")
    morph = analyser()
    if one is None or morph is None or not is_cyrillic(word):
        return False
    if word == ctx.shown(one, "ru").split(" ")[0].lower().replace("ё", "е") or _after_preposition(ctx, t):
        return False
    gender = ctx.genders.get(one)
    cases = ("accs",) if gender == "f" else ("accs", "gent")
    number = "plur" if gender == "pl" else "sing"
    return any(p.tag.case in cases and p.tag.number == number for p in morph.parse(word)[:4])


_THIRD = frozenset({"он", "она", "оно", "они", "is", "are", "he", "she", "it", "they"})
"""Words before ``выше``/``ниже`` that make it another's state, not the actor's movement."""


def said_of_another(ctx: Context, clauses: Sequence[Clause], k: int) -> bool:
    """``Шквал выше``, ``они же выше``, ``Мгла is lower``: a bare ``выше``/``ниже`` after
    another dragon's name or a third person is where that one is, not the actor's movement
    (``Пепел, выше!`` stays one)."""
    head = clauses[k].tokens[0]
    before = re.split(r"[.,;:!?\n—-]", (ctx.text or "")[:head.start] if head.start > 0 else "")[-1]
    words = [w.lower() for w in before.split() if w.lower() not in ("же", "уже", "ещё", "еще", "now")]
    if words and words[-1] in _THIRD:
        return True
    prev = clauses[k - 1] if k > 0 else None
    if prev is None or prev.rule != "stray" or not words:
        return False
    ref = prev.tokens[-1].value
    one = ref.one if prev.tokens[-1].kind == "NAME" and isinstance(ref, NameRef) else None
    return one is not None and one != ctx.actor and words[-1] == prev.tokens[-1].text.lower()


_MINE = frozenset({"мой", "моя", "моё", "мое", "мои", "mine"})
"""A foe claimed (``Шквал мой!``): a target, but which action is not said."""


def _claimed(ctx: Context, t: Token) -> bool:
    """``Шквал мой!``, ``Мгла моя``, ``Шквал is mine``: a target claimed, no order said."""
    after = (ctx.text or "")[t.end:].split()[:3] if t.end >= 0 else []
    return any(w.strip(".,!?;:)»\"").lower() in _MINE for w in after)


_OBJECT_PREPOSITIONS = frozenset({"в", "во", "на", "по"})
"""The prepositions an attack's object may stand after (``огнём в Мглу``, ``на Шквала``)."""


def _after_preposition(ctx: Context, t: Token) -> bool:
    """The name stands after a preposition no attack takes (``у Шквала``, ``от Мглы``)."""
    before = (ctx.text or "")[:t.start].split() if t.start > 0 else []
    if not before:
        return False
    word = before[-1].lower()
    morph = analyser()
    return word not in _OBJECT_PREPOSITIONS and morph is not None and \
        morph.parse(word)[0].tag.POS == "PREP"


def narrowed(ctx: Context, ref: NameRef, plausible: list[str] | None = None) -> NameRef:
    """A pronoun (``атакую её``) bound to the foes it may mean (see :meth:`Context.narrow`)."""
    return ctx.narrow(ref, plausible if plausible is not None else enemies(ctx))


def dragon(board: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((d for d in board.get("dragons", ()) if d["name"] == name), None)


def enemies(ctx: Context) -> list[str]:
    return [d["name"] for d in ctx.board.get("dragons", ())
            if d["name"] != ctx.actor and not d.get("out") and (d["side"] != ctx.side or d.get("turned"))]


def tail_targets(ctx: Context, me: dict[str, Any]) -> list[str]:
    pos = (me.get("speed"), me.get("height"))
    return [d["name"] for d in ctx.board.get("dragons", ())
            if d["name"] in enemies(ctx) and (d["speed"], d["height"]) == pos]
