"""What the fuzz tests share: the rule sets and example scenarios, an encounter's fingerprint, and
journal lines written back with or without their integrity fields recomputed."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import yaml

import tests.toy  # noqa: F401  (registers the toy rule set "race")
from gmkit.encounter import Encounter
from gmkit.journal import checksum, dumps, strip_integrity
from gmkit.orders import order_to_json
from gmkit.systems import all_systems

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "templates" / "scenarios").glob("*.yaml"))


def scenarios() -> list[tuple[str, str, dict[str, Any]]]:
    """(system, label, validated scenario data) for every registered rule set with a scenario:
    the example scenarios of ``templates/scenarios``, and the toy race's own."""
    from gmkit.scenario import load_scenario
    from tests.toy import SCENARIO  # registers the race, whatever ran before

    out = []
    known = {s.name for s in all_systems()}
    for f in EXAMPLES:
        system = yaml.safe_load(f.read_text(encoding="utf-8"))["system"]
        if system in known:
            out.append((system, f.stem, load_scenario(f).model_dump(mode="json")))
    covered = {s for s, _, _ in out}
    if "race" not in covered:  # a goal out of reach: every fuzzed race lasts all its steps
        race = dict(SCENARIO, goal=10**6)
        out.append(("race", "race", load_scenario(race).model_dump(mode="json")))
    return out


def engine(system: str) -> type[Encounter]:
    from gmkit.systems import get

    return get(system).engine_class  # type: ignore[no-any-return]


def fingerprint(enc: Encounter) -> str:
    """Everything a GM or a replay could tell apart, as one text: the board, the orders received
    (and what they are), the record, the dice (stream, tape, hand, log) and the history."""
    return json.dumps({
        "board": enc.board(),
        "arrival": enc.orders_received,
        "pending": [order_to_json(enc.pending_order(a)) for a in enc.orders_received],
        "record": [e.to_json() for e in enc.record],
        "dice": enc.dice.getstate(), "hand": list(enc.dice.pending_hand),
        "tape": list(enc.dice.tape), "marks": list(enc.dice.manual_marks),
        "log": [r.to_json() for r in enc.dice.log],
        "resolutions": enc.resolutions, "over": enc.is_over,
        "history": enc.journal_lines()[1:],
    }, sort_keys=True, default=repr)


def changed(before: str, after: str) -> str:
    """Which parts of two fingerprints differ, and how: what a failed all-or-nothing check says."""
    a, b = json.loads(before), json.loads(after)
    parts = [f"{k}: {json.dumps(a.get(k))[:400]} -> {json.dumps(b.get(k))[:400]}"
             for k in sorted(a.keys() | b.keys()) if a.get(k) != b.get(k)]
    return "; ".join(parts) or "nothing"


_SCRATCH: list[Path] = []


def fast_dir() -> Path:
    """A scratch folder on tmpfs when there is one: the tests check logic, not the disk, and
    fsync on a busy 2-core machine would make thousands of journals slow. All of them live in
    one folder per test process, removed when the process ends."""
    if not _SCRATCH:
        base = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
        _SCRATCH.append(Path(tempfile.mkdtemp(prefix="gmkit-fuzz-", dir=base)))
        atexit.register(shutil.rmtree, _SCRATCH[0], True)
    return Path(tempfile.mkdtemp(dir=_SCRATCH[0]))


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def format_lines(objs: list[dict[str, Any]], rechain: bool) -> list[bytes]:
    """Journal lines for ``objs``; with ``rechain`` their ``seq`` and ``sum`` are recomputed (a
    forged or tool-edited journal whose integrity fields agree with its content), otherwise they
    are written as given."""
    out, previous = [], ""
    for seq, obj in enumerate(objs):
        if rechain:
            body = dumps(strip_integrity(obj))
            total = checksum(previous, body)
            previous = total
            obj = {"seq": seq, "sum": total, **strip_integrity(obj)}
        out.append(_line(obj).encode("utf-8"))
    return out


def _line(obj: dict[str, Any]) -> str:
    """A line laid out as gmkit writes it: ``seq`` and ``sum`` first, then the sorted body."""
    head = ", ".join(f"{json.dumps(k)}: {dumps(obj[k])}" for k in ("seq", "sum") if k in obj)
    body = dumps(strip_integrity(obj))
    if not head:
        return body
    return "{" + head + (", " + body[1:] if body != "{}" else "}")


def write_journal(path: Path, objs: list[dict[str, Any]], rechain: bool) -> None:
    path.write_bytes(b"".join(line + b"\n" for line in format_lines(objs, rechain)))


def some_legal(enc: Encounter, actor: str, n: int = 6) -> list[Any]:
    """A few legal orders for ``actor``: the autopilot's, and the first few the engine lists
    (what an engine's legal-order iteration yields besides orders is left out)."""
    out = []
    choice = enc.autopilot(actor)
    if choice is not None:
        out.append(choice)
    try:
        listed = islice(iter(enc.legal_orders(actor)), n)
        out += [o for o in listed if isinstance(o, enc.order_types)]
    except Exception:  # an engine's listing is not what is tested here
        pass
    return out


def play_base(system: str, data: dict[str, Any], path: Path, seed: int = 3) -> tuple[Encounter, str]:
    """A short fight with every kind of journal step (resolutions, a note, faces typed in, a
    submit, a withdrawal, a reorder, an undo), ending on a short note. Returns the encounter and
    its fingerprint before that last note."""
    enc = engine(system).from_valid(data, seed, journal=path)
    enc.resolve_round(autopilot=True)
    enc.note("a GM note", visibility="all")
    if not enc.is_over:
        enc.enter_faces(1)
        enc.resolve_round(autopilot=True)
    if not enc.is_over:
        for actor in enc.awaiting()[:2]:
            legal = some_legal(enc, actor)
            if legal:
                enc.submit(actor, legal[0])
        if enc.orders_received:
            first = enc.orders_received[0]
            order = enc.pending_order(first)
            enc.withdraw(first)
            enc.submit(first, order)  # type: ignore[arg-type]
        if len(enc.orders_received) >= 2:
            enc.reorder(list(reversed(enc.orders_received)))
        enc.resolve_round(autopilot=True)
        enc.undo()
    before = fingerprint(enc)
    enc.note("end")
    return enc, before


def iter_cuts(raw: bytes) -> Iterator[tuple[int, bytes]]:
    """(offset, bytes) of the file cut at every byte offset of its last line, newline included."""
    body = raw[:-1]
    start = body.rfind(b"\n") + 1
    for k in range(start, len(raw)):
        yield k - start, raw[:k]
