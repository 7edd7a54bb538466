"""What the race's procedures, legal orders and policy see of a race (so none imports the engine)."""

from __future__ import annotations

from abc import abstractmethod

from gmkit.encounter import Encounter

from .board import Board
from .sheets import Sheets


class RaceContext(Encounter):
    """A race as its procedures, legal orders and policy see it."""

    state: Board
    sheets: Sheets

    @abstractmethod
    def racer_names(self) -> list[str]:
        """Every racer, in scenario order."""
