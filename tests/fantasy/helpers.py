"""Small scenario builders and dice helpers for the F tests."""

from __future__ import annotations

import copy
from typing import Any

from gmkit.fantasy import Skirmish


def d18(n: int) -> tuple[int, int]:
    """The two faces (d6, d3) that make a d18 of ``n`` (C-5: d6 + 0/6/12)."""
    three = (n - 1) // 6 + 1
    return n - 6 * (three - 1), three


def hero(name: str = "Hero", **kw: Any) -> dict[str, Any]:
    d = {"name": name, "side": "party", "kind": "player", "hp": 10, "ac": 8,
         "melee": {"name": "sword", "damage": "1-2"}}
    d.update(kw)
    return d


def beast(name: str = "Beast", **kw: Any) -> dict[str, Any]:
    d = {"name": name, "side": "monsters", "kind": "monster", "hp": 6, "ac": 8,
         "melee": {"name": "bite", "damage": "1-2"}, "reward": 10}
    d.update(kw)
    return d


def scenario(*combatants: dict[str, Any], first: str | None = "party", **options: Any) -> dict[str, Any]:
    opts: dict[str, Any] = {"first": first, "ranged_phase": options.pop("ranged_phase", False)}
    opts.update(options)
    return {"system": "fantasy", "name": "test", "seed": 11, "combatants": list(copy.deepcopy(combatants)),
            "options": opts}


def make(*combatants: dict[str, Any], effects: dict[str, Any] | None = None, seed: int = 11,
         **options: Any) -> Skirmish:
    sc = scenario(*combatants, **options)
    if effects:
        sc["effects"] = effects
    sk = Skirmish.from_scenario(sc, seed=seed)
    assert isinstance(sk, Skirmish)
    return sk


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]
