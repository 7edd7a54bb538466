"""Scenario, state and summary tables as pandas DataFrames (static views of board and record)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import pandas as pd

from ..i18n import format_message
from .rundata import board_for, entities

__all__ = ["cell_text", "flatten", "scenario_tables", "state_table", "participants_table"]

_SKIP = {"trails"}


def cell_text(value: Any) -> Any:
    """A value as one table cell: scalars as they are, cells as ``(x,y)``, lists joined."""
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, (list, tuple)) and len(v) == 2 for v in value):
            return " ".join(f"({v[0]},{v[1]})" for v in value)
        return ", ".join(str(cell_text(v)) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}={cell_text(v)}" for k, v in value.items())
    return value


def flatten(row: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested mappings as ``pilot.piloting`` columns; lists as text."""
    out: dict[str, Any] = {}
    for k, v in row.items():
        name = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(flatten(v, name + "."))
        else:
            out[name] = cell_text(v)
    return out


def participants_table(rows: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    return pd.DataFrame([flatten(r) for r in rows])


STATE_COLUMNS = {
    "dragons": ["name", "side", "speed", "height", "max_speed", "shaken", "wounds", "falling", "out",
                "tailing", "turned"],
    "space": ["name", "side", "class", "cells", "hull", "max_hull", "shields", "shields_up", "cloaked",
              "hidden", "destroyed", "escaped"],
    "fantasy": ["name", "side", "kind", "hp", "max_hp", "ac", "status"],
}
"""The columns a state table shows per system (those a board has); other systems show all."""


def state_table(board: Mapping[str, Any]) -> pd.DataFrame:
    """The board's participants, one row each (hit points, wounds, hull, position...)."""
    _, ents = entities(board)
    frame = participants_table(ents)
    want = [c for c in STATE_COLUMNS.get(str(board.get("system")), []) if c in frame.columns]
    return frame[want] if want else frame


def scenario_tables(data: Mapping[str, Any], view: str = "gm", side: str = "",
                    lang: str = "en") -> list[tuple[str, pd.DataFrame]]:
    """The scenario as tables. The GM sees the file; a player sees the start as the board shows it.

    A scenario may hold what players must not know (a cloaked ship's starting cells), so the player
    view is drawn from the player's board before the first round, never from the file.
    """
    if view != "gm":
        board = board_for(data["initial"], view, side)
        return [(format_message("report.participants", lang), state_table(board))]
    scen = data["scenario"]
    tables: list[tuple[str, pd.DataFrame]] = []
    settings: dict[str, Any] = {}
    for key, value in scen.items():
        if key in _SKIP:
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            tables.append((str(key), participants_table(value)))
        elif isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            rows = [{"name": k, **v} for k, v in value.items()]
            tables.append((str(key), participants_table(rows)))
        elif isinstance(value, dict):
            settings.update(flatten(value, f"{key}."))
        else:
            settings[str(key)] = cell_text(value)
    head = pd.DataFrame({"field": list(settings), "value": [str(v) for v in settings.values()]})
    return [(format_message("report.settings", lang), head), *tables]
