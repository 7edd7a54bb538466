"""Scenario files: a wrong or missing field names the file, the field path and what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmkit.errors import ScenarioError
from gmkit.scenario import load_scenario
from tests.toy import SCENARIO, Race


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def test_valid_yaml_loads(tmp_path: Path) -> None:
    p = write(tmp_path, "system: race\nname: Sprint\nracers:\n  - {name: Ash, side: red}\n")
    s = load_scenario(p)
    assert s.name == "Sprint" and s.racers[0].max_dice == 3  # type: ignore[attr-defined]


def test_wrong_field_names_file_path_and_expectation(tmp_path: Path) -> None:
    p = write(tmp_path, "system: race\nname: Sprint\nracers:\n  - {name: Ash, side: red, max_dice: lots}\n")
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    msg = str(e.value)
    assert str(p) in msg and "racers[0].max_dice" in msg and "integer" in msg and "'lots'" in msg


def test_missing_and_unknown_fields(tmp_path: Path) -> None:
    p = write(tmp_path, "system: race\nname: Sprint\nracerz: []\n")
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    problems = dict(e.value.problems)
    assert problems["racers"] == "required field is missing"
    assert problems["racerz"].startswith("unknown field")


def test_missing_system_and_unknown_system() -> None:
    with pytest.raises(ScenarioError, match="system: required field is missing"):
        load_scenario({"name": "x"})
    with pytest.raises(ScenarioError, match=r"system: one of dragons, fantasy, .*space; got 'chess'"):
        load_scenario({"system": "chess", "name": "x"})


def test_bad_yaml_names_line(tmp_path: Path) -> None:
    p = write(tmp_path, "system: race\nname: [unclosed\n")
    with pytest.raises(ScenarioError, match=r"line \d+, column \d+: not valid YAML"):
        load_scenario(p)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no such file"):
        load_scenario(tmp_path / "nope.yaml")


def test_top_level_must_be_a_mapping(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="a mapping of fields, got list"):
        load_scenario(write(tmp_path, "- a\n- b\n"))


def test_engine_refuses_a_scenario_of_another_system() -> None:
    with pytest.raises(ScenarioError, match="this engine runs 'race' scenarios"):
        Race.from_scenario(dict(SCENARIO, system="dragons"))


def test_from_scenario_file(tmp_path: Path) -> None:
    p = write(tmp_path, "system: race\nname: Sprint\nseed: 4\nracers:\n  - {name: Ash, side: red}\n")
    r = Race.from_scenario(p)
    assert r.seed == 4 and r.participants() == ["Ash"]
    assert Race.from_scenario(p, seed=9).seed == 9
