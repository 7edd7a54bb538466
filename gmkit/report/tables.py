"""Tables of a report in the reader's words: the scenario, the state after a round, the outcome.

Every header and every value goes through the message catalogue (``field.*`` labels and
``value.*`` words in ``gmkit/i18n/messages/fields.json``): no field name, no ``None``, no
True/False ever reaches a reader. A value a reader need not see (nothing, an empty list, a
default ``False``) is left out: a column that holds nothing is dropped, and an item of a list
(a weapon, a spell) names only what it has::

    Flame (ranged, damage 2d8, ranges 60/120/180)

The state after a round is the rule set's own compact table (its ``posts.state_rows``, the one a
forum post shows); a rule set without one gets its board's participants in the same words.
Tables are plain lists (a template kernel never loads pandas); :func:`frame` makes a DataFrame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..i18n import catalogue, format_message, format_number, grammar
from .rundata import board_for, entities

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Rows", "label", "value_text", "human_rows", "rule_posts", "state_rows", "scenario_rows",
           "participants_rows", "frame", "state_table", "scenario_tables", "participants_table"]

Rows = tuple[list[str], list[list[Any]]]
"""Column names and rows of values."""

_SKIP = {"system", "name", "description", "language", "seed", "trails"}
"""Scenario keys the report shows elsewhere (title, subtitle) or never (the chart's trails)."""
_POINTS = {"cell"}
"""Fields that hold one cell of a map, ``[x, y]``, written ``(x, y)``."""
_SIDES = {"side", "winner"}
"""Fields that hold a side's id: written as the side's name (``side_names:``)."""
_KINDS = {"damaged": "system", "disabled": "system", "cure": "status"}
"""Fields whose values are words of another field's list (a damaged system, a cured state)."""


def _has(key: str) -> bool:
    return key in catalogue()


def label(path: str, lang: str) -> str:
    """The reader's name of a field: ``field.<path>`` (``grid.height``), else ``field.<last part>``;
    a key under a known field that is no field itself (a name: ``aliases.Ash``) is written after
    that field's name; a field the catalogue does not know is written as words
    (``extra crash survival``)."""
    parent, _, last = path.rpartition(".")
    for key in (f"field.{path}", f"field.{last}"):
        if _has(key):
            return format_message(key, lang)
    if parent and _has(f"field.{parent.rsplit('.', 1)[-1]}"):
        return f"{label(parent, lang)}: {last}"
    return last.replace("_", " ").strip().capitalize() or path


def _upper(text: str) -> str:
    """A label as a column header: its first letter capitalised."""
    return text[:1].upper() + text[1:]


def _lower(text: str) -> str:
    """A label inside a sentence: ``Damage`` -> ``damage`` (an acronym such as ``AC`` stays)."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def _absent(value: Any) -> bool:
    return value is None or value is False or value == "" or (
        isinstance(value, (list, tuple, dict)) and not value)


def _cells(value: Any) -> bool:
    return bool(value) and all(isinstance(v, (list, tuple)) and len(v) == 2 and
                               all(isinstance(c, int) for c in v) for v in value)


def value_text(value: Any, lang: str, path: str = "", name: str | None = None) -> str:
    """One value in words: yes/no, a number as the language writes it, a code word translated
    (``value.<field>.<word>``, agreeing with ``name``, the row's: «мертва» for Мира), cells as
    ``(x, y)``, number lists as ``60/120/180``, a list of items (weapons, spells) item by item;
    nothing at all as a dash; a side's id as the side's name."""
    last = path.rsplit(".", 1)[-1]
    if value is None:
        return format_message("report.none", lang)
    if isinstance(value, bool):
        return format_message("report.yes" if value else "report.no", lang)
    if isinstance(value, (int, float)):
        return format_number(value, lang)
    if isinstance(value, str):
        kind = _KINDS.get(last, last)
        key = f"value.{kind}.{value}"
        if _has(key):
            return format_message(key, lang, name=name if name is not None else "")
        return grammar.shown(value) if last in _SIDES else value
    if isinstance(value, Mapping):
        return item_text(value, lang, path)
    if isinstance(value, (list, tuple)):
        if last in _POINTS and len(value) == 2 and all(isinstance(v, int) for v in value):
            return f"({value[0]}, {value[1]})"
        if _cells(value):
            return " ".join(f"({x}, {y})" for x, y in value)
        if value and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
            return "/".join(format_number(v, lang) for v in value)
        if value and all(isinstance(v, Mapping) for v in value):  # one item a line
            return ";\n".join(item_text(v, lang, path) for v in value)
        return ", ".join(value_text(v, lang, path) for v in value if not _absent(v))
    return str(value)


def item_text(item: Mapping[str, Any], lang: str, path: str = "") -> str:
    """An item of a list (a weapon, a spell, an effect) as its name and what it has:
    ``Flame (ranged, damage 2d8, ranges 60/120/180)``. A code word stands alone (``ranged``), a
    yes stands as its label (``disables``); nothing, no and zero are left out."""
    parts = []
    for key, value in item.items():
        if key == "name" or _absent(value) or (isinstance(value, (int, float)) and value == 0):
            continue
        sub = f"{path}.{key}" if path else key
        if value is True:
            parts.append(_lower(label(sub, lang)))
        elif isinstance(value, str) and _has(f"value.{_KINDS.get(key, key)}.{value}"):
            parts.append(value_text(value, lang, sub))
        else:
            parts.append(f"{_lower(label(sub, lang))} {value_text(value, lang, sub)}")
    name = str(item.get("name", "")).strip()
    if not name:
        return ", ".join(parts)
    return f"{name} ({', '.join(parts)})" if parts else name


def _flatten(row: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested mappings as their own columns (``pilot.fighting``); lists stay whole."""
    out: dict[str, Any] = {}
    for k, v in row.items():
        name = f"{prefix}{k}"
        if isinstance(v, Mapping) and v and not ("name" in v and prefix == "" and _is_item(v)):
            out.update(_flatten(v, name + "."))
        else:
            out[name] = v
    return out


def _is_item(value: Mapping[str, Any]) -> bool:
    """A mapping that reads as one item (a single weapon given without a list)."""
    return any(isinstance(v, str) for k, v in value.items() if k != "name") and "damage" in value


def _name(row: Mapping[str, Any]) -> str | None:
    name = row.get("name", row.get("participant"))
    return name if isinstance(name, str) else None


def human_rows(records: Sequence[Mapping[str, Any]], lang: str, columns: Sequence[str] = (),
               drop_defaults: bool = False, path: str = "") -> Rows:
    """Records as a table in words: the columns are ``columns`` (those present) or every key, in
    first-seen order, less those that hold nothing (with ``drop_defaults``, also those that are 0
    in every row: a scenario's unset modifiers)."""
    flat = [_flatten(r) for r in records]
    seen: list[str] = []
    for r in flat:
        for k in r:
            if k not in seen:
                seen.append(k)
    cols = [c for c in columns if c in seen] or seen

    def empty(col: str) -> bool:
        values = [r.get(col) for r in flat]
        if all(_absent(v) for v in values):
            return True
        return drop_defaults and all(_absent(v) or (not isinstance(v, bool) and v == 0) for v in values)

    cols = [c for c in cols if c == "name" or not empty(c)]
    head = [_upper(label(f"{path}.{c}" if path else c, lang)) for c in cols]
    body = [[value_text(r.get(c), lang, c, _name(r)) for c in cols] for r in flat]
    return head, body


def rule_posts(system: str) -> ModuleType | None:
    """The rule set's ``posts`` part, or None when it has none (or the rule set is unknown)."""
    from ..errors import GmkitError
    from ..systems import get

    try:
        rules = get(system)
    except GmkitError:
        return None
    return rules.load("posts") if rules.has("posts") else None


def state_rows(board: Mapping[str, Any], lang: str = "en") -> Rows:
    """The board's participants, one row each: the rule set's compact table (its
    ``posts.state_rows``), else every participant's columns of its ``views.STATE_COLUMNS``."""
    system = str(board.get("system"))
    fn = getattr(rule_posts(system), "state_rows", None)
    if fn is not None:
        cols, rows = fn(board, lang)
        side = format_message("posts.col.side", lang)  # the side column: each side by its name
        return list(cols), [[grammar.shown(v) if c == side and isinstance(v, str) else _cell(v, lang)
                             for c, v in zip(cols, row, strict=False)] for row in rows]
    from ..errors import GmkitError
    from ..systems import get

    _, ents = entities(board)
    try:
        columns = list(get(system).views_module.STATE_COLUMNS)
    except (GmkitError, AttributeError):  # a board of no known rule set: every column
        columns = []
    return human_rows(ents, lang, columns)


def _cell(value: Any, lang: str) -> Any:
    """A rule set's table cell, kept as it is unless it is a bare None, bool or float."""
    if value is None or isinstance(value, (bool, float)):
        return value_text(value, lang)
    return value


def scenario_rows(data: Mapping[str, Any], view: str = "gm", side: str = "",
                  lang: str = "en") -> list[tuple[str, Rows]]:
    """The scenario as tables in words. The GM sees the file: its settings (one per line) and a
    table per list (dragons, ships, combatants, effects); a player sees the start as the board
    shows it.

    A scenario may hold what players must not know (a cloaked ship's starting cells), so the player
    view is drawn from the player's board before the first round, never from the file.
    """
    if view != "gm":
        board = board_for(data["initial"], view, side)
        return [(format_message("report.participants", lang), state_rows(board, lang))]
    scen = data["scenario"]
    spelled = getattr(rule_posts(str(data.get("system"))), "scenario_text", None)
    if spelled is not None:  # the rule set's notations (life dice, damage tables) in the reader's letters
        scen = spelled(scen, lang)
    tables: list[tuple[str, Rows]] = []
    settings: list[list[str]] = []

    def setting(path: str, value: Any) -> None:
        if _absent(value):
            return
        settings.append([_upper(label(path, lang)), value_text(value, lang, path)])

    for key, value in scen.items():
        if key in _SKIP:
            continue
        if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            tables.append((label(key, lang), human_rows(value, lang, drop_defaults=True)))
        elif isinstance(value, Mapping) and value and all(isinstance(v, Mapping) for v in value.values()):
            records = [{"name": k, **v} for k, v in value.items()]
            tables.append((label(key, lang), human_rows(records, lang, drop_defaults=True, path=key)))
        elif isinstance(value, Mapping):
            for k, v in value.items():
                setting(f"{key}.{k}", v)
        else:
            setting(str(key), value)
    head: Rows = ([format_message("report.col.setting", lang), format_message("report.col.value", lang)],
                  settings)
    return [(format_message("report.settings", lang), head), *tables]


def participants_rows(records: Sequence[Mapping[str, Any]], lang: str = "en") -> Rows:
    """The outcome's table of participants (what each did, how each ended) in words."""
    return human_rows(records, lang)


def frame(rows: Rows) -> pd.DataFrame:
    import pandas as pd

    cols, values = rows
    return pd.DataFrame(values, columns=cols)


def participants_table(records: Sequence[Mapping[str, Any]], lang: str = "en") -> pd.DataFrame:
    return frame(participants_rows(records, lang))


def state_table(board: Mapping[str, Any], lang: str = "en") -> pd.DataFrame:
    return frame(state_rows(board, lang))


def scenario_tables(data: Mapping[str, Any], view: str = "gm", side: str = "",
                    lang: str = "en") -> list[tuple[str, pd.DataFrame]]:
    return [(caption, frame(rows)) for caption, rows in scenario_rows(data, view, side, lang)]
