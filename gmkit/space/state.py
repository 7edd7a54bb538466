"""The board of a space battle: plain mutable records the engine owns and undo restores.

Every mutable thing lives here, so ``SpaceState.copy()`` is the whole snapshot a resolution needs
(faster than ``deepcopy``; the battle benchmark leans on it) and ``==`` compares two boards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .rules import Cell, Cells

__all__ = ["ShipState", "SpaceState"]


@dataclass(slots=True)
class ShipState:
    """One ship as it stands now."""

    cells: Cells
    orientation: str
    hull: int
    shields: int
    """S-6: shield points left."""
    shields_up: bool
    systems: dict[str, int] = field(default_factory=dict)
    """S-8: hits taken per system (1 damaged, 2 or more disabled)."""
    skip_turns: int = 0
    """S-8 (5, 9): turns the ship still owes (evacuating the crew, repairing life support)."""
    cloaked: bool = False
    revealed_at: Cell | None = None
    """S-10: the cell it was last seen firing from (public), until its next turn."""
    revealed_for: str | None = None
    """S-10: the ship it fired at then: its shift must keep touching that ship."""
    held_by: str | None = None
    holding: str | None = None
    fleeing: bool = False
    flee_locked_until: int = 0
    """S-11: no new escape before this round."""
    escaped: bool = False
    destroyed: bool = False
    cargo: str | None = None
    shots: int = 0
    hits: int = 0
    damage_dealt: int = 0

    def copy(self) -> "ShipState":
        return ShipState(self.cells, self.orientation, self.hull, self.shields, self.shields_up,
                         dict(self.systems), self.skip_turns, self.cloaked, self.revealed_at,
                         self.revealed_for, self.held_by, self.holding, self.fleeing,
                         self.flee_locked_until, self.escaped, self.destroyed, self.cargo,
                         self.shots, self.hits, self.damage_dealt)

    @property
    def in_play(self) -> bool:
        """Still on the map: neither destroyed nor escaped."""
        return not (self.destroyed or self.escaped)

    def disabled(self, system: str) -> bool:
        """S-8: hit a second time."""
        return self.systems.get(system, 0) >= 2


@dataclass(slots=True)
class SpaceState:
    """The whole board."""

    round: int
    """Full rounds: 1 until every ship has had its first turn."""
    turn: int
    """Index into ``order`` of the ship whose turn it is (-1 once the fight is over)."""
    order: list[str]
    """S-4: the initiative order, lowest first."""
    ships: dict[str, ShipState]
    departure: dict[str, Any] | None = None
    """S-12: the departing ship, its head start and the GM's real-time window."""
    locks: dict[str, int] = field(default_factory=dict)
    """S-13: ``"A|B"`` -> the round from which those two may hold each other again."""
    ended: str | None = None
    """Why the GM's limits ended the fight (``rounds``, ``disarmed``), else None."""

    def copy(self) -> "SpaceState":
        return SpaceState(self.round, self.turn, list(self.order),
                          {n: s.copy() for n, s in self.ships.items()},
                          dict(self.departure) if self.departure is not None else None,
                          dict(self.locks), self.ended)
