"""F-6 on a forum: every order of the round taken up front, whatever the phase, and one
``play_round`` from the ranged exchange to the point where the players must write again."""

from __future__ import annotations

import pytest

from gmkit.errors import IllegalOrder
from gmkit.fantasy import Skirmish
from gmkit.fantasy.orders import Both, Cast, Pass, Shoot, Strike
from gmkit.rounds import play_round

from .helpers import beast, hero, make

BOW = {"name": "bow", "damage": "1"}
GOBLINS = ["Gob 1", "Gob 2", "Chief"]


def ambush(first: str = "monsters") -> Skirmish:
    """Three heroes (one without a ranged weapon) against two archer goblins and their chief."""
    return make(hero("Axe", hp=30), hero("Archer", hp=30, ranged=BOW),
                hero("Mage", hp=30, spells=[{"name": "bolt", "damage": "1", "uses": 1}]),
                beast("Gob 1", hp=20, ranged=BOW), beast("Gob 2", hp=20, ranged=BOW),
                beast("Chief", hp=40), ranged_phase=True, ranged_first=first, first=first)


def test_a_melee_order_given_in_the_ranged_phase_waits_for_melee() -> None:
    sk = ambush("party")
    assert sk.phase == "ranged" and "Axe" not in sk.awaiting()  # no bow, no spell
    sk.submit("Axe", Strike("Chief"))
    assert "Axe" in sk.orders_received and "Axe" not in sk.orders_due()
    sk.submit("Archer", Shoot("Gob 1"))
    sk.submit("Mage", Pass())
    sk.resolve_round()
    assert sk.phase == "ranged" and sk.pending_order("Axe") == Strike("Chief")
    sk.resolve_round(autopilot=True)  # the goblins' volley
    assert sk.phase == "melee"
    if sk.acting_side != "party":
        sk.resolve_round(autopilot=True)
    struck = [e for e in sk.resolve_round() if e.actor == "Axe" and e.kind in ("hit", "miss")]
    assert struck and struck[0].data.get("target", struck[0].params.get("target")) == "Chief"


def test_both_parts_in_one_order() -> None:
    sk = ambush("party")
    sk.submit("Archer", Both(Shoot("Gob 1"), Strike("Gob 2")))
    assert sk.orders_due() == ["Archer"]
    sk.submit("Mage", Pass())
    events = sk.resolve_round()
    assert any(e.actor == "Archer" and e.kind in ("hit", "miss") for e in events)
    # the shot is played; the strike stays received for melee, checked again then
    assert sk.pending_order("Archer") == Strike("Gob 2")
    assert "Archer" not in sk.orders_due()


def test_a_both_order_is_refused_once_the_ranged_phase_is_over() -> None:
    sk = make(hero(ranged=BOW), beast(hp=30))
    assert sk.phase == "melee"
    with pytest.raises(IllegalOrder, match="F-6: the ranged phase is over"):
        sk.submit("Hero", Both(Shoot("Beast"), Strike("Beast")))
    assert sk.orders_received == []


def test_a_one_use_spell_cannot_be_cast_in_both_parts() -> None:
    sk = ambush("party")
    with pytest.raises(IllegalOrder, match="bolt"):
        sk.submit("Mage", Both(Cast("bolt", "Gob 1"), Cast("bolt", "Gob 2")))
    assert sk.orders_received == []


def test_the_wrong_part_in_each_slot_is_refused() -> None:
    sk = ambush("party")
    with pytest.raises(IllegalOrder, match="F-6"):
        sk.submit("Axe", Both(Shoot("Gob 1"), Strike("Gob 1")))  # Axe has no bow
    with pytest.raises(IllegalOrder):
        sk.submit("Archer", Both(Strike("Gob 1"), Strike("Gob 1")))  # type: ignore[arg-type]
    assert sk.orders_received == []


def test_one_play_covers_the_whole_forum_round() -> None:
    """Every player sent both parts: the goblins' volley, the party's volley, then melee turns
    in order, stopping where the players must write again."""
    sk = ambush("monsters")
    sk.submit_all({"Axe": Strike("Chief"), "Archer": Both(Shoot("Gob 1"), Strike("Gob 1")),
                   "Mage": Both(Cast("bolt", "Gob 2"), Strike("Gob 2"))})
    play = play_round(sk, npcs=GOBLINS)
    assert play.stopped == "done"
    assert sk.phase == "melee"
    assert sk.orders_received == []  # every order the players gave was played
    for who in ("Axe", "Archer", "Mage"):
        assert who in play.played
    turns = [(e.data["side"], e.data["phase"]) for e in sk.record if e.kind == "turn"]
    assert ("monsters", "ranged") in turns and ("party", "ranged") in turns
    assert ("party", "melee") in turns
    # it stops at a turn of the players' own: no order of theirs is missing from a turn played
    assert not any(e.kind == "pass" and e.data.get("reason") == "no order" for e in play.events)


def test_the_round_stops_for_a_player_with_nothing_for_melee() -> None:
    sk = ambush("monsters")
    sk.submit_all({"Axe": Strike("Chief"), "Archer": Shoot("Gob 1"), "Mage": Cast("bolt", "Gob 2")})
    play = play_round(sk, npcs=GOBLINS)
    assert sk.phase == "melee" and sk.acting_side == "party"
    assert play.stopped == "done"  # Archer and Mage shot: they must write for melee now
    assert set(sk.awaiting()) == {"Archer", "Mage"}
    assert sk.pending_order("Axe") == Strike("Chief")  # still waiting for the party's turn


def test_a_melee_order_whose_target_fell_stops_with_the_choices() -> None:
    sk = make(hero("Axe", hp=30), hero("Archer", hp=30, ranged={"name": "bow", "damage": "9"}),
              beast("Gob 1", hp=1, ac=9), beast("Chief", hp=40),
              ranged_phase=True, ranged_first="party", first="party")
    sk.submit("Axe", Strike("Gob 1"))
    sk.enter_faces(6, 3)  # a d18 of 18: the arrow kills the goblin
    sk.submit("Archer", Both(Shoot("Gob 1"), Strike("Gob 1")))
    play = play_round(sk, npcs=["Gob 1", "Chief"])
    assert sk.status("Gob 1") == "dead"
    assert play.stopped == "unfit" and play.actor in ("Axe", "Archer")
    assert play.refusal is not None and play.refusal.rule == "F-6"
    assert Strike("Chief") in play.choices


def test_a_forum_round_is_journaled_and_replays(tmp_path) -> None:
    sk = ambush("monsters")
    sk.submit_all({"Axe": Strike("Chief"), "Archer": Both(Shoot("Gob 1"), Strike("Gob 1")),
                   "Mage": Cast("bolt", "Gob 2")})
    play_round(sk, npcs=GOBLINS)
    path = sk.save(tmp_path / "fight.jsonl")
    again = Skirmish.resume(path)
    assert [e.to_json() for e in again.record] == [e.to_json() for e in sk.record]
    assert {a: again.pending_order(a) for a in again.orders_received} == \
        {a: sk.pending_order(a) for a in sk.orders_received}
    sk.undo()
    assert sk.phase != again.phase or sk.acting_side != again.acting_side or \
        len(sk.record) < len(again.record)
