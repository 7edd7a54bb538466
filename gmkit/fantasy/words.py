"""The fantasy skirmish's state in words: a status, a combatant's state agreeing with its name, an
effect with the turns it has left, a side by its name. Shared by the desk's table, the posts'
table and the status card (:mod:`.views`, :mod:`.posts`, :mod:`.card`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n import MessageError, format_message

__all__ = ["status_word", "state_word", "effect_words", "side_called"]


def status_word(value: Any, lang: str) -> str:
    """A status in words (``отравление``); a status the GM named is shown as written."""
    try:
        return format_message(f"fantasy.status.{value}", lang)
    except MessageError:
        return str(value)


def state_word(c: Mapping[str, Any], lang: str) -> str:
    """A combatant's state as a word agreeing with its name (мертва, сбежали), else its status."""
    status = c.get("status") or "active"
    if status in ("dead", "fled"):
        return format_message(f"fantasy.state.{status}", lang, actor=str(c["name"]))
    return status_word(status, lang)


def effect_words(e: Mapping[str, Any], lang: str) -> str:
    """An effect with the turns it has left (``отравление, ещё 2 хода``)."""
    status = status_word(e.get("status"), lang)
    if e.get("turns") is None:
        return status
    return format_message("fantasy.desk.effect", lang, status=status, turns=e["turns"])


def side_called(board: Mapping[str, Any], side: Any) -> str:
    """How a side is called (its ``side_names`` entry, which the board carries), else its id."""
    return str((board.get("side_names") or {}).get(side, side))
