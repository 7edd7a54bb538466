"""Journal format 2 and one writer per journal: sequence numbers, checksums, named lines, repair,
the lock (across processes, in one kernel, on close and collection), and format 1 still read."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import textwrap
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmkit.encounter import Encounter, read_journal
from gmkit.errors import IllegalOrder, JournalError
from gmkit.journal import Journal, checksum, dumps, strip_integrity
from tests.fuzz.common import fingerprint, read_lines, write_journal
from tests.toy import SCENARIO, Race, Run

ROOT = Path(__file__).resolve().parents[2]


def fight(path: Path) -> Race:
    r = Race(SCENARIO, journal=path)
    r.submit("Ash", Run(2))
    r.submit("Bo", Run(1))
    r.resolve_round()
    r.enter_faces(4)
    r.submit("Ash", Run(1))
    return r


def test_every_line_carries_its_sequence_number_and_checksum(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    fight(path).close()
    text = path.read_text(encoding="utf-8").splitlines()
    previous = ""
    for i, line in enumerate(text):
        assert line.startswith(f'{{"seq": {i}, "sum": "')
        obj = json.loads(line)
        assert obj["sum"] == checksum(previous, dumps(strip_integrity(obj)))
        previous = obj["sum"]
    header, entries, _ = read_journal(path)
    assert header["journal"] == 2 and "seq" not in entries[0]
    assert [e["op"] for e in entries] == ["submit", "submit", "resolve", "enter", "submit"]


def test_a_changed_seed_is_found_at_the_first_fresh_die(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    fight(path).close()
    lines = read_lines(path)
    lines[0]["seed"] = 8
    write_journal(path, lines, rechain=True)  # checksums agree: only the dice can tell
    with pytest.raises(JournalError) as e:
        Race.resume(path)
    assert e.value.line == 4 and e.value.field == "faces" and "seed 8 rolls" in str(e.value)


@pytest.mark.parametrize("actor, field", [(3, "actor"), ("Zed", "actor"), (["Ash"], "actor")])
def test_a_submit_from_a_wrong_actor_is_named(tmp_path: Path, actor: object, field: str) -> None:
    path = tmp_path / "j.jsonl"
    fight(path).close()
    lines = read_lines(path)
    lines[1]["actor"] = actor
    write_journal(path, lines, rechain=True)
    with pytest.raises(JournalError) as e:
        Race.resume(path)
    assert (e.value.line, e.value.field) == (2, field)
    assert f"line 2, field '{field}'" in str(e.value)


def test_a_wrong_typed_order_field_in_a_journal_is_named(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    fight(path).close()
    lines = read_lines(path)
    lines[5]["order"]["dice"] = "1"
    write_journal(path, lines, rechain=True)
    with pytest.raises(JournalError, match=r"line 6, field 'order': C-1: Run.dice: expected a whole number"):
        Race.resume(path)


def test_a_changed_line_fails_its_checksum_and_a_moved_line_its_sequence(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    fight(path).close()
    raw = path.read_bytes()
    path.write_bytes(raw.replace(b'"dice": 2', b'"dice": 3', 1))
    with pytest.raises(JournalError, match=r"line 2, field 'sum': checksum"):
        Race.resume(path)
    lines = raw.splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:1] + lines[2:3] + lines[1:2] + lines[3:]))
    with pytest.raises(JournalError, match=r"line 2, field 'seq': expected 1, got 2"):
        Race.resume(path)


def test_a_complete_last_line_without_newline_is_kept_and_repaired(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    live = fight(path)
    want = fingerprint(live)
    live.close()
    path.write_bytes(path.read_bytes()[:-1])
    back = Race.resume(path)
    assert fingerprint(back) == want
    back.submit("Bo", Run(2))  # appended on its own line, not onto the last one
    assert path.read_bytes().count(b"\n") == 7
    back.close()
    assert Race.resume(path, autosave=False).orders_received == ["Ash", "Bo"]


def test_read_only_resume_neither_locks_nor_repairs(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    fight(path)  # still open: holds the lock
    cut = path.read_bytes() + b'{"seq": 6, "sum'
    path.write_bytes(cut)
    with pytest.warns(UserWarning, match="cut off"):
        ro = Race.resume(path, autosave=False)
    assert ro.orders_received == ["Ash"] and path.read_bytes() == cut
    ro.submit("Bo", Run(1))  # plays on in memory, writes nothing
    assert path.read_bytes() == cut


# --- one writer ---------------------------------------------------------------------------------

HOLDER = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from tests.toy import Race, Run, SCENARIO
    r = Race(SCENARIO, journal={path!r})
    print("open", flush=True)
    for i in range({n}):
        r.note(f"n{{i}}")
        print(f"ack {{i}}", flush=True)
        time.sleep(0.005)
    print("done", flush=True)
    sys.stdin.readline()
    r.close()
    print("closed", flush=True)
    sys.stdin.readline()
""")


_CHILDREN: list[subprocess.Popen[str]] = []


@pytest.fixture(autouse=True)
def _children_closed() -> Iterator[None]:
    """Every child process of a test ended and its pipes closed (warnings are errors here)."""
    yield
    while _CHILDREN:
        proc = _CHILDREN.pop()
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=60)
        for pipe in (proc.stdin, proc.stdout):
            if pipe is not None and not pipe.closed:
                try:
                    pipe.close()
                except BrokenPipeError:
                    pass


def _child(script: str, **kw: object) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", script.format(root=str(ROOT), **kw)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    _CHILDREN.append(proc)
    return proc


def _expect(proc: subprocess.Popen[str], word: str) -> list[str]:
    seen = []
    while True:
        line = proc.stdout.readline().strip()  # type: ignore[union-attr]
        assert line, f"child ended before {word!r}; saw {seen[-3:]}"
        seen.append(line)
        if line == word:
            return seen


def test_a_second_writer_in_another_process_is_refused_and_may_read(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    proc = _child(HOLDER, path=str(path), n=60)
    try:
        _expect(proc, "open")
        sizes, seen = [], 0
        while seen < 60:
            size = path.stat().st_size
            with pytest.raises(JournalError, match="open for writing in another process"):
                Race.resume(path)
            with warnings.catch_warnings():  # the line the other process is writing may be caught
                warnings.simplefilter("ignore", UserWarning)  # half-written: skipped with a warning
                ro = Race.resume(path, autosave=False)  # during the other's appends
            notes = len(ro.record)
            assert notes >= seen
            seen = notes
            sizes.append(path.stat().st_size)
            assert sizes[-1] >= size  # nothing the other process wrote was cut away
            if len(sizes) > 2000:
                break
        _expect(proc, "done")
        assert [e.params["text"] for e in Race.resume(path, autosave=False).record] == \
            [f"n{i}" for i in range(60)]
        with pytest.raises(JournalError, match="another process"):
            Race.resume(path)
        proc.stdin.write("\n")  # type: ignore[union-attr]
        proc.stdin.flush()  # type: ignore[union-attr]
        _expect(proc, "closed")  # close() released the lock: a writer here may take it now
        mine = Race.resume(path)
        mine.note("mine")
        mine.close()
    finally:
        proc.stdin.write("\n")  # type: ignore[union-attr]
        proc.stdin.close()  # type: ignore[union-attr]
        proc.wait(timeout=60)
    assert len(Race.resume(path, autosave=False).record) == 61


APPENDER = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from gmkit.errors import JournalError
    from tests.toy import Race
    for i in range({n}):
        while True:
            try:
                with Race.resume({path!r}) as r:
                    r.note(f"n{{i}}")
                break
            except JournalError:
                time.sleep(0.001)
        print(f"ack {{i}}", flush=True)
    print("done", flush=True)
""")


def test_resuming_while_another_process_appends_loses_nothing(tmp_path: Path) -> None:
    """Two processes take turns at the lock: one resumes and appends a note each time, the other
    resumes (repairing, had anything needed it) and closes, as fast as it can. Every
    acknowledged note is in the journal, in order."""
    path = tmp_path / "j.jsonl"
    Race(SCENARIO, journal=path).close()
    proc = _child(APPENDER, path=str(path), n=40)
    taken = refused = 0
    try:
        while proc.poll() is None:
            try:
                with Race.resume(path):
                    taken += 1
            except JournalError as e:
                assert "another process" in str(e)
                refused += 1
    finally:
        out = proc.communicate(timeout=120)[0]
    assert proc.returncode == 0 and out.count("ack") == 40
    notes = [e.params["text"] for e in Race.resume(path, autosave=False).record]
    assert notes == [f"n{i}" for i in range(40)]
    assert taken > 0


def test_a_killed_holder_leaves_the_lock_free(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    proc = _child(HOLDER, path=str(path), n=3)
    _expect(proc, "done")
    proc.kill()
    proc.wait(timeout=60)
    with Race.resume(path) as back:
        assert len(back.record) == 3


def test_in_one_kernel_only_the_encounter_that_saw_the_file_last_may_write(tmp_path: Path) -> None:
    """A notebook cell run again resumes the journal while the old desk still exists: the new
    encounter goes on, the old one is refused rather than forking the fight."""
    path = tmp_path / "j.jsonl"
    old = fight(path)
    new = Race.resume(path)
    old.note("the old desk may still write while the new one has not")
    new_again = Race.resume(path)
    new_again.submit("Bo", Run(2))
    before = fingerprint(old)
    with pytest.raises(JournalError, match="has changed since this encounter last read or wrote"):
        old.submit("Bo", Run(1))
    assert fingerprint(old) == before
    with pytest.raises(JournalError, match="has changed"):
        new.resolve_round()
    new_again.resolve_round()
    assert Race.resume(path, autosave=False).resolutions == 2


def _lock_is_free(path: Path) -> bool:
    probe = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from gmkit.errors import JournalError
        from tests.toy import Race
        try:
            Race.resume({str(path)!r}).close()
            print("free")
        except JournalError:
            print("held")
    """)
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120).stdout.strip() == "free"


def test_close_context_manager_and_collection_release_the_lock(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    r = fight(path)
    assert not _lock_is_free(path)
    r.close()
    assert _lock_is_free(path)
    with pytest.raises(JournalError, match="closed"):
        r.submit("Bo", Run(1))  # refused before anything changes
    assert r.orders_received == ["Ash"]
    with Race.resume(path) as again:
        assert not _lock_is_free(path)
    assert _lock_is_free(path) and again.orders_received == ["Ash"]
    held = Race.resume(path)
    assert not _lock_is_free(path)
    del held
    gc.collect()
    assert _lock_is_free(path)


def test_save_onto_its_own_journal_and_autosave_move_the_writer(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    r = fight(path)
    r.undo()
    r.save(path)  # rewritten without the undone step, and still appended to
    r.submit("Bo", Run(1))
    assert all('"undo"' not in line for line in path.read_text().splitlines())
    other = tmp_path / "k.jsonl"
    r.autosave(other)
    assert _lock_is_free(path) and not _lock_is_free(other)
    r.note("on the new journal")
    assert fingerprint(Race.resume(other, autosave=False)) == fingerprint(r)
    r.close()


def test_a_writer_elsewhere_refuses_a_save_over_its_journal(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    proc = _child(HOLDER, path=str(path), n=1)
    try:
        _expect(proc, "done")
        mine = Race(SCENARIO)
        with pytest.raises(JournalError, match="another process"):
            mine.save(path)
        with pytest.raises(JournalError, match="another process"):
            mine.autosave(path)
    finally:
        proc.stdin.write("\n\n")  # type: ignore[union-attr]
        proc.stdin.close()  # type: ignore[union-attr]
        proc.wait(timeout=60)


# --- format 1 -----------------------------------------------------------------------------------


def test_format_1_journals_are_read_checked_and_go_on_as_format_1(tmp_path: Path) -> None:
    """Journals written before checksums resume (every check but the integrity fields') and
    are appended to in their own format, so the file never mixes the two."""
    path = tmp_path / "j.jsonl"
    live = fight(path)
    live.close()
    lines = [strip_integrity(obj) for obj in read_lines(path)]
    lines[0]["journal"] = 1
    path.write_text("".join(dumps(obj) + "\n" for obj in lines), encoding="utf-8")
    back = Race.resume(path)
    assert fingerprint(back) == fingerprint(live)
    back.submit("Bo", Run(2))
    back.close()
    last = json.loads(path.read_text().splitlines()[-1])
    assert "seq" not in last and last["op"] == "submit"
    assert Race.resume(path, autosave=False).orders_received == ["Ash", "Bo"]
    lines[3]["faces"] = ["6"]  # still checked by the schema
    path.write_text("".join(dumps(obj) + "\n" for obj in lines), encoding="utf-8")
    with pytest.raises(JournalError, match=r"line 4, field 'faces\[0\]'"):
        Race.resume(path)


def test_a_format_from_the_future_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    fight(path).close()
    lines = read_lines(path)
    lines[0]["journal"] = 3
    write_journal(path, lines, rechain=True)
    with pytest.raises(JournalError, match="format 3 was written by a newer gmkit"):
        Encounter.resume(path)


def test_the_journal_class_on_its_own(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    header = {"gmkit": "0", "journal": 2, "system": "race", "seed": 1, "scenario_hash": "",
              "scenario": {}}
    with Journal.create(path, header) as j:
        j.append({"op": "undo"}, {"op": "undo"})
        with pytest.raises(JournalError, match="already exists"):
            Journal.create(path, header)
    assert j.closed
    with pytest.raises(JournalError, match="closed"):
        j.append({"op": "undo"})
    got = Journal.read(path)
    assert got.last_seq == 2 and got.lines == [2, 3] and got.checked
    with pytest.raises(JournalError, match="line 2, field 'op': an undo with no step before it"):
        got.effective()


# --- orders at the door -------------------------------------------------------------------------


@pytest.mark.parametrize("actor, order, fragment", [
    ("Ash", Run("2"), "Run.dice: expected a whole number (int), got '2'"),  # type: ignore[arg-type]
    ("Ash", Run(True), "Run.dice: expected a whole number (int), got True"),
    ("Ash", Run(None), "Run.dice"),  # type: ignore[arg-type]
    (["Ash"], Run(1), "actor: expected a participant's name (text), got ['Ash']"),
    (7, Run(1), "actor: expected a participant's name"),
])
def test_wrong_types_at_submit_name_the_field(tmp_path: Path, actor: object, order: object,
                                              fragment: str) -> None:
    path = tmp_path / "j.jsonl"
    r = Race(SCENARIO, journal=path)
    before, raw = fingerprint(r), path.read_bytes()
    with pytest.raises(IllegalOrder) as e:
        r.submit(actor, order)  # type: ignore[arg-type]
    assert fragment in str(e.value) and e.value.rule == "C-1"
    assert fingerprint(r) == before and path.read_bytes() == raw
    r.close()


def test_wrong_steps_at_the_door_change_nothing(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    r = fight(path)
    before, raw = fingerprint(r), path.read_bytes()
    for step in (lambda: r.withdraw(["Ash"]), lambda: r.reorder(3), lambda: r.reorder([1]),
                 lambda: r.enter_faces("6"), lambda: r.enter_faces(10**40),
                 lambda: r.note("x", visibility="everyone")):
        with pytest.raises(Exception) as e:
            step()
        assert isinstance(e.value, (IllegalOrder, JournalError)) or type(e.value).__module__ == "gmkit.errors"
        assert fingerprint(r) == before and path.read_bytes() == raw
    r.close()


# --- on disk before it returns ------------------------------------------------------------------


def test_every_append_is_fsynced_with_the_new_line_in_it(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """C-1 and the journal's promise: every step is flushed *and* fsynced before the call returns
    (a kill -9 test cannot see a dropped fsync: the page cache survives the process)."""
    import gmkit.journal as journal_module

    synced: list[tuple[int, int]] = []  # (inode, size) of each file fsynced

    def fsync(fd: int) -> None:
        st = os.fstat(fd)
        synced.append((st.st_ino, st.st_size))

    monkeypatch.setattr(journal_module.os, "fsync", fsync)
    path = tmp_path / "j.jsonl"
    r = Race(SCENARIO, journal=path)
    for step in (lambda: r.submit("Ash", Run(2)), lambda: r.enter_faces(3, 4),
                 lambda: r.submit("Bo", Run(1)), r.resolve_round, r.undo):
        before = len(synced)
        step()
        st = path.stat()
        assert len(synced) > before, "a journal step returned without an fsync"
        assert synced[-1] == (st.st_ino, st.st_size)  # the file itself, with the new line in it
    r.save(path)  # a whole rewrite: the new file is fsynced before it replaces the old one
    st = path.stat()
    assert synced[-1] == (st.st_ino, st.st_size)
    r.close()
