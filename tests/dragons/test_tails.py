"""D-12 tails on concrete numbers: what a pursuer can copy (and why not, word for word), the move a
won forcing imposes on the target, and D-10's nearest target by D-5 range."""

from __future__ import annotations

import pytest

from gmkit.dragons import Move
from gmkit.dragons import rules as R

L, C, D = Move.level, Move.climb, Move.dive


@pytest.mark.parametrize("move, speed, max_speed, shaken, falling, why", [
    (D(1), 6, 10, False, True, "it is falling"),
    (L(0), 6, 10, False, True, "it is falling"),
    (C(1), 6, 10, True, False, "it is Shaken and may not change Height"),
    (D(1), 6, 10, True, False, "it is Shaken and may not change Height"),
    (L(1), 6, 10, True, False, None),  # Shaken, it may still fly level
    (L(0), 11, 10, False, False, None),  # above its maximum it may hold Speed
    (L(-1), 11, 10, False, False, None),
    (L(1), 9, 10, False, False, None),
    (L(1), 10, 10, False, False, "Speed 11 is above its maximum 10"),
    (L(2), 9, 10, False, False, "Speed 11 is above its maximum 10"),
    (L(2), 2, 10, False, False, None),  # level moves cost no Speed
    (C(1), 3, 10, False, False, None),  # 3 Speed pays for one level exactly
    (C(1), 2, 10, False, False, "climbing 1 costs 3 Speed, it has 2"),
    (C(2), 6, 10, False, False, None),
    (C(2), 5, 10, False, False, "climbing 2 costs 6 Speed, it has 5"),
    (D(3), 9, 10, False, False, None),  # above maximum after it: dangerous (D-11), not refused
])
def test_d12_what_a_pursuer_can_copy(move: Move, speed: int, max_speed: int, shaken: bool,
                                     falling: bool, why: str | None) -> None:
    """D-12: the pursuer copies unless falling, Shaken and the move changes Height, a level move
    would take it above its maximum Speed, or it cannot pay 3 Speed per level climbed."""
    assert R.copy_problem(move, speed, max_speed, shaken, falling) == why


@pytest.mark.parametrize("move, axis, direction, speed, shaken, kw, want", [
    # an obeying legal move stands, "how does not matter"
    (L(-1), "speed", "down", 6, False, {}, L(-1)),
    (L(1), "speed", "up", 6, False, {}, L(1)),
    (D(2), "speed", "up", 6, False, {}, D(2)),
    (C(2), "height", "up", 6, False, {}, C(2)),
    # otherwise the smallest legal move that obeys: Speed up +1 or dive 1, down -1 or climb 1
    (L(0), "speed", "down", 6, False, {}, L(-1)),
    (L(0), "speed", "down", 6, False, {"level_min": 0}, C(1)),
    (L(0), "speed", "up", 6, False, {"level_max": 0}, D(1)),
    (L(1), "height", "up", 6, False, {}, C(1)),  # Speed rises but Height does not
    (L(0), "height", "down", 6, False, {}, D(1)),
    (C(1), "speed", "up", 6, False, {}, L(1)),
    # an obeying move the target may not make does not stand
    (D(2), "speed", "up", 6, True, {}, L(1)),  # Shaken: no dive
    (D(3), "speed", "up", 6, False, {"max_dive": 1}, L(1)),
    # nothing legal obeys: the target's own move
    (L(0), "height", "down", 6, True, {}, L(0)),
    (L(0), "speed", "down", 2, False, {"level_min": 0}, L(0)),  # climb 1 costs 3, it has 2
])
def test_d12_the_move_a_won_forcing_imposes(move: Move, axis: str, direction: str, speed: int,
                                           shaken: bool, kw: dict, want: Move) -> None:
    """D-12 (maximum Speed 10): the target's move kept when it already goes the forced way and is
    legal; else the first legal of the smallest obeying moves; else its own move."""
    assert R.forced_move(move, axis, direction, speed, 10, shaken, **kw) == want


def test_d10_turned_dragon_goes_for_the_nearest_by_range() -> None:
    """D-10 by D-5 range (10 per Speed, 50 per Height apart, 5 on a tail)."""
    # Ash: 0 Speed and 2 Height apart = 100; Bane: 3 Speed apart at the same Height = 30
    assert R.turned_target(6, 10, [("Ash", 6, 12, False), ("Bane", 9, 10, False)]) == "Bane"
    # Ash 10 away; Bane 2 Height apart (100) but on the tail with it: 5
    assert R.turned_target(6, 10, [("Ash", 7, 10, False), ("Bane", 6, 12, True)]) == "Bane"
    # equal ranges: the first listed
    assert R.turned_target(6, 10, [("Ash", 8, 10, False), ("Bane", 4, 10, False)]) == "Ash"
    assert R.turned_target(6, 10, []) is None
