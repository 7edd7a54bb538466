"""The race's static views: its state table shows name, side and position; it has no picture."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

STATE_COLUMNS = ["name", "side", "pos"]


def picture(board: Mapping[str, Any], sides: list[str], lang: str, title: str) -> None:
    return None
