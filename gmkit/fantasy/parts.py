"""The two parts of a forum round in a player's message (F-6): the ranged phase, then melee.

A forum player writes once for the whole round: ``стреляю в первого гоблина, потом в ближнем
бою бью его мечом``. The reader has read each order of the message (with whether a melee marker,
``в ближнем бою`` / ``если дойдёт до рукопашной`` / ``in melee``, came before it); this module
says which part each is for and makes the one order the engine takes:

* a shot is the ranged part wherever it stands; a strike or a flight, or anything else after a
  melee marker, the melee part; a spell, an item or a skipped turn with no marker is the
  ranged part when the message gives a melee order after it (``колдую Сон на варга, потом бью
  его``), else it stands alone;
* in the ranged phase, one order of each part is a :class:`~.orders.Both`; a melee order alone
  is given ahead for melee (the engine holds it); two orders for one part are refused (F-6: one
  order a turn);
* in melee the ranged part is over: a message that gives both is refused with the choices (half
  of it is never taken in silence).

It also says which names of a message are not targets: a companion one stands by (``рядом с
Мирой``, ``прикрываю Миру``, ``за Мирой``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..language.base import Context, Draft
from ..language.grammar import Clause, NameRef, Token
from .orders import Both, Cast, Flee, Pass, Shoot, Strike

__all__ = ["settle", "beside", "same_target", "held", "own_examples", "Made"]

Made = tuple[Any, str, bool]
"""An order read, the words it was read from, and whether a melee marker came before it."""

_BESIDE = ("рядом с", "рядом со", "вместе с", "вместе со", "возле", "около", "подле", "позади",
           "прикрываю", "прикрывая", "прикрыть", "прикрывает", "защищаю", "защищая", "защищает",
           "охраняю", "охраняя", "охраняет", "заслоняю", "заслоняя", "держусь у", "помогаю",
           "помогая", "помогает", "на помощь", "next to", "help", "helping", "helps",
           "beside", "behind", "alongside", "cover", "covering", "guard", "guarding", "protect",
           "protecting", "stay with", "stick with", "stays with", "sticks with")
"""Words before a name that place the actor by someone: never what an order aims at."""
_BY_ALLY = ("с", "со", "за", "with")
"""Words that do the same before a companion's name (``бьюсь с гоблином`` names a foe)."""


def beside(ctx: Context, clauses: list[Clause]) -> list[Clause]:
    """The clauses without the names a companion stands by (``держусь рядом с Мирой и бью
    булавой``: Мира is not the target)."""
    text = ctx.text.lower()
    mine = ctx.side
    board = ctx.encounter.board(None)
    side = {c["name"]: c.get("side") for c in board.get("combatants", ())}
    out = []
    for c in clauses:
        kept = []
        for t in c.tokens:
            if t.kind == "NAME" and t.start > 0 and getattr(t.value, "one", None) is not None:
                before = " ".join(text[max(0, t.start - 24):t.start].split())
                ally = side.get(t.value.one) == mine
                if before.endswith(_BESIDE) or (ally and before.split(" ")[-1:] and
                                                before.split(" ")[-1] in _BY_ALLY):
                    continue
            kept.append(t)
        if kept or not c.tokens:
            out.append(Clause(c.rule, tuple(kept)))
    return out


def _melee_part(order: Any, marked: bool) -> bool:
    return marked or isinstance(order, (Strike, Flee))


def settle(d: Draft, made: list[Made], phase: str) -> list[Any]:
    """The one order (or none, with a problem in ``d``) the orders read make for this turn."""
    first = next((k for k, (o, _, m) in enumerate(made) if _melee_part(o, m)), None)
    marked = any(m for _, _, m in made)
    if first is None or (phase != "ranged" and not marked and
                         not any(isinstance(o, Shoot) for o, _, _ in made[:first])):
        return _one_order(d, [(o, t) for o, t, _ in made])  # one part, as a melee turn reads it
    # a shot is the ranged part wherever it is written ("в ближнем бою бью вождя, а сейчас
    # стреляю в варга"); another order is the melee part from the first melee order on
    ranged = [(o, t) for k, (o, t, _) in enumerate(made) if k < first or isinstance(o, Shoot)]
    melee = [(o, t) for o, t, _ in made[first:] if not isinstance(o, Shoot)]
    if phase != "ranged":
        if ranged:  # the ranged phase is over: asked again rather than half taken
            d.problem("language.fantasy.ranged_over", "F-6", said=" / ".join(t for _, t in ranged))
            return []
        return _one_order(d, melee)
    r = _one_order(d, ranged) if ranged else []
    m = _one_order(d, melee)
    if d.problems or not m:
        return []
    if not r and not isinstance(m[0], (Strike, Flee)):  # "в ближнем бою колдую": not now
        return [Both(Pass(), m[0])]
    return [Both(r[0], m[0])] if r else m


def _one_order(d: Draft, made: list[tuple[Any, str]]) -> list[Any]:
    """The orders of one part of the round as one order (F-6), else a problem."""
    made = _one_strike(made)
    if len(made) == 2 and isinstance(made[0][0], Strike) and isinstance(made[1][0], Cast) \
            and made[0][0].cast is None:
        s, cast = made[0][0], made[1][0]
        made = [(Strike(s.target, s.attack, cast), made[0][1] + " + " + made[1][1])]
    made = list({repr(o): (o, t) for o, t in made}.values())  # the same order twice is one
    if len(made) > 1:
        d.problem("language.one_order", "F-6", orders=" / ".join(t for _, t in made))
        return []
    return [o for o, _ in made]


def _one_strike(made: list[tuple[Any, str]]) -> list[tuple[Any, str]]:
    """``перехватывает топор. Рублю Волка 1`` / ``спускает тетиву. Стрела — в вожака``: strikes
    (or shots) that agree, one target at most and one weapon at most, are one (F-6: one
    order)."""
    kinds = {type(o) for o, _ in made}
    if len(made) < 2 or kinds not in ({Strike}, {Shoot}):
        return made
    if any(isinstance(o, Strike) and o.cast is not None for o, _ in made):
        return made
    targets = {o.target for o, _ in made if o.target is not None}
    weapons = {o.attack for o, _ in made if isinstance(o, Strike) and o.attack is not None}
    if len(targets) > 1 or len(weapons) > 1:
        return made
    text = " / ".join(t for _, t in made)
    target = next(iter(targets), None)
    if kinds == {Shoot}:
        return [(Shoot(target), text)]
    return [(Strike(target, next(iter(weapons), None)), text)]


def held(ctx: Context, foes: list[str]) -> list[Any]:
    """The strikes ``ctx.actor`` may give now for the melee that follows (F-6), one a foe."""
    return [o for o in (Strike(t) for t in foes) if ctx.check(o) is None]


def own_examples(ctx: Context, picked: list[Any], weapons: list[dict[str, Any]], n: int) -> list[Any]:
    """``picked`` made the reader's own: a strike names the actor's weapon, and in the ranged
    phase the first shot or spell at a foe comes with a blow at the same foe in melee."""
    weapon = weapons[0]["name"] if weapons else None
    out: list[Any] = []
    for o in picked:
        if isinstance(o, Strike) and o.attack is None and weapon is not None:
            armed = Strike(o.target, weapon, o.cast)
            o = armed if ctx.check(armed) is None else o
        out.append(o)
    if ctx.encounter.phase == "ranged" and weapon is not None:
        for o in picked:
            target = getattr(o, "target", None)
            if isinstance(o, (Shoot, Cast)) and target is not None:
                both = Both(o, Strike(target, weapon))
                if ctx.check(both) is None:
                    out = [both] + [x for x in out if x != o]
                break
    return out[:n]


def same_target(clauses: list[Clause], foes: list[str], said: Sequence[Token] = ()) -> list[Clause]:
    """``бью его же`` / ``того же``: the target named last before it, in the player's own words
    or else anywhere before it in the message (``Мира кидает искру во второго волка, а я
    стреляю в того же``: ``said``, the names the whole message gives); the foes asked about
    when none was named."""
    out: list[Clause] = []
    last: str | None = None
    for c in clauses:
        tokens = []
        for t in c.tokens:
            if t.kind == "SAME":
                before = last if last is not None else next(
                    (n.value.one for n in reversed(said) if n.end <= t.start), None)
                names = (before,) if before is not None else tuple(foes)
                t = Token("NAME", NameRef(names, t.text, kind="participant", everyone=names),
                          t.text, t.lang, t.exact, t.start, t.end)
            elif t.kind == "NAME" and isinstance(t.value, NameRef) and t.value.one:
                last = t.value.one
            tokens.append(t)
        out.append(Clause(c.rule, tuple(tokens)))
    return out
