"""Rule set D read against the original once more (issue 13, items 1-5): each test names its item
and cites the rule id it holds the engine to."""

from __future__ import annotations

import pytest

from gmkit.dragons import DragonDuel, DragonOrder, Move
from gmkit.dragons import rules as R
from gmkit.errors import IllegalOrder

from .helpers import dragon, duel, keys, scenario

# --- item 2: D-4, no invented dive limit ------------------------------------------------------


def test_d4_a_dive_has_no_depth_limit_by_default() -> None:
    """Issue 13 item 2, D-4: the original sets no depth limit on a dive; a dive of 8 levels is
    legal, gives 2 Speed per level and, past maximum Speed, is a dangerous manoeuvre (D-11)."""
    d = duel(dragon("Ash", "red", 4, 30, max_speed=9), dragon("Bane", "blue", 4, 10))
    order = DragonOrder(move=Move.dive(8))
    assert order in d.legal_orders("Ash")
    d.submit("Ash", order)
    d.enter_faces(6, 2)  # Piloting for the dangerous dive: 6, success
    d.resolve_round()
    ash = d.state.dragons["Ash"]
    assert (ash.speed, ash.height) == (4 + 16, 30 - 8)
    assert "dragons.roll.danger.ok" in keys(d)


def test_d4_a_scenario_may_set_a_dive_limit() -> None:
    """Issue 13 item 2, D-4: a scenario's ``max_dive`` limits a dive; the refusal names the rule,
    the option and the numbers."""
    d = duel(dragon("Ash", "red", 4, 30, max_speed=9), dragon("Bane", "blue", 4, 10), max_dive=3)
    assert DragonOrder(move=Move.dive(3)) in d.legal_orders("Ash")
    with pytest.raises(IllegalOrder, match=r"D-4: the scenario limits a dive to 3 levels .*not 4"):
        d.submit("Ash", DragonOrder(move=Move.dive(4)))
    assert [str(m) for m in d.legal_moves("Ash") if m.kind == "dive"] == ["dive 1", "dive 2",
                                                                        "dive 3"]


def test_d4_listed_dives_reach_past_maximum_speed() -> None:
    """Issue 13 item 2, D-4: the moves a form lists go two levels past the first dangerous dive
    (never fewer than 5); every deeper dive is legal all the same."""
    d = duel(dragon("Ash", "red", 2, 60, max_speed=30), dragon("Bane", "blue", 4, 10))
    dives = [m.amount for m in d.legal_moves("Ash") if m.kind == "dive"]
    assert dives == list(range(1, R.listed_dives(2, 30, None) + 1)) and max(dives) == 17
    assert DragonOrder(move=Move.dive(40)) in d.legal_orders("Ash")


def test_d4_the_dumped_scenario_holds_no_dive_limit_unless_set() -> None:
    """Issue 13 item 2: a scenario that sets no limit keeps none in its journal header."""
    d = DragonDuel(scenario(dragon("Ash", "red"), dragon("Bane", "blue")), 1)
    assert "max_dive" not in d.scenario["options"]
    d3 = DragonDuel(scenario(dragon("Ash", "red"), dragon("Bane", "blue"), max_dive=3), 1)
    assert d3.scenario["options"]["max_dive"] == 3


# --- item 1: D-1/D-12, one movement per round whatever the arrival order ----------------------


def _tail_pair() -> DragonDuel:
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10))
    d.state.dragons["Ash"].tailing, d.state.dragons["Bane"].tailed_by = "Bane", "Ash"
    return d


@pytest.mark.parametrize("first", ["Ash", "Bane"])
def test_d1_d12_a_pursuer_that_orders_a_move_flies_only_that_move(first: str) -> None:
    """Issue 13 item 1, D-1/D-12: Ash, on Bane's tail, orders a move of its own (it breaks off);
    Bane dives. Whichever order arrived first, Ash makes one movement, its own: it no longer
    copies Bane's dive and then flies its own move as well."""
    d = _tail_pair()
    orders = {"Ash": DragonOrder(move=Move.level(1)), "Bane": DragonOrder(move=Move.dive(1))}
    second = "Bane" if first == "Ash" else "Ash"
    d.submit(first, orders[first])
    d.submit(second, orders[second])
    d.resolve_round()
    ash, bane = d.state.dragons["Ash"], d.state.dragons["Bane"]
    assert (ash.speed, ash.height) == (7, 10) and (bane.speed, bane.height) == (8, 9)
    assert ash.tailing is None and bane.tailed_by is None
    assert len([e for e in d.record if e.kind == "move" and e.actor == "Ash"]) == 1


@pytest.mark.parametrize("first", ["Ash", "Bane"])
def test_d1_d12_a_pursuer_without_a_move_copies_once(first: str) -> None:
    """Issue 13 item 1, D-12: a pursuer with no movement order copies its target's move, once,
    whoever wrote first."""
    d = _tail_pair()
    d.submit(first, DragonOrder() if first == "Ash" else DragonOrder(move=Move.dive(1)))
    other = "Bane" if first == "Ash" else "Ash"
    d.submit(other, DragonOrder() if other == "Ash" else DragonOrder(move=Move.dive(1)))
    d.resolve_round()
    ash = d.state.dragons["Ash"]
    assert (ash.speed, ash.height) == (8, 9) and ash.tailing == "Bane"
    assert [e.key for e in d.record if e.kind == "move" and e.actor == "Ash"] == \
        ["dragons.move.follows"]


@pytest.mark.parametrize("first", ["Ash", "Bane"])
def test_d1_d12_a_tail_gained_after_the_own_move_does_not_give_a_second(first: str) -> None:
    """Issue 13 item 1, D-1/D-12: Ash flies level and tries for Bane's tail; Bane speeds up. If
    Ash acts first and wins the tail, it has made its movement and cannot copy Bane's: the tail
    is lost when Bane pulls away, as it would have failed had Bane moved first. Ash ends where
    its own move took it, not on the tail, either way."""
    from gmkit.dragons import TailAttempt

    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10))
    orders = {"Ash": DragonOrder(move=Move.level(0), actions=(TailAttempt("Bane"),)),
              "Bane": DragonOrder(move=Move.level(1))}
    second = "Bane" if first == "Ash" else "Ash"
    d.submit(first, orders[first])
    d.submit(second, orders[second])
    d.enter_faces(6, 1, 2, 1)  # Ash's Piloting 6 against Bane's 2 (when the roll is made)
    d.resolve_round()
    ash = d.state.dragons["Ash"]
    assert (ash.speed, ash.height) == (6, 10) and ash.tailing is None
    assert len([e for e in d.record if e.kind == "move" and e.actor == "Ash"]) == 1
    if first == "Ash":
        assert "dragons.tail.already_moved" in keys(d)


# --- item 3: D-10 "at once" ---------------------------------------------------------------------


def test_d10_a_pilot_consumed_during_its_turn_carries_out_no_more_of_the_order() -> None:
    """Issue 13 item 3, D-10: a Power's critical failure, Spirit failed: the dragon is the GM's
    at once, and the attack the player ordered after the Power is not carried out."""
    from gmkit.dragons import Attack, UsePower

    d = duel(dragon("Ash", "red", 6, 11, spirit="d4"), dragon("Bane", "blue", 6, 10))
    d.submit("Ash", DragonOrder(move=Move.level(0),
                                actions=(UsePower("Storm", "d8"), Attack("Flame", "Bane"))))
    d.enter_faces(1, 1, 1, 2)  # Power d8 1 / wild 1: critical failure; Spirit d4 1 / wild 2: fails
    d.resolve_round()
    assert d.state.dragons["Ash"].turned
    assert not any(e.kind in ("attack", "action_lost") and e.actor == "Ash" for e in d.record)
    void = next(e for e in d.record if e.key == "dragons.turned.rest_void")
    assert void.params["n"] == 1 and "D-10" in void.text("en")


def test_d10_a_pilot_consumed_before_its_turn_gives_the_turn_to_the_gm() -> None:
    """Issue 13 item 3, D-10: Bane's hit is Ash's third wound and Ash's pilot fails Spirit
    before Ash acts: the player's order (climb, fire at Bane) is not carried out; at its turn
    Ash is the GM's (falling, it gives no movement, and the autopilot has no order for it)."""
    from gmkit.dragons import Attack

    d = duel(dragon("Ash", "red", 6, 10, toughness=4, spirit="d4"),
             dragon("Bane", "blue", 7, 11))
    d.state.dragons["Ash"].wounds = 2
    d.submit("Ash", DragonOrder(move=Move.climb(1), actions=(Attack("Flame", "Bane"),)))
    d.submit("Bane", DragonOrder(move=Move.level(0), actions=(Attack("Flame", "Ash"),)))
    # Bane: Flame 5/1 at range 60 (short): hit; damage 4+4 = 8 against 4: a Wound, the third;
    # Ash's weapons hold (6, 6); Spirit d4 1 / wild 2 at -3: consumed
    d.enter_faces(5, 1, 4, 4, 6, 6, 1, 2)
    d.resolve_round()
    ash = d.state.dragons["Ash"]
    assert ash.turned and ash.falling
    keys_ = keys(d)
    assert "dragons.turned.order_void" in keys_
    assert keys_.index("dragons.turned.order_void") > keys_.index("dragons.roll.turn.consumed")
    assert not any(e.kind in ("attack", "action_lost", "move") and e.actor == "Ash"
                   for e in d.record)


def test_d10_consumed_at_the_gms_check_the_whole_turn_is_the_gms() -> None:
    """Issue 13 item 3, D-10: consumed at the start of its turn (the GM's TurnCheck), the dragon
    makes the GM's move and attacks, going for the nearest dragon, its friend included."""
    from gmkit.dragons import Attack, TurnCheck

    d = duel(dragon("Ash", "red", 6, 11, spirit="d4"), dragon("Friend", "red", 6, 10),
             dragon("Foe", "blue", 3, 9))
    d.submit("Ash", DragonOrder(move=Move.climb(1),
                                actions=(TurnCheck("the storm"), Attack("Flame", "Foe"))))
    d.enter_faces(1, 2)  # Spirit d4 1 / wild 2: consumed
    d.resolve_round()
    keys_ = keys(d)
    assert keys_.index("dragons.turned.order_void") < keys_.index("dragons.turned.acts")
    assert d.state.dragons["Ash"].height != 13  # the player's climb is not made
    targets = {e.data["target"] for e in d.record if e.kind == "attack" and e.actor == "Ash"}
    assert targets <= {"Friend"}


def test_d10_from_then_on_orders_are_the_gms_and_the_players_are_refused() -> None:
    """Issue 13 item 3, D-10: a turned dragon's order given as the player's is refused naming
    D-10; the GM's (GMOrder) is accepted and carried out; the GM's order for a player's dragon
    that has not turned is refused too."""
    from gmkit.dragons import Attack, GMOrder
    from gmkit.dragons.language import LANGUAGE

    d = duel(dragon("Ash", "red", 6, 11), dragon("Friend", "red", 6, 10),
             dragon("Foe", "blue", 3, 16))
    with pytest.raises(IllegalOrder, match="D-10: Ash is a player's dragon"):
        d.submit("Ash", GMOrder(DragonOrder(move=Move.level(0))))
    d.state.dragons["Ash"].turned = True
    with pytest.raises(IllegalOrder, match=r"D-10: Ash's pilot was consumed .* refused"):
        d.submit("Ash", DragonOrder(move=Move.level(0)))
    reading = LANGUAGE.read(d, "Ash", "ровно, атакую Фо пламенем")
    assert not reading.ok and any(p.rule == "D-10" for p in reading.problems)
    gm = GMOrder(DragonOrder(move=Move.level(-1), actions=(Attack("Flame", "Friend"),)))
    assert gm in d.legal_orders("Ash")
    assert all(isinstance(o, GMOrder) for o in d.legal_orders("Ash"))
    d.submit("Ash", gm)
    d.enter_faces(2, 1)  # Flame at Friend: 2, miss
    d.resolve_round()
    assert d.state.dragons["Ash"].speed == 5
    assert "dragons.turned.acts" not in keys(d)  # the GM gave the order; no autopilot
    assert any(e.kind == "attack" and e.data["target"] == "Friend" for e in d.record)


# --- item 4: D-9, a critical failure on any manoeuvre "may" start a fall ------------------------


def _botched_tail(call: bool | None, option: bool | None) -> DragonDuel:
    from gmkit.dragons import CritFall, TailAttempt

    opts = {} if option is None else {"crit_manoeuvre_falls": option}
    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10), **opts)
    acts: tuple = (TailAttempt("Bane"),) + (() if call is None else (CritFall(call),))
    d.submit("Ash", DragonOrder(move=Move.level(0), actions=acts))
    d.enter_faces(1, 1, 4, 2)  # Ash's Piloting d8 1 / wild 1: a critical failure; Bane 4
    d.resolve_round()
    return d


@pytest.mark.parametrize("call, option, falls, key", [
    (None, None, False, None),                 # today's default: nothing happens
    (None, True, True, "dragons.fall.crit"),   # the scenario's default: it falls
    (True, None, True, "dragons.fall.crit"),   # the GM's call: it falls
    (False, True, False, "dragons.fall.crit_no_fall"),  # the GM's call beats the default
])
def test_d9_a_critical_failure_on_a_manoeuvre_may_start_a_fall(
        call: bool | None, option: bool | None, falls: bool, key: str | None) -> None:
    """Issue 13 item 4, D-9: a critical failure performing a manoeuvre (here a tail attempt)
    "may" start a fall: the GM's call for the round (CritFall), else the scenario's option;
    a call is told in the story with who made it."""
    d = _botched_tail(call, option)
    assert d.state.dragons["Ash"].falling is falls
    if key is None:
        assert not any(k.startswith("dragons.fall.crit") for k in keys(d))
    else:
        e = next(e for e in d.record if e.key == key)
        by = "GM" if call is not None else "scenario"
        assert by in e.text("en") and "D-9" in e.text("en")
    # the GM's call is no action: no multi-action penalty on the tail attempt
    assert "dragons.multi_action" not in keys(d)


def test_d9_the_defender_of_an_opposed_manoeuvre_may_fall_too() -> None:
    """Issue 13 item 4, D-9: Bane botches its evasion (a critical failure on its Piloting)."""
    from gmkit.dragons import TailAttempt

    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10), crit_manoeuvre_falls=True)
    d.submit("Ash", DragonOrder(move=Move.level(0), actions=(TailAttempt("Bane"),)))
    d.enter_faces(5, 2, 1, 1)  # Ash 5; Bane d8 1 / wild 1: a critical failure
    d.resolve_round()
    assert next(e for e in d.record if e.key == "dragons.fall.crit").actor == "Bane"
    assert d.state.dragons["Ash"].tailing is None  # a falling dragon cannot be followed


def test_d9_the_gms_call_is_allowed_once_and_while_shaken() -> None:
    from gmkit.dragons import CritFall

    d = duel(dragon("Ash", "red", 6, 10), dragon("Bane", "blue", 6, 10))
    d.state.dragons["Ash"].shaken = True
    d.submit("Ash", DragonOrder(move=Move.level(0), actions=(CritFall(True),)))
    with pytest.raises(IllegalOrder, match="D-9"):
        d.submit("Ash", DragonOrder(move=Move.level(0), actions=(CritFall(True), CritFall(False))))


# --- item 5: D-3, the GM reorders a round's actors ---------------------------------------------


def test_d3_the_gm_reorders_the_rounds_actors_journaled_and_told(tmp_path) -> None:
    """Issue 13 item 5, D-3 ("some manoeuvres may break the order of action"): the GM sets the
    round's order of action before it resolves; the slower Bane acts first, the story tells both
    orders, the journal keeps the ruling and a resume replays it exactly; the players' view of
    orders received leaves the ruling out."""
    from gmkit.dragons import Initiative
    from gmkit.encounter import Encounter

    path = tmp_path / "duel.jsonl"
    d = DragonDuel(scenario(dragon("Ash", "red", 8, 10), dragon("Bane", "blue", 5, 10)), 3,
                   journal=path)
    d.submit("Ash", DragonOrder(move=Move.level(1)))
    d.set_initiative(["Bane", "Ash"])
    assert d.pending_order("GM") == Initiative(("Bane", "Ash"))
    assert d.board("red")["orders_received"] == ["Ash"]
    events = d.resolve_round(autopilot=True)
    gm = next(e for e in events if e.key == "dragons.initiative.gm")
    assert gm.data == {"order": ["Bane", "Ash"], "rules": ["Ash", "Bane"]}
    assert "D-3" in gm.text("en") and "Bane и Ash" in gm.text("ru")
    movers = [e.actor for e in events if e.kind == "move"]
    assert movers == ["Bane", "Ash"]
    lines = d.journal_lines()
    assert any(x.get("op") == "submit" and x.get("actor") == "GM" for x in lines)
    d.close()
    again = Encounter.resume(path, autosave=False)
    assert [e.to_json() for e in again.record] == [e.to_json() for e in d.record]


def test_d3_the_gms_order_of_action_names_every_dragon_in_the_fight_once() -> None:
    """Issue 13 item 5, D-3: a ruling that leaves a dragon out, names one twice or an unknown
    one is refused naming D-3; only the GM gives it; no dragon may be called 'GM'."""
    from gmkit.dragons import Initiative
    from gmkit.errors import ScenarioError

    d = duel(dragon("Ash", "red"), dragon("Bane", "blue"), dragon("Cy", "blue"))
    for bad, why in ((["Ash", "Bane"], "missing: Cy"), (["Ash", "Bane", "Cy", "Ash"], "twice"),
                     (["Ash", "Bane", "Cy", "Dax"], "no such dragon: Dax")):
        with pytest.raises(IllegalOrder, match=f"D-3: .*{why}"):
            d.set_initiative(bad)
    with pytest.raises(IllegalOrder, match="D-3: the order of action is the GM's call"):
        d.submit("Ash", Initiative(("Ash", "Bane", "Cy")))
    with pytest.raises(ScenarioError, match="GM"):
        DragonDuel(scenario(dragon("GM", "red"), dragon("Bane", "blue")), 1)
