"""Any message gets a reply, in bounded time, and nothing but a gmkit error is ever raised."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmkit.errors import GmkitError
from gmkit.language import LanguageError, order_format, read
from gmkit.language.text import MAX_CHARS, marked_part

from .situations import situation

WHERE = [("dragons", "firmament", "Ash"), ("space", "cobra", "Viper"), ("fantasy", "melee", "Borin")]
ENCOUNTERS = {w: situation(w[0], w[1]) for w in WHERE}


def _reply(where: tuple[str, str, str], text: str | bytes) -> str:
    r = read(ENCOUNTERS[where], where[2], text)
    out = r.reply()
    assert out.strip()
    assert not any(p.note and p.note.key == "language.reply.failed" for p in r.problems), \
        "the reader's own guard caught an error: a bug to fix"
    r.to_json()
    return out


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(WHERE), st.one_of(st.text(max_size=300), st.binary(max_size=300)))
def test_any_text_or_bytes_gets_a_reply(where: tuple[str, str, str], text: str | bytes) -> None:
    _reply(where, text)


WORDS = ["атакую", "Бейна", "пламенем", "2", "+2", "огонь", "по", "Кобре", "(3,4)", "волка", "бью",
         "и", ",", "затем", "attack", "Bane", "with", "Flame", "climb", "dive", "[order]", "[/order]",
         "Заявка:", "\n", "второго", "щиты", "«Буря»", "d8", "flee", "left", "#", "№", "-1", "три"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(WHERE), st.lists(st.sampled_from(WORDS), max_size=40))
def test_any_mix_of_order_words_gets_a_reply(where: tuple[str, str, str], words: list[str]) -> None:
    _reply(where, " ".join(words))


@pytest.mark.parametrize("where", WHERE)
@pytest.mark.parametrize("text", [
    "", " ", "\x00\x01\x02", "🐉🔥" * 50, "<script>alert(1)</script> [b][i]атакую[/i][/b]",
    "[order][order][/order]", "Заявка:", "((((((((", "9" * 5000, "a" * 100_000,
    "атакую " * 20_000, "\ufeff" + "ровно +2", b"\xff\xfe\x00garbage\x80", "ровно +2".encode("cp1251"),
])
def test_odd_messages(where: tuple[str, str, str], text: str | bytes) -> None:
    _reply(where, text)


@pytest.mark.parametrize("where", WHERE)
def test_a_megabyte_is_cut_to_the_bound_it_reads(where: tuple[str, str, str]) -> None:
    """A megabyte gets a reply, and only its marked part or its first ``MAX_CHARS`` characters
    are read (the bound that keeps the time bounded; ``benchmarks/language.py`` prints the time)."""
    text = ("Кира летит сквозь облака и думает о доме. " * 30_000)[:1_000_000]
    _reply(where, text + "\nЗаявка: ровно +1")
    reply = _reply(where, text)
    assert str(MAX_CHARS) in reply


def test_the_marked_part_is_cut() -> None:
    m = marked_part("x" * (MAX_CHARS * 3))
    assert m.cut and len(m.text) == MAX_CHARS


def test_an_unknown_actor_is_a_gmkit_error() -> None:
    with pytest.raises(LanguageError) as e:
        read(ENCOUNTERS[WHERE[0]], "Nobody", "ровно")
    assert isinstance(e.value, GmkitError) and "Ash" in str(e.value)
    with pytest.raises(GmkitError):
        read(ENCOUNTERS[WHERE[0]], "Ash", "ровно", lang="de")


@pytest.mark.parametrize("system", ["dragons", "space", "fantasy"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_order_format_for_briefs(system: str, lang: str) -> None:
    text = order_format(system, lang)
    assert len(text) > 100 and ("Заявка" in text if lang == "ru" else "Orders" in text)


def test_the_reply_is_in_the_players_language() -> None:
    enc = ENCOUNTERS[WHERE[0]]
    assert "Принято" in read(enc, "Ash", "ровно +1").reply()
    assert "Accepted" in read(enc, "Ash", "level +1").reply()
    assert "Accepted" in read(enc, "Ash", "ровно +1", lang="en").reply()
    assert "Accepted" in read(enc, "Ash", "ровно +1").reply("en")
    assert "level +1" in read(enc, "Ash", "ровно +1").reply("en")


# --- issue 28: forum prose against Russian-named fights ---------------------------------------------

PROSE_WHERE = [("dragons", "storm", "Пепел"), ("space", "cloud", "Облако"), ("fantasy", "road", "Мира")]
PROSE_ENCOUNTERS = {w: situation(w[0], w[1]) for w in PROSE_WHERE}
PROSE_WORDS = ["[quote]", "[/quote]", '[quote="ГМ"]', "> ", "[s]", "[/s]", "*", "ой", "нет", "—",
               "точнее", "вернее", "не", "без", "ни", "ничего", "никого", "если", "пока", "пусть",
               "как", "в", "прошлый", "раз", "его", "её", "их", "ему", "ним", "Шквала", "Мглу",
               "Грозу", "Пепел", "Облаку", "Чайке", "Стражу", "2", "второго", "последнего",
               "волка", "Борина", "искру", "лечу", "пламенем", "кагтями", "на", "до", "пару",
               "скорость", "ровно", "пикирую", "огонь", "?", "!", ".", ",", "\n", "OOC:", "((", "))",
               "🐉", "минус", "one", "I", "don't", "if", "oops"]


def _prose_reply(where: tuple[str, str, str], text: str | bytes) -> str:
    r = read(PROSE_ENCOUNTERS[where], where[2], text)
    out = r.reply()
    assert out.strip()
    assert not any(p.note and p.note.key == "language.reply.failed" for p in r.problems), \
        "the reader's own guard caught an error: a bug to fix"
    data = r.to_json()
    decoded = text if isinstance(text, str) else r.text
    for part in data["spans"] + data["unread"]:  # every offset points into the message itself
        assert decoded[part["start"]:part["end"]] == part["text"]
    assert 0 <= data["confidence"] <= 1
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PROSE_WHERE), st.lists(st.sampled_from(PROSE_WORDS), max_size=40))
def test_any_mix_of_prose_words_gets_a_reply(where: tuple[str, str, str], words: list[str]) -> None:
    _prose_reply(where, " ".join(words))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PROSE_WHERE), st.text(max_size=400))
def test_any_text_against_a_russian_fight_gets_a_reply(where: tuple[str, str, str], text: str) -> None:
    _prose_reply(where, text)


@pytest.mark.parametrize("where", PROSE_WHERE)
@pytest.mark.parametrize("text", [
    "", "   \n\t ", "🐉🔥💨" * 300, "😀", b"\x00\xff\xfe\x01" * 50, "Ω" * 120_000,
    "[quote]" * 500 + "ровно", "[quote]Шквал пикирует" + "[/quote]" * 3, ">" * 1000,
    "Дракула атакует Франкенштейна", "Заявка: атакую Дракулу", "ой " * 5000, "не " * 5000,
    "[s]" * 300 + "огонь", "его " * 2000,
])
def test_bad_input_gets_a_clear_reply_and_changes_nothing(where: tuple[str, str, str],
                                                          text: str | bytes) -> None:
    enc = PROSE_ENCOUNTERS[where]
    before = (len(enc.history), enc.round, list(enc.orders_received), repr(enc.board(None)))
    r = read(enc, where[2], text)
    reply = _prose_reply(where, text)
    assert not r.ok and not r.orders
    assert (len(enc.history), enc.round, list(enc.orders_received), repr(enc.board(None))) == before
    if not (text.strip() if isinstance(text, str) else text):
        assert "пуст" in reply or "empty" in reply
    if isinstance(text, str) and "Дракул" in text and "атакую" in text:
        assert "Дракулу" in reply  # the name no one has, said back


def test_a_message_of_100_kb_reads_its_order_line() -> None:
    """(Its time is printed by ``benchmarks/language.py``: the 1 MB message.)"""
    enc = PROSE_ENCOUNTERS[PROSE_WHERE[0]]
    text = ("Кира летит сквозь облака, Шквал пикирует, Мгла атакует. " * 2_000)[:100_000]
    r = read(enc, "Пепел", text + "\nЗаявка: ровно +1, жгу Мглу пламенем")
    assert r.ok and r.text[r.spans[0][0]:r.spans[0][1]] == "ровно"
    assert read(enc, "Пепел", text).orders == ()  # narration only: no order
