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
