"""S rules on hand-worked tables: cell distances, S-3 fire cells, S-6 shields taking damage first,
S-7 the shields' own defence, S-10 where a cloaked ship may slip to and what an answering ship may
name, and S-2 step refusals word for word in Russian and English."""

from __future__ import annotations

import pytest

from gmkit.space import Move
from gmkit.space import rules as R

from .helpers import battle, heavy, ship


@pytest.mark.parametrize("a, b, want", [
    ([(0, 0)], [(0, 0)], 0),
    ([(2, 0)], [(5, 1)], 3),  # right and down: the longer leg, 3
    ([(5, 1)], [(2, 0)], 3),  # the same from the other end
    ([(0, 2)], [(1, 5)], 3),  # the longer leg upright
    ([(1, 5)], [(0, 2)], 3),
    ([(0, 0)], [(1, 4)], 4),
    ([(4, 4)], [(1, 6)], 3),
    ([(3, 7)], [(3, 2)], 5),
    ([(0, 0), (1, 0), (2, 0)], [(5, 3), (5, 4)], 3),  # the nearest pair: (2, 0) and (5, 3)
    ([(0, 0), (0, 1)], [(0, 3), (4, 4)], 2),
    ([(6, 6), (7, 6)], [(7, 6)], 0),  # a shared cell
])
def test_king_move_distance_between_ships(a: list, b: list, want: int) -> None:
    """The least number of king moves (straight or diagonal) between any cell of ``a`` and any of
    ``b``, either way round."""
    assert R.distance(a, b) == want
    assert R.distance(b, a) == want


def test_s3_cells_a_ship_can_fire_at() -> None:
    """S-3: every cell touching the ship (diagonals too) and every cell straight across one cell,
    not its own, row by row."""
    assert R.cells_in_fire_range(((2, 2),), 5, 5) == [
        (2, 0),
        (1, 1), (2, 1), (3, 1),
        (0, 2), (1, 2), (3, 2), (4, 2),
        (1, 3), (2, 3), (3, 3),
        (2, 4)]
    # a two-cell ship in the top left corner of a 4 x 3 map
    assert R.cells_in_fire_range(((0, 0), (1, 0)), 4, 3) == [
        (2, 0), (3, 0),
        (0, 1), (1, 1), (2, 1),
        (0, 2), (1, 2)]


@pytest.mark.parametrize("damage, points, work, want", [
    (7, 5, True, (5, 2)),
    (4, 4, True, (4, 0)),
    (3, 5, True, (3, 0)),
    (7, 1, True, (1, 6)),  # the last shield point still takes one
    (7, 0, True, (0, 7)),  # no points left: all to the hull
    (7, 5, False, (0, 7)),  # shields down or not working
    (0, 5, True, (0, 0)),
    (-3, 5, True, (0, 0)),  # nothing below 0
    (-3, 5, False, (0, 0)),
])
def test_s6_shields_take_damage_first(damage: int, points: int, work: bool, want: tuple) -> None:
    """S-6: ``(to shields, to hull)``: working shields take as much as they have points, the rest
    goes to the hull."""
    assert R.absorb(damage, points, work) == want


@pytest.mark.parametrize("up, points, disabled, want", [
    (True, 3, False, 8), (True, 1, False, 8), (True, 0, False, 5), (False, 3, False, 5),
    (True, 3, True, 5)])
def test_s7_the_shields_defence_counts_while_up_holding_points_and_working(
        up: bool, points: int, disabled: bool, want: int) -> None:
    """S-7: hull defence 5, shield defence 8."""
    assert R.attack_defence(5, 8, up, points, disabled) == want


def test_s10_where_a_cloaked_ship_may_end_its_attack() -> None:
    """S-10: staying; one cell sideways or up/down (never diagonally), on the map, free, still
    touching the target; with ``keep_fire_range`` still within any fire range."""
    me, target = ((4, 5),), ((3, 5),)
    ok = [(d, R.cloak_shift_ok(me, d, target, {}, 20, 20)) for d in
          [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (2, 0)]]
    # right: 2 straight across from the target, no longer touching; left: into the target
    assert ok == [((0, 0), True), ((1, 0), False), ((-1, 0), False), ((0, 1), True), ((0, -1), True),
                  ((1, 1), False), ((-1, 1), False), ((2, 0), False)]
    assert R.cloak_shift_ok(me, (1, 0), target, {}, 20, 20, keep_fire_range=True)
    assert not R.cloak_shift_ok(me, (1, 1), target, {}, 20, 20, keep_fire_range=True)
    assert not R.cloak_shift_ok(me, (0, 1), target, {(4, 6): "Red"}, 20, 20)  # taken
    assert not R.cloak_shift_ok(((0, 0),), (0, -1), ((1, 0),), {}, 20, 20)  # off the map
    assert R.cloak_shift_cells(me, target, {}, 20, 20) == [((4, 5),), ((4, 6),), ((4, 4),)]
    assert R.cloak_shift_cells(me, target, {}, 20, 20, keep_fire_range=True) == [
        ((4, 5),), ((5, 5),), ((4, 6),), ((4, 4),)]


def test_s10_cells_an_answering_ship_may_name() -> None:
    """S-10: the cells shown firing and the places one cell sideways or up/down that still touch
    the target (with ``keep_fire_range``, are still within fire range), each one the answering
    ship can fire at."""
    revealed, target = ((6, 5),), ((5, 5),)
    assert R.guess_cells(revealed, target, {}, 20, 20, shooter=target) == [(6, 5), (6, 6), (6, 4)]
    assert R.guess_cells(revealed, target, {}, 20, 20, shooter=target, keep_fire_range=True) == [
        (6, 5), (7, 5), (6, 6), (6, 4)]


def test_s2_step_refusals_in_russian_and_english() -> None:
    """S-2: a heavy ship moves one cell straight; a light one one cell, diagonals too. The reason
    is worded in the reader's language."""
    b = battle(heavy("H", "red", (2, 2)), ship("L", "blue", (8, 8)))
    why = b.legal_orders("H").why_not(Move((3, 3)))
    assert why is not None and why.rule == "S-2"
    assert why.message("ru") == ("S-2: перемещение: H (тяжёлый) из (2, 2) в (3, 3): тяжёлый корабль "
                                 "ходит только по прямой, не по диагонали")
    assert why.message("en") == ("S-2: move: H (heavy) from (2, 2) to (3, 3): a heavy ship moves "
                                 "straight only, not diagonally")
    b = battle(ship("L", "blue", (5, 5)), heavy("H", "red", (0, 0)))
    why = b.legal_orders("L").why_not(Move((7, 5)))
    assert why is not None
    assert why.message("ru") == ("S-2: перемещение: L (лёгкий) из (5, 5) в (7, 5): корабль "
                                 "перемещается на одну клетку за ход")
    assert why.message("en") == "S-2: move: L (light) from (5, 5) to (7, 5): a ship moves one cell a turn"
    assert R.step_words("a ship moves one cell a turn") == {"key": "space.refusal.step.one"}
    assert R.step_words("no reason on file") == "no reason on file"  # kept as written
