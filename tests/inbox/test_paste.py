"""Issue 29: a paste cut into messages, as forums print private messages (Russian first)."""

from __future__ import annotations

import doctest
import importlib

import pytest

from gmkit.inbox.paste import Message, split, when
from gmkit.inbox.who import Identities

WHO = Identities([("Пепел", "Sky_Kira", False, ("Кира",)), ("Гроза", "Дорн", False, ("Дорн",)),
                  ("Шквал", "shkval77", False, ("наёмник",)), ("Мгла", None, True, ("наёмник",))])


def cut(paste: str) -> list[tuple[str | None, str, str]]:
    got = split(paste, WHO.names)
    for m in got:  # every message points at the player's words in the paste
        assert paste.replace("\r\n", "\n")[m.start:m.end] == m.text
    return [(m.author, m.how, m.text) for m in got]


@pytest.mark.parametrize("name", ["gmkit.inbox.paste", "gmkit.inbox.who", "gmkit.rounds",
                                  "gmkit.report.files", "gmkit.report.briefs"])
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def test_a_phpbb_pm_page_in_russian() -> None:
    paste = ("Тема: Re: раунд 2\nОт: Sky_Kira\nКому: Мастер\nОтправлено: 12 мар 2025, 21:40\n\n"
             "Заявка: набор высоты 1\nи Пламенем по Шквалу\n\n"
             "Тема: Re: раунд 2\nОт: Дорн\nКому: Мастер\nОтправлено: 12 мар 2025, 22:05\n\n"
             "пикирую на 2")
    assert cut(paste) == [("Sky_Kira", "header", "Заявка: набор высоты 1\nи Пламенем по Шквалу"),
                          ("Дорн", "header", "пикирую на 2")]
    assert [m.sent for m in split(paste, WHO.names)] == ["12 мар 2025, 21:40", "12 мар 2025, 22:05"]


def test_english_headers_and_windows_line_ends() -> None:
    paste = "Subject: Re: round 2\r\nFrom: Sky_Kira\r\nSent: Mar 12, 2025 9:40 pm\r\n\r\nclimb 1\r\n"
    assert cut(paste) == [("Sky_Kira", "header", "climb 1")]


def test_quote_blocks_of_mybb_phpbb_and_xenforo_are_messages() -> None:
    paste = ("[quote='Sky_Kira' pid='12' dateline='1710000000']набор высоты 1[/quote]\n\n"
             "[quote=\"Дорн\" post_id=3 time=1710000000 user_id=5]пикирую на 2[/quote]\n"
             "[QUOTE=\"shkval77, post: 12, member: 45\"]ровно, Кислотой по Пеплу[/QUOTE]")
    assert cut(paste) == [("Sky_Kira", "quote", "набор высоты 1"), ("Дорн", "quote", "пикирую на 2"),
                          ("shkval77", "quote", "ровно, Кислотой по Пеплу")]


def test_a_quote_inside_a_message_is_the_players_and_stays() -> None:
    paste = ("От: Sky_Kira\n[quote=\"Мастер\"]От: Мастер\nЖдём заявки[/quote]\nНабор высоты 1\n---\n"
             "От: Дорн\nпикирую на 2")
    got = cut(paste)
    assert got[0] == ("Sky_Kira", "header",
                      "[quote=\"Мастер\"]От: Мастер\nЖдём заявки[/quote]\nНабор высоты 1")
    assert got[1] == ("Дорн", "header", "пикирую на 2")


def test_said_lines_message_from_lines_rules_and_signatures() -> None:
    paste = ("Sky_Kira said:\nнабор высоты 1\n***\nСообщение от Дорн\nпикирую на 2\n"
             "___\nровно, Кислотой по Пеплу\n--\nshkval77\n~~~\nровно +1\n\n— Кира")
    assert cut(paste) == [("Sky_Kira", "said", "набор высоты 1"), ("Дорн", "said", "пикирую на 2"),
                          ("shkval77", "signature", "ровно, Кислотой по Пеплу"),
                          ("Кира", "signature", "ровно +1")]


def test_a_gms_own_list_by_name() -> None:
    paste = "Раунд 3, заявки:\nКира: набор высоты 1\nДорн — пикирую на 2\nШквалу: ровно +1"
    got = cut(paste)
    assert got[1:3] == [("Кира", "label", "набор высоты 1"), ("Дорн", "label", "пикирую на 2")]
    assert got[0] == (None, "", "Раунд 3, заявки:")
    assert got[3][0] == "Шквалу"  # a name in any case: the table finds whose (Шквал)


def test_a_single_message_with_nothing_around_it() -> None:
    assert cut("  Набор высоты 1, Пламенем по Шквалу.  ") == [
        (None, "", "Набор высоты 1, Пламенем по Шквалу.")]
    assert cut("") == [] and cut("\n---\n***\n") == []


def test_a_narrative_line_with_said_is_not_a_header() -> None:
    paste = "Кира сказала: «Держись!» — и набор высоты 1\nЯ написал:\nпикирую"
    assert cut(paste) == [(None, "", paste)]


def test_many_messages_are_capped() -> None:
    from gmkit.inbox.paste import MAX_MESSAGES

    paste = "\n---\n".join(f"От: Дорн\nровно +{i % 3}" for i in range(MAX_MESSAGES + 30))
    assert len(split(paste, WHO.names)) == MAX_MESSAGES


def test_forum_dates() -> None:
    assert when("12.03.2025, 21:40") == (2025, 3, 12, 21, 40)
    assert when("2025-03-12 21:40") == (2025, 3, 12, 21, 40)
    assert when("12 мар 2025, 21:40") == (2025, 3, 12, 21, 40)
    assert when("Вт, 12 марта 2025 09:05") == (2025, 3, 12, 9, 5)
    assert when("Mar 12, 2025 9:40 pm") == (2025, 3, 12, 21, 40)
    assert when("Mar 12, 2025 12:10 am") == (2025, 3, 12, 0, 10)
    assert when("вчера") is None and when("") is None


def test_a_message_pinned_by_the_gm() -> None:
    m = Message("пикирую", 0)
    assert m.pinned("Гроза").actor == "Гроза" and m.pinned(None).actor is None and m.end == 7
