"""A scenario that does not validate is told to the GM in Russian too (Russian first).

Each rule set's small valid scenario is broken one field at a time, and the problem it gives is
compared with the exact English (``str()``, unchanged) and the exact Russian (``message("ru")``),
both written out here by hand. Every catalogue key the validators use has both languages; no
Russian problem of these broken scenarios holds an English word that is not the file's own
(a field name, a value it holds, a name); Russian plurals and numbers follow CLDR.
"""

from __future__ import annotations

import ast
import copy
import pickle
import re
import string
from pathlib import Path
from typing import Any, get_args

import pytest
from pydantic import BaseModel

from gmkit.errors import Problem, ScenarioError
from gmkit.i18n import catalogue, format_message
from gmkit.scenario import load_scenario, validate_scenario
from gmkit.systems import get, names
from tests.i18n.test_no_foreign_words import foreign_words

ROOT = Path(__file__).resolve().parents[2]
HEADER_RU = "<scenario>: сценарий не прошёл проверку"
HEADER_EN = "<scenario>: scenario is not valid"

DRAGONS: dict[str, Any] = {
    "system": "dragons", "name": "Duel",
    "dragons": [
        {"name": "Ash", "side": "red", "max_speed": 10, "toughness": 9, "speed": 6,
         "pilot": {"fighting": "d8", "piloting": "d10", "spirit": "d8"},
         "weapons": [{"name": "Flame", "kind": "ranged", "damage": "2d8", "ranges": [60, 120, 180]},
                     {"name": "Claws", "kind": "melee", "damage": "2d6"}]},
        {"name": "Bane", "side": "blue", "max_speed": 9, "toughness": 9, "speed": 4,
         "weapons": [{"name": "Jaws", "kind": "melee", "damage": "2d8"}]},
    ],
}
SPACE: dict[str, Any] = {
    "system": "space", "name": "Raid",
    "grid": {"width": 10, "height": 8, "station": [[5, 4]]},
    "ships": [
        {"name": "Raider", "side": "raiders", "cell": [1, 1], "hull": 14, "defence": 6, "damage": "2d6"},
        {"name": "Cruiser", "side": "navy", "kind": "heavy", "size": 3, "cell": [2, 6], "hull": 30,
         "defence": 5, "damage": "2d6+2"},
    ],
}
FANTASY: dict[str, Any] = {
    "system": "fantasy", "name": "Road",
    "combatants": [
        {"name": "Borin", "side": "party", "kind": "player", "hp": "2ЖК+6", "ac": 5,
         "melee": {"name": "axe", "damage": "1-2-3"}},
        {"name": "Hound", "side": "party", "kind": "pet", "owner": "Borin", "hp": 5, "ac": 7},
        {"name": "Wolf", "side": "pack", "hp": 6, "ac": 7, "melee": {"name": "bite", "damage": "1-2"}},
    ],
}
BASES = {"dragons": DRAGONS, "space": SPACE, "fantasy": FANTASY}
DELETE = object()


def broken(system: str, patches: dict[str, Any]) -> dict[str, Any]:
    """The rule set's small valid scenario with each field path (``dragons.0.speed``) set to its
    value (:data:`DELETE` removes it; a last part ``+`` appends to a list)."""
    data = copy.deepcopy(BASES[system])
    for path, value in patches.items():
        *parents, last = path.split(".")
        here: Any = data
        for part in parents:
            here = here[int(part)] if isinstance(here, list) else here[part]
        if last == "+":
            here.append(value)
            continue
        key: Any = int(last) if isinstance(here, list) else last
        if value is DELETE:
            del here[key]
        else:
            here[key] = value
    return data


TOP = "(top level)"
NBSP = "\xa0"
# (rule set, patches, field, English text, Russian text): the scenario's first problem
CASES: list[tuple[str, dict[str, Any], str, str, str]] = [
    # pydantic's own checks, worded by the catalogue
    ("dragons", {"dragons.0.speed": 150}, "dragons[0].speed",
     "Input should be less than or equal to 100; got 150", "нужно не больше 100, а указано 150"),
    ("dragons", {"dragons.0.speed": 0}, "dragons[0].speed",
     "Input should be greater than or equal to 1; got 0", "нужно не меньше 1, а указано 0"),
    ("dragons", {"dragons.0.max_speed": DELETE}, "dragons[0].max_speed",
     "required field is missing", "обязательное поле не указано"),
    ("dragons", {"dragons.0.wings": 2}, "dragons[0].wings",
     "unknown field (misspelt?)", "неизвестное поле (опечатка?)"),
    ("dragons", {"dragons.0.speed": 6.5}, "dragons[0].speed",
     "Input should be a valid integer, got a number with a fractional part; got 6.5",
     "нужно целое число, без дробной части, а указано 6,5"),
    ("dragons", {"dragons.0.speed": "fast"}, "dragons[0].speed",
     "Input should be a valid integer, unable to parse string as an integer; got 'fast'",
     "нужно целое число, а указано «fast»"),
    ("dragons", {"dragons.0.wild_card": "maybe"}, "dragons[0].wild_card",
     "Input should be a valid boolean, unable to interpret input; got 'maybe'",
     "нужно true или false, а указано «maybe»"),
    ("dragons", {"battlefield": "sky"}, "battlefield",
     "Input should be 'blue' or 'firmament'; got 'sky'",
     "нужно одно из значений: «blue» или «firmament», а указано «sky»"),
    ("dragons", {"dragons": []}, "dragons",
     "List should have at least 2 items after validation, not 0; got []",
     "нужно не меньше 2 элементов, а указано 0"),
    ("dragons", {"dragons.0.name": ""}, "dragons[0].name",
     "String should have at least 1 character; got ''", "не может быть пустым"),
    ("space", {"grid.width": 2}, "grid.width",
     "Input should be greater than or equal to 3; got 2", "нужно не меньше 3, а указано 2"),
    ("space", {"location": "moon"}, "location",
     "Input should be 'space', 'orbit' or 'dock'; got 'moon'",
     "нужно одно из значений: «space», «orbit» или «dock», а указано «moon»"),
    ("space", {"options": {"departure_window_minutes": 0}}, "options.departure_window_minutes",
     "Input should be greater than 0; got 0", "нужно больше 0, а указано 0"),
    ("fantasy", {"combatants.0.kind": "hero"}, "combatants[0].kind",
     "Input should be 'player', 'companion', 'pet', 'mount' or 'monster'; got 'hero'",
     "нужно одно из значений: «player», «companion», «pet», «mount» или «monster», а указано «hero»"),
    # dragons (D, C)
    ("dragons", {"dragons.0.pilot.fighting": "d8+50"}, "dragons[0].pilot.fighting",
     "Value error, C-3: a trait die's bonus lies within -20..+20, got +50; got 'd8+50'",
     "C-3: модификатор куба должен быть от −20 до +20, а указано +50"),
    ("dragons", {"dragons.0.weapons.0.damage": "2d1"}, "dragons[0].weapons[0].damage",
     "Value error, C-4: damage dice have 2 to 100 sides (they ace), got d1; got '2d1'",
     "C-4: у кубов урона от 2 до 100 граней (они взрываются), а указано d1"),
    ("dragons", {"dragons.0.weapons.0.damage": "30d6"}, "dragons[0].weapons[0].damage",
     "Value error, C-4: at most 20 damage dice, got 30; got '30d6'",
     "C-4: кубов урона не больше 20, а указано 30"),
    ("dragons", {"dragons.0.weapons.0.damage": "2d6-1d4"}, "dragons[0].weapons[0].damage",
     "Value error, C-4: damage is a sum of dice and a number, like '2d8+1'; got '2d6-1d4'; got '2d6-1d4'",
     "C-4: урон\u00a0— это сумма кубов и числа, вроде 2d8+1, а указано «2d6-1d4»"),
    ("dragons", {"dragons.0.armour": 9}, "dragons[0]",
     "Value error, D-7: armour 9 is part of toughness 9 and must be below it; got {'name': 'Ash', "
     "'side': 'red', 'max_speed': 10, 'toughnes...",
     "D-7: броня 9 входит в Стойкость 9 и должна быть меньше неё"),
    ("dragons", {"dragons.0.wild_card": False, "dragons.0.bennies": 2}, "dragons[0]",
     "Value error, D-7: an Extra has no Bennies of its own (SWADE), got 2; the GM's pool "
     "(options.gm_bennies) serves GM characters; got {'name': 'Ash', 'side': 'red', 'max_speed': 10, "
     "'toughnes...",
     "D-7: у статиста нет собственных фишек, а указано 2; персонажам мастера служат фишки мастера "
     "(options.gm_bennies)"),
    ("dragons", {"dragons.0.speed": 12}, "dragons[0]",
     "Value error, starting speed 12 is above max_speed 10; got {'name': 'Ash', 'side': 'red', "
     "'max_speed': 10, 'toughnes...",
     "начальная Скорость 12 больше максимальной (max_speed 10)"),
    ("dragons", {"dragons.1.name": "GM"}, TOP,
     "Value error, a dragon may not be named 'GM': the GM submits the round's rulings under that "
     "name (D-3); got {'system': 'dragons', 'name': 'Duel', 'dragons': [{'name'...",
     "дракона нельзя назвать «GM»: под этим именем мастер отдаёт решения раунда (D-3)"),
    ("dragons", {"dragons.1.name": "Ash"}, TOP,  # the roster check every rule set shares (gmkit.roster)
     "Value error, dragon names must be unique; repeated: Ash; got {'system': 'dragons', 'name': 'Duel', "
     "'dragons': [{'name'...",
     "имена драконов не должны повторяться; повторяются: Ash"),
    ("dragons", {"dragons.1.side": "red"}, TOP,
     "Value error, a duel needs at least two sides; got {'system': 'dragons', 'name': 'Duel', "
     "'dragons': [{'name'...",
     "для дуэли нужны хотя бы две стороны"),
    ("dragons", {"options": {"range_penalties": [0, -2, -40]}}, "options.range_penalties",
     "Value error, D-5: range penalties lie within -20..0, got [0, -2, -40]; got [0, -2, -40]",
     "D-5: штрафы за дистанцию должны быть от −20 до 0, а указано [0, -2, -40]"),
    ("dragons", {"dragons.0.weapons.1.ranges": [1, 2, 3]}, "dragons[0].weapons[1]",
     "Value error, a melee weapon has no ranges (melee needs the same Height, D-5); got {'name': "
     "'Claws', 'kind': 'melee', 'damage': '2d6', 'rang...",
     "у оружия ближнего боя нет дистанций ranges (для ближнего боя нужна та же Высота, D-5)"),
    # space (S)
    ("space", {"ships.0.damage": "30d6"}, "ships[0].damage",
     "Value error, S-8: a ship's damage rolls at most 20 dice, '30d6' rolls 30; got '30d6'",
     "S-8: на урон корабля бросают не больше 20 кубов, а в «30d6» их 30"),
    ("space", {"ships.0.damage": "d200"}, "ships[0].damage",
     "Value error, S-8: a damage die has at most 100 sides, 'd200' has a d200; got 'd200'",
     "S-8: у куба урона не больше 100 граней, а в «d200» есть d200"),
    ("space", {"ships.0.damage": "2d6+5000"}, "ships[0].damage",
     "Value error, S-8: the number added to a ship's damage is at most 1000 either way, '2d6+5000' "
     "adds 5000; got '2d6+5000'",
     f"S-8: число, прибавляемое к урону корабля,{NBSP}— не больше 1{NBSP}000 в обе стороны, а «2d6+5000» "
     f"прибавляет 5000"),
    ("space", {"ships.0.damage": []}, "ships[0].damage",
     "Value error, S-8: a face list holds 1 to 100 values, not 0; got []",
     "S-8: в списке граней от 1 до 100 значений, а указано 0"),
    ("space", {"ships.0.size": 2}, "ships[0]",
     "Value error, S-2: a light ship takes one cell, Raider has size 2; got {'name': 'Raider', "
     "'side': 'raiders', 'cell': [1, 1], 'hu...",
     "S-2: лёгкий корабль занимает одну клетку, а у Raider размер 2"),
    ("space", {"ships.0.cloaked": True}, "ships[0]",
     "Value error, S-10: Raider starts cloaked but has no cloaking device (cloak: true); got "
     "{'name': 'Raider', 'side': 'raiders', 'cell': [1, 1], 'hu...",
     "S-10: Raider начинает бой под маскировкой, но у него нет маскировочного устройства (cloak: true)"),
    ("space", {"ships.0.damaged": ["plating"], "ships.0.disabled": ["plating", "crew"]}, "ships[0]",
     "Value error, S-8: Raider lists plating as both damaged and disabled; got {'name': 'Raider', "
     "'side': 'raiders', 'cell': [1, 1], 'hu...",
     "S-8: у Raider одни и те же системы указаны и повреждёнными, и выведенными из строя: обшивка"),
    ("space", {"ships.0.cell": [5, 4]}, TOP,
     "Value error, S-2: Raider and station both take cell (5, 4); got {'system': 'space', 'name': "
     "'Raid', 'grid': {'width': 10,...",
     "S-2: Raider и станция занимают одну и ту же клетку (5, 4)"),
    ("space", {"grid.station": [[20, 4]]}, TOP,
     "Value error, S-1: station cell (20, 4) is off the 10×8 map; got {'system': 'space', 'name': "
     "'Raid', 'grid': {'width': 10,...",
     "S-1: клетка станции (20, 4) лежит за краем карты 10×8"),
    ("space", {"ships.0.departing": True, "ships.1.departing": True}, TOP,
     "Value error, S-12: one ship leaves the station at a time; departing: Raider and Cruiser; got "
     "{'system': 'space', 'name': 'Raid', 'grid': {'width': 10,...",
     "S-12: со станции улетает только один корабль за раз, а улетают: Raider и Cruiser"),
    ("space", {"ships.1.name": "Raider"}, TOP,
     "Value error, ship names must be unique: Raider; got {'system': 'space', 'name': 'Raid', 'grid': "
     "{'width': 10,...",
     "названия кораблей не должны повторяться: Raider"),
    ("space", {"ships.1.name": "GM"}, TOP,
     "Value error, 'GM' is reserved for the game master's orders; rename that ship; got {'system': "
     "'space', 'name': 'Raid', 'grid': {'width': 10,...",
     "имя «GM» занято под приказы ведущего; переименуйте этот корабль"),
    # fantasy (F, C-6)
    ("fantasy", {"combatants.0.hp": 0}, "combatants[0].hp",
     "Value error, F-1: hit points above 0 (0 is dead) and at most 1000000, got 0; got 0",
     f"F-1: очков риска должно быть больше 0 (при 0 боец погибает) и не больше 1{NBSP}000{NBSP}000, "
     f"а указано 0"),
    ("fantasy", {"combatants.2.escape": [1, 7]}, "combatants[2].escape",
     "Value error, F-10: escape numbers are d6 faces 1..6, got 7; got [1, 7]",
     "F-10: числа убегания — это грани d6, от 1 до 6, а указано 7"),
    ("fantasy", {"combatants.2.morale": 20}, "combatants[2].morale",
     "Value error, F-9: morale is rolled on d18, so 1..18; got 20 (leave it out for an enemy that "
     "never flees); got 20",
     "F-9: мораль бросается на d18, поэтому она от 1 до 18, а указано 20 (для противника, который "
     "никогда не бежит, её не указывают)"),
    ("fantasy", {"combatants.0.ac": None, "combatants.0.dexterity": -18}, "combatants[0]",
     "Value error, dexterity: F-2: with no ac given, AC is 8 plus Dexterity = -10, better than the "
     "best, -5; got {'name': 'Borin', 'side': 'party', 'kind': 'player', 'hp'...",
     "dexterity: F-2: когда ac не указан, класс доспеха равен 8 плюс Ловкость = \u221210, а это лучше "
     "наилучшего (\u22125)"),
    ("fantasy", {"combatants.1.owner": DELETE}, TOP,
     "Value error, Hound: a pet needs an owner (F-6); got {'system': 'fantasy', 'name': 'Road', "
     "'combatants': [{'na...",
     "Hound: у животного должен быть хозяин (F-6)"),
    ("fantasy", {"combatants.1.owner": "Nobody"}, TOP,
     "Value error, Hound.owner: no combatant named 'Nobody'; got {'system': 'fantasy', 'name': "
     "'Road', 'combatants': [{'na...",
     "Hound.owner: нет бойца с именем «Nobody»"),
    ("fantasy", {"combatants.2.name": "Borin"}, TOP,
     "Value error, combatant names must be unique: 'Borin' appears twice; got {'system': 'fantasy', "
     "'name': 'Road', 'combatants': [{'na...",
     "имена бойцов не должны повторяться: «Borin» встречается дважды"),
    ("fantasy", {"combatants.2.name": "GM"}, TOP,
     "Value error, a combatant may not be named 'GM': the record tells the phases, turns and outcome "
     "of the fight under that name; got {'system': 'fantasy', 'name': 'Road', 'combatants': [{'na...",
     "бойца нельзя назвать «GM»: под этим именем запись ведёт фазы, ходы и исход боя"),
    ("fantasy", {"sides": ["party"]}, TOP,
     "Value error, sides: 'pack' is not listed in sides ['party']; got {'system': 'fantasy', "
     "'name': 'Road', 'combatants': [{'na...",
     "sides: стороны «pack» нет в списке сторон («party»)"),
    ("fantasy", {"options": {"first": "elves"}}, TOP,
     "Value error, options.first: no side named 'elves'; sides are ['party', 'pack']; got "
     "{'system': 'fantasy', 'name': 'Road', 'combatants': [{'na...",
     "options.first: нет стороны «elves»; стороны: «party» и «pack»"),
    ("fantasy", {"combatants.+": {"name": "Pony", "side": "party", "kind": "mount", "rider": "Hound",
                                  "hp": 4}}, TOP,
     "Value error, Pony.rider: a pet cannot ride; got {'system': 'fantasy', 'name': 'Road', "
     "'combatants': [{'na...",
     "Pony.rider: животное не может быть всадником"),
    ("fantasy", {"effects": {"poison": {}, "яд": {}}}, "effects",
     "Value error, F-4: the effect of 'poison' is given twice (as 'яд' too); got {'poison': {}, 'яд': {}}",
     "F-4: действие «poison» указано дважды (ещё и как «яд»)"),
    ("fantasy", {"combatants.2.items": [{"name": "p", "heal": "50%"}]}, "combatants[2].items[0].heal",
     "Value error, C-6: a table of values like '1-2-3' is needed here, got '50%'; got '50%'",
     "C-6: здесь нужна таблица значений вроде 1-2-3, а указано «50%»"),
]


def _error(system: str, patches: dict[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as e:
        validate_scenario(broken(system, patches))
    return e.value


def _case_id(case: tuple[str, dict[str, Any], str, str, str]) -> str:
    return f"{case[0]}-{'+'.join(case[1])}"


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_each_problem_in_english_and_in_russian(case: tuple[str, dict[str, Any], str, str, str]) -> None:
    system, patches, field, en, ru = case
    err = _error(system, patches)
    assert err.problems[0] == (field, en)  # str() and the problems stay English
    assert str(err).split("\n")[:2] == [HEADER_EN, f"  - {field}: {en}"]
    assert err.message("en") == str(err)
    where = "(весь сценарий)" if field == TOP else field
    assert err.message("ru").split("\n")[:2] == [HEADER_RU, f"  - {where}: {ru}"]


@pytest.mark.parametrize("patch, ru", [
    ({"dragons.0.pilot.fighting": "d7"}, "C-3: нужен куб вроде d8 или d12+1, а указано «d7»"),
    ({"dragons.0.weapons.0.damage": "zz"}, "нужны кубы урона вроде 2d8, а указано «zz»"),
    ({"dragons.0.pilot.fighting": 1.5}, "нужен куб вроде d8 или d12+1, а указано 1,5"),
])
def test_a_dice_parsers_words_are_summarised_in_russian(patch: dict[str, Any], ru: str) -> None:
    """The dice parser's own English (kept in ``str()``, with its caret) becomes the Russian
    summary of what is expected, with the rule id the parser cited."""
    err = _error("dragons", patch)
    assert err.message("ru").split("\n")[1].endswith(f": {ru}")
    assert "C-3" in str(err) or "C-3" not in ru


@pytest.mark.parametrize("system, patch, ru", [
    ("space", {"ships.0.damage": "zz"}, "S-8: это не запись кубов: «zz»"),
    ("fantasy", {"combatants.0.hp": "2ЖК+"}, "F-1: нужны жизненные кубики вроде 2ЖК+3, а указано «2ЖК+»"),
    ("fantasy", {"combatants.0.melee": {"name": "axe", "damage": "1-x"}},
     "C-6: нужно выбивание вроде 1-2-3 или 50%, а указано «1-x»"),
    ("fantasy", {"combatants.0.melee": {"name": "axe", "damage": "1-2", "special": ["ядX"]}},
     "нужна особая атака вроде яд16ПБ6, а указано «ядX»"),
])
def test_notation_faults_in_russian(system: str, patch: dict[str, Any], ru: str) -> None:
    err = _error(system, patch)
    assert err.message("ru").split("\n")[1].endswith(ru)
    rule = re.match(r"[A-Z]-\d+", ru)
    if rule:  # the rule id the English gave is the one the Russian gives
        assert rule[0] in str(err)


def test_the_reading_limits_in_russian(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as e:
        load_scenario(tmp_path / "nowhere.yaml")
    assert e.value.message("ru") == f"{tmp_path / 'nowhere.yaml'}: сценарий не прошёл проверку\n" \
                                    f"  - (файл): такого файла нет"
    dup = tmp_path / "dup.yaml"
    dup.write_text("system: dragons\nname: a\nname: b\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(dup)
    assert "line 3, column 1: not valid YAML: the key 'name' is given twice (first at line 2)" in str(e.value)
    assert e.value.message("ru").endswith(
        "  - строка 3, столбец 1: ошибка в YAML: ключ «name» указан дважды (первый раз в строке 2)")
    utf16 = tmp_path / "utf16.yaml"
    utf16.write_bytes("system: dragons\n".encode("utf-16"))
    with pytest.raises(ScenarioError) as e:
        load_scenario(utf16)
    assert e.value.message("ru").endswith("  - (файл): файл в кодировке UTF-16; сохраните его в UTF-8")
    with pytest.raises(ScenarioError) as e:
        validate_scenario(["system", "dragons"])
    assert e.value.message("ru").endswith(
        "  - (весь сценарий): нужен набор полей вида «имя: значение», а здесь список")
    with pytest.raises(ScenarioError) as e:
        validate_scenario({"system": "dragonz", "name": "x"})
    assert e.value.message("ru").endswith(
        f"  - system: нужно одно из значений: {', '.join(names())}, а указано «dragonz»")


@pytest.mark.parametrize("n, ru", [(1, "1 элемента"), (2, "2 элементов"), (5, "5 элементов"),
                                   (21, "21 элемента")])
def test_plurals_after_a_comparison(n: int, ru: str) -> None:
    """"не меньше" takes the genitive: 1 and 21 a singular one, the others a plural one."""
    text = format_message("scenario.value.too_short", "ru", min_length=n, actual_length=0)
    assert text == f"нужно не меньше {ru}, а указано 0"


@pytest.mark.parametrize("n, ru, en", [
    (1, "1 байт, а сценарий может занимать не больше 5 байт", "1 bytes; a scenario is at most 5"),
    (2, "2 байта, а сценарий может занимать не больше 5 байт", "2 bytes; a scenario is at most 5"),
    (5, "5 байт, а сценарий может занимать не больше 5 байт", "5 bytes; a scenario is at most 5"),
    (2_000_001, f"2{NBSP}000{NBSP}001 байт, а сценарий может занимать не больше 5 байт",
     "2000001 bytes; a scenario is at most 5"),
])
def test_plurals_and_number_format_of_the_size_limit(n: int, ru: str, en: str) -> None:
    assert Problem("(file)", key="scenario.file.too_big", size=n, max=5).text("ru") == ru
    assert Problem("(file)", key="scenario.file.too_big", size=n, max=5).text("en") == en


def test_nesting_plural_forms() -> None:
    got = [format_message("scenario.file.too_deep", "ru", n=n) for n in (1, 3, 64)]
    assert got == ["вложенность глубже 1 уровня", "вложенность глубже 3 уровней",
                   "вложенность глубже 64 уровней"]


# --- every key the validators use, in both languages ----------------------------------------------

SOURCES = ["gmkit/scenario.py", "gmkit/safe_yaml.py", "gmkit/errors.py", "gmkit/report/rundata.py",
           "gmkit/report/planned.py",
           "gmkit/fantasy/bounds.py",
           "gmkit/fantasy/specs.py",
           *(f"gmkit/{name}/scenario.py" for name in ("dragons", "space", "fantasy"))]
KEY = re.compile(r"^(?:scenario|dragons\.scenario|space\.scenario|fantasy\.scenario)\.[\w.]*\w$")


def _used_keys() -> set[str]:
    """Every literal message key in the scenario code, the keys pydantic's error types map to, and
    those built from a known list (an f-string)."""
    from gmkit import scenario

    keys: set[str] = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY.match(node.value):
                keys.add(node.value)
    keys |= {f"scenario.value.{k}" for k in scenario._KEYS.values()}
    keys |= {f"scenario.file.guess.{g}" for g in ("utf16", "codepage", "not_text")}
    keys |= {f"scenario.type.{t}" for t in ("list", "str", "int", "float", "bool", "NoneType", "other")}
    keys |= {f"fantasy.scenario.kind.{k}" for k in ("mount", "pet")}
    return keys


def test_every_key_the_validators_use_has_russian_and_english() -> None:
    cat = catalogue()
    used = _used_keys()
    assert len(used) > 100  # the walk found the keys (a broken walk would pass on nothing)
    missing = sorted(k for k in used if k not in cat)
    assert not missing, f"keys not in the catalogue: {missing}"
    empty = sorted(k for k in used for lang in ("ru", "en") if not cat[k].get(lang, "").strip())
    assert not empty
    fields = {k: ({n for _, n, _, _ in string.Formatter().parse(cat[k]["en"]) if n},
                  {n for _, n, _, _ in string.Formatter().parse(cat[k]["ru"]) if n}) for k in used}
    assert not [k for k, (en, ru) in fields.items() if en != ru]


def test_no_scenario_key_is_left_unused() -> None:
    prefixes = ("scenario.", "dragons.scenario.", "space.scenario.", "fantasy.scenario.")
    unused = sorted(k for k in catalogue() if k.startswith(prefixes) and k not in _used_keys())
    assert not unused


def test_no_validator_raises_a_plain_value_error() -> None:
    """A rule set's scenario check raises a FieldProblem (a key and its params), not English words
    alone: read from the source, so a new check without a key fails here."""
    plain = []
    paths = [ROOT / "gmkit" / name / "scenario.py" for name in ("dragons", "space", "fantasy")]
    for path in [*paths, ROOT / "gmkit" / "fantasy" / "specs.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
                    and getattr(node.exc.func, "id", None) == "ValueError"):
                plain.append(f"{path.name}:{node.lineno}")
    assert not plain


def test_the_check_for_plain_value_errors_can_fail() -> None:
    node = ast.parse('raise ValueError(f"F-1: bad {x}")').body[0]
    assert isinstance(node, ast.Raise) and getattr(node.exc.func, "id", None) == "ValueError"  # type: ignore[union-attr]


# --- no English words reach a Russian reader ------------------------------------------------------

YAML_WORDS = {"true", "false", "null"}
"""YAML's own words, typed into the file as they are."""


def _field_names() -> set[str]:
    """Every field name of every rule set's scenario model (nested models and lists included): the
    file's own words, which a Russian problem names as the GM must type them."""
    out: set[str] = set()
    seen: set[type] = set()

    def walk(model: type[BaseModel]) -> None:
        if model in seen:
            return
        seen.add(model)
        for fname, info in model.model_fields.items():
            out.add(fname)
            stack: list[Any] = [info.annotation]
            while stack:
                t = stack.pop()
                if isinstance(t, type) and issubclass(t, BaseModel):
                    walk(t)
                stack.extend(get_args(t))

    for name in names():
        walk(get(name).scenario_model)
    return out


def _file_words(data: Any) -> set[str]:
    """Every text of the (broken) scenario: names and values the file holds."""
    out: set[str] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            out.add(str(k))
            out |= _file_words(v)
    elif isinstance(data, list):
        for v in data:
            out |= _file_words(v)
    elif isinstance(data, str):
        out.add(data)
    return out


def russian_faults(err: ScenarioError, data: Any) -> list[str]:
    """The English words of each Russian problem that are not the file's: its field path, the
    values it holds or must hold (in «»), its field names, YAML's words and dice."""
    allowed = _field_names() | YAML_WORDS
    names_ = sorted(_file_words(data), key=len, reverse=True)
    faults = []
    for line in err.message("ru").split("\n")[1:]:
        text = line.split(": ", 1)[1]  # the field path is the file's own
        text = re.sub(r"«[^»]*»", " ", text)
        words = [w for w in foreign_words(text, "ru", names_) if w not in allowed]
        words += re.findall(r"\d\.\d", text)  # a decimal point is a comma in Russian
        faults += [f"{w!r} in {line!r}" for w in words]
    return faults


def test_no_problem_reaches_a_russian_reader_with_english_words() -> None:
    faults = []
    for system, patches, *_ in CASES:
        data = broken(system, patches)
        with pytest.raises(ScenarioError) as e:
            validate_scenario(data)
        faults += russian_faults(e.value, data)
    assert not faults, "\n".join(faults)


def test_the_english_words_check_can_fail() -> None:
    err = ScenarioError("<scenario>", [Problem("speed", "too fast")])
    assert russian_faults(err, {}) == ["'too' in '  - speed: too fast'", "'fast' in '  - speed: too fast'"]
    err = ScenarioError("<scenario>", [Problem("speed", key="scenario.value.float", input_value=1.5)])
    assert russian_faults(err, {}) == []


# --- where a GM meets it ----------------------------------------------------------------------------


def test_a_scenario_error_crosses_processes_with_its_words() -> None:
    err = _error("dragons", {"dragons.0.speed": 150})
    back = pickle.loads(pickle.dumps(err))
    assert str(back) == str(err) and back.message("ru") == err.message("ru")
    assert back.problems == err.problems


def test_a_run_tells_a_bad_scenario_in_its_language() -> None:
    from gmkit.report.rundata import play

    with pytest.raises(ScenarioError) as e:
        play(broken("dragons", {"dragons.0.speed": 150}), language="ru")
    assert str(e.value).startswith(HEADER_EN)  # the message stays English
    assert e.value.__notes__ == [e.value.message("ru")]  # the traceback shows the Russian under it
    with pytest.raises(ScenarioError) as e:
        play(broken("dragons", {"dragons.0.speed": 150}), language="en")
    assert not getattr(e.value, "__notes__", [])


def test_an_unreadable_orders_file_is_told_in_russian(tmp_path: Path) -> None:
    from gmkit.report.rundata import OrdersError, load_orders

    bad = tmp_path / "orders.yaml"
    bad.write_text("rounds: {1: [\n", encoding="utf-8")
    with pytest.raises(OrdersError) as e:
        load_orders(bad, {}, ["Ash"])
    assert str(e.value).startswith(f"{bad}: orders file is not valid")
    ru = e.value.message("ru").split("\n")
    assert ru[0] == f"{bad}: файл приказов не прошёл проверку"
    assert ": ошибка в YAML: " in ru[1]


def test_the_cli_tells_a_bad_scenario_in_russian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from gmkit.cli import main

    bad = tmp_path / "bad.yaml"
    bad.write_text("system: dragons\nname: x\ndragons:\n"
                   "  - {name: Ash, side: red, max_speed: 10, toughness: 9, speed: 150}\n", encoding="utf-8")
    assert main(["--lang", "ru", "odds", "simulate", str(bad), "-n", "1"]) == 2
    err = capsys.readouterr().err
    assert f"{bad}: сценарий не прошёл проверку" in err
    assert "  - dragons[0].speed: нужно не больше 100, а указано 150" in err


def test_the_desk_tells_a_bad_scenario_in_its_language() -> None:
    from gmkit.ui.sessions import session

    data = broken("dragons", {"dragons.0.speed": 150, "language": "ru"})
    with pytest.raises(ScenarioError) as e:
        session(data)
    assert e.value.__notes__ == [e.value.message("ru")]
    with pytest.raises(ScenarioError) as e:
        session(broken("dragons", {"dragons.0.speed": 150}), lang="ru")
    assert "  - dragons[0].speed: нужно не больше 100, а указано 150" in e.value.__notes__[0]


def test_the_docstring_examples_hold() -> None:
    import doctest

    from gmkit import errors

    result = doctest.testmod(errors)
    assert result.failed == 0 and result.attempted >= 5
