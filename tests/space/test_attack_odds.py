"""SpaceBattle.attack_odds: exact odds of an attack order from the engine's own numbers
(S-3, S-7, S-8, S-10, S-13), checked against the real engine by seeded sampling."""

from __future__ import annotations

import math
from fractions import Fraction

from gmkit.space import Attack, Choose, Move, Pass, SpaceBattle, Tractor

from .helpers import battle, ship


def test_s7_shields_defence_counts_while_up_and_holding_points() -> None:
    """S-7: the shields' own defence (8) is the number while they are up and hold points."""
    b = battle(ship("A", "red", (0, 0)), ship("B", "blue", (1, 0), defence=5, shields=4,
                                              shield_defence=8, shields_up=True))
    od = b.attack_odds("A", Attack("B"))
    assert od is not None and od.defence == 8 and od.range == 1 and not od.conditional
    assert od.chance == Fraction(3, 10)
    b.state.ships["B"].shields = 0  # emptied shields: the hull's defence again
    od = b.attack_odds("A", Attack("B"))
    assert od is not None and od.defence == 5 and od.chance == Fraction(6, 10)


def test_s3_across_one_cell_confirm_and_half_damage() -> None:
    """S-3: across one cell the hit must be confirmed on 6+ (x 1/2) and the damage is halved."""
    b = battle(ship("A", "red", (0, 0), damage="7"), ship("B", "blue", (0, 2), defence=7))
    od = b.attack_odds("A", Attack("B"))
    assert od is not None and od.range == 2 and od.halvings == 1
    assert od.chance == Fraction(4, 10) * Fraction(1, 2)
    assert od.odds.probabilities == {"miss": Fraction(4, 5), "3": Fraction(1, 5)}
    assert od.mean_damage == 3
    sys_od = b.attack_odds("A", Attack("B", aim="systems"))
    assert sys_od is not None and sys_od.chance == Fraction(1, 5) and sys_od.mean_damage is None


def test_s3_confirmation_number_from_the_options() -> None:
    """S-3 [rule option]: a confirming d10 of 8+ instead of 6+ scales the hit by 3/10; off: none."""
    b = battle(ship("A", "red", (0, 0), damage="4"), ship("B", "blue", (0, 2), defence=5),
               options={"long_shot_confirm_min": 8})
    od = b.attack_odds("A", Attack("B"))
    assert od is not None and od.chance == Fraction(6, 10) * Fraction(3, 10)
    assert sum(od.odds.probabilities.values()) == 1
    b = battle(ship("A", "red", (0, 0), damage="4"), ship("B", "blue", (0, 2), defence=5),
               options={"long_shot_confirm": False})
    od = b.attack_odds("A", Attack("B"))
    assert od is not None and od.chance == Fraction(6, 10) and od.odds["2"] == Fraction(6, 10)


def test_s8_targeting_disabled_and_plating_disabled() -> None:
    """S-8: disabled targeting halves the damage (2d6 -> floor(2d6/2), mean 13/4); disabled hull
    plating on the target adds 2 after halving."""
    b = battle(ship("A", "red", (0, 0), disabled=["targeting"]),
               ship("B", "blue", (1, 1), defence=5, disabled=["plating"]))
    od = b.attack_odds("A", Attack("B"))
    assert od is not None and od.halvings == 1 and od.chance == Fraction(6, 10)
    assert od.mean_damage == Fraction(13, 4) + 2
    assert od.odds["3"] == Fraction(6, 10) * Fraction(3, 36)  # rolled 2 or 3 -> 1, +2 = 3


def test_s13_held_attacker_halves_and_tractor_is_rolled_as_an_attack() -> None:
    """S-13: a held ship's attack does half damage; a tractor beam hits as an attack does."""
    b = battle(ship("A", "red", (0, 0), damage="9", tractor=True),
               ship("B", "blue", (1, 0), defence=4, damage="9"), order=["A", "B"])
    hold = b.attack_odds("A", Tractor("B"))
    assert hold is not None and hold.chance == Fraction(7, 10) and hold.odds.keys() == ["hit", "miss"]
    b.enter_faces(10)
    b.push("A", Tractor("B"))
    assert b.state.ships["B"].held_by == "A"
    od = b.attack_odds("B", Attack("A"))
    assert od is not None and od.halvings == 1 and od.odds.keys() == ["miss", "4"]


def test_not_an_attack_or_not_now_gives_none() -> None:
    b = battle(ship("A", "red", (0, 0)), ship("B", "blue", (5, 5)))
    assert b.attack_odds("A", Move((1, 0))) is None
    assert b.attack_odds("A", Attack("B")) is None  # out of range (S-3)
    assert b.attack_odds("B", Attack("A")) is None  # not B's turn (S-4)


def _cloaked(at: tuple[int, int]) -> SpaceBattle:
    b = battle(ship("Shade", "smugglers", at, cloak=True, cloaked=True, defence=6),
               ship("Cutter", "patrol", (3, 3)), order=["Shade", "Cutter"], width=12, height=12)
    b.push("Shade", Pass())
    return b


def test_s10_cloaked_target_odds_are_conditional_and_never_tell_where_it_is() -> None:
    """S-10: a shot at a named cell is worked out from that cell only: the same odds whether the
    hidden ship is there, next to it or far away, and flagged conditional on the guess."""
    guesses = [Attack("Shade", cell=(4, 4)), Attack("Shade", cell=(3, 5)),
               Attack("Shade", aim="systems", cell=(2, 2))]
    seen = []
    for real in [(4, 4), (3, 5), (9, 9), (2, 2), (6, 3)]:
        b = _cloaked(real)
        answers = []
        for g in guesses:
            od = b.attack_odds("Cutter", g)
            assert od is not None and od.conditional and od.note
            answers.append((od.chance, od.odds.outcomes, od.defence, od.range, od.halvings,
                            od.to_json()))
        seen.append(answers)
    assert all(s == seen[0] for s in seen)
    first = seen[0]
    assert first[0][0] == Fraction(5, 10) and first[1][0] == Fraction(5, 10) * Fraction(1, 2)


def test_s3_s7_exact_odds_agree_with_the_engine_by_sampling() -> None:
    """S-3, S-7: 3000 seeded fights (seeds 0..2999) of one long shot at defence 6 through the real
    engine; the hit rate lies within 3 standard errors of the exact 5/10 * 1/2 = 1/4."""
    def board(seed: int) -> SpaceBattle:
        return battle(ship("A", "red", (0, 0)), ship("B", "blue", (2, 0), defence=6, hull=99),
                      seed=seed)

    p = board(0).attack_odds("A", Attack("B"))
    assert p is not None and p.chance == Fraction(1, 4)
    n = 3000
    hits = 0
    for seed in range(n):
        b = board(seed)
        b.push("A", Attack("B"))
        if b.state.decision is not None:  # S-8: the hit is known, the attacker chooses the hull
            b.push("A", Choose("hull"))
        hits += b.state.ships["B"].hull < 99  # a confirmed hit deals at least floor(2/2) = 1
    se = math.sqrt(float(p.chance) * (1 - float(p.chance)) / n)
    assert abs(hits / n - float(p.chance)) < 3 * se
