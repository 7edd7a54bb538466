"""The race's mutable state: each racer's position and the winner once there is one."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Board:
    pos: dict[str, int] = field(default_factory=dict)
    winner: str | None = None

    def copy(self) -> Board:
        return Board(dict(self.pos), self.winner)
