"""The race's posts: its state table (name, side, position); no picture; the default options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmkit.i18n import format_message


def state_rows(board: Mapping[str, Any], lang: str) -> tuple[list[str], list[list[Any]]]:
    cols = [format_message(k, lang) for k in ("posts.col.name", "posts.col.side", "posts.race.col.pos")]
    return cols, [[r["name"], r["side"], r["pos"]] for r in board.get("racers", [])]
