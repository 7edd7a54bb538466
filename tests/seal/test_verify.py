"""gmkit verify: an honest sealed thread verifies clean in every format and language, as one
file, one file per post, standard input or a copy of the rendered page; a changed face, a round
posted again with other dice, a dropped post, another secret or another fight's reveal is each
reported with its post and line; input that cannot be read is a one-line error and exit 2."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from gmkit import verify
from gmkit.cli import main
from gmkit.errors import SealError
from gmkit.report.forum import FORMATS

from .thread import Fight, joined, play, posts, rendered, round_posts


@pytest.fixture(scope="module")
def fight(tmp_path_factory: pytest.TempPathFactory) -> Any:
    f = play("fantasy_wolves", tmp_path_factory.mktemp("verify"), 6)
    yield f
    f.enc.close()


@pytest.fixture(scope="module")
def duel(tmp_path_factory: pytest.TempPathFactory) -> Any:
    f = play("dragon_duel_firmament", tmp_path_factory.mktemp("duel"), 8)
    yield f
    f.enc.close()


def _write(folder: Path, name: str, text: str) -> Path:
    p = folder / name
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_an_honest_thread_verifies_clean_in_every_format(fight: Fight, tmp_path: Path, fmt: str,
                                                          lang: str) -> None:
    text = joined(posts(fight, fmt, lang))
    got = verify(_write(tmp_path, "thread.txt", text), lang=lang)
    assert got.ok, str(got)
    assert got.report.faces > 20 and got.report.posts == len(round_posts(fight))
    plain = verify(_write(tmp_path, "copied.txt", rendered(text, fmt)), lang=lang)
    assert plain.ok, str(plain)
    assert plain.report.faces == got.report.faces


def test_one_file_per_post_and_standard_input(fight: Fight, tmp_path: Path, capsys: Any,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    files = [_write(tmp_path, f"post{i}.txt", t) for i, t in enumerate(posts(fight, "mybb", "ru"))]
    assert verify(*files).ok
    assert main(["verify", *map(str, files)]) == 0
    data = joined(posts(fight, "markdown", "en")).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["--lang", "ru", "verify", "-"]) == 0
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1].startswith("Всё сходится: проверено")


def _line_of(text: str, pattern: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if re.search(pattern, line))


def test_a_changed_face_is_reported_with_its_post_and_line(fight: Fight, tmp_path: Path,
                                                           capsys: Any) -> None:
    parts = posts(fight, "phpbb", "ru")
    text = joined(parts)
    line = _line_of(text, r"#\d+ 1-1\.5-2|#\d+(–#\d+)? d18: d6\[")
    lines = text.splitlines()
    m = re.search(r"d6\[(\d)\]", lines[line - 1])
    assert m
    new = str(int(m.group(1)) % 6 + 1)
    lines[line - 1] = lines[line - 1][:m.start(1)] + new + lines[line - 1][m.end(1):]
    path = _write(tmp_path, "thread.txt", "\n".join(lines))
    got = verify(path, lang="ru")
    assert [f.key for f in got.findings] == ["verify.face"]
    f = got.findings[0]
    assert (f.file, f.line, f.params["got"]) == (str(path), line, int(new))
    assert f.post >= 3 and f.round >= 1
    assert main(["--lang", "ru", "verify", str(path)]) == 1
    out = capsys.readouterr().out
    where = f"{path}, строка {line} (пост {f.post}, раунд {f.round})"
    assert f"{where}: на #{f.params['n']} показано {new}" in out


def test_a_dropped_post_is_a_gap_told_where_the_numbers_go_on(fight: Fight, tmp_path: Path) -> None:
    parts = posts(fight, "plain", "en")
    rounds = round_posts(fight, "plain", "en")
    dropped = parts.pop(3)  # round 2
    assert dropped == rounds[2]
    text = joined(parts)
    got = verify(_write(tmp_path, "thread.txt", text), lang="en")
    assert [f.key for f in got.findings] == ["verify.skipped"]
    f = got.findings[0]
    resumed = int(f.params["numbers"].split("–")[-1][1:]) + 1  # the first number after the gap
    assert f.round == 3 and f.line == _line_of(text, rf"\(#{resumed}\b")
    last = posts(fight, "plain", "en")
    del last[-2]  # the last round's post
    end = verify(_write(tmp_path, "end.txt", joined(last)), lang="en")
    assert [f.key for f in end.findings] == ["verify.skipped_end"]


def test_another_secret_is_found_against_the_seal(fight: Fight, tmp_path: Path) -> None:
    text = joined(posts(fight, "xenforo", "ru"))
    forged = text.replace(fight.reveal["secret"], "1" * 64)
    got = verify(_write(tmp_path, "thread.txt", forged), lang="ru")
    assert [f.key for f in got.findings] == ["verify.commitment"]
    assert got.findings[0].line == _line_of(forged, "Секрет: 1{64}")
    assert got.report.faces == 0  # no face is checked with a secret that is not the sealed one


def test_a_tampered_commitment_is_found(fight: Fight, tmp_path: Path) -> None:
    text = joined(posts(fight, "phpbb", "en"))
    parts = text.split(fight.opening["commitment"], 1)
    forged = parts[0] + "2" * 64 + parts[1]
    got = verify(_write(tmp_path, "thread.txt", forged), lang="en")
    assert "verify.commitment" in [f.key for f in got.findings] and not got.ok


def test_a_reveal_of_another_fight_is_told_as_such(fight: Fight, duel: Fight, tmp_path: Path) -> None:
    mine = posts(fight, "phpbb", "en")
    theirs = posts(duel, "phpbb", "en")
    got = verify(_write(tmp_path, "thread.txt", joined([*mine[:-1], theirs[-1]])), lang="en")
    assert got.findings[0].key == "verify.other_fight"
    assert got.findings[0].params == {"got": duel.reveal["journal"], "want": fight.reveal["journal"]}


def test_a_second_post_of_a_round_with_other_dice_is_a_reposted_round(tmp_path: Path) -> None:
    """The GM undoes round 3 and resolves it with another order: posted with its recount line
    the thread holds; the same post with the recount taken out of it is reported."""
    f = play("dragon_duel_firmament", tmp_path, 3)
    try:
        first = round_posts(f, "phpbb", "ru")
        before = posts(f, "phpbb", "ru")
        f.enc.undo()
        rnd = f.enc.round
        actor = f.enc.orders_received[-1]
        mine = f.enc.pending_order(actor)
        for other in f.enc.legal_orders(actor):
            if other == mine:
                continue
            f.enc.submit(actor, other)
            f.enc.resolve_round()
            again = round_posts(f, "phpbb", "ru")[rnd]
            if re.findall(r"d\d+\[[\d+]+\]", again) != re.findall(r"d\d+\[[\d+]+\]", first[rnd]):
                break
            f.enc.undo()
        else:
            pytest.skip("no other order of this round rolls other dice")
        assert "пересчёт 1" in again and f"Раунд {rnd} пересчитан" in again
        f.reveal["draws"] = f.enc.dice.draws
        closing = posts(f, "phpbb", "ru")[-1]
        honest = joined([*before[:-1], again, closing])
        assert verify(_write(tmp_path, "honest.txt", honest), lang="ru").ok
        hidden = again.replace(", пересчёт 1", "")
        got = verify(_write(tmp_path, "hidden.txt", joined([*before[:-1], hidden, closing])), lang="ru")
        assert "verify.reposted" in [x.key for x in got.findings]
        where = next(x for x in got.findings if x.key == "verify.reposted")
        assert where.round == rnd and where.post == len(before)
    finally:
        f.enc.close()


def test_a_roll_shown_twice_is_a_number_used_twice(fight: Fight, tmp_path: Path) -> None:
    text = joined(posts(fight, "plain", "en"))
    lines = text.splitlines()
    i = _line_of(text, r"\(#\d+(–#\d+)? d18") - 1
    lines.insert(i + 1, lines[i])
    got = verify(_write(tmp_path, "thread.txt", "\n".join(lines)), lang="en")
    numbers = len(re.findall(r"d\d+\[", lines[i].rsplit("(", 1)[-1]))
    assert [(f.key, f.line) for f in got.findings] == [("verify.twice", i + 2)] * numbers


@pytest.mark.parametrize("content, key", [
    (b"nothing to see here\njust a chat\n", "verify.error.unknown_format"),
    (b"\xff\xfe\x00 not text", "verify.error.not_text"),
])
def test_input_that_cannot_be_read_is_one_line_and_exit_2(tmp_path: Path, capsys: Any,
                                                          content: bytes, key: str) -> None:
    path = tmp_path / "x.txt"
    path.write_bytes(content)
    with pytest.raises(SealError) as e:
        verify(path)
    assert e.value.key == key
    assert main(["--lang", "ru", "verify", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(path) in err
    assert main(["verify", str(tmp_path / "missing.txt")]) == 2


def test_a_thread_without_its_reveal_cannot_be_checked(fight: Fight, tmp_path: Path, capsys: Any) -> None:
    path = _write(tmp_path, "thread.txt", joined(posts(fight, "phpbb", "ru")[:-1]))
    assert main(["--lang", "ru", "verify", str(path)]) == 2
    assert "вскрытой печати" in capsys.readouterr().err


def test_with_the_journal_the_hidden_rolls_are_checked_too(fight: Fight, tmp_path: Path) -> None:
    text = joined(posts(fight, "phpbb", "en"))
    path = _write(tmp_path, "thread.txt", text)
    without = verify(path)
    withj = verify(path, journal=fight.path)
    assert withj.ok, str(withj)
    hidden = len(re.findall(r"A hidden roll", text))
    assert hidden and withj.report.faces > without.report.faces


def test_with_the_journal_a_recount_the_post_keeps_quiet_about_is_found(tmp_path: Path) -> None:
    f = play("dragon_duel_firmament", tmp_path, 3)
    try:
        f.enc.undo()
        rnd = f.enc.round
        actor = f.enc.orders_received[-1]
        mine = f.enc.pending_order(actor)
        f.enc.submit(actor, next(o for o in f.enc.legal_orders(actor) if o != mine))
        f.enc.resolve_round()
        f.reveal["draws"] = f.enc.dice.draws
        parts = posts(f, "phpbb", "en")
        quiet = [re.sub(r", recount 1", "", p) for p in parts]
        quiet = [re.sub(rf"Round {rnd} was resolved again:[^\n]*\n", "", p) for p in quiet]
        path = _write(tmp_path, "quiet.txt", joined(quiet))
        assert verify(path).ok  # the thread alone cannot tell
        got = verify(path, journal=f.path)
        assert [x.key for x in got.findings] == ["verify.journal.recount"]
        assert got.findings[0].params["round"] == rnd
        assert verify(_write(tmp_path, "told.txt", joined(parts)), journal=f.path).ok
    finally:
        f.enc.close()


def test_another_fights_journal_is_not_this_threads(fight: Fight, duel: Fight, tmp_path: Path) -> None:
    path = _write(tmp_path, "thread.txt", joined(posts(fight, "phpbb", "en")))
    got = verify(path, journal=duel.path)
    assert [x.key for x in got.findings] == ["verify.journal.seal"]


NASTY = "[b]жирно[/b] *звёзды* _x_ `код` #1 (a) \\ [url=javascript:alert(1)]x[/url] <i>"


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_salt_full_of_markup_comes_back_exactly_from_every_format(tmp_path: Path, fmt: str) -> None:
    f = play("dragon_duel_firmament", tmp_path, 2, salt=NASTY)
    try:
        text = joined(posts(f, fmt, "ru"))
        live = text.replace("[\u200burl=", "").replace("\\[url=", "")
        assert "[url=" not in live  # escaped for the format, never a live tag
        for copy in (text, rendered(text, fmt)):
            got = verify(_write(tmp_path, "thread.txt", copy), lang="ru")
            assert got.ok, str(got)
    finally:
        f.enc.close()


def test_a_thread_without_its_opening_is_told_so_and_its_faces_still_checked(fight: Fight,
                                                                               tmp_path: Path) -> None:
    parts = posts(fight, "phpbb", "en")
    got = verify(_write(tmp_path, "thread.txt", joined(parts[1:])), lang="en")
    assert [x.key for x in got.findings] == ["verify.no_opening"] and got.report.faces > 0
    want = "the thread holds no post with the seal: the secret cannot be checked against it"
    assert str(got).splitlines()[0] == want
