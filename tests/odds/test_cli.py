"""``gmkit odds``: every kind of question from the command line, text and JSON."""

from __future__ import annotations

import json

import pytest

from gmkit.cli import main
from tests.odds.test_simulate import RACE


def out(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_trait_c3(capsys: pytest.CaptureFixture[str]) -> None:
    text = out(capsys, "odds", "trait", "d8")
    assert "81.25%" in text and "13/16" not in text.split("\n")[0]


def test_trait_json_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(out(capsys, "odds", "--json", "trait", "d4"))
    assert data["chance"] == "5/8" and data["error"] == "0"


@pytest.mark.parametrize("argv,needle", [
    (["opposed", "d8", "d6", "--defender-extra"], "defender holds"),
    (["damage", "2d8", "--toughness", "8", "--raise"], "Shaken"),
    (["attack", "d8", "2d8+1", "--toughness", "8", "--actions", "2"], "d8-2"),
    (["d18", "--ac", "-2", "--mod", "1"], "1/54"),
    (["special", "16", "--pr", "6", "--ac", "5"], "miss"),
    (["table", "0.5-1-1.5-2-2.5-3"], "2.5"),
    (["table", "1-2", "--ac", "8", "--mod", "1"], "miss"),
    (["space", "--defence", "7", "--range2"], "20%"),
    (["space", "--defence", "7", "--damage", "2d6", "--plating"], "14"),
    (["flee", "16"], "16.67%"),
    (["escape", "1", "2", "3"], "50%"),
    (["break-free"], "5/18"),
])
def test_every_kind(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    assert needle in out(capsys, "odds", *argv)


def test_russian_labels(capsys: pytest.CaptureFixture[str]) -> None:
    assert "Потрясение" in out(capsys, "--lang", "ru", "odds", "damage", "2d6", "--toughness", "6")


def test_bad_die_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "trait", "d7"]) == 2
    assert "C-3" in capsys.readouterr().err


def test_simulate_verb(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    import yaml
    from pathlib import Path

    p = Path(str(tmp_path)) / "race.yaml"
    p.write_text(yaml.safe_dump(RACE), encoding="utf-8")
    csv = Path(str(tmp_path)) / "runs.csv"
    text = out(capsys, "odds", "simulate", str(p), "-n", "30", "--seed", "2", "--csv", str(csv))
    assert "30 simulated fights" in text and "95%" in text
    assert len(csv.read_text().splitlines()) == 31
    data = json.loads(out(capsys, "odds", "--json", "simulate", str(p), "-n", "10"))
    assert data["n"] == 10
