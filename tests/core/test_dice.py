"""Dice: the C-rules (C-1..C-6) and the expression grammar."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmkit.dice import Dice, DieRoll, Roll, multi_action_penalty, parse, parse_table, parse_trait, roll
from gmkit.errors import DiceError
from gmkit.savage import damage_outcome, parry, raises_over

# --- C-1: one seeded generator, every roll recorded ----------------------------------------------

def test_c1_same_seed_same_log() -> None:
    a, b = Dice(seed=11), Dice(seed=11)
    for d in (a, b):
        d.trait(8, purpose="Piloting", actor="Ash")
        d.roll("2d6+1", purpose="damage", actor="Ash")
        d.d18(purpose="hit", actor="Wolf")
    assert [r.to_json() for r in a.log] == [r.to_json() for r in b.log]
    assert a.tape == b.tape


def test_c1_different_seeds_differ() -> None:
    a, b = Dice(seed=1), Dice(seed=2)
    assert [a.roll("d20").total for _ in range(20)] != [b.roll("d20").total for _ in range(20)]


def test_c1_every_roll_logged_with_expression_purpose_actor_faces_total() -> None:
    d = Dice(seed=5)
    r = d.roll("2d6+1", purpose="damage", actor="Ash")
    assert d.log == [r]
    assert r.expr == "2d6+1" and r.purpose == "damage" and r.actor == "Ash"
    assert len(r.faces) == 2 and all(1 <= f <= 6 for f in r.faces)
    assert r.total == sum(r.faces) + 1
    assert d.tape == list(r.faces)


def test_c1_state_saved_and_restored_continues_the_stream() -> None:
    d = Dice(seed=42)
    for _ in range(7):
        d.trait(10)
    state = d.getstate()
    expected = [d.roll("3d6!").faces for _ in range(5)]
    fresh = Dice(seed=0)
    fresh.setstate(state)
    assert [fresh.roll("3d6!").faces for _ in range(5)] == expected


def test_c1_roll_json_round_trip() -> None:
    r = Dice(seed=3).trait("d8+1", actor="Ash", purpose="Piloting").roll
    assert Roll.from_json(r.to_json()) == r


def test_c1_seed_must_be_whole_number() -> None:
    with pytest.raises(DiceError, match="C-1"):
        Dice(seed="abc")  # type: ignore[arg-type]


# --- C-2: results typed in by hand ------------------------------------------------------------

def test_c2_typed_in_faces_are_used_and_marked() -> None:
    d = Dice(seed=1)
    r = d.roll("d8!", faces=[8, 3], actor="GM")
    assert r.total == 11 and r.manual
    assert d.manual_marks == [0, 1]
    assert "(by hand)" in r.describe()
    assert d.draws == 0  # the generator was not touched


@pytest.mark.parametrize("expr, faces, message", [
    ("d8", [9], "cannot show 9"),
    ("d8", [0], "cannot show 0"),
    ("d8!", [8], "needs more faces"),
    ("2d6", [3, 4, 5], "takes 2 faces"),
    ("d6", [2.5], "whole number"),
])
def test_c2_impossible_faces_refused_and_nothing_changes(expr: str, faces: list, message: str) -> None:
    d = Dice(seed=1)
    d.roll("d6")
    before = (d.getstate(), list(d.log), list(d.tape))
    with pytest.raises(DiceError, match=message):
        d.roll(expr, faces=faces)
    assert (d.getstate(), d.log, d.tape) == before


def test_c2_entered_faces_feed_a_trait_roll_then_the_generator_resumes() -> None:
    d = Dice(seed=9)
    d.enter(8, 4, 3)
    t = d.trait(8)
    assert t.trait_faces == (8, 4) and t.wild_faces == (3,) and t.total == 12
    assert t.roll.manual
    nxt = d.roll("d6")
    assert not nxt.manual


def test_c2_entered_face_too_big_for_the_die_is_refused() -> None:
    d = Dice(seed=9)
    d.enter(7)
    with pytest.raises(DiceError, match="C-2: a d6 cannot show 7"):
        d.roll("d6")


def test_c2_enter_refuses_non_faces() -> None:
    with pytest.raises(DiceError, match="C-2"):
        Dice(seed=1).enter(-1)


def test_c2_a_typed_in_0_is_only_the_d18s_0_6_12_die() -> None:
    """C-2, C-5: 0 goes in (the d18's three-valued die as the table prints it, issue 13 item 15),
    and any other die refuses it when it comes to roll, the dice untouched."""
    d = Dice(seed=1)
    d.enter(0)
    with pytest.raises(DiceError, match="C-2: a d6 cannot show 0"):
        d.roll("d6")
    assert d.pending_hand == (0,) and d.draws == 0


# --- C-3: Savage Worlds trait rolls -------------------------------------------------------------

def _p_below(sides: int, tn: int) -> Fraction:
    """Exact P(an acing die totals below tn) for tn <= sides: only faces below tn count."""
    return Fraction(min(tn - 1, sides - 1), sides)


@pytest.mark.parametrize("die, expected", [(4, "0.625"), (6, "0.75"), (8, "0.8125"), (10, "0.85"),
                                           (12, "0.875")])
def test_c3_wild_card_vs_tn4_exact(die: int, expected: str) -> None:
    # Success unless both the trait die and the Wild Die stay below 4 (a critical failure is a
    # subset of that: both show 1).
    p = 1 - _p_below(die, 4) * _p_below(6, 4)
    assert p == Fraction(expected)
    # and by enumerating every pair of first faces, with aces (which always succeed) counted whole
    wins = Fraction(0)
    for t in range(1, die + 1):
        for w in range(1, 7):
            if max(t, w) >= 4:
                wins += Fraction(1, die * 6)
    assert wins == Fraction(expected)


@pytest.mark.parametrize("die, expected", [(4, 0.625), (6, 0.75), (8, 0.8125), (10, 0.85), (12, 0.875)])
def test_c3_wild_card_vs_tn4_sampled(die: int, expected: float) -> None:
    n = 40_000
    d = Dice(seed=1000 + die, record=False)
    hits = sum(d.trait(die).success for _ in range(n))
    se = (expected * (1 - expected) / n) ** 0.5
    assert abs(hits / n - expected) < 3 * se


def test_c3_raises_one_per_full_four() -> None:
    d = Dice(seed=1)
    d.enter(8, 4, 3)  # trait 8+4 = 12, wild 3
    t = d.trait(8)
    assert t.success and t.raises == 2
    d.enter(6, 6, 3, 2)  # trait d6: 6+6+3 = 15, wild 2; +1 => 16 vs TN 6: 2 raises
    t = d.trait(6, modifier=1, tn=6)
    assert t.total == 16 and t.raises == 2
    assert raises_over(7, 4) == 0 and raises_over(8, 4) == 1 and raises_over(3, 4) == 0


def test_c3_wild_card_snake_eyes_is_critical_failure_even_with_a_bonus() -> None:
    d = Dice(seed=1)
    d.enter(1, 1)
    t = d.trait(8, modifier=5)
    assert t.critical_failure and not t.success and t.total == 6


def test_c3_extra_critical_failure_needs_a_further_d6_one() -> None:
    d = Dice(seed=1)
    d.enter(1, 1)
    t = d.trait(8, wild=False)
    assert t.critical_failure and not t.success
    d.enter(1, 2)
    t = d.trait(8, wild=False, modifier=3)
    assert not t.critical_failure and t.success and t.total == 4
    d.enter(5)
    t = d.trait(8, wild=False)
    assert len(t.roll.dice) == 1  # no check die unless the trait die shows 1


def test_c3_unskilled_is_d4_minus_2() -> None:
    d = Dice(seed=1)
    d.enter(4, 2, 1)
    t = d.trait(None)
    assert t.total == 4 and t.success
    assert t.roll.dice[0].sides == 4


def test_c3_trait_die_forms() -> None:
    d = Dice(seed=1)
    d.enter(5, 2)
    assert d.trait("d12+1").total == 6
    for bad in (3, "d7", "2d6", "d8kh1"):
        with pytest.raises(DiceError, match="C-3"):
            d.trait(bad)  # type: ignore[arg-type]


def test_c3_opposed_tie_goes_to_the_defender() -> None:
    d = Dice(seed=1)
    d.enter(5, 2, 5, 1)
    o = d.opposed(8, 8)
    assert o.attacker.total == o.defender.total == 5 and not o.attacker_wins


def test_c3_opposed_actor_must_reach_tn4_and_raises_count_over_the_defender() -> None:
    d = Dice(seed=1)
    d.enter(3, 2, 2, 1)
    assert not d.opposed(8, 8).attacker_wins  # 3 beats 2 but misses TN 4
    d.enter(8, 5, 1, 3, 1)  # attacker 13, defender 3
    o = d.opposed(8, 8)
    assert o.attacker_wins and o.raises == 2


# --- C-4: damage, Shaken, wounds, multi-action --------------------------------------------------

def test_c4_damage_aces_and_raise_adds_an_acing_d6() -> None:
    d = Dice(seed=1)
    d.enter(6, 3, 2, 6, 6, 1)
    r = d.damage("2d6", raise_bonus=True)
    assert r.total == 6 + 3 + 2 + 6 + 6 + 1
    assert [len(x.faces) for x in r.dice] == [2, 1, 3]


@pytest.mark.parametrize("total, toughness, shaken, expected", [
    (7, 8, False, (False, 0)),
    (8, 8, False, (True, 0)),
    (11, 8, False, (True, 0)),
    (12, 8, False, (True, 1)),
    (20, 8, False, (True, 3)),
    (8, 8, True, (True, 1)),
    (12, 8, True, (True, 1)),
    (7, 8, True, (False, 0)),
])
def test_c4_damage_outcome(total: int, toughness: int, shaken: bool, expected: tuple) -> None:
    assert tuple(damage_outcome(total, toughness, shaken)) == expected


def test_c4_multi_action_penalty() -> None:
    assert [multi_action_penalty(n) for n in range(4)] == [0, 0, -2, -4]
    with pytest.raises(ValueError, match="C-4"):
        multi_action_penalty(-1)


def test_d6_parry_from_fighting() -> None:
    assert parry(8) == 6 and parry(12) == 8 and parry(None) == 2


# --- C-5: d18 -----------------------------------------------------------------------------------

def test_c5_d18_is_uniform_over_1_to_18() -> None:
    totals = []
    for six in range(1, 7):
        for three in range(1, 4):
            d = Dice(seed=1)
            d.enter(six, three)
            totals.append(d.d18().total)
    assert sorted(totals) == list(range(1, 19))


def test_c5_d18_records_both_dice() -> None:
    r = Dice(seed=4).d18(purpose="hit", actor="Wolf")
    assert [x.sides for x in r.dice] == [6, 3]
    assert r.total == r.dice[0].faces[0] + 6 * (r.dice[1].faces[0] - 1)


# --- C-6: equally likely lists --------------------------------------------------------------------

def test_c6_table_parsed_and_picked_with_a_die_of_as_many_faces() -> None:
    assert parse_table("0.5-1-1.5-2-2.5-3") == (0.5, 1.0, 1.5, 2.0, 2.5, 3.0)
    for table, sides in (("0.5-1-1.5-2-2.5-3", 6), ("0-1-2", 3), ("1-2", 2)):
        r = Dice(seed=2).pick(table)
        assert r.roll.dice[0].sides == sides
        assert r.value == parse_table(table)[r.face - 1]
    d = Dice(seed=1)
    d.enter(5)
    assert d.pick("0.5-1-1.5-2-2.5-3").value == 2.5


@pytest.mark.parametrize("text, pos", [("1--2", 2), ("1-x-2", 2), ("", 0), ("1-2-", 4), (" 1-2-a", 5)])
def test_c6_malformed_tables_name_the_position(text: str, pos: int) -> None:
    with pytest.raises(DiceError) as e:
        parse_table(text)
    assert e.value.position == pos
    assert "C-6" in str(e.value)


# --- expressions ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, normal", [
    ("2d6+1", "2d6+1"), (" D8! ", "d8!"), ("4d6kh3", "4d6kh3"), ("d4-2", "d4-2"), ("3", "3"),
    ("1d20 - 1d4 + 2", "d20-d4+2"), ("-d6", "-d6"),
])
def test_expressions_normalise(text: str, normal: str) -> None:
    assert str(parse(text)) == normal


@pytest.mark.parametrize("text, pos", [
    ("2d6+", 4), ("2x6", 1), ("d", 1), ("d6kh", 4), ("2d6kh3", 5), ("d1!", 2), ("", 0), ("0d6", 0),
])
def test_expression_errors_carry_the_position(text: str, pos: int) -> None:
    with pytest.raises(DiceError) as e:
        parse(text)
    assert e.value.position == pos
    assert "^" in str(e.value)


def test_keep_highest_and_fixed_modifier() -> None:
    d = Dice(seed=1)
    r = d.roll("4d6kh3+2", faces=[1, 5, 3, 6])
    assert r.total == 5 + 3 + 6 + 2
    assert [x.kept for x in r.dice] == [False, True, True, True]


def test_dice_cap_protects_the_kernel() -> None:
    with pytest.raises(DiceError, match="more than 1000 dice"):
        parse("1000000d6")


def test_short_face_roll() -> None:
    assert roll("2d6+3", seed=5).total == Dice(seed=5).roll("2d6+3").total


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789d!+-khl ()x", max_size=12))
def test_any_text_gives_a_result_or_a_clean_dice_error(text: str) -> None:
    try:
        r = Dice(seed=1).roll(text)
    except DiceError:
        return
    assert isinstance(r.total, int)


def test_vectorised_trait_many_matches_the_exact_rate() -> None:
    d = Dice(seed=77)
    totals = d.trait_many(200_000, 8)
    p = float((totals >= 4).mean())
    se = (0.8125 * 0.1875 / 200_000) ** 0.5
    assert abs(p - 0.8125) < 3 * se
    assert d.draws == 1  # one draw seeds the numpy sub-stream


def test_die_roll_value() -> None:
    assert DieRoll(6, (6, 6, 2)).value == 14


# --- C-1/C-2: the record of a roll, state, snapshots ------------------------------------------------

def test_c1_roll_json_keeps_the_hand_mark_and_fills_what_an_old_record_left_out() -> None:
    typed = Roll("d8!", 11, (DieRoll(8, (8, 3)),), "Piloting", "Ash", True)
    assert Roll.from_json(typed.to_json()) == typed
    old = Roll.from_json({"expr": "d6", "total": 3, "dice": [[6, [3], True, ""]]})
    assert old == Roll("d6", 3, (DieRoll(6, (3,)),))
    assert old.purpose == "" and old.actor == "" and old.manual is False


def test_c1_setstate_takes_the_seed_and_skips_only_the_draws_not_yet_made() -> None:
    fresh = Dice(seed=0)
    fresh.setstate({"seed": 42, "draws": 7})
    assert fresh.getstate() == {"seed": 42, "draws": 7}
    ahead = Dice(seed=42)
    for _ in range(3):
        ahead.d(6)
    ahead.setstate({"seed": 42, "draws": 5})  # two further draws, not five more
    ref = Dice(seed=42)
    for _ in range(5):
        ref.d(6)
    assert [ahead.d(20).total for _ in range(10)] == [ref.d(20).total for _ in range(10)]


def test_c1_restore_rewinds_the_stream_the_log_the_tape_and_the_hand() -> None:
    d = Dice(seed=8)
    d.roll("d6")
    d.enter(5)
    snap = d.snapshot()
    first = d.roll("3d6+d6")  # the typed-in 5 then three generated faces
    d.roll("d20")
    d.restore(snap)
    assert (d.draws, len(d.log), len(d.tape), d.pending_hand) == (1, 1, 1, (5,))
    again = d.roll("3d6+d6")
    assert again == first and again.faces[0] == 5 and d.draws == 4


def test_c2_typed_in_faces_keep_the_purpose_and_leave_queued_faces_for_later() -> None:
    d = Dice(seed=1)
    d.enter(4)
    r = d.roll("d6", faces=[2], purpose="Spirit", actor="Ash")
    assert (r.total, r.purpose, r.actor, r.manual) == (2, "Spirit", "Ash", True)
    assert d.pending_hand == (4,)
    assert d.roll("d6").total == 4


@pytest.mark.parametrize("expr, faces, message", [
    ("d6", 5, "C-2: typed-in faces are a list of whole numbers, got 5"),
    ("d8!", [8], "C-2: 'd8!' needs more faces than the 1 typed in"),
    ("2d6", [3, 4, 5], "C-2: '2d6' takes 2 faces here, 3 were typed in"),
])
def test_c2_typed_in_faces_refused_with_the_expression_named(expr: str, faces: object,
                                                              message: str) -> None:
    with pytest.raises(DiceError) as e:
        Dice(seed=1).roll(expr, faces=faces)  # type: ignore[arg-type]
    assert str(e.value) == message


# --- C-3: refusals, opposed rolls ---------------------------------------------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda d: d.trait(8, modifier=1.5), "C-3: a trait roll's modifier is a whole number, got 1.5"),
    (lambda d: d.trait(8, tn="x"), "C-3: a trait roll's tn is a whole number, got 'x'"),
    (lambda d: d.trait(8, modifier=True), "C-3: a trait roll's modifier is a whole number, got True"),
    (lambda d: d.trait_many(5, 8, modifier=None), "C-3: a trait roll's modifier is a whole number, got None"),
    (lambda d: d.trait_many(5, 8, tn=4.0), "C-3: a trait roll's tn is a whole number, got 4.0"),
    (lambda d: d.trait_many(-1), "trait_many rolls 0 to 100000000 traits at once, got n=-1"),
    (lambda d: d.trait_many(10**8 + 1), "trait_many rolls 0 to 100000000 traits at once, got n=100000001"),
    (lambda d: d.trait_many(True), "trait_many rolls 0 to 100000000 traits at once, got n=True"),
    (lambda d: d.trait_many("10"), "trait_many rolls 0 to 100000000 traits at once, got n='10'"),
])
def test_c3_bad_trait_numbers_are_refused_by_name(call: object, message: str) -> None:
    d = Dice(seed=1)
    with pytest.raises(DiceError) as e:
        call(d)  # type: ignore[operator]
    assert str(e.value) == message
    assert d.draws == 0


@pytest.mark.parametrize("faces, a_total, d_total, wins, raises", [
    ((8, 7, 2, 3, 1), 15, 3, True, 3),   # 12 over the defender: three full 4s
    ((8, 5, 1, 3, 1), 13, 3, True, 2),   # 10 over: two
    ((4, 1, 2, 3), 4, 3, True, 0),       # exactly TN 4 and above the defender
    ((3, 2, 2, 1), 3, 2, False, 0),      # above the defender but short of TN 4
    ((5, 2, 5, 1), 5, 5, False, 0),      # a tie holds
    ((2, 1, 8, 2, 1), 2, 10, False, 0),  # the defender far ahead: no raises either way
])
def test_c3_opposed_rolls(faces: tuple[int, ...], a_total: int, d_total: int, wins: bool,
                          raises: int) -> None:
    d = Dice(seed=1)
    d.enter(*faces)
    o = d.opposed(8, 8, purpose="Fighting", actor="Ash", target="Wolf")
    assert (o.attacker.total, o.defender.total, o.attacker_wins, o.raises) == (a_total, d_total, wins,
                                                                                raises)
    assert o.attacker.tn == o.defender.tn == 4
    assert [(r.purpose, r.actor) for r in d.log] == [("Fighting", "Ash"), ("Fighting", "Wolf")]
    assert (o.attacker.roll, o.defender.roll) == (d.log[0], d.log[1])


def test_c3_opposed_roll_without_names_records_none() -> None:
    d = Dice(seed=1)
    o = d.opposed(6, 6, attacker_wild=False, defender_wild=False)
    assert [(r.purpose, r.actor) for r in (o.attacker.roll, o.defender.roll)] == [("", ""), ("", "")]


# --- C-3: trait_many, the vectorised path, against exact probabilities -------------------------------

N_MANY = 300_000


def _rates_match(totals: object, expected: dict[int, Fraction]) -> None:
    import numpy as np

    t = np.asarray(totals)
    assert t.shape == (N_MANY,)
    for value, p in expected.items():
        got = float((t == value).sum()) / N_MANY
        se = (float(p) * (1 - float(p)) / N_MANY) ** 0.5
        assert abs(got - float(p)) <= 5 * se + 1e-12, (value, got, float(p))


def test_c3_trait_many_extra_d8_exact_rates() -> None:
    """An Extra's d8: 1..7 at 1/8 (a 1 is a critical failure when the check d6 shows 1: 1/48 of all),
    8 aces (so a total of 8 or 16 never shows), 9..15 at 1/64, 17 at 1/512."""
    totals = Dice(seed=5).trait_many(N_MANY, 8, wild=False)
    rates = {-1000: Fraction(1, 48), 1: Fraction(1, 8) - Fraction(1, 48), 8: Fraction(0),
             16: Fraction(0), 17: Fraction(1, 512), 0: Fraction(0)}
    rates.update({k: Fraction(1, 8) for k in range(2, 8)})
    rates.update({k: Fraction(1, 64) for k in range(9, 16)})
    _rates_match(totals, rates)


def test_c3_trait_many_wild_card_d8_exact_rates() -> None:
    """The default trait (a Wild Card's d8): the higher of d8 and Wild Die; both 1s are a critical
    failure, so a kept 1 never shows; a kept k <= 5 has (k*k - (k-1)*(k-1))/48."""
    totals = Dice(seed=6).trait_many(N_MANY)
    rates = {-1000: Fraction(1, 48), 1: Fraction(0), 2: Fraction(3, 48), 3: Fraction(5, 48),
             4: Fraction(7, 48), 5: Fraction(9, 48)}
    _rates_match(totals, rates)


def test_c3_trait_many_unskilled_extra_with_a_bonus() -> None:
    """Unskilled d4-2, +1, an Extra: totals 0..2 at 1/4 (0 less the 1/24 critical failures); the 4
    aces, so 3 and 7 never show, 4 is 4+1 (1/16), 8 is 4+4+1 (1/64)."""
    totals = Dice(seed=7).trait_many(N_MANY, None, modifier=1, wild=False)  # type: ignore[arg-type]
    _rates_match(totals, {-1000: Fraction(1, 24), 0: Fraction(1, 4) - Fraction(1, 24),
                          1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(0), 4: Fraction(1, 16),
                          7: Fraction(0), 8: Fraction(1, 64), -1: Fraction(0)})


def test_c3_trait_many_aces_draw_each_die_on_its_own() -> None:
    import numpy as np

    totals = Dice(seed=8).trait_many(2000, 6, wild=False)
    assert set(np.unique(totals[totals > 6]).tolist()) >= {7, 8, 9, 10, 11}


def test_c3_trait_many_takes_one_draw_of_the_stream_as_its_seed() -> None:
    import numpy as np

    for seed in range(1, 9):
        d = Dice(seed=seed)
        d.trait_many(5, 10)
        assert d.draws == 1 and d.tape == [Dice(seed=seed).d(2**31 - 1).total]
    d = Dice(seed=3)
    d.enter(2**31 - 1)  # the sub-stream's seed typed in: the largest face of its die
    assert d.trait_many(5).shape == (5,) and d.manual_marks == [0]
    d = Dice(seed=3)
    first = d.trait_many(50, 10)
    again = Dice(seed=3).trait_many(50, 10)
    assert np.array_equal(first, again)
    assert Dice(seed=3).trait_many(0).shape == (0,)


# --- C-4: damage --------------------------------------------------------------------------------------

@pytest.mark.parametrize("expr, raise_bonus, faces, normal, total", [
    ("2d6+1", True, (6, 3, 2, 6, 6, 1), "2d6!+d6!+1", 6 + 3 + 2 + 6 + 6 + 1 + 1),
    ("2d6+1", False, (6, 3, 2), "2d6!+1", 6 + 3 + 2 + 1),
    ("4d6kh3", False, (1, 5, 3, 6, 2), "4d6!kh3", 5 + 3 + 6 + 2),  # the 6 aces
    ("d2-d4", False, (2, 1, 4, 3), "d2!-d4!", 2 + 1 - 4 - 3),
    ("d1+2", True, (1, 6, 2), "d1+d6!+2", 1 + 6 + 2 + 2),
])
def test_c4_damage_dice_ace_and_a_raise_adds_an_acing_d6(expr: str, raise_bonus: bool,
                                                         faces: tuple[int, ...], normal: str,
                                                         total: int) -> None:
    for given_as in (expr, parse(expr)):
        d = Dice(seed=1)
        d.enter(*faces)
        r = d.damage(given_as, raise_bonus=raise_bonus)
        assert (r.expr, r.total, r.faces) == (normal, total, faces)
        assert d.pending_hand == ()


def test_c4_multi_action_penalty_refuses_what_is_not_a_count() -> None:
    for bad in (True, "2", 1.0):
        with pytest.raises(DiceError, match="C-4"):
            multi_action_penalty(bad)  # type: ignore[arg-type]


# --- C-5/C-6: the d18 and tables ---------------------------------------------------------------------

def test_c5_d18_record() -> None:
    d = Dice(seed=1)
    d.enter(5, 12)
    r = d.d18()
    assert r == Roll("d18", 17, (DieRoll(6, (5,)), DieRoll(3, (3,), True, "x6")), "", "", True)
    generated = d.d18(purpose="to hit", actor="Wolf")
    assert (generated.expr, generated.purpose, generated.actor, generated.manual) == (
        "d18", "to hit", "Wolf", False)
    d.enter(7, 1)
    with pytest.raises(DiceError, match="C-2: a d6 cannot show 7"):
        d.d18()


def test_c6_pick_records_the_table_the_face_and_the_value() -> None:
    d = Dice(seed=1)
    d.enter(3)
    p = d.pick([0.5, 1, 1.5], purpose="damage", actor="Wolf")
    rec = Roll("0.5-1-1.5 (d3)", 1.5, (DieRoll(3, (3,)),), "damage", "Wolf", True)
    assert (p.value, p.face, p.table, p.roll) == (1.5, 3, (0.5, 1.0, 1.5), rec)
    assert d.log == [rec]
    q = d.pick("1 - 2")
    assert q.roll.expr == "1 - 2 (d2)" and (q.roll.purpose, q.roll.actor, q.roll.manual) == ("", "", False)
    assert d.log[-1] == q.roll and len(d.log) == 2


@pytest.mark.parametrize("text, values", [
    ("0,5-1,5", (0.5, 1.5)),
    ("1000000000-1", (1e9, 1.0)),
    (" 1 - 2 ", (1.0, 2.0)),
    ("1-" * 499 + "10", (1.0,) * 499 + (10.0,)),  # 1000 characters: the longest allowed
])
def test_c6_tables_accepted(text: str, values: tuple[float, ...]) -> None:
    assert parse_table(text) == values


@pytest.mark.parametrize("text, pos", [("+1-2", 0), ("1-+2", 2), ("1- x-2", 3), ("1-nan", 2),
                                       ("1e10", 0), ("1-1000000001", 2)])
def test_c6_table_values_that_are_not_plain_numbers_name_their_position(text: str, pos: int) -> None:
    with pytest.raises(DiceError) as e:
        parse_table(text)
    assert (e.value.position, e.value.expression) == (pos, text)
    assert str(e.value).startswith(f"C-6: expected a number at position {pos} in {text!r}")


@pytest.mark.parametrize("table, message", [
    ("", "C-6: empty damage table at position 0 in ''\n  \n  ^"),
    ("1-" * 500 + "1", "C-6: a table is at most 1000 characters, got 1001"),
    (3, "C-6: a table is text like '1-2-3' or a list of numbers, got int"),
    ([], "C-6: a table needs at least one value"),
    ([1] * 1001, "C-6: a table has at most 1000 values, got 1001"),
    ([1, 10**9 + 1], "C-6: a table's values are numbers up to 1000000000, got 1000000001"),
])
def test_c6_table_refusals(table: object, message: str) -> None:
    with pytest.raises(DiceError) as e:
        parse_table(table)  # type: ignore[arg-type]
    assert str(e.value) == message


def test_c6_a_table_of_numbers_up_to_the_limit() -> None:
    assert parse_table([1] * 1000) == (1.0,) * 1000
    assert parse_table([-(10**9), 10**9, 0.5]) == (-1e9, 1e9, 0.5)


# --- the generator's edges: seeds, plain dice, typed-in limits, a trait's record ------------------

def test_c1_a_seed_is_drawn_when_none_is_given_and_a_bool_is_not_a_seed() -> None:
    seeds = {Dice().seed for _ in range(20)}
    assert all(isinstance(s, int) and 0 <= s < 2**31 for s in seeds) and max(seeds) >= 62
    assert Dice(seed=5).getstate() == {"seed": 5, "draws": 0}
    with pytest.raises(DiceError, match="C-1: a seed is a whole number, got True"):
        Dice(seed=True)


def test_c1_a_plain_die_and_a_roll_are_recorded_whole() -> None:
    d = Dice(seed=2)
    r = d.d(20)
    assert r == Roll("d20", d.tape[0], (DieRoll(20, (d.tape[0],)),), "", "", False) and d.log == [r]
    assert 1 <= r.total <= 20
    assert d.d(1).total == 1 and 1 <= d.d(2**31 - 1).total <= 2**31 - 1
    one = d.roll("2D6 + 1")
    assert (one.expr, one.purpose, one.actor, one.manual) == ("2d6+1", "", "", False)
    assert one.total == sum(d.tape[-2:]) + 1 and one.faces == tuple(d.tape[-2:])
    for bad in (0, 2**31, True):
        with pytest.raises(DiceError, match="a die needs a whole number of sides from 1 to 2147483647"):
            d.d(bad)


def test_c2_a_typed_in_face_goes_up_to_the_largest_die() -> None:
    d = Dice(seed=1)
    d.enter(2**31 - 1)
    assert d.d(2**31 - 1).total == 2**31 - 1
    with pytest.raises(DiceError) as e:
        d.enter(-1)
    assert str(e.value) == ("C-2: a typed-in face is a whole number from 0 (the d18's 0-6-12 die) or 1 "
                            "to 2147483647, got -1")
    for bad in (True, 2**31):
        with pytest.raises(DiceError, match="C-2: a typed-in face is a whole number"):
            d.enter(bad)
    assert d.pending_hand == ()


def test_c3_a_generated_trait_roll_is_recorded_once_and_not_marked_by_hand() -> None:
    d = Dice(seed=1)
    t = d.trait(8)
    assert (t.roll.purpose, t.roll.actor, t.roll.manual) == ("", "", False) and t.roll.manual is False
    assert d.log == [t.roll] and t.roll.expr == "d8! wild" and t.tn == 4
    e = d.trait("d6", wild=False, purpose="Spirit", actor="Ash")
    assert (e.roll.expr, e.roll.purpose, e.roll.actor, e.roll.manual) == ("d6!", "Spirit", "Ash", False)
    assert d.log == [t.roll, e.roll]


def test_c3_an_extras_check_die_is_a_d6() -> None:
    d = Dice(seed=1)
    d.enter(1, 7)
    with pytest.raises(DiceError, match="C-2: a d6 cannot show 7"):
        d.trait(8, wild=False)


@pytest.mark.parametrize("die, sides, modifier", [
    ("unskilled", 4, -2), (None, 4, -2), (8, 8, 0), ("d12+1", 12, 1), ("D10-1", 10, -1)])
def test_c3_trait_die_forms_accepted(die: object, sides: int, modifier: int) -> None:
    assert parse_trait(die) == (sides, modifier)  # type: ignore[arg-type]


@pytest.mark.parametrize("die, message", [
    (True, "C-3: a trait die is d4, d6, d8, d10 or d12, got True"),
    ("2d6", "C-3: a trait is one die with a modifier, like 'd8' or 'd12+1', got '2d6'"),
    ("-d8", "C-3: a trait is one die with a modifier, like 'd8' or 'd12+1', got '-d8'"),
    ("d8kh1", "C-3: a trait is one die with a modifier, like 'd8' or 'd12+1', got 'd8kh1'"),
    ("d8+d6", "C-3: a trait is one die with a modifier, like 'd8' or 'd12+1', got 'd8+d6'"),
    (7, "C-3: a trait die is d4, d6, d8, d10 or d12, got d7"),
    ("d20", "C-3: a trait die is d4, d6, d8, d10 or d12, got d20"),
])
def test_c3_trait_die_forms_refused_by_name(die: object, message: str) -> None:
    with pytest.raises(DiceError) as e:
        parse_trait(die)  # type: ignore[arg-type]
    assert str(e.value) == message


# --- replay (C-1): the exact feed's edges ------------------------------------------------------------

def test_c1_a_replay_counts_its_draws_and_refuses_each_die_past_the_record() -> None:
    d = Dice(seed=1)
    faces = list(d.roll("3d6").faces)
    again = Dice(seed=1)
    again.feed(faces, exact=True)
    assert again.roll("3d6").faces == tuple(faces)
    assert again.getstate() == {"seed": 1, "draws": 3} == d.getstate()
    for _ in range(2):  # refused each time it is asked, not only the first
        with pytest.raises(DiceError, match="C-1: the replay rolls a d6 more than the journal recorded"):
            again.roll("d6")
    assert not again.feeding


def test_c1_a_replayed_face_that_does_not_fit_the_die_is_refused() -> None:
    d = Dice(seed=1)
    d.feed([7])
    with pytest.raises(DiceError) as e:
        d.roll("d6")
    assert str(e.value) == "C-1: replayed face 7 does not fit a d6: the journal does not match this encounter"


@pytest.mark.parametrize("expr, name", [(6, "int"), (None, "NoneType"), (["2d6"], "list")])
def test_c1_a_roll_of_something_not_an_expression_is_refused_by_its_type(expr: object, name: str) -> None:
    with pytest.raises(DiceError) as e:
        Dice(seed=1).roll(expr)  # type: ignore[arg-type]
    assert str(e.value) == f"a dice expression must be text, got {name}"


def test_c3_an_extras_check_die_is_recorded_as_not_counted() -> None:
    d = Dice(seed=1)
    d.enter(1, 3)
    assert d.trait(8, wild=False).roll.dice == (DieRoll(8, (1,), True, ""), DieRoll(6, (3,), False, "check"))
    assert [x.kept for x in d.log[0].dice] == [True, False]
    assert d.log[0].dice[1].kept is False


def test_c2_typed_in_faces_go_on_the_tape_and_mark_the_roll_even_unrecorded() -> None:
    d = Dice(seed=1)
    d.roll("d8!", faces=[8, 3])
    assert d.tape == [8, 3] and d.manual_marks == [0, 1]
    quiet = Dice(seed=1, record=False)
    r = quiet.roll("d8!", faces=[8, 3])
    assert r.manual and r.total == 11 and quiet.tape == [] and quiet.log == []


def test_c1_a_plain_die_shows_all_its_faces() -> None:
    d = Dice(seed=3)
    seen = {d.d(20).total for _ in range(200)}
    assert seen == set(range(1, 21))
    r = d.roll("2d6")
    assert r.dice == (DieRoll(6, (d.tape[-2],)), DieRoll(6, (d.tape[-1],)))


@pytest.mark.parametrize("expr, faces, kept, total", [
    ("4d6kh3", [6, 5, 1, 3], [True, True, False, True], 14),
    ("4d6kl1", [6, 5, 1, 3], [False, False, True, False], 1),
    ("3d6kl2+1", [2, 6, 4], [True, False, True], 7),
])
def test_keep_highest_and_lowest_by_value_not_by_place(expr: str, faces: list[int], kept: list[bool],
                                                        total: int) -> None:
    r = Dice(seed=1).roll(expr, faces=faces)
    assert [x.kept for x in r.dice] == kept and r.total == total


def test_c3_a_chain_of_aces_is_cut_after_a_hundred() -> None:
    d = Dice(seed=1)
    d.enter(*([6] * 100), 2)
    assert d.roll("d6!").total == 602
    d.clear_hand()
    d.enter(*([6] * 101), 2)
    with pytest.raises(DiceError) as e:
        d.roll("d6!")
    assert str(e.value) == "C-3: more than 100 aces in a row on a d6"


def test_expression_length_and_type_refused_by_message() -> None:
    assert parse("1+" * 499 + "10").modifier == 499 + 10  # 1000 characters: the longest allowed
    with pytest.raises(DiceError) as e:
        parse("1+" * 500 + "1")
    assert str(e.value) == "a dice expression is at most 1000 characters, got 1001"
    with pytest.raises(DiceError) as e:
        parse(6)  # type: ignore[arg-type]
    assert str(e.value) == "a dice expression must be text, got int"


def test_c4_damage_refusals_read_as_written_and_rolls_keep_their_purpose_and_actor() -> None:
    """C-4 damage: each refusal's words; an over-long expression gets any roll's length refusal;
    a parsed expression's roll is recorded with its purpose and actor, and neither by default; the
    raise's bonus die only when asked."""
    d = Dice(seed=3)
    with pytest.raises(DiceError) as e:
        d.damage("2d6", raise_bonus=1)  # type: ignore[arg-type]
    assert str(e.value) == "C-4: raise_bonus is True or False, got 1"
    with pytest.raises(DiceError) as e:
        d.damage(7)  # type: ignore[arg-type]
    assert str(e.value) == "C-4: a damage expression must be text, got int"
    with pytest.raises(DiceError) as e:
        d.damage("1" * 1001)
    assert str(e.value) == "a dice expression is at most 1000 characters, got 1001"
    r = d.damage(parse("2d6"), purpose="bite", actor="Ash")
    assert (r.purpose, r.actor) == ("bite", "Ash")
    assert (d.log[-1].purpose, d.log[-1].actor) == ("bite", "Ash")
    for r in (d.damage(parse("2d6")), d.damage("2d6")):
        assert (r.purpose, r.actor) == ("", "")
        assert r.expr == "2d6!" and len(r.dice) == 2  # no raise, no bonus die, unless asked


def test_c1_a_replay_past_its_record_is_refused_every_time_and_a_face_that_does_not_fit_by_name() -> None:
    """C-1: the die after the journal's last face is refused, and again on the next try (the end of
    the feed stays marked); a recorded face a die cannot show names the die and the face."""
    faces = list(Dice(seed=1).roll("d6").faces)
    replay = Dice(seed=1)
    replay.feed(faces, exact=True)
    replay.roll("d6")
    for _ in range(2):
        with pytest.raises(DiceError) as e:
            replay.roll("d6")
        assert str(e.value) == ("C-1: the replay rolls a d6 more than the journal recorded: the "
                                "journal does not match this encounter")
    odd = Dice(seed=1)
    odd.feed([9])
    with pytest.raises(DiceError) as e:
        odd.roll("d6")
    assert str(e.value) == "C-1: replayed face 9 does not fit a d6: the journal does not match this encounter"
