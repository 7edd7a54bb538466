"""Dragon duels (rule set D): dragons with pilots fighting in the sky by Speed and Height.

>>> from gmkit.dragons import DragonDuel, DragonOrder, Move, Attack
"""

from __future__ import annotations

from . import rules
from .duel import EXAMPLE, DragonDuel
from .model import Dragon, DragonState, DuelState, Pilot, Weapon
from .orders import (Attack, DragonOrder, Force, Manoeuvre, Move, ShakeOff, TailAttempt,
                     TurnCheck, UsePower)
from .scenario import DragonScenario

__all__ = ["DragonDuel", "DragonOrder", "Move", "Attack", "TailAttempt", "Force", "ShakeOff",
           "Manoeuvre", "UsePower", "TurnCheck", "Dragon", "Pilot", "Weapon", "DragonState", "DuelState",
           "DragonScenario", "EXAMPLE", "rules"]
