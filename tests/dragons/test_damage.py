"""D-7 "by the base rules" = SWADE damage (issue 13, item 6): Armour Piercing against Armour,
in the engine, in the story and in the exact odds (checked against seeded sampling)."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from gmkit.dragons import Attack, DragonDuel, DragonOrder, Move
from gmkit.dragons import odds as D
from gmkit.encounter import Mode
from gmkit.odds import attack as shared_attack

from .helpers import dragon, scenario

FLAME_AP = [{"name": "Flame", "kind": "ranged", "damage": "2d8", "ranges": [60, 120, 180], "ap": 2}]


def _armoured(ap: int = 2, armour: int = 3) -> dict[str, Any]:
    weapons = [dict(FLAME_AP[0], ap=ap)]
    bane = dragon("Bane", "blue", 7, 11, toughness=9)
    bane["armour"] = armour
    return scenario(dragon("Ash", "red", 7, 12, weapons=weapons, piloting="d10"), bane)


def test_d7_armour_piercing_ignores_armour_up_to_its_value() -> None:
    """Issue 13 item 6, D-7: Flame (AP 2) against Bane's Toughness 9 with Armour 3: measured
    against 7, so 7 damage Shakes; the story names the AP and the Armour."""
    d = DragonDuel(_armoured(), 1)
    d.submit("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Flame", "Bane"),)))
    d.enter_faces(6, 2, 3, 4)  # Piloting d10 6: hit (short range); damage 3 + 4 = 7
    d.resolve_round()
    e = next(e for e in d.record if e.kind == "damage")
    assert e.data == {"damage": 7, "shaken": True, "wounds": 0, "toughness": 7}
    assert "AP 2" in e.text("en") and "Armour 3" in e.text("en")
    assert "бронебойность 2" in e.text("ru") and e.key == "dragons.damage.shaken"


def test_d7_no_armour_piercing_measures_against_the_whole_toughness() -> None:
    """D-7: without AP (or without Armour) the hit is measured against the whole Toughness,
    and the story reads as before."""
    d = DragonDuel(_armoured(ap=0), 1)
    d.submit("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Flame", "Bane"),)))
    d.enter_faces(6, 2, 3, 4)
    d.resolve_round()
    e = next(e for e in d.record if e.kind == "damage")
    assert e.data == {"damage": 7, "shaken": False, "wounds": 0}
    assert e.params["toughness"] == 9


def test_d7_the_armour_fields_are_left_out_of_a_scenario_without_them() -> None:
    d = DragonDuel(scenario(dragon("Ash", "red"), dragon("Bane", "blue")), 1)
    assert "armour" not in d.scenario["dragons"][0]
    assert "ap" not in d.scenario["dragons"][0]["weapons"][0]


def test_d7_exact_odds_with_armour_piercing_agree_with_the_engine() -> None:
    """Issue 13 item 6, D-7: the odds of an AP attack against Armour (the shared C-4 attack at
    the Toughness the AP leaves) agree with the engine's own attacks, 3 standard errors."""
    sc = _armoured()
    want = D.attack("d10", "2d8", 9, armour=3, ap=2)
    assert want == shared_attack("d10", "2d8", 7)
    n = 1500
    seen: Counter[str] = Counter()
    for seed in range(n):
        duel = DragonDuel(sc, seed, mode=Mode(rolls=False))
        duel.submit("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Flame", "Bane"),)))
        events = duel.resolve_round()
        seen[_attack_outcome(events)] += 1
    _agree(want.outcomes, seen, n)


def _attack_outcome(events: list[Any]) -> str:
    att = next(e for e in events if e.kind == "attack")
    if att.key.endswith("crit"):
        return "critical_failure"
    if not att.data["hit"]:
        return "miss"
    w = next(e for e in events if e.kind == "damage").data
    k = w["wounds"]
    return "no_effect" if not w["shaken"] else "shaken" if k == 0 else (
        f"wound_{k}" if k < 4 else "wound_4+")


def _agree(outcomes: Any, seen: Counter[str], n: int) -> None:
    assert set(seen) <= {k for k, _ in outcomes}, seen
    for key, p in outcomes:
        se = math.sqrt(float(p) * (1 - float(p)) / n) or 1 / n
        assert abs(seen[key] / n - float(p)) <= 3 * se, (key, seen[key] / n, float(p))
