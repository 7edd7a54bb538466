"""The engine on concrete positions: every D-rule as the duel applies it.

Dice are controlled with ``enter_faces`` (C-2): typed-in faces are used in order, so each test
states exactly which roll gets which face.
"""

from __future__ import annotations

import copy

import pytest

from gmkit.dragons import (
    Attack,
    DragonDuel,
    DragonOrder,
    Force,
    Manoeuvre,
    Move,
    ShakeOff,
    TailAttempt,
    UsePower,
)
from gmkit.errors import IllegalOrder

from .helpers import dragon, duel, keys


def frozen(d: DragonDuel) -> tuple:
    return (copy.deepcopy(d.state), dict(d._pending), list(d._arrival), len(d.record),
            d.dice.draws, len(d.history))


# --- D-1 orders -----------------------------------------------------------------------------


def test_d1_order_is_one_move_and_actions_and_stays_secret() -> None:
    """D-1: one movement plus actions; the board shows who ordered, never what."""
    d = duel(dragon("Ash", "red", 6, 12), dragon("Bane", "blue", 4, 10))
    d.submit("Bane", DragonOrder(move=Move.level(1)))
    d.submit("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Flame", "Bane"),)))
    b = d.board()
    assert b["orders_received"] == ["Bane", "Ash"]
    assert "Flame" not in str(b["orders_received"]) and "actions" not in str(b)


def test_d1_bad_orders_name_the_rule_and_leave_the_duel_untouched() -> None:
    """D-1/D-4/D-5/D-8: refusals name the rule and the numbers; nothing changes."""
    d = duel(dragon("Ash", "red", 4, 10), dragon("Bane", "blue", 3, 12), dragon("Cy", "red", 4, 10))
    d.submit("Cy", DragonOrder(move=Move.level(0)))
    before = frozen(d)
    bad = [
        ("Ash", DragonOrder(move=Move.climb(2)), "D-4", "climbing 2 levels costs 6 Speed, Ash has 4"),
        ("Ash", DragonOrder(move=Move.level(3)), "D-4", "not +3"),
        ("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Tail", "Bane"),)), "D-5",
         "no weapon 'Tail'"),
        ("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Flame", "Bane"),)), "D-5",
         "below the target at 12"),
        ("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Claws", "Cy"),)), "D-5",
         "both on side 'red'"),
        ("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Claws", "Ash"),)), "D-5", "itself"),
        ("Zed", DragonOrder(), "D-1", "no dragon named 'Zed'"),
        ("Ash", Move.level(0), "D-1", "DragonOrder"),
        ("Ash", DragonOrder(move=Move.level(0), actions=(ShakeOff(),)), "D-12", "nobody is on Ash's tail"),
        ("Ash", DragonOrder(move=Move.level(0), actions=(Force("up"),)), "D-12", "only a pursuer may force"),
    ]
    for actor, order, rule, text in bad:
        with pytest.raises(IllegalOrder) as e:
            d.submit(actor, order)
        assert e.value.rule == rule, (order, str(e.value))
        assert text in str(e.value), str(e.value)
        assert frozen(d) == before


def test_d1_multi_action_penalty_on_each_roll() -> None:
    """D-1/C-4: two actions: -2 on each action roll."""
    d = duel(dragon("Ash", "red", 6, 11), dragon("Bane", "blue", 6, 10))
    d.submit("Ash", DragonOrder(move=Move.level(0),
                                actions=(Attack("Flame", "Bane"), UsePower("Fear", "d6"))))
    d.resolve_round()
    atk = next(e for e in d.record if e.kind == "attack")
    assert atk.data["modifier"] == -2 and atk.data["range"] == 50
    assert "dragons.multi_action" in keys(d)


def test_d1_one_attack_per_weapon() -> None:
    """D-5: at most one attack per weapon per round."""
    d = duel(dragon("Ash", "red", 6, 11), dragon("Bane", "blue", 6, 10))
    with pytest.raises(IllegalOrder, match="D-5: one attack per weapon per round: Flame"):
        d.submit("Ash", DragonOrder(move=Move.level(0),
                                    actions=(Attack("Flame", "Bane"), Attack("Flame", "Bane"))))


def test_d1_missing_order_holds_level_and_says_so() -> None:
    """D-1: a round resolves with orders missing: the dragon holds level flight at its Speed."""
    d = duel(dragon("Ash", "red", 6, 11), dragon("Bane", "blue", 4, 10))
    d.submit("Ash", DragonOrder(move=Move.level(1)))
    d.resolve_round()
    ev = next(e for e in d.record if e.key == "dragons.move.missing")
    assert ev.actor == "Bane" and ev.data["missing"]
    assert d.position("Bane") == (4, 10) and d.position("Ash") == (7, 11)
    assert "No order from Bane" in ev.text("en") and "нет заявки" in ev.text("ru")


# --- D-2 / D-3 --------------------------------------------------------------------------------


def test_d2_heights_normalised_at_start() -> None:
    """D-2: the lowest dragon starts at Height 10."""
    d = duel(dragon("Ash", "red", 6, 3), dragon("Bane", "blue", 4, 0))
    assert d.position("Ash") == (6, 13) and d.position("Bane") == (4, 10)


def test_d3_initiative_speed_height_arrival_extras_last() -> None:
    """D-3: ties by Height then order arrival; Extras count as ordering last."""
    d = duel(dragon("Xtra", "blue", 6, 10, wild_card=False), dragon("Pam", "red", 6, 10),
             dragon("Quin", "red", 6, 10), dragon("High", "blue", 6, 11), dragon("Fast", "blue", 7, 10))
    for name in ("Xtra", "Quin", "Pam", "High", "Fast"):
        d.submit(name, DragonOrder(move=Move.level(0)))
    d.resolve_round()
    ini = next(e for e in d.record if e.kind == "initiative")
    assert ini.data["order"] == ["Fast", "High", "Quin", "Pam", "Xtra"]


def test_d3_gm_run_counts_last() -> None:
    """D-3: a GM-run Wild Card counts as ordering last too."""
    d = duel(dragon("Boss", "blue", 6, 10, gm=True), dragon("Pam", "red", 6, 10))
    d.submit("Boss", DragonOrder(move=Move.level(0)))
    d.submit("Pam", DragonOrder(move=Move.level(0)))
    d.resolve_round()
    assert next(e for e in d.record if e.kind == "initiative").data["order"] == ["Pam", "Boss"]


# --- D-4 movement -------------------------------------------------------------------------------


def test_d4_legal_moves_with_wound_speed_loss() -> None:
    """D-4/D-8: a wound's Speed loss shrinks the climbs on offer."""
    d = duel(dragon("Ash", "red", 7, 10), dragon("Bane", "blue", 4, 10))
    assert Move.climb(2) in d.legal_moves("Ash")
    d.state.dragons["Ash"].speed -= 2
    assert Move.climb(2) not in d.legal_moves("Ash") and Move.climb(1) in d.legal_moves("Ash")


def test_d4_speed_zero_starts_a_fall() -> None:
    """D-4/D-9: a climb that leaves Speed 0 is legal and starts a fall."""
    d = duel(dragon("Ash", "red", 3, 10), dragon("Bane", "blue", 4, 10))
    d.submit("Ash", DragonOrder(move=Move.climb(1)))
    d.resolve_round()
    assert d.state.dragons["Ash"].falling and "dragons.fall.stall" in keys(d)
    assert d.legal_moves("Ash") == [] and "Ash" not in d.awaiting()
    with pytest.raises(IllegalOrder, match="D-9"):
        d.submit("Ash", DragonOrder(move=Move.level(0)))


def test_d4_climb_refused_when_speed_lost_before_the_turn() -> None:
    """D-4 at the turn: a climb that wounds have made unaffordable is not flown; the event says so."""
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 9, 11))
    d.submit("Ash", DragonOrder(move=Move.climb(2)))
    d.submit("Bane", DragonOrder(move=Move.level(0), actions=(Attack("Flame", "Ash"),)))
    # Bane acts first (range 80, -2): d8 7, wild 2 -> 5, hit; damage 7+7 = 14 vs 8 -> 1 wound
    d.enter_faces(7, 2, 7, 7, 1, 1)  # and Ash's Spirit at its turn: 1, 1 -> stays Shaken
    d.resolve_round()
    assert d.state.dragons["Ash"].wounds == 1
    assert "dragons.move.impossible" in keys(d) or "dragons.move.shaken_level" in keys(d)
    assert d.position("Ash")[1] == 10


# --- D-5 attacks --------------------------------------------------------------------------------


def test_d5_engine_ranges() -> None:
    """D-5: the engine's range_between: formula, equal position 5, tail 5."""
    d = duel(dragon("Ash", "red", 8, 12), dragon("Bane", "blue", 5, 10), dragon("Cy", "blue", 8, 12))
    assert d.range_between("Ash", "Bane") == 130
    assert d.range_between("Ash", "Cy") == 5
    d.state.dragons["Bane"].tailing, d.state.dragons["Ash"].tailed_by = "Ash", "Bane"
    assert d.range_between("Bane", "Ash") == 5


def test_d5_ranged_attack_from_below_refused() -> None:
    """D-5: no ranged attack from below: refused at the order when the target cannot have moved."""
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 4, 11))
    with pytest.raises(IllegalOrder) as e:
        d.submit("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Flame", "Bane"),)))
    assert e.value.rule == "D-5" and "attacker at 10 is below the target at 11" in str(e.value)
    # climbing above it first makes the same attack legal
    d.submit("Ash", DragonOrder(move=Move.climb(2), actions=(Attack("Flame", "Bane"),)))


def test_d5_ranged_attack_from_below_lost_at_the_turn() -> None:
    """D-5: when the target moves first and ends above, the attack is lost with the reason."""
    d = duel(dragon("Ash", "red", 4, 11), dragon("Bane", "blue", 8, 10))
    d.submit("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Flame", "Bane"),)))
    d.submit("Bane", DragonOrder(move=Move.climb(2)))
    d.resolve_round()
    lost = next(e for e in d.record if e.key == "dragons.action.lost")
    assert lost.data["rule"] == "D-5" and lost.data["code"] == "below"
    assert "below Bane" in lost.text("en") and "снизу" in lost.text("ru")
    assert d.state.dragons["Ash"].attacks == 0


def test_d5_attack_options_for_a_form() -> None:
    """D-5: attack_options lists range, band, modifier, TN and why an option is not legal."""
    d = duel(dragon("Ash", "red", 6, 11), dragon("Bane", "blue", 6, 10, fighting="d10"))
    opts = {(o["weapon"], o["target"]): o for o in d.attack_options("Ash")}
    flame = opts[("Flame", "Bane")]
    assert (flame["range"], flame["band"], flame["modifier"], flame["tn"], flame["legal"]) == (
        50, "short", 0, 4, True)
    assert flame["die"] == "d8" and flame["kind"] == "ranged" and flame["reason"] is None
    claws = opts[("Claws", "Bane")]
    assert not claws["legal"] and claws["reason"].startswith("D-5") and claws["tn"] == 7
    low = {(o["weapon"]): o for o in d.attack_options("Ash", Move.dive(1))}
    assert low["Claws"]["legal"] and not low["Flame"]["legal"]
    assert d.legal_orders("Ash").attacks == [flame]


def test_d5_d6_melee_against_parry() -> None:
    """D-5/D-6: melee at the same Height rolls Fighting against the target's Parry."""
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 4, 10, fighting="d12"))
    d.submit("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Claws", "Bane"),)))
    d.enter_faces(7, 3)  # 7 against Parry 8: miss
    d.resolve_round()
    atk = next(e for e in d.record if e.kind == "attack")
    assert atk.data["tn"] == 8 and not atk.data["hit"] and atk.data["band"] is None
    assert atk.key == "dragons.roll.melee.miss"
    assert "Parry 8" in atk.text("en") and "Блока 8" in atk.text("ru")


# --- D-7 / D-8 damage and wounds ---------------------------------------------------------------


def _hit(d: DragonDuel, damage_faces: tuple[int, ...], more: tuple[int, ...] = ()) -> None:
    """Ash (fast, above) fires Flame at Bane: d8 6 + wild 2 -> hit, no raise; then the faces."""
    d.submit("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Flame", "Bane"),)))
    d.enter_faces(6, 2, *damage_faces, *more)
    d.resolve_round()


def test_d7_damage_below_toughness_no_effect_and_shaken() -> None:
    """D-7/C-4: under Toughness nothing; at Toughness Shaken."""
    d = duel(dragon("Ash", "red", 8, 11), dragon("Bane", "blue", 4, 10, toughness=9))
    _hit(d, (4, 4))
    assert not d.state.dragons["Bane"].shaken
    _hit(d, (5, 4), more=(1, 1, 1))  # Bane's Spirit at its turn: d8 1, wild 1 -> stays
    assert d.state.dragons["Bane"].shaken and d.state.dragons["Bane"].wounds == 0


def test_d8_wild_card_first_wound() -> None:
    """D-8: a Wild Card's 1st wound: -2 Speed at once, -1 to actions."""
    d = duel(dragon("Ash", "red", 8, 11), dragon("Bane", "blue", 5, 10))
    _hit(d, (7, 5), more=(1, 2))  # 12 vs 8: 1 wound; Bane's Spirit 1/2: stays Shaken
    b = d.state.dragons["Bane"]
    assert (b.wounds, b.speed, b.shaken) == (1, 3, True)
    assert "dragons.wound.row1" in keys(d)


def test_d8_wild_card_second_wound_breaks_weapons_on_1_2() -> None:
    """D-8: two wounds at once: -2 then -3 Speed, and a d6 per weapon: 1-2 out."""
    d3 = duel(dragon("Ash", "red", 8, 11), dragon("Bane", "blue", 7, 10, toughness=4))
    _hit(d3, (7, 5), more=(2, 3))  # 12 vs 4: 2 wounds; weapon checks: Flame 2 (out), Claws 3 (holds)
    b = d3.state.dragons["Bane"]
    assert b.wounds == 2 and b.speed == 2 and b.weapons_out == (True, False)
    ks = keys(d3)
    assert ks.index("dragons.wound.row1") < ks.index("dragons.wound.row2")
    assert "dragons.weapon.out" in ks and "dragons.weapon.ok" in ks
    with pytest.raises(IllegalOrder, match="D-8: Bane's Flame is out of the fight"):
        d3.submit("Bane", DragonOrder(move=Move.level(0), actions=(Attack("Flame", "Ash"),)))


def test_d8_wild_card_third_wound_falls_and_checks_spirit() -> None:
    """D-8/D-10: the 3rd wound: -1 Height, a fall, a Spirit check (failed: the dragon turns)."""
    d = duel(dragon("Ash", "red", 8, 12), dragon("Bane", "blue", 7, 10, toughness=4, spirit="d4"))
    d.state.dragons["Bane"].wounds = 2
    # 4+4 = 8 vs 4 -> the 3rd wound; weapons 6, 6 hold; D-10 Spirit d4 1 / wild 2, -3: consumed;
    # at its turn: Shaken Spirit 1/1, then it falls 2 (Speed 7) and Piloting 1/1 fails
    _hit(d, (4, 4), more=(6, 6, 1, 2, 1, 1, 1, 1))
    b = d.state.dragons["Bane"]
    assert (b.wounds, b.falling, b.turned) == (3, True, True)
    assert next(e for e in d.record if e.kind == "height_loss").params["height"] == 9
    assert b.height == 7
    assert "dragons.roll.turn.consumed" in keys(d)
    assert d.board()["dragons"][1]["gm"] is True


def test_d8_wild_card_fourth_wound_out_blue_dead() -> None:
    """D-8/D-13: 4+ wounds in the Blue: dead."""
    d = duel(dragon("Ash", "red", 8, 11), dragon("Bane", "blue", 5, 10, toughness=4))
    d.state.dragons["Bane"].wounds = 3
    _hit(d, (4, 4))  # 8 vs 4: 1 wound -> 4th
    b = d.state.dragons["Bane"]
    assert b.out and b.out_reason == "killed"
    assert d.is_over and d.outcome() == {"winner": "red", "reason": "last_side", "rounds": 1,
                                         "survivors": ["Ash"]}


def test_d8_extra_withdraws_at_one_wound() -> None:
    """D-8: an Extra with one wound is out of the fight (withdraws)."""
    d = duel(dragon("Ash", "red", 8, 11), dragon("Bane", "blue", 5, 10, wild_card=False),
             dragon("Cy", "blue", 5, 10, wild_card=False))
    _hit(d, (7, 5))
    b = d.state.dragons["Bane"]
    assert b.out and b.out_reason == "withdrew" and b.wounds == 1
    assert not d.is_over


@pytest.mark.parametrize("battlefield,face,reason", [("blue", None, "killed"),
                                                     ("firmament", 6, "downed"),
                                                     ("firmament", 5, "killed")])
def test_d8_d13_extra_downed_at_two_wounds(battlefield: str, face: int | None, reason: str) -> None:
    """D-8/D-13: an Extra at 2 wounds falls: dead in the Blue; a slight chance over the Firmament."""
    d = duel(dragon("Ash", "red", 8, 11), dragon("Bane", "blue", 5, 10, wild_card=False),
             dragon("Cy", "blue", 5, 10), battlefield=battlefield)
    _hit(d, (8, 7, 1), more=(() if face is None else (face,)))  # 8+1+7 = 16 vs 8: 2 wounds
    assert d.state.dragons["Bane"].out_reason == reason


# --- D-9 falling -----------------------------------------------------------------------------------


def test_d9_fall_drops_and_recovery_penalty_grows() -> None:
    """D-9: drop 1 at Speed 5, 2 at 7, 3 at 11; recovery at -1, -2, -3."""
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 5, 40, piloting="d4"))
    d.state.dragons["Bane"].falling = True
    drops, pens = [], []
    for _ in range(3):
        d.enter_faces(2, 2)  # Piloting d4 2 / wild 2, minus the penalty: fails
        start = len(d.record)
        d.resolve_round()
        new = d.record[start:]
        drops += [e.data["drop"] for e in new if e.kind == "fall"]
        pens += [e.data["penalty"] for e in new if e.kind == "recovery"]
    assert drops == [1, 2, 3] and pens == [-1, -2, -3]
    assert d.position("Bane") == (5 + 12, 40 - 6)


@pytest.mark.parametrize("wounds, faces, mod, recovers", [
    (0, (5, 1), -1, True),   # Piloting d8 5 (Wild Die 1) - 1 = 4: regains control
    (0, (4, 2), -1, False),  # 4 - 1 = 3: still falling
    (1, (5, 1), -1, True),   # 5 - 1 = 4: regains control (not -2: a wound is no action penalty here)
    (2, (5, 1), -1, True),   # 5 - 1 = 4 (not -3)
    (3, (7, 1), -4, False),  # 7 - 1 - 3 = 3: still falling (from 3 wounds -3 on every roll)
    (3, (8, 1, 1), -4, True),  # 8 aces: 8 + 1 - 4 = 5
])
def test_d9_recovery_penalty_is_the_turns_falling_not_the_action_wound_penalty(
        wounds: int, faces: tuple[int, ...], mod: int, recovers: bool) -> None:
    """D-9 and D-8: the first falling turn's recovery is at -1; a Wild Card's wounds take 1 and 2
    off actions only, so they do not touch it; from 3 wounds -3 counts on every roll."""
    d = duel(dragon("Ash", "red", 7, 10), dragon("Bane", "blue", 4, 40, max_speed=12))
    b = d.state.dragons["Bane"]
    b.falling, b.wounds = True, wounds
    d.enter_faces(*faces)
    d.resolve_round()
    rec = next(e for e in d.record if e.kind == "recovery")
    assert rec.params["mod"] == mod and rec.data["penalty"] == -1
    assert rec.data["success"] is recovers and b.falling is not recovers


def test_d9_fall_drop_at_speed_6() -> None:
    """D-9: Speed 6 drops 2."""
    d = duel(dragon("Ash", "red", 7, 10), dragon("Bane", "blue", 6, 40))
    d.state.dragons["Bane"].falling = True
    d.resolve_round()
    assert next(e for e in d.record if e.kind == "fall").data["drop"] == 2


def test_d9_recovery_success_ends_the_fall() -> None:
    """D-9: a successful Piloting roll regains control."""
    d = duel(dragon("Ash", "red", 7, 10), dragon("Bane", "blue", 6, 40))
    d.state.dragons["Bane"].falling = True
    d.enter_faces(7, 1)  # 7 - 1 = 6: success
    d.resolve_round()
    b = d.state.dragons["Bane"]
    assert not b.falling and b.fall_turns == 0 and "Bane" in d.awaiting()


@pytest.mark.parametrize("wild,reason", [(False, "killed"), (True, "fell_away")])
def test_d9_ten_below_the_lowest_flying_dragon(wild: bool, reason: str) -> None:
    """D-9: an Extra 10 below the lowest non-falling dragon dies; a Wild Card leaves the fight."""
    d = duel(dragon("Ash", "red", 6, 19), dragon("Bane", "blue", 5, 10, wild_card=wild),
             dragon("Cy", "blue", 6, 19))
    d.state.dragons["Bane"].falling = True
    d.resolve_round()
    b = d.state.dragons["Bane"]
    assert b.height == 9 and b.out and b.out_reason == reason
    assert not any(e.kind == "recovery" for e in d.record)


# --- D-10 a dragon turns --------------------------------------------------------------------------


def test_d10_turned_dragon_acts_without_orders_against_the_nearest() -> None:
    """D-10: a turned dragon is the GM's, an enemy of all, and attacks the nearest dragon."""
    d = duel(dragon("Ash", "red", 6, 11), dragon("Friend", "red", 6, 10), dragon("Foe", "blue", 3, 16))
    d.state.dragons["Ash"].turned = True
    assert "Ash" not in d.awaiting()
    assert d.hostile("Ash", "Friend")
    d.resolve_round()
    assert "dragons.turned.acts" in keys(d)
    atk = [e for e in d.record if e.kind == "attack" and e.actor == "Ash"]
    assert atk and atk[0].data["target"] == "Friend"


def test_d10_enemies_are_the_hostile_dragons_still_flying() -> None:
    """D-10: a turned dragon is everyone's enemy and every other dragon is its enemy; a dragon
    out of the fight is nobody's enemy."""
    d = duel(dragon("Ash", "red"), dragon("Friend", "red"), dragon("Foe", "blue"),
             dragon("Other", "blue"))

    def by_hostile(n: str) -> list[str]:
        return [m for m, s in d.state.dragons.items() if not s.out and d.hostile(n, m)]

    assert d.enemies("Ash") == ["Foe", "Other"] == by_hostile("Ash")
    d.state.dragons["Other"].out = True
    d.state.dragons["Ash"].turned = True
    assert d.enemies("Ash") == ["Friend", "Foe"]
    assert d.enemies("Friend") == ["Ash", "Foe"]
    assert d.enemies("Foe") == ["Ash", "Friend"]
    for n in d.dragons:
        assert d.enemies(n) == by_hostile(n)


def test_d10_power_critical_failure_calls_the_spirit_check() -> None:
    """D-10: a critical failure using a Power: Spirit or the dragon turns."""
    d = duel(dragon("Ash", "red", 6, 11, spirit="d4"), dragon("Bane", "blue", 6, 10))
    d.submit("Ash", DragonOrder(move=Move.level(0), actions=(UsePower("Storm call", "d8"),)))
    d.enter_faces(1, 1, 1, 2)  # power: d8 1, wild 1 -> critical failure; Spirit d4 1, wild 2 -> 2: fails
    d.resolve_round()
    assert "dragons.power.crit" in keys(d) and d.state.dragons["Ash"].turned
    assert d.is_over is False  # a turned dragon is a party of its own
    assert d.outcome() is None


# --- D-11 dangerous manoeuvres ----------------------------------------------------------------


def test_d11_dive_above_maximum_needs_piloting() -> None:
    """D-11: a dive past maximum Speed: Piloting, failure starts a fall."""
    d = duel(dragon("Ash", "red", 8, 14, max_speed=9), dragon("Bane", "blue", 4, 10))
    d.submit("Ash", DragonOrder(move=Move.dive(1)))
    d.enter_faces(2, 1)
    d.resolve_round()
    assert "dragons.roll.danger.fail" in keys(d) and d.state.dragons["Ash"].falling


def test_d11_aerobatics_are_dangerous_and_the_pursuer_must_copy() -> None:
    """D-11/D-12: an aerobatic manoeuvre: Piloting; the pursuer copies it and rolls too."""
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10))
    d.state.dragons["Ash"].tailing, d.state.dragons["Bane"].tailed_by = "Bane", "Ash"
    d.submit("Bane", DragonOrder(move=Move.level(0), actions=(Manoeuvre("barrel roll"),)))
    d.enter_faces(6, 2, 2, 1, 1, 1)  # Bane 6: success; Ash 2: fails, falls; recovery 1/1 fails
    d.resolve_round()
    a = d.state.dragons["Ash"]
    assert "dragons.manoeuvre.copy" in keys(d)
    assert a.falling and a.tailing is None and d.state.dragons["Bane"].tailed_by is None


# --- D-12 tails ---------------------------------------------------------------------------------


def test_d12_tail_attempt_and_copying_movement() -> None:
    """D-12: a won tail attempt; then the pursuer gives no move and copies the target exactly."""
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10))
    d.submit("Ash", DragonOrder(move=Move.level(0), actions=(TailAttempt("Bane"),)))
    d.enter_faces(7, 1, 2, 3)
    d.resolve_round()
    assert d.state.dragons["Ash"].tailing == "Bane" and d.state.dragons["Bane"].tailed_by == "Ash"
    d.submit("Ash", DragonOrder(move=None))
    d.submit("Bane", DragonOrder(move=Move.climb(1)))
    d.resolve_round()
    assert d.position("Ash") == d.position("Bane") == (3, 11)
    assert "dragons.move.follows" in keys(d)
    assert d.state.dragons["Ash"].tailing == "Bane"
    assert d.range_between("Ash", "Bane") == 5


def test_d12_both_attempt_winner_ends_behind() -> None:
    """D-12: both try: the winner of the one opposed roll ends up on the other's tail."""
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10))
    d.submit("Ash", DragonOrder(move=Move.level(0), actions=(TailAttempt("Bane"),)))
    d.submit("Bane", DragonOrder(move=Move.level(0), actions=(TailAttempt("Ash"),)))
    d.enter_faces(2, 1, 7, 1)  # Ash 2 loses to Bane 7
    d.resolve_round()
    assert d.state.dragons["Bane"].tailing == "Ash"
    assert "dragons.roll.tail.reversed" in keys(d) and "dragons.tail.settled" in keys(d)


def test_d12_target_cannot_attack_its_pursuer() -> None:
    """D-12: the target's order to attack its pursuer is refused."""
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10))
    d.state.dragons["Ash"].tailing, d.state.dragons["Bane"].tailed_by = "Bane", "Ash"
    with pytest.raises(IllegalOrder, match="D-12: Ash is on Bane's tail"):
        d.submit("Bane", DragonOrder(move=Move.level(0), actions=(Attack("Claws", "Ash"),)))
    # shaking off first makes it an order the rules allow (checked again at the turn)
    d.submit("Bane", DragonOrder(move=Move.level(0), actions=(ShakeOff(), Attack("Claws", "Ash"))))


def test_d12_forcing_refused_when_the_pursuers_order_arrived_later() -> None:
    """D-12: forcing only if the pursuer's order arrived before the target's."""
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10))
    d.state.dragons["Ash"].tailing, d.state.dragons["Bane"].tailed_by = "Bane", "Ash"
    d.submit("Bane", DragonOrder(move=Move.level(0)))
    before = frozen(d)
    with pytest.raises(IllegalOrder) as e:
        d.submit("Ash", DragonOrder(actions=(Force("up"),)))
    assert e.value.rule == "D-12" and "arrived 2., after the target's (1.)" in str(e.value)
    assert frozen(d) == before
    d.withdraw("Bane")
    d.submit("Ash", DragonOrder(actions=(Force("up"),)))


def test_d12_forcing_an_extra_pursuer_counts_last() -> None:
    """D-12/D-3: an Extra pursuer never counts as ordering before a player's dragon."""
    d = duel(dragon("Ash", "red", 6, 10, wild_card=False), dragon("Bane", "blue", 6, 10))
    d.state.dragons["Ash"].tailing, d.state.dragons["Bane"].tailed_by = "Bane", "Ash"
    d.submit("Bane", DragonOrder(move=Move.level(0)))
    with pytest.raises(IllegalOrder, match="Extra"):
        d.submit("Ash", DragonOrder(actions=(Force("up"),)))


def test_d12_forcing_won_sets_the_targets_speed() -> None:
    """D-12: a won forcing makes the target's Speed rise, whatever it ordered."""
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10))
    d.state.dragons["Ash"].tailing, d.state.dragons["Bane"].tailed_by = "Bane", "Ash"
    d.submit("Ash", DragonOrder(actions=(Force("up"),)))
    d.submit("Bane", DragonOrder(move=Move.level(-1)))
    d.enter_faces(7, 1, 2, 2)  # Ash 7 - 2 = 5 beats Bane 2
    d.resolve_round()
    assert "dragons.roll.force.wins" in keys(d) and "dragons.force.obeys" in keys(d)
    assert d.position("Bane") == d.position("Ash") == (7, 10)


def test_d12_shake_off_at_minus_2() -> None:
    """D-12: the target wins opposed Piloting at -2 and the tail ends."""
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10))
    d.state.dragons["Ash"].tailing, d.state.dragons["Bane"].tailed_by = "Bane", "Ash"
    d.submit("Bane", DragonOrder(move=Move.level(0), actions=(ShakeOff(),)))
    d.enter_faces(7, 1, 2, 2)  # Bane acts first? same position: Bane ordered, Ash did not
    d.resolve_round()
    shake = next(e for e in d.record if e.kind == "shake_off")
    assert shake.rolls[0].total == 5 and shake.key == "dragons.roll.shake.wins"
    assert d.state.dragons["Ash"].tailing is None


def test_d12_tail_lost_when_the_pursuer_cannot_copy() -> None:
    """D-12: a move the pursuer cannot copy (above its maximum Speed) shakes it off."""
    d = duel(dragon("Ash", "red", 8, 10, max_speed=8), dragon("Bane", "blue", 8, 10, max_speed=12))
    d.state.dragons["Ash"].tailing, d.state.dragons["Bane"].tailed_by = "Bane", "Ash"
    d.submit("Bane", DragonOrder(move=Move.level(2)))
    d.resolve_round()
    assert "dragons.tail.cannot_copy" in keys(d) and d.state.dragons["Ash"].tailing is None
    assert d.position("Ash") == (8, 10)


# --- D-13 and the end ---------------------------------------------------------------------------


def test_d13_battlefield_on_the_board() -> None:
    """D-13: the board says where the fight is."""
    d = duel(dragon("A", "r"), dragon("B", "b"), battlefield="firmament")
    assert d.board()["battlefield"] == "firmament"


def test_board_shape_and_trails() -> None:
    """The board is plain JSON with the agreed fields; trails grow one point per round."""
    import json

    d = duel(dragon("Ash", "red", 6, 11), dragon("Bane", "blue", 4, 10))
    d.submit("Ash", DragonOrder(move=Move.level(1)))
    d.resolve_round()
    b = d.board("red")
    json.dumps(b)
    assert b["system"] == "dragons" and b["round"] == 2 and b["over"] is False
    ash = b["dragons"][0]
    assert set(ash) == {"name", "side", "side_name", "wild_card", "gm", "speed", "height",
                        "max_speed", "shaken", "wounds", "falling", "fall_turns", "out", "out_reason",
                        "turned", "tailing", "tailed_by", "weapons",
                        "bennies"}  # D-7: the Bennies left (issue 13)
    assert ash["side_name"] == "red"  # no side_names: the side is called by its id (issue 27)
    assert ash["bennies"] == 3 and "gm_bennies" not in b and d.board()["gm_bennies"] == 2
    assert ash["weapons"][0] == {"name": "Flame", "kind": "ranged", "damage": "2d8", "out": False}
    assert b["trails"]["Ash"] == [[6, 11], [7, 11]]


def test_summary_has_per_dragon_stats() -> None:
    d = duel(dragon("Ash", "red", 8, 11), dragon("Bane", "blue", 5, 10))
    _hit(d, (7, 5))
    s = d.summary()
    ash = s["participants"][0]
    assert (ash["attacks"], ash["hits"], ash["damage_dealt"], ash["wounds_dealt"]) == (1, 1, 12, 1)
    assert s["participants"][1]["wounds"] == 1


def test_max_rounds_ends_undecided() -> None:
    """The max_rounds option ends a fight undecided."""
    d = duel(dragon("Ash", "red", 6, 10, weapons=[]), dragon("Bane", "blue", 6, 30, weapons=[]),
             max_rounds=3)
    out = d.run(10)
    assert out == {"winner": None, "reason": "time", "rounds": 3, "survivors": ["Ash", "Bane"]}
    assert d.record[-1].key == "dragons.over.time"


# --- more D-10, rule options, views ------------------------------------------------------------


def test_d10_gm_calls_the_spirit_check() -> None:
    """D-10: "when the GM says so": a TurnCheck in the order calls the Spirit roll; not an action."""
    from gmkit.dragons import TurnCheck

    d = duel(dragon("Ash", "red", 6, 11, spirit="d4"), dragon("Bane", "blue", 6, 10))
    d.submit("Ash", DragonOrder(move=Move.level(0),
                                actions=(TurnCheck("the storm"), Attack("Flame", "Bane"))))
    d.enter_faces(1, 2, 5, 1)  # Spirit 1/2 -> fails: turned; Flame 5: hit, no multi-action penalty
    d.resolve_round()
    assert d.state.dragons["Ash"].turned
    assert "dragons.multi_action" not in keys(d)
    atk = next(e for e in d.record if e.kind == "attack")
    assert atk.data["modifier"] == 0


def test_d10_only_a_turned_dragon_left_ends_without_a_winner() -> None:
    """D-10: a turned dragon is nobody's: if only it is left, no side wins."""
    d = duel(dragon("Ash", "red", 8, 11), dragon("Bane", "blue", 5, 10, toughness=4))
    d.state.dragons["Ash"].turned = True
    d.state.dragons["Bane"].wounds = 3
    d.enter_faces(6, 2, 4, 4)  # the turned Ash fires at Bane (range 80): 4, hit; 8 vs 4: 4th wound
    d.resolve_round()
    out = d.outcome()
    assert out is not None and out["winner"] is None and out["reason"] == "turned"
    assert "dragons.out.unconscious" in keys(d)


def test_d3_option_each_turn_initiative() -> None:
    """D-3 [decision] as a rule option: re-sort by current positions before each turn.

    Ash wounds Bane first (Bane loses 2 Speed): with round-start initiative Bane still goes
    before Cy; with each-turn initiative Cy, now faster, goes first."""
    def play(option: str) -> list[str]:
        d = duel(dragon("Ash", "red", 6, 12), dragon("Bane", "blue", 5, 11),
                 dragon("Cy", "blue", 5, 10), initiative=option)
        d.submit("Ash", DragonOrder(move=Move.level(0), actions=(Attack("Flame", "Bane"),)))
        d.enter_faces(6, 2, 7, 5)  # range 60 short: 6, hit; 12 vs 8: 1 wound, Speed 5 -> 3
        d.resolve_round()
        assert d.state.dragons["Bane"].wounds == 1
        return [e.actor for e in d.record if e.kind == "move"]
    assert play("round_start") == ["Ash", "Bane", "Cy"]
    assert play("each_turn") == ["Ash", "Cy", "Bane"]


def test_d11_option_copied_manoeuvre_only_loses_the_tail() -> None:
    """D-11/D-12 rule option: a pursuer failing to copy aerobatics only loses the tail."""
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10), copied_manoeuvre="lose_tail")
    d.state.dragons["Ash"].tailing, d.state.dragons["Bane"].tailed_by = "Bane", "Ash"
    d.submit("Bane", DragonOrder(move=Move.level(0), actions=(Manoeuvre("loop"),)))
    d.enter_faces(6, 2, 2, 1)
    d.resolve_round()
    a = d.state.dragons["Ash"]
    assert not a.falling and a.tailing is None


def test_player_view_hides_orders_and_matches_positions() -> None:
    """Views: a side's board never shows orders; positions are open sky for all."""
    d = duel(dragon("Ash", "red", 6, 11), dragon("Bane", "blue", 4, 10))
    d.submit("Ash", DragonOrder(move=Move.climb(1), actions=(Attack("Flame", "Bane"),)))
    for side in (None, "red", "blue"):
        b = d.board(side)
        text = str(b)
        assert "climb" not in text and "Attack" not in text
        assert b["orders_received"] == ["Ash"]
    assert d.board("blue")["dragons"] == d.board()["dragons"]
    d.resolve_round()
    assert d.story("en", side="blue") == d.story("en")
