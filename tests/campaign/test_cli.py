"""``gmkit campaign`` on the command line: questions asked and answered, nothing saved on a no,
Russian output in Russian (names aside), JSON for tools, the campaign page."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from gmkit.campaign.store import Campaign
from gmkit.cli import main
from tests.campaign.helpers import play, snapshot
from tests.campaign.road import road
from tests.i18n.test_no_foreign_words import foreign_words

NAMES = ["The north road", "Borin", "Mira", "Hound", "Wolf", "party", "pack", "road.jsonl", "road.gmc",
         "healing potion", "axe", "staff", "spark", "bite", "Tamara"]


@pytest.fixture
def made(tmp_path: Path, capsys: Any) -> Path:
    road(tmp_path)
    assert main(["campaign", "new", str(tmp_path / "road.gmc"), "--from", str(tmp_path / "road.yaml"),
                 "--party", "party"]) == 0
    play(tmp_path / "road.yaml", tmp_path / "road.jsonl")
    capsys.readouterr()
    return tmp_path / "road.gmc"


def _answer(monkeypatch: Any, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def test_apply_asks_the_rest_rule_then_applies_on_yes(made: Path, monkeypatch: Any, capsys: Any) -> None:
    _answer(monkeypatch, "2\nд\n")  # the second answer (a full rest), then yes in Russian
    assert main(["--lang", "ru", "campaign", "apply", str(made), str(made.with_name("road.jsonl"))]) == 0
    out = capsys.readouterr().out
    assert "Отдых после боя" in out and "1: без отдыха" in out and "(по умолчанию)" in out
    assert "Применить эти изменения к кампании «The north road»?" in out
    assert "Бой 1 применён" in out
    assert foreign_words(out, "ru", [str(made.parent), *NAMES]) == [], out
    with Campaign.open(made) as c:
        assert c.fights()[0].choices == {"rest": "full"}


def test_apply_saves_nothing_on_no(made: Path, monkeypatch: Any, capsys: Any) -> None:
    before = snapshot(made)
    _answer(monkeypatch, "\nn\n")
    assert main(["campaign", "apply", str(made), str(made.with_name("road.jsonl"))]) == 1
    assert "Nothing was changed." in capsys.readouterr().out
    assert snapshot(made) == before


def test_a_wrong_answer_is_asked_again(made: Path, monkeypatch: Any, capsys: Any) -> None:
    _answer(monkeypatch, "a nap\n+3\ny\n")
    assert main(["campaign", "apply", str(made), str(made.with_name("road.jsonl"))]) == 0
    out = capsys.readouterr().out
    assert "a nap is not one of its values" in out
    with Campaign.open(made) as c:
        assert c.fights()[0].choices == {"rest": 3}


def test_a_refusal_is_one_line_in_the_readers_language(made: Path, capsys: Any) -> None:
    journal = str(made.with_name("road.jsonl"))
    assert main(["campaign", "apply", str(made), journal, "--yes"]) == 0
    capsys.readouterr()
    assert main(["--lang", "ru", "campaign", "apply", str(made), journal, "--yes"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gmkit campaign: ") and "уже применён как бой 1" in err
    assert foreign_words(err[len("gmkit campaign: "):], "ru", [journal, *NAMES]) == [], err


def test_show_in_words_and_as_json(made: Path, capsys: Any) -> None:
    assert main(["campaign", "apply", str(made), str(made.with_name("road.jsonl")), "--yes"]) == 0
    capsys.readouterr()
    assert main(["--lang", "ru", "campaign", "show", str(made)]) == 0
    out = capsys.readouterr().out
    assert "применено боёв: 1" in out and "Уровень" in out and "Очки" in out
    assert foreign_words(out, "ru", NAMES) == [], out
    assert main(["campaign", "show", str(made), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    borin = next(m for m in data["members"] if m["name"] == "Borin")
    assert {"level", "points", "state"} <= set(borin) and borin["state"] in ("alive", "dead")
    assert [f["number"] for f in data["fights"]] == [1]


def test_edit_is_checked_by_the_rules(made: Path, capsys: Any) -> None:
    before = snapshot(made)
    assert main(["--lang", "ru", "campaign", "edit", str(made), "Mira", "ac=200"]) == 2
    err = capsys.readouterr().err
    assert "roster.Mira.ac" in err and snapshot(made) == before
    assert main(["campaign", "edit", str(made), "Mira", "wisdom=3", "pilot"]) == 2
    assert "write it as NAME=VALUE" in capsys.readouterr().err
    assert main(["campaign", "edit", str(made), "Mira", "wisdom=3"]) == 0
    with Campaign.open(made) as c:
        assert c.member("Mira").entry["wisdom"] == 3  # type: ignore[union-attr]
        assert c.history()[-1].source == "edit"


def test_a_sheet_joins_only_when_the_gm_says_yes(made: Path, monkeypatch: Any, capsys: Any) -> None:
    sheet = made.with_name("tamara.txt")
    sheet.write_text("Имя: Тамара\nКД 6, ОР 9, лук 1-1,5-2-2,5, Обаяние 14", encoding="utf-8")
    _answer(monkeypatch, "н\n")
    assert main(["--lang", "ru", "campaign", "sheet", str(made), str(sheet)]) == 1
    out = capsys.readouterr().out
    assert "Обаяние 14" in out and "— не прочитано" in out and "не прочитано: 1" in out
    with Campaign.open(made) as c:
        assert c.member("Тамара") is None
    _answer(monkeypatch, "д\n")
    assert main(["--lang", "ru", "campaign", "sheet", str(made), str(sheet)]) == 0
    assert "Тамара вступила в отряд." in capsys.readouterr().out
    with Campaign.open(made) as c:
        tamara = c.member("Тамара")
        assert tamara is not None and tamara.entry["side"] == "party"
        assert c.history()[-1].source == "sheet"


def test_a_sheet_that_cannot_join_says_what_is_missing(made: Path, capsys: Any) -> None:
    sheet = made.with_name("half.txt")
    sheet.write_text("Имя: Тамара\nКД 6", encoding="utf-8")
    assert main(["--lang", "ru", "campaign", "sheet", str(made), str(sheet), "--yes"]) == 2
    out = capsys.readouterr().out
    assert "пока не может вступить в отряд" in out and "hp: обязательное поле не указано" in out


def test_the_next_fight_and_the_page(made: Path, capsys: Any) -> None:
    journal = str(made.with_name("road.jsonl"))
    assert main(["campaign", "apply", str(made), journal, "--yes"]) == 0
    out = made.with_name("fight-2.yaml")
    assert main(["--lang", "ru", "campaign", "fight", str(made), "-o", str(out), "--enemy", "Wolf ×2",
                 "--set", "options.variant=2"]) == 0
    said = capsys.readouterr().out
    assert re.search(r"Borin, Mira и Hound против Wolf 1 и Wolf 2", said), said
    assert main(["campaign", "report", str(made), "--view", "player"]) == 0
    page = made.with_suffix(".html").read_text(encoding="utf-8")
    assert "<script" not in page and "gmkit-chart" in page and "History" not in page
    assert main(["campaign", "report", str(made), "-o", str(made.with_name("gm.html"))]) == 0
    assert "History of changes" in made.with_name("gm.html").read_text(encoding="utf-8")
    assert main(["--lang", "ru", "campaign", "history", str(made), "--last", "3"]) == 0
    assert "применение боя" in capsys.readouterr().out


def test_undo_on_the_command_line(made: Path, capsys: Any) -> None:
    assert main(["campaign", "apply", str(made), str(made.with_name("road.jsonl")), "--yes"]) == 0
    assert main(["--lang", "ru", "campaign", "undo", str(made)]) == 0
    assert "Бой 1 («The north road») отменён" in capsys.readouterr().out
    assert main(["campaign", "undo", str(made)]) == 2
    assert "nothing to undo" in capsys.readouterr().err


def test_an_empty_campaign_fills_from_a_scenario_all_or_nothing(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "empty.gmc"
    assert main(["campaign", "new", str(path)]) == 2  # the rule set, or a scenario, is needed
    assert "--system" in capsys.readouterr().err
    assert main(["campaign", "new", str(path), "--system", "fantasy"]) == 0
    road(tmp_path)
    assert main(["--lang", "ru", "campaign", "add", str(path), str(tmp_path / "road.yaml")]) == 0
    assert "в отряд — Borin, Mira и Hound; в бестиарий — Wolf" in capsys.readouterr().out
    before = snapshot(path)
    assert main(["campaign", "add", str(path), str(tmp_path / "road.yaml")]) == 2
    assert "Borin is in the campaign already" in capsys.readouterr().err and snapshot(path) == before
    with Campaign.open(path) as c:
        assert [m.name for m in c.members()] == ["Borin", "Mira", "Hound"]
        assert [b.name for b in c.bestiary()] == ["Wolf"]
