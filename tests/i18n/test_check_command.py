"""``gmkit check``: a scenario's validity, then, for a Russian fight, the names the grammar cannot
decline, the names whose gender it guessed and the sides with no name, as warnings (issue 27)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from gmkit.cli import main

ROOT = Path(__file__).resolve().parents[2]


def duel(**changes: Any) -> dict[str, Any]:
    """The Firmament duel with Russian names every one of which the grammar knows."""
    data = yaml.safe_load((ROOT / "templates" / "scenarios" / "dragon_duel_firmament.yaml")
                          .read_text(encoding="utf-8"))
    data["language"] = "ru"
    ash, bane = data["dragons"]
    ash.update(name="Гроза")
    ash["pilot"].update(name="Кира", gender="f")
    ash["weapons"] = [{"name": "Пламя", "kind": "ranged", "damage": "2d8", "ranges": [60, 120, 180]},
                      {"name": "Когти", "kind": "melee", "damage": "2d6+1"}]
    bane.update(name="Шквал")
    bane["pilot"].update(name="Вел", gender="m", forms={"gen": "Вела", "dat": "Велу", "acc": "Вела",
                                                        "ins": "Велом", "pre": "Веле"})
    bane["weapons"] = [{"name": "Молния", "kind": "ranged", "damage": "2d10", "ranges": [50, 100, 150]},
                       {"name": "Челюсти", "kind": "melee", "damage": "2d8"}]
    data["side_names"] = {"red": {"name": "Налётчики", "gender": "pl"}, "blue": {"name": "отряд"}}
    for path, value in changes.items():
        where: Any = data
        *head, last = path.split(".")
        for part in head:
            where = where[int(part)] if part.isdigit() else where[part]
        if value is None:
            del where[last]
        else:
            where[last] = value
    return data


def _check(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: dict[str, Any],
           *flags: str) -> tuple[int, str, str]:
    path = tmp_path / "бой.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    code = main([*flags[:2], "check", str(path), *flags[2:]]) if flags[:1] == ("--lang",) else \
        main(["check", str(path), *flags])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_russian_scenario_whose_names_all_read_right(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _check(tmp_path, capsys, duel(), "--lang", "ru", "--strict")
    assert code == 0
    assert out.splitlines() == [
        f"{tmp_path / 'бой.yaml'}: сценарий в порядке (Дуэль драконов, 10 имён)",
        "Все имена прочитаются в русских постах правильно: каждое склоняется, у каждого известен род."]


def test_each_doubt_is_a_warning_in_the_readers_language(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    data = duel(**{"dragons.0.pilot.gender": None, "dragons.1.pilot.forms": None,
                   "side_names": {"red": {"name": "Налётчики", "gender": "pl"}}})
    data["dragons"][0]["pilot"]["name"] = "Мира"
    data["dragons"][1]["pilot"]["name"] = "Ash"
    code, out, _ = _check(tmp_path, capsys, data, "--lang", "ru")
    assert code == 0  # warnings do not stop a fight
    lines = out.splitlines()
    assert lines[1] == "3 предупреждения для русских постов:"
    assert lines[2:] == [
        "  - Мира (пилот): род угадан как женский; если это не так, укажите его (gender: m, f, n или pl)",
        "  - Ash (пилот): склонить это имя не удаётся, и оно останется как есть во всех падежах; чтобы "
        "оно склонялось, укажите его формы (forms:)",
        "  - у стороны «blue» нет своего названия, и в постах её так и будут звать; чтобы назвать её как "
        "группу (например, «отряд» или «Налётчики»), укажите side_names:"]
    code, out, _ = _check(tmp_path, capsys, data, "--strict")
    assert code == 1 and out.splitlines()[1] == "3 warnings for Russian posts:"
    assert "  - Мира (pilot): its gender was guessed as feminine; if that is wrong, give it " \
           "(gender: m, f, n or pl)" in out


def test_an_english_scenario_is_checked_for_names_only_when_asked(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    data = duel(language="en")
    data["dragons"][0]["name"] = "Ash"
    code, out, _ = _check(tmp_path, capsys, data, "--strict")
    assert code == 0 and out.splitlines()[1] == \
        "The fight is not in Russian: its names are not checked (--grammar checks them)."
    code, out, _ = _check(tmp_path, capsys, data, "--grammar", "--strict")
    assert code == 1 and "  - Ash (dragon): the grammar cannot decline it" in out


@pytest.mark.parametrize(("change", "field"), [
    ({"dragons.0.gender": "female"}, "dragons[0].gender"),
    ({"dragons.1.forms": {"gen": " "}}, "dragons[1].forms"),
    ({"dragons.1.forms": {"dative": "Шквалу"}}, "dragons[1].forms.dative"),
    ({"side_names": {"red": {"gender": "pl"}}}, "side_names.red.name"),
])
def test_a_malformed_grammar_field_is_refused_naming_the_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict[str, Any], field: str) -> None:
    code, out, err = _check(tmp_path, capsys, duel(**change), "--lang", "ru")
    assert code == 2 and out == ""
    assert "сценарий не прошёл проверку" in err and f"  - {field}: " in err
