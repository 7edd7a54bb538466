"""Rule set F: fantasy skirmishes with 1..18 rolls against armour class.

``Skirmish`` is the engine (:mod:`.skirmish`), the pure rules are in :mod:`.rules`, the notations
(``яд16ПБ6``, ``0.5-1-1.5``, ``2ЖК+3``) in :mod:`.notation`, the scenario section in :mod:`.scenario`
(registered as ``system: fantasy`` on import).
"""

from __future__ import annotations

from typing import Any

__all__ = ["Skirmish", "Strike", "Shoot", "Cast", "UseItem", "Flee", "Pass", "Combatant", "Side",
           "Effect", "SpecialAttack", "FantasyScenario", "parse_special", "parse_damage",
           "parse_life", "rules"]

_LAZY = {"Skirmish": "skirmish", "rules": "rules",
         **{n: "model" for n in ("Combatant", "Effect", "Side")},
         **{n: "notation" for n in ("SpecialAttack", "parse_damage", "parse_life", "parse_special")},
         "FantasyScenario": "scenario",
         **{n: "orders" for n in ("Cast", "Flee", "Pass", "Shoot", "Strike", "UseItem")}}
"""Where each public name lives: imported on first use, so finding the rule set (its
``system.py``) costs nothing."""


def __getattr__(name: str) -> Any:
    try:
        module = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    import importlib

    mod = importlib.import_module(f"{__name__}.{module}")
    value = mod if name == module else getattr(mod, name)
    globals()[name] = value
    return value
