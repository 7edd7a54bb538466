"""The next fight built from the campaign (issue 32, item 3): the living roster against the last
fight's enemies by default, bestiary picks with counts (Волк ×5), settings changed by path, a
scenario valid by the rule set's JSON Schema and marked as this campaign's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from gmkit.campaign import CampaignError, build, roster
from gmkit.campaign import apply as ap
from gmkit.campaign.build import Draft, bases, copies, pick
from gmkit.errors import ScenarioError
from gmkit.schema import json_schema
from tests.campaign.helpers import SCENARIOS, play
from tests.campaign.road import road


@pytest.mark.parametrize(("text", "got"), [
    ("Волк ×5", ("Волк", 5)), ("Волк x5", ("Волк", 5)), ("Волк х5", ("Волк", 5)),  # Cyrillic х
    ("Волк*5", ("Волк", 5)), ("5 × Волк", ("Волк", 5)), ("  Вожак   стаи ", ("Вожак стаи", 1)),
    ("Волк 3", ("Волк 3", 1)),  # a number alone is part of a name
])
def test_a_pick_is_read_as_the_gm_writes_it(text: str, got: tuple[str, int]) -> None:
    assert pick(text) == got


def test_copies_carry_every_field_and_number_the_names_and_their_forms() -> None:
    wolf = {"name": "Волк", "side": "стая", "hp": 5, "gender": "m",
            "forms": {"gen": "Волка", "acc": "Волка", "ins": "Волком"}}
    got = copies(wolf, 3, {"Волк 2"})
    assert [c["name"] for c in got] == ["Волк 1", "Волк 3", "Волк 4"]  # Волк 2 is taken
    assert got[1]["forms"] == {"gen": "Волка 3", "acc": "Волка 3", "ins": "Волком 3"}
    assert all({k: v for k, v in c.items() if k not in ("name", "forms")}
               == {"side": "стая", "hp": 5, "gender": "m"} for c in got)
    assert [c["name"] for c in copies(wolf, 1, set())] == ["Волк"]
    assert [c["name"] for c in copies(wolf, 1, {"Волк"})] == ["Волк 1"]
    for bad in (0, build.MAX_COPIES + 1):
        with pytest.raises(CampaignError) as info:
            copies(wolf, bad, set())
        assert info.value.key == "campaign.build.count"


def test_bases_fold_only_copies_alike_but_for_the_name() -> None:
    wolves = copies({"name": "Волк", "hp": 5, "forms": {"gen": "Волка"}}, 3, set())
    odd = [{"name": "Гоблин 1", "hp": 2}, {"name": "Гоблин 2", "hp": 3}]
    lone = [{"name": "Тролль 7", "hp": 20}]
    clash = [{"name": "Орк", "hp": 9}, {"name": "Орк 1", "hp": 4}, {"name": "Орк 2", "hp": 4}]
    assert bases(wolves) == [{"name": "Волк", "hp": 5, "forms": {"gen": "Волка"}}]
    assert [b["name"] for b in bases(odd + lone + clash)] == [
        "Гоблин 1", "Гоблин 2", "Тролль 7", "Орк", "Орк 1", "Орк 2"]


def _validates(scenario: dict[str, Any]) -> None:
    errors = list(jsonschema.Draft7Validator(json_schema(scenario["system"])).iter_errors(scenario))
    assert errors == [], [e.message for e in errors]


def test_by_default_the_living_roster_meets_the_last_fights_enemies(tmp_path: Path) -> None:
    c = roster.new(tmp_path / "road.gmc", scenario=road(tmp_path, 28), party="party")
    play(tmp_path / "road.yaml", tmp_path / "road.jsonl")  # seed 28: the Hound is killed
    with c:
        ap.apply(c, ap.plan(c, tmp_path / "road.jsonl"))
        s = build.build(c)
        _validates(s)
        names = [e["name"] for e in s["combatants"]]
        assert names == ["Borin", "Mira", "Wolf 1", "Wolf 2", "Wolf 3"]  # no Hound: dead
        assert s["campaign"] == c.id and s["name"] == "The north road: fight 2"
        assert build.build(c, lang="ru")["name"] == "The north road: бой 2"


def test_picks_settings_and_the_file_written(tmp_path: Path) -> None:
    c = roster.new(tmp_path / "road.gmc", scenario=road(tmp_path), party="party")
    with c:
        s = build.build(c, Draft(members=["Mira"], enemies=[("Wolf", 2)], seed=9,
                                 changes={"options.variant": 2, "options.flight": False}))
        _validates(s)
        assert [e["name"] for e in s["combatants"]] == ["Mira", "Wolf 1", "Wolf 2"]
        assert s["options"] == {"variant": 2, "flight": False} and s["seed"] == 9
        path = build.write(s, tmp_path / "next.yaml", "ru")
        text = path.read_text(encoding="utf-8")
        assert text.splitlines()[0] == "# yaml-language-server: $schema=fantasy.ru.schema.json"
        assert (tmp_path / "fantasy.ru.schema.json").is_file()
        assert yaml.safe_load(text) == s
        with pytest.raises(CampaignError) as info:
            build.write(s, path, "ru")
        assert info.value.key == "campaign.build.exists" and path.read_text(encoding="utf-8") == text


def test_a_choice_that_breaks_a_rule_is_refused_naming_it(tmp_path: Path) -> None:
    c = roster.new(tmp_path / "road.gmc", scenario=road(tmp_path), party="party")
    with c:
        with pytest.raises(ScenarioError) as info:
            build.build(c, Draft(changes={"options.variant": 7}))
        assert "options.variant" in str(info.value)
        with pytest.raises(ScenarioError) as info:  # a pet without its owner (F-6)
            build.build(c, Draft(members=["Mira", "Hound"]))
        assert "Hound.owner" in str(info.value)
        with pytest.raises(CampaignError) as err:
            build.build(c, Draft(enemies=[("Wolff", 2)]))
        assert err.value.key == "campaign.build.no_beast" and err.value.params["known"] == ["Wolf"]
        with pytest.raises(CampaignError) as err:
            build.build(c, Draft(members=["Nobody"]))
        assert err.value.key == "campaign.build.no_member"
        with pytest.raises(CampaignError) as err:
            build.build(c, Draft(members=[]))
        assert err.value.key == "campaign.build.no_party"


def test_ships_that_would_collide_are_placed_on_the_map(tmp_path: Path) -> None:
    c = roster.new(tmp_path / "raid.gmc", scenario=SCENARIOS / "space_raider_vs_cruiser.yaml",
                   party="raiders")
    with c:
        raider = c.member("Raider").entry  # type: ignore[union-attr]
        cruiser = c.bestiary()[0].entry
        with c.writing() as w:  # the cruiser written where the raider sits
            w.put_beast(type(c.bestiary()[0])("Cruiser", {**cruiser, "cell": list(raider["cell"])}))
        s = build.build(c, Draft(enemies=[("Cruiser", 2)]))
        _validates(s)
        assert [x["name"] for x in s["ships"]] == ["Raider", "Cruiser 1", "Cruiser 2"]


def test_a_duel_keeps_its_battlefield(tmp_path: Path) -> None:
    c = roster.new(tmp_path / "duel.gmc", scenario=SCENARIOS / "dragon_duel_firmament.yaml", party="red")
    with c:
        s = build.build(c, Draft(enemies=[("Bane", 1)]))
        _validates(s)
        assert s["battlefield"] == "firmament" and [d["name"] for d in s["dragons"]] == ["Ash", "Bane"]
