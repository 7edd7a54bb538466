"""The race's rules as pure functions over plain data, each citing its rule id.

>>> dice_allowed(3, 3), dice_allowed(4, 3)
(True, False)
>>> reached(19, 20), reached(20, 20)
(False, True)
"""

from __future__ import annotations


def dice_allowed(n: int, most: int) -> bool:
    """R-1: a racer rolls from 1 to its most dice."""
    return 1 <= n <= most


def reached(position: int, goal: int) -> bool:
    """R-2: the first racer at or past the goal wins."""
    return position >= goal
