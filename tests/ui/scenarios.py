"""Small scenarios for the UI tests (the engines' own examples live in templates/scenarios)."""

from __future__ import annotations

from typing import Any

EVIL = "<img src=x onerror=alert(1)>"


def dragon_spec(name: str, side: str, speed: int, height: int, **kw: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"name": name, "side": side, "max_speed": 12, "toughness": 8,
                         "speed": speed, "height": height,
                         "pilot": {"name": f"pilot of {name}", "fighting": "d8", "piloting": "d8",
                                   "spirit": "d6", "shooting": "d8"},
                         "weapons": [{"name": "Flame", "kind": "ranged", "damage": "2d6",
                                      "ranges": [10, 20, 40]},
                                     {"name": "Claws", "kind": "melee", "damage": "2d8"}]}
    d.update(kw)
    return d


def duel(n: int = 2, names: list[str] | None = None, seed: int = 11) -> dict[str, Any]:
    names = names or ["Ash", "Bane", "Cinder", "Dusk", "Ember", "Frost"][:n]
    dragons = [dragon_spec(nm, "red" if i % 2 == 0 else "blue", 4 + i % 3, 10 + (i % 2))
               for i, nm in enumerate(names)]
    return {"system": "dragons", "name": "UI test duel", "seed": seed, "dragons": dragons}
