"""The board's memo of who fights, whose enemies and who may act (issue 30's speed work): it must
follow every change to who stands, never leak between a board and its copy, and the resolution's
snapshot must give back an independent board equal to the one it was taken from."""

from __future__ import annotations

from gmkit.fantasy import Strike
from gmkit.fantasy.board import DEAD, Condition

from .helpers import beast, d18, hero, make


def test_a_spent_last_cast_takes_the_caster_out_of_the_ranged_phase() -> None:
    """F-6: a shooter without a ranged weapon shoots only while a spell has a cast left; spending
    the last one (no version change: it is no change to who stands) must drop the memo."""
    sk = make(hero("Mage", spells=[{"name": "bolt", "damage": "1", "uses": 1}]),
              hero("Archer", ranged={"name": "bow", "damage": "1"}), beast(), ranged_phase=True)
    board = sk.state
    assert board.phase == "ranged" and board.acting_side == "party"
    assert board.principals("party") == ("Mage", "Archer")
    version = board.version
    board.spend("Mage", spell="bolt")
    assert board.version == version
    assert board.principals("party") == ("Archer",)
    assert board.combatants["Mage"].uses == {"bolt": 0}


def test_the_memo_follows_every_change_to_who_stands() -> None:
    sk = make(hero(), beast(), beast("Other"))
    board = sk.state
    assert board.enemies("Hero") == ("Beast", "Other") and board.fighting_sides() == ("party", "monsters")
    assert board.fighters_left("monsters") == 2
    board.leave("Beast", DEAD)
    assert board.enemies("Hero") == ("Other",) and board.fighters_left("monsters") == 1
    board.set_conditions("Other", (Condition("petrified", None, True, None, "Hero"),))
    assert board.enemies("Hero") == () and board.fighting_sides() == ("party",)
    assert board.principals("monsters") == ()
    board.set_conditions("Other", ())
    assert board.enemies("Hero") == ("Other",) and board.principals("monsters") == ("Other",)


def test_a_copy_keeps_its_own_memo() -> None:
    sk = make(hero(), beast(), beast("Other"))
    board = sk.state
    assert board.enemies("Hero") == ("Beast", "Other")  # the memo is filled
    copy = board.copy()
    copy.leave("Beast", DEAD)
    assert copy.enemies("Hero") == ("Other",) and board.enemies("Hero") == ("Beast", "Other")
    back = board.copy()
    board.leave("Other", DEAD)
    board.combatants["Hero"].hp = 1
    assert back != board and back.enemies("Hero") == ("Beast", "Other")
    assert back.combatants["Hero"].hp == 10 and back.combatants["Hero"] is not board.combatants["Hero"]
    back.combatants["Beast"].hp = 2
    assert board.combatants["Beast"].hp == 6


def test_a_combatant_may_bear_any_name_the_memo_uses() -> None:
    """Enemies are memoised by the side's name: no name can stand for another answer."""
    sk = make(hero("fighting", side="fighting"), beast("enemies", side="principals"),
              beast("principals", side="principals"), first="fighting")
    board = sk.state
    assert board.fighting_sides() == ("fighting", "principals")
    assert board.enemies("fighting") == ("enemies", "principals")
    assert board.enemies("enemies") == ("fighting",)
    assert board.principals("fighting") == ("fighting",)
    sk.enter_faces(*d18(18), 2)
    sk.submit("fighting", Strike("enemies"))
    sk.resolve_round()
    assert sk.state.combatants["enemies"].hp == 4
