"""Hypothesis: random boards and random legal orders keep the S invariants; replay and undo hold."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gmkit.errors import ScenarioError
from gmkit.scenario import validate_scenario
from gmkit.space import SpaceBattle

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@st.composite
def boards(draw: Any) -> dict[str, Any]:
    n = draw(st.integers(2, 4))
    w, h = draw(st.integers(5, 9)), draw(st.integers(5, 9))
    ships = []
    for i in range(n):
        kind = draw(st.sampled_from(["light", "heavy"]))
        size = 1 if kind == "light" else draw(st.integers(1, 3))
        cloak = draw(st.booleans())
        ships.append({
            "name": f"S{i}", "side": "red" if i % 2 == 0 else "blue", "kind": kind, "size": size,
            "orientation": draw(st.sampled_from(["h", "v"])),
            "cell": [draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))],
            "hull": draw(st.integers(1, 12)), "defence": draw(st.integers(2, 8)),
            "shields": draw(st.integers(0, 5)), "damage": draw(st.sampled_from(["d6", "2d4+1", "d2"])),
            "cloak": cloak, "cloaked": cloak and draw(st.booleans()),
            "tractor": draw(st.booleans()), "cargo": draw(st.sampled_from([None, "ore"])),
            "departing": i == 0 and draw(st.booleans()),
        })
    sc = {"system": "space", "name": "random board", "grid": {"width": w, "height": h,
          "station": [[w // 2, h // 2]] if draw(st.booleans()) else []}, "ships": ships,
          "location": draw(st.sampled_from(["space", "orbit"])),
          "options": {"max_rounds": 12}}
    try:
        validate_scenario(sc)
    except ScenarioError:
        assume(False)
    return sc


def check_invariants(b: SpaceBattle) -> None:
    taken: dict[tuple[int, int], str] = {tuple(c): "station" for c in b.station}  # type: ignore[misc]
    for entry in b.board()["ships"]:
        s = b.state.ships[entry["name"]]
        assert s.hull >= 0 and s.shields >= 0, entry
        if s.in_play:
            assert all(0 <= x < b.width and 0 <= y < b.height for x, y in s.cells), entry
            for cell in s.cells:
                assert cell not in taken, (cell, entry["name"], taken.get(cell))
                taken[cell] = entry["name"]
        else:
            assert entry["cells"] == []
        if s.escaped:
            assert not s.destroyed


def play(b: SpaceBattle, choices: list[int]) -> None:
    for pick in choices:
        if b.is_over:
            break
        ship = b.current_ship
        assert ship is not None
        if b.state.departure is not None and pick % 7 == 0:
            b.clock(pick % 13)  # S-12: the GM's word on the real-time window
        else:
            legal = list(b.legal_orders(ship))
            assert legal, ship
            b.push(ship, legal[pick % len(legal)])
        check_invariants(b)


@SETTINGS
@given(boards(), st.integers(0, 1000), st.lists(st.integers(0, 10_000), min_size=1, max_size=40))
def test_invariants_under_random_legal_orders(sc: dict[str, Any], seed: int, choices: list[int]) -> None:
    """S-2: no two ships share a cell, ships stay on the map unless escaped; S-6: hull and shields
    never below 0."""
    b = SpaceBattle(sc, seed)
    check_invariants(b)
    play(b, choices)


@SETTINGS
@given(boards(), st.integers(0, 1000), st.lists(st.integers(0, 10_000), min_size=1, max_size=25))
def test_journal_replay_reproduces_the_battle(tmp_path_factory: Any, sc: dict[str, Any], seed: int,
                                              choices: list[int]) -> None:
    """C-1: resuming the journal gives the same board, record and next rolls."""
    path: Path = tmp_path_factory.mktemp("j") / "battle.jsonl"
    b = SpaceBattle(sc, seed, journal=path)
    play(b, choices)
    again = SpaceBattle.resume(path, autosave=False)
    assert again.state == b.state
    assert [e.to_json() for e in again.record] == [e.to_json() for e in b.record]
    assert again.dice.getstate() == b.dice.getstate()
    assert again.board() == b.board()


@SETTINGS
@given(boards(), st.integers(0, 1000), st.lists(st.integers(0, 10_000), min_size=1, max_size=20))
def test_undo_restores_the_board(sc: dict[str, Any], seed: int, choices: list[int]) -> None:
    b = SpaceBattle(sc, seed)
    play(b, choices[:-1])
    assume(not b.is_over)
    before, record, dice = b.state.copy(), [e.to_json() for e in b.record], b.dice.getstate()
    ship = b.current_ship
    assert ship is not None
    legal = list(b.legal_orders(ship))
    b.push(ship, legal[choices[-1] % len(legal)])
    b.undo()
    b.undo()
    assert b.state == before and [e.to_json() for e in b.record] == record
    assert b.dice.getstate() == dice and b.orders_received == []


@SETTINGS
@given(boards(), st.integers(0, 1000))
def test_autopilot_orders_are_always_legal(sc: dict[str, Any], seed: int) -> None:
    b = SpaceBattle(sc, seed)
    for _ in range(60):
        if b.is_over:
            break
        ship = b.current_ship
        assert ship is not None
        order = b.autopilot(ship)
        assert order is not None
        b.validate_order(ship, order)
        b.push(ship, order)
        check_invariants(b)
