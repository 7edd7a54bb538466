"""gmkit seal and gmkit reveal: the opening post, the salt taken, the closing post; every bad
input a one-line error in the reader's language, exit 2, the journal as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from gmkit.cli import main
from gmkit.encounter import Encounter
from gmkit.journal import Journal

from .fights import SALT, new_fight


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    enc = new_fight("dragon_duel_firmament", tmp_path)
    enc.close()
    assert enc.journal_path is not None
    return enc.journal_path


def _ops(path: Path) -> list[str]:
    return [json.loads(t)["op"] for t in path.read_text(encoding="utf-8").splitlines()[1:]]


def _refused(capsys: Any, argv: list[str], path: Path, words: str) -> None:
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["--lang", "ru", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err, err
    assert path.read_bytes() == before


def test_seal_prints_the_opening_post_and_the_same_one_again(journal: Path, capsys: Any) -> None:
    assert main(["seal", str(journal), "--language", "ru"]) == 0
    first = capsys.readouterr().out
    seal = re.search(r"Печать: ([0-9a-f]{64})", first)
    assert seal and "[b]Кости запечатаны: Duel over the Firmament[/b]" in first
    assert re.search(r"Бой: сценарий [0-9a-f]{64}, журнал [0-9a-f]{16}\.", first)
    assert "соль" in first.lower()
    assert main(["seal", str(journal), "--language", "en", "--dialect", "markdown"]) == 0
    again = capsys.readouterr().out
    assert f"Seal: {seal.group(1)}" in again and again.startswith("## The dice are sealed")
    assert _ops(journal) == ["seal"]
    secret = json.loads(journal.read_text().splitlines()[-1])["secret"]
    assert secret not in first and secret not in again


def test_the_salt_is_taken_once_and_shown(journal: Path, capsys: Any) -> None:
    _refused(capsys, ["seal", str(journal), "--salt", SALT], journal, "не запечатан")
    assert main(["seal", str(journal)]) == 0
    for salt, words in (("", "соль пуста"), ("ж" * 600, "длиннее 1 КБ"), ("a\u200bb", "невидимый")):
        _refused(capsys, ["seal", str(journal), "--salt", salt], journal, words)
    capsys.readouterr()
    assert main(["seal", str(journal), "--salt", " [b]" + SALT + "[/b] ", "--language", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Соль: [\u200bb]" + SALT + "[\u200b/b]" in out  # the players' text, escaped
    _refused(capsys, ["seal", str(journal), "--salt", "другая"], journal, "соль уже задана")
    assert _ops(journal) == ["seal", "salt"]


def test_reveal_prints_the_closing_post_once_the_salt_is_set(journal: Path, capsys: Any) -> None:
    _refused(capsys, ["reveal", str(journal)], journal, "не запечатан")
    assert main(["seal", str(journal)]) == 0
    _refused(capsys, ["reveal", str(journal)], journal, "соль игроков ещё не задана")
    assert main(["seal", str(journal), "--salt", SALT]) == 0
    enc = Encounter.resume(journal)
    enc.resolve_round(autopilot=True)
    draws = enc.dice.draws
    enc.close()
    capsys.readouterr()
    assert main(["reveal", str(journal), "--language", "ru", "--dialect", "plain"]) == 0
    out = capsys.readouterr().out
    secret = next(json.loads(t)["secret"] for t in journal.read_text().splitlines() if '"seal"' in t)
    assert f"Секрет: {secret}" in out and f"Соль: {SALT}" in out
    assert f"Брошено кубиков: {draws}." in out and out.startswith("[b]Печать вскрыта:")


def test_a_fight_already_resolved_is_not_sealed(journal: Path, capsys: Any) -> None:
    enc = Encounter.resume(journal)
    enc.resolve_round(autopilot=True)
    enc.close()
    _refused(capsys, ["seal", str(journal)], journal, "до первого разрешения")


def test_a_tampered_commitment_stops_reveal_naming_the_line(journal: Path, capsys: Any) -> None:
    assert main(["seal", str(journal)]) == 0
    assert main(["seal", str(journal), "--salt", SALT]) == 0
    lines = [{k: v for k, v in json.loads(t).items() if k not in ("seq", "sum")}
             for t in journal.read_text().splitlines()]
    lines[1]["commitment"] = "f" * 64
    Journal.write_whole(journal, lines)
    capsys.readouterr()
    _refused(capsys, ["reveal", str(journal)], journal, "строка 2: печать в журнале не сходится")
