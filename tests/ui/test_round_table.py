"""The desk's round table (issue 29): everything pasted at once, a row per actor, the inline
edit that answers a question, «Принять все» that never takes a question, «Разыграть раунд»
(every ship's turn in order, a stop with the reason and the choices), the post and every brief
with a copy button each, and a player's text never reaching the desk as HTML."""

from __future__ import annotations

import re
from typing import Any

import pytest

from gmkit.ui.sessions import session
from tests.inbox.fights import PASTE, SPACE_PASTE, blue, lighthouse

HOSTILE = """От: Sky_Kira

<script>alert(1)</script> [url=http://evil]тык[/url] набор высоты 1, атакую Шквала Пламенем <b>!</b>
"""


def _texts(widget: Any) -> list[str]:
    """Every HTML value under ``widget`` (what the browser renders as markup)."""
    import ipywidgets as w

    out = []
    if isinstance(widget, w.HTML):
        out.append(widget.value)
    for child in getattr(widget, "children", ()):
        out += _texts(child)
    return out


def _states(desk: Any) -> dict[str | None, str]:
    return {r.actor: r.state for r in desk.round_table.table.rows}


def _badges(desk: Any) -> list[str]:
    return [re.sub(r".*gm-round-badge\">([^<]*)<.*", r"\1", h, flags=re.S)
            for row in desk.round_table.rows.children for h in _texts(row.children[0])]


def test_a_paste_fills_a_row_per_actor_and_a_question_is_answered_by_editing_the_row() -> None:
    desk = session(blue(), 7)
    rt = desk.round_table
    assert set(_states(desk).values()) == {"missing"}  # before any paste: a reminder per player
    reminder = desk.round_table.rows.children[0]
    assert "Sky_Kira, ждём заявку Пепла на раунд 1" in rt.table.rows[0].reply
    assert any(getattr(c, "text", "") == rt.table.rows[0].reply  # the reminder's copy button
               for box in reminder.children[2].children for c in getattr(box, "children", ()))
    rt.area.text = PASTE
    rt.area.pasted += 1  # what the browser does on a paste: the table is read at once
    assert _states(desk) == {"Пепел": "ready", "Гроза": "ready", "Шквал": "ready",
                             "Мгла": "question", "Ворон": "ready"}
    assert _badges(desk) == ["готово", "готово", "готово", "вопрос", "готово"]
    mgla = rt.rows.children[3]
    assert "игрок Ярина_М" in mgla.children[0].value
    marked = mgla.children[1].children[0]
    assert {s["kind"] for s in marked.segments} >= {"used"}  # the words read are marked
    assert "".join(s["text"] for s in marked.segments) == rt.table.row("Мгла").message.text
    editor = mgla.children[1].children[1].children[1]
    assert editor.layout.display is None  # a question row's editor is open
    assert "Пепла или Грозу" in rt.table.row("Мгла").reply
    rt.edit("Мгла", rt.table.row("Мгла").message.text.replace("по дракону крыла", "по Пеплу"))
    assert set(_states(desk).values()) == {"ready"}
    assert rt.table.row("Мгла").understood == "ровно +0, атакую Пепла Кислотой"


def test_accept_all_never_takes_a_question_and_play_resolves_the_round() -> None:
    desk = session(blue(), 7)
    rt = desk.round_table
    rt.read(PASTE)
    taken = rt.accept_all()
    enc = desk.encounter
    assert taken == ["Пепел", "Гроза", "Шквал", "Ворон"] and "Мгла" not in enc.orders_received
    assert "Приняты приказы Пепла, Грозы, Шквала и Ворона" in rt.status.value
    assert "Ещё не готовы: Мгла" in rt.status.value
    assert _badges(desk) == ["приказ принят"] * 3 + ["вопрос", "приказ принят"]
    got = rt.play()  # Мгла's order is missing: the round waits for it, nothing played
    assert got is not None and got.stopped == "waiting" and got.waiting == ["Мгла"]
    assert enc.round == 1 and "нет приказа от Мглы" in rt.status.value
    rt.edit("Мгла", "ровно, кислотой по Пеплу")
    assert rt.accept_all() == ["Мгла"]  # the four taken before are not taken again
    assert "Приняты приказы Мглы" in rt.status.value and "Ещё не готовы" not in rt.status.value
    got = rt.play()
    assert got is not None and got.stopped == "done" and enc.round == 2
    assert sorted(got.played) == sorted(["Пепел", "Гроза", "Мгла", "Шквал", "Ворон"])
    assert "Раунд сыгран; ходили: " in rt.status.value and all(a in rt.status.value for a in got.played)
    assert set(_states(desk).values()) == {"missing"}  # round 2: the reminders again
    assert "раунд 2" in rt.table.rows[0].reply
    assert rt.accept_button.disabled
    # out: the post in one copy button, every brief in a row with the player's nickname
    assert rt.post_copy.text == desk.posts.copy.text and rt.post_copy.text.startswith(
        "[size=150][b]Засада в Синеве\u00a0— раунд 1[/b][/size]")
    assert [(b.actor, b.player) for b in rt.briefs.briefs] == [
        ("Пепел", "Sky_Kira"), ("Гроза", "Дорн"), ("Шквал", "shkval77"), ("Мгла", "Ярина_М"),
        ("Ворон", "Серый")]
    rows = rt.briefs.rows.children
    assert "Пепел — игрок Sky_Kira" in rows[0].children[0].children[0].value
    assert rows[4].children[0].children[1].text == rt.briefs.briefs[4].text
    before = rt.briefs.briefs[0].text
    rt.briefs.deadline.value = "пятница, 20:00"  # once, for every brief
    assert all("пятница, 20:00" in b.text for b in rt.briefs.briefs) and rt.briefs.briefs[0].text != before


def test_a_players_html_and_bbcode_never_reach_the_desk_as_markup() -> None:
    desk = session(blue(), 7)
    rt = desk.round_table
    rt.read(HOSTILE)
    html = "".join(_texts(rt))
    assert "<script>" not in html and "<b>!</b>" not in html
    row = rt.table.row("Пепел")
    assert row is not None and row.message is not None and "[url=" in row.message.text
    marked = rt.rows.children[0].children[1].children[0]
    assert "<script>alert(1)</script>" in "".join(s["text"] for s in marked.segments)  # as text
    rt.read("От: <img src=x onerror=alert(1)>\n\nнабор высоты 1")
    html = "".join(_texts(rt))
    assert "<img" not in html and "&lt;img" in html  # the stranger's name is shown, escaped


def test_the_space_round_plays_every_ship_in_turn_and_a_stop_offers_the_choices() -> None:
    sc = lighthouse()
    del sc["ships"][1]["player"]  # Страж: the GM's ship
    desk = session(sc, 5)
    rt = desk.round_table
    rt.read(SPACE_PASTE)
    assert _states(desk) == {"Тень": "ready", "Страж": "later", "Буревестник": "ready"}
    assert "ведёт мастер" in rt.rows.children[1].children[0].value
    assert rt.accept_all() == ["Тень", "Буревестник"]
    got = rt.play()
    assert got is not None and got.stopped == "done" and got.played == ["Тень", "Страж", "Буревестник"]
    assert "Приказы автопилота: Страж" in rt.status.value
    assert [b.actor for b in rt.briefs.briefs] == ["Тень", "Буревестник"]


def test_an_order_that_no_longer_fits_stops_with_the_reason_and_a_choice_plays_on() -> None:
    sc = lighthouse()
    sc["ships"][1]["hull"] = 2
    sc["ships"][2]["cell"] = [3, 7]
    sc["ships"].append({"name": "Чайка", "side": "патруль", "player": "Чайка", "cell": [10, 1],
                        "hull": 10, "defence": 5, "damage": "d6"})
    sc["initiative"].append("Чайка")
    desk = session(sc, 5)
    enc = desk.encounter
    enc.enter_faces(10, 4, 4)  # Тень hits Страж for 9: Страж is gone before Буревестник's turn
    rt = desk.round_table
    rt.read("От: Ворон\n\nогонь по Стражу, по корпусу, затем остаюсь\n***\nОт: Кэп\n\nогонь по Стражу\n")
    assert rt.accept_all() == ["Тень", "Буревестник"]
    got = rt.play()
    assert got is not None and got.stopped == "unfit" and got.actor == "Буревестник"
    assert "приказ Буревестника больше не подходит" in rt.status.value and "S-7" in rt.status.value
    assert rt.choice_box.layout.display == "flex" and len(rt.choice.options) == len(got.choices)
    labels = [label for label, _ in rt.choice.options]
    assert all("Pass" not in label and "Attack(" not in label for label in labels)  # words, not code
    rt.choice.value = next(k for label, k in rt.choice.options if got.choices[k].__class__.__name__ == "Pass")
    assert rt.give() and rt.choice_box.layout.display == "none"
    got = rt.play()
    assert got is not None and got.stopped == "waiting" and got.waiting == ["Чайка"]
    assert "нет приказа от Чайки" in rt.status.value


def test_a_players_view_shows_nothing_of_the_round_and_english_labels_follow() -> None:
    desk = session(lighthouse(), 5)  # a cloaked ship: the desk has a view per side
    rt = desk.round_table
    rt.read(SPACE_PASTE)
    desk.set_view("патруль")
    assert rt.layout.display == "none"
    desk.set_language("ru")
    desk.set_language("en")
    shown = " ".join(_texts(rt)) + rt.area.text  # the shared screen holds nothing of the round
    assert not rt.rows.children and "Тень" not in shown and "Ворон" not in shown
    desk.set_view(None)
    assert rt.layout.display is None and len(rt.rows.children) == 3  # back for the GM
    assert rt.accept_button.description == "Accept all" and rt.play_button.description == "Play the round"
    assert _badges(desk) == ["ready", "no message yet", "ready"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_nothing_pasted_is_a_clear_line_and_nothing_is_ready(lang: str) -> None:
    desk = session(blue(), 7, lang=lang)
    rt = desk.round_table
    rt.read("привет, мастер! как дела?")
    assert rt.lines.value and not rt.table.ready and rt.accept_button.disabled
    assert rt.accept_all() == [] and desk.encounter.orders_received == []


def test_accepting_changes_only_the_badges_and_a_new_round_closes_the_old_rows() -> None:
    desk = session(blue(), 7)
    rt = desk.round_table
    rt.read(PASTE)
    before = list(rt.rows.children)
    rt.accept_all()
    after = list(rt.rows.children)
    assert all(a is b for a, b in zip(before, after, strict=True))  # the same widgets, kept
    assert "gm-state-received" in after[0]._dom_classes and "gm-state-ready" not in after[0]._dom_classes
    assert "приказ принят" in after[0].children[0].value
    rt.edit("Мгла", "ровно, кислотой по Пеплу")
    rt.accept_all()
    rt.play()
    assert desk.encounter.round == 2
    assert all(b.comm is None for b in before)  # round 1's rows are closed in the kernel
    assert all(r.comm is not None for r in rt.rows.children)


def test_a_message_from_a_stranger_asks_whose_it_is_and_the_gms_answer_reads_it() -> None:
    desk = session(blue(), 7)
    rt = desk.round_table
    rt.read("От: Незнакомец\n\nнабор высоты 1, атакую Шквала Пламенем\n")
    whose = [r for r in rt.table.rows if r.state == "whose"]
    assert len(whose) == 1 and whose[0].actor is None and "Пепел" in whose[0].choices
    assert "«Незнакомец» нет среди участников этого боя" in " ".join(whose[0].notes)
    assert rt.table.row("Пепел").state == "missing" and rt.accept_button.disabled
    index = rt.table.rows.index(whose[0])
    box = rt.rows.children[index]
    pick = box.children[1].children[-1]
    assert "gm-round-whose" in pick._dom_classes and "gm-state-whose" in box._dom_classes
    pick.value = "Пепел"  # the GM says whose it is: read for Пепел
    assert rt.table.row("Пепел").state == "ready" and not [r for r in rt.table.rows if r.state == "whose"]
    assert not rt.accept_button.disabled


def test_the_gms_dragons_fill_their_rows_from_the_autopilot_and_are_accepted_with_the_rest() -> None:
    desk = session(blue(gm_raiders=True), 7)
    rt = desk.round_table
    rt.read("От: Sky_Kira\n\nнабор высоты 1, атакую Шквала Пламенем\n---\nОт: Дорн\n\n"
            "держу скорость, Огненным плевком по Мгле\n")
    raiders = [r for r in rt.table.rows if r.actor in ("Шквал", "Мгла", "Ворон")]
    assert [r.by for r in raiders] == ["autopilot"] * 3 and all(r.state == "ready" for r in raiders)
    row = rt.rows.children[2]
    assert "ведёт мастер" in row.children[0].value
    assert "Приказ автопилота: " in row.children[2].children[0].value
    assert rt.accept_all() == ["Пепел", "Гроза", "Шквал", "Мгла", "Ворон"]
    got = rt.play()
    assert got is not None and got.stopped == "done" and desk.encounter.round == 2
    assert [b.actor for b in rt.briefs.briefs] == ["Пепел", "Гроза"]  # the players' briefs only


def test_a_paste_too_long_is_one_clear_line_and_nothing_is_read() -> None:
    desk = session(blue(), 7)
    rt = desk.round_table
    rt.read("Заявка: набор высоты 1\n" * 50_000)  # over a megabyte
    assert "Вставлено слишком много" in rt.lines.value and "ничего не прочитано" in rt.lines.value
    assert not rt.table.ready and rt.accept_button.disabled and desk.encounter.orders_received == []
