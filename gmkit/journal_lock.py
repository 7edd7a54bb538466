"""A journal's lock (see :mod:`gmkit.journal`, «One writer»): an OS file lock beside the journal,
shared by this process's journals on the same file and released by the last of them (a forked
child's copy never releases its parent's)."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import JournalError

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
