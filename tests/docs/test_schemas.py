"""Every example scenario names its JSON Schema on its first line, validates against it, and a
broken copy of each is refused by the schema and by gmkit, both naming the same field (issue 20)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from gmkit.errors import ScenarioError
from gmkit.scenario import validate_scenario
from gmkit.schema import json_schema, schema_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "templates" / "scenarios").glob("*.yaml"))
MARK = "# yaml-language-server: $schema="


def _schema_path(path: Path) -> Path:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(MARK), f"{path.name}: the first line does not name its schema"
    return (path.parent / first[len(MARK):]).resolve()


def _validator(system: str) -> Any:
    return jsonschema.Draft7Validator(json_schema(system))


def _path(parts: Any) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else ("." if out else "") + str(p)
    return out


def test_there_are_examples_of_every_rule_set() -> None:
    systems = {yaml.safe_load(p.read_text(encoding="utf-8"))["system"] for p in EXAMPLES}
    assert systems == {"dragons", "space", "fantasy"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_an_example_validates_against_the_schema_it_names(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    schema_file = _schema_path(path)
    assert schema_file.is_file(), f"{path.name} names {schema_file}, which does not exist"
    assert schema_file.name == f"{data['system']}.schema.json"
    assert schema_file.read_text(encoding="utf-8") == schema_text(data["system"])
    errors = [f"{_path(e.absolute_path)}: {e.message}"
              for e in _validator(data["system"]).iter_errors(data)]
    assert errors == []
    validate_scenario(data, path.name)


def _bounded(schema: dict[str, Any], defs: dict[str, Any], data: Any) -> tuple[list[Any], int]:
    """The first integer field with a maximum in the first item of the scenario's list of
    participants, and a value just past it."""
    for key, prop in schema["properties"].items():
        ref = prop.get("items", {}).get("$ref")
        if prop.get("type") == "array" and ref and isinstance(data.get(key), list):
            item = defs[ref.rsplit("/", 1)[-1]]
            for name, p in item["properties"].items():
                branches = [p, *p.get("anyOf", [])]
                top = next((b["maximum"] for b in branches
                            if b.get("type") == "integer" and "maximum" in b), None)
                if top is not None:
                    return [key, 0, name], top + 1
    raise AssertionError("no bounded field found")


def _refusals(data: dict[str, Any], source: str) -> tuple[set[str], set[str]]:
    by_schema = {_path(e.absolute_path) for e in _validator(data["system"]).iter_errors(data)}
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(data, source)
    by_gmkit = {where for where, _ in caught.value.problems}
    return by_schema, by_gmkit


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_a_number_past_its_bound_is_refused_by_both_naming_the_field(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    schema = json_schema(data["system"])
    where, value = _bounded(schema, schema["definitions"], data)
    broken = copy.deepcopy(data)
    broken[where[0]][where[1]][where[2]] = value
    by_schema, by_gmkit = _refusals(broken, path.name)
    assert by_schema == by_gmkit == {_path(where)}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_a_misspelt_field_is_refused_by_both_naming_it(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    broken = copy.deepcopy(data)
    broken["optoins"] = {}
    by_schema, by_gmkit = _refusals(broken, path.name)
    # the schema names the mapping holding the unknown key and the key in its message
    assert by_gmkit == {"optoins"}
    errors = list(_validator(data["system"]).iter_errors(broken))
    assert by_schema == {""} and "'optoins' was unexpected" in errors[0].message


def test_a_shorthand_the_models_read_is_valid_for_the_schema_too() -> None:
    """Fantasy sheets may write one attack, or an attack as its bare damage table."""
    data = {"system": "fantasy", "name": "x", "combatants": [
        {"name": "A", "side": "a", "hp": 5, "melee": "1-2", "ranged": "1-2"},
        {"name": "B", "side": "b", "hp": 5, "melee": [{"name": "bite", "damage": "1-2",
                                                        "special": "яд16ПБ6"}, "1-2-3"]}]}
    assert list(_validator("fantasy").iter_errors(data)) == []
    validate_scenario(data)
