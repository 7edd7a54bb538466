"""The fast paths against the slow ones, and both against the rules written out again in the test
(:mod:`tests.dragons.reference`), over whole grids: D-4 moves, D-5 attacks and range bands, D-8
wound penalties, D-9 falls."""

from __future__ import annotations

import itertools

import pytest

from gmkit.dragons import Move
from gmkit.dragons import rules as R

from . import reference as ref

KINDS = ("level", "climb", "dive")
LIMITS = [dict(level_min=-1, level_max=2, max_dive=None), dict(level_min=-1, level_max=2, max_dive=3),
          dict(level_min=-2, level_max=1, max_dive=None)]


@pytest.mark.parametrize("limits", LIMITS)
def test_d4_every_move_fast_slow_and_written_out_agree(limits: dict) -> None:
    """D-4: ``is_legal_move`` (the fast check), ``move_problem`` (the reason) and the digest's text
    agree on every move from every Speed; ``legal_moves`` lists exactly the legal level moves and
    climbs, and every listed dive is legal (deeper ones are legal too, only not listed)."""
    for speed, max_speed, shaken in itertools.product(range(0, 16), (5, 9, 12), (False, True)):
        listed = {(m.kind, m.amount) for m in R.legal_moves(speed, max_speed, shaken=shaken, **limits)}
        for kind, n in itertools.product(KINDS, range(-3, 20)):
            m = Move(kind, n)
            want = ref.move_ok(speed, max_speed, kind, n, shaken=shaken, **limits)
            assert (R.move_problem(speed, max_speed, m, shaken=shaken, **limits) is None) == want, \
                (speed, max_speed, shaken, kind, n)
            assert R.is_legal_move(speed, max_speed, m, shaken, limits["level_min"],
                                   limits["level_max"], limits["max_dive"]) == want
            assert R.move_result(speed, 10, m) == ref.moved(speed, 10, kind, n)
            if kind != "dive":
                assert ((kind, n) in listed) == want, (speed, max_speed, shaken, kind, n)
            elif (kind, n) in listed:
                assert want
        if not shaken:
            assert ("dive", 1) in listed and ("dive", 5 if limits["max_dive"] is None else 3) in listed


def test_d4_hand_worked_moves() -> None:
    """D-4 by hand: from Speed 4 (maximum 5) level -1..+1, one climb (3 Speed), dives."""
    assert [str(m) for m in R.legal_moves(4, 5) if m.kind != "dive"] == [
        "level -1", "level +0", "level +1", "climb 1"]
    assert [str(m) for m in R.legal_moves(6, 6)][:5] == [
        "level -1", "level +0", "climb 1", "climb 2", "dive 1"]
    assert [str(m) for m in R.legal_moves(0, 6, shaken=True)] == ["level +0", "level +1", "level +2"]
    # above maximum: may hold or lose Speed, not gain it
    assert [str(m) for m in R.legal_moves(14, 12) if m.kind == "level"] == ["level -1", "level +0"]


def test_d5_attack_fast_slow_and_written_out_agree() -> None:
    """D-5/D-12: ``attack_allowed`` == ``attack_problem(...) is None`` == the digest, everywhere."""
    heights = range(8, 13)
    for kind, a, t, tail, pursuer, rng, ranges in itertools.product(
            ("ranged", "melee"), heights, heights, (False, True), (False, True),
            (5, 50, 60, 100, 150, 151, 400), (None, (50, 100, 150), (60, 120, 180))):
        want = ref.attack_ok(kind, a, t, tail, pursuer, rng, ranges)
        problem = R.attack_problem(kind, a, t, on_tail=tail, target_is_pursuer=pursuer, rng=rng,
                                   ranges=ranges)
        assert (problem is None) == want, (kind, a, t, tail, pursuer, rng, ranges, problem)
        assert R.attack_allowed(kind, a, t, tail, pursuer, rng, ranges) == want
        if problem is not None:
            assert problem.rule == ("D-12" if pursuer else "D-5")


@pytest.mark.parametrize("a, t, tail, code", [
    (10, 11, False, "below"), (10, 10, False, "level_no_tail"), (10, 10, True, None),
    (11, 10, False, None)])
def test_d5_a_level_ranged_attack_needs_the_tail(a: int, t: int, tail: bool, code: str | None) -> None:
    """D-5: level and not on the tail: no ranged attack (the case the autopilot once hid)."""
    p = R.attack_problem("ranged", a, t, on_tail=tail, target_is_pursuer=False)
    assert (p.code if p else None) == code


def test_d5_range_and_bands_at_every_edge() -> None:
    """D-5: the range formula and the Short/Medium/Long bands, each limit itself inclusive."""
    for sa, ha, sb, hb, tail in itertools.product(range(0, 12, 3), range(8, 12), range(0, 12, 4),
                                                  range(8, 12), (False, True)):
        assert R.range_between(sa, ha, sb, hb, tail) == ref.distance(sa, ha, sb, hb, tail)
    for ranges in ((50, 100, 150), (60, 120, 180), (5, 10, 15)):
        for rng in range(0, ranges[-1] + 12):
            assert R.range_band(rng, ranges) == ref.band(rng, ranges), (rng, ranges)
    assert [R.range_band(r, (50, 100, 150)) for r in (50, 51, 100, 101, 150, 151)] == [
        ("short", 0), ("medium", -2), ("medium", -2), ("long", -4), ("long", -4), None]
    assert R.range_between(6, 12, 4, 10) == 120 and R.range_between(7, 10, 7, 10) == 5


def test_d8_wound_penalties_by_the_table() -> None:
    """D-8: a Wild Card's -1/-2 on actions at 1/2 wounds, -3 on every roll from 3; an Extra none."""
    for wounds, (action, other) in ref.WOUND_PENALTY.items():
        assert R.wound_penalty(wounds, True, True) == action, wounds
        assert R.wound_penalty(wounds, True, False) == other, wounds
        assert R.wound_penalty(wounds, False, True) == R.wound_penalty(wounds, False, False) == 0


def test_d9_falls_by_the_digest() -> None:
    """D-9: each falling turn's drop and Speed gain, from Speed 0 to 40."""
    for speed in range(0, 41):
        assert R.fall_step(speed, 50) == ref.fall(speed, 50), speed
    assert [R.recovery_penalty(t) for t in range(1, 6)] == [-1, -2, -3, -4, -5]


def test_d4_legal_steps_hand_worked() -> None:
    """D-4 by hand: each legal move with its (Speed change, Height change): level -1..+2 while
    Speed stays 0..maximum, climbs 3 Speed a level, dives +2 Speed -1 Height a level, listed to
    max(5, (maximum - Speed) // 2 + 3) levels or the scenario's ``max_dive``."""
    level = [(Move.level(d), d, 0) for d in (-1, 0, 1, 2)]
    # Speed 3, maximum 9: +2 is allowed (5), one climb, dives listed to max(5, 6 // 2 + 3) = 6
    assert R.legal_steps(3, 9) == (*level, (Move.climb(1), -3, 1),
                                   *[(Move.dive(n), 2 * n, -n) for n in range(1, 7)])
    assert R.legal_steps(3, 9, max_dive=2) == (*level, (Move.climb(1), -3, 1),
                                               (Move.dive(1), 2, -1), (Move.dive(2), 4, -2))
    # Shaken: level flight only, here with the scenario's limits -2..+1
    assert R.legal_steps(3, 9, shaken=True, level_min=-2, level_max=1) == tuple(
        (Move.level(d), d, 0) for d in (-2, -1, 0, 1))
    # Speed 0, maximum 1: no slowing, +1 only, no climb; dives listed to 5
    assert R.legal_steps(0, 1) == ((Move.level(0), 0, 0), (Move.level(1), 1, 0),
                                   *[(Move.dive(n), 2 * n, -n) for n in range(1, 6)])


def test_d7_armour_piercing_ignores_only_the_armour_there_is() -> None:
    """D-7 (SWADE): AP takes off up to its value of Armour, never more than the Armour."""
    for toughness, armour, ap, want in [(9, 2, 1, 8), (9, 2, 2, 7), (9, 2, 4, 7), (9, 0, 2, 9),
                                        (9, 2, 0, 9), (9, 2, -1, 9), (12, 4, 3, 9)]:
        assert R.effective_toughness(toughness, armour, ap) == want, (toughness, armour, ap)
    assert R.effective_toughness(9) == 9
    assert R.effective_toughness(9, ap=2) == 9  # no Armour given: nothing to pierce
    assert R.effective_toughness(9, 2) == 9  # no AP given: all the Armour counts


def test_d8_wound_rows_whole() -> None:
    """D-8 row by row. A Wild Card: 1 wound -2 Speed; 2: -3 Speed, weapons out on a d6 of 1-2;
    3: -1 Height, a fall, a Spirit check, weapons out on 1-4; 4 or more: unconscious (the rows
    stop there). An Extra: withdraws at 1 wound, downed at 2 or more. No new wound: no row."""
    W = R.WoundRow
    one, two = W(1, speed_loss=2), W(2, speed_loss=3, weapon_break=2)
    three = W(3, weapon_break=4, height_loss=1, starts_fall=True, spirit_check=True)
    assert R.wound_rows(True, 0, 6) == [one, two, three, W(4, out="unconscious")]
    assert R.wound_rows(True, 1, 3) == [two, three]
    assert R.wound_rows(True, 3, 5) == [W(4, out="unconscious")]
    assert R.wound_rows(True, 0, 1) == [one]
    assert R.wound_rows(False, 0, 1) == [W(1, out="withdrew")]
    assert R.wound_rows(False, 0, 2) == [W(2, out="downed")]
    assert R.wound_rows(False, 1, 3) == [W(3, out="downed")]
    for wild_card in (True, False):
        for before, after in [(0, 0), (2, 2), (3, 2), (1, 1)]:
            assert R.wound_rows(wild_card, before, after) == [], (wild_card, before, after)
    assert R.weapon_break_limit(R.wound_rows(True, 0, 4)) == [2, 4]
