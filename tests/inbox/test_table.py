"""Issue 29: the round's table — every message given to its actor and read, a row per actor,
"accept all" for the ready rows only; bad input a clear line, nothing taken (Russian first)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmkit import inbox
from gmkit.encounter import Encounter
from gmkit.errors import GmkitError
from gmkit.systems import get

from .fights import PASTE, PLAYERS, blue


def fight(**kw: Any) -> Any:
    return get("dragons").engine_class(blue(**kw), 7)


def states(table: inbox.Inbox) -> dict[str | None, str]:
    return {r.actor: r.state for r in table.rows if r.actor is not None}


def test_five_players_pasted_at_once_one_row_each_and_one_question() -> None:
    enc = fight()
    table = inbox.read_paste(enc, PASTE, gm="Мастер")
    assert states(table) == {"Пепел": "ready", "Гроза": "ready", "Шквал": "ready", "Мгла": "question",
                             "Ворон": "ready"}
    assert table.lines == [] and [r.actor for r in table.rows] == list(PLAYERS)
    kira = table.row("Пепел")
    assert kira is not None and kira.player == "Sky_Kira" and kira.message is not None
    assert kira.message.author == "Sky_Kira" and kira.message.how == "header"
    assert kira.understood == "набор высоты 1, атакую Шквала Пламенем"
    assert kira.reply.endswith("Принято.") and "— Кира" not in kira.message.text
    mgla = table.row("Мгла")
    assert mgla is not None and mgla.orders == () and mgla.reading is not None
    assert "Кого атакуете Кислотой — Пепла или Грозу?" in mgla.reply  # the reply asks the player
    # the words the orders were read from point into the message as the player wrote it
    assert [kira.message.text[a:b] for a, b in kira.reading.spans] == [  # type: ignore[union-attr]
        "набор высоты", "1", "атакую", "Шквала", "Пламенем"]


def test_accept_all_takes_every_ready_row_and_never_the_question(tmp_path: Path) -> None:
    enc = get("dragons").engine_class(blue(), 7, journal=tmp_path / "fight.jsonl")
    table = inbox.read_paste(enc, PASTE)
    taken = inbox.accept_all(enc, table)
    assert taken == ["Пепел", "Гроза", "Шквал", "Ворон"] and "Мгла" not in enc.orders_received
    again = Encounter.resume(tmp_path / "fight.jsonl", autosave=False)  # journaled, each of them
    assert again.orders_received == taken
    assert [again.pending_order(a) for a in taken] == [r.orders[0] for r in table.ready]
    with pytest.raises(GmkitError, match="прочитайте их заново"):  # the table is stale now
        inbox.accept_all(enc, table)
    enc.close()


def test_the_gms_dragons_fill_their_rows_with_the_autopilots_order() -> None:
    enc = fight(gm_raiders=True)
    table = inbox.read_paste(enc, PASTE)
    raiders = [r for r in table.rows if r.by == "autopilot"]
    assert [r.actor for r in raiders] == ["Шквал", "Мгла", "Ворон"]
    assert all(r.state == "ready" and r.orders == (enc.autopilot(r.actor),) for r in raiders)
    assert all(r.notes[0].startswith("Приказ автопилота: ") for r in raiders)
    # a raider's message still reads as its order: the GM may have let a player write for it
    assert table.row("Пепел").state == "ready"  # type: ignore[union-attr]


def test_no_message_yet_gets_a_reminder_with_the_actors_own_names() -> None:
    enc = fight()
    table = inbox.read_paste(enc, PASTE.split("-----")[0])
    grozа = table.row("Гроза")
    assert grozа is not None and grozа.state == "missing" and grozа.player == "Дорн"
    assert grozа.reply.startswith("Дорн, ждём заявку Грозы на раунд 1. Например: «Заявка: ")
    assert "Огненным плевком" in grozа.reply and "Бейн" not in grozа.reply


def test_two_messages_for_one_actor_the_later_wins_and_the_row_says_so() -> None:
    enc = fight()
    later = "От: Sky_Kira\nОтправлено: 12.03.2025, 23:59\n\nпикирую на 1\n"
    earlier = "От: Кира\nОтправлено: 12.03.2025, 20:00\n\nнабор высоты 2\n"
    table = inbox.read_paste(enc, later + "---\n" + earlier)  # the earlier pasted last
    row = table.row("Пепел")
    assert row is not None and row.understood == "пикирование 1"
    assert [m.text for m in row.replaced] == ["набор высоты 2"]
    assert row.notes == ("Для Пепла пришло сообщений: 2; прочитано последнее",)
    undated = inbox.read_paste(enc, "От: Кира\nнабор высоты 2\n---\nОт: Sky_Kira\nпикирую на 1")
    assert undated.row("Пепел").understood == "пикирование 1"  # type: ignore[union-attr]


def test_a_message_for_an_actor_out_of_the_fight_is_a_clear_line_nothing_taken() -> None:
    enc = fight()
    enc.state.dragons["Ворон"].out = True  # Ворон fell in an earlier round
    table = inbox.read_paste(enc, PASTE)
    out = [r for r in table.rows if r.state == "out"]
    assert [r.actor for r in out] == ["Ворон"] and out[0].orders == ()
    assert out[0].notes == ("Ворон в этом раунде не действует: сообщение не принято",)
    assert out[0].reply == "Ворон в этом раунде не действует: заявка не нужна"
    assert "Ворон" not in [r.actor for r in table.ready]


def test_a_name_not_in_the_fight_is_asked_about() -> None:
    enc = fight()
    table = inbox.read_paste(enc, "От: Бейн\nнабор высоты 1, Пламенем по Шквалу")
    row = table.rows[-1]
    assert row.state == "whose" and row.actor is None and row.orders == ()
    assert row.notes == ("«Бейн» нет среди участников этого боя: сообщение не принято — чьё оно?",)
    assert row.choices == tuple(PLAYERS)
    # the GM says whose it is: the table is built again with the message given to Пепел
    again = inbox.build(enc, inbox.assign(table.messages, table.messages[0], "Пепел"))
    assert again.row("Пепел").state == "ready"  # type: ignore[union-attr]
    assert not again.by_state("whose")


def test_the_gm_edits_a_row_and_it_is_read_again() -> None:
    """The inline edit: Мгла's question answered by the GM typing the target in."""
    enc = fight()
    table = inbox.read_paste(enc, PASTE)
    mgla = table.row("Мгла")
    assert mgla is not None and mgla.state == "question" and mgla.message is not None
    fixed = inbox.edit(table.messages, mgla.message, "ровно, Кислотой по Грозе")
    again = inbox.build(enc, fixed)
    row = again.row("Мгла")
    assert row is not None and row.state == "ready" and row.understood == "ровно +0, атакую Грозу Кислотой"
    assert table.messages[3].text != fixed[3].text and fixed[0] is table.messages[0]


def test_a_message_that_does_not_say_whose_goes_to_the_one_it_reads_for() -> None:
    enc = fight()
    table = inbox.read_paste(enc, "Пепел: набор высоты 1, Пламенем по Шквалу")
    assert table.row("Пепел").state == "ready"  # type: ignore[union-attr]
    said = inbox.read_paste(enc, "Гроза держит скорость и плюёт Огненным плевком в Мглу")
    assert said.row("Гроза").state == "ready"  # type: ignore[union-attr]  # the subject says
    nobody = inbox.read_paste(enc, "держу скорость и высоту")  # any dragon could write it
    row = nobody.rows[-1]
    assert row.state == "whose" and row.choices == tuple(PLAYERS)
    assert row.notes == ("Не понять, чья это заявка: Пепла, Грозы, Шквала, Мглы или Ворона?",)


def test_nothing_recognisable_a_huge_paste_and_an_empty_one_are_lines() -> None:
    enc = fight()
    junk = inbox.read_paste(enc, "Привет всем! Как погода? Котики 🐈")
    assert junk.lines == ["Сообщение 1 («Привет всем! Как погода? Котики 🐈…») не похоже ни на чью "
                          "заявку: ничего не принято"]
    assert not junk.ready and all(r.state == "missing" for r in junk.rows)
    huge = inbox.read_paste(enc, "набор высоты 1\n" * 70_000)  # about 1 MB
    assert huge.lines[0] == ("Вставлено слишком много: 1\xa0050\xa0000 знаков (не больше 100\xa0000) — "
                             "ничего не прочитано и не принято")
    assert huge.messages == [] and not huge.ready
    empty = inbox.read_paste(enc, "  \n\n")
    assert empty.lines == ["Во вставленном тексте нет ни одного сообщения: ничего не принято"]


def test_the_gms_own_messages_in_a_copied_page_are_skipped() -> None:
    enc = fight()
    paste = "От: Мастер\nЖдём заявки до среды, примеры в брифе\n---\n" + PASTE
    table = inbox.read_paste(enc, paste, gm="Мастер")
    assert table.lines == ["Ваших собственных сообщений пропущено: 1"]
    assert states(table)["Пепел"] == "ready"


def test_messages_from_a_folder_of_files(tmp_path: Path) -> None:
    (tmp_path / "Sky_Kira.txt").write_text("набор высоты 1, Пламенем по Шквалу", encoding="utf-8")
    (tmp_path / "Дорн.txt").write_bytes("держу скорость, Огненным плевком по Мгле".encode("cp1251"))
    (tmp_path / "notes.png").write_bytes(b"\x89PNG")
    table = inbox.read_files(fight(), [tmp_path])
    assert states(table)["Пепел"] == "ready" and states(table)["Гроза"] == "ready"
    assert table.row("Гроза").message.how == "file"  # type: ignore[union-attr]
    assert states(table)["Шквал"] == "missing" and table.lines == []


def test_an_order_received_already_is_shown_and_not_taken_again() -> None:
    enc = fight()
    inbox.accept_all(enc, inbox.read_paste(enc, PASTE))
    table = inbox.read_paste(enc, "")
    assert states(table)["Пепел"] == "received" and not table.ready


def test_space_rows_for_every_ship_the_gms_on_their_turn() -> None:
    """Space (S-4): every captain writes up front; the GM's ship not on turn leaves its row to
    the autopilot on its turn."""
    from .fights import lighthouse

    sc = lighthouse()
    del sc["ships"][1]["player"]  # Страж: the GM's (the others name their players)
    enc = get("space").engine_class(sc, 5)
    paste = "От: Кэп\nлечу на (3, 7)\n---\nОт: Ворон\nОгонь по Стражу по системам, затем остаюсь"
    table = inbox.read_paste(enc, paste)
    assert states(table) == {"Тень": "ready", "Страж": "later", "Буревестник": "ready"}
    assert inbox.accept_all(enc, table) == ["Тень", "Буревестник"]
    from gmkit.rounds import play_round

    play = play_round(enc, npcs=["Страж"])
    assert play.stopped == "done" and play.played == ["Тень", "Страж", "Буревестник"]
