"""The space battle in Russian a GM would post unedited (issue 27): every story line, refusal, desk
word and order of a fight between ships of each gender and number (a masculine «Мул», a feminine
«Молния», a neuter «Облако», a plural «Близнецы», «Патруль 2» with a number) read by the reader's
check (tests/i18n/russian.py), with the exact texts of the lines that decline or agree; and the
journals written before the catalogue was rewritten still replay and read right."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmkit.encounter import Encounter
from gmkit.i18n import format_message, grammar
from gmkit.language import render
from gmkit.space import Attack, Choose, Move, SpaceBattle, Tractor
from gmkit.space.ui import SpaceSession
from tests.i18n.russian import check

from .helpers import heavy, ship

JOURNALS = Path(__file__).with_name("journals")
SCENARIOS = Path(__file__).resolve().parents[2] / "templates" / "scenarios"


def fleet(seed: int) -> SpaceBattle:
    """Ships of each gender and number, two sides named as groups, a cloak and a tractor beam."""
    sc = {"system": "space", "name": "Русский бой", "language": "ru",
          "grid": {"width": 14, "height": 14, "station": [[6, 6], [7, 6]]},
          "side_names": {"red": {"name": "контрабандисты", "gender": "pl"},
                         "blue": {"name": "патруль", "gender": "m"}},
          "ships": [ship("Облако", "red", (3, 9), cloak=True, cloaked=True, defence=7, damage="2d4+1"),
                    heavy("Мул", "red", (1, 10), size=2, cargo="руда"),
                    ship("Близнецы", "red", (2, 7), gender="pl", damage="1d6+1"),
                    ship("Молния", "blue", (8, 10), defence=6, shields=6, damage="2d4"),
                    heavy("Патруль 2", "blue", (4, 7), size=2, orientation="v", tractor=True)],
          "options": {"max_rounds": 40}}
    return SpaceBattle(sc, seed)


def russian_story(b: SpaceBattle) -> list[str]:
    with grammar.cast(b.cast):
        return [e.text("ru") for e in b.record]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_story_line_of_a_fight_of_every_gender_reads_right(seed: int) -> None:
    b = fleet(seed)
    b.run(40)
    lines = russian_story(b)
    findings = [f for line in lines for f in check(line, b.cast, repeats=False)]
    assert lines and not findings, "\n".join(map(str, findings[:20]))


def test_names_stand_in_the_case_their_sentence_needs_and_verbs_agree() -> None:
    b = fleet(1)
    with grammar.cast(b.cast):
        def t(key: str, **p: Any) -> str:
            return format_message(key, "ru", **p)

        assert t("space.attack.hit", ship="Молния", target="Мул", face=7, defence=5) == \
            "Молния стреляет по Мулу: d10 7 против защиты 5, попадание"
        assert t("space.attack.miss", ship="Близнецы", target="Облако", face=2, defence=7) == \
            "Близнецы стреляют по Облаку: d10 2 против защиты 7, промах"
        assert t("space.tractor.hold", ship="Патруль 2", target="Мул", face=9, defence=6) == \
            "Патруль 2 наводит тяговый луч на Мул: d10 9 против защиты 6, захват удался"
        assert t("space.pursue.roll", ship="Мул", target="Молния", cells=3) == \
            "Мул преследует Молнию: d4 даёт 3 клетки"
        assert t("space.flee.failed", ship="Близнецы", by="Молния", until=7) == \
            "Молния перехватывает Близнецы: бегство сорвано, новая попытка не раньше раунда 7"
        assert [t("space.destroyed", ship=n) for n in ("Мул", "Молния", "Облако", "Близнецы")] == \
            ["Мул уничтожен", "Молния уничтожена", "Облако уничтожено", "Близнецы уничтожены"]
        assert t("space.departure.gone", ship="Близнецы", minutes=10) == \
            "За 10 минут погоню не выслали: Близнецы улетели"
        assert t("space.hit_system.damaged", ship="Близнецы", target="Патруль 2",
                 system={"key": "space.system.shields"}) == \
            "Близнецы попадают в систему щитов Патруля 2 и повреждают её"
        assert t("space.hit_system.already", ship="Мул", target="Молния",
                 system={"key": "space.system.engines"}) == \
            "Мул попадает в двигатели Молнии, уже выведенные из строя"
        assert t("space.damage", ship="Облако", target="Молния", dealt=3, rolled=7, shields=0, hull=3,
                 left=21, notes=[{"key": "space.damage.note.range"}]) == (
            "Облако наносит Молнии урон 3 (выпало 7; поправки: вдвое меньше за выстрел через "
            "клетку): щиты −0, корпус −3; у Молнии остался 21 хит корпуса")
        assert t("space.cloak.lost", ship="Облако", cells="(3, 9)") == \
            "Маскировка Облака отказала, его видно: (3, 9)"


def test_a_refusal_declines_the_ships_it_names() -> None:
    b = fleet(1)
    b.push("Облако", Move((3, 8)))  # the cloaked ship acts first (S-4, S-10)
    actor = b.current_ship
    assert actor is not None
    why = b.legal_orders(actor).why_not(Tractor("Облако"))
    with grammar.cast(b.cast):
        text = why.message("ru") if why is not None else ""
    assert text and not check(text, b.cast), text


def test_the_desk_words_agree_with_each_ship_and_name_the_sides_as_groups() -> None:
    b = fleet(2)
    b.run(40)
    desk = SpaceSession(b, lang="ru")
    rows = desk.status_rows()
    assert {r["side"] for r in rows} <= {"контрабандисты", "патруль"}
    words = {r["name"]: " · ".join(r["items"]) for r in rows}
    for name, said in words.items():
        assert not check(f"{name}: {said}", b.cast), (name, said)
    gone = [s for s in b.board()["ships"] if s["destroyed"]]
    assert gone, "the fight ends with a ship destroyed"
    for s in gone:
        word = format_message("space.desk.destroyed", "ru", ship=s["name"])
        assert word in words[s["name"]] and word == {"Мул": "уничтожен", "Молния": "уничтожена",
                                                     "Облако": "уничтожено", "Близнецы": "уничтожены",
                                                     "Патруль 2": "уничтожен"}[s["name"]]
    assert [v for v, _ in desk.viewers()[1:]] == ["контрабандисты", "патруль"]


def test_an_order_is_written_with_the_ship_in_the_case_its_phrase_needs() -> None:
    b = fleet(1)
    b.push("Облако", Move((3, 8)))
    actor = b.current_ship
    assert actor == "Мул"
    assert render(b, actor, Tractor("Молния"), "ru") == "тяговый луч на Молнию"
    assert render(b, actor, Tractor("Патруль 2"), "ru") == "тяговый луч на Патруль 2"
    assert render(b, actor, Attack("Молния", "systems"), "ru") == "огонь по Молнии по системам"
    assert render(b, actor, Attack("Патруль 2"), "en") == "fire at Патруль 2"
    assert render(b, actor, Choose("hull", (1, 10)), "ru") == "по корпусу, остаюсь"


@pytest.mark.parametrize("path", sorted(JOURNALS.glob("*.jsonl")), ids=lambda p: p.stem)
def test_a_journal_written_before_the_rewrite_replays_and_reads_right(path: Path) -> None:
    """The journals here were written by gmkit before issue 27 rewrote the texts: they replay
    exactly (the events did not change) and every event reads right in the new words."""
    b = Encounter.resume(path, autosave=False)
    assert isinstance(b, SpaceBattle) and b.is_over
    lines = russian_story(b)
    findings = [f for line in lines for f in check(line, b.cast, repeats=False)]
    assert len(lines) > 50 and not findings, "\n".join(map(str, findings[:20]))
    english = [e.text("en") for e in b.record]  # sentences: the first letter a capital
    assert all(next(ch for ch in line if ch.isalpha()).isupper() for line in english), english


def test_the_russian_examples_name_sides_as_groups_and_read_their_ships_as_things() -> None:
    for name in ("space_smugglers_ru.yaml", "space_twins_departure_ru.yaml"):
        b = SpaceBattle.from_scenario(SCENARIOS / name, seed=1)
        assert b.scenario["language"] == "ru"
        assert {b.side_name(s) for s in b.sides()} == {"контрабандисты", "патруль"}
        for ship_name in b.participants():  # a ship is something: «наводит луч на Мул», «на Молнию»
            noun = b.cast.noun(ship_name)
            assert noun.declined and noun.gender_known
            assert noun["acc"] == (ship_name[:-1] + "ю" if noun.gender == "f" else ship_name)
