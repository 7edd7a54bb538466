"""Exact odds before a roll, for all three rule sets: a GM asks "how likely?" and gets fractions.

Every function returns an :class:`Odds`: mutually exclusive outcomes with exact
:class:`~fractions.Fraction` chances, a headline ``chance`` (``float(odds)`` is its float view),
``floats`` for all of them, ``error`` (a bound on each figure's absolute error, 0 when exact) and a
readable ``str()``.

>>> from gmkit import odds
>>> odds.trait("d8").chance
Fraction(13, 16)
>>> odds.d18_hit(ac=5, modifier=1).chance
Fraction(4, 9)
>>> odds.space_hit(7, range2=True).chance
Fraction(1, 5)

Savage Worlds (D): :func:`trait`, :func:`opposed`, :func:`damage`, :func:`attack`.
Fantasy (F): :func:`d18_hit`, :func:`special`, :func:`table`, :func:`percent` (F-3 damage as a
percentage of current hit points), :func:`strike`, :func:`flee`, :func:`escape`.
Space (S): :func:`space_hit`, :func:`space_attack`, :func:`break_free`, :func:`escape_cells`.
"""

from __future__ import annotations

from .core import ERROR_BOUND, Dist, Odds, exploding_ge, pct
from .fantasy import (d18_ge, d18_hit, d18_needed, escape, flee, percent, percent_value, protection_roll,
                      special, strike, table, table_mean, table_values)
from .savage import attack, damage, damage_dist, opposed, trait, trait_ge, wound_penalty
from .space import break_free, d10_ge, escape_cells, halve, space_attack, space_hit

__all__ = ["Odds", "Dist", "ERROR_BOUND", "pct", "exploding_ge",
           "trait", "trait_ge", "opposed", "damage", "damage_dist", "attack", "wound_penalty",
           "d18_ge", "d18_needed", "d18_hit", "protection_roll", "special", "table", "table_mean",
           "table_values", "percent", "percent_value", "strike", "flee", "escape",
           "d10_ge", "halve", "space_hit", "space_attack", "break_free", "escape_cells", "clear_cache"]


def clear_cache() -> None:
    """Forget memoised answers (for benchmarks that time a cold query)."""
    from . import fantasy, savage, space

    for mod in (savage, fantasy, space):
        for name in dir(mod):
            fn = getattr(mod, name)
            if hasattr(fn, "cache_clear"):
                fn.cache_clear()
