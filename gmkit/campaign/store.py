"""A campaign's file: one SQLite database with the roster, the bestiary, the fights played and the
history of every change, written by one process at a time.

The file is SQLite (the standard library's ``sqlite3``) in WAL mode, so a desk or a report may read
it while a command writes. It says what it is in its own header: SQLite's ``application_id`` is
:data:`APPLICATION_ID` and its ``user_version`` is the campaign format (:data:`FORMAT`), both read
from the first 100 bytes *before* SQLite is let near the file, so a file that is not a campaign, or
one written by a newer gmkit, is refused without a byte of it changed. Every change is one
transaction (all of it is saved, or none); a file damaged on disk fails SQLite's own check and is
refused, never repaired in place.

**One writer.** As a fight's journal does (:mod:`gmkit.journal`), a campaign open for writing holds
an OS file lock, ``<campaign>.lock`` beside it (``filelock``), for as long as it is open; a second
writer in another process is refused with a clear error and may still read.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "c.gmc")
>>> with Campaign.create(path, system="toy", name="North road", party="party") as c:
...     c.name, c.fights()
('North road', [])
"""

from __future__ import annotations

import datetime
import hashlib
import json
import sqlite3
import uuid
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from .errors import CampaignError
from .part import ALIVE

__all__ = ["Campaign", "Writer", "Member", "Beast", "Fight", "Record", "FORMAT", "APPLICATION_ID",
           "file_hash", "now", "relative", "resolve"]

FORMAT = 1
"""The campaign format this gmkit writes and the newest it reads (SQLite's ``user_version``)."""
APPLICATION_ID = 0x676D6B63
"""SQLite's ``application_id`` of a campaign file: the bytes ``gmkc``."""
_MAGIC = b"SQLite format 3\x00"
_EXPORT = "gmkit campaign export"

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE members (
    name TEXT PRIMARY KEY, position INTEGER NOT NULL, state TEXT NOT NULL, entry TEXT NOT NULL,
    base TEXT NOT NULL, aliases TEXT NOT NULL, fell INTEGER);
CREATE TABLE bestiary (
    name TEXT PRIMARY KEY, position INTEGER NOT NULL, entry TEXT NOT NULL, aliases TEXT NOT NULL);
CREATE TABLE fights (
    number INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, name TEXT NOT NULL, scenario TEXT NOT NULL,
    journal TEXT NOT NULL, journal_hash TEXT NOT NULL, result TEXT NOT NULL, choices TEXT NOT NULL,
    party TEXT NOT NULL, before TEXT NOT NULL, at TEXT NOT NULL);
CREATE TABLE changes (
    id INTEGER PRIMARY KEY, at TEXT NOT NULL, source TEXT NOT NULL, fight INTEGER,
    member TEXT NOT NULL, field TEXT NOT NULL, before TEXT, after TEXT, why TEXT);
"""
_TABLES = {"meta", "members", "bestiary", "fights", "changes"}


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _load(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def now() -> str:
    """The time a change is recorded at: UTC, to the second."""
    return datetime.datetime.now(datetime.UTC).replace(microsecond=0).isoformat()


def file_hash(path: str | Path) -> str:
    """The SHA-256 of a file's bytes (a journal's, as it was applied)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@dataclass(frozen=True)
class Member:
    """One of the roster: a character, a pet, a mount, a dragon or a ship, as its rule set's
    scenario entry (every field kept, those gmkit does not know too)."""

    name: str
    entry: dict[str, Any]
    """The entry the next fight starts from."""
    state: str = ALIVE
    """``alive``, ``dead`` or ``lost``."""
    base: dict[str, Any] = field(default_factory=dict)
    """The entry as it joined or as the GM last set it: what a full rest or a repair gives back."""
    aliases: list[str] = field(default_factory=list)
    """Other names players use for it (the scenario's ``aliases``)."""
    fell: int | None = None
    """The fight it died or was lost in."""


@dataclass(frozen=True)
class Beast:
    """A monster or an enemy ship of the bestiary: an entry a fight copies (``Волк ×5``)."""

    name: str
    entry: dict[str, Any]
    aliases: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Fight:
    """A fight applied to the campaign."""

    number: int
    key: str
    """The fight's identity (its journal's first line: seed and scenario): a fight is applied once."""
    name: str
    scenario: dict[str, Any]
    journal: str
    """The journal's path as applied (relative to the campaign's folder when inside it)."""
    journal_hash: str
    result: dict[str, Any]
    """The outcome (winner, reason, rounds)."""
    choices: dict[str, Any]
    """The GM's calls at its end (rest, healing, repairs)."""
    party: dict[str, dict[str, Any]]
    """Every member after it: standing and figures (for the campaign's chart)."""
    before: dict[str, Any]
    """What undo puts back: each changed member as it was, and the beasts it added."""
    at: str


@dataclass(frozen=True)
class Record:
    """One line of the history: who changed, what, from what to what, after which fight, and why."""

    id: int
    at: str
    source: str
    """``new``, ``apply``, ``undo``, ``edit``, ``sheet``, ``import``."""
    fight: int | None
    member: str
    field: str
    before: Any
    after: Any
    why: Any = None


def _check_header(path: Path) -> None:
    """Refuse, before SQLite opens it, a file that is not SQLite at all or whose header says it is
    from a newer gmkit (the header's ``application_id`` and ``user_version`` may still be in the
    write-ahead log of a file just made: :func:`_check_database` reads them through SQLite)."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except FileNotFoundError:
        raise CampaignError("campaign.file.missing", path=str(path)) from None
    except OSError as e:
        raise CampaignError("campaign.file.unreadable", path=str(path), why=str(e.strerror)) from None
    if not head:
        raise CampaignError("campaign.file.empty", path=str(path))
    if not head.startswith(_MAGIC) or len(head) < 100:
        raise CampaignError("campaign.file.not_campaign", path=str(path), command="gmkit campaign new")
    app = int.from_bytes(head[68:72], "big")
    if app not in (0, APPLICATION_ID):
        raise CampaignError("campaign.file.other_database", path=str(path))
    _check_version(path, app, int.from_bytes(head[60:64], "big"), header=True)


def _check_version(path: Path, app: int, version: int, header: bool = False) -> None:
    if app == APPLICATION_ID and version > FORMAT:
        raise CampaignError("campaign.file.newer", path=str(path), got=version, max=FORMAT)
    if not header and app != APPLICATION_ID:
        raise CampaignError("campaign.file.other_database", path=str(path))


class Campaign:
    """A campaign file, open for reading, or for writing under its lock (:meth:`open`,
    :meth:`create`); close it (or use ``with``) to release the lock."""

    path: Path
    writable: bool

    def __init__(self, path: Path, db: sqlite3.Connection, writable: bool, lock: Any = None):
        """Use :meth:`open` or :meth:`create`."""
        self.path = path
        self._db = db
        self.writable = writable
        self._lock = lock
        self._meta: dict[str, Any] = {}
        self._read_meta()

    # --- opening ------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, *, write: bool = False) -> Campaign:
        """An existing campaign; with ``write``, its lock taken (another writer is refused)."""
        p = Path(path)
        _check_header(p)
        lock = _take_lock(p) if write else None
        try:
            _check_header(p)  # again under the lock: a writer may have replaced it meanwhile
            db = _connect(p)
            try:
                _check_database(db, p)
                return cls(p, db, write, lock)
            except BaseException:
                db.close()
                raise
        except BaseException:
            if lock is not None:
                lock.release()
            raise

    @classmethod
    def create(cls, path: str | Path, *, system: str, name: str, party: str, language: str = "en",
               origin: Mapping[str, Any] | None = None) -> Campaign:
        """A new, empty campaign file, open for writing; an existing file is never overwritten."""
        p = Path(path)
        lock = _take_lock(p)
        try:
            if p.exists() and p.stat().st_size > 0:
                raise CampaignError("campaign.file.exists", path=str(p))
            db = _connect(p)
            try:
                db.execute("PRAGMA journal_mode=WAL")
                with _transaction(db, p):
                    db.execute(f"PRAGMA application_id={APPLICATION_ID}")
                    db.execute(f"PRAGMA user_version={FORMAT}")
                    for statement in filter(str.strip, _SCHEMA.split(";")):
                        db.execute(statement)
                    meta = {"format": "gmkit-campaign", "id": uuid.uuid4().hex, "system": system,
                            "name": name, "party": party, "language": language,
                            "gmkit": __version__, "origin": dict(origin) if origin else None}
                    db.executemany("INSERT INTO meta VALUES (?, ?)",
                                   [(k, _dump(v)) for k, v in meta.items()])
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the header on disk: it says what the file is
                return cls(p, db, True, lock)
            except BaseException:
                db.close()
                raise
        except CampaignError:
            lock.release()
            raise
        except BaseException:
            lock.release()
            if p.exists():
                p.unlink()  # a file we began and could not finish is ours to remove
            raise

    def close(self) -> None:
        """Close the file and release the lock; closing twice is harmless."""
        if self._db is not None:
            self._db.close()
            self._db = None  # type: ignore[assignment]
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> Campaign:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Campaign {self.name!r} ({self.system}) {self.path}>"

    # --- what it is ---------------------------------------------------------------------------

    def _read_meta(self) -> None:
        self._meta = {k: _load(v) for k, v in self._db.execute("SELECT key, value FROM meta")}

    @property
    def id(self) -> str:
        return str(self._meta["id"])

    @property
    def system(self) -> str:
        return str(self._meta["system"])

    @property
    def name(self) -> str:
        return str(self._meta["name"])

    @property
    def party(self) -> str:
        """The side the roster fights on."""
        return str(self._meta["party"])

    @property
    def language(self) -> str:
        return str(self._meta.get("language") or "en")

    @property
    def origin(self) -> dict[str, Any] | None:
        """The scenario the campaign was made from (its first fight), if any."""
        got = self._meta.get("origin")
        return dict(got) if got else None

    @property
    def meta(self) -> dict[str, Any]:
        return dict(self._meta)

    # --- reading ------------------------------------------------------------------------------

    def members(self) -> list[Member]:
        rows = self._db.execute("SELECT name, entry, state, base, aliases, fell FROM members "
                                "ORDER BY position")
        return [Member(n, _load(e), s, _load(b), _load(a), f) for n, e, s, b, a, f in rows]

    def member(self, name: str) -> Member | None:
        return next((m for m in self.members() if m.name == name), None)

    def bestiary(self) -> list[Beast]:
        rows = self._db.execute("SELECT name, entry, aliases FROM bestiary ORDER BY position")
        return [Beast(n, _load(e), _load(a)) for n, e, a in rows]

    def fights(self) -> list[Fight]:
        rows = self._db.execute("SELECT number, key, name, scenario, journal, journal_hash, result, "
                                "choices, party, before, at FROM fights ORDER BY number")
        return [Fight(n, k, nm, _load(s), j, h, _load(r), _load(c), _load(p), _load(b), at)
                for n, k, nm, s, j, h, r, c, p, b, at in rows]

    def fight(self, key: str) -> Fight | None:
        return next((f for f in self.fights() if f.key == key), None)

    def history(self) -> list[Record]:
        rows = self._db.execute("SELECT id, at, source, fight, member, field, before, after, why "
                                "FROM changes ORDER BY id")
        return [Record(i, at, s, f, m, fl, _load(b), _load(a), _load(w))
                for i, at, s, f, m, fl, b, a, w in rows]

    def last_change(self) -> int:
        row = self._db.execute("SELECT MAX(id) FROM changes").fetchone()
        return int(row[0] or 0)

    # --- writing ------------------------------------------------------------------------------

    @contextmanager
    def writing(self) -> Iterator[Writer]:
        """One transaction: everything done through the :class:`Writer` is saved together, or
        nothing is (an error inside puts the file back as it was)."""
        if not self.writable or self._lock is None:
            raise CampaignError("campaign.file.read_only", path=str(self.path))
        with _transaction(self._db, self.path):
            yield Writer(self._db)
        self._read_meta()


class Writer:
    """What one transaction may do to a campaign (see :meth:`Campaign.writing`)."""

    def __init__(self, db: sqlite3.Connection):
        self._db = db
        self.at = now()

    def set_meta(self, key: str, value: Any) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, _dump(value)))

    def put_member(self, m: Member) -> None:
        """Add a member at the end of the roster, or replace the one of that name in its place."""
        row = self._db.execute("SELECT position FROM members WHERE name = ?", (m.name,)).fetchone()
        pos = row[0] if row else self._next("members")
        self._db.execute("INSERT OR REPLACE INTO members VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (m.name, pos, m.state, _dump(m.entry), _dump(m.base), _dump(m.aliases), m.fell))

    def remove_member(self, name: str) -> None:
        self._db.execute("DELETE FROM members WHERE name = ?", (name,))

    def put_beast(self, b: Beast) -> None:
        row = self._db.execute("SELECT position FROM bestiary WHERE name = ?", (b.name,)).fetchone()
        pos = row[0] if row else self._next("bestiary")
        self._db.execute("INSERT OR REPLACE INTO bestiary VALUES (?, ?, ?, ?)",
                         (b.name, pos, _dump(b.entry), _dump(b.aliases)))

    def remove_beast(self, name: str) -> None:
        self._db.execute("DELETE FROM bestiary WHERE name = ?", (name,))

    def add_fight(self, f: Fight) -> None:
        self._db.execute("INSERT INTO fights VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (f.number, f.key, f.name, _dump(f.scenario), f.journal, f.journal_hash,
                          _dump(f.result), _dump(f.choices), _dump(f.party), _dump(f.before), f.at))

    def remove_fight(self, number: int) -> None:
        self._db.execute("DELETE FROM fights WHERE number = ?", (number,))

    def log(self, source: str, member: str, field_: str, before: Any, after: Any, *,
            fight: int | None = None, why: Any = None, at: str | None = None) -> None:
        """One line of the history."""
        self._db.execute("INSERT INTO changes (at, source, fight, member, field, before, after, why) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                         (at or self.at, source, fight, member, field_, _dump(before), _dump(after),
                          None if why is None else _dump(why)))

    def last_id(self) -> int:
        """The id of the last line of history written."""
        row = self._db.execute("SELECT MAX(id) FROM changes").fetchone()
        return int(row[0] or 0)

    def restore_history(self, records: Iterable[Record]) -> None:
        """Lines of a history exactly as exported (import)."""
        for r in records:
            self._db.execute("INSERT INTO changes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (r.id, r.at, r.source, r.fight, r.member, r.field, _dump(r.before),
                              _dump(r.after), None if r.why is None else _dump(r.why)))

    def clear(self) -> None:
        """Empty the roster, bestiary, fights and history (import replaces them all)."""
        for table in ("members", "bestiary", "fights", "changes"):
            self._db.execute(f"DELETE FROM {table}")

    def _next(self, table: str) -> int:
        row = self._db.execute(f"SELECT MAX(position) FROM {table}").fetchone()
        return int(row[0] if row[0] is not None else -1) + 1


# --- the file underneath ----------------------------------------------------------------------


def _take_lock(path: Path) -> Any:
    from filelock import FileLock, Timeout

    lock = FileLock(str(path) + ".lock", timeout=0, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        raise CampaignError("campaign.file.locked", path=str(path), lock=path.name + ".lock") from None
    except OSError as e:
        raise CampaignError("campaign.file.unreadable", path=str(path), why=str(e.strerror or e)) from None
    return lock


def _connect(path: Path) -> sqlite3.Connection:
    try:
        db = sqlite3.connect(str(path), isolation_level=None, timeout=2.0)
    except sqlite3.Error as e:
        raise CampaignError("campaign.file.unreadable", path=str(path), why=str(e)) from None
    db.execute("PRAGMA foreign_keys=ON")
    return db


def _check_database(db: sqlite3.Connection, path: Path) -> None:
    """SQLite's own check of the file, and the campaign's tables and format."""
    try:
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        _check_version(path, int(app), int(version))
        got = db.execute("PRAGMA quick_check").fetchall()
        if got != [("ok",)]:
            raise CampaignError("campaign.file.damaged", path=str(path), command=_EXPORT,
                                why=str(got[0][0])[:200])
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        fmt = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone() \
            if "meta" in tables else None
    except sqlite3.DatabaseError as e:
        raise CampaignError("campaign.file.damaged", path=str(path), command=_EXPORT, why=str(e)) from None
    if not _TABLES <= tables or fmt is None or _load(fmt[0]) != "gmkit-campaign":
        raise CampaignError("campaign.file.damaged", path=str(path), command=_EXPORT,
                            why="tables: " + ", ".join(sorted(tables)))


@contextmanager
def _transaction(db: sqlite3.Connection, path: Path) -> Iterator[None]:
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as e:
        if "locked" in str(e) or "busy" in str(e):
            raise CampaignError("campaign.file.locked", path=str(path),
                                lock=path.name + ".lock") from None
        raise CampaignError("campaign.file.damaged", path=str(path), command=_EXPORT, why=str(e)) from None
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    try:
        db.execute("COMMIT")
    except sqlite3.Error as e:
        db.execute("ROLLBACK")
        raise CampaignError("campaign.file.unwritable", path=str(path), why=str(e)) from None


def relative(path: str | Path, to: Path) -> str:
    """``path`` relative to the campaign's folder when it lies inside it, else absolute."""
    p = Path(path).resolve()
    try:
        return p.relative_to(to.resolve().parent).as_posix()
    except ValueError:
        return str(p)


def resolve(journal: str, campaign: Path) -> Path:
    """A stored journal path back to a file path."""
    p = Path(journal)
    return p if p.is_absolute() else campaign.parent / p
