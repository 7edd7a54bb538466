"""A round's post (and a brief) is the same text taken live at the desk, after resume, and from the
CLI; the CLI works on a journal, and refuses an unknown round, side, actor or format by listing
what exists."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmkit.cli import main
from gmkit.encounter import Encounter
from gmkit.report.chronicle import run_data_of_journal
from gmkit.report.forum import FORMATS, post_text
from gmkit.ui.sessions import Session, session

from .fights import ROOT


def _desk(tmp_path: Path, name: str, resolutions: int) -> Session:
    desk = session(ROOT / "templates" / "scenarios" / f"{name}.yaml", journal=tmp_path / f"{name}.jsonl")
    for _ in range(resolutions):
        desk.encounter.note("a GM note")
        desk.resolve(autopilot=True)
    return desk


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    assert main(list(args)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("name, n", [("dragon_duel_firmament", 3), ("space_cloak_2v2", 9),
                                      ("fantasy_wolves", 2)])
def test_live_resumed_and_cli_posts_are_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 name: str, n: int) -> None:
    desk = _desk(tmp_path, name, n)
    journal = desk.encounter.journal_path
    assert journal is not None
    panel = desk.posts
    sides = ["", *desk.encounter.sides()]
    live: dict[tuple[Any, ...], str] = {}
    for lang in ("ru", "en"):
        desk.set_language(lang)
        for rnd, _ in [(v, label) for label, v in panel.round.options]:
            for side in sides:
                for fmt in FORMATS:
                    panel.round.value, panel.view.value, panel.format.value = rnd, side, fmt
                    live[(lang, rnd, side, fmt)] = panel.text.value
    actor = desk.encounter.participants()[-1]
    panel.selected_index = 1
    panel.actor.value = actor
    panel.deadline.value = "Friday 20:00"
    brief_live = panel.brief.value
    assert brief_live and actor in brief_live
    desk.encounter.close()

    resumed = Encounter.resume(journal, autosave=False)
    data = run_data_of_journal(journal)
    for (lang, rnd, side, fmt), text in live.items():
        assert text == post_text(data, rnd, side, fmt, lang), (lang, rnd, side, fmt)
    assert resumed.history  # read-only resume: the same steps
    again = type(desk).resume(journal, lang="en")
    again.posts.round.value = rnd
    assert again.posts.text.value == live[("en", rnd, "", "phpbb")]
    again.encounter.close()

    view = sides[-1]
    out = _cli(capsys, "post", str(journal), "--round", str(rnd), "--dialect", "xenforo",
               "--view", view, "--language", "en")
    assert out == live[("en", rnd, view, "xenforo")]
    out = _cli(capsys, "brief", str(journal), "--actor", actor, "--deadline", "Friday 20:00",
               "--language", "en")
    assert out == brief_live
    for to in ("html", "bbcode", "markdown"):
        for v in ("gm", "player", view):
            assert main(["report", str(journal), "--to", to, "--view", v,
                         "-o", str(tmp_path / f"r.{to}")]) == 0
            text = (tmp_path / f"r.{to}").read_text(encoding="utf-8")
            assert ("a GM note" in text) == (v == "gm")


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    desk = _desk(tmp_path_factory.mktemp("j"), "dragon_duel_firmament", 2)
    path = desk.encounter.journal_path
    desk.encounter.close()
    assert path is not None
    return path


@pytest.mark.parametrize("args, words", [
    (["post", "--round", "7"], ["no round 7", "rounds played: 1, 2"]),
    (["post", "--view", "green"], ["no side 'green'", "red, blue"]),
    (["post", "--dialect", "vbulletin"], ["no format 'vbulletin'", "phpbb, mybb, xenforo, plain, markdown"]),
    (["brief", "--actor", "Zed"], ["no participant 'Zed'", "Ash, Bane"]),
    (["brief", "--actor", "Ash", "--dialect", "bb"], ["no format 'bb'", "markdown"]),
    (["report", "--view", "green", "-o", "-"], ["no view 'green'", "red, blue"]),
    (["post", "--image-url", "javascript:x"], ["http"]),
])
def test_bad_input_is_refused_with_what_exists(journal: Path, capsys: pytest.CaptureFixture[str],
                                               args: list[str], words: list[str]) -> None:
    capsys.readouterr()
    assert main([args[0], str(journal), *args[1:]]) == 2
    err = capsys.readouterr().err
    for w in words:
        assert w in err, err


def test_a_missing_journal_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["post", str(tmp_path / "none.jsonl")]) == 2
    assert "none.jsonl" in capsys.readouterr().err
