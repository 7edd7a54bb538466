"""A board's copy (``Board.copy``): every field of every record comes back, the mutable ones as
copies of their own; and a resolution that fails half-way leaves the board as it was (the fight is
rebuilt from its steps)."""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

import pytest

import gmkit.space.procedures.fire as fire_procedures
from gmkit.space import Attack
from gmkit.space.board import Board, Decision, Departure, ShipState

from .helpers import battle, ship


def _full_board() -> Board:
    """A board whose every field differs from its default (so a field left out cannot pass)."""
    a = ShipState(((1, 1), (2, 1)), "h", 7, 3, True, {"engines": 1, "cloak": 2}, 2, True, (2, 1), "B",
                  ((1, 1), (2, 1)), "B", "C", True, 9, True, True, "spice", 4, 3, 11)
    b = ShipState(((5, 5),), "v", 12, 0, False, {}, 0, False, None, None, (), None, None, False, 0,
                  False, False, None, 1, 0, 0)
    assert [getattr(a, f.name) for f in fields(ShipState)] != [f.default for f in fields(ShipState)]
    return Board(4, 1, ["A", "B"], {"A": a, "B": b}, Departure("A", 3, True, True, 2.5, True),
                 {("A", "B"): 6}, "rounds", True, Decision("A", "B", ((5, 5),), 2, True, True, (1, 2)))


def _scramble(board: Board) -> None:
    """Change every mutable thing in place, as a resolution might."""
    for s in board.ships.values():
        for f in fields(ShipState):
            if f.name != "systems":
                setattr(s, f.name, None)
        s.systems["reactor"] = 2
    board.order.reverse()
    board.locks[("A", "C")] = 1
    assert board.departure is not None
    board.departure.minutes = 99
    board.round = board.turn = 0
    board.ended = board.decision = None


def test_a_copy_gives_back_every_field() -> None:
    board = _full_board()
    want = asdict(board)
    back = board.copy()
    _scramble(board)
    assert asdict(back) == want
    assert list(back.ships) == ["A", "B"]


def test_copies_share_nothing_mutable() -> None:
    board = _full_board()
    one, two = board.copy(), board.copy()
    _scramble(one)
    assert asdict(two) == asdict(_full_board())
    assert asdict(board) == asdict(_full_board())


def test_a_failed_resolution_leaves_the_board_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    b = battle(ship("A", "red", (0, 0)), ship("B", "blue", (1, 1)))
    before = asdict(b.state)
    record, tape = len(b.record), len(b.dice.tape)

    def broken(bt: Any, actor: str, attacker: ShipState, target: str, fr: int) -> None:
        t = bt.state.ships[target]
        t.hull -= 5
        t.systems["plating"] = 1
        raise RuntimeError("the damage step broke half-way")

    monkeypatch.setattr(fire_procedures, "damage", broken)
    b.enter_faces(10)
    b.submit("A", Attack("B", "hull"))
    with pytest.raises(RuntimeError):
        b.resolve_round()
    assert asdict(b.state) == before
    assert (len(b.record), len(b.dice.tape)) == (record, tape)
