"""The board's copies are full copies (all-or-nothing resolution restores from them)."""

from __future__ import annotations

from dataclasses import fields

from gmkit.dragons.board import DragonState, DuelState


def _distinct_state() -> DragonState:
    """A state whose every field differs from its default, so a field left out shows."""
    values = {"speed": 7, "height": 12, "shaken": True, "wounds": 2, "falling": True,
              "fall_turns": 3, "weapons_out": (True, False), "tailing": "Bane",
              "tailed_by": "Cinder", "turned": True, "out": True, "out_reason": "downed",
              "trail": ((6, 10), (7, 12)), "bennies": 2, "attacks": 5, "hits": 4,
              "damage_dealt": 31, "wounds_dealt": 3, "shaken_dealt": 1}
    assert set(values) == {f.name for f in fields(DragonState)}, "a new field: give it a value here"
    return DragonState(**values)


def test_a_dragons_copy_holds_every_field_and_is_its_own_object() -> None:
    s = _distinct_state()
    c = s.copy()
    assert c == s and c is not s
    for f in fields(DragonState):
        assert getattr(c, f.name) == getattr(s, f.name), f.name
    c.speed += 1
    c.wounds = 0
    assert s.speed == 7 and s.wounds == 2


def test_a_boards_copy_leaves_the_original_untouched() -> None:
    board = DuelState({"Ash": _distinct_state(), "Bane": DragonState(5, 10)}, gm_bennies=2)
    c = board.copy()
    assert c == board
    c.dragons["Bane"].height = 3
    c.gm_bennies = 0
    assert board.dragons["Bane"].height == 10 and board.gm_bennies == 2
