"""Character sheets pasted as forum players write them (issue 32, item 4): read into an entry with
the order language's word forms, every item shown, anything unread marked, never guessed."""

from __future__ import annotations

import pytest

from gmkit.campaign.sheets import label_and_value, phrase, read_text, split


def _read_as(reading: object) -> dict[str, str]:
    return {item.text: [p for p, _ in item.read] for item in reading.items}  # type: ignore[attr-defined]


def test_the_fantasy_sheet_of_the_issue() -> None:
    r = read_text("fantasy", "КД 6, ОР 8, лук 1-1,5-2-2,5", "отряд", name="Тамара")
    assert r.ok and r.unread == []
    assert r.entry == {"kind": "player", "name": "Тамара", "side": "отряд", "ac": 6, "hp": 8,
                       "ranged": {"name": "лук", "damage": "1-1.5-2-2.5"}}


def test_the_dragon_sheet_of_the_issue_marks_what_a_duel_has_no_use_for() -> None:
    r = read_text("dragons", "Ловкость d8, Драться d6…", "всадники", name="Шквал")
    assert _read_as(r) == {"Ловкость d8": [], "Драться d6": ["pilot.fighting"]}
    assert [i.text for i in r.unread] == ["Ловкость d8"]
    assert r.entry["pilot"] == {"fighting": "d6"}
    # what the model still needs is said, in the reader's words, and nothing is added
    problems = r.problems("ru")
    assert any("max_speed" in p and "обязательное поле" in p for p in problems), problems
    assert not r.ok


@pytest.mark.parametrize("label", ["Драка", "Драться", "драки", "ДРАКА"])
def test_a_label_is_found_in_any_of_its_forms(label: str) -> None:
    r = read_text("dragons", f"{label} к8", "всадники", name="Шквал")
    assert r.entry["pilot"] == {"fighting": "d8"}, label


def test_a_whole_sheet_each_rule_set() -> None:
    fantasy = read_text("fantasy", "Имя: Торвальд\nКД 6, ОР 2ЖК+3; Сила +1, Мудрость -1\n"
                                   "меч 1-2-3 яд16ПБ6, когти 0,5-1 • Обаяние 14", "отряд")
    assert fantasy.ok and [i.text for i in fantasy.unread] == ["Обаяние 14"]
    assert fantasy.entry["name"] == "Торвальд" and fantasy.entry["hp"] == "2ЖК+3"
    assert (fantasy.entry["strength"], fantasy.entry["wisdom"]) == (1, -1)
    assert fantasy.entry["melee"] == [{"name": "меч", "damage": "1-2-3", "special": ["яд16ПБ6"]},
                                      {"name": "когти", "damage": "0.5-1"}]
    dragon = read_text("dragons", "Пилот: Кира; Драка d8, Пилотирование к10, Характер d8, "
                                  "Стойкость 9 (2), Скорость 6, Макс. скорость 10, Когти 2к6, "
                                  "Пламя 2d8 60/120/180, Бенни 2", "всадники", name="Шквал")
    assert dragon.ok, dragon.problems("en")
    assert (dragon.entry["toughness"], dragon.entry["armour"], dragon.entry["bennies"]) == (9, 2, 2)
    assert dragon.entry["weapons"][1] == {"name": "Пламя", "kind": "ranged", "damage": "2d8",
                                          "ranges": [60, 120, 180]}
    ship = read_text("space", "Корпус 20, Щиты 10, Защита 6, Урон 2к6+1, маскировка, захват",
                     "флот", name="Буревестник")
    assert ship.ok and ship.entry["damage"] == "2d6+1" and ship.entry["cloak"] is True
    english = read_text("fantasy", "Name: Tamara\nAC 6, HP 9, bow 1-1.5-2-2.5\nDexterity 1", "party")
    assert english.ok and english.entry["dexterity"] == 1 and english.name == "Tamara"


def test_nothing_is_guessed() -> None:
    """A bare number is no damage table; a trait a duel does not use is no weapon; a value that
    does not fit its label is left unread, not bent to fit."""
    r = read_text("fantasy", "Обаяние 14, КД шесть, ОР много, лук 1-два", "отряд", name="Х")
    assert [i.text for i in r.unread] == ["Обаяние 14", "КД шесть", "ОР много", "лук 1-два"]


def test_markup_around_a_sheet_is_read_through() -> None:
    r = read_text("fantasy", "[b]КД[/b] 6, <i>ОР</i> 8", "отряд", name="Х")
    assert (r.entry["ac"], r.entry["hp"]) == (6, 8)


def test_the_table_marks_what_was_not_read() -> None:
    r = read_text("fantasy", "КД 6, Обаяние 14", "отряд", name="Х")
    head, rows = r.rows("ru")
    assert head == ["Написано", "Прочитано как", "Значение"]
    assert rows == [["КД 6", "Класс брони", "6"], ["Обаяние 14", "— не прочитано", ""]]


def test_splitting_keeps_decimal_commas() -> None:
    assert split("лук 1-1,5-2, ОР 8") == ["лук 1-1,5-2", "ОР 8"]
    assert label_and_value("кинжал 0,5-1") == ("кинжал", "0.5-1")
    assert phrase("Очков риска") == phrase("очки риска")
