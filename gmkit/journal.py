"""A fight's journal: a JSON Lines file, one header line and then one line per step, never rewritten.

The journal is the record kept apart from the board (python-chess keeps its PGN game apart from its
``Board``): an :class:`~gmkit.encounter.Encounter` hands it each step as it happens and rebuilds itself
from it on resume. Every append is flushed and fsynced before it returns, so what a GM entered is on
disk before the desk says it was taken.
"""

from __future__ import annotations

import json
import os
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from .errors import JournalError

__all__ = ["Journal", "JournalContents", "JOURNAL_FORMAT", "dumps", "effective"]

JOURNAL_FORMAT = 1


@dataclass
class JournalContents:
    """What a journal file holds: its header, its entries (undo markers included) and the byte
    length of its good part (a last line cut off mid-write is not part of it)."""

    header: dict[str, Any]
    entries: list[dict[str, Any]]
    good: int


def dumps(entry: dict[str, Any], default: Callable[[Any], Any] | None = None) -> str:
    """One journal line: keys sorted, Unicode kept, no spaces (the same bytes on every machine)."""
    return json.dumps(entry, ensure_ascii=False, sort_keys=True, default=default)


def effective(entries: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries that stand: each ``undo`` marker removes the step before it."""
    stack: list[dict[str, Any]] = []
    for entry in entries:
        if entry.get("op") == "undo":
            if stack:
                stack.pop()
        else:
            stack.append(entry)
    return stack


class Journal:
    """One journal file, appended to as a fight goes on."""

    def __init__(self, path: str | Path, default: Callable[[Any], Any] | None = None):
        self.path = Path(path)
        self._default = default
        """How objects in an entry (events, orders) become JSON."""

    @classmethod
    def create(cls, path: str | Path, header: dict[str, Any],
               default: Callable[[Any], Any] | None = None) -> "Journal":
        """A new journal holding only ``header``; an existing non-empty file is never overwritten."""
        p = Path(path)
        if p.exists() and p.stat().st_size > 0:
            raise JournalError(f"journal {p} already exists: resume it or choose a new file")
        journal = cls(p, default)
        journal._write([header], "w")
        return journal

    def append(self, *entries: dict[str, Any]) -> None:
        """Add entries at the end, on disk before this returns."""
        self._write(entries, "a")

    def _write(self, entries: Iterable[dict[str, Any]], mode: str) -> None:
        with open(self.path, mode, encoding="utf-8") as f:
            for entry in entries:
                f.write(dumps(entry, self._default) + "\n")
            f.flush()
            os.fsync(f.fileno())

    @staticmethod
    def write_whole(path: str | Path, lines: Iterable[dict[str, Any]],
                    default: Callable[[Any], Any] | None = None) -> Path:
        """Write a whole journal at once, atomically (a copy saved elsewhere)."""
        p = Path(path)
        tmp = p.with_name(p.name + ".tmp")
        Journal(tmp, default)._write(lines, "w")
        os.replace(tmp, p)
        return p

    @staticmethod
    def read(path: str | Path) -> JournalContents:
        """Header, entries and good length of a journal file.

        A last line cut off mid-write is skipped with a warning; damage anywhere else is an error.
        """
        p = Path(path)
        try:
            raw = p.read_bytes()
        except OSError as e:
            raise JournalError(f"cannot read journal {p}: {e.strerror}") from None
        lines = raw.split(b"\n")
        entries: list[dict[str, Any]] = []
        good = 0
        pos = 0
        for i, line in enumerate(lines):
            end = pos + len(line) + 1
            if not line.strip():
                pos = end
                continue
            try:
                entry = json.loads(line.decode("utf-8"))
                if not isinstance(entry, dict):
                    raise ValueError("not an object")
            except (ValueError, UnicodeDecodeError):
                rest = b"".join(lines[i + 1:]).strip()
                if not rest:
                    from .i18n import format_message

                    warnings.warn(format_message("core.journal.truncated", path=str(p)), stacklevel=3)
                    break
                raise JournalError(f"journal {p}: line {i + 1} is damaged") from None
            entries.append(entry)
            good = min(end, len(raw))
            pos = end
        if not entries or "gmkit" not in entries[0] or "system" not in entries[0]:
            raise JournalError(f"{p} is not a gmkit journal (no header line)")
        return JournalContents(entries[0], entries[1:], good)

    def cut_to(self, good: int) -> None:
        """Drop a last line that was cut off mid-write, so the next append starts a clean line."""
        if good < self.path.stat().st_size:
            with open(self.path, "r+b") as f:
                f.truncate(good)
