"""Rule set F read against the original once more (issue 13, items 12, 13, 15, 16): each test names
its item and the rule id it checks, with faces typed in (C-2) where a die decides."""

from __future__ import annotations

import pytest

from gmkit.errors import IllegalOrder
from gmkit.fantasy import Flee, Pass, Shoot, Strike

from .helpers import beast, hero, kinds, make

# --- item 12, F-6: one ranged attack per participant, "Initiative" included ---------------------


def _archers(first: str):  # type: ignore[no-untyped-def]
    return make(hero("Archer", initiative=1, ranged={"name": "bow", "damage": "1"}),
                hero("Friend", ranged={"name": "sling", "damage": "1"}),
                beast(ranged={"name": "spit", "damage": "1"}, hp=30),
                ranged_phase=True, ranged_first=first)


def test_f6_an_out_of_turn_shot_is_the_one_shot_of_the_ranged_phase() -> None:
    """F-6 (item 12): "each participant has the right to only one ranged strike or one spell"; a
    shooter acting out of turn ("Initiative") in the enemy's ranged turn has made it, and its
    side's turn does not give it another."""
    sk = _archers("monsters")
    assert (sk.phase, sk.acting_side) == ("ranged", "monsters")
    sk.submit("Archer", Shoot("Beast"))  # out of turn
    sk.submit("Beast", Shoot("Friend"))
    ev = sk.resolve_round()
    assert kinds(ev)[0] == "out_of_turn"
    assert sk.state.combatants["Archer"].initiative == 0
    assert (sk.phase, sk.acting_side) == ("ranged", "party")
    assert sk.awaiting() == ["Friend"]
    with pytest.raises(IllegalOrder,
                       match="F-6: Archer has already made the one ranged attack or spell of this phase"):
        sk.submit("Archer", Shoot("Beast"))
    # only its melee strike is left to give, ahead for melee (a forum round sends both parts)
    assert Shoot("Beast") not in sk.legal_orders("Archer")
    assert list(sk.legal_orders("Archer")) == [Strike("Beast")]
    sk.submit("Friend", Shoot("Beast"))
    sk.resolve_round()
    shots = [e.actor for e in sk.record if e.kind in ("hit", "miss") and e.actor == "Archer"]
    assert shots == ["Archer"] and sk.phase == "melee"


def test_f6_a_shooter_that_has_shot_cannot_shoot_again_out_of_turn() -> None:
    """F-6 (item 12): after its own side's ranged turn, an "Initiative" charge does not add a shot
    in the enemy's; the charge is kept for melee."""
    sk = _archers("party")
    sk.submit("Archer", Shoot("Beast"))
    sk.submit("Friend", Shoot("Beast"))
    sk.resolve_round()
    assert (sk.phase, sk.acting_side) == ("ranged", "monsters")
    refusal = sk.legal_orders("Archer").why_not(Shoot("Beast"))
    assert refusal is not None and refusal.rule == "F-6" and "does not add one" in str(refusal)
    assert sk.state.combatants["Archer"].initiative == 1


# --- item 13, F-6 Variant 2: the monster the die picks is the one that strikes ------------------


def test_f6_variant2_only_the_monster_the_die_picked_strikes() -> None:
    """F-6 Variant 2 (item 13): "on the opponents' side [the striker is chosen] by a die roll"; an
    order from any other monster is refused naming the rule, and the picked one's is taken."""
    sk = make(hero(hp=50), beast("X", hp=30), beast("Y", hp=30), beast("Z", hp=30),
              variant=2, first="party")
    sk.enter_faces(2)  # after the party's turn the d3 picks the second monster, Y
    sk.submit("Hero", Pass())
    sk.resolve_round()
    chosen = [e for e in sk.record if e.key == "fantasy.chosen"][-1]
    assert chosen.data["chosen"] == "Y" and chosen.rolls[0].faces == (2,) and chosen.rolls[0].manual
    assert sk.awaiting() == ["Y"]
    for other in ("X", "Z"):
        with pytest.raises(IllegalOrder, match=r"F-6: Variant 2: .* it picked Y for monsters"):
            sk.submit(other, Strike("Hero"))
        assert list(sk.legal_orders(other)) == [] and Pass() not in sk.legal_orders(other)
    assert sk.orders_received == []
    sk.submit("Y", Strike("Hero"))
    assert sk.orders_received == ["Y"]


def test_f6_variant2_players_may_still_choose_who_strikes() -> None:
    """F-6 Variant 2: on the players' side the striker "is chosen at will (preferably in turn) or by
    die": the rotation is what the desk offers first, and another player may take the turn."""
    sk = make(hero("A", hp=30), hero("B", hp=30), beast(hp=30), variant=2, first="party")
    assert sk.awaiting() == ["A"]
    sk.submit("B", Strike("Beast"))
    assert sk.orders_received == ["B"]


# --- F-6, F-9, F-10: no flight in the ranged phase (``in`` and iteration agree) ------------------


def test_f9_f10_flight_is_a_melee_turn_not_a_ranged_shot() -> None:
    """F-6, F-9, F-10: the ranged phase gives each participant one ranged strike or one spell;
    fleeing is rolled "on its turn" of the melee that follows. ``Flee()`` was accepted by
    ``validate_order`` in the ranged phase though iteration never listed it: now neither does."""
    sk = make(hero(ranged={"name": "bow", "damage": "1"}),
              beast(ranged={"name": "spit", "damage": "1"}, hp=30, morale=10, escape=[1, 2]),
              ranged_phase=True, ranged_first="party")
    assert sk.phase == "ranged"
    for actor in ("Hero", "Beast"):
        if sk.acting_side != sk.side_of(actor):
            sk.submit("Hero", Shoot("Beast"))
            sk.resolve_round()
        legal = sk.legal_orders(actor)
        for order in (Flee(), Flee(gm_allows=True), Flee(gm_allows=False)):
            refusal = legal.why_not(order)
            assert refusal is not None and refusal.rule == "F-6", (actor, order)
            assert (order in legal) == (order in list(legal)) is False
        with pytest.raises(IllegalOrder, match="F-6: the ranged phase"):
            sk.submit(actor, Flee())
        assert sk.flee_odds(actor) is None
    sk.submit("Beast", Pass())
    sk.resolve_round()
    assert (sk.phase, sk.acting_side) == ("melee", "party")
    legal = sk.legal_orders("Hero")
    assert Flee() in legal and Flee() in list(legal)  # F-10: the d6 on the Beast's 1, 2


# --- item 15, C-2/C-5: the d18's three-valued die typed as the table prints it -------------------


@pytest.mark.parametrize("printed, face", [(0, 1), (6, 2), (12, 3)])
def test_c5_the_0_6_12_die_typed_as_printed_or_as_its_face(printed: int, face: int) -> None:
    """C-2, C-5 (item 15): "a six-sided die and a die with the values 0-6-12"; a GM types the second
    as the table prints it (0, 6, 12) or as its face 1..3, and both give the same d18 and the same
    record (the face 1..3, marked as typed in)."""
    from gmkit.dice import Dice

    for typed in (printed, face):
        d = Dice(seed=4)
        d.enter(5, typed)
        r = d.d18()
        assert r.total == 5 + 6 * (face - 1) and r.faces == (5, face) and r.manual
        assert d.tape == [5, face] and d.manual_marks == [0, 1] and d.pending_hand == ()


def test_c5_a_typed_in_6_hits_and_the_journal_replays_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """C-2, C-5, F-2 (item 15): against AC 8 (9 needed) the faces 3 and 6 are a d18 of 9: a hit.
    The faces 4 and 0 typed in for the next d18 wait in hand across a resume (the journal keeps
    them as typed) and make a 4: a miss."""
    from gmkit.fantasy import Skirmish

    from .helpers import scenario

    path = tmp_path / "f.jsonl"
    sk = Skirmish.from_scenario(scenario(hero(), beast(hp=20)), seed=3, journal=path)
    sk.enter_faces(3, 6, 2, 4, 0)
    sk.submit("Hero", Strike("Beast"))
    ev = sk.resolve_round()
    hit = next(e for e in ev if e.kind == "hit")
    assert hit.rolls[0].total == 9 and hit.rolls[0].faces == (3, 2) and hit.rolls[0].manual
    assert sk.state.combatants["Beast"].hp == 18 and sk.dice.pending_hand == (4, 0)
    sk.close()
    again = Skirmish.resume(path)
    assert [e.to_json() for e in again.record] == [e.to_json() for e in sk.record]
    assert again.dice.pending_hand == (4, 0)
    again.submit("Beast", Strike("Hero"))
    ev = again.resolve_round()
    miss = next(e for e in ev if e.kind == "miss")
    assert miss.rolls[0].total == 4 and miss.rolls[0].faces == (4, 1) and miss.rolls[0].manual
    again.close()
    assert [e.to_json() for e in Skirmish.resume(path, autosave=False).record] == \
        [e.to_json() for e in again.record]


# --- item 16, F-3: the odds clamp damage at 0 as the engine does --------------------------------


def test_f3_odds_clamp_damage_at_0_when_the_modifier_is_negative() -> None:
    """F-3 (item 16): a table value plus a negative Strength is never below 0 (the engine's
    ``rules.damage_amount``), so ``gmkit.odds`` lists no -1: ``0-1-2`` at -1 is 0, 0, 1, and its mean
    is 1/3. (On commit e6a154f ``strike`` listed a -1 outcome and ``table_mean`` gave 0.)"""
    from fractions import Fraction

    from gmkit import odds

    od = odds.strike(8, "0-1-2", 0, -1)
    assert od.probabilities == {"miss": Fraction(4, 9), "0": Fraction(10, 27), "1": Fraction(5, 27)}
    assert "-1" not in od.keys()
    assert odds.table_mean("0-1-2", -1) == Fraction(1, 3)
    assert odds.table_values("0-1-2", -3) == {Fraction(0): Fraction(1)}
    assert odds.table("0.5-1-1.5", -1).probabilities == {"0": Fraction(2, 3), "0.5": Fraction(1, 3)}


def test_f3_clamped_odds_agree_with_the_engine_by_sampling() -> None:
    """F-2, F-3 (item 16): 3000 seeded fights (seeds 0..2999), one unarmed strike (0-1-2) with
    Strength -1 at AC 8; each outcome's rate (miss, a hit for 0, a hit for 1) lies within 3 standard
    errors of ``odds.strike(8, '0-1-2', 0, -1)`` and of the board's own ``strike_odds``."""
    import math
    from fractions import Fraction

    from gmkit import odds

    base = make(hero(melee={"name": "fist", "damage": "0-1-2"}, strength=-1), beast(hp=20, ac=8))
    exact = odds.strike(8, "0-1-2", 0, -1).probabilities
    line = base.strike_odds("Hero", Strike("Beast")).lines[0]  # type: ignore[union-attr]
    assert line.miss == exact["miss"]
    assert [(v, line.hit * p) for v, p in line.damage or ()] == [(0, exact["0"]), (1, exact["1"])]
    n = 3000
    seen = {"miss": 0, "0": 0, "1": 0}
    for seed in range(n):
        sk = base.fresh(seed)
        sk.submit("Hero", Strike("Beast"))
        ev = sk.resolve_round()
        if any(e.kind == "miss" for e in ev):
            seen["miss"] += 1
        else:
            seen[str(20 - int(sk.state.combatants["Beast"].hp))] += 1
    for key, p in exact.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen[key] / n - float(p)) < 3 * se, (key, seen, p)
    assert sum(seen.values()) == n and Fraction(1) == sum(exact.values())
