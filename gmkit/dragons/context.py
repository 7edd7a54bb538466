"""What the procedures, the legal-order checks and the autopilot see of a duel.

:class:`DuelContext` is the abstract face of the engine: the board, the static sheets, the round's
bookkeeping and a few queries. The engine (:mod:`gmkit.dragons.engine`) fills it in; the modules
that work on a duel take a ``DuelContext`` and so never import the engine (no import cycle).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from ..encounter import Encounter
from .board import DragonState, DuelState, RoundBook
from .orders import DragonOrder
from .sheets import Dragon, Sheets

__all__ = ["DuelContext"]


class DuelContext(Encounter):
    """A dragon duel as its procedures, legal orders and policy see it."""

    state: DuelState
    sheets: Sheets
    """Static data built from the scenario, shared by the fights :meth:`fresh` starts."""
    dragons: dict[str, Dragon]
    """``sheets.dragons``: the static data per dragon, in scenario order."""
    battlefield: str
    """``blue`` or ``firmament`` (D-13)."""
    options: dict[str, Any]
    book: RoundBook
    """The round being resolved (see :class:`~gmkit.dragons.board.RoundBook`)."""

    @abstractmethod
    def state_of(self, name: str) -> DragonState:
        """``name``'s state; :class:`~gmkit.errors.IllegalOrder` (D-1) for an unknown name."""

    @abstractmethod
    def late(self, name: str) -> bool:
        """D-3: counts as having ordered last (an Extra, GM-run or turned dragon)."""

    @abstractmethod
    def hostile(self, a: str, b: str) -> bool:
        """Enemies: different sides, or either is a turned dragon (D-10)."""

    @abstractmethod
    def enemies(self, name: str) -> list[str]:
        """The dragons still in the fight that are ``name``'s enemies."""

    @abstractmethod
    def turned_target(self, name: str) -> str | None:
        """D-10: the dragon a turned ``name`` goes for (the nearest by D-5 range)."""

    @abstractmethod
    def gm_order(self, name: str) -> DragonOrder | None:
        """D-10: the GM's order for the turned ``name`` when the GM gave none: the autopilot's,
        which goes for the nearest target (announced in the record)."""

    @abstractmethod
    def fight_decided(self) -> bool:
        """At most one party left (memoised within a round: see ``book.decided``)."""
