"""The guide's north road (three players' side against wolves) as plain data, with a seed."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

WOLF = {"side": "pack", "hp": 5, "ac": 7, "melee": {"name": "bite", "damage": "0.5-1-1.5-2"}, "reward": 15}

ROAD: dict[str, Any] = {
    "system": "fantasy", "name": "The north road", "language": "en", "seed": 16,
    "sides": ["party", "pack"],
    "combatants": [
        {"name": "Borin", "side": "party", "kind": "player", "hp": 14, "ac": 5, "strength": 1,
         "melee": {"name": "axe", "damage": "1-1.5-2-2.5-3-3.5"},
         "items": [{"name": "healing potion", "heal": "2-3-4", "uses": 1}],
         "points": 180, "levels": [200, 400]},
        {"name": "Mira", "side": "party", "kind": "player", "hp": 7, "ac": 8, "wisdom": 2,
         "melee": {"name": "staff", "damage": "1-2"},
         "spells": [{"name": "spark", "damage": "1-2-3", "uses": 2}], "points": 40, "levels": [60, 150]},
        {"name": "Hound", "side": "party", "kind": "pet", "owner": "Borin", "hp": 5, "ac": 7,
         "melee": {"name": "bite", "damage": "0.5-1-1.5"}},
        *({"name": f"Wolf {i}", **WOLF} for i in (1, 2, 3)),
    ],
}


def road(where: Path, seed: int = 16, **changes: Any) -> Path:
    """The road scenario written to ``where/road.yaml`` with ``seed`` (and top-level changes)."""
    data = copy.deepcopy(ROAD)
    data["seed"] = seed
    data.update(changes)
    path = where / "road.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path
