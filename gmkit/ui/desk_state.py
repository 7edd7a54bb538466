"""The desk's state in words, apart from the desk itself: its header (the fight, the round or
the outcome, the journal), who the round still awaits an order from and what each will do if it is
resolved now (the missing-order prompt), and the «waiting for» line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from ..errors import GmkitError
from ..i18n import format_message
from ..report.document import named

__all__ = ["header_html", "missing_orders", "waiting_html"]


def missing_orders(encounter: Any, hidden: Sequence[str], autopilot: bool,
                   no_order: Callable[[str], str], autopilot_words: Callable[[str, Any], str]
                   ) -> list[dict[str, str]]:
    """``[{"actor", "default"}]`` for every actor awaited without an order: ``no_order(actor)``
    says what it does then, or with ``autopilot`` ``autopilot_words(actor, order)`` the
    autopilot's order. Names in ``hidden`` are shown as ``???``."""
    received = set(encounter.orders_received)
    out = []
    for actor in encounter.awaiting():
        if actor in received:
            continue
        if actor in hidden:
            out.append({"actor": "???", "default": "???"})
            continue
        if autopilot:
            try:
                order = encounter.autopilot(actor)
            except GmkitError:
                order = None
            text = autopilot_words(actor, order) if order is not None else no_order(actor)
        else:
            text = no_order(actor)
        out.append({"actor": actor, "default": text})
    return out


def waiting_html(encounter: Any, hidden: Sequence[str], t: Callable[..., str]) -> str:
    """The «waiting for» line (``t``: the desk's words): whose orders are still to come, or that
    all are in; empty when the fight is over or nothing is awaited."""
    if encounter.is_over:
        return ""
    waiting = [a if a not in hidden else "???" for a in encounter.awaiting()
               if a not in encounter.orders_received]
    if not waiting:
        if not encounter.orders_received:
            return ""  # nothing awaited (a turn waiting on the GM's word)
        return f'<span class="gm-all-in" style="color:#1b7d2f">{escape(t("all_in"))}</span>'
    return f'<span class="gm-waiting">{escape(t("waiting_for", names=waiting))}</span>'


def header_html(encounter: Any, lang: str, turn: str, t: Callable[..., str]) -> str:
    """The desk's header: the fight's name, its round and ``turn`` (whose turn Resolve plays) or
    its outcome, and where it is saved as it goes (``t``: the desk's words)."""
    name = escape(str(encounter.scenario.get("name", "")))
    state = t("round", round=encounter.round)
    out = encounter.outcome()
    if out is not None:
        winner = out.get("winner")
        res = (format_message(named("core.winner", winner), lang, side=winner) if winner
               else format_message("core.draw", lang))
        state = t("over", outcome=res)
    elif turn:
        state += " · " + turn
    where = encounter.journal_path
    saved = t("autosave", path=where.name) if where else t("no_journal")
    return (f"<h3 style='margin:4px 0'>{name}</h3><div>{escape(state)} · "
            f"<span style='color:#666'>{escape(saved)}</span></div>")
