"""Rule set F: fantasy skirmishes with 1..18 rolls against armour class.

``Skirmish`` is the engine (:mod:`.skirmish`), the pure rules are in :mod:`.rules`, the notations
(``яд16ПБ6``, ``0.5-1-1.5``, ``2ЖК+3``) in :mod:`.notation`, the scenario section in :mod:`.scenario`
(registered as ``system: fantasy`` on import).
"""

from __future__ import annotations

from . import rules
from .model import Combatant, Effect, Side
from .notation import SpecialAttack, parse_damage, parse_life, parse_special
from .scenario import FantasyScenario
from .orders import Cast, Flee, Pass, Shoot, Strike, UseItem
from .skirmish import Skirmish

__all__ = ["Skirmish", "Strike", "Shoot", "Cast", "UseItem", "Flee", "Pass", "Combatant", "Side",
           "Effect", "SpecialAttack", "FantasyScenario", "parse_special", "parse_damage",
           "parse_life", "rules"]
