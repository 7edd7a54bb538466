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
