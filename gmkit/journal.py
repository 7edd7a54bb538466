"""A fight's journal: a JSON Lines file, one header line and then one line per step, never rewritten.

The journal is the record kept apart from the board (python-chess keeps its PGN game apart from its
``Board``): an :class:`~gmkit.encounter.Encounter` hands it each step as it happens and rebuilds itself
from it on resume. Every append is flushed and fsynced before it returns, so what a GM entered is on
disk before the desk says it was taken.

**Integrity (format 2).** Every line carries a sequence number and a checksum::

    {"seq": 3, "sum": "5f0c9e1a2b3d4c6e", "actor": "Ash", "op": "submit", "order": {...}}

``seq`` counts the lines from 0 (the header); ``sum`` is the first 16 hex digits of the SHA-256 of
the previous line's ``sum``, a newline and the line's *body* — the line's object without ``seq``
and ``sum``, written by :func:`dumps` — so a changed, deleted, repeated or swapped line, or a line
copied from another journal, is found and named. :meth:`Journal.read` checks the header, the
sequence, every checksum and every entry's shape (a pydantic schema) and raises
:class:`~gmkit.errors.JournalError` naming the first bad line and field. Journals of format 1
(written before checksums) and plain copies without the two fields (``journal_lines()`` written
out) are still read, with every check but the two fields', and go on being appended to as they are.

**One writer.** A journal open for writing (:meth:`Journal.create`, :meth:`Journal.open`) holds an
OS file lock (``filelock``: a ``<journal>.lock`` file beside it, ``flock`` on POSIX, ``LockFileEx``
on Windows), so a writer in another process is refused with a clear error and may still read. In
one process (a notebook kernel whose cell is run again) several encounters may hold one journal;
each appends only while the file is as it last saw it, so the one that fell behind is refused
rather than writing a fork of the fight. A journal is read under its lock before it is repaired: a
last line cut off mid-write is dropped and a complete last line that lost its newline gets it
back, never touching bytes that were not read.
"""

from __future__ import annotations

import json
import os
import weakref
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from pydantic import ValidationError  # noqa: F401  (read by the tests of the schema)

from .errors import JournalError
from .journal_format import (  # noqa: F401  (_HEADER, _schema_problem: read by the tests of the schema)
    _HEADER,
    _INTEGRITY,
    JOURNAL_FORMAT,
    READ_FORMATS,
    STANDING,
    _schema_problem,
    checksum,
    dumps,
    effective,
    journal_id,
    strip_integrity,
)
from .journal_lock import _acquire, _release
from .journal_reading import JournalContents, _read

__all__ = ["Journal", "JournalContents", "JOURNAL_FORMAT", "READ_FORMATS", "dumps", "effective",
           "checksum", "strip_integrity", "STANDING", "journal_id"]

# --- writing ------------------------------------------------------------------------------------


class Journal:
    """One journal file open for appending, as a fight goes on; holds the file's lock.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "j.jsonl")
    >>> with Journal.create(path, {"gmkit": "0", "journal": 2, "system": "race", "seed": 1,
    ...                            "scenario_hash": "", "scenario": {}}) as j:
    ...     j.append({"op": "undo"})
    >>> Journal.read(path).last_seq
    1
    """

    path: Path
    checked: bool
    """Whether lines are written with ``seq`` and ``sum`` (False: a format 1 journal goes on so)."""
    contents: JournalContents | None
    """What :meth:`open` read (None for a journal just created)."""

    def __init__(self, path: str | Path, default: Callable[[Any], Any] | None = None):
        """An unlocked handle; use :meth:`create` or :meth:`open`."""
        self.path = Path(path)
        self._default = default
        """How objects in an entry (events, orders) become JSON."""
        self.checked = True
        self.contents = None
        self._seq = -1
        self._sum = ""
        self._end = 0
        self._ino = 0
        self._closed = False
        self._release: Callable[[], Any] | None = None

    # opening and closing ----------------------------------------------------------------------

    def _lock(self) -> None:
        key = _acquire(self.path)
        self._release = weakref.finalize(self, _release, key, os.getpid())

    @classmethod
    def create(cls, path: str | Path, header: dict[str, Any],
               default: Callable[[Any], Any] | None = None) -> Journal:
        """A new journal holding only ``header``, locked; an existing non-empty file is never
        overwritten."""
        journal = cls(path, default)
        journal._lock()
        try:
            p = journal.path
            if p.exists() and p.stat().st_size > 0:
                raise JournalError(f"journal {p} already exists: resume it or choose a new file",
                                   path=str(p))
            open(p, "wb").close()
            journal._mark()
            journal.append(header)
        except BaseException:
            journal.close()
            raise
        return journal

    @classmethod
    def open(cls, path: str | Path, default: Callable[[Any], Any] | None = None) -> Journal:
        """An existing journal, locked and read (:attr:`contents`), ready to be :meth:`repair`-ed
        and appended to."""
        journal = cls(path, default)
        journal._lock()
        try:
            got = cls.read(journal.path)
            journal.contents = got
            journal.checked = got.checked
            journal._seq, journal._sum = got.last_seq, got.last_sum
            journal._mark(got.size)
        except BaseException:
            journal.close()
            raise
        return journal

    @classmethod
    def start(cls, path: str | Path, lines: Iterable[dict[str, Any]],
              default: Callable[[Any], Any] | None = None) -> Journal:
        """A journal written whole from ``lines`` (header first), locked and ready to append to:
        a fight that starts journaling midway."""
        journal = cls(path, default)
        journal._lock()
        try:
            journal.rewrite(lines)
        except BaseException:
            journal.close()
            raise
        return journal

    def repair(self) -> None:
        """Make the file end on a whole line before anything is appended: drop a last line cut
        off mid-write, give a complete last line its newline. Only bytes :meth:`open` read are
        touched (the lock keeps other writers out)."""
        got = self.contents
        if got is None:
            return
        self._check_unchanged()
        if got.good < got.size:
            with open(self.path, "r+b") as f:
                f.truncate(got.good)
                f.flush()
                os.fsync(f.fileno())
            self._mark()
        elif got.unterminated:
            self._write(b"\n")
        self.contents = None

    def close(self) -> None:
        """Release the lock; appends are refused from now on. Closing twice is harmless."""
        self._closed = True
        if self._release is not None:
            self._release()

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # appending --------------------------------------------------------------------------------

    def append(self, *entries: dict[str, Any]) -> None:
        """Add entries at the end, on disk before this returns."""
        seq, last = self._seq, self._sum
        out = []
        for entry in entries:
            if self.checked:
                seq += 1
                line, last = self._line(seq, last, entry)
            else:
                line = dumps(entry, self._default)
            out.append(line + "\n")
        self._write("".join(out).encode("utf-8"))
        self._seq, self._sum = seq, last

    def _line(self, seq: int, previous: str, entry: dict[str, Any]) -> tuple[str, str]:
        if not entry or any(k in entry for k in _INTEGRITY):
            raise JournalError(f"journal {self.path}: an entry must be a non-empty object "
                               f"without 'seq' or 'sum', got {entry!r}")
        # the body as a reader re-dumps it (keys that were not text come back as text)
        body = dumps(json.loads(dumps(entry, self._default)))
        total = checksum(previous, body)
        return f'{{"seq": {seq}, "sum": "{total}", {body[1:]}', total

    def _write(self, data: bytes) -> None:
        if self._closed:
            raise JournalError(f"journal {self.path} is closed: resume it to go on",
                               path=str(self.path))
        self._check_unchanged()
        try:
            with open(self.path, "ab") as f:
                try:
                    f.write(data)
                    f.flush()
                    os.fsync(f.fileno())
                except OSError:
                    f.truncate(self._end)  # our own half-written bytes, under our lock
                    raise
        except OSError as e:
            raise JournalError(f"cannot write journal {self.path}: {e.strerror or e}; the step "
                               f"was not taken", path=str(self.path)) from None
        self._end += len(data)

    def _mark(self, size: int | None = None) -> None:
        st = os.stat(self.path)
        self._end = st.st_size if size is None else size
        self._ino = st.st_ino

    def _check_unchanged(self) -> None:
        try:
            st = os.stat(self.path)
        except OSError:
            raise JournalError(f"journal {self.path} is gone: save the fight elsewhere with "
                               f"save(path)", path=str(self.path)) from None
        if st.st_size != self._end or st.st_ino != self._ino:
            raise JournalError(
                f"journal {self.path} has changed since this encounter last read or wrote it "
                f"(another encounter in this kernel wrote to it, or it was replaced): this one "
                f"is behind; resume the journal again to go on", path=str(self.path))

    # whole files ------------------------------------------------------------------------------

    def rewrite(self, lines: Iterable[dict[str, Any]]) -> None:
        """Replace this journal's file with ``lines`` (header first), atomically, and go on
        appending after them."""
        seq, total = self._write_whole(self.path, lines, self._default)
        self._seq, self._sum, self.checked = seq, total, True
        self._mark()

    @staticmethod
    def write_whole(path: str | Path, lines: Iterable[dict[str, Any]],
                    default: Callable[[Any], Any] | None = None) -> Path:
        """Write a whole journal at once, atomically (a copy saved elsewhere); refused when
        another process holds the file as its journal."""
        p = Path(path)
        key = _acquire(p)
        try:
            Journal._write_whole(p, lines, default)
        finally:
            _release(key, os.getpid())
        return p

    @staticmethod
    def _write_whole(p: Path, lines: Iterable[dict[str, Any]],
                     default: Callable[[Any], Any] | None) -> tuple[int, str]:
        tmp = p.with_name(p.name + ".tmp")
        writer = Journal(tmp, default)
        seq, total = -1, ""
        out = []
        for entry in lines:
            seq += 1
            line, total = writer._line(seq, total, entry)
            out.append(line + "\n")
        with open(tmp, "wb") as f:
            f.write("".join(out).encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
        return seq, total

    # reading ----------------------------------------------------------------------------------

    @staticmethod
    def read(path: str | Path) -> JournalContents:
        """Header, entries and good length of a journal file, every line checked.

        A last line cut off mid-write is skipped with a warning; any other damage is a
        :class:`~gmkit.errors.JournalError` naming the line (and the field).
        """
        p = Path(path)
        try:
            raw = p.read_bytes()
        except OSError as e:
            raise JournalError(f"cannot read journal {p}: {e.strerror}", path=str(p)) from None
        return _read(p, raw)
