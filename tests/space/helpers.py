"""Small boards for the S tests: ships by name, side and cell; dice forced with typed-in faces."""

from __future__ import annotations

import json
from typing import Any

from gmkit.space import SpaceBattle


def ship(name: str, side: str, cell: tuple[int, int], **kw: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"name": name, "side": side, "cell": list(cell), "hull": 20, "defence": 5,
                         "damage": "2d6"}
    d.update(kw)
    return d


def heavy(name: str, side: str, cell: tuple[int, int], size: int = 3, orientation: str = "h",
          **kw: Any) -> dict[str, Any]:
    return ship(name, side, cell, kind="heavy", size=size, orientation=orientation, **kw)


def scenario(*ships: dict[str, Any], width: int = 10, height: int = 10, order: list[str] | None = None,
             station: list[list[int]] | None = None, **kw: Any) -> dict[str, Any]:
    sc: dict[str, Any] = {"system": "space", "name": "test board", "grid": {
        "width": width, "height": height, "station": station or []}, "ships": list(ships)}
    sc["initiative"] = order if order is not None else [s["name"] for s in ships]
    sc.update(kw)
    return sc


def battle(*ships: dict[str, Any], seed: int = 1, **kw: Any) -> SpaceBattle:
    return SpaceBattle(scenario(*ships, **kw), seed)


def player_json(b: SpaceBattle, side: str) -> str:
    """Everything a player of ``side`` sees, as one JSON text."""
    return json.dumps({"board": b.board(side), "events": [e.to_json() for e in b.events_for(side)],
                       "story": b.story("en", side) + b.story("ru", side)}, ensure_ascii=False)


def cell_forms(cell: tuple[int, int]) -> list[str]:
    x, y = cell
    return [f"[{x}, {y}]", f"[{x},{y}]", f"({x}, {y})", f"({x},{y})"]


HALVING = {"range", "targeting", "held"}
"""The damage notes that halve (S-3 across a cell, S-8 targeting disabled, S-13 attacking while
held); ``plating`` adds 2 (S-8)."""


def check_ledger(b: SpaceBattle, start: dict[str, tuple[int, int]]) -> int:
    """Fold every damage event over the ships' starting (hull, shield points), by S-3/S-6/S-8/S-13
    as written here: the dealt damage from the roll, shields first, the rest to the hull, nothing
    below 0. Each event's figures and every ship's final hull must agree. Returns the events seen."""
    hull = {n: h for n, (h, _) in start.items()}
    shields = {n: s for n, (_, s) in start.items()}
    exploded = {e.actor for e in b.record if e.key == "space.reactor.explodes"}
    n = 0
    for e in b.record:
        if e.kind != "damage":
            continue
        n += 1
        d, t = e.data, e.params["target"]
        assert d["rolled"] == e.rolls[0].total
        halvings = sum(1 for m in d["modifiers"] if m in HALVING)
        assert d["dealt"] == (d["rolled"] >> halvings) + (2 if "plating" in d["modifiers"] else 0), d
        assert d["shields"] + d["hull"] == d["dealt"] and 0 <= d["shields"] <= shields[t], (d, shields[t])
        shields[t] -= d["shields"]
        hull[t] = max(0, hull[t] - d["hull"])
        assert (d["hull_left"], d["shields_left"]) == (hull[t], shields[t]), (e.to_json(), hull[t])
    for name, s in b.state.ships.items():
        if name not in exploded:
            assert s.hull == hull[name], name
    return n
