"""Hand-written boards in the engines' view-model shapes, so the controls are tested without them."""

from __future__ import annotations

from typing import Any

EVIL = "<img src=x onerror=alert(1)>"


def dragon(name: str, side: str, speed: int, height: int, **kw: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"name": name, "side": side, "wild_card": True, "gm": False, "speed": speed,
                         "height": height, "max_speed": 12, "shaken": False, "wounds": 0,
                         "falling": False, "fall_turns": 0, "out": False, "out_reason": None,
                         "turned": False, "tailing": None, "tailed_by": None,
                         "weapons": [{"name": "Flame", "kind": "ranged", "damage": "2d6", "out": False}]}
    d.update(kw)
    return d


def dragons_board(n: int = 2, round: int = 1, **first: Any) -> dict[str, Any]:
    ds = [dragon(f"D{i}", "red" if i % 2 == 0 else "blue", 4 + i, 10 + i % 3) for i in range(n)]
    ds[0].update(first)
    return {"system": "dragons", "round": round, "over": False, "battlefield": "blue",
            "dragons": ds, "orders_received": [], "trails": {d["name"]: [] for d in ds}}


def ship(name: str, side: str, cells: list[list[int]], **kw: Any) -> dict[str, Any]:
    s: dict[str, Any] = {"name": name, "side": side, "class": "frigate", "size": len(cells),
                         "cells": cells, "orientation": "h", "hull": 10, "max_hull": 10, "shields": 5,
                         "max_shields": 5, "shields_up": True, "damaged": [], "disabled": [],
                         "cloaked": False, "hidden": False, "held_by": None, "holding": None,
                         "fleeing": False, "escaped": False, "destroyed": False, "skip_turns": 0}
    s.update(kw)
    return s


def space_board(**kw: Any) -> dict[str, Any]:
    b: dict[str, Any] = {"system": "space", "round": 1, "over": False, "width": 12, "height": 10,
                         "station": [[5, 5], [6, 5]], "turn": "Hawk",
                         "initiative": ["Hawk", "Ghost", "Brick"],
                         "ships": [ship("Hawk", "blue", [[1, 1]]),
                                   ship("Ghost", "red", [[8, 2]], cloaked=True),
                                   ship("Brick", "red", [[3, 7], [4, 7], [5, 7]], damaged=["engines"])]}
    b.update(kw)
    return b


def player_space_board() -> dict[str, Any]:
    """What the engine's ``board("blue")`` gives: the cloaked enemy kept as a name with no cells."""
    b = space_board()
    b["ships"][1] = dict(b["ships"][1], cells=[], hidden=True)
    return b
