"""The desk's paste box shows the reading on the message itself (issue 28): the words the orders
were read from marked, the words left unread, what was not the player's order dimmed; a player's
text is shown as text, never as markup; a partial reading keeps what is certain and says a
question was asked."""

from __future__ import annotations

from gmkit.dragons.ui import DragonSession
from gmkit.systems import get
from gmkit.ui.paste import MAX_SHOWN

from .situations import storm


def _desk() -> DragonSession:
    return DragonSession(get("dragons").engine_class(storm(), 1), lang="ru")


def test_the_words_read_are_marked_and_the_rest_is_told_apart() -> None:
    box = _desk().paste
    text = "[quote]Мгла пикирует на вас.[/quote] Шквал рычит. Ровно +1, жгу Мглу пламенем"
    r = box.read(text, "Пепел")
    assert r is not None and r.ok
    kinds = {}
    for seg in box.marked.segments:
        kinds.setdefault(seg["kind"], []).append(seg["text"])
    assert "".join(s["text"] for s in box.marked.segments) == text
    assert [w for w in kinds["used"] if w.strip()] == ["Ровно", "+1", "жгу", "Мглу", "пламенем"]
    skipped = "".join(kinds["skipped"])
    assert "Мгла пикирует" in skipped and "Шквал рычит" in skipped
    assert box.marked.labels["used"] == "прочитано как заявка"


def test_a_partial_reading_keeps_the_certain_part_and_asks() -> None:
    box = _desk().paste
    r = box.read("Набор высоты 1, атакую пламенем", "Пепел")
    assert r is not None and r.partial and not r.ok
    assert box.accept_button.disabled and not box.form_button.disabled
    assert "Понял: набор высоты 1." in box.reply.value
    assert "Кого атакуете Пламенем — Шквала или Мглу?" in box.reply.value
    assert "вопрос" in box.result.value


def test_unread_words_are_shown_and_markup_stays_text() -> None:
    box = _desk().paste
    r = box.read("<b>Ровно</b>, жгу Дракулу <script>alert(1)</script>", "Пепел")
    assert r is not None and not r.ok and "Дракулу" in box.reply.value
    assert "<script>" not in box.result.value and "<script>" not in box.reply.value
    joined = "".join(s["text"] for s in box.marked.segments)
    assert "<script>alert(1)</script>" in joined  # shown as the text it is (the view writes text)


def test_a_huge_paste_is_shown_cut() -> None:
    box = _desk().paste
    text = "Кира летит сквозь облака. " * 5_000 + "\nЗаявка: ровно +1"
    r = box.read(text, "Пепел")
    assert r is not None and r.ok
    shown = "".join(s["text"] for s in box.marked.segments)
    assert len(shown) < MAX_SHOWN + 200 and "20\u00a0000" in shown  # a number as Russian writes it
