"""A template run's orders as a folder of players' messages (issue 16): one text file per
participant (``Bane.txt`` for every round, ``round-2/Ash.txt`` for one round), read by the order
language when the round comes; a message that cannot be used stops the run naming the file, the
round and the reply the player would get."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmkit.report.rundata import OrdersError, play
from tests.language.situations import firmament


def _write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def _orders(data: dict, actor: str) -> list[dict]:
    lines = [json.loads(e) if isinstance(e, str) else e for e in data["journal"]]
    return [e["order"] for e in lines if e.get("op") == "submit" and e.get("actor") == actor]


def test_a_folder_of_messages_gives_each_round_its_orders(tmp_path: Path) -> None:
    folder = _write(tmp_path / "orders", {
        "Bane.txt": "Vel here. Orders: level +0",
        "round-1/Ash.txt": "Кира щурится на солнце.\nЗаявка: ровно +1",
        "round-2/Эш.txt": "Заявка: ровно -1",
    })
    _, data = play(firmament(), 3, orders=folder, max_rounds=2)
    ash = [o["move"] for o in _orders(data, "Ash")]
    bane = [o["move"] for o in _orders(data, "Bane")]
    assert [(m["kind"], m["amount"]) for m in ash] == [("level", 1), ("level", -1)], ash
    assert [(m["kind"], m["amount"]) for m in bane] == [("level", 0), ("level", 0)], bane


def test_a_message_that_cannot_be_used_stops_the_run_with_the_file_and_the_reply(tmp_path: Path) -> None:
    folder = _write(tmp_path / "orders", {"round-1/Ash.txt": "Заявка: атакую Бейна когтями"})
    with pytest.raises(OrdersError) as info:
        play(firmament(), 3, orders=folder, max_rounds=2)
    text = str(info.value)
    assert str(folder / "round-1" / "Ash.txt") in text and "round 1, Ash" in text
    assert "D-5" in text and "для ближнего боя нужна одна Высота" in text, text


@pytest.mark.parametrize("files,fault", [
    ({"Nobody.txt": "level +0"}, "no participant named 'Nobody'"),
    ({"Ash.md": "level +0"}, "a message file is NAME.txt"),
    ({"turn-2/Ash.txt": "level +0"}, "is named round-N"),
    ({"Ash.txt": b"\xff\xfe level"}, "not UTF-8"),
])
def test_a_stray_file_stops_the_run_before_it_starts(tmp_path: Path, files: dict, fault: str) -> None:
    folder = tmp_path / "orders"
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    with pytest.raises(OrdersError, match=fault) as info:
        play(firmament(), 3, orders=folder, max_rounds=2)
    assert str(folder) in str(info.value)
