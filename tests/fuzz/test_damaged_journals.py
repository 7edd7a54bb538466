"""Damaged journals: every one resumes into the exact state, or is refused by a JournalError that
names the damaged line — never a bare exception, never a silent wrong state.

For every rule set and example scenario, a short fight with every kind of step is journaled, then
damaged: the last line cut at every byte offset; fields of sampled entries retyped or dropped
(with the integrity fields left as they were, and recomputed as a forger or a careless tool would);
lines deleted, swapped and duplicated (the same two ways). Over 1,000 journals in all.
"""

from __future__ import annotations

import copy
import random
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from gmkit.errors import JournalError
from tests.fuzz.common import (
    engine,
    fast_dir,
    fingerprint,
    format_lines,
    iter_cuts,
    play_base,
    read_lines,
    scenarios,
    write_journal,
)

CASES = scenarios()
IDS = [label for _, label, _ in CASES]
TOTAL: Counter[str] = Counter()


def outcome(system: str, path: Path, autosave: bool = False) -> tuple[str, Any]:
    """("state", fingerprint) or ("error", JournalError); anything else fails the test."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            enc = engine(system).resume(path, autosave=autosave)
        except JournalError as e:
            return "error", e
    try:
        return "state", fingerprint(enc)
    finally:
        enc.close()


@pytest.fixture(scope="module", params=CASES, ids=IDS)
def base(request: Any) -> dict[str, Any]:
    system, _label, data = request.param
    folder = fast_dir()
    path = folder / "base.jsonl"
    enc, before = play_base(system, data, path)
    full = fingerprint(enc)
    enc.close()
    return {"system": system, "folder": folder, "raw": path.read_bytes(), "lines": read_lines(path),
            "before": before, "full": full}


def test_the_last_line_cut_at_every_byte(base: dict[str, Any]) -> None:
    """A cut inside the last line is a write that never finished: the state before it. The
    whole line without its newline is the state after it, and a writer gives the newline back
    before appending."""
    system, raw = base["system"], base["raw"]
    path = base["folder"] / "cut.jsonl"
    n = 0
    for k, cut in iter_cuts(raw):
        path.write_bytes(cut)
        kind, got = outcome(system, path)
        assert kind == "state", f"cut at {k}: {got}"
        whole = cut.endswith(b"}") and len(cut) == len(raw) - 1
        assert got == (base["full"] if whole else base["before"]), f"cut at byte {k} of the last line"
        n += 1
    # a writer repairs before it appends: the lost newline comes back, a cut line goes
    for cut in (raw[:-1], raw[:-7]):
        path.write_bytes(cut)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            enc = engine(system).resume(path)
        enc.note("after the repair")
        want = fingerprint(enc)
        enc.close()
        assert outcome(system, path) == ("state", want)
        n += 1
    TOTAL["cut"] += n


def _retyped(value: Any) -> list[Any]:
    """Values of another JSON type than ``value``."""
    pool: list[Any] = ["7", 7, None, [], {"x": 1}, 2.5, True]
    return [v for v in pool if type(v) is not type(value)][:3]


def _field_damage(lines: list[dict[str, Any]],
                  rng: random.Random) -> list[tuple[int, str, list[dict[str, Any]]]]:
    """(1-based line, what, damaged lines) for dropped and retyped fields of every line, and of
    sampled fields nested in orders and events."""
    out = []
    for i, line in enumerate(lines):
        fields = [k for k in line if k not in ("seq", "sum")]
        for k in fields:
            dropped = copy.deepcopy(lines)
            del dropped[i][k]
            out.append((i + 1, f"drop {k}", dropped))
            for v in _retyped(line[k]):
                retyped = copy.deepcopy(lines)
                retyped[i][k] = v
                out.append((i + 1, f"{k}={v!r}", retyped))
        for k in ("order", "scenario"):
            inner = line.get(k)
            if isinstance(inner, dict):
                for sub in rng.sample(sorted(inner), min(3, len(inner))):
                    for v in _retyped(inner[sub])[:2]:
                        nested = copy.deepcopy(lines)
                        nested[i][k][sub] = v
                        out.append((i + 1, f"{k}.{sub}={v!r}", nested))
        events = line.get("events") or []
        for j in rng.sample(range(len(events)), min(2, len(events))):
            for sub in rng.sample(sorted(events[j]), min(2, len(events[j]))):
                v = _retyped(events[j][sub])[0]
                nested = copy.deepcopy(lines)
                nested[i]["events"][j][sub] = v
                out.append((i + 1, f"events[{j}].{sub}={v!r}", nested))
    return out


def _self_consistent(system: str, path: Path, folder: Path) -> bool:
    """A journal that resumed: its encounter saved and resumed again is the same state."""
    enc = engine(system).resume(path, autosave=False)
    again = folder / "again.jsonl"
    enc.save(again)
    return outcome(system, again) == ("state", fingerprint(enc))


def test_fields_retyped_or_dropped(base: dict[str, Any]) -> None:
    """Checksums as they were: the damaged line's checksum names it, always.

    Checksums recomputed (a forger, or a tool that rewrites lines): the header's or the entry's
    schema, the rules or the replay refuse the damaged line, or the first later line whose replay
    differs from the record; a field whose new value is itself a legal order (or a step undone
    anyway) leaves a journal of another legal history, which must then replay exactly."""
    system, lines = base["system"], base["lines"]
    path = base["folder"] / "field.jsonl"
    rng = random.Random(14)
    n = 0
    for line_no, what, damaged in _field_damage(lines, rng):
        write_journal(path, damaged, rechain=False)
        kind, got = outcome(system, path)
        assert kind == "error" and got.line == line_no, f"{what}: {got}"
        write_journal(path, damaged, rechain=True)
        kind, got = outcome(system, path)
        if kind == "error":
            assert got.line is not None and got.line >= line_no, f"{what} (rechained): {got}"
            TOTAL["fields refused" + (" later" if got.line > line_no else "")] += 1
        else:
            assert got == base["full"] or _self_consistent(system, path, base["folder"]), what
            TOTAL["fields legal"] += 1
        n += 2
    TOTAL["fields"] += n


def _line_variants(lines: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]], int | None]]:
    """(what, damaged lines, the first line out of place or None) for every line deleted,
    duplicated and swapped with the next."""
    variants: list[tuple[str, list[dict[str, Any]], int | None]] = []
    last = len(lines)
    for i in range(last):
        variants.append((f"delete {i + 1}", lines[:i] + lines[i + 1:], None if i + 1 == last else i + 1))
        variants.append((f"duplicate {i + 1}", lines[:i + 1] + lines[i:], i + 2))
        if i + 1 < last:
            variants.append((f"swap {i + 1}", [*lines[:i], lines[i + 1], lines[i], *lines[i + 2:]], i + 1))
    return variants


def test_lines_deleted_swapped_duplicated(base: dict[str, Any]) -> None:
    """As written, the sequence numbers name the first line out of place (deleting the last line
    is the state before it). Re-sequenced, the journal is another history: it is refused at some
    line or resumes into a state that itself replays exactly."""
    system, lines = base["system"], base["lines"]
    path = base["folder"] / "lines.jsonl"
    n = 0
    for what, damaged, first_bad in _line_variants(lines):
        write_journal(path, damaged, rechain=False)
        kind, got = outcome(system, path)
        if what == "delete 1":
            assert kind == "error" and got.line == 1, what
        elif first_bad is None:
            assert (kind, got) == ("state", base["before"]), what
        else:
            assert kind == "error" and got.line == first_bad, f"{what}: {got}"
        n += 1
        if what == "delete 1":
            continue
        write_journal(path, damaged, rechain=True)
        kind, got = outcome(system, path)
        if kind == "error":
            assert got.line is not None and 1 <= got.line <= len(damaged), f"{what}: {got}"
        else:
            again = base["folder"] / "again.jsonl"
            enc = engine(system).resume(path, autosave=False)
            enc.save(again)
            assert outcome(system, again) == ("state", fingerprint(enc)), what
        n += 1
    TOTAL["lines"] += n


def planned(raw: bytes, lines: list[dict[str, Any]]) -> dict[str, int]:
    """How many damaged journals the three tests above make of one base journal (each counts
    the same way as it goes; this counts without resuming any)."""
    return {"cut": sum(1 for _ in iter_cuts(raw)) + 2,
            "fields": 2 * len(_field_damage(lines, random.Random(14))),
            "lines": 2 * len(_line_variants(lines)) - 1}


def test_a_thousand_damaged_journals_in_all() -> None:
    """Over 1,000 damaged journals, counted from the base journals themselves (so the figure does
    not depend on which tests ran before this one, or in which process)."""
    assert len(CASES) >= 4
    total: Counter[str] = Counter()
    for system, _, data in CASES:
        path = fast_dir() / "base.jsonl"
        enc, _ = play_base(system, data, path)
        enc.close()
        total.update(planned(path.read_bytes(), read_lines(path)))
    assert sum(total.values()) >= 1000, dict(total)


def test_foreign_files_are_refused_cleanly() -> None:
    """Files that are no journal at all: every one a JournalError, none a bare exception."""
    folder = fast_dir()
    system = CASES[0][0]
    rng = random.Random(5)
    samples = [b"", b"\n", b"[]\n", b"null\n", b'"x"\n', b"{}\n", b'{"hello": 1}\n', b"\xff\xfe{}\n",
               b"{" * 100_000 + b"\n", b'{"gmkit": "1", "system": 3}\n',
               b'{"gmkit": "1", "system": "nope", "seed": 1, "scenario_hash": "", "scenario": {}}\n',
               b'{"gmkit": "1", "journal": 99, "system": "race", "seed": 1, "scenario_hash": "", '
               b'"scenario": {}}\n']
    samples += [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))) for _ in range(40)]
    for i, raw in enumerate(samples):
        path = folder / f"f{i}.jsonl"
        path.write_bytes(raw)
        kind, _got = outcome(system, path)
        assert kind == "error", raw[:40]
    TOTAL["foreign"] += len(samples)


def test_format_lines_round_trip(base: dict[str, Any]) -> None:
    """The helper writes back exactly what gmkit wrote (so the damage above is the only change)."""
    assert b"".join(line + b"\n" for line in format_lines(base["lines"], rechain=False)) == base["raw"]
    assert b"".join(line + b"\n" for line in format_lines(base["lines"], rechain=True)) == base["raw"]
