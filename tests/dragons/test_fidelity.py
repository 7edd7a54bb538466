"""Rule set D read against the original once more (issue 13, items 1-5): each test names its item
and cites the rule id it holds the engine to."""

from __future__ import annotations

import pytest

from gmkit.dragons import DragonDuel, DragonOrder, Move
from gmkit.dragons import rules as R
from gmkit.errors import IllegalOrder

from .helpers import dragon, duel, keys, scenario

# --- item 2: D-4, no invented dive limit ------------------------------------------------------


def test_d4_a_dive_has_no_depth_limit_by_default() -> None:
    """Issue 13 item 2, D-4: the original sets no depth limit on a dive; a dive of 8 levels is
    legal, gives 2 Speed per level and, past maximum Speed, is a dangerous manoeuvre (D-11)."""
    d = duel(dragon("Ash", "red", 4, 30, max_speed=9), dragon("Bane", "blue", 4, 10))
    order = DragonOrder(move=Move.dive(8))
    assert order in d.legal_orders("Ash")
    d.submit("Ash", order)
    d.enter_faces(6, 2)  # Piloting for the dangerous dive: 6, success
    d.resolve_round()
    ash = d.state.dragons["Ash"]
    assert (ash.speed, ash.height) == (4 + 16, 30 - 8)
    assert "dragons.danger.ok" in keys(d)


def test_d4_a_scenario_may_set_a_dive_limit() -> None:
    """Issue 13 item 2, D-4: a scenario's ``max_dive`` limits a dive; the refusal names the rule,
    the option and the numbers."""
    d = duel(dragon("Ash", "red", 4, 30, max_speed=9), dragon("Bane", "blue", 4, 10), max_dive=3)
    assert DragonOrder(move=Move.dive(3)) in d.legal_orders("Ash")
    with pytest.raises(IllegalOrder, match=r"D-4: the scenario limits a dive to 3 levels .*not 4"):
        d.submit("Ash", DragonOrder(move=Move.dive(4)))
    assert [str(m) for m in d.legal_moves("Ash") if m.kind == "dive"] == ["dive 1", "dive 2",
                                                                        "dive 3"]


def test_d4_listed_dives_reach_past_maximum_speed() -> None:
    """Issue 13 item 2, D-4: the moves a form lists go two levels past the first dangerous dive
    (never fewer than 5); every deeper dive is legal all the same."""
    d = duel(dragon("Ash", "red", 2, 60, max_speed=30), dragon("Bane", "blue", 4, 10))
    dives = [m.amount for m in d.legal_moves("Ash") if m.kind == "dive"]
    assert dives == list(range(1, R.listed_dives(2, 30, None) + 1)) and max(dives) == 17
    assert DragonOrder(move=Move.dive(40)) in d.legal_orders("Ash")


def test_d4_the_dumped_scenario_holds_no_dive_limit_unless_set() -> None:
    """Issue 13 item 2: a scenario that sets no limit keeps none in its journal header."""
    d = DragonDuel(scenario(dragon("Ash", "red"), dragon("Bane", "blue")), 1)
    assert "max_dive" not in d.scenario["options"]
    d3 = DragonDuel(scenario(dragon("Ash", "red"), dragon("Bane", "blue"), max_dive=3), 1)
    assert d3.scenario["options"]["max_dive"] == 3
