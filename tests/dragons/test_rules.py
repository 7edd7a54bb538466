"""The pure D-rules, on concrete numbers (gmkit/dragons/rules.py)."""

from __future__ import annotations

import pytest

from gmkit.dragons import Move
from gmkit.dragons import rules as R
from gmkit.errors import IllegalOrder


def test_d2_lowest_height_becomes_10_offsets_kept() -> None:
    """D-2: Height is relative: the lowest dragon is set to 10."""
    assert R.normalise_heights({"a": -3, "b": 0, "c": 4}) == {"a": 10, "b": 13, "c": 17}
    assert R.normalise_heights({"a": 10}) == {"a": 10}


def E(name: str, speed: int, height: int, late: bool = False,
      arrival: int | None = None) -> R.InitiativeEntry:
    return R.InitiativeEntry(name, speed, height, late, arrival)


def test_d3_speed_first_then_height_then_arrival() -> None:
    """D-3: higher Speed first; equal Speed: higher Height; equal Height: earlier order."""
    order = R.initiative_order([E("slow", 4, 20, arrival=0), E("fast", 8, 10, arrival=3),
                                E("low", 6, 10, arrival=1), E("high", 6, 12, arrival=2)])
    assert order == ["fast", "high", "low", "slow"]
    tie = R.initiative_order([E("b", 6, 10, arrival=1), E("a", 6, 10, arrival=0)])
    assert tie == ["a", "b"]


def test_d3_extras_and_gm_run_count_as_ordering_last() -> None:
    """D-3: an Extra that ordered first still goes after a player with the same position."""
    order = R.initiative_order([E("extra", 6, 10, late=True, arrival=0),
                                E("player", 6, 10, arrival=5), E("late_player", 6, 10, arrival=6)])
    assert order == ["player", "late_player", "extra"]
    # ... but only among equals: Speed still decides first
    assert R.initiative_order([E("p", 5, 10, arrival=0), E("x", 6, 10, late=True, arrival=1)]) == ["x", "p"]


def test_d3_no_order_goes_after_orders_received() -> None:
    """D-3: a dragon with no order counts as ordering after every order received."""
    assert R.initiative_order([E("none", 6, 10), E("sent", 6, 10, arrival=2)]) == ["sent", "none"]


@pytest.mark.parametrize("change", [-1, 0, 1, 2])
def test_d4_level_changes_minus1_to_plus2(change: int) -> None:
    """D-4 (a): level flight changes Speed by -1..+2 [decision: 0 included]."""
    assert R.move_problem(5, 10, Move.level(change)) is None
    assert R.move_result(5, 12, Move.level(change)) == (5 + change, 12)


def test_d4_level_limits() -> None:
    """D-4: +3 or -2 in level flight is illegal; level flight never exceeds maximum Speed."""
    assert "not +3" in R.move_problem(5, 10, Move.level(3))
    assert "not -2" in R.move_problem(5, 10, Move.level(-2))
    assert "9+2 = 11 > maximum 10" in R.move_problem(9, 10, Move.level(2))
    assert R.move_problem(12, 10, Move.level(-1)) is None  # slowing above maximum is fine
    assert R.move_problem(12, 10, Move.level(0)) is None


def test_d4_climb_costs_3_per_level_and_may_not_go_below_0() -> None:
    """D-4 (b): climbing n levels costs 3n Speed; more than the dragon has is refused."""
    assert R.move_result(7, 10, Move.climb(2)) == (1, 12)
    assert R.move_problem(6, 10, Move.climb(2)) is None  # exactly 0: legal, then it falls (D-9)
    with pytest.raises(IllegalOrder) as e:
        R.check_move(4, 10, Move.climb(2), name="Ash")
    assert e.value.rule == "D-4"
    assert str(e.value) == "D-4: climbing 2 levels costs 6 Speed, Ash has 4"


def test_d4_dive_gains_2_per_level() -> None:
    """D-4 (c): diving n levels adds 2n Speed."""
    assert R.move_result(5, 15, Move.dive(3)) == (11, 12)


def test_d4_d8_shaken_may_not_change_height() -> None:
    """D-4/D-8: a Shaken dragon has only level moves."""
    moves = R.legal_moves(6, 10, shaken=True)
    assert {m.kind for m in moves} == {"level"}
    with pytest.raises(IllegalOrder) as e:
        R.check_move(6, 10, Move.dive(1), shaken=True, name="Ash")
    assert e.value.rule == "D-8"


def test_d4_legal_moves_are_exactly_the_legal_ones() -> None:
    """D-4: legal_moves lists every move move_problem accepts (climbs only those Speed pays for)."""
    moves = R.legal_moves(7, 8)
    assert [str(m) for m in moves] == ["level -1", "level +0", "level +1", "climb 1", "climb 2",
                                       "dive 1", "dive 2", "dive 3", "dive 4", "dive 5"]
    for m in moves:
        assert R.move_problem(7, 8, m) is None


def test_d5_range_formula() -> None:
    """D-5: range = 10 x |Speed difference| + 50 x |Height difference|."""
    assert R.range_between(8, 14, 5, 12) == 10 * 3 + 50 * 2
    assert R.range_between(5, 12, 8, 14) == 130
    assert R.range_between(6, 11, 6, 10) == 50
    assert R.range_between(9, 10, 6, 10) == 30


def test_d5_range_5_at_equal_height_and_speed_and_on_the_tail() -> None:
    """D-5: equal Height and Speed gives range 5; a pursuer on the tail fires at range 5."""
    assert R.range_between(6, 10, 6, 10) == 5
    assert R.range_between(6, 10, 9, 12, tail=True) == 5


def test_d5_range_bands() -> None:
    """D-5 [decision]: Short 0, Medium -2, Long -4; beyond Long impossible."""
    ranges = (50, 100, 150)
    assert R.range_band(5, ranges) == ("short", 0)
    assert R.range_band(50, ranges) == ("short", 0)
    assert R.range_band(51, ranges) == ("medium", -2)
    assert R.range_band(150, ranges) == ("long", -4)
    assert R.range_band(151, ranges) is None


def test_d5_ranged_needs_height_or_tail_melee_same_height() -> None:
    """D-5: ranged from strictly above, or level and on the tail; melee at the same Height."""
    ok = dict(on_tail=False, target_is_pursuer=False)
    assert R.attack_problem("ranged", 12, 11, **ok) is None
    below = R.attack_problem("ranged", 10, 11, **ok)
    assert below is not None and below.rule == "D-5" and "below" in below.text
    level = R.attack_problem("ranged", 11, 11, **ok)
    assert level is not None and level.code == "level_no_tail"
    assert R.attack_problem("ranged", 11, 11, on_tail=True, target_is_pursuer=False) is None
    assert R.attack_problem("melee", 11, 11, **ok) is None
    assert R.attack_problem("melee", 12, 11, **ok).code == "melee_height"  # type: ignore[union-attr]
    far = R.attack_problem("ranged", 14, 10, rng=200, ranges=(50, 100, 150), **ok)
    assert far is not None and far.code == "beyond" and "200" in far.text


def test_d5_d12_target_cannot_attack_its_pursuer() -> None:
    """D-12: the target of a tail cannot attack its pursuer, ranged or melee."""
    for kind in ("ranged", "melee"):
        p = R.attack_problem(kind, 11, 11, on_tail=False, target_is_pursuer=True)
        assert p is not None and p.rule == "D-12"


def test_d6_parry_from_fighting() -> None:
    """D-6: the dragon's Parry is 2 + half its pilot's Fighting die."""
    from gmkit.dragons import Pilot

    assert Pilot("p", "d8", "d6", "d6").parry == 6
    assert Pilot("p", "d12+1", "d6", "d6").parry == 8
    assert Pilot("p", None, "d6", "d6").parry == 2


def test_d8_wound_table_wild_card() -> None:
    """D-8: a Wild Card: -2 Speed, then -3 more and weapon checks at 1-2, then a fall, a Spirit
    check and checks at 1-4, then out."""
    r1, r2, r3, r4 = R.wound_rows(True, 0, 4)
    assert (r1.speed_loss, r1.weapon_break, r1.out) == (2, 0, None)
    assert (r2.speed_loss, r2.weapon_break) == (3, 2)
    assert (r3.height_loss, r3.starts_fall, r3.spirit_check, r3.weapon_break) == (1, True, True, 4)
    assert r4.out == "unconscious"
    assert [r.wounds for r in R.wound_rows(True, 1, 3)] == [2, 3]
    assert R.wound_rows(True, 2, 2) == []


def test_d8_wound_table_extra() -> None:
    """D-8: an Extra withdraws at 1 wound and is downed at 2 or more."""
    assert [r.out for r in R.wound_rows(False, 0, 1)] == ["withdrew"]
    assert [r.out for r in R.wound_rows(False, 0, 2)] == ["downed"]
    assert [r.out for r in R.wound_rows(False, 0, 3)] == ["downed"]


def test_d8_wound_penalties() -> None:
    """D-8: -1/-2 to actions at 1/2 wounds, -3 to every roll from 3; Extras never."""
    assert [R.wound_penalty(w, True) for w in range(5)] == [0, -1, -2, -3, -3]
    assert [R.wound_penalty(w, True, action=False) for w in range(5)] == [0, 0, 0, -3, -3]
    assert R.wound_penalty(1, False) == 0


@pytest.mark.parametrize("speed,drop", [(0, 1), (5, 1), (6, 2), (10, 2), (11, 3), (15, 3), (16, 4)])
def test_d9_fall_drop_by_speed(speed: int, drop: int) -> None:
    """D-9: 1 Height at Speed 0-5, 2 at 6-10, 3 at 11-15, one more per 5 Speed."""
    assert R.fall_drop(speed) == drop
    assert R.fall_step(speed, 20) == (speed + 2 * drop, 20 - drop, drop)


def test_d9_recovery_penalty_and_falling_away() -> None:
    """D-9: recovery at -turns falling; 10 below the lowest flying dragon means out."""
    assert [R.recovery_penalty(t) for t in (1, 2, 3)] == [-1, -2, -3]
    assert R.fallen_away(0, 10)
    assert not R.fallen_away(1, 10)
    assert not R.fallen_away(-50, None)


def test_d10_nearest_target_by_range() -> None:
    """D-10: the turned dragon goes for the nearest by D-5 range; ties to the first listed."""
    assert R.nearest({"a": 60, "b": 5, "c": 5}) == "b"
    assert R.nearest({}) is None


def test_d11_dive_above_maximum_is_dangerous() -> None:
    """D-11: only a dive that ends above maximum Speed is a dangerous manoeuvre."""
    assert R.dangerous_dive(Move.dive(2), 11, 10)
    assert not R.dangerous_dive(Move.dive(2), 10, 10)
    assert not R.dangerous_dive(Move.level(2), 11, 10)


def test_d12_tail_needs_same_speed_and_height() -> None:
    """D-12: a tail attempt needs the same Height and Speed."""
    assert R.tail_problem((6, 10), (6, 10)) is None
    assert "6/10 against 6/11" in R.tail_problem((6, 10), (6, 11))  # type: ignore[operator]


def test_d12_forcing_needs_the_earlier_order() -> None:
    """D-12: forcing only when the pursuer's order arrived first; an Extra pursuer counts last."""
    assert R.forcing_problem((0, 0), (0, 1)) is None
    assert R.forcing_problem((0, 0), None) is None
    assert "arrived 3., after the target's (2.)" in R.forcing_problem((0, 2), (0, 1))  # type: ignore[operator]
    assert "Extra" in R.forcing_problem((1, 0), (0, 1))  # type: ignore[operator]


def test_d12_forced_move_keeps_an_obeying_move_or_picks_the_smallest() -> None:
    """D-12: "how does not matter": an obeying move stands; otherwise the smallest that obeys."""
    assert R.forced_move(Move.dive(2), "speed", "up", 6, 10, False) == Move.dive(2)
    assert R.forced_move(Move.level(0), "speed", "up", 6, 10, False) == Move.level(1)
    assert R.forced_move(Move.level(0), "speed", "up", 10, 10, False) == Move.dive(1)
    assert R.forced_move(Move.level(2), "speed", "down", 6, 10, False) == Move.level(-1)
    assert R.forced_move(Move.level(0), "height", "up", 6, 10, False) == Move.climb(1)
    assert R.forced_move(Move.level(0), "height", "down", 6, 10, True) == Move.level(0)


def test_d12_copy_problem() -> None:
    """D-12: a pursuer cannot copy what breaks its own limits; then it loses the tail."""
    assert R.copy_problem(Move.level(2), 9, 10, False, False) is not None
    assert R.copy_problem(Move.level(1), 9, 10, False, False) is None
    assert R.copy_problem(Move.climb(1), 6, 10, True, False) is not None
    assert R.copy_problem(Move.dive(3), 9, 10, False, False) is None  # dangerous, but possible


def test_d13_downed_fates() -> None:
    """D-13: downed in the Blue is death; over the Firmament there is a chance."""
    assert R.downed_fate("blue", True) == "dead"
    assert R.downed_fate("firmament", False) == "chance"


def test_d1_move_is_one_movement_with_clear_amounts() -> None:
    """D-1/D-4: a Move is one movement; amounts read as Speed/Height changes."""
    assert (Move.climb(2).speed_change, Move.climb(2).height_change) == (-6, 2)
    assert (Move.dive(1).speed_change, Move.dive(1).height_change) == (2, -1)
    assert (Move.level(-1).speed_change, Move.level(-1).height_change) == (-1, 0)


def test_d2_display_units() -> None:
    """D-2: Speed 1 is about 80 km/h, Speed 10 about 500 km/h; a Height unit about 100 m."""
    assert R.speed_kmh(1) == 80 and R.speed_kmh(10) == 500
    assert R.speed_kmh(5) < R.speed_kmh(6)
    assert R.height_m(12) == 1200


def test_d5_one_attack_per_weapon() -> None:
    """D-5: a weapon attacks at most once a round."""
    assert R.repeated_weapon(["Flame", "Claws"]) is None
    assert R.repeated_weapon(["Flame", "Claws", "Flame"]) == "Flame"
