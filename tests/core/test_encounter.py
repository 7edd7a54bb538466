"""The Encounter core: secret orders, all-or-nothing resolution, the journal, undo and resume."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gmkit.encounter import Encounter, read_journal
from gmkit.errors import EncounterOver, GmkitError, IllegalOrder, JournalError
from gmkit.events import ALL, GM, Event, sides_only
from tests.toy import SCENARIO, Race, Run

ROOT = Path(__file__).resolve().parents[2]


def fingerprint(enc: Race) -> tuple:
    return (json.dumps(enc.board(), sort_keys=True), [e.to_json() for e in enc.record],
            enc.dice.getstate(), enc.orders_received,
            {a: enc.pending_order(a) for a in enc.orders_received}, enc.resolutions)


def test_orders_stay_secret_until_resolved() -> None:
    r = Race(SCENARIO)
    r.submit("Ash", Run(3))
    assert "Run" not in repr(r) and "3" not in repr(r).split("orders received")[1]
    assert r.orders_received == ["Ash"]
    assert r.record == []


def test_resubmitting_replaces_and_counts_as_arriving_now() -> None:
    r = Race(SCENARIO)
    r.submit("Ash", Run(1))
    r.submit("Bo", Run(1))
    r.submit("Ash", Run(2))
    assert r.orders_received == ["Bo", "Ash"]
    assert r.pending_order("Ash") == Run(2)


def test_reorder_and_withdraw() -> None:
    r = Race(SCENARIO)
    r.submit("Ash", Run(1))
    r.submit("Bo", Run(1))
    r.reorder(["Bo", "Ash"])
    assert r.orders_received == ["Bo", "Ash"]
    with pytest.raises(IllegalOrder, match="exactly the orders received"):
        r.reorder(["Bo"])
    r.withdraw("Bo")
    assert r.orders_received == ["Ash"]
    with pytest.raises(IllegalOrder):
        r.withdraw("Bo")


def test_resolution_follows_arrival_order_and_records_rolls() -> None:
    r = Race(SCENARIO)
    r.submit("Bo", Run(1))
    r.submit("Ash", Run(1))
    events = r.resolve_round()
    assert [e.actor for e in events] == ["Bo", "Ash"]
    assert all(len(e.rolls) == 1 for e in events)
    assert r.orders_received == []


def test_illegal_order_leaves_everything_as_it_was() -> None:
    r = Race(SCENARIO)
    r.submit("Ash", Run(2))
    before = fingerprint(r)
    with pytest.raises(IllegalOrder, match="R-1: Bo may roll 1 to 2 dice, not 3"):
        r.submit("Bo", Run(3))
    with pytest.raises(IllegalOrder):
        r.submit("Ash", "run fast")  # type: ignore[arg-type]
    assert fingerprint(r) == before


def test_an_order_from_a_policy_the_caller_gives_is_checked_field_by_field() -> None:
    """Only the rule set's own autopilot is spared the field check at the table: a policy handed
    to resolve_round is code from outside, checked as a GM's order is (True passes the rules'
    1-to-2 dice, not the field's type)."""
    r = Race(SCENARIO)
    before = fingerprint(r)
    with pytest.raises(IllegalOrder, match=r"C-1: Run.dice: expected a whole number \(int\), got True"):
        r.resolve_round(autopilot=True, policy=lambda enc, actor: Run(True))
    assert fingerprint(r) == before
    r.resolve_round(autopilot=True, policy=lambda enc, actor: Run(1))
    assert r.resolutions == 1


def test_resolution_is_all_or_nothing() -> None:
    r = Race(SCENARIO)
    r.submit("Bo", Run(1))
    r.submit("Ash", Run(3))
    r.enter_faces(4, 6, 6, 6)  # Bo moves 4, then Ash's 18 makes the toy engine fail mid-round
    before = fingerprint(r)
    with pytest.raises(RuntimeError, match="boom"):
        r.resolve_round()
    assert fingerprint(r) == before
    assert r.dice.pending_hand == (4, 6, 6, 6)


def test_a_failed_resolution_after_undone_rounds_leaves_the_fight_as_it_stood(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """All-or-nothing rebuilds the fight from its steps (no copy of the board each round): later
    in a fight, with an undone round to recount, faces in hand and orders received, a journal
    that refuses the resolution's line changes nothing, and the same resolution then goes through
    as it would have."""
    r = Race(SCENARIO, journal=tmp_path / "race.jsonl")
    twin = Race(SCENARIO)
    for enc in (r, twin):
        for _ in range(2):
            enc.resolve_round(autopilot=True)
        enc.submit("Ash", Run(2))
        enc.resolve_round(autopilot=True)
        enc.undo()
        enc.submit("Bo", Run(1))
        enc.submit("Ash", Run(3))
        enc.enter_faces(2, 3)
    before = fingerprint(r)
    assert r._journal is not None
    real_append = type(r._journal).append

    def refuse(self: object, entry: dict) -> None:
        if entry.get("op") == "resolve":
            raise OSError("disk full")
        real_append(self, entry)  # type: ignore[arg-type]

    monkeypatch.setattr(type(r._journal), "append", refuse)
    with pytest.raises(OSError, match="disk full"):
        r.resolve_round()
    assert fingerprint(r) == before and r.dice.pending_hand == (2, 3)
    monkeypatch.setattr(type(r._journal), "append", real_append)
    assert [e.to_json() for e in r.resolve_round()] == [e.to_json() for e in twin.resolve_round()]
    assert fingerprint(r) == fingerprint(twin)
    assert [e["op"] for e in read_journal(tmp_path / "race.jsonl")[1]][-1] == "resolve"


def test_event_json_round_trip_and_visibility() -> None:
    r = Race(SCENARIO)
    r.resolve_round(autopilot=True)
    for e in r.record:
        assert Event.from_json(json.loads(e.dumps())) == e
    e = Event(1, "Ghost", "move", "core.roll", {"actor": "Ghost", "roll": "x"},
              visibility=sides_only("blue"))
    assert e.visible_to(None) and e.visible_to("blue") and not e.visible_to("red")
    assert not Event(1, "GM", "note", "core.gm_note", visibility=GM).visible_to("red")
    assert Event(1, "a", "k", "core.roll", visibility=ALL).visible_to("red")


def test_gm_notes_are_hidden_from_players() -> None:
    r = Race(SCENARIO)
    r.note("the bridge will collapse in round 3")
    assert len(r.events_for(None)) == 1 and r.events_for("red") == []


def test_journal_lines_are_written_as_they_happen(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    r = Race(SCENARIO, journal=path)
    r.submit("Ash", Run(2))
    header, entries, _ = read_journal(path)
    assert header["system"] == "race" and header["seed"] == 7 and header["scenario"]["name"] == "Test race"
    assert entries == [{"op": "submit", "actor": "Ash", "order": {"type": "Run", "dice": 2}}]
    r.submit("Bo", Run(1))
    r.resolve_round()
    ops = [e["op"] for e in read_journal(path)[1]]
    assert ops == ["submit", "submit", "resolve"]


def test_journal_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    Race(SCENARIO, journal=path)
    with pytest.raises(JournalError, match="already exists"):
        Race(SCENARIO, journal=path)


def play(r: Race, rounds: int) -> None:
    for _ in range(rounds):
        if r.is_over:
            break
        r.resolve_round(autopilot=True)


def test_resume_rebuilds_state_record_and_dice(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    r = Race(SCENARIO, journal=path)
    r.submit("Ash", Run(2))
    r.enter_faces(6, 6)
    r.resolve_round(autopilot=True)
    r.note("a note")
    r.submit("Bo", Run(1))
    back = Race.resume(path)
    assert fingerprint(back) == fingerprint(r)
    assert back.dice.manual_marks == r.dice.manual_marks
    assert back.dice.roll("3d6").faces == r.dice.roll("3d6").faces


def test_undo_steps_back_one_entry_and_is_journaled(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    r = Race(SCENARIO, journal=path)
    r.submit("Ash", Run(2))
    r.submit("Bo", Run(2))
    before_resolve = fingerprint(r)
    r.resolve_round()
    undone = r.undo()
    assert undone["op"] == "resolve"
    assert fingerprint(r) == before_resolve
    r.undo()
    assert r.orders_received == ["Ash"]
    assert read_journal(path)[1][-1] == {"op": "undo"}
    back = Race.resume(path)
    assert fingerprint(back) == fingerprint(r)
    # after an undo, resolving again gives the same dice as the first time
    r.submit("Bo", Run(2))
    again = r.resolve_round()
    first = Race(SCENARIO)
    first.submit("Ash", Run(2))
    first.submit("Bo", Run(2))
    assert [e.to_json() for e in first.resolve_round()] == [e.to_json() for e in again]


def test_undo_with_nothing_to_undo() -> None:
    with pytest.raises(GmkitError, match="nothing to undo"):
        Race(SCENARIO).undo()


def test_hand_typed_faces_replay_exactly(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    r = Race(SCENARIO, journal=path)
    r.enter_faces(5, 5)
    r.submit("Ash", Run(1))
    r.submit("Bo", Run(1))
    r.resolve_round()
    assert [e.rolls[0].manual for e in r.record] == [True, True]
    assert r.state.pos == {"Ash": 5, "Bo": 5}
    back = Race.resume(path)
    assert back.state == r.state and back.dice.getstate() == r.dice.getstate() == {"seed": 7, "draws": 0}


def test_truncated_last_line_is_skipped_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    r = Race(SCENARIO, journal=path)
    r.submit("Ash", Run(2))
    r.submit("Bo", Run(2))
    with open(path, "a", encoding="utf-8") as f:
        f.write('{"op": "resolve", "faces": [3, ')
    with pytest.warns(UserWarning, match="cut off"):
        back = Race.resume(path)
    assert back.orders_received == ["Ash", "Bo"] and back.record == []
    back.resolve_round()  # the journal was repaired before appending
    _header, entries, _ = read_journal(path)
    assert [e["op"] for e in entries] == ["submit", "submit", "resolve"]


def test_damaged_middle_line_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    r = Race(SCENARIO, journal=path)
    r.submit("Ash", Run(2))
    lines = path.read_text().splitlines()
    lines.insert(1, "{garbage")
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(JournalError, match="line 2 is damaged"):
        Race.resume(path)


def test_a_journal_from_another_scenario_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    Race(SCENARIO, journal=path).submit("Ash", Run(1))
    other = dict(SCENARIO, goal=30)
    with pytest.raises(JournalError, match="another scenario"):
        Race.resume(path, scenario=other)
    assert Race.resume(path, scenario=SCENARIO).orders_received == ["Ash"]


def test_not_a_journal(tmp_path: Path) -> None:
    p = tmp_path / "x.jsonl"
    p.write_text('{"hello": 1}\n')
    with pytest.raises(JournalError, match="not a gmkit journal"):
        Race.resume(p)


def test_generic_resume_finds_the_engine(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    Race(SCENARIO, journal=path).submit("Bo", Run(1))
    assert isinstance(Encounter.resume(path), Race)


def test_save_writes_a_resumable_copy(tmp_path: Path) -> None:
    r = Race(SCENARIO)
    play(r, 2)
    r.submit("Ash", Run(1))
    p = r.save(tmp_path / "copy.jsonl")
    assert fingerprint(Race.resume(p)) == fingerprint(r)


def test_over_encounter_takes_no_orders() -> None:
    r = Race(SCENARIO)
    r.run(50)
    assert r.is_over and r.outcome()["winner"] in ("red", "blue")  # type: ignore[index]
    with pytest.raises(EncounterOver):
        r.submit("Ash", Run(1))


def test_observers_hear_every_step() -> None:
    r = Race(SCENARIO)
    seen: list[str] = []
    r.observe(seen.append)
    r.submit("Ash", Run(1))
    r.resolve_round(autopilot=True)
    r.undo()
    assert seen == ["submit", "submit", "resolve", "undo"]


def test_story_in_both_languages() -> None:
    r = Race(SCENARIO)
    r.resolve_round(autopilot=True)
    assert r.story("en")[0].startswith("Ash rolls")
    assert r.story("ru")[0].startswith("Ash бросает")


CHILD = textwrap.dedent("""
    import os, signal, sys
    sys.path.insert(0, {root!r})
    from tests.toy import Race, Run, SCENARIO
    r = Race(SCENARIO, journal={path!r})
    r.submit("Ash", Run(2)); r.submit("Bo", Run(2)); r.resolve_round()
    r.enter_faces(1)
    r.submit("Ash", Run(1))
    print("ready", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
""")


def test_save_kill_resume_gives_identical_state_and_next_rolls(tmp_path: Path) -> None:
    path = tmp_path / "killed.jsonl"
    proc = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT), path=str(path))],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL and "ready" in proc.stdout
    back = Race.resume(path)
    ref = Race(SCENARIO)
    ref.submit("Ash", Run(2))
    ref.submit("Bo", Run(2))
    ref.resolve_round()
    ref.enter_faces(1)
    ref.submit("Ash", Run(1))
    assert fingerprint(back) == fingerprint(ref)
    back.submit("Bo", Run(2))
    ref.submit("Bo", Run(2))
    assert [e.to_json() for e in back.resolve_round()] == [e.to_json() for e in ref.resolve_round()]
    assert back.dice.roll("5d6").faces == ref.dice.roll("5d6").faces


def test_c2_opening_faces_feed_the_setup_rolls_and_survive_resume(tmp_path: Path) -> None:
    from gmkit.fantasy import Skirmish

    scenario = ROOT / "templates" / "scenarios" / "fantasy_wolves.yaml"
    auto = Skirmish.from_scenario(scenario, seed=1)
    life = [r for r in auto.dice.log if r.purpose == "F-1 life dice"]
    faces = [6] * sum(len(r.faces) for r in life)
    path = tmp_path / "wolves.jsonl"
    sk = Skirmish.from_scenario(scenario, seed=1, opening_faces=faces, journal=path)
    typed = [r for r in sk.dice.log if r.purpose == "F-1 life dice"]
    assert all(r.manual and set(r.faces) == {6} for r in typed)
    sk.resolve_round(autopilot=True)
    back = Skirmish.resume(path)
    assert back.opening_faces == tuple(faces)
    assert back.board() == sk.board() and back.dice.getstate() == sk.dice.getstate()


def test_c2_opening_faces_the_setup_does_not_use_are_refused() -> None:
    from gmkit.errors import DiceError

    with pytest.raises(DiceError, match="C-2: 1 of the opening faces were not needed"):
        Race(SCENARIO, opening_faces=(3,))
