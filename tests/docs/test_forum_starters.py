"""The forum-table starters (issue 34, item 6): a shipped Russian scenario per rule set with four
or more player characters, each with a forum nickname; it loads, its names read right, an
autopilot fight ends in a sane number of rounds; ``gmkit new --forum`` writes it."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import jsonschema
import pytest
import yaml

from gmkit import systems
from gmkit.cli import main
from gmkit.commands.new import FORUM_PLAYERS, forum_starters, schema_name
from gmkit.reference import own_systems
from gmkit.scenario import actors_of, load_scenario
from gmkit.schema import json_schema

ROOT = Path(__file__).resolve().parents[2]
STARTERS = {"fantasy": "fantasy_ford_ambush_ru.yaml", "dragons": "dragon_storm_pass_ru.yaml",
            "space": "space_pirates_convoy_ru.yaml"}
SEEDS = range(10)


def _players(data: dict) -> list[tuple[str, str]]:
    return [(name, player) for name, player, _, _ in actors_of(data) if player]


@pytest.mark.parametrize("system", own_systems())
def test_each_rule_set_ships_a_russian_forum_starter(system: str) -> None:
    found = forum_starters(system)
    assert [(p.name, lang) for p, lang, _ in found] == [(STARTERS[system], "ru")]
    path = ROOT / "templates" / "scenarios" / STARTERS[system]
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert list(jsonschema.Draft7Validator(json_schema(system)).iter_errors(data)) == []
    scenario = load_scenario(path).model_dump(mode="json")
    players = _players(scenario)
    assert 4 <= len(players) <= 5 and FORUM_PLAYERS == 4
    assert len({p for _, p in players}) == len(players), "two characters share a nickname"
    gm = [name for name, _, by_gm, _ in actors_of(scenario) if by_gm]
    assert gm, "the GM has no side to run"
    assert scenario["description"].strip() and any("а" <= ch <= "я" for ch in scenario["name"].lower())
    for name, _ in players:  # every player's character can be written in Latin letters too
        assert any(a.isascii() for a in scenario["aliases"].get(name, [])), name


@pytest.mark.parametrize("system", own_systems())
def test_the_names_of_a_forum_starter_read_right_in_russian(system: str) -> None:
    """No Russian name left undeclined or with a guessed gender (a Latin alias is left as it is)."""
    from gmkit.commands.check import warnings

    path = ROOT / "templates" / "scenarios" / STARTERS[system]
    data = load_scenario(path).model_dump(mode="json")
    aliases = {a for names in data["aliases"].values() for a in names}
    faults = [w for w in warnings(data) if w.split(" (")[0] not in aliases]
    assert faults == []


@pytest.mark.parametrize("system", own_systems())
def test_an_autopilot_fight_of_a_forum_starter_lasts_a_sane_number_of_rounds(system: str) -> None:
    """Not over in the first round, not dragged to the round limit: each seed ends by the rules
    (a side beaten, fled or escaped) in 3 to 30 rounds, and most in 4 to 20."""
    path = ROOT / "templates" / "scenarios" / STARTERS[system]
    model = load_scenario(path)
    cls = systems.get(system).engine_class
    rounds = []
    for seed in SEEDS:
        fight = cls.from_valid(model.model_dump(mode="json"), seed)
        fight.run(200)
        outcome = fight.outcome()
        assert fight.is_over and outcome is not None, seed
        assert outcome["winner"] is not None, (seed, outcome)  # no draw at the round limit
        assert 3 <= fight.round <= 30, (seed, fight.round)
        rounds.append(fight.round)
    assert 4 <= statistics.median(rounds) <= 20, rounds


@pytest.mark.parametrize("system", own_systems())
def test_gmkit_new_forum_writes_the_starter_beside_its_schema(tmp_path: Path, system: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "бой.yaml"
    assert main(["new", system, "--forum", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    schema = tmp_path / str(schema_name(text))
    assert schema.name == f"{system}.ru.schema.json" and str(target) in capsys.readouterr().out
    assert json.loads(schema.read_text(encoding="utf-8")) == json_schema(system, "ru")
    shipped = (ROOT / "templates" / "scenarios" / STARTERS[system]).read_text(encoding="utf-8")
    written, original = text.splitlines(), shipped.splitlines()
    assert len(written) == len(original)
    changed = [(a, b) for a, b in zip(written, original, strict=True) if a != b]
    assert len(changed) == 2  # the schema line and the seed, nothing else
    seed = next(a for a, _ in changed if "seed" in a)
    assert seed.startswith("# seed: ") and "раскомментируйте" in seed
    scenario = load_scenario(target)
    assert scenario.seed is None  # a seed anyone can read in gmkit's files makes the dice guessable
    assert len(_players(scenario.model_dump(mode="json"))) >= FORUM_PLAYERS
    fight = systems.get(system).engine_class.from_scenario(target, seed=3)
    fight.run(200)
    assert fight.is_over


def test_gmkit_new_forum_to_standard_output_and_its_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "fantasy", "--forum"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# yaml-language-server: $schema=fantasy.ru.schema.json\n")
    assert "player: Бородач" in out
    assert main(["new", "fantasy", "--forum", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "no forum-table starter in 'en'" in err and "fantasy_ford_ambush_ru.yaml (ru)" in err
    assert main(["--lang", "ru", "new", "space", "--forum", "--lang", "en"]) == 2
    assert "space_pirates_convoy_ru.yaml (ru)" in capsys.readouterr().err


def test_the_help_of_gmkit_new_is_in_the_language_asked(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, words in ((["new", "--help"], "a starter for a forum table"),
                        (["--lang", "ru", "new", "--help"], "заготовка для форумного стола: 4 персонажа")):
        with pytest.raises(SystemExit):
            main(argv)
        assert words in capsys.readouterr().out
