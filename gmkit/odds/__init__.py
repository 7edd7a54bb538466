"""Exact odds before a roll: a GM asks "how likely?" and gets fractions.

Every function returns an :class:`Odds`: mutually exclusive outcomes with exact
:class:`~fractions.Fraction` chances, a headline ``chance`` (``float(odds)`` is its float view),
``floats`` for all of them, ``error`` (a bound on each figure's absolute error, 0 when exact) and a
readable ``str()``.

This package holds the mathematics every rule set shares (distributions, exploding dice, the
Savage Worlds trait roll and damage of C-3/C-4); each rule set's own odds live in its ``odds.py``
and are reachable here by name too, found through :mod:`gmkit.systems`:

>>> from gmkit import odds
>>> odds.trait("d8").chance
Fraction(13, 16)
>>> odds.d18_hit(ac=5, modifier=1).chance
Fraction(4, 9)
>>> odds.space_hit(7, range2=True).chance
Fraction(1, 5)
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from .core import ERROR_BOUND, Dist, Odds, exploding_ge, pct
from .savage import attack, damage, damage_dist, opposed, trait, trait_ge

__all__ = ["Odds", "Dist", "ERROR_BOUND", "pct", "exploding_ge",
           "trait", "trait_ge", "opposed", "damage", "damage_dist", "attack",
           "clear_cache", "rule_set_odds"]


def rule_set_odds() -> list[ModuleType]:
    """Every registered rule set's odds module."""
    from ..systems import all_systems

    return [s.odds_module for s in all_systems() if s.has("odds")]


def __getattr__(name: str) -> Any:
    """A rule set's odds function by its name (``odds.space_hit``), from the registry."""
    if not name.startswith("_"):
        for mod in rule_set_odds():
            if name in getattr(mod, "__all__", ()):
                value = getattr(mod, name)
                globals()[name] = value
                return value
    raise AttributeError(f"module 'gmkit.odds' has no attribute {name!r}")


def clear_cache() -> None:
    """Forget memoised answers (for benchmarks that time a cold query)."""
    from . import savage

    for mod in (savage, *rule_set_odds()):
        for name in dir(mod):
            fn = getattr(mod, name)
            if hasattr(fn, "cache_clear"):
                fn.cache_clear()
