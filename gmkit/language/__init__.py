"""The order language: players' messages in Russian or English read into legal orders.

The forum round starts here: a player's message (a PM, prose around the order) is read for one
actor into the engine's own order objects, checked by the engine, and answered with a reply the GM
can paste back in the player's language::

    from gmkit.language import read
    reading = read(duel, "Ash", "Заявка: набор высоты 1, атакую Бейна Пламенем")
    reading.ok, reading.orders     # True, (DragonOrder(move=Move('climb', 1), actions=(...)),)
    print(reading.reply())        # what was understood, what is wrong, the legal options

Each rule set's ``language`` part (found through :mod:`gmkit.systems`) is an
:class:`~gmkit.language.base.OrderLanguage` with its vocabulary and grammar; this package holds
what they share: text, numbers, word forms, names, the scanner and grammar, the reading and reply.
"""

from __future__ import annotations

from typing import Any

from .base import Context, Draft, LanguageError, OrderLanguage
from .reading import Note, Problem, Question, Reading

__all__ = ["read", "language_of", "order_format", "render", "examples", "offers", "Reading", "Problem",
           "Question", "Note", "OrderLanguage", "Context", "Draft", "LanguageError"]


def language_of(system: str) -> OrderLanguage:
    """The order language of the rule set named ``system`` (its ``LANGUAGE`` object)."""
    from ..systems import get

    module = get(system).load("language")
    lang = getattr(module, "LANGUAGE", None)
    if not isinstance(lang, OrderLanguage):
        raise LanguageError(f"the {system!r} rule set's language module has no LANGUAGE reader")
    return lang


def read(encounter: Any, actor: str, text: str | bytes, lang: str | None = None) -> Reading:
    """Read a player's message for ``actor`` of ``encounter``, whatever its rule set."""
    return language_of(encounter.system).read(encounter, actor, text, lang)


def render(encounter: Any, actor: str, order: Any, lang: str = "en") -> str:
    """``order`` as the player of ``actor`` could write it in ``lang`` (it reads back the same)."""
    language = language_of(encounter.system)
    return language.render(order, lang, language.context(encounter, actor, lang))


def examples(encounter: Any, actor: str, lang: str = "en", n: int = 2) -> list[str]:
    """Orders ``actor`` may give now, written as its player would write them, with the fight's
    own names, weapons and targets (each reads back as the same order): for a brief and a
    reminder, never an example naming someone who is not in the fight."""
    language = language_of(encounter.system)
    ctx = language.context(encounter, actor, lang)
    return [language.render(o, lang, ctx) for o in language.examples(ctx, n)]


def offers(encounter: Any, actor: str) -> bool:
    """Whether ``actor`` has an order to give now: legal now, or one the rules take ahead for
    a later part of the round (a table keeps such an actor's row open for its message)."""
    if encounter.is_over or actor not in encounter.participants():
        return False
    language = language_of(encounter.system)
    return bool(language.options(language.context(encounter, actor)))


def order_format(system: str, lang: str = "en") -> str:
    """A short description of how to write orders in a rule set, with examples (for briefs)."""
    return language_of(system).order_format(lang)
