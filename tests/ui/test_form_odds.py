"""The space and fantasy order forms show the engine's chances beside each attack (issue 8:
"the order forms show these chances"; S-3, S-7, S-10, S-13, F-2, F-4, F-9)."""

from __future__ import annotations

from typing import Any

import pytest

from gmkit.fantasy import Skirmish
from gmkit.fantasy.ui import SkirmishOrderForm
from gmkit.space import Attack, Pass, SpaceBattle
from gmkit.space.ui import SpaceOrderForm
from gmkit.ui.order_form import pct
from tests.fantasy.helpers import beast, hero
from tests.fantasy.helpers import scenario as f_scenario
from tests.space.helpers import scenario as s_scenario
from tests.space.helpers import ship


def _space() -> SpaceBattle:
    return SpaceBattle(s_scenario(ship("A", "red", (0, 0), damage="7", tractor=True),
                                  ship("B", "blue", (1, 0), defence=7),
                                  ship("C", "blue", (0, 2), defence=7)), 1)


def _labels(form: Any, kind: str) -> list[str]:
    form.kind.value = kind
    return [label for label, value in form.choice.options if value != -1]  # not the "choose" line


def test_space_form_attack_labels_show_the_engines_hit_chance_S3_S7() -> None:
    """S-7: touching, defence 7: 40%; S-3: across one cell, confirmed on 6+: 20%, damage halved."""
    form = SpaceOrderForm(_space())
    labels = _labels(form, "Attack")
    to_b = [x for x in labels if "fire at B" in x]
    to_c = [x for x in labels if "fire at C" in x]
    assert to_b and all("hit 40%" in x for x in to_b)
    assert to_c and all("hit 20%" in x for x in to_c)
    assert any("average damage 7.0" in x for x in to_b) and any("average damage 3.0" in x for x in to_c)
    assert all(x.count("%") == 1 for x in labels)
    hold = _labels(form, "Tractor")
    assert hold == ["tractor beam on B · hold 40%"]
    assert all("%" not in x for x in _labels(form, "Move"))


def test_space_form_odds_in_russian_through_the_catalogue() -> None:
    form = SpaceOrderForm(_space(), lang="ru")
    assert any("попадание 40%" in x for x in _labels(form, "Attack"))


def test_space_form_cloaked_guess_says_it_is_conditional_and_hides_the_cell_S10() -> None:
    """S-10: the patrol's form shows the same chance for each named cell whatever the hidden
    ship's real cell, marked as holding only if the cell is right."""
    seen = []
    for real in [(4, 4), (9, 9), (3, 5)]:
        b = SpaceBattle(s_scenario(ship("Shade", "smugglers", real, cloak=True, cloaked=True, defence=6),
                                   ship("Cutter", "patrol", (3, 3)), order=["Shade", "Cutter"],
                                   width=12, height=12), 1)
        b.push("Shade", Pass())
        form = SpaceOrderForm(b, side="patrol")
        guesses = [Attack("Shade", cell=(4, 4)), Attack("Shade", cell=(3, 5))]
        seen.append([form.label(g) for g in guesses])
    assert all(s == seen[0] for s in seen)
    assert "hit 50%" in seen[0][0] and "if the named cell is right" in seen[0][0]
    assert "hit 25%" in seen[0][1] and "Shade" not in seen[0][0]


def test_space_form_survives_odds_that_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """Odds are a help: an engine that cannot answer leaves the plain labels."""
    b = _space()

    def boom(*_a: Any) -> None:
        raise RuntimeError("no odds today")

    monkeypatch.setattr(b, "attack_odds", boom)
    form = SpaceOrderForm(b)
    labels = _labels(form, "Attack")
    assert labels and all("%" not in x for x in labels)


def _skirmish(**kw: Any) -> Skirmish:
    sk = Skirmish.from_scenario(f_scenario(
        hero(melee={"name": "fang", "damage": "1-2-3", "special": "яд16ПБ6"}, strength=1),
        beast(ac=5, wisdom=1, escape=[1, 2, 3]), **kw), seed=3)
    assert isinstance(sk, Skirmish)
    return sk


def test_fantasy_form_strike_labels_show_hit_special_and_damage_F2_F4() -> None:
    """F-2: AC 5 needs 12: 7/18 = 39%; F-4/F-5: the poison takes effect 7/486 = 1%; F-3 mean 3."""
    form = SkirmishOrderForm(_skirmish())
    strike = _labels(form, "Strike")
    assert strike == [f"strike Beast · hit {pct(7 / 18)}, special attack {pct(7 / 486)}, average damage 3.0"]
    assert pct(7 / 18) == "39%"
    flee = _labels(form, "Flee")
    assert flee == [f"flee · escape {pct(1 / 2)}"]  # F-10: faces 1, 2, 3 of a d6


def test_fantasy_form_survives_odds_that_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    sk = _skirmish()

    def boom(*_a: Any) -> None:
        raise ValueError("no odds today")

    monkeypatch.setattr(sk, "strike_odds", boom)
    form = SkirmishOrderForm(sk)
    assert _labels(form, "Strike") == ["strike Beast"]
