"""The Skirmish engine: every F rule as it plays out at the table, with faces typed in (C-2)."""

from __future__ import annotations

import json

import pytest

from gmkit.errors import EncounterOver, IllegalOrder, ScenarioError
from gmkit.fantasy import Cast, Flee, Pass, Shoot, Skirmish, Strike, UseItem

from .helpers import beast, d18, hero, kinds, make


def test_f1_life_dice_rolled_at_start_and_logged() -> None:
    """F-1: hit points written in life dice are rolled when the skirmish starts, with an event."""
    sk = make(hero(hp="2ЖК+3"), beast(hp="1LD"))
    life = [e for e in sk.record if e.kind == "life"]
    assert [e.actor for e in life] == ["Hero", "Beast"]
    for e in life:
        assert e.rolls and e.rolls[0].purpose == "F-1 life dice"
        assert sk.state.combatants[e.actor].max_hp == e.data["hp"] == e.rolls[0].total
    assert 5 <= sk.state.combatants["Hero"].hp <= 15
    assert life[1].visibility == "gm"  # a monster's hit points are the GM's


def test_f1_dead_at_zero_and_dead_cannot_act() -> None:
    """F-1: 0 hit points is death; a dead combatant's orders are refused."""
    sk = make(hero(melee={"name": "axe", "damage": "6"}), beast(hp=6), beast("Other", hp=6))
    sk.enter_faces(*d18(18), 1)
    sk.submit("Hero", Strike("Beast"))
    sk.resolve_round()
    assert sk.state.combatants["Beast"].hp == 0 and sk.status("Beast") == "dead"
    assert sk.acting_side == "monsters"
    assert "Beast" not in sk.awaiting()
    with pytest.raises(IllegalOrder, match="F-1: Beast is dead"):
        sk.submit("Beast", Strike("Hero"))


def test_f2_hit_and_miss_at_the_threshold() -> None:
    """F-2: against AC 8 a 9 hits and an 8 misses."""
    sk = make(hero(), beast(hp=20))
    sk.enter_faces(*d18(8))
    sk.submit("Hero", Strike("Beast"))
    ev = sk.resolve_round()
    assert [e.kind for e in ev if e.kind in ("hit", "miss")] == ["miss"]
    assert ev[0].data["need"] == 9
    sk.submit("Beast", Pass())
    sk.resolve_round()
    sk.enter_faces(*d18(9), 2)
    sk.submit("Hero", Strike("Beast"))
    ev = sk.resolve_round()
    assert kinds(ev)[:2] == ["hit", "damage"]
    assert sk.state.combatants["Beast"].hp == 18


def test_f2_ac_minus_2_needs_a_second_six() -> None:
    """F-2: AC -2: an 18, then a d6 that must show 6; a 5 misses."""
    sk = make(hero(), beast(ac=-2, hp=20))
    sk.enter_faces(*d18(18), 5)
    sk.submit("Hero", Strike("Beast"))
    ev = sk.resolve_round()
    miss = next(e for e in ev if e.kind == "miss")
    assert miss.key == "fantasy.miss.second" and len(miss.rolls) == 2
    sk.submit("Beast", Pass())
    sk.resolve_round()
    sk.enter_faces(*d18(18), 6, 1)
    sk.submit("Hero", Strike("Beast"))
    ev = sk.resolve_round()
    assert [e.key for e in ev][:3] == ["fantasy.hit.second", "fantasy.damage.hidden", "fantasy.hp"]


def test_f2_ac_minus_3_only_magic() -> None:
    """F-2: AC -3 cannot be hit by a roll (refused, naming the rule); a spell still hurts it."""
    sk = make(hero(spells=[{"name": "bolt", "damage": "2"}]), beast(ac=-3, hp=5))
    before = sk.state.copy()
    with pytest.raises(IllegalOrder, match="F-2: Beast cannot be hit by a roll: against such armour"):
        sk.submit("Hero", Strike("Beast"))
    assert sk.state == before and sk.orders_received == []
    assert all(not isinstance(o, Strike) for o in sk.legal_orders("Hero"))
    assert Cast("bolt", "Beast") in list(sk.legal_orders("Hero"))
    sk.submit("Hero", Cast("bolt", "Beast"))
    sk.resolve_round()
    assert sk.state.combatants["Beast"].hp == 3


def test_f2_easier_to_hit_modifier_in_play() -> None:
    """F-2: a target "easier to hit by 2" is hit on a 7 at AC 8."""
    sk = make(hero(), beast(easier_to_hit=2, hp=20))
    sk.enter_faces(*d18(7), 1)
    sk.submit("Hero", Strike("Beast"))
    ev = sk.resolve_round()
    assert ev[0].kind == "hit" and ev[0].data["need"] == 7


def test_f3_strength_melee_constitution_ranged() -> None:
    """F-3: Strength adds to melee damage, Constitution to ranged damage."""
    sk = make(hero(strength=2, constitution=1, ranged={"name": "bow", "damage": "1-2"}),
              beast(hp=30), ranged_phase=True)
    assert sk.phase == "ranged" and sk.acting_side == "party"
    sk.enter_faces(*d18(18), 2)
    sk.submit("Hero", Shoot("Beast"))
    sk.resolve_round()
    assert sk.state.combatants["Beast"].hp == 27  # 2 + Constitution 1
    assert sk.phase == "melee"
    if sk.acting_side == "monsters":
        sk.submit("Beast", Pass())
        sk.resolve_round()
    sk.enter_faces(*d18(18), 1)
    sk.submit("Hero", Strike("Beast"))
    sk.resolve_round()
    assert sk.state.combatants["Beast"].hp == 24  # 1 + Strength 2


def test_f3_percentage_damage_of_current_hp() -> None:
    """F-3: damage as a percentage of the target's current hit points."""
    sk = make(hero(melee={"name": "drain", "damage": "50%"}), beast(hp=9))
    sk.enter_faces(*d18(18))
    sk.submit("Hero", Strike("Beast"))
    sk.resolve_round()
    assert sk.state.combatants["Beast"].hp == 4.5


def test_f3_unarmed_default() -> None:
    """F-3: a combatant with no weapon listed strikes unarmed for 0-1-2 plus Strength."""
    sk = make({"name": "Hero", "side": "party", "kind": "player", "hp": 5, "ac": 8, "strength": 1},
              beast(hp=20))
    assert str(sk.combatants["Hero"].melee[0].damage) == "0-1-2"
    sk.enter_faces(*d18(18), 3)
    sk.submit("Hero", Strike("Beast"))
    sk.resolve_round()
    assert sk.state.combatants["Beast"].hp == 17


POISON = {"poison": {"damage": "2", "status": "poisoned", "ongoing": "1", "turns": 2}}


def _venom() -> Skirmish:
    return make(hero(hp=20), beast("Spider", melee={"name": "bite", "damage": "1-2", "special": "яд16ПБ6"}),
                effects=POISON, first="monsters")


def test_f4_special_replaces_normal_only_at_or_above_trigger() -> None:
    """F-4: a trigger roll of 15 gives the normal bite; 16 gives the poison instead of the bite."""
    sk = _venom()
    sk.enter_faces(*d18(12), *d18(15), 2)
    sk.submit("Spider", Strike("Hero"))
    ev = sk.resolve_round()
    assert [e.key for e in ev[:3]] == ["fantasy.hit", "fantasy.special.not", "fantasy.damage"]
    assert ev[2].params["what"] == "bite" and sk.state.combatants["Hero"].hp == 18
    sk.submit("Hero", Pass())
    sk.resolve_round()
    sk.enter_faces(*d18(12), *d18(16), *d18(5))
    sk.submit("Spider", Strike("Hero"))
    ev = sk.resolve_round()
    assert [e.kind for e in ev[:5]] == ["hit", "trigger", "protection", "damage", "effect"]
    assert ev[1].data["fired"] == "poison"
    assert ev[2].data["saved"] is False
    assert ev[3].params["what"] != "bite"
    # the poison's 2 and no bite; then its first 1 as the party's turn starts
    assert [e.params["amount"] for e in ev if e.kind == "damage"] == [2, 1]
    assert sk.state.combatants["Hero"].hp == 15
    assert sk.board()["combatants"][0]["effects"][0]["status"] == "poisoned"


def test_f5_protection_roll_avoids_the_special_with_wisdom() -> None:
    """F-5: d18 + Wisdom >= PR avoids the special attack; nothing else happens (no bite either)."""
    sk = make(hero(hp=20, wisdom=1),
              beast("Spider", melee={"name": "bite", "damage": "1-2", "special": "яд16ПБ6"}),
              effects=POISON, first="monsters")
    sk.enter_faces(*d18(12), *d18(16), *d18(5))
    sk.submit("Spider", Strike("Hero"))
    ev = sk.resolve_round()
    assert [e.kind for e in ev if e.actor in ("Hero", "Spider")][:3] == ["hit", "trigger", "protection"]
    assert ev[2].data["saved"] is True
    assert sk.state.combatants["Hero"].hp == 20 and sk.state.combatants["Hero"].conditions == ()


def test_f4_ongoing_poison_ticks_on_own_turns_then_ends() -> None:
    """F-4: an effect lasting 2 turns hurts at the start of 2 of its side's turns, then ends."""
    sk = _venom()
    sk.enter_faces(*d18(12), *d18(16), *d18(1))
    sk.submit("Spider", Strike("Hero"))
    sk.resolve_round()
    hp = [sk.state.combatants["Hero"].hp]
    for _ in range(3):
        sk.submit("Hero", Pass())
        sk.resolve_round()
        sk.submit("Spider", Pass())
        sk.resolve_round()
        hp.append(sk.state.combatants["Hero"].hp)
    assert hp == [17, 16, 16, 16]  # 2 at once + 1 at the start of each of two party turns... ended
    ends = [e for e in sk.record if e.kind == "effect_end"]
    assert len(ends) == 1 and ends[0].actor == "Hero"


def test_f4_paralysis_disables_for_its_turns() -> None:
    """F-4, F-6: a disabling effect keeps the target from acting (a skipped turn) for its turns."""
    sk = make(hero(hp=20), beast("Ghoul", melee={"name": "claw", "damage": "1", "special": "паралич10"}),
              first="monsters", effects={"paralysis": {"status": "paralysed", "disables": True, "turns": 1}},
              )
    sk.enter_faces(*d18(12), *d18(10))
    sk.submit("Ghoul", Strike("Hero"))
    sk.resolve_round()
    assert sk.status("Hero") == "paralysed"
    # the party's only member cannot act: its turn passed on to the monsters
    assert sk.acting_side == "monsters" and sk.awaiting() == ["Ghoul"]
    assert sk.record[-1].key == "fantasy.turn" and any(e.key == "fantasy.turn.none" for e in sk.record)
    sk.submit("Ghoul", Pass())
    sk.resolve_round()
    assert sk.status("Hero") == "active" and sk.awaiting() == ["Hero"]


def test_f4_default_effect_for_named_kind_and_custom_kind_needs_effect() -> None:
    """F-4: named kinds have a default effect; an unknown kind must have its effect set."""
    make(hero(), beast(melee={"damage": "1", "special": "окаменение17ПБ10"}))
    with pytest.raises(ScenarioError, match=r"effects\.кислота"):
        make(hero(), beast(melee={"damage": "1", "special": "кислота15ПБ6"}))
    sk = make(hero(hp=20), beast(melee={"damage": "1", "special": "кислота15ПБ6"}),
              effects={"кислота": {"damage": "3"}}, first="monsters")
    assert str(sk.effects["кислота"].damage) == "3"
    sk.enter_faces(*d18(12), *d18(15), *d18(1))  # hits; the acid fires at 15; PR 1 < 6 fails
    beast_name = next(n for n in sk.participants() if n != "Hero")
    sk.submit(beast_name, Strike("Hero"))
    ev = sk.resolve_round()
    assert [e.params["amount"] for e in ev if e.kind == "damage"] == [3]  # the acid's 3, no claw
    assert sk.state.combatants["Hero"].hp == 17


def test_f6_ranged_phase_then_melee_roll_off() -> None:
    """F-6: ranged weapons and spells first, in d6 order; then a melee roll-off."""
    sk = make(hero(ranged={"damage": "1"}), hero("Mage", spells=[{"name": "bolt", "damage": "1"}]),
              hero("Brute"), beast(ranged={"damage": "1"}, hp=30), beast("Orc", hp=30),
              ranged_phase=True, first=None)
    assert sk.phase == "ranged"
    assert set(sk.state.order) == {"party", "monsters"}
    rolloff = [e for e in sk.record if e.kind == "rolloff"]
    assert rolloff and rolloff[0].data["phase"] == "ranged"
    party_turn = sk.acting_side == "party"
    assert set(sk.awaiting()) == ({"Hero", "Mage"} if party_turn else {"Beast"})
    early = sk.awaiting()[0]
    sk.submit(early, Strike())  # a melee strike given in the ranged phase waits for melee
    assert early in sk.orders_received and early not in sk.orders_due()
    sk.resolve_round(autopilot=True)
    sk.resolve_round(autopilot=True)
    assert sk.phase == "melee" and sk.round == 2
    assert [e for e in sk.record if e.kind == "rolloff"][-1].data["phase"] == "melee"
    with pytest.raises(IllegalOrder, match="ranged phase"):
        sk.submit("Hero", Shoot("Orc"))


def test_f6_ranged_phase_one_shot_each() -> None:
    """F-6: each participant with a ranged weapon or spell gets one ranged attack or spell."""
    sk = make(hero(ranged={"damage": "1"}), beast(hp=30), ranged_phase=True)
    sk.enter_faces(*d18(2))
    sk.submit("Hero", Shoot("Beast"))
    sk.resolve_round()
    assert sk.phase == "melee"
    assert [e for e in sk.record if e.kind == "phase"][-1].data["order"][0] == "party"


def test_f6_variant1_all_strike_and_cap() -> None:
    """F-6 Variant 1: all of a side strike; the GM's cap allows twice the number of opponents."""
    wolves = [beast(f"Wolf {i}", hp=5) for i in range(1, 7)]
    sk = make(hero(hp=50), *wolves, first="monsters", cap="twice_opponents")
    assert sk.awaiting() == ["Wolf 1", "Wolf 2"]
    sk.submit("Wolf 1", Strike("Hero"))
    sk.submit("Wolf 5", Strike("Hero"))
    with pytest.raises(IllegalOrder, match="at most 2 strikers"):
        sk.submit("Wolf 2", Strike("Hero"))
    assert sk.awaiting() == []
    sk.resolve_round()
    sk.submit("Hero", Pass())
    sk.resolve_round()
    # the ones who have not struck come first next time
    assert sk.awaiting() == ["Wolf 2", "Wolf 3"]
    uncapped = make(hero(hp=50), *wolves, first="monsters")
    assert len(uncapped.awaiting()) == 6


def test_f6_variant2_one_striker_players_in_rotation_monsters_by_die() -> None:
    """F-6 Variant 2: one striker per turn; players take turns, monsters are picked by die."""
    sk = make(hero("A", hp=30), hero("B", hp=30), beast("X", hp=30), beast("Y", hp=30),
              variant=2, first="party")
    assert sk.awaiting() == ["A"]
    sk.submit("A", Pass())
    with pytest.raises(IllegalOrder, match="Variant 2: one striker"):
        sk.submit("B", Pass())
    sk.resolve_round()
    chosen = [e for e in sk.record if e.key == "fantasy.chosen"]
    assert chosen and sk.awaiting() == [chosen[-1].data["chosen"]]
    sk.resolve_round(autopilot=True)
    assert sk.awaiting() == ["B"]


def test_f6_pet_strikes_only_on_its_owners_side_turn() -> None:
    """F-6: a pet strikes in addition when its owner's side acts, never on the enemy's turn."""
    sk = make(hero("Ranger"), {"name": "Dog", "side": "party", "kind": "pet", "owner": "Ranger", "hp": 4,
                               "ac": 7, "melee": "1"}, beast(hp=30), first="monsters")
    assert sk.acting_side == "monsters"
    assert "Dog" not in sk.awaiting()
    with pytest.raises(IllegalOrder, match="F-6"):
        sk.submit("Dog", Strike("Beast"))
    assert list(sk.legal_orders("Dog")) == []
    sk.submit("Beast", Pass())
    sk.resolve_round()
    assert sk.awaiting() == ["Ranger", "Dog"]
    assert Strike("Beast") in list(sk.legal_orders("Dog"))


def test_f6_pet_follows_its_owner_in_variant2() -> None:
    """F-6 Variant 2: the pet strikes when its owner is the one striking, not with another player."""
    pet = {"name": "Dog", "side": "party", "kind": "pet", "owner": "B", "hp": 4, "ac": 7, "melee": "1"}
    sk = make(hero("A"), hero("B"), pet, beast(hp=30), variant=2)
    assert sk.awaiting() == ["A"]
    with pytest.raises(IllegalOrder, match="pet strikes only"):
        sk.submit("Dog", Strike("Beast"))
    sk.submit("B", Strike("Beast"))
    sk.submit("Dog", Strike("Beast"))  # B strikes this turn, so its pet may too
    assert set(sk.orders_received) == {"B", "Dog"}


def test_f6_mount_attacks_only_with_rider_and_bolts_when_rider_falls() -> None:
    """F-6: a mount attacks with its rider; when the rider dies it leaves the fight."""
    horse = {"name": "Horse", "side": "party", "kind": "mount", "rider": "Knight", "hp": 8, "ac": 7,
             "melee": "1"}
    sk = make(hero("Knight", hp=1), horse, beast(melee={"damage": "5"}), first="monsters")
    sk.enter_faces(*d18(18), 1)
    sk.submit("Beast", Strike("Knight"))
    sk.resolve_round()
    assert sk.status("Knight") == "dead" and sk.status("Horse") == "fled"
    assert sk.is_over and sk.outcome()["winner"] == "monsters"


def test_f6_double_strike() -> None:
    """F-6: a combatant with two strikes a turn rolls to hit twice."""
    sk = make(hero(strikes=2, hp=10), beast(hp=30))
    sk.enter_faces(*d18(3), *d18(4))
    sk.submit("Hero", Strike("Beast"))
    ev = sk.resolve_round()
    assert kinds(ev).count("miss") == 2 and "double" in kinds(ev)


def test_f6_several_attack_kinds_all_used() -> None:
    """F-6: a combatant with several attacks uses them all in its strike; or just the one named."""
    bear = beast("Bear", melee=[{"name": "claw", "damage": "1"}, {"name": "bite", "damage": "2"}], hp=30)
    sk = make(hero(hp=30), bear, first="monsters")
    sk.enter_faces(*d18(18), 1, *d18(18), 1)
    sk.submit("Bear", Strike("Hero"))
    sk.resolve_round()
    assert sk.state.combatants["Hero"].hp == 27
    assert Strike("Hero", "bite") in list(sk.legal_orders("Bear")) or sk.acting_side == "party"


def test_f6_out_of_turn_strike() -> None:
    """F-6: an "Initiative" charge lets a combatant strike out of turn, first; once per charge."""
    sk = make(hero(initiative=1, melee={"damage": "9"}), beast(hp=5), beast("Orc", hp=30),
              first="monsters")
    assert sk.acting_side == "monsters"
    sk.submit("Beast", Strike("Hero"))
    sk.submit("Orc", Pass())
    sk.submit("Hero", Strike("Beast"))
    sk.enter_faces(*d18(18), 1)
    ev = sk.resolve_round()
    assert ev[0].kind == "out_of_turn" and sk.status("Beast") == "dead"
    assert "cannot_act" in kinds(ev)  # the dead beast never strikes
    assert sk.state.combatants["Hero"].initiative == 0


def test_f6_initiative_spell_grants_out_of_turn_strike() -> None:
    """F-6: a spell like "Initiative" gives out-of-turn strikes as data."""
    sk = make(hero(spells=[{"name": "Initiative", "target": "self", "initiative": 1}]), beast(hp=30))
    sk.submit("Hero", Cast("Initiative"))
    sk.resolve_round()
    assert sk.state.combatants["Hero"].initiative == 1
    sk.submit("Hero", Strike("Beast"))  # out of turn, on the monsters' turn
    assert sk.orders_received == ["Hero"]


def test_f6_skipped_turn() -> None:
    """F-6: a combatant that must skip its turn does not strike when the turn comes."""
    sk = make(hero(skip_turns=1), hero("Friend"), beast(hp=30))
    assert sk.awaiting() == ["Friend"]
    with pytest.raises(IllegalOrder, match="F-6: Hero must skip"):
        sk.submit("Hero", Strike("Beast"))
    sk.resolve_round(autopilot=True)
    sk.resolve_round(autopilot=True)
    assert sk.awaiting() == ["Hero", "Friend"]


def test_f6_any_number_of_sides() -> None:
    """F-6: three sides, each for itself: the fight goes on until one is left."""
    sk = make(hero(), beast("Orc"), {"name": "Troll", "side": "trolls", "hp": 8, "ac": 6, "melee": "1-2"},
              first=None, seed=5)
    assert len(sk.state.order) == 3
    out = sk.run(300)
    assert out is not None and out["winner"] in ("party", "monsters", "trolls", None)
    sides = {sk.side_of(n) for n in out["survivors"]}
    assert len(sides) <= 1


def test_f7_reward_to_player_none_for_pet_kill_and_deferred_level() -> None:
    """F-7: the player who kills gets the reward; a pet's kill gives none; levels wait for the end."""
    pet = {"name": "Dog", "side": "party", "kind": "pet", "owner": "Hero", "hp": 4, "ac": 7, "melee": "5"}
    sk = make(hero(points=90, levels=[100, 200], melee={"damage": "5"}), pet,
              beast("A", hp=1, reward=15), beast("B", hp=1, reward=15), beast("C", hp=30))
    sk.enter_faces(*d18(18), 1)
    sk.submit("Hero", Strike("A"))
    sk.enter_faces(*d18(18), 1)
    sk.submit("Dog", Strike("B"))
    ev = sk.resolve_round()
    assert sk.state.combatants["Hero"].points == 105
    assert sk.state.combatants["Hero"].pending == 1 and sk.state.combatants["Hero"].level == 1
    none = [e for e in ev if e.key == "fantasy.reward.none"]
    assert none and none[0].actor == "Dog" and sk.state.combatants["Dog"].kills == ("B",)
    summ = {p["name"]: p for p in sk.summary()["participants"]}
    assert summ["Hero"]["level_ups_pending"] == 1 and summ["Dog"]["reward_points_gained"] == 0
    sk.state.combatants["C"].hp = 0.5  # (test shortcut) the last beast is nearly dead
    sk.submit("C", Pass())
    sk.resolve_round()
    sk.enter_faces(*d18(18), 1)
    sk.submit("Hero", Strike("C"))
    sk.resolve_round()
    assert sk.is_over
    assert sk.state.combatants["Hero"].level == 2 and sk.state.combatants["Hero"].pending == 0
    assert [e for e in sk.record if e.key == "fantasy.level.applied"]


def test_f7_companion_kill_no_reward() -> None:
    """F-7: no reward points for an enemy killed by a companion."""
    sk = make(hero(), {"name": "Squire", "side": "party", "kind": "companion", "owner": "Hero", "hp": 5,
                       "ac": 8, "melee": "5"}, beast("A", hp=1), beast("B", hp=20))
    sk.enter_faces(*d18(18), 1)
    sk.submit("Squire", Strike("A"))
    sk.submit("Hero", Pass())
    sk.resolve_round()
    assert sk.state.combatants["Hero"].points == 0 and sk.state.combatants["Squire"].gained == 0


def test_f8_potion_heals_not_above_max_and_is_used_up() -> None:
    """F-8: a potion heals on the combatant's turn instead of a strike; one use; refused after."""
    sk = make(hero(hp=10, items=[{"name": "potion", "heal": "3"}]), beast(hp=30, melee={"damage": "5"}),
              first="monsters")
    sk.enter_faces(*d18(18), 1)
    sk.submit("Beast", Strike("Hero"))
    sk.resolve_round()
    assert sk.state.combatants["Hero"].hp == 5
    sk.submit("Hero", UseItem("potion"))
    sk.resolve_round()
    assert sk.state.combatants["Hero"].hp == 8
    sk.submit("Beast", Pass())
    sk.resolve_round()
    with pytest.raises(IllegalOrder, match="F-8: Hero has no 'potion' left"):
        sk.submit("Hero", UseItem("potion"))
    with pytest.raises(IllegalOrder, match="F-8: Hero carries no 'wand'"):
        sk.submit("Hero", UseItem("wand"))
    sk.submit("Hero", UseItem("herbs", heal="9"))  # the GM describes an item on the spot
    sk.resolve_round()
    assert sk.state.combatants["Hero"].hp == 10


def test_f9_enemy_morale_flight() -> None:
    """F-9: an enemy flees on d18 >= morale; without morale it cannot flee."""
    sk = make(hero(), beast(morale=12), beast("Golem", hp=30), first="monsters")
    with pytest.raises(IllegalOrder, match="F-9: Golem has no morale"):
        sk.submit("Golem", Flee())
    sk.enter_faces(*d18(11))
    sk.submit("Beast", Flee())
    sk.resolve_round()
    assert sk.status("Beast") == "active"
    sk.submit("Hero", Pass())
    sk.resolve_round()
    sk.enter_faces(*d18(12))
    sk.submit("Beast", Flee())
    ev = sk.resolve_round()
    flee = [e for e in ev if e.kind == "flee"]
    assert flee[0].data == {"fled": True, "rule": "F-9"} and sk.status("Beast") == "fled"


def test_f10_player_flight_uses_enemy_with_fewest_escape_numbers() -> None:
    """F-10: the d6 must show an escape number of the enemy hardest to escape (fewest numbers)."""
    sk = make(hero(), hero("Friend"), beast("Wolf", escape=[1, 2, 3, 4]), beast("Bear", escape=[5]),
              beast("Slime", escape=None))
    sk.enter_faces(2)
    sk.submit("Hero", Flee())
    with pytest.raises(IllegalOrder, match="one at a time"):
        sk.submit("Friend", Flee())
    ev = sk.resolve_round()
    flee = next(e for e in ev if e.kind == "flee")
    assert flee.data["enemy"] == "Bear" and flee.data["numbers"] == [5] and flee.data["fled"] is False
    sk.resolve_round(autopilot=True)
    sk.enter_faces(5)
    sk.submit("Hero", Flee())
    sk.resolve_round()
    assert sk.status("Hero") == "fled"


def test_f10_gm_decides_without_escape_numbers_and_pet_leaves_with_owner() -> None:
    """F-10: with no escape numbers anywhere the GM rules; a pet leaves with its owner."""
    pet = {"name": "Dog", "side": "party", "kind": "pet", "owner": "Hero", "hp": 4, "ac": 7, "melee": "1"}
    sk = make(hero(), hero("Friend"), pet, beast())
    with pytest.raises(IllegalOrder, match="F-10: no enemy lists escape numbers"):
        sk.submit("Hero", Flee())
    with pytest.raises(IllegalOrder, match="F-10: a pet leaves with its owner"):
        sk.submit("Dog", Flee())
    sk.submit("Hero", Flee(gm_allows=True))
    sk.resolve_round()
    assert sk.status("Hero") == "fled" and sk.status("Dog") == "fled"


def test_f10_gm_forbids_flight() -> None:
    sk = make(hero(), beast(escape=[1, 2]), flight=False)
    with pytest.raises(IllegalOrder, match="forbids"):
        sk.submit("Hero", Flee())


def test_bad_orders_leave_state_untouched() -> None:
    """Bad input: a clear error naming the rule; board, orders and dice unchanged."""
    sk = make(hero(), beast(), first="party")
    state, draws, nrec = sk.state.copy(), sk.dice.draws, len(sk.record)
    bad = [("Nobody", Pass(), "F-1: no combatant named 'Nobody'"),
           ("Hero", Strike("Hero"), "own side"),
           ("Hero", Strike("Ghost"), "no combatant named 'Ghost'"),
           ("Hero", Strike("Beast", attack="axe"), "no attack named 'axe'"),
           ("Hero", Shoot("Beast"), "no ranged weapon"),
           ("Hero", Cast("fireball", "Beast"), "no spell 'fireball'"),
           ("Hero", Cast("fireball", "Beast", damage="1--2"), "C-6"),
           ("Beast", Strike("Ghost"), "no combatant named 'Ghost'")]  # given ahead: checked too
    for actor, order, msg in bad:
        with pytest.raises(IllegalOrder, match=msg):
            sk.submit(actor, order)
    assert sk.state == state and sk.dice.draws == draws and len(sk.record) == nrec
    assert sk.orders_received == [] and sk.history == []


def test_bad_scenarios_name_the_field() -> None:
    """Scenario errors name the field and, for notations, the position."""
    from .helpers import scenario

    cases = [
        (scenario(hero(), beast(melee={"damage": "1", "special": "яд19ПБ6"})), "melee[0].special"),
        (scenario(hero(), beast(melee={"damage": "0.5--1"})), "position 4"),
        (scenario(hero(hp="2ЖЖ"), beast()), "hp"),
        (scenario(hero(), beast(morale=19)), "F-9"),
        (scenario(hero(), beast(escape=[7])), "F-10"),
        (scenario(hero(), hero("Hero")), "unique"),
        (scenario(hero(), {"name": "Dog", "side": "party", "kind": "pet", "hp": 3, "ac": 8}, beast()),
         "needs an owner"),
        (scenario(hero(), {"name": "Horse", "side": "party", "kind": "mount", "rider": "Nobody", "hp": 3,
                           "ac": 8}, beast()), "rider"),
        (scenario(hero(), hero("Other")), "at least two sides"),
        (scenario(hero(), beast(), first="nobody"), "options.first"),
    ]
    for sc, frag in cases:
        with pytest.raises(ScenarioError) as info:
            Skirmish.from_scenario(sc)
        assert frag in str(info.value), (frag, str(info.value))


def test_board_contract_and_player_view() -> None:
    """The board: plain JSON with the agreed keys; a player does not see monsters' hit points."""
    pet = {"name": "Dog", "side": "party", "kind": "pet", "owner": "Hero", "hp": 4, "ac": 7, "melee": "1"}
    sk = make(hero(), pet, beast(hp="2ЖК"))
    b = sk.board()
    json.dumps(b)
    assert b["system"] == "fantasy" and b["phase"] == "melee" and b["acting_side"] == "party"
    assert b["sides"] == ["party", "monsters"] and b["round"] == 1 and b["over"] is False
    row = b["combatants"][1]
    for key in ("name", "side", "kind", "owner", "rider", "hp", "max_hp", "ac", "status", "effects",
                "reward_points"):
        assert key in row
    assert row["kind"] == "pet" and row["owner"] == "Hero"
    pv = sk.board("party")
    assert pv["combatants"][2]["hp"] is None and pv["combatants"][0]["hp"] == 10
    assert b["combatants"][2]["hp"] is not None


def test_summary_outcome_and_over() -> None:
    sk = make(hero(melee={"damage": "9"}), beast(hp=2))
    sk.enter_faces(*d18(18), 1)
    sk.submit("Hero", Strike("Beast"))
    sk.resolve_round()
    assert sk.is_over and sk.acting_side is None and sk.awaiting() == []
    out = sk.outcome()
    assert out == {"winner": "party", "reason": "last_side_standing", "rounds": 1, "survivors": ["Hero"]}
    s = sk.summary()
    json.dumps(s)
    hero_row = s["participants"][0]
    assert hero_row["kills"] == ["Beast"] and hero_row["damage_dealt"] == 2
    assert hero_row["reward_points_gained"] == 10 and s["winner"] == "party"
    with pytest.raises(EncounterOver):
        sk.submit("Hero", Pass())


def test_f8_harmful_item_goes_at_an_enemy() -> None:
    """F-8: a thrown flask hurts an enemy (picked by die when none is named), never its user."""
    sk = make(hero(items=[{"name": "fire flask", "target": "enemy", "damage": "3"}]), beast(hp=10))
    sk.submit("Hero", UseItem("fire flask"))
    sk.enter_faces(1)
    sk.resolve_round()
    assert sk.state.combatants["Beast"].hp == 7 and sk.state.combatants["Hero"].hp == 10


def test_f9_a_holding_spell_prevents_flight() -> None:
    """F-9: an enemy's flight can be prevented by a spell: a 'held' status refuses Flee."""
    sk = make(hero(spells=[{"name": "Hold", "status": "held", "turns": 3}]), beast(morale=5, hp=3),
              beast("Other", hp=20))
    sk.state.combatants["Beast"].hp = 1  # (test shortcut) badly hurt: the autopilot would run
    sk.submit("Hero", Pass())
    sk.resolve_round()
    assert isinstance(sk.autopilot("Beast"), Flee)
    sk.submit("Beast", Pass())
    sk.submit("Other", Pass())
    sk.resolve_round()
    sk.submit("Hero", Cast("Hold", "Beast"))
    sk.resolve_round()
    assert sk.board()["combatants"][1]["effects"][0]["status"] == "held"
    with pytest.raises(IllegalOrder, match="F-9: Beast is held fast"):
        sk.submit("Beast", Flee())
    assert not isinstance(sk.autopilot("Beast"), Flee)


def test_f6_cast_described_by_the_gm_with_protection() -> None:
    """F-6, F-5: a spell not on the sheet, described in the order; the target may make its PR."""
    sk = make(hero(), beast(hp=10, wisdom=2))
    sk.submit("Hero", Cast("Sleep", "Beast", status="asleep", turns=1, disables=True, protection=12))
    sk.enter_faces(*d18(9))  # 9 + Wisdom 2 = 11 < 12: it falls asleep
    ev = sk.resolve_round()
    assert [e.kind for e in ev[:3]] == ["cast", "protection", "effect"]
    assert sk.status("Beast") == "asleep"
    assert sk.acting_side == "party"  # the monsters' only member slept through their turn
    sk.submit("Hero", Cast("Sleep", "Beast", status="asleep", turns=1, disables=True, protection=12))
    sk.enter_faces(*d18(10))  # 10 + 2 = 12: resisted
    ev = sk.resolve_round()
    assert [e.data.get("saved") for e in ev if e.kind == "protection"] == [True]


def test_f6_round_counting_and_phase_names() -> None:
    """F-6: the ranged phase is round 1; each melee cycle through the sides is the next round."""
    sk = make(hero(ranged={"damage": "1"}), beast(hp=40), ranged_phase=True, first="party")
    assert (sk.round, sk.phase) == (1, "ranged")
    sk.resolve_round(autopilot=True)
    assert (sk.round, sk.phase, sk.acting_side) == (2, "melee", "party")
    sk.resolve_round(autopilot=True)
    assert (sk.round, sk.acting_side) == (2, "monsters")
    sk.resolve_round(autopilot=True)
    assert (sk.round, sk.acting_side) == (3, "party")


def test_player_view_hides_monster_hit_points_in_events_too() -> None:
    """A player's record shows damage to a monster but not the hit points it has left."""
    sk = make(hero(), beast(hp=20))
    sk.enter_faces(*d18(18), 2)
    sk.submit("Hero", Strike("Beast"))
    sk.resolve_round()
    gm = [e.kind for e in sk.events_for(None)]
    party = [e.kind for e in sk.events_for("party")]
    assert "hp" in gm and "hp" not in party and "damage" in party
    assert "hp" in [e.kind for e in sk.events_for("monsters")]
    assert not any("left" in line for line in sk.story("en", side="party"))
    assert any("Beast has 18 hit points left" == line for line in sk.story("en"))


def test_autopilot_healer_mends_a_badly_hurt_ally() -> None:
    """The autopilot casts a healing spell on an ally down to a third of its hit points."""
    sk = make(hero(hp=9), hero("Cleric", spells=[{"name": "mend", "target": "ally", "heal": "2"}]),
              beast(hp=20))
    sk.state.combatants["Hero"].hp = 2  # (test shortcut) badly hurt
    assert sk.autopilot("Cleric") == Cast("mend", "Hero")
    assert isinstance(sk.autopilot("Hero"), Strike)


def test_f6_strike_and_spell_in_one_turn() -> None:
    """F-6: a participant strikes and/or casts in its turn: a strike may carry a spell after it."""
    sk = make(hero(melee={"damage": "1"}, spells=[{"name": "bolt", "damage": "2", "uses": 1}]),
              beast(hp=20))
    order = Strike("Beast", cast=Cast("bolt", "Beast"))
    sk.submit("Hero", order)
    sk.enter_faces(*d18(18), 1)
    ev = sk.resolve_round()
    assert [e.kind for e in ev if e.kind in ("hit", "cast", "damage")] == ["hit", "damage", "cast", "damage"]
    assert sk.state.combatants["Beast"].hp == 17 and sk.state.combatants["Hero"].uses["bolt"] == 0
    sk.resolve_round(autopilot=True)
    with pytest.raises(IllegalOrder, match="no casts of 'bolt' left"):
        sk.submit("Hero", order)
    from gmkit.orders import order_from_json, order_registry, order_to_json

    assert order_from_json(json.loads(json.dumps(order_to_json(order))),
                           order_registry(Skirmish.order_types)) == order


def test_f4_effects_keyed_in_either_spelling() -> None:
    """F-4: a GM may key an effect as 'яд' or 'poison'; both spellings at once is an error."""
    sk = make(hero(), beast(melee={"damage": "1", "special": "яд16ПБ6"}), effects={"яд": {"damage": "7"}})
    assert str(sk.effects["poison"].damage) == "7"
    with pytest.raises(ScenarioError, match="given twice"):
        make(hero(), beast(), effects={"яд": {"damage": "7"}, "poison": {"damage": "1"}})


def test_f6_gm_sets_the_ranged_order_and_a_numeric_cap() -> None:
    """F-6: the GM may set who shoots first, and cap the strikers at a number of their choosing."""
    sk = make(hero(ranged={"damage": "1"}), beast(ranged={"damage": "1"}, hp=30),
              *[beast(f"Rat {i}", hp=30) for i in range(4)],
              ranged_phase=True, ranged_first="monsters", first="monsters", cap=3)
    assert sk.state.order == ("monsters", "party") and sk.awaiting() == ["Beast"]
    assert not [e for e in sk.record if e.kind == "rolloff"]
    sk.resolve_round(autopilot=True)
    sk.resolve_round(autopilot=True)
    assert sk.phase == "melee" and sk.acting_side == "monsters"
    assert len(sk.awaiting()) == 3


def test_illegal_scenario_options() -> None:
    from .helpers import scenario

    for opts, frag in [({"cap": 0}, "cap"), ({"variant": 3}, "variant"),
                       ({"ranged_first": "x"}, "ranged_first")]:
        sc = scenario(hero(), beast())
        sc["options"].update(opts)
        with pytest.raises(ScenarioError, match=frag):
            Skirmish.from_scenario(sc)
