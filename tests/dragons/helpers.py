"""Small builders for dragon duel tests: scenarios with chosen positions."""

from __future__ import annotations

from typing import Any

from gmkit.dragons import DragonDuel


def dragon(name: str, side: str, speed: int = 6, height: int = 10, *, wild_card: bool = True,
           gm: bool = False, max_speed: int = 10, toughness: int = 8,
           weapons: list[dict[str, Any]] | None = None, **pilot: Any) -> dict[str, Any]:
    p = {"name": f"{name}'s pilot", "fighting": "d8", "piloting": "d8", "spirit": "d8"}
    p.update(pilot)
    if weapons is None:
        weapons = [{"name": "Flame", "kind": "ranged", "damage": "2d8", "ranges": [60, 120, 180]},
                   {"name": "Claws", "kind": "melee", "damage": "2d6"}]
    return {"name": name, "side": side, "wild_card": wild_card, "gm": gm, "max_speed": max_speed,
            "toughness": toughness, "speed": speed, "height": height, "pilot": p,
            "weapons": weapons}


def scenario(*dragons: dict[str, Any], battlefield: str = "blue",
             **options: Any) -> dict[str, Any]:
    sc: dict[str, Any] = {"system": "dragons", "name": "test", "battlefield": battlefield,
                          "dragons": list(dragons)}
    if options:
        sc["options"] = options
    return sc


def duel(*dragons: dict[str, Any], seed: int = 1, battlefield: str = "blue",
         **options: Any) -> DragonDuel:
    return DragonDuel(scenario(*dragons, battlefield=battlefield, **options), seed)


def keys(d: DragonDuel, start: int = 0) -> list[str]:
    return [e.key for e in d.record[start:]]
