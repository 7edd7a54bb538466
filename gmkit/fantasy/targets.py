"""Whom a fantasy order aims at, from the words around its head: the foes and friends it may
mean, a name standing next to it, a pronoun bound to them, a second target it cannot have (F-6),
and words written where a target goes that nothing matched (asked, not left to the die)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..language.base import Context, Draft
from ..language.grammar import Clause, NameRef

__all__ = ["foes", "friends", "two_targets", "said_more", "ordinal_after", "named_after", "bound",
           "named_later", "whom"]


def two_targets(ctx: Context, clauses: Sequence[Clause], k: int, target: Any, d: Draft,
                 pool: list[str] | None = None) -> bool:
    """``стреляю в Волка 3 и в Волка 2``, ``лечу Борина и Эльвен``: a second name of the order's
    ``pool`` (the foes; the friends of a heal) joined to its target by «и» is a second target,
    which one blow, shot or spell cannot have (F-6); True when refused so."""
    after = clauses[k + 1:k + 3]
    if not isinstance(target, str) or len(after) < 2 or after[0].rule != "sep" or \
            not any(t.value in ("и", "and") for t in after[0].tokens) or after[1].rule != "stray":
        return False
    more = [t.value.one for t in after[1].all("NAME") if isinstance(t.value, NameRef)
            and not t.value.pronoun and t.value.one in (pool if pool is not None else foes(ctx))
            and t.value.one != target]
    if not more:
        return False
    d.problem("language.fantasy.one_target", "F-6", names=[ctx.shown(n) for n in (target, *more)])
    return True


def foes(ctx: Context) -> list[str]:
    """Those the actor may fight: every combatant of another side still standing."""
    board = ctx.encounter.board(None)
    mine = ctx.side
    return [c["name"] for c in board.get("combatants", ())
            if c.get("side") != mine and c.get("status", "active") == "active"]


def friends(ctx: Context) -> list[str]:
    """The actor's own side, the actor itself last (a heal on someone else named by a pronoun)."""
    board = ctx.encounter.board(None)
    mine = ctx.side
    out = [c["name"] for c in board.get("combatants", ())
           if c.get("side") == mine and c["name"] != ctx.actor and c.get("status", "active") == "active"]
    return out


def said_more(ctx: Context, c: Clause, clauses: list[Clause], k: int) -> bool:
    """Words of the player's own after an order's head that no name or word of the rules
    matched (``стреляю в валка``), or an ordinal with no name (``во второго``): something was
    named that was not understood."""
    return bool(ctx.loose_in(clauses, k)) or ordinal_after(clauses, k)


def ordinal_after(clauses: list[Clause], k: int) -> bool:
    after = clauses[k + 1] if k + 1 < len(clauses) else None
    return any(t.kind == "ORD" for t in clauses[k].tokens) or (
        after is not None and after.rule == "stray" and any(t.kind == "ORD" for t in after.tokens))


def named_after(ctx: Context, clauses: list[Clause], k: int, d: Draft) -> str | None:
    """``Стреляю! В вожака.`` / ``целюсь в вожака и стреляю``: a name standing alone next to an
    order with no target (after it, else before it, no other order between) is its target; a
    pronoun there is bound to the foes like any target's."""
    for side in (clauses[k + 1:], clauses[k - 1::-1] if k else []):
        for c in side:  # after the order first, then before it ("целюсь в вожака и стреляю")
            if c.rule not in ("sep", "stray"):
                break
            names = [t.value for t in c.all("NAME")]
            if c.rule == "stray" and names:
                return d.pick(bound(ctx, names[0], foes(ctx)))
    return None


def bound(ctx: Context, ref: NameRef, plausible: list[str]) -> NameRef:
    """A pronoun bound to the ``plausible`` targets (:meth:`Context.narrow`); «их» with no name
    before it is asked about, never read as the one band whose name is plural (``Крысы``): the
    wolves said as «волки» are «они» as much."""
    if ref.pronoun and not ref.names and ref.everyone == ("pl",):
        return NameRef(tuple(plausible), ref.said, kind="participant", pronoun=True)
    return ctx.narrow(ref, plausible)


def named_later(clauses: list[Clause], k: int) -> bool:
    """Another order of the same kind later in the message names a target (they join)."""
    return any(c.rule in ("strike", "weapon", "shoot") and c.all("NAME") for c in clauses[k + 1:])


def whom(ctx: Context, c: Clause, d: Draft, verb: str, **params: Any) -> None:
    """Ask which of the actor's side (the actor last) a spell for an ally is meant for."""
    d.ask(NameRef((*friends(ctx), ctx.actor), c.text, kind="participant"), "target", verb, **params)
