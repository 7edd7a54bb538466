"""A player-view run writes player-safe files: the cloaked Shade's true cells, the GM's notes and
the orders not resolved are only in the files named ``.gm.`` (S-10, D-1).

Two runs of the space template on the cloak scenario (one kernel each): the public player view,
and the patrol's view with a GM note from an orders file.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from gmkit.cli import main
from gmkit.events import Event
from gmkit.report.html import read_notebook, run_data_of

SCENARIO = "scenarios/space_cloak_2v2.yaml"
SEED = 5
NOTE = "GM-SECRET: the Shade waits behind the station"
PAIR = re.compile(r"\(\s*(\d+)\s*,\s*(\d+)\s*\)")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("player-runs")
    orders = base / "notes.yaml"
    # the Shade slips away cloaked for three rounds (S-10), then the autopilot takes over
    orders.write_text("rounds:\n  1: {Shade: {type: Move, to: [5, 12]}}\n"
                      "  2: {Shade: {type: Move, to: [5, 13]}}\n  3: {Shade: {type: Move, to: [6, 13]}}\n"
                      f"notes:\n  1: [{json.dumps(NOTE)}]\n  3: [{json.dumps(NOTE)}]\n")
    got = {}
    for side in ("", "patrol"):
        out = base / (side or "public")
        args = ["run", "space_battle", "--scenario", SCENARIO, "--seed", str(SEED), "--out", str(out),
                "--name", "cloak", "-p", "view", "player", "-p", "orders", str(orders),
                "-p", "odds_trials", "0"]
        if side:
            args += ["-p", "side", side]
        assert main(args) == 0
        got[side] = out
    return got


def _ship_cells(text: str, ship: str) -> set[tuple[int, int]]:
    cells = set()
    for rect in re.findall(r"<rect\b[^>]*>", text):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', rect))
        if attrs.get("data-ship") == ship and "data-cell" in attrs:
            x, y = attrs["data-cell"].split(",")
            cells.add((int(x), int(y)))
    return cells


def _walk(value, found):
    """Every ship record (a mapping with a name and cells) anywhere in ``value``."""
    if isinstance(value, dict):
        if "name" in value and "cells" in value:
            found.append(value)
        for v in value.values():
            _walk(v, found)
    elif isinstance(value, list):
        for v in value:
            _walk(v, found)
    return found


def _secrets(gm: dict, side: str):
    """The Shade's cells the GM saw and this view never did; the cells this view may show as text
    (any ship's it sees, those its events name); the texts of the events hidden from it."""
    # drawn from the GM's data here, not by the code under test
    who = side or "\x00public"

    def view(views):
        return views["sides"][side] if side else views["public"]

    ships = _walk([view(gm["initial"])] + [view(r["views"]) for r in gm["rounds"]], [])
    visible = [Event.from_json(e) for r in gm["rounds"] for e in r["events"]
               if Event.from_json(e).visible_to(who)]
    visible_text = " ".join(e.text("en") for e in visible)
    named = {(int(x), int(y)) for x, y in PAIR.findall(visible_text)}
    seen = {tuple(c) for s in ships if s["name"] == "Shade" for c in s["cells"]}
    seen |= {tuple(s["revealed_at"]) for s in ships if s.get("revealed_at")} | named
    legit = {tuple(c) for s in ships for c in s["cells"]} | named
    boards = [gm["initial"]["gm"]] + [r["views"]["gm"] for r in gm["rounds"]]
    true_cells = {tuple(c) for s in _walk(boards, []) if s["name"] == "Shade" for c in s["cells"]}
    hidden_texts = {Event.from_json(e).text("en") for r in gm["rounds"] for e in r["events"]}
    hidden_texts -= {e.text("en") for e in visible}
    return true_cells - seen, legit, hidden_texts


@pytest.mark.parametrize("side", ["", "patrol"])
def test_no_player_file_holds_what_the_gm_alone_may_see(runs, side):
    out = runs[side]
    gm = json.loads((out / "cloak.gm.json").read_text())
    secret, legit, hidden_texts = _secrets(gm, side)
    assert secret - legit, "the scenario should keep Shade's cells from this view for a while"
    assert any(NOTE in t for t in hidden_texts)
    # the GM's files hold it all (so the checks below can see a leak)
    gm_html = (out / "cloak.gm.html").read_text()
    assert NOTE in gm_html and _ship_cells(gm_html, "Shade") & secret
    journal = (out / "cloak.gm-journal.jsonl").read_text()
    assert NOTE in journal

    player_files = [p for p in out.iterdir() if ".gm." not in p.name and ".gm-" not in p.name
                    and p.name != "notes.yaml"]
    names = {p.name for p in player_files}
    tag = "player-patrol" if side else "player"
    assert {"cloak.ipynb", f"cloak.{tag}.html", "cloak.summary.json", "cloak.files.json"} <= names
    assert ("cloak.player-patrol.bbcode.txt" if side else "cloak.bbcode.txt") in names
    assert not any(p.name.startswith("cloak.journal") or p.name == "cloak.run.json" for p in player_files)
    for p in player_files:
        text = p.read_text(encoding="utf-8")
        assert NOTE not in text, p.name
        assert "Orders not resolved" not in text, p.name
        for hidden in hidden_texts:
            assert hidden not in text, (p.name, hidden)
        assert not (_ship_cells(text, "Shade") & secret), p.name
        pairs = {(int(x), int(y)) for x, y in PAIR.findall(text)} & (secret - legit)
        assert not pairs, f"{p.name} shows Shade's hidden cell(s) {sorted(pairs)}"

    # the notebook's own run data is this view's, nothing more
    nb = read_notebook(out / "cloak.ipynb")
    meta = run_data_of(nb)
    data = meta["run"]
    assert (data["view"], data["side"], meta["view"]) == ("player", side, "player")
    assert "journal" not in data and not data["unresolved"] and "gm" not in data["initial"]
    assert set(data["scenario"]) <= {"system", "name", "description", "language"}
    assert all(set(r["views"]) == ({"sides"} if side else {"public"}) for r in data["rounds"])
    for rec in _walk(data, []):
        if rec["name"] == "Shade":
            assert not ({tuple(c) for c in rec["cells"]} & secret)
    for mine, theirs in zip(data["rounds"], gm["rounds"], strict=True):
        true = next(s for s in theirs["views"]["gm"]["ships"] if s["name"] == "Shade")
        board = mine["views"]["sides"][side] if side else mine["views"]["public"]
        shown = next(s for s in board["ships"] if s["name"] == "Shade")
        if true["cloaked"]:
            assert shown["cells"] == [], mine["round"]
    assert "participants" not in meta["summary"] and meta["summary"]["winner"] == gm["summary"]["winner"]
    svg = " ".join(str(o.get("data", {}).get("text/html", "")) for c in nb.cells
                   for o in c.get("outputs", []))
    assert not (_ship_cells(svg, "Shade") & secret)


def test_report_command_on_player_and_gm_files(runs, capsys, tmp_path):
    # copies: the reports are written beside their source, and the run's own folder is checked
    # above to hold the patrol's files only (the smugglers' brief written there would fail it)
    out = tmp_path
    for f in ("cloak.ipynb", "cloak.gm.json"):
        shutil.copy(runs["patrol"] / f, out / f)
    nb = str(out / "cloak.ipynb")
    # a player's notebook gives that player's reports, and no other view
    assert main(["report", nb, "--to", "markdown", "--view", "player", "--side", "patrol"]) == 0
    md = Path(capsys.readouterr().out.strip())
    assert md.name == "cloak.player-patrol.md" and NOTE not in md.read_text()
    assert main(["report", nb, "--view", "gm"]) == 2
    err = capsys.readouterr().err
    assert "side 'patrol''s player view only" in err and "gm.json" in err
    assert main(["report", nb, "--view", "player", "--side", "smugglers"]) == 2
    capsys.readouterr()
    # the GM file gives every view
    gm = str(out / "cloak.gm.json")
    assert main(["report", gm, "--to", "bbcode", "--view", "gm", "-o", "-"]) == 0
    assert NOTE in capsys.readouterr().out
    assert main(["report", gm, "--to", "bbcode", "--view", "player", "--side", "smugglers"]) == 0
    path = Path(capsys.readouterr().out.strip())
    assert path.name == "cloak.player-smugglers.bbcode.txt" and NOTE not in path.read_text()


def test_file_names_stay_in_the_folder_and_apart(tmp_path, capsys):
    from gmkit.report.rundata import view_tag

    assert (view_tag("gm"), view_tag("player"), view_tag("player", "patrol")) == \
        ("gm", "player", "player-patrol")
    odd = [view_tag("player", s) for s in ("../red fleet", "..-red-fleet", "red/fleet", "красные")]
    assert len(set(odd)) == len(odd) and not any("/" in t or t.startswith("player-.") for t in odd)
    assert odd[3] == "player-красные"
    assert main(["run", "space_battle", "--out", str(tmp_path), "--name", "../cloak"]) == 2
    assert "a file name is expected, not a path" in capsys.readouterr().err
    assert not list(tmp_path.parent.glob("cloak*"))
