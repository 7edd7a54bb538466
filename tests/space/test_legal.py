"""The engine's legal orders: ``in`` and ``why_not`` are the rules' word on any order; iteration
lists a finite canonical set (one shortest path per reachable end of a flight or a chase), every
listed order legal; the autopilot only picks among what the engine allows."""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from gmkit.encounter import LegalOrders
from gmkit.errors import IllegalOrder
from gmkit.space import Attack, Choose, Clock, Flee, Move, Pass, Pursue, SpaceBattle
from gmkit.space.legal import MAX_FLEE

from .helpers import battle, heavy, ship
from .test_properties import SETTINGS, boards


def test_legal_orders_is_the_engines_object_with_why_not() -> None:
    b = battle(ship("A", "red", (0, 0)), ship("B", "blue", (5, 5)))
    legal = b.legal_orders("A")
    assert isinstance(legal, LegalOrders) and legal and Pass() in legal
    why = legal.why_not(Attack("B"))
    assert isinstance(why, IllegalOrder) and why.rule == "S-3" and "out of A's fire" in str(why)
    assert legal.why_not(Move((1, 1))) is None and Move((2, 2)) not in legal
    # B's order may be given ahead of its turn (S-4, issue 29), checked on the board as it stands
    assert b.legal_orders("B") and Pass() in list(b.legal_orders("B"))
    assert b.legal_orders("B").why_not(Pass()) is None
    assert b.legal_orders("B").why_not(Choose("hull")).rule == "S-4"  # a choice only on its turn


def test_flights_list_one_shortest_path_per_end_and_accept_any_other() -> None:
    """S-11: a light ship in the open reaches every cell within 8 king steps, and the map's edge."""
    b = battle(ship("R", "red", (5, 5)), ship("C", "blue", (0, 9)), width=12, height=12)
    flights = [o for o in b.legal_orders("R") if isinstance(o, Flee)]
    ends = [o.path[-1] for o in flights]
    assert len(ends) == len(set(ends))
    assert all(len(o.path) == max(abs(x - 5), abs(y - 5)) for o in flights for x, y in [o.path[-1]])
    on_map = {e for e in ends if 0 <= e[0] < 12 and 0 <= e[1] < 12}
    assert on_map == {(x, y) for x in range(12) for y in range(12)} - {(5, 5), (0, 9)}
    assert (-1, 5) in ends and (5, 12) in ends and (-2, 5) not in ends  # a flight ends off the map
    zigzag = Flee(((6, 6), (7, 5), (8, 6), (9, 5)))
    assert zigzag not in flights and zigzag in b.legal_orders("R")


def test_heavy_ship_flights_and_pursuits_keep_to_straight_steps() -> None:
    b = battle(heavy("H", "red", (2, 2), size=2), ship("F", "blue", (8, 8)), width=12, height=12)
    b.state.ships["F"].fleeing = True  # as after its flight (S-11)
    legal = list(b.legal_orders("H"))
    for o in legal:
        if isinstance(o, (Flee, Pursue)):
            cells = [b.state.ships["H"].cells[0], *o.path]
            assert all(abs(a[0] - c[0]) + abs(a[1] - c[1]) == 1 for a, c in itertools.pairwise(cells))
    chases = [o for o in legal if isinstance(o, Pursue)]
    # the aim is listed open (chosen once the hit is known, S-8); given at once it is legal too
    assert Pursue((), "F") in chases and Pursue((), "F", "systems") in b.legal_orders("H")
    assert max(len(o.path) for o in chases) == 4


@SETTINGS
@given(boards(), st.integers(0, 1000), st.lists(st.integers(0, 10_000), min_size=1, max_size=12))
def test_every_listed_order_is_legal(sc: dict[str, Any], seed: int, picks: list[int]) -> None:
    b = SpaceBattle(sc, seed)
    for pick in picks:
        if b.is_over:
            break
        actor = b.current_ship
        assert actor is not None
        legal = b.legal_orders(actor)
        listed = list(legal)
        if b.state.decision is not None:  # the turn waits for the choice, and only for it
            assert listed and all(isinstance(o, Choose) for o in listed)
        else:
            assert listed and listed[0] == Pass()
        for order in listed:
            assert legal.why_not(order) is None, order
        b.push(actor, listed[pick % len(listed)])


def test_the_autopilot_writes_nothing_onto_the_engine() -> None:
    b = battle(ship("A", "red", (0, 0)), ship("B", "blue", (1, 1)))
    before = set(vars(b))
    order = b.autopilot("A")
    assert order is not None and order in b.legal_orders("A")
    assert set(vars(b)) == before | {"_policy"} and not hasattr(b, "_checked")


def test_the_gm_clock_is_accepted_but_not_listed() -> None:
    b = battle(ship("Runner", "red", (5, 5), departing=True), ship("C", "blue", (0, 0)),
               order=["Runner", "C"])
    gm = b.legal_orders("GM")
    assert Clock(3) in gm and list(gm) == [] and gm.why_not(Clock(-1)) is not None
    assert b.flee_allowance("Runner") < MAX_FLEE


def test_an_illegal_captains_choice_is_refused_by_the_engine(monkeypatch: Any) -> None:
    """The autopilot never decides what is legal: at a GM's table the engine refuses its illegal
    choice naming the rule; a simulation, which trusts the policy, gets Pass instead."""
    import pytest

    from gmkit.encounter import SIMULATION
    from gmkit.space import policy

    monkeypatch.setattr(policy, "_choose", lambda b, actor: Move((9, 9)))
    b = battle(ship("A", "red", (0, 0)), ship("B", "blue", (1, 1)))
    with pytest.raises(IllegalOrder, match="S-2"):
        b.resolve_round(autopilot=True)
    assert b.resolutions == 0 and b.orders_received == []
    sim = SpaceBattle.from_valid(b.scenario, 1, mode=SIMULATION)
    assert sim.autopilot("A") == Pass()
