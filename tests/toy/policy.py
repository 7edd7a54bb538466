"""The race's autopilot: always roll as many dice as allowed."""

from __future__ import annotations

from typing import Any

from .orders import Run


class Autopilot:
    def __init__(self, race: Any) -> None:
        pass

    def order(self, race: Any, actor: str) -> Run:
        return Run(race._max[actor])
