"""The desk's round log as the viewer sees it: rows formatted only for the events new since the
last look, each marked with the resolution it came from, hidden names masked. Apart from the desk
(:mod:`gmkit.ui.sessions`) so the log's bookkeeping reads on its own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..i18n import format_message
from .viewmodels import log_rows

__all__ = ["DeskLog", "event_steps"]


class DeskLog:
    """The log rows of one desk, remembering the rows already formatted."""

    def __init__(self) -> None:
        self._cache: tuple[Any, Any, list[Any], list[dict[str, Any]]] = (None, None, [], [])

    def shown(self, encounter: Any, lang: str, side: str | None,
              hidden: Sequence[str]) -> list[dict[str, Any]]:
        """The rows as ``side``'s viewer sees them: names it may not see are ``???``."""
        rows = self.rows(encounter, lang, side)
        for name in hidden:
            for r in rows:
                for k in ("actor", "text", "dice"):
                    r[k] = str(r[k]).replace(name, "???")
        return rows

    def rows(self, encounter: Any, lang: str, side: str | None) -> list[dict[str, Any]]:
        """The log rows, formatting only the events that are new since the last call."""
        events = encounter.events_for(side)
        old_lang, old_side, old, rows = self._cache
        n = 0
        if (old_lang, old_side) == (lang, side):
            while n < min(len(old), len(events)) and old[n] is events[n]:
                n += 1
        rows = rows[:n] + log_rows(events[n:], lang)
        gm = format_message("ui.log.gm", lang)
        for r in rows[n:]:
            if r["actor"] == "GM":
                r["actor"] = gm
        self._cache = (lang, side, events, rows)
        steps = event_steps(encounter)
        return [{**r, "step": steps.get(id(e), -1)} for r, e in zip(rows, events, strict=False)]


def event_steps(encounter: Any) -> dict[int, int]:
    """Which resolution (or note) each event of the record came from, by the event's id: the
    log shows the newest resolution first, so a turn just played is on top."""
    enc = encounter
    counts = []
    for entry in enc.history:
        op = entry.get("op")
        if op == "resolve":
            counts.append(len(entry.get("events", ())))
        elif op == "note":
            counts.append(1)
    i = len(enc.record) - sum(counts)  # the events of the setup come first, step -1
    out = {id(e): -1 for e in enc.record[:max(i, 0)]}
    for k, n in enumerate(counts):
        for e in enc.record[max(i, 0):i + n]:
            out[id(e)] = k
        i += n
    return out
