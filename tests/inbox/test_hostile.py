"""Issue 29: a player's text is hostile input. Whatever of it the inbox, the CLI, a reply, a post
or a brief shows is escaped for that format: no ``[url]``, ``[img]``, ``[/quote]`` or HTML from a
player reaches a thread, and nothing of it runs on the desk or moves a terminal's cursor. And
``gmkit orders inbox``: the table printed or as JSON, with exit codes like ``orders read``'s."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from gmkit import inbox
from gmkit.cli import main
from gmkit.rounds import play_round
from gmkit.systems import get

from .fights import PASTE, blue

EVIL = ("[url=http://evil.example]жми[/url] [img]http://evil.example/x.png[/img] [/quote]"
        "<script>alert('x')</script><img src=x onerror=alert('x')> \x1b[H\x07")
HOSTILE = ("От: Sky_Kira\n\nЗаявка: набор высоты 1, атакую Шквала Пламенем " + EVIL + "\n---\n"
           "От: Дорн\n\nатакую [b]Дракулу[/b] " + EVIL + "\n---\nОт: " + "[url=x]Бейн[/url]<b>\n\n"
           "держу скорость " + EVIL)

BB_TAG = re.compile(r"\[/?(?:url|img|quote|b)\b", re.IGNORECASE)
"""A tag a forum would read: what an escaped text never holds (escaping breaks it with a
zero-width space after the bracket)."""


def fight(tmp: Path | None = None) -> Any:
    return get("dragons").engine_class(blue(), 7, journal=None if tmp is None else tmp / "fight.jsonl")


def everything_shown(table: inbox.Inbox) -> list[str]:
    out = list(table.lines)
    for r in table.rows:
        out += [r.reply, r.understood, *r.notes]
        if r.message is not None:
            out.append(r.message.text)
    return out


def test_the_table_is_read_and_every_text_escapes_for_its_format() -> None:
    table = inbox.read_paste(fight(), HOSTILE)
    kira = table.row("Пепел")
    assert kira is not None and kira.understood == "набор высоты 1, атакую Шквала Пламенем"
    dorn = table.row("Гроза")
    assert dorn is not None and dorn.state == "refused" and "Дракул" in dorn.reply
    assert table.rows[-1].state == "whose"  # the stranger named in tags
    texts = everything_shown(table)
    assert any(BB_TAG.search(t) for t in texts) and any("<script>" in t for t in texts)
    for t in texts:
        assert not BB_TAG.search(inbox.shown(t, "bbcode"))
        html = inbox.shown(t, "html")
        assert "<script" not in html and "<img" not in html and "<b>" not in html
        plain = inbox.shown(t, "text")
        assert "\x1b" not in plain and "\x07" not in plain
        assert "](" not in inbox.shown(t, "markdown").replace("\\]", "")
    with pytest.raises(Exception, match="one of text, html, bbcode, markdown"):
        inbox.shown("x", "svg")


def test_the_post_and_the_briefs_after_the_round_hold_nothing_of_it(tmp_path: Path) -> None:
    from gmkit.report.chronicle import Chronicle
    from gmkit.report.forum import brief_text, post_text

    enc = fight(tmp_path)
    inbox.accept_all(enc, inbox.read_paste(enc, HOSTILE))
    play = play_round(enc, npcs=["Гроза", "Шквал", "Мгла", "Ворон"])
    assert play.stopped == "done"
    chron = Chronicle(enc, "ru")
    data = chron.update()
    data["briefs"] = chron.briefs()
    texts = [post_text(data, None, "", fmt) for fmt in ("phpbb", "mybb", "xenforo", "markdown")]
    texts += [brief_text(data, a, fmt) for a in enc.participants() for fmt in ("phpbb", "markdown")]
    for t in texts:
        assert "evil" not in t and "<script" not in t and "Дракул" not in t and "\x1b" not in t
    enc.close()


def _journal(tmp_path: Path) -> Path:
    fight(tmp_path).close()
    return tmp_path / "fight.jsonl"


def test_the_cli_prints_the_table_safely(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = _journal(tmp_path)
    before = journal.read_bytes()
    paste = tmp_path / "pm.txt"
    paste.write_text(HOSTILE, encoding="utf-8")
    assert main(["orders", "inbox", str(journal), str(paste)]) == 4  # refused and a stranger
    out = capsys.readouterr().out
    assert "Пепел [готово] — игрок Sky_Kira" in out and "Гроза [отказ] — игрок Дорн" in out
    assert "\x1b" not in out and "\x07" not in out and "[[атакую]]" in out
    assert journal.read_bytes() == before  # nothing submitted, nothing written
    assert main(["orders", "inbox", str(journal), str(paste), "--json"]) == 4
    data = json.loads(capsys.readouterr().out)
    row = data["rows"][0]
    assert row["actor"] == "Пепел" and row["state"] == "ready" and row["reading"]["ok"] is True
    assert row["message"]["author"] == "Sky_Kira" and EVIL in row["message"]["text"]
    assert {"spans", "unread", "confidence"} <= set(row["reading"])


def test_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = _journal(tmp_path)
    good = tmp_path / "good.txt"
    good.write_text(PASTE.split("------")[0], encoding="utf-8")
    assert main(["orders", "inbox", str(journal), str(good)]) == 0
    asked = tmp_path / "asked"
    asked.mkdir()
    (asked / "Ярина_М.txt").write_text("ровно, кислотой по дракону крыла", encoding="utf-8")
    assert main(["orders", "inbox", str(journal), str(asked)]) == 3  # a folder; a question open
    junk = tmp_path / "junk.txt"
    junk.write_text("Привет! Как дела?", encoding="utf-8")
    assert main(["orders", "inbox", str(journal), str(junk)]) == 4
    assert main(["orders", "inbox", str(journal), str(tmp_path / "nope.txt")]) == 2
    capsys.readouterr()
