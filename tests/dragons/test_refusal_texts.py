"""The English reasons the D rules give when an order may not be carried out, word for word with
the numbers the rule weighs (what ``str(IllegalOrder)``, the event log and a GM reading a refusal
see): D-4 moves, D-8 Shaken, D-5/D-12 attacks, D-12 copying and forcing."""

from __future__ import annotations

import pytest

from gmkit.dragons import Move
from gmkit.dragons import rules as R
from gmkit.errors import IllegalOrder


@pytest.mark.parametrize("speed, max_speed, move, kw, text", [
    (4, 9, Move.level(3), {}, "level flight changes Speed by -1 to +2, not +3"),
    (4, 9, Move.level(-2), {"level_min": -2, "level_max": 1}, None),
    (0, 9, Move.level(-1), {}, "Speed cannot go below 0: the dragon has 0, 0-1 = -1"),
    (1, 9, Move.level(-2), {"level_min": -2, "name": "Ash"},
     "Speed cannot go below 0: Ash has 1, 1-2 = -1"),
    (9, 9, Move.level(1), {}, "level flight may not take Speed above its maximum: the dragon has 9, "
                              "9+1 = 10 > maximum 9"),
    (8, 9, Move.level(2), {"name": "Bane"}, "level flight may not take Speed above its maximum: "
                                            "Bane has 8, 8+2 = 10 > maximum 9"),
    (2, 9, Move.climb(1), {}, "climbing 1 level costs 3 Speed, the dragon has 2"),
    (5, 9, Move.climb(2), {"name": "Ash"}, "climbing 2 levels costs 6 Speed, Ash has 5"),
    (6, 9, Move.climb(2), {}, None),
    (4, 9, Move.climb(0), {}, "a climb is of 1 level or more, not 0"),
    (4, 9, Move.dive(4), {"max_dive": 3}, "the scenario limits a dive to 3 levels (option max_dive), not 4"),
    (4, 9, Move.dive(1), {"shaken": True}, "the dragon is Shaken and may not change Height (D-8)"),
    (4, 9, Move("loop", 1), {}, "a move is level, climb or dive, not 'loop'"),  # type: ignore[arg-type]
])
def test_d4_d8_move_refusals_word_for_word(speed: int, max_speed: int, move: Move, kw: dict,
                                          text: str | None) -> None:
    """D-4/D-8: each reason with its numbers; the dragon is "the dragon" unless named."""
    assert R.move_problem(speed, max_speed, move, **kw) == text


def test_d4_d8_check_move_raises_under_the_right_rule() -> None:
    """D-4 and D-8: ``check_move`` passes a legal move and refuses the rest under the rule that
    forbids it; the "(D-8)" marker becomes the rule id, not part of the words."""
    assert R.check_move(8, 9, Move.level(1)) is None
    assert R.check_move(6, 9, Move.climb(2)) is None
    with pytest.raises(IllegalOrder) as e:
        R.check_move(4, 9, Move.climb(1), shaken=True)
    assert e.value.rule == "D-8"
    assert str(e.value) == "D-8: the dragon is Shaken and may not change Height"
    with pytest.raises(IllegalOrder) as e:
        R.check_move(2, 9, Move.climb(1), name="Ash")
    assert e.value.rule == "D-4"
    assert str(e.value) == "D-4: climbing 1 level costs 3 Speed, Ash has 2"
    with pytest.raises(IllegalOrder) as e:
        R.check_move(9, 9, Move.level(2))
    assert str(e.value) == ("D-4: level flight may not take Speed above its maximum: the dragon has 9, "
                            "9+2 = 11 > maximum 9")


@pytest.mark.parametrize("kind, mine, theirs, tail, pursuer, rng, problem", [
    ("ranged", 12, 10, False, True, None,
     ("D-12", "pursuer", "the target of a tail cannot attack its pursuer")),
    ("melee", 10, 10, True, True, None,
     ("D-12", "pursuer", "the target of a tail cannot attack its pursuer")),
    ("melee", 10, 11, False, False, None,
     ("D-5", "melee_height", "melee needs the same Height: attacker at 10, target at 11")),
    ("ranged", 10, 11, False, False, None,
     ("D-5", "below", "a ranged attack needs the attacker above the target: attacker at 10 is below "
                      "the target at 11")),
    ("ranged", 10, 10, False, False, None,
     ("D-5", "level_no_tail", "a ranged attack at the same Height (10) needs the attacker on the "
                              "target's tail")),
    ("ranged", 12, 10, False, False, 151,
     ("D-5", "beyond", "range 151 is beyond the weapon's Long range 150")),
    ("ranged", 12, 10, False, False, 150, None),
])
def test_d5_d12_attack_refusals_word_for_word(kind: str, mine: int, theirs: int, tail: bool,
                                             pursuer: bool, rng: int | None, problem: tuple | None) -> None:
    """D-5/D-12: rule, code (the message key) and the English words with both Heights; the Long
    range named is the weapon's last limit (50/100/150: 150)."""
    got = R.attack_problem(kind, mine, theirs, on_tail=tail, target_is_pursuer=pursuer, rng=rng,
                           ranges=(50, 100, 150))
    assert (tuple(got) if got else None) == problem


@pytest.mark.parametrize("pursuer, target, text", [
    ((0, 0), (0, 1), None),
    ((0, 4), None, None),  # the target sent no order: the pursuer's counts as earlier
    ((0, 5), (1, 0), None),  # a player's order comes before any Extra's
    ((0, 1), (0, 1), "the pursuer's order arrived 2., after the target's (2.)"),  # a tie is not before
    ((0, 2), (0, 1), "the pursuer's order arrived 3., after the target's (2.)"),
    ((1, 3), (1, 1), "the pursuer's order arrived 4., after the target's (2.)"),
    ((1, 0), (0, 1), "an Extra or GM-run pursuer counts as ordering last, after the target (D-3)"),
])
def test_d12_d3_forcing_needs_an_order_strictly_earlier(pursuer: tuple[int, int],
                                                       target: tuple[int, int] | None,
                                                       text: str | None) -> None:
    """D-12/D-3: ranks are (late, arrival): the pursuer forces only when its order counts as
    arriving strictly before the target's; Extras and GM-run dragons count as ordering last."""
    assert R.forcing_problem(pursuer, target) == text
