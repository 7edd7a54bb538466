"""Journals written before issue 27 still load, replay and tell their story.

The three journals in ``journals/`` were written by gmkit at commit 8c8577e (before the fantasy
messages said where a number comes from): two crypt fights with poison, paralysis and protection
rolls, and a wolves fight with Strength and Constitution bonuses. Their events have fewer
parameters than today's (no ``bonus``, no ``mods``, no ``against``, no ``told``): a replay may find
more parameters, never other values, and the recorded events still render in both languages.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmkit.encounter import Encounter
from gmkit.errors import JournalError
from gmkit.events import Event
from gmkit.fantasy import Skirmish

JOURNALS = sorted((Path(__file__).parent / "journals").glob("*.jsonl"))


def _recorded(path: Path) -> list[dict]:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    return [e for line in lines for e in line.get("events", ())]


@pytest.mark.parametrize("path", JOURNALS, ids=lambda p: p.stem)
def test_an_old_journal_replays_and_its_events_only_grew(path: Path) -> None:
    fight = Encounter.resume(path, autosave=False)
    assert isinstance(fight, Skirmish) and fight.is_over
    recorded = _recorded(path)
    replayed = [e.to_json() for e in fight.record[len(fight.record) - len(recorded):]]
    assert [(e["key"], e.get("data")) for e in replayed] == [(e["key"], e.get("data")) for e in recorded]
    for new, old in zip(replayed, recorded, strict=True):
        assert {k: new["params"][k] for k in old.get("params", {})} == old.get("params", {})


def test_the_old_journals_meet_the_grown_parameters() -> None:
    """The journals are worth keeping: their fights have events that say more today."""
    grown = set()
    for path in JOURNALS:
        fight = Encounter.resume(path, autosave=False)
        recorded = _recorded(path)
        replayed = fight.record[len(fight.record) - len(recorded):]
        grown |= {k for new, old in zip(replayed, recorded, strict=True)
                  for k in set(new.params) - set(old.get("params", {}))}
    # issue 27: where a number comes from; issue 34: what a protection roll was against and what
    # each outcome did, in words (``against``, ``told``)
    assert grown == {"bonus", "mods", "against", "told"}


@pytest.mark.parametrize("path", JOURNALS, ids=lambda p: p.stem)
def test_old_events_still_render(path: Path) -> None:
    for e in _recorded(path):
        event = Event.from_json(e)
        for lang in ("ru", "en"):
            text = event.text(lang)
            assert text and "{" not in text and "None" not in text, (e, text)


def test_a_replay_that_changes_a_value_is_still_refused(tmp_path: Path) -> None:
    """Only new parameters are let through: a recorded value that differs is another fight."""
    path = JOURNALS[0]
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        for e in line.get("events", ()):
            if e["key"] == "fantasy.damage":
                e["params"]["amount"] = e["params"]["amount"] + 10
                break
        else:
            continue
        break
    for line in lines:  # the lines' own checksums are not what this test is about
        line.pop("seq", None)
        line.pop("sum", None)
    lines[0]["journal"] = 1
    broken = tmp_path / "changed.jsonl"
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    broken.write_text(text, encoding="utf-8")
    with pytest.raises(JournalError, match=r"events\[\d+\]\.params\.amount"):
        Encounter.resume(broken, autosave=False)
