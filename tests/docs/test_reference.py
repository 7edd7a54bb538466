"""The scenario reference and the JSON Schemas in docs/ are what the scenario models say now, and
every field of every model has a description in English and Russian (issue 20)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from gmkit import systems
from gmkit.reference import generated_files, main, own_systems, reference
from gmkit.schema import field, json_schema, undocumented

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("rel", sorted(generated_files()))
def test_the_committed_file_is_what_the_models_give(rel: str) -> None:
    path = DOCS / rel
    assert path.is_file(), f"docs/{rel} is missing: run python -m gmkit.reference --write docs"
    assert path.read_text(encoding="utf-8") == generated_files()[rel], (
        f"docs/{rel} is out of date: run python -m gmkit.reference --write docs")


def test_check_reports_a_stale_file(tmp_path: Path) -> None:
    assert main(["--write", str(tmp_path)]) == 0
    assert main(["--check", str(tmp_path)]) == 0
    (tmp_path / "scenarios-ru.md").write_text("старое\n", encoding="utf-8")
    assert main(["--check", str(tmp_path)]) == 1


@pytest.mark.parametrize("name", own_systems())
def test_every_field_is_described_in_both_languages(name: str) -> None:
    assert undocumented(systems.get(name).scenario_model) == []


def test_a_field_without_a_description_is_caught() -> None:
    class Inner(BaseModel):
        ok: int = field("Fine.", "Хорошо.", "D-4", default=1)
        bare: int = 0

    class Outer(BaseModel):
        inner: Inner = field("Inner.", "Внутри.", default_factory=Inner)
        english_only: int = field("Only English.", "", default=0)
        bad_rule: int = field("Bad rule.", "Плохое правило.", "rule four", default=0)

    assert sorted(undocumented(Outer)) == [
        "Inner.bare: no Russian description",
        "Inner.bare: no description",
        "Outer.bad_rule: rule 'rule four' is not a rule id like D-4",
        "Outer.english_only: no Russian description",
    ]


@pytest.mark.parametrize("name", own_systems())
def test_the_reference_lists_every_field_with_its_rule(name: str) -> None:
    model = systems.get(name).scenario_model
    text = {lang: reference(lang, [name]) for lang in ("en", "ru")}
    schema = json_schema(name)
    for lang in ("en", "ru"):
        for prop in schema["properties"]:
            assert f"| `{prop}` |" in text[lang]
        for sub in schema["definitions"].values():
            for prop, p in sub["properties"].items():
                row = next(line for line in text[lang].splitlines()
                           if line.startswith(f"| `{prop}` |") and p.get("x-rule", "") in line)
                assert row
    assert set(model.model_fields) <= set(schema["properties"])


def test_russian_schema_speaks_russian() -> None:
    en, ru = json_schema("fantasy"), json_schema("fantasy", "ru")
    cell = ("definitions", "CombatantSpec", "properties", "ac", "description")
    get = lambda s: s[cell[0]][cell[1]][cell[2]][cell[3]][cell[4]]  # noqa: E731
    assert get(en).startswith("Armour class")
    assert get(ru).startswith("Класс брони")


@pytest.mark.parametrize("name", own_systems())
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_schema_is_draft_7_as_editors_read_it(name: str, lang: str) -> None:
    """The YAML language server validates with draft 7: the schema says so and is valid for it."""
    import jsonschema

    schema = json_schema(name, lang)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    jsonschema.Draft7Validator.check_schema(schema)
    assert "$defs" not in str(schema) and "prefixItems" not in str(schema)
