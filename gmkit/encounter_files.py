"""An encounter's journal as files and lines: the scenario's identity, the header a journal opens
with, the whole journal written out (atomically, or onto the fight's own journal) or started anew,
and how events and orders kept as objects become JSON. Functions of the encounter, apart from it
(:class:`~gmkit.encounter.Encounter` keeps the methods that call them)."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from . import __version__
from .events import Event
from .journal import JOURNAL_FORMAT, Journal, dumps
from .orders import Order, order_to_json
from .recorded_fight import RecordedFight

__all__ = ["canonical_hash", "read_journal", "event_json", "header", "journal_lines", "save", "autosave"]


def canonical_hash(scenario: Mapping[str, Any]) -> str:
    """A scenario's identity: the SHA-256 of its canonical JSON."""
    text = json.dumps(scenario, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_journal(path: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    """Header, entries and the byte length of the good part of a journal (see :class:`Journal`)."""
    got = Journal.read(path)
    return got.header, got.entries, got.good


def event_json(obj: Any) -> Any:
    """An event or an order kept as an object in a journal entry, as JSON."""
    if isinstance(obj, Event):
        return obj.to_json()
    if isinstance(obj, Order):
        return order_to_json(obj)
    raise TypeError(f"cannot write {type(obj).__name__} to a journal")


def _dumps(entry: dict[str, Any]) -> str:
    """One journal line; events and orders kept in memory as objects are written as JSON."""
    return dumps(entry, event_json)


def _same_file(a: str | Path, b: str | Path) -> bool:
    return os.path.realpath(a) == os.path.realpath(b)


def header(enc: RecordedFight) -> dict[str, Any]:
    header = {"gmkit": __version__, "journal": JOURNAL_FORMAT, "system": enc.system,
              "seed": enc.seed, "scenario_hash": canonical_hash(enc.scenario),
              "scenario": enc.scenario}
    if enc.opening_faces:
        header["opening_faces"] = list(enc.opening_faces)
    return header


def journal_lines(enc: RecordedFight) -> list[dict[str, Any]]:
    """The journal as plain JSON data: the header, then every effective entry."""
    enc._need_history("write a journal")
    return [json.loads(_dumps(line)) for line in (enc._header(), *enc._entries)]


def save(enc: RecordedFight, path: str | Path) -> Path:
    """Write the whole journal to ``path`` (header, then every effective entry), atomically;
    refused when another process holds ``path`` as its journal. Saving onto this fight's own
    journal rewrites it without the undone steps and goes on appending to it."""
    enc._need_history("save")
    lines = [enc._header(), *enc._entries]
    j = enc._journal
    if j is not None and not j.closed and _same_file(path, j.path):
        j.rewrite(lines)
        return Path(path)
    return Journal.write_whole(path, lines, event_json)


def autosave(enc: RecordedFight, path: str | Path) -> None:
    """Start journaling to ``path`` now: the history so far is written first, and the lock
    moves from the journal kept so far (if any) to this one."""
    enc._need_history("save")
    new = Journal.start(path, [enc._header(), *enc._entries], event_json)
    if enc._journal is not None:
        enc._journal.close()
    enc._journal = new
