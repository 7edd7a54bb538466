"""The campaign file: made once and never overwritten; a file that is not a campaign, is from a
newer gmkit, is held by another writer or is damaged is refused with the words that say so, and
nothing already saved is lost (issue 32, item 1)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gmkit.campaign import CampaignError
from gmkit.campaign.store import FORMAT, Campaign, Member
from tests.campaign.helpers import ROOT, snapshot


def _make(path: Path) -> None:
    with Campaign.create(path, system="fantasy", name="Road", party="party") as c, c.writing() as w:
        w.put_member(Member("Mira", {"name": "Mira", "side": "party", "hp": 7}))
        w.log("new", "Mira", "joined", None, "Mira")


def _refused(path: Path, key: str, write: bool = False) -> CampaignError:
    before = path.read_bytes() if path.exists() else None
    with pytest.raises(CampaignError) as info:
        Campaign.open(path, write=write)
    assert info.value.key == key, str(info.value)
    assert (path.read_bytes() if path.exists() else None) == before  # not a byte changed
    return info.value


def test_a_campaign_is_made_in_wal_mode_and_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "road.gmc"
    _make(path)
    with Campaign.open(path) as c:
        assert (c.system, c.name, c.party, len(c.id)) == ("fantasy", "Road", "party", 32)
        assert [m.name for m in c.members()] == ["Mira"]
        assert [(r.source, r.member) for r in c.history()] == [("new", "Mira")]
    db = sqlite3.connect(path)
    try:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] == FORMAT
    finally:
        db.close()


def test_an_existing_file_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "notes.gmc"
    path.write_text("my notes", encoding="utf-8")
    with pytest.raises(CampaignError) as info:
        Campaign.create(path, system="fantasy", name="x", party="party")
    assert info.value.key == "campaign.file.exists"
    assert path.read_text(encoding="utf-8") == "my notes"


@pytest.mark.parametrize(("content", "key"), [
    (b"", "campaign.file.empty"),
    (b"system: fantasy\nname: not a campaign\n", "campaign.file.not_campaign"),
    (b"SQLite format 3\x00", "campaign.file.not_campaign"),  # a header cut short
])
def test_a_file_that_is_not_a_campaign_is_refused_untouched(tmp_path: Path, content: bytes, key: str) -> None:
    path = tmp_path / "x.gmc"
    path.write_bytes(content)
    _refused(path, key)
    _refused(path, key, write=True)
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == ["x.gmc"]


def test_another_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    err = _refused(path, "campaign.file.other_database")
    assert "база данных, но не кампания" in err.message("ru")


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    _refused(tmp_path / "none.gmc", "campaign.file.missing")


def test_a_campaign_from_a_newer_gmkit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "road.gmc"
    _make(path)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={FORMAT + 1}")
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    err = _refused(path, "campaign.file.newer")
    assert err.params["got"] == FORMAT + 1 and "обновите gmkit" in err.message("ru")


def test_a_damaged_file_is_refused_and_not_repaired(tmp_path: Path) -> None:
    path = tmp_path / "road.gmc"
    _make(path)
    with Campaign.open(path, write=True) as c, c.writing() as w:  # enough pages to tear
        for i in range(200):
            w.put_member(Member(f"M{i}", {"name": f"M{i}", "notes": "x" * 200}))
    with open(path, "r+b") as f:  # a torn write: the second half of the file is lost
        f.truncate(path.stat().st_size // 2)
    err = _refused(path, "campaign.file.damaged")
    assert "повреждён" in err.message("ru")


_HOLDER = textwrap.dedent("""
    import sys
    from gmkit.campaign.store import Campaign
    c = Campaign.open(sys.argv[1], write=True)
    print("ready", flush=True)
    sys.stdin.readline()
    c.close()
""")


def test_a_campaign_held_by_another_writer_is_refused_and_still_read(tmp_path: Path) -> None:
    path = tmp_path / "road.gmc"
    _make(path)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        err = _refused(path, "campaign.file.locked", write=True)
        assert "road.gmc.lock" in str(err) and "открыт для записи" in err.message("ru")
        with Campaign.open(path) as c:  # readers are not refused
            assert [m.name for m in c.members()] == ["Mira"]
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.close()
        holder.wait(timeout=60)
        assert holder.stdout is not None
        holder.stdout.close()
    with Campaign.open(path, write=True) as c:  # released
        assert c.writable


_CRASH = textwrap.dedent("""
    import os, sys
    from gmkit.campaign.store import Campaign, Member
    c = Campaign.open(sys.argv[1], write=True)
    with c.writing() as w:
        w.put_member(Member("Ghost", {"name": "Ghost"}))
        w.log("edit", "Ghost", "joined", None, "Ghost")
        os._exit(9)  # the process dies in the middle of the change
""")


def test_a_writer_dying_mid_change_loses_nothing_already_saved(tmp_path: Path) -> None:
    path = tmp_path / "road.gmc"
    _make(path)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-c", _CRASH, str(path)], env=env, timeout=120)
    assert r.returncode == 9
    with Campaign.open(path, write=True) as c:
        assert [m.name for m in c.members()] == ["Mira"]
        assert [h.member for h in c.history()] == ["Mira"]


def test_an_error_inside_a_change_saves_none_of_it(tmp_path: Path) -> None:
    path = tmp_path / "road.gmc"
    _make(path)
    before = snapshot(path)
    with Campaign.open(path, write=True) as c:
        with pytest.raises(RuntimeError), c.writing() as w:
            w.put_member(Member("Ghost", {"name": "Ghost"}))
            raise RuntimeError("the GM pressed Ctrl-C")
        assert [m.name for m in c.members()] == ["Mira"]
    assert snapshot(path) == before


def test_a_campaign_open_for_reading_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "road.gmc"
    _make(path)
    with Campaign.open(path) as c, pytest.raises(CampaignError) as info, c.writing():
        pass
    assert info.value.key == "campaign.file.read_only"
