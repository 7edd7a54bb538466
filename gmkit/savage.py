"""Savage Worlds outcomes as plain functions (C-3, C-4): what a total means, not how it is rolled."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["DamageOutcome", "damage_outcome", "raises_over", "parry"]


class DamageOutcome(NamedTuple):
    """What one damage total does to a target (C-4)."""

    shaken: bool
    wounds: int


def raises_over(total: int, tn: int) -> int:
    """C-3: one raise per full 4 over the target number; none on a miss."""
    return (total - tn) // 4 if total >= tn else 0


def damage_outcome(total: int | float, toughness: int, already_shaken: bool = False) -> DamageOutcome:
    """C-4: Toughness or more Shakes; each full 4 over is a Wound; Shaken again is a Wound.

    >>> damage_outcome(7, 8)
    DamageOutcome(shaken=False, wounds=0)
    >>> damage_outcome(8, 8, already_shaken=True)
    DamageOutcome(shaken=True, wounds=1)
    >>> damage_outcome(16, 8)
    DamageOutcome(shaken=True, wounds=2)
    """
    if total < toughness:
        return DamageOutcome(False, 0)
    wounds = int((total - toughness) // 4)
    if wounds == 0 and already_shaken:
        wounds = 1
    return DamageOutcome(True, wounds)


def parry(fighting_die: int | None) -> int:
    """D-6 (a character's Parry): 2 + half the Fighting die; unskilled counts as 2."""
    if fighting_die is None:
        return 2
    return 2 + fighting_die // 2
