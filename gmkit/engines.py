"""The engine class of a rule set, by its name: the one lookup the simulation, the reports and
the desks share (typed here, so none of them repeats it with a cast)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the registry and the engine are imported when asked for, not with this module
    from .encounter import Encounter

__all__ = ["engine_for"]


def engine_for(system: str) -> type[Encounter]:
    """The :class:`~gmkit.encounter.Encounter` subclass that plays the rule set named ``system``
    (a scenario's or journal's ``system``); a :class:`~gmkit.errors.GmkitError` naming the known
    rule sets when there is none of that name."""
    from .systems import get

    return get(system).engine_class
