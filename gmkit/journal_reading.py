"""Reading a journal file (see :mod:`gmkit.journal`): one pass over its bytes checking the header,
the sequence, every checksum and every entry's shape, into :class:`JournalContents`; a last line
cut off mid-write is left out of the good part."""

from __future__ import annotations

import json
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .errors import JournalError
from .journal_format import (
    _ENTRY,
    _HEADER,
    _INTEGRITY,
    _SUM,
    READ_FORMATS,
    _last_step,
    _schema_problem,
    checksum,
    dumps,
    strip_integrity,
)

__all__ = ["JournalContents"]

# --- reading ------------------------------------------------------------------------------------


@dataclass
class JournalContents:
    """What a journal file holds: its header, its entries (undo markers included), the byte
    length of its good part (a last line cut off mid-write is not part of it), and where each
    entry stands."""

    header: dict[str, Any]
    entries: list[dict[str, Any]]
    good: int
    lines: list[int] = field(default_factory=list)
    """The 1-based line number of each entry (the header is line 1, or the first line that is
    not blank)."""
    checked: bool = False
    """Whether the lines carry ``seq`` and ``sum`` (and so were checked)."""
    last_seq: int = 0
    last_sum: str = ""
    size: int = 0
    """How many bytes were read."""
    unterminated: bool = False
    """The last line is complete but lost its newline (a writer appends one first)."""
    path: str = ""

    def effective(self) -> list[tuple[int, dict[str, Any]]]:
        """(line number, entry) of the entries that stand: each ``undo`` removes the step before
        it; an ``undo`` with nothing before it is damage."""
        stack: list[tuple[int, dict[str, Any]]] = []
        for line, entry in zip(self.lines, self.entries, strict=False):
            if entry.get("op") == "undo":
                i = _last_step(stack, lambda le: le[1])
                if i is None:
                    raise JournalError.at(self.path, line, "an undo with no step before it", "op")
                del stack[i]
            else:
                stack.append((line, entry))
        return stack


class _Reader:
    """One pass over a journal's bytes, checking as it goes."""

    def __init__(self, path: Path, raw: bytes):
        self.path = path
        self.raw = raw
        self.checked = False
        self.seq = -1
        self.sum = ""

    def parse(self, line: bytes, n: int, first: bool) -> dict[str, Any]:
        """The entry line ``n`` holds, checked (the header when it is the ``first`` line that is
        not blank); a JournalError naming the line else."""
        obj = self.load(line, n)
        if first:
            if "gmkit" not in obj or "system" not in obj:
                raise JournalError(f"{self.path} is not a gmkit journal (no header line)",
                                   path=str(self.path), line=n)
            self.checked = any(k in obj for k in _INTEGRITY)
        self.check_integrity(obj, n)
        entry = strip_integrity(obj) if self.checked else obj
        if first:
            self.check_header(entry, n)
        else:
            try:
                _ENTRY.validate_python(entry)
            except ValidationError as e:
                where, what = _schema_problem(e, tagged=True)
                raise JournalError.at(self.path, n, what, where) from None
        return entry

    def load(self, line: bytes, n: int) -> dict[str, Any]:
        try:
            obj = json.loads(line.decode("utf-8"))
        except UnicodeDecodeError:
            raise JournalError.at(self.path, n, "not UTF-8 text") from None
        except (ValueError, RecursionError):
            raise JournalError.at(self.path, n, "not a JSON object") from None
        if not isinstance(obj, dict):
            raise JournalError.at(self.path, n, f"not a JSON object (a {type(obj).__name__})")
        return obj

    def check_integrity(self, obj: dict[str, Any], n: int) -> None:
        has = [k for k in _INTEGRITY if k in obj]
        if not self.checked:
            if has:
                raise JournalError.at(self.path, n, "this journal's lines carry no sequence number "
                                                    "and checksum, but this one does", has[0])
            return
        for k in _INTEGRITY:
            if k not in obj:
                raise JournalError.at(self.path, n, "missing (every line of this journal has its "
                                                    "sequence number and checksum)", k)
        seq, got = obj["seq"], obj["sum"]
        if type(seq) is not int or seq != self.seq + 1:
            raise JournalError.at(self.path, n, f"expected {self.seq + 1}, got {seq!r}: a line is "
                                                f"missing, repeated or out of order", "seq")
        body = dumps(strip_integrity(obj))
        want = checksum(self.sum, body)
        if not isinstance(got, str) or not _SUM.fullmatch(got) or got != want:
            raise JournalError.at(self.path, n, f"checksum {got!r} does not match the line "
                                                f"(expected {want}): the line was changed, "
                                                f"damaged or moved", "sum")
        self.seq, self.sum = seq, got

    def check_header(self, header: dict[str, Any], n: int) -> None:
        fmt = header.get("journal", 1)
        if type(fmt) is int and fmt > max(READ_FORMATS):
            raise JournalError.at(self.path, n, f"journal format {fmt} was written by a newer "
                                                f"gmkit; this one reads formats "
                                                f"{', '.join(map(str, READ_FORMATS))}", "journal")
        try:
            _HEADER.validate_python(header)
        except ValidationError as e:
            where, what = _schema_problem(e, tagged=False)
            raise JournalError.at(self.path, n, what, where) from None
        if fmt not in READ_FORMATS:
            raise JournalError.at(self.path, n, f"unknown journal format {fmt!r}", "journal")
        if self.checked and fmt < 2:
            raise JournalError.at(self.path, n, "a format 1 journal has no sequence numbers",
                                  "journal")


def _read(path: Path, raw: bytes) -> JournalContents:
    reader = _Reader(path, raw)
    parts = raw.split(b"\n")
    tail = parts.pop()  # what follows the last newline: b"" in a whole journal
    entries: list[dict[str, Any]] = []
    lines: list[int] = []
    header: dict[str, Any] | None = None

    def take(line: bytes, n: int) -> None:
        """Line ``n`` checked and kept: the first is the header, the rest entries."""
        nonlocal header
        entry = reader.parse(line, n, first=header is None)
        if header is None:
            header = entry
        else:
            entries.append(entry)
            lines.append(n)

    pos = 0
    for i, line in enumerate(parts, 1):
        pos += len(line) + 1
        if line.strip():
            take(line, i)
    good = pos
    unterminated = False
    if tail.strip():
        n = len(parts) + 1
        try:
            reader.load(tail, n)
        except JournalError:  # cut off mid-write: not a whole JSON object
            from .i18n import format_message

            warnings.warn(format_message("core.journal.truncated", path=str(path)), stacklevel=4)
        else:
            take(tail, n)  # a whole line that lost its newline: checked as any
            good = len(raw)
            unterminated = True
    if header is None:
        raise JournalError(f"{path} is not a gmkit journal (no header line)", path=str(path))
    return JournalContents(header, entries, good, lines, reader.checked, max(reader.seq, 0),
                           reader.sum, len(raw), unterminated, str(path))
