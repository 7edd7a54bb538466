"""``gmkit new`` writes, for every rule set and language, a commented starter that loads as it is,
validates against the schema written beside it, and plays a round with the autopilot (issue 20)."""

from __future__ import annotations

import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from gmkit import systems
from gmkit.cli import main
from gmkit.commands.new import schema_name, starter_text
from gmkit.reference import own_systems
from gmkit.scenario import load_scenario
from gmkit.schema import json_schema

CASES = [(name, lang) for name in own_systems() for lang in ("en", "ru")]
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
LATIN = re.compile(r"[a-z]", re.IGNORECASE)



@pytest.mark.parametrize("name,lang", CASES)
def test_the_starter_loads_validates_and_plays_a_round(tmp_path: Path, name: str, lang: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / f"mine-{name}.yaml"
    assert main(["new", name, "--lang", lang, str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert text == starter_text(name, lang)
    schema_file = tmp_path / str(schema_name(text))
    assert schema_file.name == f"{name}{'.ru' if lang == 'ru' else ''}.schema.json"
    assert str(target) in capsys.readouterr().out
    import json

    assert json.loads(schema_file.read_text(encoding="utf-8")) == json_schema(name, lang)
    data = yaml.safe_load(text)
    assert list(jsonschema.Draft7Validator(json_schema(name)).iter_errors(data)) == []
    scenario = load_scenario(target)
    assert scenario.language == lang
    fight = systems.get(name).engine_class.from_scenario(target, seed=1)
    start, events = fight.round, 0
    for _ in range(50):  # a round: every actor's turn (space plays them one at a time)
        events += len(fight.resolve_round(autopilot=True))
        if fight.round != start or fight.is_over:
            break
    assert fight.round == start + 1 or fight.is_over
    assert events > 0


@pytest.mark.parametrize("name,lang", CASES)
def test_the_comments_are_in_the_chosen_language(name: str, lang: str) -> None:
    comments = [line.split("#", 1)[1] for line in starter_text(name, lang).splitlines()[1:]
                if "#" in line]
    assert len(comments) >= 10
    for c in comments:
        words = re.sub(r"\S*\d\S*", "", c)  # notations like 2ЖК+3, яд16ПБ6, D-4
        cyr, _lat = len(CYRILLIC.findall(words)), len(LATIN.findall(words))
        if lang == "ru":
            # a commented-out field (`# seed: 7`) keeps its Latin name; the words are Russian
            assert cyr > 0 or re.match(r"\s*\w+: ", c), c
        else:
            assert cyr == 0, c


def test_an_existing_file_is_kept_unless_forced(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "duel.yaml"
    target.write_text("mine\n", encoding="utf-8")
    assert main(["new", "dragons", str(target)]) == 2
    assert "exists" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == "mine\n"
    assert main(["new", "dragons", "--force", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == starter_text("dragons", "en")


def test_without_a_file_the_starter_goes_to_standard_output(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "ru", "new", "space"]) == 0
    assert capsys.readouterr().out == starter_text("space", "ru")


def test_an_unknown_rule_set_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "chess"]) == 2
    assert "no rule set named 'chess'" in capsys.readouterr().err


def test_gmkit_schema_prints_the_committed_schema(capsys: pytest.CaptureFixture[str]) -> None:
    docs = Path(__file__).resolve().parents[2] / "docs" / "schema"
    for name in own_systems():
        for lang, suffix in (("en", ""), ("ru", ".ru")):
            assert main(["schema", name, "--lang", lang]) == 0
            out = capsys.readouterr().out
            assert out == (docs / f"{name}{suffix}.schema.json").read_text(encoding="utf-8")
    assert main(["schema"]) == 2
    assert "name a rule set" in capsys.readouterr().err


def test_gmkit_schema_reference_prints_the_reference(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from gmkit.reference import reference

    out = tmp_path / "space.md"
    assert main(["schema", "space", "--reference", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == reference("en", ["space"])
    assert main(["schema", "--reference", "--lang", "ru"]) == 0
    assert capsys.readouterr().out == reference("ru")
