"""The pure S rules, one by one (gmkit/space/rules.py)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from gmkit.space import rules as R


def test_s1_s2_ship_cells_run_along_the_orientation() -> None:
    """S-2: a heavy ship takes one to three cells in a line."""
    assert R.ship_cells((2, 3), 3, "h") == ((2, 3), (3, 3), (4, 3))
    assert R.ship_cells((2, 3), 2, "v") == ((2, 3), (2, 4))
    assert R.on_map(R.ship_cells((7, 0), 3, "h"), 10, 10)
    assert not R.on_map(R.ship_cells((8, 0), 3, "h"), 10, 10)


def test_s2_light_moves_diagonally_heavy_only_straight() -> None:
    """S-2: light ships one cell straight or diagonally; heavy ships straight only."""
    for d in R.LIGHT_STEPS:
        assert R.step_error("light", d) is None
    assert R.step_error("heavy", (1, 1)) == "a heavy ship moves straight only, not diagonally"
    assert R.step_error("heavy", (0, -1)) is None
    assert R.step_error("light", (2, 0)) == "a ship moves one cell a turn"
    assert R.step_error("light", (0, 0)) is not None


def test_s2_blocked_by_names_the_cell_and_the_ship() -> None:
    """S-2: no two ships share a cell."""
    occ = {(3, 3): "Cruiser", (5, 5): "station"}
    assert R.blocked_by([(2, 2), (3, 3)], occ) == ((3, 3), "Cruiser")
    assert R.blocked_by([(4, 4)], occ) is None


@pytest.mark.parametrize("target, expected", [
    ((1, 0), 1), ((1, 1), 1), ((0, 1), 1), ((-1, -1), 1),  # touching, sideways or diagonally
    ((2, 0), 2), ((0, 2), 2), ((-2, 0), 2), ((0, -2), 2),  # straight across one cell
    ((2, 2), 0), ((2, 1), 0), ((1, 2), 0), ((3, 0), 0),     # diagonal across, other offsets: no fire
])
def test_s3_fire_geometry(target: tuple[int, int], expected: int) -> None:
    """S-3: touching cells; straight across one cell; never diagonally across."""
    assert R.fire_range(((0, 0),), (target,)) == expected


def test_s3_fire_geometry_uses_any_cells_of_a_heavy_ship() -> None:
    """S-3: any cells of theirs: a 3-cell cruiser is in range through its far end."""
    cruiser = R.ship_cells((3, 0), 3, "h")
    assert R.fire_range(((0, 0),), cruiser) == 0
    assert R.fire_range(((1, 0),), cruiser) == 2
    assert R.fire_range(((6, 1),), cruiser) == 1
    assert len(R.cells_in_fire_range(((5, 5),), 20, 20)) == 8 + 4


def test_s4_initiative_lower_first_cloaked_first_ties_reroll() -> None:
    """S-4: lower d10 first; a ship cloaked at the start does not roll and goes first; ties reroll."""
    assert R.rank_initiative([], {"A": [7], "B": [2]}) == ["B", "A"]
    assert R.rank_initiative(["Ghost"], {"A": [7], "B": [2]}) == ["Ghost", "B", "A"]
    assert R.initiative_ties({"A": [4], "B": [4], "C": [1]}) == [["A", "B"]]
    assert R.initiative_ties({"A": [4, 2], "B": [4, 6], "C": [1]}) == []
    assert R.rank_initiative([], {"A": [4, 6], "B": [4, 2], "C": [1]}) == ["C", "B", "A"]


def test_s6_shields_take_damage_first_then_hull() -> None:
    """S-6: with shields up, shield points go first, the rest hits the hull."""
    assert R.absorb(7, 5, True) == (5, 2)
    assert R.absorb(3, 5, True) == (3, 0)
    assert R.absorb(7, 5, False) == (0, 7)
    assert R.absorb(7, 0, True) == (0, 7)


def test_s7_attack_roll_against_defence_and_shield_defence() -> None:
    """S-7: d10 >= defence hits (the original's example: 5 against 7 misses, 8 against 7 hits);
    the shields' defence counts while they are up, hold points and work."""
    assert not R.hits(5, 7) and R.hits(8, 7) and R.hits(7, 7)
    assert R.attack_defence(5, 8, True, 4, False) == 8
    assert R.attack_defence(5, 8, False, 4, False) == 5
    assert R.attack_defence(5, 8, True, 0, False) == 5
    assert R.attack_defence(5, 8, True, 4, True) == 5


def test_s3_s8_s13_halving_rules_stack_and_round_down() -> None:
    """S-3 across one cell, S-8 targeting disabled, S-13 held attacker: each halves, rounded down."""
    assert R.damage_halvings(1, False, False) == 0
    assert R.damage_halvings(2, True, True) == 3
    assert R.halve(9, 1) == 4 and R.halve(9, 2) == 2 and R.halve(9, 0) == 9
    assert R.long_shot_confirmed(6) and not R.long_shot_confirmed(5)


def test_s8_system_table_and_second_hit() -> None:
    """S-8: the d10 table, and a system hit a second time is disabled."""
    assert [R.system_for(f) for f in range(1, 11)] == [
        "shields", "weapons", "reactor", "plating", "crew", "cloak", "engines", "targeting",
        "life_support", "cargo"]
    with pytest.raises(ValueError, match="S-8"):
        R.system_for(11)
    assert [R.system_hit_result(n) for n in (0, 1, 2)] == ["damaged", "disabled", "already"]
    assert R.plating_bonus(True) == 2 and R.plating_bonus(False) == 0


def test_s8_reactor_is_exactly_fifty_fifty() -> None:
    """S-8 (3): the disabled reactor explodes on half the faces of its die."""
    assert Fraction(sum(R.reactor_explodes(f) for f in (1, 2)), 2) == Fraction(1, 2)


def test_s10_cloak_shift_cells_up_to_three() -> None:
    """S-10: stay, or one cell sideways or up/down still touching the target: up to three cells."""
    target = ((5, 5),)
    opts = R.cloak_shift_cells(((6, 5),), target, {}, 20, 20)
    assert opts == [((6, 5),), ((6, 6),), ((6, 4),)]
    diag = R.cloak_shift_cells(((6, 6),), target, {}, 20, 20)
    assert diag == [((6, 6),), ((5, 6),), ((6, 5),)]
    for cell in product(range(3, 8), range(3, 8)):
        if R.touching((cell,), target) and cell != (5, 5):
            assert len(R.cloak_shift_cells((cell,), target, {}, 20, 20)) <= 3
    # the wider rule option: any cell still in fire range
    assert ((7, 5),) in R.cloak_shift_cells(((6, 5),), target, {}, 20, 20, keep_fire_range=True)
    # a taken cell is not an option
    assert ((6, 6),) not in R.cloak_shift_cells(((6, 5),), target, {(6, 6): "Tug"}, 20, 20)


def test_s10_guess_cells_come_from_the_public_reveal() -> None:
    """S-10: the answering ship names one of the cells the cloaked ship may have moved to."""
    cells = R.guess_cells(((6, 5),), ((5, 5),), {}, 20, 20, shooter=((5, 5),))
    assert cells == [(6, 5), (6, 6), (6, 4)]


def test_s10_guess_cells_of_a_ship_of_several_cells() -> None:
    """S-10 (item 9 of issue 13): a two-cell ship showed both its cells firing; it may be there or
    one cell up or down (still touching the target): every cell of those places may be named."""
    cells = R.guess_cells(((6, 5), (7, 5)), ((5, 5),), {}, 20, 20, shooter=((4, 5),))
    assert cells == [(6, 5)]  # the shooter two cells left reaches (6, 5) across one cell only
    cells = R.guess_cells(((6, 5), (7, 5)), ((5, 5),), {}, 20, 20, shooter=((5, 5),))
    assert cells == [(6, 5), (7, 5), (6, 6), (6, 4)]  # (7, 5): across one cell, straight
    # a shooter below it at (7, 6): both shown cells, the place below (less its own cell) and,
    # across one cell straight, the upper place's (7, 4)
    cells = R.guess_cells(((6, 5), (7, 5)), ((5, 5),), {(7, 6): "Cutter"}, 20, 20, shooter=((7, 6),))
    assert cells == [(6, 5), (7, 5), (7, 4)]


def test_s11_flee_dice_and_lockout() -> None:
    """S-11: 2d4 to flee, one d4 to pursue; no new escape before the lockout ends."""
    assert R.flee_dice(False) == "2d4" and R.flee_dice(True) == "d4"
    assert R.flee_locked(5, 9) and not R.flee_locked(9, 9)


def test_s12_headstart_one_counts_as_two() -> None:
    """S-12: a d4 head start, but never less than 2."""
    assert [R.headstart(f) for f in (1, 2, 3, 4)] == [2, 2, 3, 4]


def test_s13_tractor_size_touching_break_free_and_relock() -> None:
    """S-13: same size or smaller, touching; holder d10 vs held d6, ties reroll; 2 rounds after a
    release."""
    assert R.may_tractor(2, 3, True) is not None and "3 cells > 2" in str(R.may_tractor(2, 3, True))
    assert R.may_tractor(2, 2, True) is None
    assert R.may_tractor(3, 1, False) == "a tractor beam reaches only a touching cell"
    assert R.break_free(2, 6) == "free" and R.break_free(7, 6) == "held" and R.break_free(3, 3) is None
    # exact chance to break free in one exchange (ties rerolled): P(d6 > d10 | not tie)
    wins = sum(1 for h, d in product(range(1, 11), range(1, 7)) if R.break_free(h, d) == "free")
    ties = sum(1 for h, d in product(range(1, 11), range(1, 7)) if R.break_free(h, d) is None)
    assert Fraction(wins, 60 - ties) == Fraction(15, 54)
    assert R.tractor_relock_until(4) == 6


def test_s1_s10_hidden_from_other_sides_only() -> None:
    """S-1: the captain of a cloaked ship need not place its token; the GM knows its cell."""
    assert R.hidden(True, "red", "blue") and not R.hidden(True, "red", "red")
    assert not R.hidden(True, "red", None) and not R.hidden(False, "red", "blue")


def test_s4_s5_s9_turns_go_round_one_ship_at_a_time() -> None:
    """S-4 A-B-A-B; S-5 one action per turn; S-9 the damaged ship answers on its next turn."""
    turn, seen, rounds = -1, [], 0
    for _ in range(6):
        turn, new = R.next_turn(turn, 3)
        seen.append(turn)
        rounds += new
    assert seen == [0, 1, 2, 0, 1, 2] and rounds == 1
