"""The dragon duel's forum posts and briefs: the state table, the chart's picture, the orders open.

Read by :mod:`gmkit.report.posts` through the registry. Everything here is drawn from a board as
its viewer sees it, or from the engine's ``legal_orders`` and :mod:`gmkit.dragons.odds`: no rule is
computed here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..i18n import format_message
from ..report.posts import in_languages, percent
from .views import chart_model, chart_svg

if TYPE_CHECKING:
    from .engine import DragonDuel

__all__ = ["state_rows", "picture_svg", "options"]


def _state(d: Mapping[str, Any], lang: str) -> str:
    """A dragon's state in words that fit any name (no verb to agree): out, its pilot consumed,
    falling, Shaken, on a tail; in the fight when none."""
    marks = []
    if d.get("out"):
        marks.append(format_message("dragons.chart.state.out", lang))
    if d.get("turned"):
        marks.append(format_message("dragons.chart.state.turned", lang))
    if d.get("falling"):
        marks.append(format_message("dragons.chart.state.falling", lang))
    if d.get("shaken"):
        marks.append(format_message("term.shaken", lang))
    if d.get("tailing"):
        marks.append(format_message("dragons.desk.tailing", lang, target=d["tailing"]))
    return ", ".join(marks) or format_message("dragons.chart.state.ok", lang)


def state_rows(board: Mapping[str, Any], lang: str) -> tuple[list[str], list[list[Any]]]:
    """Name, side (as the scenario calls it), Speed/Height, wounds, state (Shaken, on a tail,
    falling, out) per dragon."""
    cols = [format_message(k, lang) for k in ("posts.col.name", "posts.col.side",
                                                "posts.dragons.col.speed_height",
                                                "posts.dragons.col.wounds", "posts.col.state")]
    rows = [[d["name"], d.get("side_name") or d["side"], f"{d['speed']}/{d['height']}",
             d.get("wounds", 0), _state(d, lang)]
            for d in board.get("dragons", [])]
    return cols, rows


def picture_svg(board: Mapping[str, Any], sides: list[str], lang: str, title: str) -> str | None:
    """The Speed/Height chart of the board as a static SVG (None without dragons)."""
    if not board.get("dragons"):
        return None
    return chart_svg(chart_model(board, lang, sides), title)


def answer(lang: str) -> str:
    """How a rider writes an order (a brief's "how to answer"; its examples are the actor's own)."""
    return (format_message("posts.dragons.answer", lang) + " "
            + format_message("language.dragons.format_bennies", lang))


def options(duel: DragonDuel, actor: str) -> list[dict[str, Any]]:
    """The moves open to ``actor`` now, then each action the legal orders hold, an attack with
    its chances to hit and to wound from where the dragon is now."""
    from .language import LANGUAGE
    from .orders import Attack, DragonOrder

    legal = duel.legal_orders(actor)
    out: list[dict[str, Any]] = []
    for move in legal.moves:
        out.append({"group": "posts.group.moves",
                    "text": in_languages(lambda lang, m=move: LANGUAGE.render_order(
                        DragonOrder(move=m), lang, duel, actor))})
    seen: list[Any] = []
    for order in legal:
        for action in getattr(order, "actions", ()):
            if action not in seen:
                seen.append(action)
    attacks = {(o["weapon"], o["target"]): o for o in legal.attack_options() if o["legal"]}
    for action in seen:
        odds = None
        if isinstance(action, Attack) and (action.weapon, action.target) in attacks:
            odds = duel.attack_odds(actor, attacks[(action.weapon, action.target)])

        def text(lang: str, a: Any = action, od: Any = odds) -> str:
            said = LANGUAGE.render_order(DragonOrder(actions=(a,)), lang, duel, actor)
            if od is None:
                return said
            return (f"{said} · {format_message('posts.odds.hit', lang, pct=percent(od[0], lang))}, "
                    f"{format_message('posts.odds.wound', lang, pct=percent(od[1], lang))}")

        out.append({"group": "posts.group.actions", "text": in_languages(text)})
    return out
