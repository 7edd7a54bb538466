"""D-7 Bennies (issue 13, item 6): reroll a trait roll, soak Wounds with Vigor once the damage is
rolled, end Shaken at once; stated in the order (the player's, entered by the GM) or by the
autopilot for the dragons it orders; journaled, told with their dice, replayed exactly; and the
exact odds with a reroll or a soak against the engine's own rolls."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from gmkit.dragons import Attack, Benny, DragonDuel, DragonOrder, GMOrder, Move, UsePower
from gmkit.dragons import odds as D
from gmkit.encounter import Encounter, Mode
from gmkit.errors import IllegalOrder

from .helpers import dragon, duel, keys, scenario
from .test_damage import _agree, _attack_outcome

LEVEL = Move.level(0)


def _benny_events(d: DragonDuel) -> list[Any]:
    return [e for e in d.record if e.kind == "benny"]


# --- reroll -------------------------------------------------------------------------------------


def test_d7_a_benny_rerolls_a_failed_roll_and_the_better_total_stands() -> None:
    """Issue 13 item 6, D-7: Ash's Flame misses (3 against 4); its order spends a Benny on a
    reroll: 6, the better total, stands and hits. The story shows both rolls' faces and the
    Bennies left; a second failure finds no budget left."""
    d = duel(dragon("Ash", "red", 7, 12, piloting="d10"), dragon("Bane", "blue", 7, 11))
    d.submit("Ash", DragonOrder(move=LEVEL, actions=(Attack("Flame", "Bane"), Benny("reroll"))))
    d.enter_faces(3, 2, 6, 1, 1, 1)  # Piloting 3 / wild 2: fails; reroll 6 / 1: 6 hits; damage 1+1
    d.resolve_round()
    (b,) = _benny_events(d)
    assert b.key == "dragons.benny.reroll"
    assert (b.params["first"], b.params["second"], b.params["kept"]) == (3, 6, 6)
    assert [r.faces for r in b.rolls] == [(3, 2), (6, 1)]
    assert "3, then 6; 6 stands" in b.text("en") and "2 left" in b.text("en")
    assert "фишку" in b.text("ru")
    att = next(e for e in d.record if e.kind == "attack")
    assert att.data["hit"] and att.params["roll"] == 6
    assert keys(d).index("dragons.benny.reroll") < keys(d).index("dragons.roll.attack.hit")
    assert d.state.dragons["Ash"].bennies == 2


def test_d7_a_critical_failure_is_not_rerolled_and_one_on_the_reroll_stands() -> None:
    """D-7 (SWADE): no Benny rerolls a critical failure; a reroll that is one stands."""
    d = duel(dragon("Ash", "red", 7, 12, piloting="d10"), dragon("Bane", "blue", 7, 11))
    d.submit("Ash", DragonOrder(move=LEVEL, actions=(Attack("Flame", "Bane"), Benny("reroll"))))
    d.enter_faces(1, 1)  # critical failure at once
    d.resolve_round()
    assert not _benny_events(d) and d.state.dragons["Ash"].bennies == 3
    d2 = duel(dragon("Ash", "red", 7, 12, piloting="d10"), dragon("Bane", "blue", 7, 11))
    d2.submit("Ash", DragonOrder(move=LEVEL, actions=(Attack("Flame", "Bane"), Benny("reroll"))))
    d2.enter_faces(2, 3, 1, 1)  # 3 fails; the reroll is a critical failure, which stands
    d2.resolve_round()
    (b,) = _benny_events(d2)
    assert b.key == "dragons.benny.reroll_crit"
    assert next(e for e in d2.record if e.kind == "attack").key == "dragons.roll.attack.crit"


def test_d7_a_reroll_saves_a_pilot_from_the_dragon() -> None:
    """D-7 with D-10: the Spirit roll against the dragon is a trait roll a Benny may reroll."""
    d = duel(dragon("Ash", "red", 6, 11, spirit="d4"), dragon("Bane", "blue", 6, 10))
    d.submit("Ash", DragonOrder(move=LEVEL, actions=(UsePower("Storm", "d8"), Benny("reroll", 2))))
    d.enter_faces(1, 1, 1, 2, 4, 1)  # Power: critical failure (no reroll); Spirit 2 fails; reroll 4
    d.resolve_round()
    assert not d.state.dragons["Ash"].turned
    assert "dragons.roll.turn.resists" in keys(d) and d.state.dragons["Ash"].bennies == 2


# --- soak ----------------------------------------------------------------------------------------


def _shot_at_bane(vigor: str | None = None, soak: bool = True, **kw: Any) -> DragonDuel:
    bane = dragon("Bane", "blue", 4, 11, toughness=8, max_speed=9, **kw)
    if vigor is not None:
        bane["vigor"] = vigor
    d = DragonDuel(scenario(dragon("Ash", "red", 7, 12, piloting="d10"), bane), 1)
    d.submit("Ash", DragonOrder(move=LEVEL, actions=(Attack("Flame", "Bane"),)))
    if soak:
        d.submit("Bane", DragonOrder(move=LEVEL, actions=(Benny("soak"),)))
    return d


TWO_WOUNDS = (6, 1, 8, 1, 7)
"""Ash's Flame: Piloting 6 / wild 1 hits at range 60 (short); 2d8: 8 aces into 1, and 7: 16
damage against Toughness 8, two Wounds."""


@pytest.mark.parametrize("faces, left, key", [((9, 1), 0, "dragons.roll.benny.soak_all"),
                                              ((5, 1), 1, "dragons.roll.benny.soak"),
                                              ((2, 1), 2, "dragons.roll.benny.soak")])
def test_d7_a_soak_removes_a_wound_per_success_and_raise(faces: tuple[int, int], left: int,
                                                         key: str) -> None:
    """Issue 13 item 6, D-7: two Wounds; Bane's order spends a Benny to soak, decided once the
    damage is rolled and told: Vigor d12 9 (a success and a raise) soaks both and Bane is not
    Shaken either (SWADE); 5 soaks one; 2 none."""
    d = _shot_at_bane("d12")
    d.enter_faces(*TWO_WOUNDS, *faces)
    d.resolve_round()
    soak = next(e for e in d.record if e.kind == "benny")
    assert soak.key == key and soak.data == {"use": "soak", "wounds": 2, "soaked": 2 - left,
                                             "left": left}
    assert soak.rolls[0].faces == faces
    assert keys(d).index("dragons.damage.wounds") < keys(d).index(key)
    bane = d.state.dragons["Bane"]
    assert bane.wounds == left and bane.bennies == 2
    if left == 0:
        assert "dragons.roll.shaken.stays" not in keys(d) and "dragons.roll.shaken.recovers" not in keys(d)
        assert d.state.dragons["Ash"].wounds_dealt == 0


def test_d7_no_soak_without_a_benny_in_the_order() -> None:
    d = _shot_at_bane("d12", soak=False)
    d.enter_faces(*TWO_WOUNDS)
    d.resolve_round()
    assert not _benny_events(d) and d.state.dragons["Bane"].wounds == 2


# --- unshake -------------------------------------------------------------------------------------


def test_d7_a_benny_ends_shaken_at_once_so_a_shaken_dragon_may_order_actions() -> None:
    """Issue 13 item 6, D-7: Shaken Ash may order a climb and an attack when its order spends a
    Benny to end Shaken; its Spirit roll fails, the Benny ends Shaken at once and it acts."""
    d = duel(dragon("Ash", "red", 7, 11, piloting="d10"), dragon("Bane", "blue", 4, 10))
    d.state.dragons["Ash"].shaken = True
    plain = DragonOrder(move=Move.climb(1), actions=(Attack("Flame", "Bane"),))
    with pytest.raises(IllegalOrder, match=r"D-4|D-8"):
        d.submit("Ash", plain)
    d.submit("Ash", DragonOrder(move=Move.climb(1),
                                actions=(Attack("Flame", "Bane"), Benny("unshake"))))
    d.enter_faces(2, 1, 6, 1)  # Spirit 2: stays Shaken; the Benny ends it; Flame 6: hit
    d.resolve_round()
    k = keys(d)
    assert k.index("dragons.roll.shaken.stays") < k.index("dragons.benny.unshake") < \
        k.index("dragons.move.climb")
    assert d.state.dragons["Ash"].height == 12 and any(e.kind == "attack" for e in d.record)
    assert d.state.dragons["Ash"].bennies == 2


def test_d7_no_benny_is_spent_when_spirit_ends_shaken() -> None:
    d = duel(dragon("Ash", "red", 7, 11), dragon("Bane", "blue", 4, 10))
    d.state.dragons["Ash"].shaken = True
    d.submit("Ash", DragonOrder(move=LEVEL, actions=(Benny("unshake"),)))
    d.enter_faces(5, 1)
    d.resolve_round()
    assert not _benny_events(d) and d.state.dragons["Ash"].bennies == 3


# --- pools, refusals ------------------------------------------------------------------------------


def test_d7_pools_own_for_wild_cards_and_the_gms_for_gm_characters() -> None:
    """D-7: each Wild Card has its own pool (3 by default, the scenario's ``bennies``); an Extra
    has none, but a GM-run one spends the GM's pool (one per player's dragon by default); a
    turned dragon spends only the GM's. Asking more than there is is refused with the numbers."""
    ember = dragon("Ember", "red")
    ember["bennies"] = 1
    d = duel(dragon("Ash", "red"), ember, dragon("Raider", "blue", wild_card=False, gm=True),
             dragon("Hired", "blue", wild_card=False))
    assert [d.state.dragons[n].bennies for n in ("Ash", "Ember", "Raider", "Hired")] == [3, 1, 0, 0]
    assert d.state.gm_bennies == 3  # one per dragon a player runs: Ash, Ember, Hired
    d.submit("Raider", DragonOrder(move=LEVEL, actions=(Benny("soak", 3),)))
    with pytest.raises(IllegalOrder, match=r"D-7: Hired has 0 Bennies \(an Extra"):
        d.submit("Hired", DragonOrder(move=LEVEL, actions=(Benny("soak"),)))
    with pytest.raises(IllegalOrder,
                       match=r"D-7: Ember has 1 Benny \(its own\); the order spends up to 2"):
        d.submit("Ember", DragonOrder(move=LEVEL, actions=(Benny("soak"), Benny("reroll"))))
    with pytest.raises(IllegalOrder, match="D-7: name each use of Bennies once"):
        d.submit("Ash", DragonOrder(move=LEVEL, actions=(Benny("soak"), Benny("soak"))))
    d.state.dragons["Ash"].turned = True
    with pytest.raises(IllegalOrder, match=r"D-7: Ash has 3 Bennies \(the GM's pool\)"):
        d.submit("Ash", GMOrder(DragonOrder(move=LEVEL, actions=(Benny("soak", 4),))))


def test_d7_a_gm_character_spends_from_the_gms_pool() -> None:
    """D-7: a GM-run Extra soaks with the GM's Benny; the story says whose it was; the Extra
    that soaked its Wound stays in the fight."""
    d = _shot_at_bane(wild_card=False, gm=True)
    gm0 = d.state.gm_bennies
    d.enter_faces(6, 1, 7, 7, 5)  # 14 damage against 8: a Wound; Vigor d6 (an Extra: no wild) 5
    d.resolve_round()
    soak = next(e for e in d.record if e.kind == "benny")
    assert soak.params["whose"] == {"key": "dragons.benny.gms"} and soak.data["left"] == 0
    assert "GM" in soak.text("en") and d.state.gm_bennies == gm0 - 1
    assert not d.state.dragons["Bane"].out


# --- the autopilot, the journal -------------------------------------------------------------------


ROOT = Path(__file__).resolve().parents[2] / "templates" / "scenarios"


def test_d7_the_autopilot_states_bennies_for_the_dragons_it_orders() -> None:
    """Issue 13 item 6, D-7: the policy answers for GM characters (and any dragon it orders):
    an Extra's order spends the GM's Bennies to soak and to reroll; a fresh Wild Card keeps one
    back for a soak (due from its second Wound) and ends Shaken with one first; with the pools
    empty it spends none."""
    d = DragonDuel.from_scenario(ROOT / "dragon_blue_2v3.yaml", seed=1)
    order = d.autopilot("Raider One")
    assert isinstance(order, DragonOrder)
    assert [a for a in order.actions if isinstance(a, Benny)] == [Benny("soak"), Benny("reroll")]
    assert order in d.legal_orders("Raider One")
    d.state.dragons["Ash"].shaken = True
    ash = d.autopilot("Ash")
    assert isinstance(ash, DragonOrder)
    assert ash.actions[-2:] == (Benny("unshake"), Benny("reroll"))
    assert ash in d.legal_orders("Ash")
    d.state.dragons["Ash"].shaken, d.state.dragons["Ash"].wounds = False, 2
    ash = d.autopilot("Ash")
    assert isinstance(ash, DragonOrder)
    assert ash.actions[-2:] == (Benny("soak"), Benny("reroll"))
    d.state.gm_bennies = 0
    order = d.autopilot("Raider One")
    assert isinstance(order, DragonOrder) and not any(isinstance(a, Benny) for a in order.actions)


def test_d7_bennies_are_journaled_and_replay_exactly(tmp_path: Path) -> None:
    """Issue 13 item 6, C-1/D-7: a fight with Bennies spent (hand-typed faces among them)
    resumes from its journal to the same board, pools and record; undo rebuilds it exactly."""
    path = tmp_path / "duel.jsonl"
    d = DragonDuel.from_scenario(ROOT / "dragon_duel_firmament.yaml", seed=3, journal=path)
    d.submit("Ash", DragonOrder(move=LEVEL, actions=(Benny("reroll"), Benny("soak"))))
    d.enter_faces(2, 1)
    d.resolve_round(autopilot=True)
    for _ in range(12):
        if d.is_over:
            break
        d.resolve_round(autopilot=True)
    assert _benny_events(d)
    state, record = d.state.copy(), [e.to_json() for e in d.record]
    d.close()
    again = Encounter.resume(path)
    assert isinstance(again, DragonDuel)
    assert again.state == state and [e.to_json() for e in again.record] == record
    again.undo()
    again.resolve_round(autopilot=True)
    assert again.state == state and [e.to_json() for e in again.record] == record
    again.close()


# --- the exact odds against the engine --------------------------------------------------------------


def _sample(order_ash: DragonOrder, order_bane: DragonOrder | None, bane: dict[str, Any],
            n: int) -> Counter[str]:
    sc = scenario(dragon("Ash", "red", 7, 12, piloting="d10"), bane)
    seen: Counter[str] = Counter()
    for seed in range(n):
        d = DragonDuel(sc, seed, mode=Mode(rolls=False))
        d.submit("Ash", order_ash)
        if order_bane is not None:
            d.submit("Bane", order_bane)
        events = d.resolve_round()
        out = _attack_outcome(events)
        soak = next((e for e in events if e.kind == "benny" and e.data["use"] == "soak"), None)
        if soak is not None:
            left = soak.data["left"]
            out = "no_effect" if left == 0 else f"wound_{left}" if left < 4 else "wound_4+"
        seen[out] += 1
    return seen


def test_d7_exact_odds_of_a_rerolled_attack_agree_with_the_engine() -> None:
    """Issue 13 item 6, D-7: an attack whose failure a Benny rerolls: the odds (each outcome but
    failure times 1 + f, failure f squared) against the engine's rolls, 3 standard errors."""
    n = 1500
    bane = dragon("Bane", "blue", 7, 11, toughness=9)
    seen = _sample(DragonOrder(move=LEVEL, actions=(Attack("Flame", "Bane"), Benny("reroll"))),
                   None, bane, n)
    want = D.attack("d10", "2d8", 9, rerolls=1)
    assert want.chance > D.attack("d10", "2d8", 9).chance
    _agree(want.outcomes, seen, n)


def test_d7_exact_odds_with_a_soak_agree_with_the_engine() -> None:
    """Issue 13 item 6, D-7: an attack on a target whose order spends a Benny to soak (Vigor
    d8): the odds that include the soak against the engine's rolls, 3 standard errors; the odds
    without it say so in their question."""
    n = 1500
    bane = dragon("Bane", "blue", 7, 11, toughness=9)
    bane["vigor"] = "d8"
    seen = _sample(DragonOrder(move=LEVEL, actions=(Attack("Flame", "Bane"),)),
                   DragonOrder(move=LEVEL, actions=(Benny("soak"),)), bane, n)
    want = D.attack("d10", "2d8", 9, soak="d8")
    assert "soak" in want.describe("en") and "Vigor d8" in want.describe("en")
    assert "leaves out the target's soak" in D.attack("d10", "2d8", 9).describe("en")
    assert sum(p for _, p in want.outcomes) == 1 and want.error < 1e-12
    _agree(want.outcomes, seen, n)


@pytest.mark.parametrize("ra, rd", [(1, 0), (0, 1), (1, 1)])
def test_d7_exact_odds_of_a_contest_with_rerolls_agree_with_the_engine(ra: int, rd: int) -> None:
    """Issue 13 item 6, D-7/D-12: a tail attempt (opposed Piloting) where the actor, the
    defender or both spend a Benny on a reroll: :func:`gmkit.dragons.odds.contest` against the
    engine's contests (the margin read from the kept totals), 3 standard errors; without
    rerolls it is the shared opposed roll."""
    from gmkit.dragons import TailAttempt
    from gmkit.odds import opposed

    for (k, p), (k2, q) in zip(D.contest("d10", "d8").outcomes, opposed("d10", "d8").outcomes, strict=False):
        assert k == k2 and abs(p - q) < 1e-12
    n = 1500
    sc = scenario(dragon("Ash", "red", 6, 10, piloting="d10"), dragon("Bane", "blue", 6, 10))
    ash = DragonOrder(move=LEVEL, actions=(TailAttempt("Bane"),) + ((Benny("reroll"),) if ra else ()))
    bane = DragonOrder(move=LEVEL, actions=(Benny("reroll"),)) if rd else None
    seen: Counter[str] = Counter()
    for seed in range(n):
        d = DragonDuel(sc, seed, mode=Mode(rolls=False))
        d.submit("Ash", ash)
        if bane is not None:
            d.submit("Bane", bane)
        events = d.resolve_round()
        e = next(e for e in events if e.kind in ("tail", "tail_failed"))
        if e.kind == "tail_failed":
            seen["defender"] += 1
        else:
            k = (e.params["roll"] - e.params["against"]) // 4
            seen["success" if k == 0 else f"raise_{k}" if k < 3 else "raise_3+"] += 1
    want = D.contest("d10", "d8", attacker_rerolls=ra, defender_rerolls=rd)
    _agree(want.outcomes, seen, n)
