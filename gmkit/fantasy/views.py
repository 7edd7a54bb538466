"""The fantasy skirmish's views: the combatants table (F-1, F-8).

The skirmish has no map: a report's state table and the desk's table are its view, and its
picture is a status card of every side (:mod:`.card`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ..i18n import MessageError, format_message, format_number
from .words import effect_words, side_called, state_word

__all__ = ["STATE_COLUMNS", "picture", "combatants_html", "state_word", "effect_words", "side_called",
           "told", "hidden_mark"]

STATE_COLUMNS = ["name", "side", "kind", "hp", "max_hp", "ac", "status"]
"""The columns of the state table a report shows (those a board has)."""


def picture(board: Mapping[str, Any], sides: list[str], lang: str, title: str) -> Any:
    """A report's picture of a board: the status card of every side as a static SVG (None
    without combatants), hit points hidden from the board's viewer left out."""
    from ..report.document import Svg
    from .card import card_svg

    svg = card_svg(board, sides, lang, title)
    return None if svg is None else Svg(svg, title)


def told(events: Sequence[Any], viewer: str | None, scenario: Mapping[str, Any]) -> list[Any]:
    """The events (the record's :class:`~gmkit.events.Event` objects or run data's plain dicts) as
    a player of ``viewer`` is told them under the scenario's ``reveal`` policy
    (:func:`.reveal.told`): an event naming a hidden number comes back a changed copy, any other
    as it was. The visibility is left to the caller to apply after (a revealed hit-points line
    becomes visible)."""
    from dataclasses import replace

    from .reveal import Reveal
    from .reveal import told as walk

    def fields(e: Any) -> tuple[str, str, str, Mapping[str, Any], str]:
        if isinstance(e, Mapping):
            return (str(e.get("kind", "")), str(e.get("actor", "")), str(e.get("key", "")),
                    e.get("params") or {}, str(e.get("visibility") or "all"))
        return e.kind, e.actor, e.key, e.params, e.visibility

    def remake(e: Any, *, key: str, params: dict[str, Any], visibility: str) -> Any:
        if isinstance(e, Mapping):
            out = {**e, "key": key, "params": params}
            if visibility == "all":
                out.pop("visibility", None)
            else:
                out["visibility"] = visibility
            return out
        return replace(e, key=key, params=params, visibility=visibility)

    return list(walk(events, viewer, Reveal.of(scenario), fields, remake))


def hidden_mark(value: Any, lang: str) -> str:
    """A number the viewer may not see (None on a player's board) as "?", any other as written."""
    return "?" if value is None else _number(value, lang)


def _number(value: Any, lang: str) -> str:
    """A number as the reader writes it (``8,5``, ``−3``); anything else as it is."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return format_number(value, lang)
    return str(value)


def combatants_html(board: Mapping[str, Any], lang: str = "en") -> str:
    """The combatants of a fantasy board as a table: side, kind, hit points, AC, status, effects.

    Hit points and AC a player may not see come as None on the player board and show as "?". Every value
    is escaped: names, sides and statuses are typed by the GM. The desk, the reports and the
    engine's notebook view all draw it here, inside the fight's cast (``grammar.cast``), so that a
    state word agrees with its name.

    >>> "&lt;b&gt;" in combatants_html({"combatants": [{"name": "<b>", "side": "x", "effects": []}]})
    True
    """

    def t(key: str, **p: Any) -> str:
        return format_message(key, lang, **p)

    def word(prefix: str, value: Any) -> str:
        try:
            return t(f"{prefix}.{value}")
        except MessageError:
            return str(value)

    acting = board.get("acting_side")
    head = t("ui.form.acting_side", side=side_called(board, acting)) if acting else ""
    rows = []
    for c in board.get("combatants", []):
        hp = "?" if c.get("hp") is None else "/".join(_number(v, lang) for v in (c["hp"], c.get("max_hp")))
        effects = ", ".join(effect_words(e, lang) for e in c.get("effects", []))
        style = ' style="font-weight:bold"' if c.get("side") == acting else ""
        dead = c.get("status") not in (None, "", "ok", "fighting", "active")
        strike = ' style="color:#999"' if dead else ""
        status = state_word(c, lang) if c.get("status") else ""
        rows.append(f"<tr{style}><td{strike}>{escape(str(c['name']))}</td>"
                    f"<td>{escape(side_called(board, c['side']))}</td>"
                    f"<td>{escape(word('fantasy.desk.kind', c.get('kind', '')))}</td><td>{escape(hp)}</td>"
                    f"<td>{escape(hidden_mark(c.get('ac'), lang))}</td><td>{escape(status)}</td>"
                    f"<td>{escape(effects)}</td></tr>")
    cols = "".join(f"<th>{escape(t(f'fantasy.desk.col.{k}'))}</th>"
                   for k in ("name", "side", "kind", "hp", "ac", "status", "effects"))
    phase = board.get("phase")
    phase_word = word("fantasy.phase", f"{phase}.name") if phase else ""
    return (f"<div class='gm-acting'>{escape(head)} · {escape(phase_word)} · "
            f"{escape(t('fantasy.desk.round', round=board.get('round', 1)))}</div>"
            f"<table class='gm-combatants'><thead><tr>{cols}</tr>"
            f"</thead><tbody>{''.join(rows)}</tbody></table>")
