"""Scenario, state and summary tables: plain rows for reports, pandas DataFrames for notebooks.

Reports build their tables from :func:`state_rows` and :func:`scenario_rows` (plain lists, so a
template kernel never has to load pandas); :func:`state_table` and :func:`scenario_tables` give the
same tables as DataFrames for use in a notebook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..i18n import format_message
from .rundata import board_for, entities

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["cell_text", "flatten", "Rows", "rows_of", "state_rows", "scenario_rows", "frame",
           "state_table", "scenario_tables", "participants_table"]

Rows = tuple[list[str], list[list[Any]]]
"""Column names and rows of values."""

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


def rows_of(records: Sequence[Mapping[str, Any]], columns: Sequence[str] = ()) -> Rows:
    """Records as rows; the columns are ``columns`` (those present) or every key, in first-seen order."""
    flat = [flatten(r) for r in records]
    seen: list[str] = []
    for r in flat:
        for k in r:
            if k not in seen:
                seen.append(k)
    cols = [c for c in columns if c in seen] or seen
    return cols, [[r.get(c) for c in cols] for r in flat]


def state_rows(board: Mapping[str, Any]) -> Rows:
    """The board's participants, one row each (hit points, wounds, hull, position...)."""
    from ..errors import GmkitError
    from ..systems import get

    _, ents = entities(board)
    try:
        columns = get(str(board.get("system"))).views_module.STATE_COLUMNS
    except (GmkitError, AttributeError):  # a board of no known rule set: every column
        columns = []
    return rows_of(ents, columns)


def scenario_rows(data: Mapping[str, Any], view: str = "gm", side: str = "",
                  lang: str = "en") -> list[tuple[str, Rows]]:
    """The scenario as tables. The GM sees the file; a player sees the start as the board shows it.

    A scenario may hold what players must not know (a cloaked ship's starting cells), so the player
    view is drawn from the player's board before the first round, never from the file.
    """
    if view != "gm":
        board = board_for(data["initial"], view, side)
        return [(format_message("report.participants", lang), state_rows(board))]
    scen = data["scenario"]
    tables: list[tuple[str, Rows]] = []
    settings: dict[str, Any] = {}
    for key, value in scen.items():
        if key in _SKIP:
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            tables.append((str(key), rows_of(value)))
        elif isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            tables.append((str(key), rows_of([{"name": k, **v} for k, v in value.items()])))
        elif isinstance(value, dict):
            settings.update(flatten(value, f"{key}."))
        else:
            settings[str(key)] = cell_text(value)
    head: Rows = (["field", "value"], [[k, str(v)] for k, v in settings.items()])
    return [(format_message("report.settings", lang), head), *tables]


def frame(rows: Rows) -> "pd.DataFrame":
    import pandas as pd

    cols, values = rows
    return pd.DataFrame(values, columns=cols)


def participants_table(records: Sequence[Mapping[str, Any]]) -> "pd.DataFrame":
    return frame(rows_of(records))


def state_table(board: Mapping[str, Any]) -> "pd.DataFrame":
    return frame(state_rows(board))


def scenario_tables(data: Mapping[str, Any], view: str = "gm", side: str = "",
                    lang: str = "en") -> list[tuple[str, "pd.DataFrame"]]:
    return [(caption, frame(rows)) for caption, rows in scenario_rows(data, view, side, lang)]
