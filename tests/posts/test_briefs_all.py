"""Issue 29: out in few actions — every player's brief at once (each with the player's nickname
and a file of its own), "how to answer" written with the reader's own names, weapons and
targets, a space captain asked ahead what the rules leave open after a hit, and no broken
picture in a post until the GM has an address for it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from gmkit.cli import main
from gmkit.report.briefs import all_briefs, brief_file
from gmkit.report.chronicle import Chronicle
from gmkit.report.forum import post_text
from gmkit.systems import get
from tests.inbox.fights import PLAYERS, blue


def dragons(tmp: Path | None = None, **kw: Any) -> Any:
    return get("dragons").engine_class(blue(**kw), 7, journal=None if tmp is None else tmp / "бой.jsonl")


def test_every_players_brief_at_once_with_the_nickname_beside_each() -> None:
    enc = dragons()
    briefs = all_briefs(enc, "phpbb", stem="засада")
    assert [(b.actor, b.player) for b in briefs] == list(PLAYERS.items())
    assert [b.file for b in briefs][:2] == ["засада.brief-Пепел.Sky_Kira.txt", "засада.brief-Гроза.Дорн.txt"]
    for b in briefs:
        assert b.text.startswith("[size=150][b]") and b.actor in b.text
    # the GM's raiders get none: they are nobody's to brief
    assert [b.actor for b in all_briefs(dragons(gm_raiders=True))] == ["Пепел", "Гроза"]


def test_how_to_answer_uses_the_readers_own_names_weapons_and_targets() -> None:
    enc = dragons()
    for b in all_briefs(enc, "plain", "ru"):
        answer = b.text.split("Как ответить")[1]
        assert "Бейн" not in answer and "Кобр" not in answer and "волк" not in answer.lower()
        said = re.findall(r"«Заявка: ([^»]+)»", answer)
        assert said, b.text
        weapons = [w["name"] for d in enc.scenario["dragons"] if d["name"] == b.actor for w in d["weapons"]]
        foes = [d["name"] for d in enc.scenario["dragons"] if d["side"] != enc.side_of(b.actor)]
        assert any(w[:4] in said[0] for w in weapons) and any(f[:3] in said[0] for f in foes)  # declined
        from gmkit.language import read

        assert read(enc, b.actor, "Заявка: " + said[0]).ok  # each example reads back as an order
    english = all_briefs(enc, "plain", "en")[0].text
    assert "“Orders: " in english and "Bane" not in english


def test_a_captain_is_asked_ahead_with_the_gms_default() -> None:
    from tests.inbox.fights import lighthouse

    enc = get("space").engine_class(lighthouse(default_aim="systems"), 5)
    briefs = {b.actor: b.text for b in all_briefs(enc, "plain", "ru")}
    assert enc.awaiting() == ["Тень"] and set(briefs) == {"Тень", "Страж", "Буревестник"}
    shade, storm = briefs["Тень"], briefs["Буревестник"]
    assert "если не скажете, мастер по умолчанию бьёт по системам" in shade
    assert "Вы под маскировкой: после выстрела остаётесь на месте" in shade
    assert "по умолчанию бьёт по системам" in storm and "Вы под маскировкой" not in storm
    # the ship not on turn has its orders listed too: its order is given ahead (S-4)
    assert "лечу на" in storm and "Сейчас вам приказы не нужны" not in storm
    assert "заявку пишите сразу: она ждёт вашего хода" in storm


def test_gmkit_brief_all_writes_a_file_per_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    enc = dragons(tmp_path)
    enc.close()
    assert main(["brief", str(tmp_path / "бой.jsonl"), "--all", "--deadline", "пятница, 20:00"]) == 0
    printed = capsys.readouterr().out.splitlines()
    folder = tmp_path / "бой-briefs"
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        brief_file("бой", a, p, "phpbb") for a, p in PLAYERS.items())
    assert printed[0] == f"{folder / 'бой.brief-Пепел.Sky_Kira.txt'} — Пепел, игрок Sky_Kira"
    text = (folder / "бой.brief-Шквал.shkval77.txt").read_text(encoding="utf-8")
    assert "пятница, 20:00" in text
    assert main(["brief", str(tmp_path / "бой.jsonl"), "--all", "--dialect", "markdown",
                 "-o", str(tmp_path / "md")]) == 0
    assert (tmp_path / "md" / "бой.brief-Мгла.Ярина_М.md").exists()


def test_a_file_name_is_safe_whatever_the_nickname() -> None:
    assert brief_file("бой", "Волк 2", "a/b\\c:d*e?", "markdown") == "бой.brief-Волк 2.a_b_c_d_e_.md"
    assert brief_file("бой", "Пепел", None, "phpbb") == "бой.brief-Пепел.txt"


def test_no_picture_in_a_post_until_an_image_address_is_set(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    enc = dragons(tmp_path)
    enc.resolve_round(autopilot=True)
    data = Chronicle(enc, "ru").update()
    for fmt in ("phpbb", "mybb", "xenforo", "plain", "markdown"):
        text = post_text(data, None, "", fmt)
        assert "[img]" not in text and "UPLOAD-URL" not in text and ".png" not in text
        with_base = post_text(data, None, "", fmt, image_base="https://img.example/засада")
        assert "https://img.example/" in with_base and "round-1.player.png" in with_base
    enc.close()
    journal = str(tmp_path / "бой.jsonl")
    assert main(["post", journal]) == 0
    assert "[img]" not in capsys.readouterr().out and not (tmp_path / "бой-posts").exists()
    assert main(["post", journal, "--image-url", "https://img.example/засада"]) == 0
    assert "[img]https://img.example/" in capsys.readouterr().out
    assert (tmp_path / "бой-posts" / "round-1.player.png").read_bytes()[:4] == b"\x89PNG"
