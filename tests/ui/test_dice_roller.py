"""DiceRoller state without a browser: traitlets, the custom "roll" message, C-2 refusals."""

from __future__ import annotations

import pytest

from gmkit.errors import DiceError
from gmkit.ui.dice_roller import DiceRoller, parse_faces
from tests.toy import SCENARIO, Race


def test_roll_fills_last_and_history() -> None:
    r = DiceRoller(seed=5)
    v = r.roll("2d6+1")
    assert r.last == v and r.history == [v]
    assert v["total"] == sum(f for d in v["dice"] for f in d["faces"]) + 1
    assert r.error == ""


def test_custom_message_from_the_browser_rolls() -> None:
    r = DiceRoller(seed=5, expression="3d6")
    r._on_msg(r, {"type": "roll"}, [])
    assert r.last["expr"] == "3d6" and len(r.last["dice"]) == 3
    r._on_msg(r, {"type": "something else"}, [])
    assert len(r.history) == 1


def test_aces_marked_C3() -> None:
    r = DiceRoller(seed=1)
    v = r.roll("d6!", faces=[6, 6, 2])
    assert v["dice"][0]["faces"] == [6, 6, 2]
    assert v["dice"][0]["aces"] == [True, True, False]
    assert v["aced"] and v["manual"] and v["total"] == 14


def test_trait_marks_wild_die_and_raises_C3() -> None:
    r = DiceRoller(seed=1)
    v = r.roll("d8", mode="trait", faces="8 4 2")
    assert [d["wild"] for d in v["dice"]] == [False, True]
    assert v["verdict"] == "success" and v["raises"] == 2 and v["total"] == 12


def test_trait_critical_failure_called_out_C3() -> None:
    r = DiceRoller(seed=1)
    v = r.roll("d8", mode="trait", faces="1 1")
    assert v["verdict"] == "critical_failure"


def test_extra_trait_has_no_wild_die() -> None:
    r = DiceRoller(seed=2, wild=False)
    v = r.roll("d10", mode="trait")
    assert not any(d["wild"] for d in v["dice"])


@pytest.mark.parametrize("faces, message", [
    ("9 1", "a d8 cannot show 9"),
    ("8", "needs more faces"),
    ("3 2 5", "takes 2 faces here, 3 were typed in"),
    ("x", "whole number"),
])
def test_impossible_faces_refused_and_nothing_changes_C2(faces: str, message: str) -> None:
    r = DiceRoller(seed=4)
    r.roll("d4")
    before = (list(r.history), r._dice.getstate(), len(r._dice.log))
    assert r.roll("d8", mode="trait", faces=faces) == {}
    assert message in r.error
    assert (list(r.history), r._dice.getstate(), len(r._dice.log)) == before
    assert r._dice.pending_hand == ()


def test_impossible_faces_in_an_expression_refused_C2() -> None:
    r = DiceRoller(seed=4)
    assert r.roll("2d6", faces="7 1") == {}
    assert "d6 cannot show 7" in r.error
    assert r.history == []


def test_bad_expression_is_an_error_not_an_exception() -> None:
    r = DiceRoller(seed=4)
    assert r.roll("2d6+") == {}
    assert "expected a die or a number" in r.error


def test_damage_mode_aces_every_die_C4() -> None:
    r = DiceRoller(seed=4)
    v = r.roll("2d6", mode="damage", faces="6 1 3")
    assert v["total"] == 10 and v["dice"][0]["aces"] == [True, False]


def test_bound_roller_lands_in_the_encounter_log_and_journal(tmp_path) -> None:
    enc = Race(SCENARIO, journal=tmp_path / "j.jsonl")
    state = enc.dice.getstate()
    r = DiceRoller(enc)
    v = r.roll("d20")
    assert enc.dice.log[-1].describe() == v["text"]
    assert enc.dice.getstate() == state  # free rolls never shift the encounter's stream
    again = Race.resume(tmp_path / "j.jsonl")
    assert any(v["text"] in line for line in again.story("en"))


def test_history_is_capped_and_newest_first() -> None:
    r = DiceRoller(seed=9)
    for i in range(1, 60):
        r.roll(f"d{i + 1}")
    assert len(r.history) == 50 and r.history[0]["expr"] == "d60"


def test_labels_follow_language() -> None:
    r = DiceRoller(seed=9)
    assert r.labels["roll"] == "Roll"
    r.lang = "ru"
    assert r.labels["roll"] == "Бросить"


def test_repr_is_deterministic() -> None:
    r = DiceRoller(seed=9)
    r.roll("d6")
    assert repr(r) == "<DiceRoller roll 'd6', 1 roll>"
    assert repr(DiceRoller(seed=1)) == repr(DiceRoller(seed=2))


def test_parse_faces() -> None:
    assert parse_faces(" 8, 3;5 ") == [8, 3, 5]
    with pytest.raises(DiceError):
        parse_faces("  ")


def test_js_module_names_the_traits_it_uses() -> None:
    from gmkit.ui._assets import asset

    js = asset("dice_roller.js").read_text()
    assert "innerHTML" not in js  # everything user-typed goes in as text
    for trait in ("expression", "mode", "wild", "tn", "by_hand", "faces", "last", "history", "error"):
        assert f'"{trait}"' in js
        assert DiceRoller.class_traits()[trait].metadata.get("sync")
