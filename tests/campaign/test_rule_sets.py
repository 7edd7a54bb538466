"""What a fight changes for the roster, rule set by rule set (each one's campaign.py), and the
scenario fields that carry it into the next fight: a wounded character's most risk points and
states (F-1, F-4), a Wild Card's wounds (D-8)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from gmkit.campaign import CampaignError, roster
from gmkit.campaign import apply as ap
from gmkit.campaign.part import part_of
from gmkit.campaign.store import Member
from gmkit.errors import ScenarioError
from gmkit.scenario import load_scenario, read_yaml
from gmkit.systems import get
from tests.campaign.helpers import SCENARIOS, play
from tests.campaign.road import ROAD


def _fresh(system: str, data: dict[str, Any]) -> Any:
    return get(system).engine_class(load_scenario(data))


# --- dragons ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [2024, 7, 11])
def test_a_duel_carries_wounds_and_bennies_as_the_gm_calls_them(tmp_path: Path, seed: int) -> None:
    data = read_yaml(SCENARIOS / "dragon_duel_firmament.yaml")
    data["seed"] = seed
    scenario = tmp_path / "duel.yaml"
    scenario.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    c = roster.new(tmp_path / "duel.gmc", scenario=scenario, party="red")
    enc = play(scenario, tmp_path / "duel.jsonl")
    s = enc.state.dragons["Ash"]
    with c:
        for heal, bennies in (("keep", "reset"), ("heal", "keep"), (1, "reset"), (2, "keep")):
            plan = ap.plan(c, tmp_path / "duel.jsonl", {"wounds": heal, "bennies": bennies})
            entry, state = plan.carry.entries["Ash"], plan.carry.states["Ash"]
            if s.turned:
                assert state == "lost"
            elif s.out_reason == "killed":
                assert state == "dead"
            else:
                carried = min(s.wounds, 3)  # D-8: the fourth wound put it out; three are carried
                expect = 0 if heal == "heal" else carried if heal == "keep" else max(0, carried - int(heal))
                assert (state, entry.get("wounds", 0)) == ("alive", expect)
                assert entry.get("bennies") == (s.bennies if bennies == "keep" else None)
            assert "Bane" not in plan.carry.entries  # the other side is the bestiary's


def test_carried_wounds_hold_their_penalty_from_the_first_roll() -> None:
    data = read_yaml(SCENARIOS / "dragon_duel_firmament.yaml")
    data["dragons"][0]["wounds"] = 2
    enc = _fresh("dragons", data)
    assert enc.state.dragons["Ash"].wounds == 2
    enc.resolve_round(autopilot=True)
    attacks = [r.expr for e in enc.record for r in e.rolls
               if r.actor == "Ash" and r.purpose.startswith("attack")]
    assert attacks and all("-2" in a for a in attacks), attacks  # D-8: -2 at two wounds


def test_an_extra_carries_no_wounds_into_a_duel() -> None:
    data = read_yaml(SCENARIOS / "dragon_duel_firmament.yaml")
    data["dragons"][0].update(wild_card=False, wounds=1)
    with pytest.raises(ScenarioError) as info:
        load_scenario(data)
    assert "dragons[0]" in str(info.value) and "статист не приносит ран" in info.value.message("ru")


# --- space --------------------------------------------------------------------------------------


def test_a_battle_carries_hull_shields_and_systems_as_the_gm_calls_them(tmp_path: Path) -> None:
    c = roster.new(tmp_path / "raid.gmc", scenario=SCENARIOS / "space_raider_vs_cruiser.yaml",
                   party="raiders")
    enc = play(SCENARIOS / "space_raider_vs_cruiser.yaml", tmp_path / "raid.jsonl")
    ship = {s["name"]: s for s in enc.board()["ships"]}["Raider"]
    with c:
        base = c.member("Raider").base  # type: ignore[union-attr]
        for hull, shields, systems in (("keep", "keep", "keep"), ("repair", "restore", "repair"),
                                       (3, "keep", "repair")):
            plan = ap.plan(c, tmp_path / "raid.jsonl",
                           {"hull": hull, "shields": shields, "systems": systems})
            entry, state = plan.carry.entries["Raider"], plan.carry.states["Raider"]
            if ship["destroyed"]:
                assert state == "dead"
                continue
            full = base["hull"]
            want = {"keep": ship["hull"], "repair": full}.get(hull) if isinstance(hull, str) \
                else min(full, ship["hull"] + hull)
            assert entry["hull"] == want
            restored = base["shields"] if shields == "restore" else ship["shields"]
            assert entry.get("shields", 0) == restored
            for key in ("damaged", "disabled"):
                assert entry.get(key, []) == ([] if systems == "repair" else ship[key])


# --- fantasy: the fields that carry wounds and states in ------------------------------------------


def test_a_wounded_character_starts_hurt_and_heals_up_to_the_most() -> None:
    data = {**ROAD, "combatants": [dict(x) for x in ROAD["combatants"]]}
    data["combatants"][0].update(hp=5, max_hp=14,
                                 conditions=[{"status": "poisoned", "turns": 3, "ongoing": "1-2"}])
    enc = _fresh("fantasy", data)
    st = enc.state.combatants["Borin"]
    poison = st.conditions[0]
    assert (st.max_hp, poison.status, poison.ongoing, poison.source) == (14, "poisoned", (1.0, 2.0), "Borin")
    assert st.hp <= 5  # the poison may already have bitten at the party's first turn (F-4)


@pytest.mark.parametrize(("change", "field"), [
    ({"hp": 9, "max_hp": 5}, "combatants[0]"),     # fewer when unhurt than now
    ({"hp": "2ЖК+6", "max_hp": 14}, "combatants[0]"),  # life dice are rolled, not a wound
    ({"conditions": [{"status": "poisoned", "ongoing": "one"}]}, "combatants[0].conditions[0].ongoing"),
])
def test_a_carried_field_that_breaks_a_rule_is_refused_naming_it(change: dict[str, Any],
                                                                 field: str) -> None:
    data = {**ROAD, "combatants": [dict(x) for x in ROAD["combatants"]]}
    data["combatants"][0].update(change)
    with pytest.raises(ScenarioError) as info:
        load_scenario(data)
    assert field in str(info.value)


def test_carry_keeps_the_fields_it_does_not_know(tmp_path: Path) -> None:
    """A roster entry's own fields (``gender:``, ``forms:`` of the names issue) go through a fight."""
    road_path = tmp_path / "road.yaml"
    road_path.write_text(yaml.safe_dump(ROAD, allow_unicode=True), encoding="utf-8")
    enc = play(road_path, tmp_path / "road.jsonl")
    entry = {**ROAD["combatants"][1], "gender": "f", "forms": {"gen": "Миры"}}
    carried = part_of("fantasy").carry(enc, {"Mira": Member("Mira", entry, base=dict(entry))},
                                       {"rest": "none"}).entries["Mira"]
    assert (carried["gender"], carried["forms"]) == ("f", {"gen": "Миры"})


def test_a_rule_set_without_a_campaign_part_is_named() -> None:
    """The toy race keeps the rule-set contract but has no campaign part (an optional one)."""
    import tests.toy  # noqa: F401  (registers the race)

    with pytest.raises(CampaignError) as info:
        part_of("race")
    assert info.value.key == "campaign.no_part" and info.value.params["system"] == "race"
