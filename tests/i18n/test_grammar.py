"""Names in Russian sentences (gmkit.i18n.grammar and the catalogue's formatter), and the
reader's-eye check the grammar tests rest on (tests/i18n/russian.py)."""

from __future__ import annotations

import pytest

from gmkit.i18n import _Formatter, grammar
from gmkit.i18n.grammar import Cast, cast, decline, noun

from .russian import check, check_line

ROWS = [("Пепел", "dragon", None, None), ("Шквал", "dragon", None, None), ("Гроза", "dragon", None, None),
        ("Облако", "ship", None, None), ("Мул", "ship", None, None), ("Налётчики", "side", None, None),
        ("Кармен", "character", "f", None), ("Волк 2", "monster", None, None), ("Ash", "dragon", None, None),
        ("Мира", "character", None, None), ("Бейн", "dragon", None, None), ("Тень", "dragon", "m", None),
        ("Серая Грива", "mount", None, None), ("Магическая стрела", "spell", None, None),
        ("Эльвен", "character", "f", None), ("Кря", "pet", None, {"gen": "Кряки", "acc": "Кряку"})]
CAST = Cast.of(ROWS)


@pytest.mark.parametrize(("name", "forms"), [
    # a dragon named by a thing is someone: its accusative is its genitive
    ("Шквал", ("Шквал", "Шквала", "Шквалу", "Шквала", "Шквалом", "Шквале")),
    ("Пепел", ("Пепел", "Пепла", "Пеплу", "Пепла", "Пеплом", "Пепле")),
    ("Гроза", ("Гроза", "Грозы", "Грозе", "Грозу", "Грозой", "Грозе")),
    # a ship is something: its accusative is its nominative
    ("Мул", ("Мул", "Мула", "Мулу", "Мул", "Мулом", "Муле")),
    ("Облако", ("Облако", "Облака", "Облаку", "Облако", "Облаком", "Облаке")),
    ("Налётчики", ("Налётчики", "Налётчиков", "Налётчикам", "Налётчиков", "Налётчиками", "Налётчиках")),
    ("Волк 2", ("Волк 2", "Волка 2", "Волку 2", "Волка 2", "Волком 2", "Волке 2")),
    # not in the dictionary as a name: the regular endings of names
    ("Мира", ("Мира", "Миры", "Мире", "Миру", "Мирой", "Мире")),
    ("Бейн", ("Бейн", "Бейна", "Бейну", "Бейна", "Бейном", "Бейне")),
    ("Серая Грива", ("Серая Грива", "Серой Гривы", "Серой Гриве", "Серую Гриву", "Серой Гривой",
                     "Серой Гриве")),
    ("Магическая стрела", ("Магическая стрела", "Магической стрелы", "Магической стреле", "Магическую стрелу",
                           "Магической стрелой", "Магической стреле")),
    # what Russian leaves undeclined stays as written, never a wrong form
    ("Кармен", ("Кармен",) * 6), ("Эльвен", ("Эльвен",) * 6), ("Ash", ("Ash",) * 6),
    # the scenario's forms win; a case it does not give comes from the dictionary or the endings
    ("Кря", ("Кря", "Кряки", "Кре", "Кряку", "Крей", "Кре")),
])
def test_a_name_in_each_case(name: str, forms: tuple[str, ...]) -> None:
    with cast(CAST):
        assert tuple(decline(name, c) for c in grammar.CASES) == forms


@pytest.mark.parametrize(("name", "gender", "known"), [
    ("Пепел", "m", True), ("Гроза", "f", True), ("Облако", "n", True), ("Налётчики", "pl", True),
    ("Тень", "m", True),  # the scenario's gender: a male dragon called Тень
    ("Мира", "f", False),  # guessed from -а: the scenario check warns
    ("Бейн", "m", False), ("Ash", "m", False),  # a dragon is «он» when nothing tells
    ("Кармен", "f", True),
])
def test_a_names_gender(name: str, gender: str, known: bool) -> None:
    with cast(CAST):
        n = noun(name)
    assert (n.gender, n.gender_known) == (gender, known)


def test_without_a_cast_the_word_decides() -> None:
    assert decline("Шквал", "acc") == "Шквал"  # a squall is a thing...
    with cast(CAST):
        assert decline("Шквал", "acc") == "Шквала"  # ...a dragon is not


def test_the_formatter_declines_and_agrees() -> None:
    ru, en = _Formatter("ru"), _Formatter("en")
    line = "{a} атакует {b:acc}; {a:g:потерял|потеряла|потеряло|потеряли} Скорость; у {c:gen} {n:g:рана|раны}"
    with cast(CAST):
        assert ru.format(line, a="Гроза", b="Шквал", c="Мира", n=2) == \
            "Гроза атакует Шквала; потеряла Скорость; у Миры раны"
        assert ru.format(line, a="Облако", b="Мул", c="Волк 2", n=1) == \
            "Облако атакует Мул; потеряло Скорость; у Волка 2 рана"
        assert ru.format(line, a="Налётчики", b="Кармен", c="Ash", n=1) == \
            "Налётчики атакует Кармен; потеряли Скорость; у Ash рана"
        assert en.format("{a} attacks {b:acc}", a="Гроза", b="Шквал") == "Гроза attacks Шквал"


def test_a_list_declines_item_by_item_and_agrees_in_the_plural() -> None:
    from gmkit.i18n import _Names

    with cast(CAST):
        assert _Formatter("ru").format("по {l:dat} {l:g:попал|попала|попало|попали}",
                                       l=_Names(["Волк 2", "Гроза"])) == "по Волку 2 и Грозе попали"
        assert _Formatter("ru").format("{l:g:выбыл|выбыла|выбыло|выбыли}", l=_Names(["Гроза"])) == "выбыла"


@pytest.mark.parametrize("spec", ["{a:g:один|два|три}", "{a:gent}"])
def test_a_malformed_placeholder_is_an_error(spec: str) -> None:
    from gmkit.i18n import MessageError

    with pytest.raises((MessageError, ValueError)):
        _Formatter("ru").format(spec, a="Гроза")


# --- the check itself: it finds what a reader would stop at, and nothing else -----------------------

BAD = [
    ("Пепел атакует Шквал", "case"), ("Волк 3 бьёт Пепел: Укус", "case"), ("сводка для Мира", "case"),
    ("у Пепел нет хвоста", "case"), ("Тень стреляет по Мул", "case"), ("ход Пепел", "case"),
    ("Эльвен получает ИО за Волк 2", "case"), ("Гроза потерял Скорость", "agreement"),
    ("Молния уцелело", "agreement"), ("Налётчики выбыл из боя", "agreement"),
    ("Мира, как и прежде, мёртв", "agreement"), ("Гроза убит(а)", "hedge"), ("Скорость -1", "typography"),
    ('цель "Пепел"', "typography"), ("урон 2.5", "typography"), ("взгляд ведущего: dragons", "code"),
    ("поле side_names", "code"), ("Шквал побеждает Гроза", "case"), ("Итог: Пепел побеждает Шквал", "case"),
    ("Налётчики атакуют Шквал", "case"),
]
GOOD = ["Пепел атакует Шквала", "Волк 3 бьёт Пепла: Укус", "сводка для Миры", "у Пепла нет хвоста",
        "Тень стреляет по Мулу", "ход Пепла", "Эльвен получает ИО за Волка 2", "Гроза потеряла Скорость",
        "Мул и Гроза сошлись на боевое расстояние", "Налётчики выбыли из боя", "Мира, как и прежде, мертва",
        "Скорость −1", "цель «Пепел»", "урон 2,5", "дракон Пепел атакует", "Облако летит горизонтально",
        "Тень атакует Мул", "Ash потерял Скорость",
        # a verb opening its clause has its subject after it, in the nominative
        "Побеждает Гроза после 2 раундов", "Итог: побеждает Шквал", "Ход 3; атакует Пепел, промах",
        # a table's columns: a noun ending one cell is no head of the name in the next
        "ход    Пепел    в бою"]
GOOD_CAST = Cast.of([*ROWS, ("Молния", "ship", None, None), ("Тень", "ship", None, None)])


@pytest.mark.parametrize(("line", "kind"), BAD)
def test_the_check_finds(line: str, kind: str) -> None:
    with cast(GOOD_CAST):
        kinds = [f.kind for f in check_line(line, GOOD_CAST)]
    assert kind in kinds, (line, kinds)


@pytest.mark.parametrize("line", GOOD)
def test_the_check_passes(line: str) -> None:
    with cast(GOOD_CAST):
        assert check_line(line, GOOD_CAST) == []


def test_the_check_reads_bbcode_and_repeats() -> None:
    post = "[list]" + "".join("[*]Волк 2 выбыл из боя; Пёс атакует Волка 4\n" for _ in range(3)) + "[/list]"
    with cast(GOOD_CAST):
        found = check(post, GOOD_CAST)
        assert {f.kind for f in found} == {"repeat"} and len(found) == 2  # both clauses, three times
        assert check(post, GOOD_CAST, repeats=False) == []
        assert check("[img]https://x.test/round-1.player.png[/img][quote=\"ник\"]Гроза потеряла[/quote]",
                     GOOD_CAST) == []


def test_a_roll_told_again_is_no_repeated_clause() -> None:
    """The dice a roll's annotation shows are data: the same faces told three times (a reroll told
    in the Benny's line and in the action's, and another roll equal by chance) are no repeated
    clause; the sentences around them still are."""
    dice = " [size=85][color=gray](d8!-2 дикий: d8[6] дикий d6[3] (не в счёт) = 4)[/color][/size]"
    lines = ["Пепел атакует Волка 3 Пламенем: 4 против 4 — попадание",
             "Пепел тратит фишку на переброс: 0, затем 4",
             "Пепел бьёт Волка 3 Когтями: 4 против Блока 6 — промах"]
    post = "[list]" + "".join(f"[*]{line}{dice}\n" for line in lines) + "[/list]"
    with cast(GOOD_CAST):
        assert check(post, GOOD_CAST) == []
        for note in (dice, " (2d6+2: d6[1] d6[3] = 6)"):  # exploding or not, the sentence repeats
            again = "[list]" + "".join(f"[*]{lines[0]}{note}\n" for _ in range(3)) + "[/list]"
            found = check(again, GOOD_CAST)
            assert [f.kind for f in found] == ["repeat"] and found[0].text == lines[0], found
