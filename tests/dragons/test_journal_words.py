"""Journals written before issue 27 still resume, and their events still render.

Issue 27 retold the dragons' story: a roll's line tells each modifier with its source
(``dragons.roll.*``), a move says how Speed and Height changed (``dragons.move.level`` ...), the
winner is called as the scenario calls its side (``dragons.over.won``). The two journals in
``journals_before_27/`` were written by gmkit as it stood before (two example fights played by
the autopilot, gzipped); they must resume strictly, their replay told in today's words, because
an event may be reworded (another key that the rule set lists, more parameters) while what
happened — the dice, the data, the actor, the round — stays the same. Anything else differing is
still refused.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from gmkit.dragons import DragonDuel
from gmkit.dragons.procedures.common import REWORDED
from gmkit.encounter import Encounter
from gmkit.errors import JournalError
from gmkit.events import Event
from gmkit.i18n import grammar
from gmkit.journal import Journal, strip_integrity

BEFORE = Path(__file__).with_name("journals_before_27")
JOURNALS = sorted(BEFORE.glob("*.jsonl.gz"))


def _unpacked(src: Path, tmp: Path) -> Path:
    out = tmp / src.name.removesuffix(".gz")
    out.write_bytes(gzip.decompress(src.read_bytes()))
    return out


def _entries(path: Path) -> list[dict[str, Any]]:
    return [strip_integrity(json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines()]


def _recorded_events(path: Path) -> list[dict[str, Any]]:
    return [e for entry in _entries(path) for e in entry.get("events", ())]


def test_the_journals_hold_the_old_words() -> None:
    """The fixtures are what they say: written before, with keys the story no longer uses."""
    assert len(JOURNALS) == 2
    for src in JOURNALS:
        text = gzip.decompress(src.read_bytes()).decode("utf-8")
        keys = {e["key"] for line in text.splitlines() for e in json.loads(line).get("events", ())}
        assert len(keys & set(REWORDED)) >= 15, sorted(keys & set(REWORDED))
        assert not any(k.startswith("dragons.roll.") for k in keys)


@pytest.mark.parametrize("src", JOURNALS, ids=lambda p: p.name.split(".")[0])
def test_a_journal_written_before_resumes_strictly_in_todays_words(src: Path, tmp_path: Path) -> None:
    path = _unpacked(src, tmp_path)
    want = _recorded_events(path)
    fight = Encounter.resume(path, autosave=False)
    got = [e.to_json() for e in fight.record if not e.kind.startswith("note")]
    assert fight.is_over and len(got) == len(want)
    reworded = [(w["key"], g["key"]) for g, w in zip(got, want, strict=True) if g["key"] != w["key"]]
    assert reworded and all(new in REWORDED[old] for old, new in reworded)
    for g, w in zip(got, want, strict=True):  # what happened is the same, event by event
        assert {k: v for k, v in g.items() if k not in ("key", "params")} == \
            {k: v for k, v in w.items() if k not in ("key", "params")}
    with grammar.cast(fight.cast):
        for e in fight.record:
            assert "{" not in e.text("ru") and "{" not in e.text("en")


@pytest.mark.parametrize("src", JOURNALS, ids=lambda p: p.name.split(".")[0])
def test_the_old_events_still_render(src: Path, tmp_path: Path) -> None:
    """A run saved before (its events as they were recorded) renders with today's catalogue."""
    events = [Event.from_json(e) for e in _recorded_events(_unpacked(src, tmp_path))]
    fight = DragonDuel(json.loads(gzip.decompress(src.read_bytes()).splitlines()[0])["scenario"], 1)
    with grammar.cast(fight.cast):
        for e in events:
            for lang in ("ru", "en"):
                text = e.text(lang)
                assert text and "{" not in text, (e.key, lang)


def _tampered(path: Path, change: Any) -> Path:
    """The journal with one recorded event changed by ``change`` (its checksums made good)."""
    entries = _entries(path)
    for entry in entries:
        for e in entry.get("events", ()):
            if change(e):
                out = path.with_name("tampered.jsonl")
                Journal.write_whole(out, entries)
                return out
    raise AssertionError("nothing to change")


def test_what_happened_differing_is_still_refused(tmp_path: Path) -> None:
    """Only the words may differ: a reworded event whose data differs, an event under a key that
    is no rewording of the recorded one, or a parameter of an unchanged key that differs, each
    stops the strict resume at that resolution."""
    path = _unpacked(JOURNALS[0], tmp_path)

    def data_of_an_attack(e: dict[str, Any]) -> bool:
        if e["kind"] != "attack" or "range" not in e.get("data", {}):
            return False
        e["data"]["range"] += 5
        return True

    def key_of_a_move(e: dict[str, Any]) -> bool:
        if e["key"] != "dragons.move.done":
            return False
        e["key"] = "dragons.move.copied"  # a rewording, but of another event
        return True

    def param_of_a_penalty(e: dict[str, Any]) -> bool:  # a key kept, a parameter changed
        if e["key"] != "dragons.multi_action":
            return False
        e["params"]["penalty"] -= 2
        return True

    for change in (data_of_an_attack, key_of_a_move, param_of_a_penalty):
        bad = _tampered(path, change)
        with pytest.raises(JournalError, match="replay of resolution"):
            Encounter.resume(bad, autosave=False)
