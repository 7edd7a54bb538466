"""The fantasy skirmish's forum posts and briefs: the combatants table and the orders open.

Read by :mod:`gmkit.report.posts` through the registry, and built only on what any engine of this
rule set offers: ``board(side)`` (hit points a side may not see come as None), ``legal_orders`` and
the engine's public odds (``strike_odds``, ``flee_odds``), asked for where they exist. The skirmish
has no map: its post's picture is a status card of every side (:mod:`.card`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n import format_message, format_number
from ..report.posts import in_languages, percent
from .views import effect_words, hidden_mark, side_called, state_word

__all__ = ["state_rows", "picture_svg", "options", "scenario_text"]


def _effects(c: Mapping[str, Any], lang: str) -> str:
    return ", ".join(effect_words(e, lang) for e in c.get("effects", []) or [])


def state_rows(board: Mapping[str, Any], lang: str) -> tuple[list[str], list[list[Any]]]:
    """Name, side, hit points and AC ("?" where the viewer may not see them), state, effects."""
    cols = [format_message(k, lang) for k in ("posts.col.name", "posts.col.side", "posts.fantasy.col.hp",
                                                "posts.fantasy.col.ac", "posts.col.state",
                                                "posts.fantasy.col.effects")]
    rows = []
    for c in board.get("combatants", []):
        hp = "?" if c.get("hp") is None else "/".join(
            format_number(v, lang) if isinstance(v, (int, float)) else str(v)
            for v in (c["hp"], c.get("max_hp")))
        rows.append([c["name"], side_called(board, c["side"]), hp, hidden_mark(c.get("ac"), lang),
                     state_word(c, lang),
                     _effects(c, lang)])
    return cols, rows


def picture_svg(board: Mapping[str, Any], sides: list[str], lang: str, title: str) -> str | None:
    """The status card of every side as a static SVG (None without combatants): the board is
    already its viewer's, so hit points hidden from it are not drawn."""
    from .card import card_svg

    return card_svg(board, sides, lang, title)


def _odds(skirmish: Any, actor: str, order: Any, lang: str) -> str:
    """The engine's chance to hit (and of a special attack taking effect) or to get away."""
    kind = type(order).__name__
    try:
        if kind == "Flee":
            p = skirmish.flee_odds(actor)
            return "" if p is None else format_message("posts.odds.flee", lang, pct=percent(float(p), lang))
        if kind not in ("Strike", "Shoot"):
            return ""
        od = skirmish.strike_odds(actor, order)
    except Exception:  # odds are a help, never a reason a brief fails
        return ""
    if od is None or not getattr(od, "lines", None):
        return ""
    parts = []
    for line in od.lines:
        text = format_message("posts.odds.hit", lang, pct=percent(float(line.hit), lang))
        if getattr(line, "specials", None):
            text += ", " + format_message("posts.odds.special", lang, pct=percent(float(line.special), lang))
        parts.append(f"{line.attack}: {text}" if len(od.lines) > 1 else text)
    return "; ".join(parts)


def answer(lang: str) -> str:
    """How a player writes an order (a brief's "how to answer"; its examples are the actor's own)."""
    return format_message("posts.fantasy.answer", lang)


def options(skirmish: Any, actor: str) -> list[dict[str, Any]]:
    """Every order open to ``actor`` now as the order language writes it, with its odds; in the
    ranged phase in two groups, the exchange's and the melee's (F-6: a forum message carries
    both parts of the round)."""
    from .language import LANGUAGE
    from .legal import for_melee

    ranged = skirmish.phase == "ranged"
    out = []
    for order in skirmish.legal_orders(actor):
        def text(lang: str, o: Any = order) -> str:
            said = LANGUAGE.render_order(o, lang, skirmish, actor)
            odds = _odds(skirmish, actor, o, lang)
            return f"{said} · {odds}" if odds else said

        group = "posts.group.orders"
        if ranged:
            group = "posts.group.melee" if for_melee(skirmish.state, order) else "posts.group.ranged"
        out.append({"group": group, "text": in_languages(text)})
    return sorted(out, key=lambda o: o["group"] == "posts.group.melee")  # the exchange comes first


_NOTATION_FIELDS = ("damage", "heal", "ongoing")
"""Fields holding a damage table (F-3) written as the rules write it: ``0.5-1-1.5``."""


def _table(text: str, lang: str) -> str:
    """A damage table in the reader's decimal mark: ``0,5-1-1,5`` in Russian (the rules' own
    hyphens kept: it is a list of values, not a range)."""
    from .notation import parse_damage

    try:
        spec = parse_damage(text)
    except Exception:  # a value the scenario check let through as it is: shown as written
        return text
    if spec.table is None:
        return text
    from ..i18n import format_number

    return "-".join(format_number(v, lang) for v in spec.table)


def _life(text: str, lang: str) -> str:
    """Life dice (F-1) in the reader's letters: ``2ЖК+3`` in Russian, ``2LD+3`` in English."""
    from .notation import parse_life

    try:
        life = parse_life(text)
    except Exception:
        return text
    mod = f"{life.modifier:+d}" if life.modifier else ""
    return f"{life.count}{format_message('fantasy.notation.life', lang)}{mod}"


def _special(text: str, lang: str) -> str:
    """A special attack (F-4) in the reader's words: ``яд16ПБ6`` / ``poison16PR6``."""
    from .notation import parse_special, special_name

    try:
        sp = parse_special(text)
    except Exception:
        return text
    kind = special_name(sp.kind, lang).replace(" ", "")
    if sp.protection is None:
        return format_message("fantasy.notation", lang, kind=kind, trigger=sp.trigger)
    return format_message("fantasy.notation.pr", lang, kind=kind, trigger=sp.trigger, pr=sp.protection)


def scenario_text(scenario: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The scenario with its notations written for a reader of ``lang`` (the GM report's scenario
    tables): damage tables with the language's decimal mark, life dice and special attacks in
    the language's letters. The values mean the same; only their spelling changes."""
    from .notation import special_name

    def walk(value: Any, key: str = "") -> Any:
        if isinstance(value, Mapping) and key == "effects":  # keyed by the kind of special attack
            return {special_name(str(k), lang): walk(v, str(k)) for k, v in value.items()}
        if isinstance(value, Mapping):
            return {k: walk(v, str(k)) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, key) for v in value]
        if isinstance(value, str):
            if key in _NOTATION_FIELDS:
                return _table(value, lang)
            if key == "hp":
                return _life(value, lang)
            if key == "special":
                return _special(value, lang)
        return value

    return dict(walk(scenario))
