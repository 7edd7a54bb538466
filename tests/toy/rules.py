"""The race's rules as pure functions (R-1: a racer rolls 1 to its most dice)."""

from __future__ import annotations


def dice_allowed(n: int, most: int) -> bool:
    """R-1."""
    return 1 <= n <= most
