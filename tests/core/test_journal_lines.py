"""The journal file on its own (gmkit.journal, no encounter): what each damaged line is told (the
line, the field and the words, pinned exactly), which steps an undo takes back, repair, the
writer's refusals and the lock, checked against journals chained by hand in this file (SHA-256
written out here, not gmkit's ``checksum``)."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

import gmkit.journal as journal_module
from gmkit.errors import JournalError
from gmkit.i18n import language
from gmkit.journal import Journal, _schema_problem, effective

HEADER = {"gmkit": "0", "journal": 2, "system": "race", "seed": 1, "scenario_hash": "",
          "scenario": {}}
OLD_HEADER = {"gmkit": "0", "system": "race", "seed": 1, "scenario_hash": "", "scenario": {}}

ASH = {"op": "submit", "actor": "Ash", "order": {"dice": 2}}
BO = {"op": "submit", "actor": "Bo", "order": {"dice": 1}}
NOTE = {"op": "note", "text": "«дождь» — rain", "visibility": "all"}  # kept as Unicode
DESK = {"op": "desk", "lang": "ru"}
UNDO = {"op": "undo"}


def _body(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True)


def _sum(previous: str, obj: dict[str, Any]) -> str:
    """A line's checksum by the format's definition: SHA-256 of the previous sum, a newline and
    the body (keys sorted, no spaces after the JSON separators' defaults), first 16 hex digits."""
    return hashlib.sha256(f"{previous}\n{_body(obj)}".encode()).hexdigest()[:16]


def chained(*objs: dict[str, Any]) -> bytes:
    """Lines as format 2 writes them: ``seq`` from 0 and each ``sum`` chained on the one before,
    the two first and then the body's keys in order."""
    out, previous = [], ""
    for seq, obj in enumerate(objs):
        total = _sum(previous, obj)
        out.append(f'{{"seq": {seq}, "sum": "{total}", {_body(obj)[1:]}\n')
        previous = total
    return "".join(out).encode()


def plain(*objs: dict[str, Any]) -> bytes:
    """Lines as format 1 wrote them (no ``seq``, no ``sum``)."""
    return "".join(_body(o) + "\n" for o in objs).encode()


def refusal(path: Path, data: bytes) -> JournalError:
    path.write_bytes(data)
    with pytest.raises(JournalError) as e:
        Journal.read(path)
    return e.value


# --- which steps stand ------------------------------------------------------------------------

EFFECTIVE = [
    ([], []),
    ([ASH], [ASH]),
    ([ASH, UNDO], []),
    ([ASH, BO, UNDO], [ASH]),
    ([ASH, BO, UNDO, UNDO], []),
    ([ASH, DESK, UNDO], [DESK]),  # the desk's language is not a step: the undo passes over it
    ([DESK, ASH, UNDO], [DESK]),
    ([ASH, BO, NOTE, DESK, UNDO], [ASH, BO, DESK]),
    ([ASH, BO, NOTE, DESK, DESK, UNDO, UNDO], [ASH, DESK, DESK]),
    ([ASH, UNDO, BO], [BO]),
]


@pytest.mark.parametrize("entries, stand", EFFECTIVE)
def test_each_undo_takes_back_the_last_step_and_never_a_desk_line(
        entries: list[dict[str, Any]], stand: list[dict[str, Any]]) -> None:
    assert effective(entries) == stand


@pytest.mark.parametrize("entries", [[UNDO], [DESK, UNDO], [ASH, UNDO, UNDO]])
def test_an_undo_with_nothing_to_take_back_is_passed_over_by_effective(
        entries: list[dict[str, Any]]) -> None:
    assert effective(entries) == [e for e in entries if e is DESK]


@pytest.mark.parametrize("entries, stand", [
    ([ASH, BO, UNDO], [(2, ASH)]),
    ([ASH, DESK, UNDO], [(3, DESK)]),
    ([ASH, BO, NOTE, DESK, UNDO], [(2, ASH), (3, BO), (5, DESK)]),
    ([ASH, UNDO, BO], [(4, BO)]),
])
def test_a_read_journal_names_the_line_of_each_step_that_stands(
        tmp_path: Path, entries: list[dict[str, Any]], stand: list[tuple[int, Any]]) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(chained(HEADER, *entries))
    assert Journal.read(path).effective() == stand


@pytest.mark.parametrize("entries, line", [([UNDO], 2), ([DESK, UNDO], 3), ([ASH, UNDO, UNDO], 4)])
def test_an_undo_with_nothing_to_take_back_in_a_file_is_damage(
        tmp_path: Path, entries: list[dict[str, Any]], line: int) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(chained(HEADER, *entries))
    got = Journal.read(path)
    with pytest.raises(JournalError) as e:
        got.effective()
    assert str(e.value) == f"journal {path}: line {line}, field 'op': an undo with no step before it"
    assert (e.value.line, e.value.field, e.value.path) == (line, "op", str(path))


# --- what a damaged line is told --------------------------------------------------------------

OPS = "one of submit, withdraw, reorder, enter, note, resolve, undo, desk, seal, salt"
ROLL = {"expr": "d6", "total": 4, "dice": [[6, [4], True, "d6"]], "purpose": "hit", "actor": "Ash",
        "manual": False}


def _resolve(**roll: Any) -> dict[str, Any]:
    event = {"round": 1, "actor": "Ash", "kind": "attack", "key": "k", "rolls": [{**ROLL, **roll}]}
    return {"op": "resolve", "faces": [4], "manual": [], "hand": [], "events": [event]}


SCHEMA = [  # (line 2 as written, field named, what the reader is told)
    ({"op": "jump"}, "op", f"{OPS}; got 'jump'"),
    ({"op": 5}, "op", f"{OPS}; got 5"),
    ({"actor": "Ash"}, "op", f"{OPS}; got None"),
    ({"op": "submit", "actor": "Ash"}, "order", "required field is missing"),
    ({"op": "undo", "why": "misclick"}, "why", "unknown field"),
    ({"op": "submit", "actor": 3, "order": {}}, "actor", "Input should be a valid string; got 3"),
    ({"op": "desk", "lang": "de"}, "lang", "Input should be 'en' or 'ru'; got 'de'"),
    ({"op": "note", "text": "x", "visibility": "everyone"}, "visibility",
     "String should match pattern '^(all|gm|sides:.*)$'; got 'everyone'"),
    ({"op": "enter", "faces": [3, -1]}, "faces[1]",
     "Input should be greater than or equal to 0; got -1"),
    (_resolve(expr=5), "events[0].rolls[0].expr", "Input should be a valid string; got 5"),
    (_resolve(dice=[[6, [4], True, 7]]), "events[0].rolls[0].dice[0][3]",
     "Input should be a valid string; got 7"),
    (_resolve(manual=None), "events[0].rolls[0].manual", "Input should be a valid boolean; got None"),
    # what was found is quoted whole up to 60 characters, else its first 57 and "..."
    ({"op": "enter", "faces": "x" * 58}, "faces", f"Input should be a valid list; got '{'x' * 58}'"),
    ({"op": "enter", "faces": "x" * 59}, "faces", f"Input should be a valid list; got '{'x' * 56}..."),
]


@pytest.mark.parametrize("entry, where, what", SCHEMA)
def test_a_line_of_the_wrong_shape_names_its_field(tmp_path: Path, entry: dict[str, Any],
                                                   where: str, what: str) -> None:
    path = tmp_path / "j.jsonl"
    e = refusal(path, chained(HEADER, entry, ASH))  # chained: only the shape is wrong
    assert str(e) == f"journal {path}: line 2, field {where!r}: {what}"
    assert (e.line, e.field, e.path) == (2, where, str(path))


HEADER_SCHEMA = [
    ({**HEADER, "seed": "1"}, "seed", "Input should be a valid integer; got '1'"),
    ({**HEADER, "opening_faces": [2, -3]}, "opening_faces[1]",
     "Input should be greater than or equal to 0; got -3"),
    ({k: v for k, v in HEADER.items() if k != "scenario"}, "scenario", "required field is missing"),
    ({**HEADER, "players": 2}, "players", "unknown field"),
    ({**HEADER, "journal": "2"}, "journal", "Input should be a valid integer; got '2'"),
    ({**HEADER, "journal": 0}, "journal", "unknown journal format 0"),
    ({**HEADER, "journal": 3}, "journal",
     "journal format 3 was written by a newer gmkit; this one reads formats 1, 2"),
    ({**HEADER, "journal": 1}, "journal", "a format 1 journal has no sequence numbers"),
    (OLD_HEADER, "journal", "a format 1 journal has no sequence numbers"),  # 1 when not given
]


@pytest.mark.parametrize("header, where, what", HEADER_SCHEMA)
def test_a_header_of_the_wrong_shape_names_its_field(tmp_path: Path, header: dict[str, Any],
                                                     where: str, what: str) -> None:
    path = tmp_path / "j.jsonl"
    e = refusal(path, chained(header, ASH))
    assert str(e) == f"journal {path}: line 1, field {where!r}: {what}"
    assert (e.line, e.field) == (1, where)


def test_a_problem_with_no_field_is_put_on_the_whole_line() -> None:
    with pytest.raises(journal_module.ValidationError) as e:
        journal_module._HEADER.validate_python(["not", "an", "object"])
    assert _schema_problem(e.value, tagged=False) == (
        "(line)", "Input should be a valid dictionary or instance of _Header; got ['not', 'an', 'object']")


def test_the_format_1_header_and_its_lines_are_read_without_integrity(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(plain(OLD_HEADER, ASH, UNDO) + b"\n" + plain(BO))
    got = Journal.read(path)
    assert (got.header, got.entries, got.lines) == (OLD_HEADER, [ASH, UNDO, BO], [2, 3, 5])
    assert (got.checked, got.last_seq, got.last_sum, got.unterminated) == (False, 0, "", False)
    assert got.good == got.size == path.stat().st_size and got.path == str(path)
    e = refusal(path, plain(OLD_HEADER, {"op": "enter", "faces": ["6"]}))
    assert str(e) == f"journal {path}: line 2, field 'faces[0]': Input should be a valid integer; got '6'"


def test_what_a_whole_format_2_journal_reads_as(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    data = chained(HEADER, ASH, NOTE, UNDO)
    path.write_bytes(data[:-1])  # the last line lost its newline: still whole, still checked
    got = Journal.read(path)
    assert (got.header, got.entries, got.lines) == (HEADER, [ASH, NOTE, UNDO], [2, 3, 4])
    s0 = _sum("", HEADER)
    s3 = _sum(_sum(_sum(s0, ASH), NOTE), UNDO)
    assert (got.checked, got.last_seq, got.last_sum) == (True, 3, s3)
    assert (got.good, got.size, got.unterminated) == (len(data) - 1, len(data) - 1, True)


def _line(data: bytes, n: int) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(data.splitlines()[n - 1])
    return obj


def _with_line(data: bytes, n: int, text: bytes) -> bytes:
    lines = data.splitlines(keepends=True)
    lines[n - 1] = text + b"\n"
    return b"".join(lines)


def test_each_kind_of_broken_line_is_named(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    p = f"journal {path}"
    good = chained(HEADER, ASH, BO)
    second = _line(good, 2)
    cases: list[tuple[bytes, str, int, str | None]] = [
        (_with_line(good, 2, b"\xff\xfe"), f"{p}: line 2 is damaged: not UTF-8 text", 2, None),
        (_with_line(good, 2, b'{"seq": 1'), f"{p}: line 2 is damaged: not a JSON object", 2, None),
        (_with_line(good, 2, b"[1, 2]"), f"{p}: line 2 is damaged: not a JSON object (a list)", 2, None),
        (_with_line(good, 3, b"7"), f"{p}: line 3 is damaged: not a JSON object (a int)", 3, None),
        (_with_line(good, 2, b"[" * 100_000), f"{p}: line 2 is damaged: not a JSON object", 2, None),
        (_with_line(good, 2, _body({k: v for k, v in second.items() if k != "sum"}).encode()),
         f"{p}: line 2, field 'sum': missing (every line of this journal has its sequence number "
         f"and checksum)", 2, "sum"),
        (_with_line(good, 2, _body({k: v for k, v in second.items() if k != "seq"}).encode()),
         f"{p}: line 2, field 'seq': missing (every line of this journal has its sequence number "
         f"and checksum)", 2, "seq"),
        (_with_line(good, 2, _body({**second, "seq": "1"}).encode()),
         f"{p}: line 2, field 'seq': expected 1, got '1': a line is missing, repeated or out of "
         f"order", 2, "seq"),
        (_with_line(good, 2, _body({**second, "seq": True}).encode()),
         f"{p}: line 2, field 'seq': expected 1, got True: a line is missing, repeated or out of "
         f"order", 2, "seq"),
        (b"".join(good.splitlines(keepends=True)[i] for i in (0, 2, 1)),
         f"{p}: line 2, field 'seq': expected 1, got 2: a line is missing, repeated or out of "
         f"order", 2, "seq"),
        (good + good.splitlines(keepends=True)[2],
         f"{p}: line 4, field 'seq': expected 3, got 2: a line is missing, repeated or out of "
         f"order", 4, "seq"),
    ]
    want = _sum(_sum("", HEADER), ASH)
    for got in ("0" * 16, want.upper(), want[:15], want + "0", 17):
        cases.append((_with_line(good, 2, _body({**second, "sum": got}).encode()),
                      f"{p}: line 2, field 'sum': checksum {got!r} does not match the line "
                      f"(expected {want}): the line was changed, damaged or moved", 2, "sum"))
    changed = _body({**second, "actor": "Bo"}).encode()  # its sum still that of Ash's line
    cases.append((_with_line(good, 2, changed),
                  f"{p}: line 2, field 'sum': checksum {want!r} does not match the line "
                  f"(expected {_sum(_sum('', HEADER), {**ASH, 'actor': 'Bo'})}): the line was "
                  f"changed, damaged or moved", 2, "sum"))
    old = plain(OLD_HEADER, ASH, BO)
    cases += [
        (_with_line(old, 3, _body({"seq": 2, **BO}).encode()),
         f"{p}: line 3, field 'seq': this journal's lines carry no sequence number and checksum, "
         f"but this one does", 3, "seq"),
        (_with_line(old, 2, _body({"sum": "0" * 16, **ASH}).encode()),
         f"{p}: line 2, field 'sum': this journal's lines carry no sequence number and checksum, "
         f"but this one does", 2, "sum"),
    ]
    for data, text, line, where in cases:
        e = refusal(path, data)
        assert (str(e), e.line, e.field, e.path) == (text, line, where, str(path)), data[:80]


@pytest.mark.parametrize("data, line", [
    (b"", None), (b"\n\n", None), (plain({"op": "undo"}), 1), (plain({"gmkit": "0"}, ASH), 1),
    (plain({"system": "race"}), 1),
])
def test_a_file_without_a_header_is_not_a_journal(tmp_path: Path, data: bytes,
                                                  line: int | None) -> None:
    path = tmp_path / "j.jsonl"
    e = refusal(path, data)
    assert (str(e), e.path, e.line) == (f"{path} is not a gmkit journal (no header line)",
                                        str(path), line)
    path.write_bytes(b'{"gmkit": "0", "sys')  # a header cut off mid-write: nothing whole
    with pytest.raises(JournalError) as cut, pytest.warns(UserWarning, match="cut off"):
        Journal.read(path)
    assert (str(cut.value), cut.value.line) == (f"{path} is not a gmkit journal (no header line)",
                                                None)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "gone.jsonl"
    with pytest.raises(JournalError) as e:
        Journal.read(path)
    assert str(e.value) == f"cannot read journal {path}: No such file or directory"
    assert e.value.path == str(path)


def test_blank_lines_are_passed_over_and_still_counted(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    lines = chained(HEADER, ASH, BO).splitlines(keepends=True)
    path.write_bytes(lines[0] + b"\n" + lines[1] + b"  \n" + lines[2])
    got = Journal.read(path)
    assert (got.entries, got.lines, got.last_seq) == ([ASH, BO], [3, 5], 2)


@pytest.mark.parametrize("data", [chained(HEADER, ASH, BO), plain(OLD_HEADER, ASH, BO)])
def test_blank_lines_before_the_header_are_passed_over_too(tmp_path: Path, data: bytes) -> None:
    """An editor's stray empty line at the top: the header is the first line that is not blank
    (it was read as an entry, and refused with a 'seq' or 'op' problem it did not have)."""
    path = tmp_path / "j.jsonl"
    path.write_bytes(b"\n \n" + data)
    got = Journal.read(path)
    assert (got.header["system"], got.entries, got.lines) == ("race", [ASH, BO], [4, 5])
    e = refusal(path, b"\n" + chained({**HEADER, "seed": "1"}, ASH))
    assert str(e) == f"journal {path}: line 2, field 'seed': Input should be a valid integer; got '1'"
    e = refusal(path, b"\n" + plain({"op": "undo"}))
    assert (str(e), e.line) == (f"{path} is not a gmkit journal (no header line)", 2)


@pytest.mark.parametrize("lang, words", [
    ("en", "journal {path}: the last line was cut off mid-write and is skipped"),
    ("ru", "журнал {path}: последняя строка оборвана при записи и пропущена"),
])
def test_a_last_line_cut_off_mid_write_is_skipped_with_a_warning(tmp_path: Path, lang: str,
                                                                 words: str) -> None:
    path = tmp_path / "j.jsonl"
    whole = chained(HEADER, ASH, BO)
    path.write_bytes(whole + b'{"seq": 3, "sum": "0123')
    with language(lang), pytest.warns(UserWarning) as caught:
        got = Journal.read(path)
    assert [str(w.message) for w in caught] == [words.format(path=path)]
    assert (got.entries, got.lines, got.last_seq) == ([ASH, BO], [2, 3], 2)
    assert (got.good, got.size, got.unterminated) == (len(whole), len(whole) + 23, False)


def test_a_whole_last_line_without_its_newline_is_checked_like_any_other(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    data = chained(HEADER, ASH, BO)
    bad = data[:-1].replace(b'"actor": "Bo"', b'"actor": "Cy"')
    e = refusal(path, bad)
    assert (e.line, e.field) == (3, "sum")
    e = refusal(path, chained(HEADER)[:-1] + b"\n" + _body({"op": "jump"}).encode())
    assert (e.line, e.field) == (2, "seq")  # a whole line, so checked: its seq is missing
    path.write_bytes(chained(HEADER)[:-1])  # a journal that is only its header, unterminated
    got = Journal.read(path)
    assert (got.header, got.entries, got.unterminated, got.good) == (HEADER, [], True, got.size)


# --- writing ------------------------------------------------------------------------------------


def _lock_is_held(path: Path) -> bool:
    """Whether some open lock holds the journal's ``.lock`` file (flock from a fresh descriptor
    conflicts even with a lock this process holds through another one)."""
    import fcntl

    fd = os.open(os.path.realpath(path) + ".lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


posix = pytest.mark.skipif(sys.platform == "win32", reason="flock probe")


@posix
def test_a_writer_holds_the_lock_until_the_last_handle_in_the_process_closes(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    first = Journal.create(path, HEADER)
    assert _lock_is_held(path)
    second = Journal.open(path)  # the same process (a cell run again) shares the lock
    first.close()
    assert _lock_is_held(path)
    second.close()
    assert not _lock_is_held(path)
    second.close()  # twice is harmless
    assert not _lock_is_held(path)


@posix
def test_a_journal_closed_from_another_thread_lets_its_lock_go(tmp_path: Path) -> None:
    """A desk closed from a widget's callback thread, or collected on another thread."""
    import threading

    path = tmp_path / "j.jsonl"
    j = Journal.create(path, HEADER)
    closer = threading.Thread(target=j.close)
    closer.start()
    closer.join()
    assert not _lock_is_held(path)


@posix
def test_a_lock_held_elsewhere_refuses_a_writer_at_once_and_says_how_to_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import fcntl
    import time

    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", slept.append)  # a writer never waits for the lock
    path = tmp_path / "j.jsonl"
    path.write_bytes(chained(HEADER, ASH))
    fd = os.open(str(path) + ".lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as another process's writer would
    try:
        for attempt in (lambda: Journal.open(path), lambda: Journal.create(tmp_path / "j.jsonl", HEADER),
                        lambda: Journal.write_whole(path, [HEADER])):
            with pytest.raises(JournalError) as e:
                attempt()
            assert str(e.value) == (
                f"journal {path} is open for writing in another process (a desk or a run holds "
                f"j.jsonl.lock); close it there, or open this fight read-only with "
                f"resume(..., autosave=False)")
            assert e.value.path == str(path)
        assert slept == []
        assert Journal.read(path).entries == [ASH]  # reading needs no lock
        assert path.read_bytes() == chained(HEADER, ASH)
    finally:
        os.close(fd)
    Journal.open(path).close()  # free again


def test_a_lock_that_cannot_be_made_is_named(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    (tmp_path / "j.jsonl.lock").mkdir()
    with pytest.raises(JournalError) as e:
        Journal.create(path, HEADER)
    assert str(e.value) == f"cannot lock journal {path}: Is a directory"
    assert e.value.path == str(path) and not path.exists()


def test_create_writes_the_header_and_refuses_a_file_with_anything_in_it(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.touch()  # an empty file (touched by an editor) is no journal yet: it is written
    with Journal.create(path, HEADER) as j:
        assert j.contents is None and j.checked  # nothing was read; written as format 2
        j.repair()  # nothing to repair in a journal just written
        j.append(ASH, NOTE)
    assert path.read_bytes() == chained(HEADER, ASH, NOTE)
    Journal(path).close()  # a handle that never locked closes harmlessly
    one = tmp_path / "one.jsonl"
    one.write_bytes(b"\n")
    with pytest.raises(JournalError) as e:
        Journal.create(one, HEADER)
    assert str(e.value) == f"journal {one} already exists: resume it or choose a new file"
    assert e.value.path == str(one) and one.read_bytes() == b"\n"
    Journal.create(one.with_name("two.jsonl"), HEADER).close()  # the refused one left no lock


def test_open_goes_on_from_the_last_line_read(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(chained(HEADER, ASH))
    with Journal.open(path) as j:
        assert j.contents is not None and j.contents.entries == [ASH] and j.checked
        j.repair()  # nothing to repair
        assert j.contents is None
        j.append(BO)
    assert path.read_bytes() == chained(HEADER, ASH, BO)
    path.write_bytes(plain(OLD_HEADER, ASH))
    with Journal.open(path) as j:
        assert not j.checked
        j.append(BO)
    assert path.read_bytes() == plain(OLD_HEADER, ASH, BO)  # format 1 goes on as format 1


def test_repair_drops_a_cut_off_line_and_fsyncs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "j.jsonl"
    whole = chained(HEADER, ASH)
    path.write_bytes(whole + b'{"seq": 2, "su')
    synced: list[int] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.fstat(fd).st_size)
        real(fd)

    monkeypatch.setattr(journal_module.os, "fsync", fsync)
    with pytest.warns(UserWarning, match="cut off"):
        j = Journal.open(path)
    j.repair()
    assert path.read_bytes() == whole and synced == [len(whole)]
    assert j.contents is None
    j.repair()  # a second repair finds nothing to do
    j.append(BO)
    j.close()
    assert path.read_bytes() == chained(HEADER, ASH, BO)


def test_repair_gives_a_whole_last_line_its_newline(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(chained(HEADER, ASH)[:-1])
    with Journal.open(path) as j:
        j.repair()
        assert path.read_bytes() == chained(HEADER, ASH)
        j.append(BO)
    assert path.read_bytes() == chained(HEADER, ASH, BO)


def test_repair_refuses_a_file_changed_since_it_was_read(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(chained(HEADER, ASH) + b'{"seq": 2')
    with pytest.warns(UserWarning):
        j = Journal.open(path)
    with open(path, "ab") as f:
        f.write(b', "sum": "')  # someone else wrote on: not ours to cut
    with pytest.raises(JournalError, match="has changed since this encounter last read or wrote it"):
        j.repair()
    assert path.read_bytes().endswith(b'{"seq": 2, "sum": "')
    j.close()


@pytest.mark.parametrize("entry", [{}, {"seq": 5, "op": "undo"}, {"op": "undo", "sum": "x"}])
def test_an_entry_may_not_bring_its_own_integrity_fields(tmp_path: Path, entry: dict[str, Any]) -> None:
    path = tmp_path / "j.jsonl"
    with Journal.create(path, HEADER) as j:
        with pytest.raises(JournalError) as e:
            j.append(ASH, entry)
        assert str(e.value) == (f"journal {path}: an entry must be a non-empty object without "
                                f"'seq' or 'sum', got {entry!r}")
        assert path.read_bytes() == chained(HEADER)  # nothing of the batch was written
        j.append(ASH)
    assert path.read_bytes() == chained(HEADER, ASH)


def test_a_closed_journal_refuses_to_write(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    j = Journal.create(path, HEADER)
    j.close()
    assert j.closed
    with pytest.raises(JournalError) as e:
        j.append(ASH)
    assert str(e.value) == f"journal {path} is closed: resume it to go on"
    assert e.value.path == str(path) and path.read_bytes() == chained(HEADER)


def test_a_failed_write_takes_back_its_own_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "j.jsonl"
    j = Journal.create(path, HEADER)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal_module.os, "fsync", full)
    with pytest.raises(JournalError) as e:
        j.append(ASH)
    assert str(e.value) == (f"cannot write journal {path}: No space left on device; the step was "
                            f"not taken")
    assert e.value.path == str(path) and path.read_bytes() == chained(HEADER)
    monkeypatch.undo()
    j.append(BO)  # the journal goes on where it was
    j.close()
    assert path.read_bytes() == chained(HEADER, BO)


def test_a_writer_refuses_a_file_gone_or_changed_under_it(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    j = Journal.create(path, HEADER)
    copy = tmp_path / "copy.jsonl"
    copy.write_bytes(path.read_bytes())
    os.replace(copy, path)  # the same bytes in another file
    changed = (f"journal {path} has changed since this encounter last read or wrote it (another "
               f"encounter in this kernel wrote to it, or it was replaced): this one is behind; "
               f"resume the journal again to go on")
    with pytest.raises(JournalError) as e:
        j.append(ASH)
    assert (str(e.value), e.value.path) == (changed, str(path))
    path.unlink()
    with pytest.raises(JournalError) as e:
        j.append(ASH)
    assert str(e.value) == f"journal {path} is gone: save the fight elsewhere with save(path)"
    assert e.value.path == str(path) and not path.exists()
    j.close()


class Order:
    def __init__(self, dice: int):
        self.dice = dice


def _plain(obj: object) -> object:
    if isinstance(obj, Order):
        return {"dice": obj.dice}
    raise TypeError(obj)


@posix
def test_write_whole_writes_a_chained_copy_beside_and_moves_it_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(b"old")
    moved: list[tuple[str, str]] = []
    real = os.replace

    def replace(src: Any, dst: Any) -> None:
        moved.append((str(src), str(dst)))
        real(src, dst)

    monkeypatch.setattr(journal_module.os, "replace", replace)
    lines = [HEADER, {"op": "submit", "actor": "Ash", "order": Order(2)}, BO]
    assert Journal.write_whole(path, iter(lines), default=_plain) == path
    assert path.read_bytes() == chained(HEADER, ASH, BO)
    assert moved == [(str(path) + ".tmp", str(path))]  # written in the same folder, then renamed
    assert not _lock_is_held(path)  # the lock taken for the write is let go
    with Journal.open(path) as j:  # and a writer may take it
        j.append(NOTE)
    assert path.read_bytes() == chained(HEADER, ASH, BO, NOTE)


def test_start_and_rewrite_write_whole_and_go_on_appending(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    with Journal.start(path, [HEADER, {"op": "submit", "actor": "Ash", "order": Order(2)}],
                       default=_plain) as j:
        j.append(BO)
        assert path.read_bytes() == chained(HEADER, ASH, BO)
        j.rewrite([HEADER, BO])
        j.append(NOTE)
    assert path.read_bytes() == chained(HEADER, BO, NOTE)
