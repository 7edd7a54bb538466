"""The roster checks a scenario of turn-based sides shares: each actor named once, none named as
the GM (whose rulings the engine takes under that name), at least two sides. A rule set calls
:func:`check_roster` from its scenario model with its own message keys, which name the field as
its readers know it (dragons, ships) and cite its rule."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import FieldProblem, quoted

__all__ = ["GM_NAME", "repeated", "check_roster"]

GM_NAME = "GM"
"""The actor name the GM's own orders are given under (an actor of that name would be confused
with them)."""


def repeated(names: Iterable[str]) -> list[str]:
    """The names given more than once, sorted.

    >>> repeated(["Ash", "Bane", "Ash", "Vel", "Bane"])
    ['Ash', 'Bane']
    """
    seen: set[str] = set()
    twice: set[str] = set()
    for n in names:
        (twice if n in seen else seen).add(n)
    return sorted(twice)


def check_roster(names: Sequence[str], sides: Iterable[str], *, unique: str, gm: str,
                 two_sides: str) -> None:
    """A :class:`~gmkit.errors.FieldProblem` of the rule set's message key when ``names`` repeat
    one (``unique``, with ``names``: every repeated one), hold the GM's (``gm``, with ``gm``), or
    ``sides`` are fewer than two (``two_sides``)."""
    dup = repeated(names)
    if dup:
        raise FieldProblem(unique, names=dup)
    if GM_NAME in names:
        raise FieldProblem(gm, gm=quoted(GM_NAME))
    if len(set(sides)) < 2:
        raise FieldProblem(two_sides)
