"""The example scenarios run to their end; scenario files validate with clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gmkit.errors import ScenarioError
from gmkit.scenario import load_scenario, validate_scenario
from gmkit.space import Attack, SpaceBattle, SpaceScenario

from .helpers import check_ledger, heavy, scenario, ship

ROOT = Path(__file__).resolve().parents[2]
RAIDER = ROOT / "templates" / "scenarios" / "space_raider_vs_cruiser.yaml"
CLOAK = ROOT / "templates" / "scenarios" / "space_cloak_2v2.yaml"


def test_raider_vs_cruiser_whole_battle_with_the_autopilot() -> None:
    """S-6: in orbit the shields start down; the battle runs to its end with a fixed seed."""
    b = SpaceBattle.from_scenario(RAIDER, seed=2013)
    assert isinstance(b, SpaceBattle)
    cruiser = next(s for s in b.board()["ships"] if s["name"] == "Cruiser")
    assert cruiser["size"] == 3 and cruiser["class"] == "heavy" and not cruiser["shields_up"]
    assert all(not s["shields_up"] for s in b.board()["ships"])
    start = {n: (s.hull, s.shields) for n, s in b.state.ships.items()}
    out = b.run(200)
    assert check_ledger(b, start) >= 3
    assert b.is_over and out is not None
    assert out == {"winner": "navy", "reason": "destroyed", "rounds": out["rounds"], "survivors": ["Cruiser"]}
    again = SpaceBattle.from_scenario(RAIDER, seed=2013)
    again.run(200)
    assert [e.to_json() for e in again.record] == [e.to_json() for e in b.record]
    kinds = {e.kind for e in b.record}
    assert {"initiative", "shields", "attack", "damage", "destroyed"} <= kinds
    assert all(isinstance(t, str) and t for t in b.story("ru"))


def test_cloak_2v2_whole_battle_and_the_players_never_see_the_shade() -> None:
    b = SpaceBattle.from_scenario(CLOAK, seed=77)
    start = {n: (s.hull, s.shields) for n, s in b.state.ships.items()}
    assert b.state.order[0] == "Shade"
    patrol = b.board("patrol")
    shade = next(s for s in patrol["ships"] if s["name"] == "Shade")
    assert shade["hidden"] and shade["cells"] == []
    seen: list[tuple[int, int]] = []
    while not b.is_over and b.round <= 80:
        b.resolve_round(autopilot=True)
        s = b.state.ships["Shade"]
        if s.cloaked and s.in_play:
            seen.append(s.cells[0])
            text = json.dumps(b.board("patrol"))
            shown = f"[{s.cells[0][0]}, {s.cells[0][1]}]"  # where it fired from is public (S-10)
            assert shown not in text.replace(f'"revealed_at": {shown}', "").replace(
                f'"revealed_cells": [{shown}]', "")
    assert b.is_over
    assert check_ledger(b, start) >= 1
    out = b.outcome()
    assert out is not None and out["winner"] in ("smugglers", "patrol")
    assert any(e.key == "space.cloak.reveal" for e in b.record)
    assert any(e.key.startswith("space.attack.blind") for e in b.record)
    summary = b.summary()
    assert {p["name"] for p in summary["participants"]} == {"Shade", "Mule", "Cutter", "Tug"}
    assert sum(p["damage_dealt"] for p in summary["participants"]) > 0
    assert summary["winner"] == out["winner"]


def test_tractor_beam_appears_in_autopilot_battles() -> None:
    """S-13 through the autopilot: over a few seeds the Tug holds a fleeing ship at least once."""
    found = False
    for seed in range(30):
        b = SpaceBattle.from_scenario(CLOAK, seed=seed)
        b.run(100)
        assert b.is_over
        if any(e.kind == "tractor" for e in b.record):
            found = True
            break
    assert found


def test_scenario_dump_validates_again_unchanged() -> None:
    for path in (RAIDER, CLOAK):
        model = load_scenario(path)
        assert isinstance(model, SpaceScenario)
        dump = model.model_dump(mode="json")
        assert validate_scenario(dump).model_dump(mode="json") == dump


@pytest.mark.parametrize("change, field, words", [
    (lambda sc: sc["ships"][0].update(kind="light", size=2), "ships.0", "S-2: a light ship takes one cell"),
    (lambda sc: sc["ships"][0].update(cell=[9, 9], kind="heavy", size=3), "(top level)", "does not fit"),
    (lambda sc: sc["ships"][1].update(cell=[0, 0]), "(top level)", "both take cell"),
    (lambda sc: sc["ships"][0].update(cloaked=True), "ships.0", "no cloaking device"),
    (lambda sc: sc["ships"][0].update(damage="2d"), "ships.0.damage", "S-8"),
    (lambda sc: sc["ships"][0].update(defence=12), "ships.0.defence", "less than or equal to 11"),
    (lambda sc: sc["ships"][1].update(side="red"), "(top level)", "at least two sides"),
    (lambda sc: sc.update(initiative=["A"]), "(top level)", "S-4"),
    (lambda sc: sc["options"].update(long_shot=True), "options.long_shot", "unknown field"),
    (lambda sc: sc["ships"][0].update(damaged=["engines"], disabled=["engines"]), "ships.0",
     "both damaged and disabled"),
    (lambda sc: sc["ships"][0].update(damaged=["bridge"]), "ships.0.damaged.0", "'bridge'"),
])
def test_bad_scenarios_name_the_field(change: Any, field: str, words: str) -> None:
    sc = scenario(ship("A", "red", (0, 0)), ship("B", "blue", (5, 5)), options={})
    change(sc)
    with pytest.raises(ScenarioError) as err:
        validate_scenario(sc)
    text = str(err.value)
    assert words in text, text
    assert any(f.startswith(field.split(".")[0]) or f == field for f, _ in err.value.problems), text


def test_board_contract_keys() -> None:
    b = SpaceBattle(scenario(heavy("C", "blue", (1, 1), shields=3), ship("R", "red", (6, 6))), 1)
    board = b.board()
    assert set(board) >= {"system", "round", "over", "width", "height", "station", "turn",
                          "initiative", "ships"}
    keys = {"name", "side", "class", "size", "cells", "orientation", "hull", "max_hull", "shields",
            "max_shields", "shields_up", "damaged", "disabled", "cloaked", "hidden", "held_by",
            "holding", "fleeing", "escaped", "destroyed", "skip_turns"}
    for s in board["ships"]:
        assert keys <= set(s)
    assert board["ships"][0]["cells"] == [[1, 1], [2, 1], [3, 1]]
    assert json.loads(json.dumps(board)) == board
    assert "<svg" in b._repr_svg_()


DEPART = ROOT / "templates" / "scenarios" / "space_station_departure.yaml"


def test_departure_scenario_pursuit_or_gone() -> None:
    """S-12: the courier goes first with its head start; the picket's pursuit closes the window,
    or, if nobody moves within the window, the courier is gone."""
    b = SpaceBattle.from_scenario(DEPART, seed=12)
    assert b.current_ship == "Courier" and b.departure_window()["closed"] is False  # type: ignore[index]
    assert not any(s["shields_up"] for s in b.board()["ships"])  # S-6: in dock
    b.run(60)
    assert b.is_over and b.departure_window()["pursued"]  # type: ignore[index]
    quiet = SpaceBattle.from_scenario(DEPART, seed=12)
    quiet.resolve_round(autopilot=True)
    quiet.clock(3)
    assert not quiet.is_over
    quiet.window_expired()
    assert quiet.outcome() == {"winner": "station", "reason": "escaped", "rounds": 1,
                               "survivors": ["Courier", "Picket"]}


@pytest.mark.parametrize("change, field, words", [
    (lambda sc: sc["ships"][0].update(hull=10**30), "ships[0].hull", "10000"),
    (lambda sc: sc["ships"][0].update(hull=-5), "ships[0].hull", "greater than or equal to 1"),
    (lambda sc: sc["ships"][0].update(shields=10**30), "ships[0].shields", "10000"),
    (lambda sc: sc["ships"][0].update(shields=-1), "ships[0].shields", "greater than or equal to 0"),
    (lambda sc: sc["ships"][0].update(defence=0), "ships[0].defence", "greater than or equal to 1"),
    (lambda sc: sc["ships"][0].update(shield_defence=10**30), "ships[0].shield_defence", "11"),
    (lambda sc: sc["ships"][1].update(cell=[10**20, 1]), "ships[1].cell[0]", "less than 200"),
    (lambda sc: sc["ships"][1].update(cell=[1, -3]), "ships[1].cell[1]", "greater than or equal to 0"),
    (lambda sc: sc["ships"][0].update(damage="1000000d6"), "ships[0].damage", "S-8"),
    (lambda sc: sc["ships"][0].update(damage="100d6"), "ships[0].damage", "at most 20 dice"),
    (lambda sc: sc["ships"][0].update(damage="d100000"), "ships[0].damage", "at most 100 sides"),
    (lambda sc: sc["ships"][0].update(damage="d6+999999"), "ships[0].damage", "at most 1000"),
    (lambda sc: sc["ships"][0].update(damage=[10**30]), "ships[0].damage", "0 to 1000"),
    (lambda sc: sc["ships"][0].update(damage=[-2, 3]), "ships[0].damage", "0 to 1000"),
    (lambda sc: sc["ships"][0].update(damage=list(range(500))), "ships[0].damage", "1 to 100 values"),
    (lambda sc: sc["grid"].update(width=10**9), "grid.width", "200"),
    (lambda sc: sc["grid"].update(station=[[-1, 0]]), "grid.station[0][0]", "greater than or equal to 0"),
    (lambda sc: sc.update(options={"max_rounds": 10**12}), "options.max_rounds", "10000"),
    (lambda sc: sc.update(options={"escape_lockout_rounds": -6}), "options.escape_lockout_rounds", "0"),
    (lambda sc: sc.update(options={"tractor_relock_rounds": 10**12}), "options.tractor_relock_rounds",
     "10000"),
    (lambda sc: sc.update(options={"departure_window_minutes": float("inf")}),
     "options.departure_window_minutes", "1440"),
    (lambda sc: sc.update(options={"departure_window_minutes": float("nan")}),
     "options.departure_window_minutes", "1440"),
    (lambda sc: sc.update(options={"long_shot_confirm_min": 11}), "options.long_shot_confirm_min", "10"),
    (lambda sc: sc.update(ships=[ship(f"S{i}", "red" if i % 2 else "blue", (i % 10, i // 10))
                                 for i in range(60)]), "ships", "at most 50"),
])
def test_numbers_are_bounded_by_what_the_rules_allow(change: Any, field: str, words: str) -> None:
    """Issue 14 (item 4, for rule set S): every number of the scenario model is bounded, S-1's map,
    S-6's points, S-7's defence, S-8's damage and the GM's round counts: a hull of 10^30 or a
    negative cell is a :class:`ScenarioError` naming the field, never a fight."""
    sc = scenario(ship("A", "red", (0, 0)), ship("B", "blue", (5, 5)), options={})
    change(sc)
    with pytest.raises(ScenarioError) as err:
        validate_scenario(sc)
    text = str(err.value)
    assert words in text, text
    assert [f for f, _ in err.value.problems] == [field], text


def test_the_largest_numbers_allowed_still_make_a_battle() -> None:
    """The bounds are the rules' own edges, not below them: a 200x200 map, 10,000 hull points and
    20d100+1000 of damage set up and fight."""
    sc = scenario(ship("A", "red", (0, 0), hull=10_000, shields=10_000, damage="20d100+1000"),
                  ship("B", "blue", (1, 1), hull=10_000, damage=[1000] * 100), width=200, height=200,
                  options={"max_rounds": 10_000, "departure_window_minutes": 1440})
    b = SpaceBattle(sc, 1)
    b.enter_faces(10)
    b.push("A", Attack("B", "hull"))
    assert b.state.ships["B"].hull < 10_000
