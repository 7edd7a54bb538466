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
    from pathlib import Path

    import yaml

    p = Path(str(tmp_path)) / "race.yaml"
    p.write_text(yaml.safe_dump(RACE), encoding="utf-8")
    csv = Path(str(tmp_path)) / "runs.csv"
    text = out(capsys, "odds", "simulate", str(p), "-n", "30", "--seed", "2", "--csv", str(csv))
    assert "30 simulated fights" in text and "95%" in text
    assert len(csv.read_text().splitlines()) == 31
    data = json.loads(out(capsys, "odds", "--json", "simulate", str(p), "-n", "10"))
    assert data["n"] == 10


def test_f3_percentage_table_with_target_hp(capsys: pytest.CaptureFixture[str]) -> None:
    """F-3: 25% of 12 current hit points is 3, certain; with the F-2 roll against AC 5 (needs 12) a
    hit, 7/18, deals exactly 3."""
    assert "  3      100%  1" in out(capsys, "odds", "table", "25%", "--target-hp", "12")
    data = json.loads(out(capsys, "odds", "--json", "table", "25%", "--ac", "5", "--target-hp", "12"))
    assert {o["key"]: o["p"] for o in data["outcomes"]} == {"miss": "11/18", "3": "7/18"}
    assert data["chance"] == "7/18"
    halves = json.loads(out(capsys, "odds", "--json", "table", "50%", "--target-hp", "4.5"))
    assert [(o["key"], o["p"]) for o in halves["outcomes"]] == [("2.25", "1")]
    # Strength (--mod) does not modify a percentage
    assert "  3      100%  1" in out(capsys, "odds", "table", "25%", "--mod", "2", "--target-hp", "12")


@pytest.mark.parametrize("argv", [["table", "25%"], ["table", "25%", "--ac", "5"]])
def test_f3_percentage_without_target_hp_is_a_clean_error(capsys: pytest.CaptureFixture[str],
                                                          argv: list[str]) -> None:
    assert main(["odds", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "F-3" in captured.err and "--target-hp" in captured.err and "25%" in captured.err


def test_f3_bad_percentages_are_refused_naming_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "table", "x%"]) == 2  # malformed: said first, not "give --target-hp"
    err = capsys.readouterr().err
    assert "F-3" in err and "--target-hp" not in err
    assert main(["odds", "table", "25%", "--target-hp", "-1"]) == 2
    assert "F-3" in capsys.readouterr().err


def test_f3_a_table_is_unchanged_by_target_hp(capsys: pytest.CaptureFixture[str]) -> None:
    plain = out(capsys, "odds", "table", "1-2", "--ac", "8", "--mod", "1")
    assert "5/18" in plain and "4/9" in plain
    assert out(capsys, "odds", "table", "1-2", "--ac", "8", "--mod", "1", "--target-hp", "12") == plain


def test_f3_percentage_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    text = out(capsys, "--lang", "ru", "odds", "table", "25%", "--ac", "5", "--target-hp", "12")
    assert text.startswith("d18 против КД 5, затем урон 25\u00a0% от текущих ОР цели (12): 38,89\u00a0%")
    assert "7/18" in text
    assert main(["--lang", "ru", "odds", "table", "25%"]) == 2
    assert "F-3: урон 25% — процент от текущих ОР цели; укажите их: --target-hp N" in capsys.readouterr().err
