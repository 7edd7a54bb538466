"""Recorded fights for the golden check: journals and simulation tables that must not change.

A refactoring that keeps the rules must leave every journal byte-identical, so the fights here are
played from every example scenario with fixed seeds: most to the end by the autopilot, some with a
GM's note and an undo on the way. ``python -m tests.golden.fights`` rewrites ``digests.json``
(only when a rule change is meant to change fights; say which in the commit);
``python -m tests.golden.fights --dump DIR`` writes the journals themselves, to compare by eye.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gmkit.encounter import Encounter

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "templates" / "scenarios").glob("*.yaml"))
DIGESTS = Path(__file__).with_name("digests.json")
SEEDS = range(45)
SIM_N = 150


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def journal_bytes(path: Path) -> bytes:
    """The journal's content as the golden check compares it: every line as format 1 wrote it.

    Since format 2 every line also carries its sequence number and checksum (``seq``, ``sum``),
    and the header says ``"journal": 2``. Those say where a line stands and that it is intact,
    not what happened in the fight, so they are stripped here and each line is re-dumped with
    the journal's own :func:`~gmkit.journal.dumps` (keys sorted, Unicode kept) and the header's
    format set back to 1: the bytes are exactly those format 1 wrote, and ``digests.json``
    keeps recording the fights themselves. (The journal is read with :meth:`Journal.read`
    first, so every sequence number and checksum is checked on the way.)
    """
    from gmkit.journal import Journal, dumps, strip_integrity

    Journal.read(path)
    lines = [strip_integrity(json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines()]
    lines[0]["journal"] = 1
    return "".join(dumps(line) + "\n" for line in lines).encode("utf-8")


def play(cls: type[Encounter], data: Mapping[str, Any], seed: int, path: Path) -> bytes:
    """One recorded fight: the scenario ``data`` with ``seed``, journaled to ``path``, played to
    its end by the autopilot (every fifth seed with a GM's note and an undone round on the way);
    its journal as the golden check compares it (:func:`journal_bytes`)."""
    enc = cls.from_valid(data, seed, journal=path)
    try:
        if seed % 5 == 4:  # a GM's hand on the way: a note, an undone round, a re-resolution
            for r in range(200):
                if enc.is_over:
                    break
                enc.resolve_round(autopilot=True)
                if r == 1:
                    enc.note(f"round {r}: GM note")
                    enc.undo()
                    enc.undo()
        else:
            enc.run(200)
    finally:
        enc.close()
    return journal_bytes(path)


def fights() -> Iterator[tuple[str, bytes]]:
    """(label, journal bytes) of every recorded fight."""
    from gmkit.scenario import load_scenario
    from gmkit.simulation import engine_for

    with tempfile.TemporaryDirectory() as tmp:
        for f in SCENARIOS:
            model = load_scenario(f)
            cls = engine_for(model.system)
            data = model.model_dump(mode="json")
            for seed in SEEDS:
                yield f"{f.stem}/seed={seed}", play(cls, data, seed, Path(tmp) / f"{f.stem}-{seed}.jsonl")


def simulations() -> Iterator[tuple[str, bytes]]:
    """(label, CSV bytes) of one seeded simulation per example scenario."""
    from gmkit.simulation import simulate

    for f in SCENARIOS:
        sim = simulate(f, n=SIM_N, seed=11)
        yield f"{f.stem}/n={SIM_N}", sim.runs.to_csv(index=False).encode()


def digests() -> dict[str, dict[str, str]]:
    return {"journals": {k: _sha(v) for k, v in fights()},
            "simulations": {k: _sha(v) for k, v in simulations()}}


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--dump":
        out = Path(sys.argv[2])
        out.mkdir(parents=True, exist_ok=True)
        for label, data in (*fights(), *simulations()):
            (out / (label.replace("/", "_") + ".txt")).write_bytes(data)
    else:
        DIGESTS.write_text(json.dumps(digests(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
