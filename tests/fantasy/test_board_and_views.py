"""The board (slotted dataclasses, an independent copy), the engine's legal orders as one object,
the autopilot's memo, and every name escaped in the fantasy views."""

from __future__ import annotations

import pytest

from gmkit.errors import IllegalOrder
from gmkit.fantasy import Cast, Flee, Pass, Strike
from gmkit.fantasy.board import DEAD, Board, Condition
from gmkit.fantasy.policy import Autopilot
from gmkit.fantasy.views import combatants_html

from .helpers import beast, d18, hero, make


def test_the_board_is_slotted_and_its_copy_is_independent() -> None:
    sk = make(hero(spells=[{"name": "bolt", "damage": "1", "uses": 2}],
                   items=[{"name": "potion", "heal": "2"}]), beast())
    board = sk.state
    assert not hasattr(board, "__dict__") and not hasattr(board.combatants["Hero"], "__dict__")
    copy = board.copy()
    assert copy == board and copy is not board and copy.sheets is board.sheets
    hero_state = copy.combatants["Hero"]
    hero_state.hp = 1
    hero_state.spend(spell="bolt", item="potion")
    copy.set_conditions("Hero", (Condition("poisoned", 2, False, (1.0,), "Beast"),))
    copy.leave("Beast", DEAD)
    copy.mark_shot("Hero")
    assert board.combatants["Hero"].hp == 10 and board.combatants["Hero"].uses == {"bolt": 2}
    assert board.combatants["Hero"].items == {"potion": 1} and board.combatants["Hero"].conditions == ()
    assert board.status("Beast") == "active" and board.shot == ()
    assert copy != board and copy.version > board.version


def test_the_board_version_counts_changes_to_who_stands() -> None:
    sk = make(hero(melee={"damage": "9"}), beast(hp=2), beast("Other", hp=20))
    before = sk.state.version
    sk.enter_faces(*d18(18), 1)
    sk.submit("Hero", Strike("Beast"))
    sk.resolve_round()
    assert sk.status("Beast") == "dead" and sk.state.version > before
    assert isinstance(sk.state, Board)


def test_legal_orders_is_the_engines_object() -> None:
    """``in`` asks the rules, iteration lists every legal order, ``why_not`` gives the refusal."""
    sk = make(hero(spells=[{"name": "bolt", "damage": "1"}]), beast(ac=-3))
    legal = sk.legal_orders("Hero")
    assert Cast("bolt", "Beast") in legal and Pass() in legal
    assert Strike("Beast") not in legal
    refusal = legal.why_not(Strike("Beast"))
    assert isinstance(refusal, IllegalOrder) and "F-2" in str(refusal)
    assert legal.why_not(Pass()) is None
    assert set(legal) == {Cast("bolt", "Beast"), Flee(gm_allows=True), Pass()} and legal.count() == 3
    # not its side's turn: its order may be given ahead for it (F-6, issue 29)
    assert Strike("Hero") in list(sk.legal_orders("Beast"))


def test_the_autopilot_owns_its_memo_and_never_writes_on_the_engine() -> None:
    sk = make(hero(melee={"damage": "9"}), beast(hp=2), beast("Other", hp=20))
    attrs = set(vars(sk))
    policy = sk.policy()
    assert isinstance(policy, Autopilot)
    assert policy.enemies(sk.state, "Hero") == ["Beast", "Other"]
    sk.enter_faces(*d18(18), 1, 1)
    sk.submit("Hero", Strike("Beast"))
    sk.resolve_round()
    assert policy.enemies(sk.state, "Hero") == ["Other"]  # the board changed: asked again
    sk.resolve_round(autopilot=True)
    assert set(vars(sk)) == attrs
    assert isinstance(sk.autopilot("Other"), (Strike, Pass, Flee)) or sk.is_over


@pytest.mark.parametrize("name", ["<script>alert(1)</script>", "Tom & \"Jerry\"", "<b>Ash</b>"])
def test_every_name_is_escaped_in_the_combatants_table(name: str) -> None:
    sk = make(hero(name), beast(), beast("B<i>"), first=None)
    for html in (combatants_html(sk.board()), combatants_html(sk.board("party")), sk._repr_html_()):
        assert "<script>" not in html and "<b>Ash" not in html and "B<i>" not in html
        assert "&lt;" in html or "&amp;" in html
