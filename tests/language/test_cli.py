"""``gmkit orders read`` reads a message against a journaled fight without touching the journal."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmkit.cli import main

from .situations import DRAGONS, build


def test_read_a_message_against_a_journal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = tmp_path / "fight.jsonl"
    from gmkit.systems import get

    get("dragons").engine_class(DRAGONS["firmament"](), 1, journal=journal)
    before = journal.read_bytes()
    msg = tmp_path / "ash.txt"
    msg.write_text("Кира щурится.\nЗаявка: набор высоты 2, бью Бейна когтями\n", encoding="utf-8")
    assert main(["orders", "read", str(msg), "--journal", str(journal), "--actor", "Ash"]) == 0
    out = capsys.readouterr().out
    assert "набор высоты 2" in out and "Принято" in out and "DragonOrder" in out
    assert main(["orders", "read", str(msg), "--journal", str(journal), "--actor", "Ash",
                 "--lang", "en", "--json"]) == 0
    assert '"ok": true' in capsys.readouterr().out
    assert journal.read_bytes() == before
    assert main(["orders", "read", str(msg), "--journal", str(journal), "--actor", "Nobody"]) == 2
    assert "Nobody" in capsys.readouterr().err


def test_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["orders", "format", "space", "--lang", "ru"]) == 0
    assert "огонь по" in capsys.readouterr().out


def test_build_is_used() -> None:
    assert build("dragons", DRAGONS["same"]()).participants() == ["Ash", "Bane"]


def test_exit_codes_tell_accepted_asked_and_refused(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """0 only when the whole message became orders; 3 when a question is open (with what was
    certain kept in the JSON); 4 when refused or nothing was read; the JSON keeps today's keys and
    adds where each part of the message was read."""
    import json

    from gmkit.systems import get

    from .situations import storm

    journal = tmp_path / "storm.jsonl"
    get("dragons").engine_class(storm(), 1, journal=journal)

    def run(text: str, *extra: str) -> tuple[int, str]:
        msg = tmp_path / "msg.txt"
        msg.write_text(text, encoding="utf-8")
        code = main(["orders", "read", str(msg), "--journal", str(journal), "--actor", "Пепел",
                     *extra])
        return code, capsys.readouterr().out

    code, out = run("Кира щурится. Заявка: ровно +1, жгу Шквала пламенем")
    assert code == 0 and "[[жгу]]" in out and "[[Шквала]]" in out
    code, out = run("Набор высоты 1, атакую пламенем", "--json")
    got = json.loads(out)
    assert code == 3 and not got["ok"] and got["partial"]
    assert {"ok", "orders", "questions", "reply", "problems", "understood", "options"} <= set(got)
    assert got["orders"] and "Шквала или Мглу" in got["questions"][0]["text"]
    text = "Набор высоты 1, атакую пламенем"
    assert all(text[s["start"]:s["end"]] == s["text"] for s in got["spans"])
    assert [s["text"] for s in got["spans"]] == ["Набор высоты", "1", "атакую", "пламенем"]
    assert 0 < got["confidence"] <= 1
    code, out = run("Набор высоты 3")  # D-4: 9 Speed for three levels, Пепел has 6
    assert code == 4 and "D-4" in out
    code, out = run("Кира молится всем богам неба.", "--json")
    assert code == 4 and json.loads(out)["orders"] == []
