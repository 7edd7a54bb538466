"""S-8/S-10 (item 10 of issue 13): the attacker chooses the whole ship or its systems, and a
cloaked attacker its place, once the hit is known; the turn waits for that choice.

The original puts the choice of tactic after the attack got through (RULES.md S-8), and the
cloaked ship's stay-or-shift after its attack (S-10).
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

from gmkit.errors import IllegalOrder
from gmkit.space import Attack, Choose, Clock, Flee, Move, Pass, Pursue, SpaceBattle
from gmkit.space.ui import SpaceOrderForm, SpaceSession

from .helpers import battle, player_json, scenario, ship
from .test_battle import refused


def duel(**kw: object) -> SpaceBattle:
    return battle(ship("A", "red", (0, 0)), ship("B", "blue", (1, 1), defence=6), **kw)


def test_s8_the_aim_is_chosen_once_the_hit_is_known() -> None:
    """S-8: a hit pauses the turn on the attacker's choice; nothing but the choice is taken from
    anyone, and the choice, journaled as a step of its own, plays the rest of the shot."""
    b = duel()
    b.enter_faces(7)
    new = b.push("A", Attack("B"))
    assert [e.key for e in new] == ["space.attack.hit", "space.choice.asked.aim"]
    assert b.state.ships["B"].hull == 20 and b.current_ship == "A" and b.awaiting() == ["A"]
    assert b.decision() == {"ship": "A", "target": "B", "asks": ["aim"], "aims": ["hull", "systems"],
                            "shift_to": []}
    assert b.board("blue")["decision"] == {"ship": "A", "target": "B", "asks": ["aim"]}
    assert list(b.legal_orders("A")) == [Choose("hull"), Choose("systems")]
    refused(b, "A", Move((0, 1)), "S-8", "first A chooses", "“hull”", "“systems”")
    refused(b, "A", Choose(), "S-8", "choose “hull”")
    refused(b, "A", Choose("bridge"), "S-8", "“bridge”")
    refused(b, "A", Choose("hull", (0, 1)), "S-10", "no place to choose")
    refused(b, "B", Choose("hull"), "S-4", "A's turn")  # the choice is the shot's, A's alone
    b.submit("B", Pass())  # B's order for its own turn, given ahead (issue 29): it waits
    with pytest.raises(IllegalOrder, match="S-8: waiting for A's choice"):
        b.resolve_round()
    b.withdraw("B")
    b.enter_faces(3)
    new = b.push("A", Choose("systems"))
    assert [e.key for e in new][:2] == ["space.choice.systems", "space.hit_system.damaged"]
    assert b.state.ships["B"].systems == {"reactor": 1} and b.state.decision is None
    assert b.current_ship == "B" and "decision" not in b.board()
    assert "A strikes B's systems" in b.story("en") and "A бьёт по системам B" in b.story("ru")
    ops = [(h["op"], type(h.get("order")).__name__) for h in b.history]
    assert ops == [("enter", "NoneType"), ("submit", "Attack"), ("resolve", "NoneType"),
                   ("submit", "Pass"), ("withdraw", "NoneType"),
                   ("enter", "NoneType"), ("submit", "Choose"), ("resolve", "NoneType")]


def test_s8_a_miss_asks_nothing_and_an_aim_given_in_the_order_stands() -> None:
    """S-8: no hit, no choice; a captain who named the aim in the order has chosen already."""
    b = duel()
    b.enter_faces(5)
    b.push("A", Attack("B"))
    assert b.state.decision is None and b.current_ship == "B"
    c = duel()
    c.enter_faces(6, 4, 4)
    new = c.push("A", Attack("B", "hull"))
    assert [e.key for e in new][:3] == ["space.attack.hit", "space.choice.hull", "space.damage"]
    assert c.state.ships["B"].hull == 12 and c.current_ship == "B"


def test_s8_s3_a_long_shot_asks_once_the_confirmation_is_in() -> None:
    """S-3 with S-8: across one cell the hit is known only once the confirming d10 is rolled;
    an unconfirmed shot asks nothing."""
    b = battle(ship("A", "red", (0, 0)), ship("B", "blue", (2, 0)))
    b.enter_faces(9, 2)
    b.push("A", Attack("B"))
    assert b.state.decision is None
    b.push("B", Pass())
    b.enter_faces(9, 8)
    b.push("A", Attack("B"))
    assert b.decision()["asks"] == ["aim"]  # type: ignore[index]
    b.enter_faces(6, 6)
    b.push("A", Choose("hull"))
    assert b.state.ships["B"].hull == 20 - 6  # 2d6 = 12, halved across one cell


def test_s8_a_pursuers_shot_asks_too() -> None:
    """S-11 with S-8: the pursuer's shot at the end of its move is an attack like any other."""
    b = battle(ship("R", "red", (4, 4)), ship("C", "blue", (3, 3)), width=16, height=16)
    b.enter_faces(2, 1)
    b.push("R", Flee(((5, 5), (6, 6), (7, 7))))
    b.enter_faces(3, 9)
    b.push("C", Pursue(((4, 4), (5, 5), (6, 6)), "R"))
    assert b.decision()["asks"] == ["aim"] and not b.state.ships["R"].fleeing  # type: ignore[index]
    b.enter_faces(2, 2)
    b.push("C", Choose("hull"))
    assert b.state.ships["R"].hull == 16


def cloaked(start: tuple[int, int] = (4, 4), **kw: object) -> SpaceBattle:
    """Shade (cloaked) beside the Cutter at (3, 3), Shade on turn."""
    return battle(ship("Shade", "smugglers", start, cloak=True, cloaked=True),
                  ship("Cutter", "patrol", (3, 3)), order=["Shade", "Cutter"], width=12, height=12,
                  **kw)


def test_s10_a_cloaked_attacker_chooses_its_place_once_the_shot_is_known() -> None:
    """S-10: after its shot, hit or miss, the cloaked ship stays or moves one cell sideways or
    up/down still touching its target; the choice is asked then, with the hit's aim if it hit."""
    b = cloaked()
    b.enter_faces(2)
    b.push("Shade", Attack("Cutter"))  # a miss: only the place is asked
    assert b.decision()["asks"] == ["shift"]  # type: ignore[index]
    assert [o.to for o in b.legal_orders("Shade")] == [(4, 4), (3, 4), (4, 3)]
    refused(b, "Shade", Choose(to=(5, 4)), "S-10", "(4, 4) (stay)", "(3, 4), (4, 3)", "not (5, 4)")
    refused(b, "Shade", Choose(), "S-10", "name one")
    refused(b, "Shade", Choose("hull", (4, 4)), "S-8", "asks for no aim")
    new = b.push("Shade", Choose(to=(4, 4)))
    assert [e.key for e in new] == ["space.cloak.stay", "space.cloak.again"]
    assert b.current_ship == "Cutter"
    c = cloaked()
    c.enter_faces(9)
    c.push("Shade", Attack("Cutter"))  # a hit: the aim and the place, in one choice
    assert c.decision()["asks"] == ["aim", "shift"]  # type: ignore[index]
    assert Choose("systems", (3, 4)) in list(c.legal_orders("Shade"))
    c.enter_faces(1)
    c.push("Shade", Choose("systems", (3, 4)))
    assert c.state.ships["Shade"].cells == ((3, 4),) and c.state.ships["Cutter"].systems == {"shields": 1}


def test_s10_the_other_side_never_learns_the_choice_or_its_options() -> None:
    """S-10 hidden information: while the choice is pending the other side reads only that a
    choice is awaited, no place it could take; once made, the other side's view is the same
    whatever the cloaked ship chose."""
    views = []
    for to in ((4, 4), (3, 4), (4, 3)):
        b = cloaked()
        b.enter_faces(2)
        b.push("Shade", Attack("Cutter"))
        pending = b.board("patrol")["decision"]
        assert pending == {"ship": "Shade", "target": "Cutter", "asks": ["shift"]}
        form = SpaceOrderForm(b, side="patrol")
        assert form.headline() == "Waiting for the attacker's choice" and form.actors() == []
        start = len(b.record)
        b.push("Shade", Choose(to=to))
        seen = [e.to_json() for e in b.record[start:] if e.visible_to("patrol")]
        shade = next(s for s in b.board("patrol")["ships"] if s["name"] == "Shade")
        views.append((seen, shade))
        if to != (4, 4):
            assert f"[{to[0]}, {to[1]}]" not in player_json(b, "patrol")
    assert views[0] == views[1] == views[2]


def test_s10_no_place_is_asked_of_a_ship_that_cannot_move_nor_once_the_fight_is_over() -> None:
    """S-10/S-8 (7): disabled engines leave the cloaked ship where it fired (no pause for it);
    a shot that ends the fight asks nothing more."""
    b = battle(ship("Shade", "smugglers", (4, 4), cloak=True, cloaked=True, disabled=["engines"]),
               ship("Cutter", "patrol", (3, 3)), order=["Shade", "Cutter"])
    b.enter_faces(2)
    b.push("Shade", Attack("Cutter"))
    assert b.state.decision is None and b.current_ship == "Cutter"
    c = battle(ship("Shade", "smugglers", (4, 4), cloak=True, cloaked=True, damage="9"),
               ship("Cutter", "patrol", (3, 3), hull=5), order=["Shade", "Cutter"])
    c.enter_faces(9)
    c.push("Shade", Attack("Cutter", "hull"))
    assert c.is_over and c.state.decision is None


def test_the_gm_clock_may_come_while_the_choice_waits() -> None:
    """S-12 with S-8: the GM's word on the window does not take the choice away."""
    b = battle(ship("A", "red", (0, 0)), ship("B", "blue", (1, 1)), ship("R", "red", (8, 8), departing=True),
               order=["A", "B", "R"])
    b.enter_faces(9)
    b.push("A", Attack("B"))
    b.clock(3)
    assert b.decision()["asks"] == ["aim"] and b.current_ship == "A"  # type: ignore[index]
    b.submit("GM", Clock(4))
    b.submit("A", Choose("hull"))
    b.enter_faces(1, 1)
    b.resolve_round()
    assert b.state.ships["B"].hull == 18 and b.current_ship == "B"


def test_the_choice_is_journaled_undone_resumed_and_replayed(tmp_path: Path) -> None:
    """The pending choice lives on the board: a resume in the middle finds it waiting, undo steps
    back over the choice and its resolution one at a time, a replay gives the same record."""
    path = tmp_path / "choice.jsonl"
    b = SpaceBattle(scenario(ship("A", "red", (0, 0)), ship("B", "blue", (1, 1))), 3, journal=path)
    b.enter_faces(8)
    b.push("A", Attack("B"))
    b.close()
    mid = SpaceBattle.resume(path)
    assert mid.decision() == b.decision() and mid.state == b.state
    mid.push("A", Choose("hull"))
    hull = mid.state.ships["B"].hull
    mid.close()
    again = SpaceBattle.resume(path, autosave=False)
    assert again.state == mid.state and [e.to_json() for e in again.record] == [
        e.to_json() for e in mid.record]
    again.undo()
    assert again.decision() is not None and again.orders_received == ["A"]
    again.undo()
    assert again.decision() is not None and again.orders_received == []
    again.push("A", Choose("hull"))  # the same faces come again: the dice stream is the journal's
    assert again.state.ships["B"].hull == hull


def test_the_autopilot_answers_the_choice_for_gm_ships_and_the_desk_asks_for_it() -> None:
    """The policy answers a pending choice with a legal Choose; the desk shows the choice to the
    GM and the attacker's side, offers it, and takes it as a step."""
    b = duel()
    b.enter_faces(9)
    b.push("A", Attack("B"))
    order = b.autopilot("A")
    assert isinstance(order, Choose) and order in b.legal_orders("A")
    desk = SpaceSession(b)
    f = desk.form
    assert f.headline() == "A hit B: choose the hull (the whole ship) or the systems"
    assert f.orders() == [Choose("hull"), Choose("systems")]
    desk.set_language("ru")
    assert "выберите" in f.info.value
    f.select(Choose("systems"))
    assert f.submit(), f.error
    assert desk.resolve() and b.current_ship == "B"
    c = cloaked()
    c.enter_faces(9)
    c.push("Shade", Attack("Cutter"))
    desk = SpaceSession(c)
    desk.map._on_msg(desk.map, {"type": "ship", "name": "Shade"}, [])
    assert [3, 4] in desk.map.model["moves"]  # the places it may take light up
    desk.map._on_msg(desk.map, {"type": "cell", "x": 3, "y": 4}, [])
    actor, chosen = desk.form.build()  # type: ignore[misc]
    assert actor == "Shade" and isinstance(chosen, Choose) and chosen.to == (3, 4)
    assert desk.resolve(autopilot=True) and c.current_ship == "Cutter"  # the policy chose
    out = SpaceSession(cloaked(), side="patrol")
    state = json.dumps([out.form.info.value, out.header.value])
    assert "Shade" not in state


def test_s8_odds_are_unchanged_by_the_pause_and_agree_with_the_engine() -> None:
    """S-7/S-8: the exact odds of an attack whose aim is still open are those of the whole-ship
    shot (the hit chance is the same either way); 3000 seeded fights through the engine, the hull
    chosen once the hit is known, give the hit rate and the mean damage within 3 standard errors."""
    b = duel()
    open_ = b.attack_odds("A", Attack("B"))
    hull = b.attack_odds("A", Attack("B", "hull"))
    systems = b.attack_odds("A", Attack("B", "systems"))
    assert open_ is not None and hull is not None and systems is not None
    assert open_ == hull and systems.chance == hull.chance == Fraction(1, 2)
    dist = {int(k): p / hull.chance for k, p in hull.odds.outcomes if k != "miss"}
    mean = sum(v * p for v, p in dist.items())
    var = sum((v - mean) ** 2 * p for v, p in dist.items())
    assert mean == hull.mean_damage == 7
    n = 3000
    hits, dealt = 0, []
    for seed in range(n):
        f = duel(seed=seed)
        f.push("A", Attack("B"))
        if f.state.decision is not None:
            hits += 1
            f.push("A", Choose("hull"))
            dealt.append(20 - f.state.ships["B"].hull)
    p = float(hull.chance)
    assert abs(hits / n - p) < 3 * math.sqrt(p * (1 - p) / n)
    assert abs(sum(dealt) / len(dealt) - float(mean)) < 3 * math.sqrt(float(var) / len(dealt))


def test_s8_the_system_table_after_the_choice_agrees_with_its_exact_odds() -> None:
    """S-8: a hit aimed at the systems once it is known rolls the d10 system table, each system
    1/10; 3000 seeded fights through the engine give every system within 3 standard errors."""
    from gmkit.space import rules as R

    n = 3000
    counts = dict.fromkeys(R.SYSTEMS, 0)
    hits = 0
    for seed in range(n):
        f = duel(seed=seed)
        f.push("A", Attack("B"))
        if f.state.decision is None:
            continue
        hits += 1
        f.push("A", Choose("systems"))
        (system,) = [k for k, v in f.state.ships["B"].systems.items() if v]
        counts[system] += 1
    se = math.sqrt(0.1 * 0.9 / hits)
    assert all(abs(c / hits - 0.1) < 3 * se for c in counts.values()), counts
