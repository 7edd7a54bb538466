"""The static data of a space battle, built once from the validated scenario: the map, each
ship's sheet and the GM's options. Frozen: nothing here changes during a fight (the board in
:mod:`.board` does)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .rules import Cell

__all__ = ["ShipSheet", "Options", "Sheet"]


@dataclass(frozen=True, slots=True)
class ShipSheet:
    """A ship's fixed data (S-2, S-6, S-7, S-8, S-10, S-13)."""

    name: str
    side: str
    kind: str
    """S-2: ``light`` or ``heavy``."""
    size: int
    """S-2, S-13: cells it takes."""
    hull: int
    """S-6: hull points at full strength."""
    defence: int
    """S-7: what the d10 must reach against the hull."""
    shields: int
    """S-6: shield points at full strength."""
    shield_defence: int
    """S-7: what the d10 must reach while the shields are up and hold points."""
    damage: str | tuple[int, ...]
    """S-8: a dice expression or equally likely values (C-6)."""
    cloak: bool
    """S-10: has a cloaking device."""
    tractor: bool
    """S-13: has a tractor beam."""

    @classmethod
    def from_scenario(cls, d: Mapping[str, Any]) -> ShipSheet:
        sd = d.get("shield_defence")
        damage = d["damage"]
        return cls(d["name"], d["side"], d["kind"], d["size"], d["hull"], d["defence"], d["shields"],
                   d["defence"] if sd is None else sd,
                   damage if isinstance(damage, str) else tuple(damage), d["cloak"], d["tractor"])


@dataclass(frozen=True, slots=True)
class Options:
    """The GM's switches (see :class:`~gmkit.space.scenario.SpaceOptions` for each one's rule)."""

    long_shot_confirm: bool = True
    long_shot_confirm_min: int = 6
    cloak_shift_keeps_fire_range: bool = False
    escape_lockout_rounds: int = 6
    tractor_relock_rounds: int = 2
    departure_window_minutes: float = 10
    max_rounds: int = 0
    initiative_at: str = "in_range"
    default_aim: str = "hull"


@dataclass(frozen=True, slots=True)
class Sheet:
    """Everything fixed about one battle."""

    width: int
    height: int
    station: tuple[Cell, ...]
    """S-1: the station's cells; no ship may enter them."""
    station_cells: Mapping[Cell, str]
    """The station's cells, each taken by ``"station"`` (where occupancy maps start)."""
    location: str
    """S-6: ``space``, ``orbit`` or ``dock``."""
    ships: Mapping[str, ShipSheet]
    """Every ship's sheet, in scenario order."""
    options: Options
    initiative: tuple[str, ...] | None
    """S-4: the GM's order when it is obvious, else None (the d10s decide)."""
    departing: tuple[str, ...]
    """S-12: the ship leaving the station at the start (at most one)."""
    cloaked: tuple[str, ...]
    """S-4/S-10: the ships cloaked at the start (they roll no initiative and act first)."""

    @classmethod
    def from_scenario(cls, sc: Mapping[str, Any]) -> Sheet:
        g = sc["grid"]
        ships = sc["ships"]
        station = tuple((x, y) for x, y in g["station"])
        return cls(g["width"], g["height"], station, dict.fromkeys(station, "station"), sc["location"],
                   {s["name"]: ShipSheet.from_scenario(s) for s in ships}, Options(**sc["options"]),
                   None if sc["initiative"] is None else tuple(sc["initiative"]),
                   tuple(s["name"] for s in ships if s["departing"]),
                   tuple(s["name"] for s in ships if s["cloaked"]))

    def side(self, ship: str) -> str:
        return self.ships[ship].side
