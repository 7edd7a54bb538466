"""What a space battle changes for a campaign, how the next battle is laid out, and the words of a
forum ship's sheet (the ``campaign`` part, see :mod:`gmkit.campaign.part`).

The rules keep a ship's hull and shield points (S-6) and its systems hit once or disabled (S-8)
for the battle; the next battle starts from what this one left, as the GM calls it (asked at each
battle, since the rules say nothing of repairs): the hull kept, repaired to the hull it joined
with, or N points mended; the shield points kept or restored; the damaged and disabled systems kept
or repaired. A ship whose cargo hold was disabled has lost its cargo (S-8). A destroyed ship is
marked dead; one that escaped (S-11, S-12) flies on.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..campaign.part import ALIVE, DEAD, Carry, Change, Choice, SheetWords, copy_entry
from ..campaign.store import Member
from ..dice import parse
from .rules import ship_cells
from .scenario import ShipSpec

__all__ = ["ENTRIES", "CHOICES", "FIGURES", "CHART", "SHEET", "SHEET_DEFAULTS", "entry_model", "kind",
           "carry",
           "figures", "stage", "build", "shown"]

ENTRIES = "ships"

CHOICES = (
    Choice("hull", ("keep", "repair"), "keep", "space.campaign.hull", number=True),
    Choice("shields", ("keep", "restore"), "keep", "space.campaign.shields"),
    Choice("systems", ("keep", "repair"), "keep", "space.campaign.systems"),
)

FIGURES = ("hull", "shields", "damaged", "disabled")
CHART = ("hull", "shields")
DEFAULT_GRID = {"width": 12, "height": 8}
"""S-1: the map of a battle when no earlier battle gives one."""


def entry_model() -> type[ShipSpec]:
    return ShipSpec


def kind(entry: Mapping[str, Any]) -> str:
    return "ship"


def carry(encounter: Any, members: Mapping[str, Member], choices: Mapping[str, Any]) -> Carry:
    """S-6, S-8: the roster after a finished battle (see the module's text)."""
    ships = {s["name"]: s for s in encounter.board()["ships"]}
    out = Carry()
    for name, m in members.items():
        s = ships.get(name)
        if s is None:
            continue
        before = m.entry
        entry = copy_entry(before)
        changes: list[Change] = []
        if s["destroyed"]:
            out.states[name] = DEAD
            why = {"key": "space.campaign.why.destroyed", "name": name}
            out.fell[name] = why
            changes.append(Change(name, "state", m.state, DEAD, why))
        else:
            out.states[name] = ALIVE
            changes += _hull(name, before, entry, m.base, int(s["hull"]), choices.get("hull", "keep"))
            restore = choices.get("shields", "keep") == "restore"
            shields = int(m.base.get("shields", before.get("shields", 0))) if restore else int(s["shields"])
            changes += _set(name, before, entry, "shields", shields, 0,
                            {"key": f"space.campaign.why.shields.{'restore' if restore else 'keep'}"})
            repair = choices.get("systems", "keep") == "repair"
            for key in ("damaged", "disabled"):
                changes += _set(name, before, entry, key, [] if repair else list(s[key]), [],
                                {"key": f"space.campaign.why.systems.{'repair' if repair else 'keep'}"})
            if before.get("cargo") and not s.get("cargo"):
                changes += _set(name, before, entry, "cargo", None, None,
                                {"key": "space.campaign.why.cargo"})
        out.entries[name] = entry
        out.changes += changes
    return out


def _hull(name: str, before: Mapping[str, Any], entry: dict[str, Any], base: Mapping[str, Any],
          hull: int, rule: Any) -> list[Change]:
    full = int(base.get("hull", before["hull"]))
    now = full if rule == "repair" else min(full, hull + rule) if isinstance(rule, int) else hull
    why = {"key": "space.campaign.why.hull", "rule": CHOICES[0].said(rule)}
    return _set(name, before, entry, "hull", max(1, now), None, why)


def _set(name: str, before: Mapping[str, Any], entry: dict[str, Any], key: str, value: Any,
         empty: Any, why: Mapping[str, Any]) -> list[Change]:
    """Set one field (left out when ``empty``); a line of the table when it changed."""
    was = before.get(key, empty)
    if value == empty:
        entry.pop(key, None)
    else:
        entry[key] = value
    return [] if was == value else [Change(name, key, was, value, why)]


def figures(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {"hull": entry.get("hull"), "shields": entry.get("shields", 0),
            "damaged": list(entry.get("damaged") or []), "disabled": list(entry.get("disabled") or [])}


def shown(field: str, value: Any, lang: str) -> str | None:
    if field in ("damaged", "disabled") and isinstance(value, list):
        from ..i18n import format_message

        if not value:
            return format_message("report.none", lang)
        return ", ".join(format_message(f"space.system.{v}", lang) for v in value)
    return None


# --- the next battle ----------------------------------------------------------------------------


def stage(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """The map (S-1), where the battle is (S-6) and the rule options a next battle keeps."""
    out = {k: scenario[k] for k in ("grid", "location", "options") if scenario.get(k)}
    out.setdefault("grid", dict(DEFAULT_GRID))
    return out


def build(party: Sequence[Mapping[str, Any]], enemies: Sequence[Mapping[str, Any]],
          settings: Mapping[str, Any]) -> dict[str, Any]:
    """The ships on the map: where their entries put them when every one fits, else the party
    down the left edge and the enemies down the right (S-1, S-2)."""
    grid = dict(settings.get("grid") or DEFAULT_GRID)
    ships = [dict(e) for e in (*party, *enemies)]
    if not _fits(ships, grid):
        _place(ships[:len(party)], grid, 1)
        _place(ships[len(party):], grid, int(grid["width"]) - 2)
    out: dict[str, Any] = {"grid": grid}
    out.update({k: settings[k] for k in ("location", "options") if settings.get(k)})
    out["ships"] = ships
    return out


def _cells(ship: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
    x, y = ship.get("cell") or (0, 0)
    return ship_cells((int(x), int(y)), int(ship.get("size", 1)), str(ship.get("orientation", "h")))


def _fits(ships: Sequence[Mapping[str, Any]], grid: Mapping[str, Any]) -> bool:
    taken = {tuple(c) for c in grid.get("station") or ()}
    for s in ships:
        if not s.get("cell"):
            return False
        for x, y in _cells(s):
            if not (0 <= x < grid["width"] and 0 <= y < grid["height"]) or (x, y) in taken:
                return False
            taken.add((x, y))
    return True


def _place(ships: Sequence[dict[str, Any]], grid: Mapping[str, Any], column: int) -> None:
    """One column of ships, each lying along it, a free cell between them."""
    station = {tuple(c) for c in grid.get("station") or ()}
    y = 0
    for s in ships:
        s["orientation"] = "v"
        while True:
            s["cell"] = [column, y]
            cells = _cells(s)
            if all(c[1] < grid["height"] for c in cells) and not station & set(cells):
                break
            y += 1
            if y >= grid["height"]:
                return  # no room: the scenario's own check names the ship that is off the map
        y = cells[-1][1] + 2


# --- a forum ship's sheet -----------------------------------------------------------------------

_LIST = re.compile(r"^\d+(?:\s*-\s*\d+)+$")


def _read(key: str, value: str) -> list[tuple[str, Any]] | None:
    v = value.strip()
    if key in ("hull", "shields", "defence", "shield_defence", "size"):
        return [(key, int(v))] if v.isdigit() else None
    if key == "damage":
        if _LIST.match(v):
            return [("damage", [int(x) for x in v.split("-")])]
        d = re.sub(r"(?:(?<=\d)|^)[кдk](?=\d)", "d", v.replace(" ", ""), flags=re.I)
        try:
            parse(d)
        except ValueError:
            return None
        return [("damage", d)]
    if key in ("cloak", "tractor"):
        return [(key, True)] if not v else None
    if key in ("heavy", "light"):
        return [("kind", key)] if not v else None
    if key == "cargo":
        return [("cargo", v)] if v else None
    return None


SHEET_DEFAULTS = {"cell": [0, 0]}
"""A ship read from a sheet has no place yet: the next battle's build puts it on the map."""

SHEET = SheetWords(
    labels={
        "корпус": "hull", "hull": "hull", "щиты": "shields", "щит": "shields", "shields": "shields",
        "защита": "defence", "defence": "defence", "defense": "defence",
        "защита щитов": "shield_defence", "shield defence": "shield_defence",
        "урон": "damage", "damage": "damage", "маскировка": "cloak", "cloak": "cloak",
        "захват": "tractor", "тяговый луч": "tractor", "tractor": "tractor",
        "tractor beam": "tractor", "тяжелый": "heavy", "heavy": "heavy", "легкий": "light",
        "light": "light", "размер": "size", "size": "size", "груз": "cargo", "cargo": "cargo",
    },
    read=_read)
"""The words of a forum ship's sheet: «Корпус 20, Щиты 10, Защита 6, Урон 2к6, маскировка»."""
