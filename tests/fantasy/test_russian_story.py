"""The fantasy skirmish's Russian as a reader reads it (issue 27), with the names of the Russian
examples: Борин and Торвальд (masculine), Мира and Серая Грива (feminine), Эльвен (a woman's name
that does not decline), Умертвие (neuter, declined by the scenario's ``forms:``), Летучие мыши (a
plural name), Волк 2 (a name with a number), сторона «обитатели склепа» (a plural group).

Every story line of whole fights and every story message with each of these names is read by
tests/i18n/russian.py's check; the exact texts of a few lines pin the wording, in both languages.
"""

from __future__ import annotations

import copy
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from gmkit.errors import ScenarioError
from gmkit.fantasy import Cast, Shoot, Skirmish, Strike, UseItem
from gmkit.fantasy.posts import state_rows
from gmkit.i18n import catalogue, format_message, grammar
from gmkit.language import read, render
from gmkit.scenario import validate_scenario
from tests.i18n.russian import Finding, check

ROOT = Path(__file__).resolve().parents[2]
WOLVES = ROOT / "templates" / "scenarios" / "fantasy_wolves_ru.yaml"
CRYPT = ROOT / "templates" / "scenarios" / "fantasy_crypt_ru.yaml"
SEEDS = range(12)
MINUS = "a hyphen for a minus sign"
"""The one finding the shared formatter settles (a negative number written with «−»): checked
apart, in :func:`test_negative_numbers_take_the_minus_sign`."""


def _scenario(path: Path, **options: Any) -> dict[str, Any]:
    sc = yaml.safe_load(path.read_text(encoding="utf-8"))
    sc.setdefault("options", {}).update(options)
    return dict(sc)


def _fights() -> Iterator[Skirmish]:
    """Whole fights of both Russian examples, and the crypt in Variant 2 (a striker picked by die)."""
    for sc in (_scenario(WOLVES), _scenario(CRYPT), _scenario(CRYPT, variant=2)):
        for seed in SEEDS:
            sk = Skirmish.from_scenario(copy.deepcopy(sc), seed=seed)
            sk.run(300)
            yield sk


def _story(sk: Skirmish, lang: str = "ru") -> list[str]:
    with grammar.cast(sk.cast):
        return [e.text(lang) for e in sk.record]


@pytest.fixture(scope="module")
def stories() -> list[tuple[Skirmish, list[str]]]:
    return [(sk, _story(sk)) for sk in _fights()]


def _findings(cast: grammar.Cast, lines: list[str]) -> list[Finding]:
    return [f for line in lines for f in check(line, cast, repeats=False)]


def test_whole_fights_read_right(stories: list[tuple[Skirmish, list[str]]]) -> None:
    found = [f for sk, lines in stories for f in _findings(sk.cast, lines) if f.detail != MINUS]
    assert not found, "\n".join(dict.fromkeys(str(f) for f in found[:30]))


def test_the_fights_meet_the_story_they_are_meant_to(stories: list[tuple[Skirmish, list[str]]]) -> None:
    """The fights read above reach the lines worth reading: modifiers, specials, effects, flight."""
    keys = {e.key for sk, _ in stories for e in sk.record}
    assert keys >= {
        "fantasy.hit", "fantasy.miss", "fantasy.damage", "fantasy.damage.hidden", "fantasy.retarget",
        "fantasy.special.fired", "fantasy.special.not", "fantasy.protect.failed", "fantasy.protect.saved",
        "fantasy.effect", "fantasy.effect.ends", "fantasy.kill", "fantasy.reward", "fantasy.reward.none",
        "fantasy.level.pending", "fantasy.level.applied", "fantasy.flee.morale.fail", "fantasy.heal",
        "fantasy.item", "fantasy.chosen", "fantasy.turn", "fantasy.outcome.win"}
    params = {k for sk, _ in stories for e in sk.record for k in e.params}
    assert {"bonus", "mods"} <= params


def test_a_round_post_says_no_clause_three_times(stories: list[tuple[Skirmish, list[str]]]) -> None:
    """Several strikers turning on new targets after one wolf falls do not repeat «X выбыл»."""
    for sk, _ in stories:
        for rnd in range(1, sk.round + 1):
            with grammar.cast(sk.cast):
                text = "\n".join(e.text("ru") for e in sk.record if e.round == rnd)
            repeats = [f for f in check(text, sk.cast) if f.kind == "repeat"]
            assert not repeats, repeats


# --- every story message with names of each gender and number -----------------------------------

NAMES = ["Борин", "Мира", "Эльвен", "Серая Грива", "Умертвие", "Летучие мыши", "Волк 2", "Вожак"]
SIDES = ["отряд", "стая", "обитатели склепа"]
NAME_FIELDS = {"actor", "target", "was", "leader", "rider", "enemy", "source", "chosen", "lead", "a"}


def _cast() -> grammar.Cast:
    rows: list[grammar.CastRow] = []
    for path in (WOLVES, CRYPT):
        fight = Skirmish.from_scenario(path, seed=1).cast
        for n in fight.names():
            e = fight.entry(n)
            assert e is not None
            rows.append((n, e.kind, e.gender, dict(e.forms)))
    return grammar.Cast.of(rows)


STORY_KEYS = sorted(k for k in catalogue() if k.startswith("fantasy.") and not k.startswith((
    "fantasy.scenario.", "fantasy.desk.col.", "fantasy.term.", "fantasy.special.", "fantasy.status.",
    "fantasy.kind.", "fantasy.notation", "fantasy.abbreviations", "fantasy.order.format",
    "fantasy.phase.ranged.name", "fantasy.phase.melee.name")))


def _fields(template: str) -> list[tuple[str, str]]:
    """The template's parameters, and those of the text an optional one stands in for
    (``{told?:…}``: what an event recorded without it says)."""
    out: list[tuple[str, str]] = []
    for _, f, spec, _ in string.Formatter().parse(template):
        if f:
            out.append((f, spec or ""))
            if f.endswith("?") and spec:
                out += _fields(spec)
    return out


def _render(key: str, k: int) -> str:
    fields = _fields(catalogue()[key]["ru"])
    params: dict[str, Any] = {}
    names = iter(NAMES[k:] + NAMES[:k])
    for f, spec in fields:
        if f in params:
            continue
        if f in ("side", "side2"):
            params[f] = SIDES[k % len(SIDES)]
        elif f in NAME_FIELDS or f in ("attack", "spell", "item", "special", "what") or spec in grammar.CASES:
            params[f] = next(names) if f in NAME_FIELDS or spec in grammar.CASES else "Магическая стрела"
        elif f in ("statuses", "order", "parts"):
            params[f] = [{"key": "fantasy.status.poisoned"}, {"key": "fantasy.status.paralysed"}]
        elif f.endswith("?"):
            continue
        else:
            params[f] = 2
    return format_message(key, "ru", **params)


@pytest.mark.parametrize("key", STORY_KEYS)
def test_every_story_message_with_the_examples_names(key: str) -> None:
    cast = _cast()
    with grammar.cast(cast):
        texts = [_render(key, k) for k in range(len(NAMES))]
    found = [f for f in _findings(cast, texts) if f.detail != MINUS]
    assert not found, "\n".join(dict.fromkeys(str(f) for f in found))


# --- exact texts -----------------------------------------------------------------------------------

def _lines(path: Path, seed: int, lang: str, **options: Any) -> list[str]:
    sk = Skirmish.from_scenario(_scenario(path, **options), seed=seed)
    sk.run(300)
    return _story(sk, lang)


def test_the_wolves_in_russian() -> None:
    lines = _lines(WOLVES, 7, "ru")
    for want in (
        "Эльвен попадает по Волку 1 (лук): выпало 15, нужно 10 против КД 7",
        "Эльвен наносит Волку 1 урон 1,5 (лук: 0,5 +1 за телосложение)",  # F-3: Constitution, ranged
        "Мира применяет заклинание «Магическая стрела»",
        "Мира наносит Волку 1 урон 1 (Магическая стрела)",
        "Начинается ближний бой, стороны по очереди: стая и отряд",
        "Раунд 2, ближний бой: ход стаи",
        "Волк 2 промахивается по Мире (укус): выпало 2, нужно 9 против КД 8",
        "Борин наносит Волку 1 урон 2,5 (топор: 1,5 +1 за силу); у Волка 1 осталось 0 ОР",  # F-3: Strength
        "Борин убивает Волка 1",
        "Борин получает 15 ИО за Волка 1 (всего 195)",
        "Пёс бьёт Волка 5 вместо выбывшего Волка 1",
        "Серая Грива бьёт Волка 3 вместо выбывшего Волка 1",
        "Борин набирает очки на 1 новый уровень; повышение\u00a0— после боя",
        "Волк 5 убивает Пса",
    ):
        assert want in lines, want
    assert "ИО за Волка 4 не начисляются: последний удар нанёс не игрок, а Пёс (питомец)" in _lines(
        WOLVES, 9, "ru")


def test_the_wolves_in_english() -> None:
    lines = _lines(WOLVES, 7, "en")
    for want in (
        "Эльвен deals Волк 1 1.5 damage (лук: 0.5 +1 for Constitution)",
        "Round 2, melee: стая's turn",
        "Борин deals Волк 1 2.5 damage (топор: 1.5 +1 for Strength); Волк 1 has 0 hit points left",
        "Волк 5 kills Пёс",
    ):
        assert want in lines, want


def test_the_crypt_in_russian() -> None:
    lines = _lines(CRYPT, 7, "ru")
    for want in (
        "Летучие мыши начинают бой с 2 ОР (жизненные кубики 1d6+1)",
        "Наёмник наносит Летучим мышам урон 3 (копьё: 2 +1 за силу); у Летучих мышей осталось 0 ОР",
        # issue 34: a special attack, a protection roll and a condition told in words
        "Вместо урона от укуса Паука\u00a0— яд (13 на d18)",
        "Торвальд не выдерживает бросок защиты от яда укуса: 2 −1 за мудрость против ПБ 6",
        "Паук наносит Торвальду урон 6,5 (яд); у Торвальда осталось 6,5 ОР",
        "Торвальд отравлен на 3 хода",
        "Летучие мыши попадают по Ильзе (зубы): выпало 14, нужно 10 против КД 7",
        "Паук наносит Торвальду урон 0,5 (отравление); у Торвальда осталось 6 ОР",
        "ИО за Летучих мышей не начисляются: последний удар нанёс не игрок, а Наёмник (спутник)",
        "Торвальд восстанавливает 3 ОР, теперь их 7",
        # the scenario's forms: of Умертвие
        "Торвальд наносит Умертвию урон 4,5 (меч: 3,5 +1 за силу); у Умертвия осталось 0 ОР",
        "Торвальд убивает Умертвие",
        "Яд больше не действует на Торвальда",
        "Паралич не срабатывает (6 на d18)",
        "Призрак выдерживает бросок защиты от заклинания «Изгоняющий свет»: 15 +0 за мудрость против ПБ 12"
        "\u00a0— Призрак остаётся невредим",
        "Наёмник выдерживает бросок защиты от паралича ледяного касания: 18 +0 за мудрость против ПБ 8"
        "\u00a0— Наёмник не поддаётся параличу",
        "Бой окончен в раунде 15: победа за обитателями склепа",
    ):
        assert want in lines, want
    variant2 = _lines(CRYPT, 7, "ru", variant=2)
    assert "Кубик выбирает, кто будет бить за обитателей склепа: Умертвие" in variant2
    assert "Раунд 2, ближний бой: ход обитателей склепа" in variant2


def test_the_pack_leader_shows_why_more_is_needed() -> None:
    """F-2: «easier to hit by -1» raises the face needed, and the line says so."""
    lines = _lines(WOLVES, 7, "ru")
    mods = [line for line in lines if "к попаданию по Вожаку" in line]
    assert mods and all("нужно 12 против КД 6 (" in line for line in mods)


def test_negative_numbers_take_the_minus_sign(stories: list[tuple[Skirmish, list[str]]]) -> None:
    found = [f for sk, lines in stories for f in _findings(sk.cast, lines) if f.detail == MINUS]
    assert not found, found[0]


# --- orders, tables, scenario ------------------------------------------------------------------------

def test_orders_are_written_as_a_player_writes_them_and_read_back() -> None:
    sk = Skirmish.from_scenario(_scenario(WOLVES, ranged_phase=False, first="party"), seed=1)
    cases = [
        ("Борин", Strike("Волк 2", "топор"), "бью Волка 2 топором", "strike Волк 2 with топор"),
        ("Пёс", Strike("Вожак"), "бью Вожака", "strike Leader"),
        ("Мира", Strike("Волк 3", None, Cast("Магическая стрела", "Волк 1")),
         "бью Волка 3 и колдую Магическую стрелу на Волка 1", "strike Волк 3 and cast magic bolt on Волк 1"),
        ("Мира", Cast("Исцеление", "Эльвен"), "колдую Исцеление на Эльвен", "cast mend on Elwen"),
        ("Борин", UseItem("зелье лечения", "Мира"), "использую зелье лечения на Миру",
         "use healing potion on Mira"),
    ]
    for actor, order, ru, en in cases:
        assert render(sk, actor, order, "ru") == ru
        assert render(sk, actor, order, "en") == en  # a Latin alias where the scenario gives one
        assert read(sk, actor, ru).orders == (order,), ru
    archer = Skirmish.from_scenario(_scenario(WOLVES), seed=1)
    assert render(archer, "Эльвен", Shoot("Серая Грива"), "ru") == "стреляю в Серую Гриву"


def test_the_state_table_agrees_with_each_name() -> None:
    board = {"side_names": {"party": "отряд", "pack": "стая"}, "combatants": [
        {"name": "Мира", "side": "party", "hp": 0, "max_hp": 8, "ac": 8, "status": "dead", "effects": []},
        {"name": "Летучие мыши", "side": "pack", "hp": 2, "max_hp": 2, "ac": -3, "status": "fled",
         "effects": [{"status": "poisoned", "turns": 2}]},
        {"name": "Борин", "side": "party", "hp": 8.5, "max_hp": 9, "ac": 5, "status": "dead", "effects": []}]}
    cast = grammar.Cast.of([("Мира", "character", "f", None), ("Летучие мыши", "monster", "pl", None)])
    with grammar.cast(cast):
        _, rows = state_rows(board, "ru")
    assert rows[0][1:] == ["отряд", "0/8", "8", "мертва", ""]
    assert rows[1][1] == "стая" and rows[1][4:] == ["сбежали", "отравление, ещё 2 хода"]
    assert rows[2][2:5] == ["8,5/9", "5", "мёртв"]


def test_a_misspelt_side_in_side_names_is_refused() -> None:
    sc = _scenario(WOLVES)
    sc["side_names"]["pak"] = sc["side_names"].pop("pack")
    with pytest.raises(ScenarioError) as e:
        validate_scenario(sc, "wolves.yaml")
    assert "side_names.pak" in str(e.value) and "pack" in str(e.value)
    assert "side_names.pak" in e.value.message("ru")
