"""A fantasy order in the words its player could write (``бью Волка 2 топором``), from the
catalogue's ``fantasy.order.*`` messages, the names declined by the fight's cast: what the reader
says back (:meth:`~gmkit.fantasy.language.FantasyLanguage.render`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..i18n import format_message, grammar
from ..language.base import Context
from .orders import Both, Cast, Flee, Pass, Shoot, Strike, UseItem

__all__ = ["order_words", "names_of", "cast_of"]


def order_words(order: Any, lang: str, shown: dict[str, str],
                mine: frozenset[str] = frozenset()) -> str:
    """``mine``: the actor's spells for an ally or itself, which the engine casts on the
    caster when they name nobody (said «на себя»)."""
    def say(key: str, **params: Any) -> str:
        return format_message(f"fantasy.order.{key}", lang,
                              **{k: shown.get(v, v) for k, v in params.items()})

    if isinstance(order, Both):
        return format_message("fantasy.order.both", lang,
                              ranged=order_words(order.ranged, lang, shown, mine),
                              melee=order_words(order.melee, lang, shown, mine))
    if isinstance(order, Strike):
        target, attack = order.target, order.attack
        if target is None:
            text = say("strike.with", attack=attack) if attack is not None else say("strike")
        else:
            text = (say("strike.target.with", target=target, attack=attack) if attack is not None
                    else say("strike.target", target=target))
        if order.cast is not None:
            text = format_message("fantasy.order.and", lang, first=text,
                                  then=order_words(order.cast, lang, shown, mine))
        return text
    if isinstance(order, Shoot):
        return say("shoot") if order.target is None else say("shoot.target", target=order.target)
    if isinstance(order, Cast):
        if order.target is None:
            return say("cast.self" if order.spell in mine else "cast", spell=order.spell)
        return say("cast.target", spell=order.spell, target=order.target)
    if isinstance(order, UseItem):
        return (say("use", item=order.item) if order.target is None
                else say("use.target", item=order.item, target=order.target))
    if isinstance(order, Flee):
        return say("flee")
    if isinstance(order, Pass):
        return say("pass")
    return repr(order)


def names_of(order: Any) -> list[str | None]:
    """The names an order gives (targets, weapons, spells, items), its joined spell's included."""
    if isinstance(order, Both):
        return [*names_of(order.ranged), *names_of(order.melee)]
    if isinstance(order, Strike):
        return [order.target, order.attack, *(names_of(order.cast) if order.cast is not None else [])]
    if isinstance(order, Shoot):
        return [order.target]
    if isinstance(order, Cast):
        return [order.spell, order.target]
    if isinstance(order, UseItem):
        return [order.item, order.target]
    return []


def cast_of(ctx: Context | None, shown: dict[str, str]) -> grammar.Cast:
    """The fight's grammar for the names as shown: an alias (``Элвен`` for ``Elwen``) is declined
    as what its name belongs to, with the gender the scenario gives it."""
    fight = ctx.encounter.cast if ctx is not None else grammar.current_cast()
    return _aliases_cast(fight, tuple(shown.items()))


@lru_cache(maxsize=1024)
def _aliases_cast(fight: grammar.Cast, shown: tuple[tuple[str, str], ...]) -> grammar.Cast:
    rows: list[grammar.CastRow] = []
    for name, said in shown:
        e = fight.entry(name)
        if e is None:
            continue
        rows.append((said, e.kind, e.gender, dict(e.forms) if said == name else None))
    return grammar.Cast.of(rows)
