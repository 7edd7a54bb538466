"""SpaceBattle on concrete boards: every S rule through the engine, faces typed in (C-2)."""

from __future__ import annotations

import pytest

from gmkit.errors import EncounterOver, IllegalOrder
from gmkit.space import (
    Attack,
    BreakFree,
    Choose,
    Cloak,
    Clock,
    Flee,
    Launch,
    Move,
    Pass,
    Pursue,
    RaiseShields,
    Release,
    SpaceBattle,
    Tractor,
)

from .helpers import battle, heavy, scenario, ship


def refused(b: SpaceBattle, actor: str, order: object, rule: str, *bits: str) -> str:
    """Submit must raise IllegalOrder citing ``rule`` and each of ``bits``; nothing changes."""
    before = b.state.copy()
    record, entries, tape = len(b.record), len(b.history), len(b.dice.tape)
    with pytest.raises(IllegalOrder) as err:
        b.submit(actor, order)  # type: ignore[arg-type]
    msg = str(err.value)
    assert err.value.rule == rule, msg
    assert msg.startswith(rule + ":")
    for bit in bits:
        assert bit in msg, msg
    assert b.state == before
    assert (len(b.record), len(b.history), len(b.dice.tape)) == (record, entries, tape)
    assert b.orders_received == []
    return msg


def two_system_hits(b: SpaceBattle, attacker: str, target: str, face: int) -> None:
    """S-8: hit ``target``'s system ``face`` twice, the target passing in between."""
    b.enter_faces(10, face)
    b.push(attacker, Attack(target, "systems"))
    b.push(target, Pass())
    b.enter_faces(10, face)
    b.push(attacker, Attack(target, "systems"))


# --- S-1, S-2, S-4, S-5 -----------------------------------------------------------------------

def test_s2_heavy_diagonal_move_refused_straight_allowed() -> None:
    """S-2: a heavy ship moves one cell straight only, keeping its orientation."""
    b = battle(heavy("Cruiser", "navy", (2, 2)), ship("Raider", "raiders", (8, 8)))
    refused(b, "Cruiser", Move((3, 3)), "S-2", "(2, 2)", "(3, 3)", "diagonal")
    refused(b, "Cruiser", Move((4, 2)), "S-2", "one cell a turn")
    b.push("Cruiser", Move((2, 3)))
    assert b.board()["ships"][0]["cells"] == [[2, 3], [3, 3], [4, 3]]
    assert b.board()["ships"][0]["orientation"] == "h"


def test_s2_light_moves_diagonally_not_into_a_ship_nor_off_the_map() -> None:
    """S-2: no two ships share a cell; only a flight leaves the map."""
    b = battle(ship("Raider", "raiders", (0, 0)), heavy("Cruiser", "navy", (1, 1)),
               station=[[5, 5]])
    refused(b, "Raider", Move((1, 1)), "S-2", "(1, 1)", "Cruiser")
    refused(b, "Raider", Move((-1, 0)), "S-2", "would leave the 10×10 map")
    b.push("Raider", Move((1, 0)))
    b.push("Cruiser", Move((1, 2)))
    b.push("Raider", Move((2, 1)))
    assert b.state.ships["Raider"].cells == ((2, 1),)


def test_s2_station_cells_are_taken() -> None:
    b = battle(ship("Raider", "raiders", (4, 4)), ship("B", "navy", (9, 9)), station=[[5, 5]])
    refused(b, "Raider", Move((5, 5)), "S-2", "(5, 5)", "station")


def test_s4_s5_one_ship_acts_per_turn_in_initiative_order() -> None:
    """S-4/S-5: A-B-A-B; a ship's order given out of turn waits for its turn (issue 29: a forum
    round takes every captain's order up front); a round is every ship once."""
    b = battle(ship("A", "red", (0, 0)), ship("B", "blue", (9, 9)), ship("C", "blue", (9, 0)),
               order=["B", "A", "C"])
    assert b.current_ship == "B" and b.awaiting() == ["B"] and b.round == 1
    assert b.expected() == ["A", "B", "C"]
    b.submit("A", Move((1, 0)))  # A's order, given ahead: it waits for A's turn
    assert b.orders_received == ["A"] and b.orders_due() == []
    with pytest.raises(IllegalOrder, match="S-4: waiting for B's order"):
        b.resolve_round()  # B's turn still needs B's order
    b.push("B", Pass())
    assert b.current_ship == "A" and b.orders_due() == ["A"] and b.state.ships["A"].cells == ((0, 0),)
    b.resolve_round()  # A's order given ahead, played on A's turn
    assert b.state.ships["A"].cells == ((1, 0),) and b.orders_received == []
    assert b.round == 1 and b.current_ship == "C"
    refused(b, "A", Choose("hull"), "S-4", "C's turn")  # a choice belongs to the shot in hand
    b.push("C", Pass())
    assert b.round == 2 and b.current_ship == "B"
    assert b.board()["initiative"] == ["B", "A", "C"] and b.board()["turn"] == "B"
    with pytest.raises(IllegalOrder, match="S-4: waiting for B's order"):
        b.resolve_round()


def test_s4_rolled_initiative_lower_first_and_cloaked_first() -> None:
    """S-4: without a given order each ship rolls d10, lower first, ties reroll; the cloaked ship
    does not roll and goes first. (Rolled at setup here: the scenario option that keeps the
    first digest's timing; the default rolls once ships come within range, tested below.)"""
    tied = 0
    for seed in range(40):
        sc = scenario(ship("Ghost", "red", (0, 0), cloak=True, cloaked=True),
                      ship("A", "red", (0, 5)), ship("B", "blue", (9, 9)), ship("C", "blue", (9, 0)),
                      options={"initiative_at": "setup"})
        del sc["initiative"]
        b = SpaceBattle(sc, seed)
        ev = b.record[0]
        rolls = ev.data["rolls"]
        assert "Ghost" not in rolls and ev.data["first"] == ["Ghost"]
        assert b.state.order[0] == "Ghost"
        assert b.state.order[1:] == sorted(rolls, key=lambda n: rolls[n])
        firsts = [f[0] for f in rolls.values()]
        if len(set(firsts)) < len(firsts):
            tied += 1
            assert len({tuple(f) for f in rolls.values()}) == len(rolls)
        assert len(ev.rolls) == sum(len(f) for f in rolls.values())
    assert tied > 0


def _far_apart(seed: int = 1, **options: object) -> SpaceBattle:
    """Raider (red) and Cruiser (blue) out of fire range; no given order: initiative rolled."""
    sc = scenario(ship("Raider", "red", (1, 1)), ship("Cruiser", "blue", (4, 4)),
                  ship("Ghost", "red", (8, 8), cloak=True, cloaked=True), options=options)
    del sc["initiative"]
    return SpaceBattle(sc, seed)


def test_s4_initiative_is_rolled_when_ships_first_come_within_fighting_range() -> None:
    """S-4 (item 11 of issue 13): the original rolls the d10s once the ships are at fighting
    range: no d10 at setup while the ships are apart; they take turns
    in the approach order (the cloaked ship first, then the scenario's); the first time two
    enemies that see each other are within fire range the d10s are rolled, and the fight's next
    round begins with the lower."""
    b = _far_apart()
    assert [e.key for e in b.record] == ["space.initiative.approach"] and not b.dice.tape
    assert b.state.order == ["Ghost", "Raider", "Cruiser"] and not b.state.engaged
    b.push("Ghost", Pass())
    b.push("Raider", Move((2, 2)))  # (2, 2) and (4, 4): not yet in range
    assert not b.state.engaged and b.current_ship == "Cruiser"
    b.enter_faces(7, 3)  # Raider d10 7, Cruiser d10 3
    new = b.push("Cruiser", Move((3, 3)))
    assert [e.key for e in new][-2:] == ["space.initiative.in_range", "space.initiative.rolled"]
    assert new[-1].data["first"] == ["Ghost"] and new[-1].data["rolls"] == {"Raider": [7], "Cruiser": [3]}
    assert b.state.order == ["Ghost", "Cruiser", "Raider"] and b.state.engaged
    assert b.round == 2 and b.current_ship == "Ghost"
    b.push("Ghost", Pass())
    assert b.current_ship == "Cruiser"  # the lower roll attacks first
    b.push("Cruiser", Pass())
    b.push("Raider", Pass())
    assert b.round == 3 and b.state.order == ["Ghost", "Cruiser", "Raider"]  # rolled once only


def test_s4_a_cloaked_ship_in_range_rolls_nothing_and_betrays_nothing() -> None:
    """S-4 with S-10: a cloaked ship coming within range of an enemy starts no roll (the roll is
    public and would tell where it is); ships that start within range roll at setup; the scenario
    option ``initiative_at: setup`` rolls at setup whatever the distance."""
    b = _far_apart()
    b.push("Ghost", Move((7, 7)))
    b.push("Raider", Pass())
    b.push("Cruiser", Pass())
    b.push("Ghost", Move((6, 6)))
    b.push("Raider", Pass())
    b.push("Cruiser", Pass())
    b.push("Ghost", Move((5, 5)))  # touching the Cruiser at (4, 4), unseen
    assert not b.state.engaged and not any(e.kind == "initiative" for e in b.record[1:])
    near = scenario(ship("Raider", "red", (1, 1)), ship("Cruiser", "blue", (2, 2)))
    del near["initiative"]
    c = SpaceBattle(near, 1)
    assert c.record[0].key == "space.initiative.rolled" and c.state.engaged
    d = _far_apart(initiative_at="setup")
    assert d.record[0].key == "space.initiative.rolled" and d.state.engaged
    assert d.record[0].data["first"] == ["Ghost"]


# --- S-3, S-7: fire -------------------------------------------------------------------------

def test_s3_fire_across_one_cell_allowed_halved_confirmed() -> None:
    """S-3: fire at (2,0) from (0,0) is allowed, confirmed by a d10 of 6+ and halved (down)."""
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (2, 0)))
    b.enter_faces(7, 6, 5, 4)  # attack 7 >= 5; confirm 6; damage 2d6 = 9
    new = b.push("A", Attack("T", "hull"))
    dmg = next(e for e in new if e.kind == "damage")
    assert dmg.data["rolled"] == 9 and dmg.data["dealt"] == 4 and dmg.data["modifiers"] == ["range"]
    assert [e.key for e in new if e.kind == "attack"] == ["space.attack.hit", "space.attack.confirmed"]
    assert b.state.ships["T"].hull == 16
    assert "halved across one cell" in b.story("en")[-1] or any("halved" in s for s in b.story("en"))


def test_s3_long_shot_not_confirmed_misses() -> None:
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (0, 2)))
    b.enter_faces(9, 5)
    b.push("A", Attack("T", "hull"))
    assert b.state.ships["T"].hull == 20
    assert b.record[-1].key != "space.damage"
    assert any(e.key == "space.attack.not_confirmed" for e in b.record)


def test_s3_long_shot_confirmation_is_a_rule_option() -> None:
    """S-3 rule option off: the hit stands without the confirming d10 (damage still halved)."""
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (2, 0)),
               options={"long_shot_confirm": False})
    b.enter_faces(7, 5, 4)
    b.push("A", Attack("T", "hull"))
    assert b.state.ships["T"].hull == 16


@pytest.mark.parametrize("cell", [(2, 2), (2, 1), (3, 0)])
def test_s3_no_fire_diagonally_across_or_further(cell: tuple[int, int]) -> None:
    """S-3: across one cell diagonally, or any other offset: no fire; the error names the cells."""
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", cell))
    refused(b, "A", Attack("T"), "S-3", f"({cell[0]}, {cell[1]})", "(0, 0)", "never diagonally across")


def test_s7_miss_below_defence() -> None:
    """S-7: the d10 must reach the defence (5 against 7 misses)."""
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0), defence=7))
    b.enter_faces(5)
    b.push("A", Attack("T", "hull"))
    assert b.record[-1].key == "space.attack.miss" and b.record[-1].data["defence"] == 7
    assert b.state.ships["T"].hull == 20


def test_s6_s7_shields_absorb_before_hull_and_use_their_own_defence() -> None:
    """S-6: raised shields take damage first; S-7: their defence counts while they hold points."""
    b = battle(ship("A", "red", (0, 0)),
               ship("T", "blue", (1, 0), shields=5, shield_defence=8, shields_up=True))
    b.enter_faces(7)
    b.push("A", Attack("T", "hull"))
    assert b.record[-1].data["defence"] == 8 and b.state.ships["T"].shields == 5
    b.push("T", Pass())
    b.enter_faces(8, 4, 3)
    b.push("A", Attack("T", "hull"))
    t = b.state.ships["T"]
    assert (t.shields, t.hull) == (0, 18)
    b.push("T", Pass())
    b.enter_faces(5, 1, 1)  # shields spent: the hull defence 5 counts again
    b.push("A", Attack("T", "hull"))
    assert b.state.ships["T"].hull == 16


@pytest.mark.parametrize("up, defence, to_shields, hull", [(True, 8, 5, 17), (False, 5, 0, 12)])
def test_s6_s7_lowered_shields_neither_absorb_nor_defend(up: bool, defence: int, to_shields: int,
                                                        hull: int) -> None:
    """S-6: only raised shields take damage first; S-7: only raised shields lend their defence.
    Shields down with 5 points: a d10 of 8 against defence 5, 2d6 = 5 + 3 = 8, all to the hull."""
    b = battle(ship("A", "red", (0, 0)),
               ship("T", "blue", (1, 0), shields=5, shield_defence=8, shields_up=up))
    b.enter_faces(8, 5, 3)
    new = b.push("A", Attack("T", "hull"))
    t = b.state.ships["T"]
    assert [e.data["defence"] for e in new if e.kind == "attack"] == [defence]
    dmg = next(e for e in new if e.kind == "damage")
    assert (dmg.data["shields"], dmg.data["hull"]) == (to_shields, 8 - to_shields)
    assert (t.shields, t.hull) == (5 - to_shields, hull)


def test_s6_shields_down_in_orbit_and_raising_takes_the_turn() -> None:
    """S-6: shields start down in orbit; S-5: raising them is the ship's whole turn."""
    b = battle(ship("A", "red", (0, 0), shields=4), ship("T", "blue", (1, 0), shields=4),
               location="orbit")
    assert not b.board()["ships"][0]["shields_up"]
    b.push("A", RaiseShields())
    assert b.state.ships["A"].shields_up and b.current_ship == "T"
    b.push("T", Pass())
    refused(b, "A", RaiseShields(), "S-6", "already up")
    open_space = battle(ship("A", "red", (0, 0), shields=4), ship("T", "blue", (1, 0)))
    assert open_space.state.ships["A"].shields_up


def test_s6_hull_zero_destroys_and_ends_the_fight() -> None:
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0), hull=5))
    b.enter_faces(9, 6, 6)
    b.push("A", Attack("T", "hull"))
    assert b.state.ships["T"].destroyed and b.is_over
    assert b.outcome() == {"winner": "red", "reason": "destroyed", "rounds": 1, "survivors": ["A"]}
    assert b.current_ship is None and b.board()["turn"] is None
    with pytest.raises(EncounterOver):
        b.submit("A", Pass())


def test_s9_the_target_answers_on_its_turn() -> None:
    """S-9: after taking damage the target may answer."""
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0)))
    b.enter_faces(9, 2, 2)
    b.push("A", Attack("T", "hull"))
    assert b.current_ship == "T" and Attack("A") in b.legal_orders("T")
    b.enter_faces(9, 3, 3)
    b.push("T", Attack("A", "hull"))
    assert b.state.ships["A"].hull == 14


# --- S-8: systems -----------------------------------------------------------------------------

def test_s8_second_engine_hit_stops_movement_and_flight() -> None:
    """S-8 (7): engines hit twice: the ship can neither move nor flee."""
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0)))
    b.enter_faces(10, 7)
    b.push("A", Attack("T", "systems"))
    assert b.board()["ships"][1]["damaged"] == ["engines"]
    b.push("T", Move((2, 0)))
    b.push("A", Move((1, 0)))
    b.push("T", Pass())
    b.enter_faces(10, 7)
    b.push("A", Attack("T", "systems"))
    assert b.board()["ships"][1]["disabled"] == ["engines"]
    assert b.state.ships["T"].hull == 20  # [decision] a system hit deals no hull damage
    refused(b, "T", Move((3, 0)), "S-8", "engines are disabled")
    refused(b, "T", Flee(((3, 0), (4, 0))), "S-8", "engines are disabled")
    assert not any(isinstance(o, (Move, Flee)) for o in b.legal_orders("T"))


def test_s8_hull_plating_adds_two_to_every_later_hit() -> None:
    """S-8 (4): after the plating is disabled every damage the ship takes is +2."""
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0), hull=30))
    two_system_hits(b, "A", "T", 4)
    b.push("T", Pass())
    b.enter_faces(9, 2, 3)
    b.push("A", Attack("T", "hull"))
    assert b.state.ships["T"].hull == 30 - 7
    b.push("T", Pass())
    b.enter_faces(9, 1, 1)
    b.push("A", Attack("T", "hull"))
    assert b.state.ships["T"].hull == 30 - 7 - 4
    assert b.record[-1].data["modifiers"] == ["plating"]


def test_s8_reactor_explodes_on_an_entered_one() -> None:
    """S-8 (3): at the start of each of its later turns, 50%: the ship explodes."""
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0)))
    b.enter_faces(10, 3)
    b.push("A", Attack("T", "systems"))
    b.push("T", Pass())
    b.enter_faces(10, 3, 2)  # second reactor hit, then T's start-of-turn d2 shows 2: holds
    b.push("A", Attack("T", "systems"))
    assert not b.state.ships["T"].destroyed and b.record[-1].key == "space.reactor.holds"
    b.push("T", Pass())
    b.enter_faces(1)  # A passes; T's next start-of-turn d2 shows 1
    b.push("A", Pass())
    assert b.state.ships["T"].destroyed and b.is_over
    assert b.outcome()["winner"] == "red"  # type: ignore[index]


def test_s8_reactor_explosion_on_a_seeded_roll() -> None:
    """S-8 (3): the 50% comes from the seeded stream: the same seed, the same fate; both happen."""

    def two_hits_on_systems(seed: int) -> SpaceBattle:
        b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0)), seed=seed)
        b.enter_faces(10, 3)
        b.push("A", Attack("T", "systems"))
        b.push("T", Pass())
        b.enter_faces(10, 3)
        b.push("A", Attack("T", "systems"))
        return b

    fates = {}
    for seed in range(12):
        b = two_hits_on_systems(seed)
        check = b.record[-1]
        assert check.kind in ("reactor", "destroyed")
        reactor = [e for e in b.record if e.kind == "reactor"][-1]
        face = reactor.rolls[0].total
        assert b.state.ships["T"].destroyed == (face == 1)
        assert two_hits_on_systems(seed).state == b.state
        fates[seed] = face
    assert set(fates.values()) == {1, 2}


def test_s8_weapons_shields_targeting_effects() -> None:
    """S-8 (2) cannot attack; (1) shields stop and their points stop counting; (8) half damage."""
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0), shields=6))
    two_system_hits(b, "A", "T", 2)
    refused(b, "T", Attack("A"), "S-8", "weapons are disabled")
    b.push("T", Pass())
    two_system_hits(b, "A", "T", 1)
    t = b.state.ships["T"]
    assert not t.shields_up and "shields" in b.board()["ships"][1]["disabled"]
    refused(b, "T", RaiseShields(), "S-8", "shields are disabled")
    b.push("T", Pass())
    b.enter_faces(9, 4, 4)
    b.push("A", Attack("T", "hull"))
    assert t.hull == 12 and t.shields == 6  # the points no longer count: all to the hull
    c = battle(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0)))
    two_system_hits(c, "A", "T", 8)
    c.enter_faces(9, 6, 5)
    c.push("T", Attack("A", "hull"))
    assert c.state.ships["A"].hull == 20 - 5 and c.record[-1].data["modifiers"] == ["targeting"]


def test_s8_crew_quarters_one_turn_life_support_two_turns() -> None:
    """S-8 (5) loses its next turn; (9) loses its next two turns."""
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0)))
    two_system_hits(b, "A", "T", 5)
    assert b.current_ship == "A" and b.round == 3
    assert [e.key for e in b.record[-2:]] == ["space.effect.crew", "space.turn.skipped"]
    c = battle(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0)))
    two_system_hits(c, "A", "T", 9)
    assert c.current_ship == "A"
    c.push("A", Pass())
    assert c.current_ship == "A" and c.state.ships["T"].skip_turns == 0
    assert sum(e.kind == "skip" for e in c.record) == 2


def test_s8_cloak_and_cargo_nothing_if_none() -> None:
    """S-8 (6) no cloaking device: nothing happens; (10) cargo lost, nothing without cargo."""
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0), cargo="ore"))
    two_system_hits(b, "A", "T", 6)
    assert b.record[-1].key == "space.effect.cloak.none"
    b.push("T", Pass())
    two_system_hits(b, "A", "T", 10)
    assert b.record[-1].key == "space.effect.cargo" and b.state.ships["T"].cargo is None
    b.push("T", Pass())
    b.enter_faces(10, 10)
    b.push("A", Attack("T", "systems"))
    assert b.record[-1].key == "space.hit_system.already"


def test_s8_disabled_cloak_reveals_the_ship() -> None:
    """S-8 (6): a cloaked ship whose device is disabled is seen and cannot cloak again."""
    b = battle(ship("A", "red", (0, 0)), ship("T", "blue", (1, 0), cloak=True, cloaked=True),
               order=["A", "T"])
    b.enter_faces(10, 6)
    b.push("A", Attack("T", "systems", cell=(1, 0)))
    b.push("T", Pass())
    b.enter_faces(10, 6)
    b.push("A", Attack("T", "systems", cell=(1, 0)))
    assert not b.state.ships["T"].cloaked
    assert b.board("red")["ships"][1]["cells"] == [[1, 0]]
    refused(b, "T", Cloak(), "S-8", "cloaking device is disabled")


# --- S-11, S-12: leaving ------------------------------------------------------------------------

def test_s11_flee_hit_fails_and_retry_before_six_rounds_refused() -> None:
    """S-11: a hit on the fleeing ship fails the escape; no new try for 6 rounds."""
    b = battle(ship("R", "red", (5, 5)), ship("C", "blue", (8, 6)))
    b.enter_faces(1, 1)
    b.push("R", Flee(((6, 5), (7, 5), (8, 5), (9, 5))))
    assert b.state.ships["R"].cells == ((7, 5),) and b.state.ships["R"].fleeing
    b.enter_faces(9, 1, 1)
    b.push("C", Attack("R", "hull"))
    r = b.state.ships["R"]
    assert not r.fleeing and r.flee_locked_until == 7
    msg = refused(b, "R", Flee(((8, 5),)), "S-11", "round 7", "now round 2")
    assert "escape failed" in msg
    while b.round < 7:
        b.push(b.current_ship, Pass())  # type: ignore[arg-type]
    assert b.current_ship == "R"
    b.enter_faces(4, 4)
    b.push("R", Flee(((7, 4), (7, 3), (7, 2), (7, 1), (7, 0), (7, -1))))
    assert r.escaped and b.is_over
    assert b.outcome() == {"winner": "blue", "reason": "escaped", "rounds": 7, "survivors": ["R", "C"]}
    assert b.board()["ships"][0]["cells"] == []


def test_s11_flight_moves_no_further_than_rolled_and_may_stop_short() -> None:
    b = battle(ship("R", "red", (0, 5)), ship("C", "blue", (9, 9)))
    b.enter_faces(2, 1)
    b.push("R", Flee(((1, 5), (2, 5), (3, 5), (4, 5))))
    assert b.state.ships["R"].cells == ((3, 5),)
    refused(b, "C", Flee(tuple((9 - i, 9) for i in range(1, 10))), "S-11", "9 steps, at most 8")
    refused(b, "C", Flee(((9, 10), (9, 11))), "S-11", "must be the last")


def test_s11_pursuit_d4_then_fire_and_a_hit_resumes_the_battle() -> None:
    """S-11: out of range, the pursuer rolls one d4, moves, and may fire at the end of its move."""
    b = battle(ship("R", "red", (2, 2)), ship("C", "blue", (1, 1)), width=16, height=16)
    b.enter_faces(4, 3)
    b.push("R", Flee(((3, 3), (4, 4), (5, 5), (6, 6), (7, 7), (8, 8), (9, 9))))
    assert b.state.ships["R"].cells == ((9, 9),)
    refused(b, "C", Pursue(((2, 2),) * 5, "R"), "S-11", "5 steps, at most 4")
    b.enter_faces(2)
    b.push("C", Pursue(((2, 2), (3, 3), (4, 4), (5, 5)), "R", "hull"))
    assert b.state.ships["C"].cells == ((3, 3),)
    assert b.record[-1].key == "space.pursue.out_of_range"
    b.enter_faces(1, 1)
    b.push("R", Flee(((10, 10), (11, 11))))
    b.enter_faces(4, 9, 2, 2)  # d4 = 4 cells, then the attack 9, damage 4
    b.push("C", Pursue(((4, 4), (5, 5), (6, 6), (7, 7)), "R", "hull"))
    # C at (7,7), R at (11,11): still out of range, no shot
    assert b.record[-1].key == "space.pursue.out_of_range"
    assert b.state.ships["R"].fleeing


def test_s11_pursuer_fires_at_the_end_of_its_move() -> None:
    b = battle(ship("R", "red", (4, 4)), ship("C", "blue", (3, 3)), width=16, height=16)
    b.enter_faces(2, 1)
    b.push("R", Flee(((5, 5), (6, 6), (7, 7))))
    b.enter_faces(3, 9, 2, 2)
    b.push("C", Pursue(((4, 4), (5, 5), (6, 6)), "R", "hull"))
    r = b.state.ships["R"]
    assert r.hull == 16 and not r.fleeing and r.flee_locked_until == 1 + 6
    assert any(e.key == "space.flee.failed" for e in b.record)


def test_s12_departure_headstart_and_window_expired() -> None:
    """S-12: a d4 head start (1 counts as 2); no pursuit within the window: gone."""
    sc = scenario(ship("Runner", "red", (5, 5), departing=True), ship("Guard", "blue", (5, 7)))
    del sc["initiative"]
    b = SpaceBattle(sc, 3)
    ev = next(e for e in b.record if e.kind == "departure")
    assert ev.data["headstart"] == max(2, ev.rolls[0].total)
    assert b.current_ship == "Runner" and b.flee_allowance("Runner") == ev.data["headstart"]
    path = tuple((5, 5 - i) for i in range(1, ev.data["headstart"] + 1))
    refused(b, "Runner", Flee(path + ((5, 0),) * 3), "S-11", "at most")
    b.push("Runner", Flee(path))
    assert b.state.ships["Runner"].cells == ((5, 5 - ev.data["headstart"]),)
    assert b.departure_window()["closed"] is False  # type: ignore[index]
    b.clock(4)
    assert not b.is_over and b.record[-1].visibility == "gm"
    b.push("Guard", Pass())  # a pass is no pursuit
    b.window_expired()
    assert b.state.ships["Runner"].escaped and b.is_over
    assert b.outcome()["reason"] == "escaped"  # type: ignore[index]


def _departure_board(**options: object) -> SpaceBattle:
    """Runner (red) leaves the station; Guard (blue, shields down, a cloaking device) could go
    after it; Mule (red) sits beside Guard to be shot at instead."""
    return battle(ship("Runner", "red", (5, 5), departing=True),
                  ship("Guard", "blue", (5, 9), shields=4, shields_up=False, cloak=True),
                  ship("Mule", "red", (6, 10)), order=["Runner", "Guard", "Mule"], width=16,
                  height=16, seed=3, options=options)


def test_s12_only_a_pursuit_or_launching_closes_the_window() -> None:
    """S-12 (item 7 of issue 13): the window closes only when a pursuit is ordered or an enemy
    declares «вылетаю»; raising shields, cloaking, moving and shooting at another ship do not
    (today any enemy order but Pass closed it). The departing ship is then gone when it runs out."""
    b = _departure_board()
    b.push("Runner", Flee(((5, 4), (5, 3))))
    open_ = {"closed": False, "pursued": False}
    b.push("Guard", RaiseShields())
    assert {k: b.departure_window()[k] for k in open_} == open_  # type: ignore[index]
    b.push("Mule", Pass())
    b.push("Runner", Pass())
    b.enter_faces(1)
    b.push("Guard", Attack("Mule", "hull"))  # a shot at another ship is no pursuit
    b.push("Mule", Pass())
    b.push("Runner", Pass())
    b.push("Guard", Move((4, 9)))
    b.push("Mule", Pass())
    b.push("Runner", Pass())
    b.push("Guard", Cloak())
    assert {k: b.departure_window()[k] for k in open_} == open_  # type: ignore[index]
    assert not any(e.key.startswith("space.departure.pursued") for e in b.record)
    b.window_expired()
    assert b.state.ships["Runner"].escaped
    assert b.record[-1].key == "space.departure.gone"


def test_s12_launching_declared_closes_the_window_and_takes_the_turn() -> None:
    """S-12 (item 7): «вылетаю» is an order of its own: the window closes, the chase runs by S-11,
    the GM's clock no longer lets the ship go; the declaration takes the turn [decision]."""
    b = _departure_board()
    b.push("Runner", Flee(((5, 4), (5, 3))))
    new = b.push("Guard", Launch())
    assert next(e.key for e in new) == "space.departure.launch"
    assert "Launching" in b.story("en")[-2] or any("Launching" in t for t in b.story("en"))
    assert any("Вылетаю" in t for t in b.story("ru"))
    assert b.departure_window()["closed"] and b.departure_window()["pursued"]  # type: ignore[index]
    assert b.current_ship == "Mule"
    b.window_expired()
    assert not b.state.ships["Runner"].escaped and not b.is_over
    assert b.record[-1].key == "space.departure.closed"


def test_s12_pursuit_ordered_closes_the_window() -> None:
    """S-12: a Pursue order after the departing ship closes the window (S-11 applies)."""
    b = _departure_board()
    b.push("Runner", Flee(((5, 4), (5, 3))))
    refused(b, "GM", Clock(-1), "S-12", "0 or more")
    b.enter_faces(1)
    b.push("Guard", Pursue(((5, 8),), "Runner"))
    assert b.departure_window()["pursued"]  # type: ignore[index]
    assert any(e.key == "space.departure.pursued" for e in b.record)
    b.window_expired()
    assert not b.state.ships["Runner"].escaped and not b.is_over
    with pytest.raises(IllegalOrder, match="S-12"):
        battle(ship("A", "red", (0, 0)), ship("B", "blue", (5, 5))).clock(10)


def test_s12_a_shot_at_the_departing_ship_is_a_pursuit_of_it() -> None:
    """S-12, as read here: firing at the departing ship itself is going after it (S-11's "the
    enemy may fire if in range"), so it closes the window; a shot at another ship does not."""
    b = battle(ship("Runner", "red", (5, 5), departing=True), ship("Guard", "blue", (5, 7)),
               order=["Runner", "Guard"], width=16, height=16)
    b.push("Runner", Pass())
    b.enter_faces(1)
    b.push("Guard", Attack("Runner", "hull"))
    assert b.departure_window()["pursued"]  # type: ignore[index]


def test_s12_launching_refused_with_the_rule() -> None:
    """S-12: «вылетаю» is an enemy's, while the window is open, by a ship that can fly (S-8)."""
    b = _departure_board()
    refused(b, "Runner", Launch(), "S-12", "Runner's side")
    b.push("Runner", Pass())
    b.push("Guard", Launch())
    refused(b, "Mule", Launch(), "S-12", "Runner's side")
    b.push("Mule", Pass())
    b.push("Runner", Pass())
    refused(b, "Guard", Launch(), "S-12", "already closed")
    c = battle(ship("A", "red", (0, 0)), ship("B", "blue", (5, 5)))
    refused(c, "A", Launch(), "S-12", "no ship is leaving")
    d = battle(ship("Runner", "red", (5, 5), departing=True),
               ship("Guard", "blue", (5, 9), disabled=["engines"]), order=["Guard", "Runner"])
    refused(d, "Guard", Launch(), "S-8", "engines are disabled")
    assert Launch() not in d.legal_orders("Guard")
    e = _departure_board()
    e.push("Runner", Pass())
    assert Launch() in e.legal_orders("Guard") and Launch() in list(e.legal_orders("Guard"))


def test_s12_the_order_form_offers_launching_while_the_window_is_open() -> None:
    """S-12 (item 7): the desk's form offers «вылетаю» to an enemy of the departing ship, and
    takes it through the engine."""
    from gmkit.space.ui import SpaceOrderForm

    b = _departure_board()
    b.push("Runner", Pass())
    form = SpaceOrderForm(b, lang="ru")
    assert Launch() in form.orders()
    form.select(Launch())
    assert form.submit(), form.error
    b.resolve_round()
    assert b.departure_window()["pursued"]  # type: ignore[index]
    assert Launch() not in SpaceOrderForm(b).orders()


def test_s12_the_autopilot_goes_after_a_departing_enemy_first() -> None:
    """S-12 for GM ships: with the window open the policy chases the departing ship (or declares
    «вылетаю») before raising its shields, which would not close the window any more."""
    b = _departure_board()
    b.push("Runner", Flee(((5, 4), (5, 3))))
    order = b.autopilot("Guard")
    assert isinstance(order, Pursue) and order.target == "Runner"
    c = battle(ship("Runner", "red", (5, 5), departing=True, cloak=True, cloaked=True),
               ship("Guard", "blue", (5, 12), shields=4, shields_up=False),
               order=["Runner", "Guard"], width=16, height=16)
    c.push("Runner", Pass())
    assert c.autopilot("Guard") == Launch()  # the runner is unseen: declare the launch


# --- S-13: tractor beam -------------------------------------------------------------------------

def test_s13_tractor_on_a_bigger_ship_refused() -> None:
    """S-13: a beam holds a ship of the same size or smaller, touching."""
    b = battle(heavy("Tug", "blue", (0, 0), size=2, tractor=True), heavy("Cruiser", "red", (0, 1)))
    refused(b, "Tug", Tractor("Cruiser"), "S-13", "3 cells > 2")
    c = battle(heavy("Tug", "blue", (0, 0), size=2, tractor=True), ship("Far", "red", (5, 5)))
    refused(c, "Tug", Tractor("Far"), "S-13", "touching")
    d = battle(ship("NoBeam", "blue", (0, 0)), ship("X", "red", (1, 0)))
    refused(d, "NoBeam", Tractor("X"), "S-13", "no tractor beam")


def test_s13_hold_break_free_halved_attack_and_relock() -> None:
    """S-13: a hit holds; the held ship cannot move, attacks at half damage, or breaks free
    (holder d10 against held d6, ties reroll) and may then move; a new hold waits 2 rounds."""
    b = battle(heavy("Tug", "blue", (0, 0), size=2, tractor=True), ship("X", "red", (2, 0)))
    b.enter_faces(6)
    b.push("Tug", Tractor("X"))
    x = b.state.ships["X"]
    assert x.held_by == "Tug" and b.board()["ships"][0]["holding"] == "X"
    refused(b, "X", Move((3, 0)), "S-13", "held by Tug")
    b.enter_faces(9, 5, 5)
    b.push("X", Attack("Tug", "hull"))
    assert b.state.ships["Tug"].hull == 20 - 5 and b.record[-1].data["modifiers"] == ["held"]
    b.push("Tug", Pass())
    b.enter_faces(8, 3)
    b.push("X", BreakFree())
    assert x.held_by == "Tug" and b.record[-1].key == "space.tractor.still_held"
    b.push("Tug", Pass())
    b.enter_faces(4, 4, 2, 6)  # a tie, rerolled: the held ship's 6 beats 2
    b.push("X", BreakFree())
    assert x.held_by is None
    assert [e.key for e in b.record if e.kind == "tractor"][-3:] == [
        "space.tractor.tie", "space.tractor.freed", "space.tractor.released"]
    assert b.state.locks[("Tug", "X")] == 3 + 2
    refused(b, "Tug", Tractor("X"), "S-13", "from round 5", "now round 4")
    b.push("Tug", Pass())
    b.push("X", Pass())
    b.enter_faces(1)
    b.push("Tug", Tractor("X"))
    assert b.record[-1].key == "space.tractor.miss"


def test_s13_freed_ship_may_move_but_not_attack() -> None:
    """S-13: freed, it may not attack that turn but may move."""
    b = battle(heavy("Tug", "blue", (0, 0), size=2, tractor=True), ship("X", "red", (2, 0)))
    b.enter_faces(6)
    b.push("Tug", Tractor("X"))
    refused(b, "X", BreakFree((4, 0)), "S-2", "(4, 0)", "one cell a turn")
    b.enter_faces(1, 6)
    b.push("X", BreakFree((3, 1)))
    assert b.state.ships["X"].cells == ((3, 1),) and b.current_ship == "Tug"


def test_s13_tractor_stops_a_flight_and_the_holder_moving_releases() -> None:
    b = battle(ship("Tug", "blue", (0, 0), tractor=True), ship("X", "red", (1, 1)),
               order=["X", "Tug"])
    b.enter_faces(1, 1)
    b.push("X", Flee(((1, 2), (1, 3), (1, 4))))
    refused(b, "Tug", Tractor("X"), "S-13", "touching")
    c = battle(ship("Tug", "blue", (0, 0), tractor=True), ship("X", "red", (1, 1)))
    c.enter_faces(9)
    c.push("Tug", Tractor("X"))
    refused(c, "X", Flee(((2, 2), (3, 3))), "S-13", "held by Tug")
    refused(c, "X", Cloak(), "S-10", "no cloaking device")
    c.push("X", Pass())
    c.push("Tug", Move((0, 1)))
    assert c.state.ships["X"].held_by is None
    assert c.record[-2].key == "space.tractor.released"


def test_release_takes_the_turn() -> None:
    b = battle(ship("Tug", "blue", (0, 0), tractor=True), ship("X", "red", (1, 1)))
    b.enter_faces(9)
    b.push("Tug", Tractor("X"))
    b.push("X", Pass())
    b.push("Tug", Release())
    assert b.state.ships["X"].held_by is None
    refused(b, "X", Release(), "S-13", "holds no ship")



def test_s8_systems_damaged_or_disabled_from_the_start() -> None:
    """S-8: a scenario may start a ship with damage marks; a marked system is disabled by the next hit."""
    b = battle(ship("A", "red", (0, 0)),
               ship("T", "blue", (1, 0), damaged=["engines"], disabled=["weapons", "shields"], shields=5))
    view = b.board()["ships"][1]
    assert view["damaged"] == ["engines"] and sorted(view["disabled"]) == ["shields", "weapons"]
    assert not view["shields_up"]
    b.enter_faces(10, 7)
    b.push("A", Attack("T", "systems"))
    assert b.state.ships["T"].disabled("engines")
    refused(b, "T", Attack("A"), "S-8", "weapons are disabled")
    refused(b, "T", Move((2, 0)), "S-8", "engines are disabled")
