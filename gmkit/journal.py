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

import hashlib
import json
import os
import re
import threading
import warnings
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from .errors import JournalError

__all__ = ["Journal", "JournalContents", "JOURNAL_FORMAT", "READ_FORMATS", "dumps", "effective",
           "checksum", "strip_integrity", "STANDING", "journal_id"]

JOURNAL_FORMAT = 2
"""The format new journals are written in: 2 = every line with ``seq`` and ``sum``."""
READ_FORMATS = (1, 2)
"""The formats this gmkit reads."""

_INTEGRITY = ("seq", "sum")
STANDING = ("desk", "seal", "salt")
"""Lines that are not steps of the fight and that no ``undo`` takes back: the desk's own state,
and the seal and its salt (a seal undone could be drawn again until the dice suit)."""
_SUM = re.compile(r"[0-9a-f]{16}")


def dumps(entry: dict[str, Any], default: Callable[[Any], Any] | None = None) -> str:
    """One journal line: keys sorted, Unicode kept, no spaces (the same bytes on every machine)."""
    return json.dumps(entry, ensure_ascii=False, sort_keys=True, default=default)


def checksum(previous: str, body: str) -> str:
    """A line's ``sum``: 16 hex digits of SHA-256 over the previous line's sum and this body."""
    return hashlib.sha256(f"{previous}\n{body}".encode()).hexdigest()[:16]


def journal_id(header: dict[str, Any]) -> str:
    """A journal's id: the checksum of its header line (its ``sum`` in format 2), which a seal
    names beside the scenario's hash."""
    return checksum("", dumps(header))


def strip_integrity(line: dict[str, Any]) -> dict[str, Any]:
    """A line's object without ``seq`` and ``sum``: the entry as format 1 wrote it."""
    return {k: v for k, v in line.items() if k not in _INTEGRITY}


def _last_step(stack: list[Any], entry_of: Callable[[Any], dict[str, Any]]) -> int | None:
    """Where the last step an ``undo`` may take back stands in ``stack``: a ``desk`` line (the
    desk's own state, such as its language) is not a step of the fight and is never undone, nor
    are a seal and its salt (:data:`STANDING`)."""
    for i in range(len(stack) - 1, -1, -1):
        if entry_of(stack[i]).get("op") not in STANDING:
            return i
    return None


def effective(entries: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries that stand: each ``undo`` marker removes the step before it (``desk``,
    ``seal`` and ``salt`` lines stand whatever is undone)."""
    stack: list[dict[str, Any]] = []
    for entry in entries:
        if entry.get("op") == "undo":
            i = _last_step(stack, lambda e: e)
            if i is not None:
                del stack[i]
        else:
            stack.append(entry)
    return stack


# --- what a line may hold -----------------------------------------------------------------------

Face = Annotated[int, Field(ge=1)]
TypedFace = Annotated[int, Field(ge=0)]
"""A face typed in (C-2): 0 too, the d18's 0-6-12 die as printed (:meth:`gmkit.dice.Dice.d18`)."""


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class _Header(_Strict):
    gmkit: str
    journal: int = 1
    system: str
    seed: int
    scenario_hash: str
    scenario: dict[str, Any]
    opening_faces: list[TypedFace] = []


class _Submit(_Strict):
    op: Literal["submit"]
    actor: str
    order: dict[str, Any]


class _Withdraw(_Strict):
    op: Literal["withdraw"]
    actor: str


class _Reorder(_Strict):
    op: Literal["reorder"]
    order: list[str]


class _Enter(_Strict):
    op: Literal["enter"]
    faces: list[TypedFace]


class _Note(_Strict):
    op: Literal["note"]
    text: str
    visibility: str = Field(pattern=r"^(all|gm|sides:.*)$")


class _Roll(_Strict):
    expr: str
    total: int | float
    dice: list[Annotated[tuple[StrictInt, list[StrictInt], StrictBool, StrictStr], Strict(False)]]
    """Each die as ``[sides, faces, kept, label]`` (a JSON list, so not a strict tuple)."""
    purpose: str
    actor: str
    manual: bool


class _Event(_Strict):
    round: int
    actor: str
    kind: str
    key: str
    params: dict[str, Any] = {}
    data: dict[str, Any] = {}
    rolls: list[_Roll] = []
    visibility: str = "all"


class _Recount(_Strict):
    """What changed since the resolution this one replaces (an undone one of the same round)."""
    orders: list[str]
    """Whose orders changed (given, withdrawn or other)."""
    arrival: bool
    """The order the orders arrived in changed."""
    hand: bool
    """The faces typed in by hand changed."""


class _Resolve(_Strict):
    op: Literal["resolve"]
    faces: list[Face]
    manual: list[Annotated[int, Field(ge=0)]]
    hand: list[TypedFace]
    events: list[_Event]
    recount: _Recount | None = None
    """Set when the round was resolved before, undone and resolved again otherwise."""


class _Undo(_Strict):
    op: Literal["undo"]


_HEX64 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class _Seal(_Strict):
    """The seal (:mod:`gmkit.seal`): the GM's secret, the commitment shown to the thread and the
    journal id it names. The GM's eyes only until the reveal."""
    op: Literal["seal"]
    secret: _HEX64
    commitment: _HEX64
    journal: Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]


class _Salt(_Strict):
    """The players' salt, as the stream uses it."""
    op: Literal["salt"]
    salt: Annotated[str, Field(min_length=1)]


class _Desk(_Strict):
    """The desk's own state (not a step of the fight): the language it shows."""
    op: Literal["desk"]
    lang: Literal["en", "ru"]


_ENTRY: TypeAdapter[Any] = TypeAdapter(Annotated[
    _Submit | _Withdraw | _Reorder | _Enter | _Note | _Resolve | _Undo | _Desk | _Seal | _Salt,
    Field(discriminator="op")])
_HEADER: TypeAdapter[Any] = TypeAdapter(_Header)


def _schema_problem(err: ValidationError, tagged: bool) -> tuple[str, str]:
    """(field path, what is wrong) of the first problem pydantic found."""
    e = err.errors(include_url=False)[0]
    loc = list(e["loc"])
    if e["type"] in ("union_tag_invalid", "union_tag_not_found"):
        return "op", ("one of submit, withdraw, reorder, enter, note, resolve, undo, desk, seal, "
                      "salt; got "
                      f"{e.get('input', {}).get('op') if isinstance(e.get('input'), dict) else None!r}")
    if tagged and loc:
        loc = loc[1:]  # the union's tag
    path = ""
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else ("." if path else "") + str(part)
    msg = e["msg"]
    if e["type"] == "missing":
        msg = "required field is missing"
    elif e["type"] == "extra_forbidden":
        msg = "unknown field"
    elif "input" in e:
        got = repr(e["input"])
        msg = f"{msg}; got {got if len(got) <= 60 else got[:57] + '...'}"
    return path or "(line)", msg


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
    pos = 0
    for i, line in enumerate(parts, 1):
        pos += len(line) + 1
        if not line.strip():
            continue
        entry = reader.parse(line, i, first=header is None)
        if header is None:
            header = entry
        else:
            entries.append(entry)
            lines.append(i)
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
            # a whole line that lost its newline: checked as any
            entry = reader.parse(tail, n, first=header is None)
            if header is None:
                header = entry
            else:
                entries.append(entry)
                lines.append(n)
            good = len(raw)
            unterminated = True
    if header is None:
        raise JournalError(f"{path} is not a gmkit journal (no header line)", path=str(path))
    return JournalContents(header, entries, good, lines, reader.checked, max(reader.seq, 0),
                           reader.sum, len(raw), unterminated, str(path))


# --- the lock -----------------------------------------------------------------------------------


@dataclass
class _Held:
    lock: Any
    users: int
    pid: int


_HELD: dict[str, _Held] = {}
_GUARD = threading.Lock()


def _lock_key(path: Path) -> str:
    return os.path.realpath(path)


def _acquire(path: Path) -> str:
    """Take the journal's lock for this process (shared by this process's journals on it)."""
    from filelock import FileLock, Timeout

    key = _lock_key(path)
    pid = os.getpid()
    with _GUARD:
        held = _HELD.get(key)
        if held is not None and held.pid == pid:
            held.users += 1
            return key
        lock = FileLock(key + ".lock", timeout=0, thread_local=False)
        try:
            lock.acquire()
        except Timeout:
            raise JournalError(
                f"journal {path} is open for writing in another process (a desk or a run holds "
                f"{Path(key).name}.lock); close it there, or open this fight read-only with "
                f"resume(..., autosave=False)", path=str(path)) from None
        except OSError as e:
            raise JournalError(f"cannot lock journal {path}: {e.strerror or e}",
                               path=str(path)) from None
        _HELD[key] = _Held(lock, 1, pid)
        return key


def _release(key: str, pid: int) -> None:
    if os.getpid() != pid:  # a forked child's copy: the lock is the parent's
        return
    with _GUARD:
        held = _HELD.get(key)
        if held is None or held.pid != pid:
            return
        held.users -= 1
        if held.users <= 0:
            del _HELD[key]
            held.lock.release()


# --- writing ------------------------------------------------------------------------------------


class Journal:
    """One journal file open for appending, as a fight goes on; holds the file's lock.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "j.jsonl")
    >>> with Journal.create(path, {"gmkit": "0", "system": "race", "seed": 1,
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
