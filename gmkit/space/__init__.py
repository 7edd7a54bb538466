"""Space battles (rule set S): starships on a square grid around a station.

>>> from gmkit.space import SpaceBattle, Move, Attack
>>> battle = SpaceBattle.from_scenario("templates/scenarios/space_raider_vs_cruiser.yaml", seed=1)  # doctest: +SKIP
>>> battle.push(battle.current_ship, battle.legal_orders(battle.current_ship)[0])  # doctest: +SKIP
"""

from __future__ import annotations

from ..scenario import register_system
from .battle import SpaceBattle
from .model import GridSpec, ShipSpec, SpaceOptions, SpaceScenario
from .orders import (Attack, BreakFree, Clock, Cloak, Flee, Move, Pass, Pursue, RaiseShields,
                     Release, Tractor)

register_system("space", SpaceScenario)

__all__ = ["SpaceBattle", "SpaceScenario", "ShipSpec", "GridSpec", "SpaceOptions", "Move", "Attack",
           "RaiseShields", "Cloak", "Flee", "Pursue", "Tractor", "BreakFree", "Release", "Pass",
           "Clock"]
