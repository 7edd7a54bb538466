"""The campaign page (issue 32, item 5): the chart model fight by fight, its Plotly and SVG forms,
the page's blocks in each view, every name escaped."""

from __future__ import annotations

from pathlib import Path

from gmkit.campaign import apply as ap
from gmkit.campaign import page, roster
from gmkit.campaign.store import Campaign
from tests.campaign.helpers import play
from tests.campaign.road import road


def _applied(where: Path, seed: int) -> Path:
    with roster.new(where / "road.gmc", scenario=road(where, seed), party="party") as c:
        play(where / "road.yaml", where / "road.jsonl")
        ap.apply(c, ap.plan(c, where / "road.jsonl"))
    return where / "road.gmc"


def test_the_chart_follows_points_and_levels_from_the_start(tmp_path: Path) -> None:
    with Campaign.open(_applied(tmp_path, 16)) as c:
        model = page.chart_model(c, "en")
        fig = page.figure(c, "en")
    assert model["ticks"] == ["start", "1"]
    points, levels = model["panels"]
    assert (points["label"], levels["label"]) == ("Points", "Level")
    # seed 16: Borin 180 + 15 + 15 = 210 and level 2; Mira 40, level 1; the Hound has no points
    assert {s["name"]: s["values"] for s in points["series"]} == {"Borin": [180, 210], "Mira": [40, 40]}
    assert {s["name"]: s["values"] for s in levels["series"]} == {"Borin": [1, 2], "Mira": [1, 1]}
    assert len(fig.data) == 4 and fig.layout.template.layout.to_plotly_json() == {}


def test_the_fallen_are_drawn_up_to_their_fight_and_remembered(tmp_path: Path) -> None:
    with Campaign.open(_applied(tmp_path, 28)) as c:  # seed 28: Wolf 3 kills the Hound
        blocks = page.blocks(c, "ru", "gm")
    story = next(b for b in blocks if type(b).__name__ == "Story")
    assert story.items == [("Hound: F-1: убит Wolf 3 (бой 1, «The north road»)", [])]


def test_a_players_page_leaves_out_the_bestiary_and_history_and_escapes_names(tmp_path: Path) -> None:
    path = _applied(tmp_path, 16)
    with Campaign.open(path, write=True) as c:
        roster.add_member(c, {"name": "<img src=x onerror=alert(1)>", "kind": "player", "hp": 5, "ac": 8})
        gm, player = page.html(c, "en", "gm"), page.html(c, "en", "player")
    for text in (gm, player):
        assert "<img src=x" not in text and "&lt;img src=x onerror=alert(1)&gt;" in text
        assert "<script" not in text
    assert "Bestiary" in gm and "History of changes" in gm
    assert "Bestiary" not in player and "History of changes" not in player
