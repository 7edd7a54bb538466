"""Russian typography in the catalogue's formatter (issue 27): the minus sign before a negative
number, the decimal comma, «» for a quoted text, a list written as a reader writes it, a side
called by its name; English keeps its own marks."""

from __future__ import annotations

import pytest

from gmkit.errors import shown
from gmkit.i18n import MINUS, _Formatter, _Names, format_number, grammar, join_names
from gmkit.odds import pct

SIDES = grammar.Cast.of([("отряд", "side", None, None), ("Налётчики", "side", "pl", None),
                         ("Гроза", "dragon", None, None)], {"party": "отряд", "raiders": "Налётчики"})


@pytest.mark.parametrize(("spec", "value", "ru", "en"), [
    ("{n}", -3, "−3", "-3"),
    ("{n}", 3, "3", "3"),
    ("{n:+d}", -1, "−1", "-1"),
    ("{n:+d}", 2, "+2", "+2"),
    ("{n:+d}", 0, "+0", "+0"),
    ("{n:num}", -12345, "−12\xa0345", "-12,345"),
    ("{n}", -2.5, "−2,5", "-2.5"),
    ("{n}", -2.0, "−2", "-2"),
    ("{n:.1f}", -0.25, "−0,2", "-0.2"),
    ("{n:+.1f}", 1.5, "+1,5", "+1.5"),
    ("{n:02d}", -7, "−7", "-7"),
])
def test_numbers_in_each_language(spec: str, value: float, ru: str, en: str) -> None:
    assert _Formatter("ru").format(spec, n=value) == ru
    assert _Formatter("en").format(spec, n=value) == en


def test_format_number_and_the_errors_number() -> None:
    assert format_number(-1.5, "ru") == f"{MINUS}1,5"
    assert format_number(-1.5, "en") == "-1.5"
    assert shown(-4, "ru") == "−4" and shown(-4, "en") == "-4"  # errors.NUMBER is format_number


def test_a_hyphen_in_a_text_is_left_alone() -> None:
    """Only numbers take the minus sign: a name or a dice expression keeps its hyphen."""
    assert _Formatter("ru").format("{a} {b}", a="Волк-1", b="2d6-1") == "Волк-1 2d6-1"


def test_a_repr_is_quoted_in_russian_only() -> None:
    assert _Formatter("ru").format("нет стороны {s!r}", s="red") == "нет стороны «red»"
    assert _Formatter("en").format("no side {s!r}", s="red") == "no side 'red'"
    assert _Formatter("ru").format("{n!r}", n=3) == "3"  # a number is not a quoted text


@pytest.mark.parametrize(("items", "ru", "en"), [
    ([], "", ""),
    (["Пепел"], "Пепел", "Пепел"),
    (["Пепел", "Гроза"], "Пепел и Гроза", "Пепел and Гроза"),
    (["Пепел", "Гроза", "Шквал"], "Пепел, Гроза и Шквал", "Пепел, Гроза and Шквал"),
])
def test_a_list_as_a_reader_writes_it(items: list[str], ru: str, en: str) -> None:
    assert join_names(items, "ru") == ru and join_names(items, "en") == en
    assert _Formatter("ru").format("{l}", l=_Names(items, "ru")) == ru
    assert _Formatter("en").format("{l}", l=_Names(items, "en")) == en


def test_a_list_declined_and_joined_with_or() -> None:
    with grammar.cast(SIDES):
        names = _Names(["Гроза", "Волк 2"])
        assert _Formatter("ru").format("ждём {l:gen}", l=names) == "ждём Грозы и Волка 2"
        assert _Formatter("ru").format("выберите {l:acc:or}", l=names) == "выберите Грозу или Волка 2"
        assert _Formatter("en").format("choose {l:acc:or}", l=names) == "choose Гроза or Волк 2"
        assert _Formatter("ru").format("{l:or}", l=names) == "Гроза или Волк 2"


def test_a_side_is_called_by_its_name_declined_as_a_group() -> None:
    ru, en = _Formatter("ru"), _Formatter("en")
    with grammar.cast(SIDES):
        assert ru.format("ход {s:gen}; побеждает {s:nom}", s="party") == "ход отряда; побеждает отряд"
        assert ru.format("{s:nom} {s:g:победил|победила|победило|победили}", s="raiders") == \
            "Налётчики победили"
        assert en.format("{s:nom:cap} wins", s="party") == "Отряд wins"
        assert ru.format("{s}", s="party") == "party"  # no case asked: the id as given
        assert ru.format("ход {s:gen}", s="blue") == "ход blue"  # a side with no name: its id
    assert ru.format("ход {s:gen}", s="party") == "ход party"  # no cast: nothing to call it by


def test_cap_writes_the_first_letter_as_a_capital() -> None:
    with grammar.cast(SIDES):
        assert _Formatter("ru").format("{s:nom:cap}", s="party") == "Отряд"
        assert _Formatter("ru").format("{s:gen:cap}", s="party") == "Отряда"


def test_percent_in_each_language() -> None:
    assert pct(0.625, "ru") == "62,5\xa0%" and pct(0.625) == "62.5%"
    assert pct(0, "ru") == "0\xa0%" and pct(0.00001, "ru") == "<0,01\xa0%"


@pytest.mark.parametrize(("name", "ru"), [
    ("Шквал", "не понял, что делать со Шквалом"),  # с + ш and a consonant: со
    ("Змей", "не понял, что делать со Змеем"),
    ("Щит", "не понял, что делать со Щитом"),
    ("Сыч", "не понял, что делать с Сычом"),  # с + a vowel after it: с
    ("Мгла", "не понял, что делать с Мглой"),
])
def test_a_preposition_before_a_name_sounds_as_russian_writes_it(name: str, ru: str) -> None:
    from gmkit.i18n import format_message

    with grammar.cast(grammar.Cast.of([(name, "participant", None, None)])):
        got = format_message("reading.unused_name", "ru", names=[name])
    assert got.startswith(ru + ":"), got
    en = format_message("reading.unused_name", "en", names=[name])
    assert en.startswith(f"I did not understand what to do with {name}:")


def test_only_the_preposition_before_the_field_changes() -> None:
    from gmkit.i18n import _with_prepositions

    ru = _Formatter("ru")
    got = _with_prepositions(ru, "вместе с {a}, в {b}, к {c}", {"a": "Шквалом", "b": "Вспышку", "c": "мне"})
    assert got == "вместе со Шквалом, во Вспышку, ко мне"
    assert _with_prepositions(ru, "вес {a}", {"a": "Шквала"}) == "вес Шквала"  # «вес» is no preposition
