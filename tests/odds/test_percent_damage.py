"""F-3 percentage damage in the odds: "Damage may also be a percentage of the target's current hit
points." Exact figures, the engine's own rule and its real strikes, the missing-field error, the
question in both languages, and the fantasy order form (issue 8)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from gmkit import odds
from gmkit.errors import DiceError
from gmkit.fantasy import Strike, rules
from gmkit.fantasy.ui import SkirmishOrderForm
from gmkit.ui.order_form import pct
from tests.fantasy.helpers import beast, d18, hero, make


def test_f3_25_percent_of_12_is_3_on_a_hit_and_the_rest_misses() -> None:
    """F-2 AC 5 needs 12 (7/18); a hit deals 25% of 12 = 3, nothing else."""
    o = odds.strike(5, "25%", target_hp=12)
    assert o.probabilities == {"miss": Fraction(11, 18), "3": Fraction(7, 18)}
    assert o["miss"] == 1 - odds.d18_hit(5).chance
    assert o.chance == odds.d18_hit(5).chance
    with_mod = odds.strike(5, "25%", 2, target_hp=12)
    assert with_mod["3"] == odds.d18_hit(5, 2).chance == Fraction(9, 18)
    assert odds.strike(-2, "25%", target_hp=12)["3"] == Fraction(1, 108)  # 18, then a 6
    assert odds.strike(-3, "25%", target_hp=12).get("3") == 0  # cannot be hit


def test_f3_percent_is_one_certain_value_exact_and_unrounded() -> None:
    assert odds.percent(25, 12).probabilities == {"3": Fraction(1)}
    assert odds.percent_value(50, 9) == Fraction(9, 2)
    assert odds.percent_value(33, 10) == Fraction(33, 10)
    assert odds.percent_value(12.5, 7) == Fraction(7, 8)
    assert odds.percent_value(50, 4.5) == Fraction(9, 4)
    assert odds.percent(100, 7).probabilities == {"7": Fraction(1)}
    dead = odds.percent(25, 0)
    assert dead.probabilities == {"0": Fraction(1)} and dead.chance == 0
    assert odds.percent(25, 12).chance == 1
    assert odds.table("25%", target_hp=12) == odds.percent(25, 12)
    assert odds.table_values("50%", target_hp=9) == {Fraction(9, 2): Fraction(1)}
    assert odds.table_mean("33%", target_hp=10) == Fraction(33, 10)


def test_f3_strength_and_constitution_do_not_modify_a_percentage() -> None:
    """The engine adds Strength (melee) or Constitution (ranged) to table damage only."""
    assert odds.strike(5, "25%", 0, 2, target_hp=12) == odds.strike(5, "25%", target_hp=12)
    assert odds.table_values("25%", 3, target_hp=12) == {Fraction(3): Fraction(1)}
    # a table still takes its bonus, and target_hp changes nothing there
    assert odds.strike(5, "1-2", 0, 1, target_hp=12) == odds.strike(5, "1-2", 0, 1)
    assert odds.strike(5, "1-2", 0, 1).keys() == ["miss", "2", "3"]


@pytest.mark.parametrize("hp", [0, 1, 2.5, 7, 9, 10, 12, 33, 100])
@pytest.mark.parametrize("percent", [1, 10, 12.5, 25, 33, 50, 66.6, 100])
def test_f3_agrees_with_the_engines_rule_function(percent: float, hp: float) -> None:
    engine = rules.percent_damage(hp, percent)
    assert float(odds.percent_value(percent, hp)) == pytest.approx(engine, rel=1e-12, abs=1e-12)


def test_f3_missing_target_hp_is_a_clear_error() -> None:
    for call in (lambda: odds.strike(5, "25%"), lambda: odds.table("25%"),
                 lambda: odds.table_values(" 25 % "), lambda: odds.table_mean("25%")):
        with pytest.raises(DiceError, match=r"F-3.*target_hp"):
            call()


@pytest.mark.parametrize("args,match", [((0, 12), "more than 0 and at most 100"),
                                        ((150, 12), "more than 0 and at most 100"),
                                        ((25, -1), "target_hp.*at least 0"),
                                        ((25, "12"), "target_hp.*number"),
                                        (("25%", 12), "a number like 25")])
def test_f3_bad_percent_or_hit_points_name_the_rule_and_field(args: tuple[Any, Any], match: str) -> None:
    with pytest.raises(DiceError, match="F-3: .*" + match):
        odds.percent(*args)


def test_f3_bad_percentage_text_is_refused_as_the_engine_refuses_it() -> None:
    with pytest.raises(DiceError, match="F-3"):
        odds.strike(5, "0%", target_hp=12)
    with pytest.raises(DiceError, match="F-3"):
        odds.table("x%", target_hp=12)


def test_f3_question_in_english_and_russian() -> None:
    o = odds.strike(5, "25%", target_hp=12)
    assert o.describe("en") == "d18 vs AC 5, then damage 25% of the target's current 12 hit points"
    assert o.describe("ru") == "d18 против КД 5, затем урон 25\u00a0% от текущих ОР цели (12)"
    assert odds.percent(12.5, 7).describe("en") == "damage 12.5% of the target's current 7 hit points"
    assert "0.875" in odds.percent(12.5, 7).text("en")


def test_f3_engine_strikes_land_as_the_odds_say() -> None:
    """The real engine, 3000 seeded skirmishes (seeds 0..2999), one 25% strike each at a 12 hit
    point target of AC 5 (Strength 2, which must not count): every hit deals exactly 3, and the
    miss and hit rates lie within 3 standard errors of the exact figures."""
    n = 3000
    want = odds.strike(5, "25%", target_hp=12)
    seen: Counter[str] = Counter()
    for seed in range(n):
        sk = make(hero(melee={"name": "drain", "damage": "25%"}, strength=2), beast(hp=12, ac=5),
                  seed=seed)
        sk.submit("Hero", Strike("Beast"))
        sk.resolve_round()
        dealt = [e.data["amount"] for e in sk.events_for() if e.kind == "damage" and e.actor == "Hero"]
        assert len(dealt) <= 1
        seen[str(dealt[0]) if dealt else "miss"] += 1
    assert set(seen) <= set(want.keys())
    for key, p in want.outcomes:
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen[key] / n - float(p)) < 3 * se, (key, seen[key], p)


def test_f3_the_percentage_is_of_hit_points_at_the_moment_of_the_hit() -> None:
    """Two 50% attacks in one strike on 12 hit points: the second takes half of what is left."""
    sk = make(hero(melee=[{"name": "left", "damage": "50%"}, {"name": "right", "damage": "50%"}]),
              beast(hp=12, ac=5))
    sk.enter_faces(*d18(18), *d18(18))
    sk.submit("Hero", Strike("Beast"))
    sk.resolve_round()
    dealt = [Fraction(e.data["amount"]) for e in sk.events_for() if e.kind == "damage"]
    assert dealt == [odds.percent_value(50, 12), odds.percent_value(50, 6)] == [6, 3]
    assert sk.state.combatants["Beast"].hp == 3


def _labels(form: Any, kind: str) -> list[str]:
    form.kind.value = kind
    return [label for label, _ in form.choice.options]


def test_f3_the_order_form_shows_a_percentage_strikes_damage_to_those_who_may_see_the_hp() -> None:
    """The engine gives 25% of the beast's 12 hit points; the GM's form shows it, the party's form
    keeps the monster's hit points hidden, so it shows the hit chance only (F-2 AC 5: 7/18)."""
    sk = make(hero(melee={"name": "drain", "damage": "25%"}, strength=2), beast(hp=12, ac=5))
    line = sk.strike_odds("Hero", Strike("Beast")).lines[0]  # type: ignore[union-attr]
    assert line.mean_damage == odds.percent_value(25, 12) == 3  # the engine's figure, for every viewer
    gm = _labels(SkirmishOrderForm(sk), "Strike")
    assert gm == [f"strike Beast · hit {pct(7 / 18)}, average damage 3.0"]
    assert _labels(SkirmishOrderForm(sk, side="party"), "Strike") == [f"strike Beast · hit {pct(7 / 18)}"]


def test_f3_the_order_form_shows_a_monsters_percentage_against_a_player_in_russian() -> None:
    """A monster's 50% bite on a hero of 9 hit points (visible to all): 4.5 on a hit, F-2 AC 8: 10/18."""
    sk = make(hero(hp=9), beast(melee={"name": "bite", "damage": "50%"}), first="monsters")
    labels = _labels(SkirmishOrderForm(sk, side="monsters", lang="ru"), "Strike")
    assert len(labels) == 1 and labels[0].endswith(f"попадание {pct(10 / 18)}, средний урон 4.5")
