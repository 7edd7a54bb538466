"""SpeedHeightChart and GridMap state without a browser."""

from __future__ import annotations

import json

import plotly.graph_objects as go
import pytest

from gmkit.dragons.ui import SpeedHeightChart
from gmkit.dragons.views import speed_height_figure
from gmkit.space.ui import GridMap
from gmkit.space.views import grid_svg

from .boards import EVIL, dragons_board, player_space_board, space_board


def test_chart_updates_in_place() -> None:
    chart = SpeedHeightChart(dragons_board(3))
    widget = chart.widget
    b = dragons_board(3, round=2)
    b["dragons"][0].update(speed=7, height=12)
    b["trails"]["D0"] = [[4, 10]]
    chart.update(b)
    assert chart.widget is widget and chart.updates == 1
    red = next(t for t in widget.data if t.name == "red")
    assert (red.x[0], red.y[0]) == (7, 12)
    assert widget.data[0].x == (4, 7)
    assert "round 2" in widget.layout.title.text
    assert repr(chart).startswith("<SpeedHeightChart round 2: D0 7/12")


def test_static_figure_from_the_same_model() -> None:
    b = dragons_board(3)
    fig = speed_height_figure(b)
    assert isinstance(fig, go.Figure) and not isinstance(fig, go.FigureWidget)
    live = SpeedHeightChart(b).figure()
    def strip(f):
        return [{k: v for k, v in t.items() if k != "uid"} for t in f.to_plotly_json()["data"]]
    assert strip(fig) == strip(live)


def test_gridmap_select_asks_engine_and_highlights() -> None:
    asked = []

    def legal(name: str) -> dict:
        asked.append(name)
        return {"moves": [[1, 2], [2, 2]], "targets": ["Brick"]}

    m = GridMap(space_board(), legal=legal)
    m._on_msg(m, {"type": "ship", "name": "Hawk"}, [])
    assert asked == ["Hawk"] and m.selected == "Hawk"
    assert m.model["moves"] == [[1, 2], [2, 2]] and m.model["targets"] == ["Brick"]
    picks = []
    m.on_pick(picks.append)
    m._on_msg(m, {"type": "cell", "x": 2, "y": 2}, [])
    assert m.model["picked"] == [2, 2]
    m._on_msg(m, {"type": "ship", "name": "Brick"}, [])
    assert picks == [{"kind": "cell", "cell": [2, 2], "ship": "Hawk"},
                     {"kind": "target", "name": "Brick", "ship": "Hawk"}]
    assert m.picked == picks[-1]
    m._on_msg(m, {"type": "ship", "name": "Hawk"}, [])  # clicking the selected ship unselects
    assert m.selected == "" and m.model["moves"] == []


def test_gridmap_player_view_sends_no_trace_of_cloaked_enemy_S1() -> None:
    m = GridMap(player_space_board(), side="blue")
    state = json.dumps(m.get_state())
    assert "Ghost" not in state and "[8, 2]" not in state.replace(" ", "")
    with pytest.raises(ValueError, match="no ship 'Ghost'"):
        m.select("Ghost")


def test_gridmap_switch_view_drops_selection() -> None:
    m = GridMap(space_board(), legal=lambda n: {})
    m.select("Ghost")
    m.update(player_space_board(), side="blue")
    assert m.selected == "" and "Ghost" not in json.dumps(m.get_state())


def test_gridmap_static_svg_and_escape() -> None:
    b = space_board()
    b["ships"][0]["name"] = EVIL
    svg = grid_svg(b)
    assert svg._repr_svg_().startswith("<svg") and "<img" not in svg
    assert GridMap(b).svg() == svg


def test_gridmap_repr_deterministic() -> None:
    assert repr(GridMap(space_board())) == "<GridMap 12x10 round 1, GM view, 3 ships shown, turn: Hawk>"
    assert repr(GridMap(player_space_board(), "blue")) == (
        "<GridMap 12x10 round 1, blue view, 2 ships shown, turn: Hawk>")


def test_grid_js_never_uses_innerhtml() -> None:
    from gmkit.ui._assets import asset

    assert "innerHTML" not in asset("grid_map.js").read_text()
