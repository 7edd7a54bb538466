"""View-models from plain dicts: what each control will show, with no widget and no engine."""

from __future__ import annotations

import json

from gmkit.dice import Dice
from gmkit.dragons.views import chart_model, chart_traces
from gmkit.events import GM, Event
from gmkit.space.views import map_model, map_svg
from gmkit.ui.viewmodels import log_rows, roll_view

from .boards import EVIL, dragons_board, player_space_board, space_board


def test_roll_view_is_plain_json() -> None:
    v = roll_view(Dice(3).trait(8))
    assert json.loads(json.dumps(v)) == v


def test_chart_symbols_follow_state_D8() -> None:
    b = dragons_board(5)
    b["dragons"][1]["shaken"] = True
    b["dragons"][2]["falling"] = True
    b["dragons"][3]["turned"] = True
    b["dragons"][4].update(out=True, falling=True)
    m = chart_model(b)
    assert [d["symbol"] for d in m["dragons"]] == ["circle", "circle-open", "triangle-down",
                                                    "diamond", "x"]


def test_chart_tail_line_and_shared_point_spread_D12() -> None:
    b = dragons_board(2)
    b["dragons"][1].update(speed=4, height=10, tailing="D0")
    b["dragons"][0]["tailed_by"] = "D1"
    m = chart_model(b)
    assert m["tails"][0][:2] == ["D1", "D0"]
    p0, p1 = (m["dragons"][0]["x"], m["dragons"][0]["y"]), (m["dragons"][1]["x"], m["dragons"][1]["y"])
    assert p0 != p1  # both markers visible
    assert (m["dragons"][1]["speed"], m["dragons"][1]["height"]) == (4, 10)


def test_chart_traces_have_fixed_structure() -> None:
    a = chart_traces(chart_model(dragons_board(4)))
    b = dragons_board(4, round=3)
    b["trails"]["D0"] = [[2, 9], [3, 9]]
    c = chart_traces(chart_model(b))
    assert [t["name"] for t in a] == [t["name"] for t in c]
    assert c[0]["x"] == [2, 3, 4]


def test_chart_escapes_names() -> None:
    b = dragons_board(2)
    b["dragons"][0]["name"] = EVIL
    b["trails"] = {}
    text = json.dumps(chart_traces(chart_model(b)))
    assert "<img" not in text and "&lt;img" in text


def test_map_player_view_drops_hidden_ship_entirely_S1() -> None:
    m = map_model(player_space_board(), side="blue")
    assert "Ghost" not in json.dumps(m)
    assert [s["name"] for s in m["ships"]] == ["Hawk", "Brick"]


def test_map_player_view_drops_a_hidden_ship_even_with_cells_S1() -> None:
    b = space_board()
    b["ships"][1]["hidden"] = True
    assert "Ghost" not in json.dumps(map_model(b, side="blue"))
    assert "[8, 2]" not in json.dumps(map_model(b, side="blue"))


def test_map_gm_view_keeps_cloaked_ship() -> None:
    m = map_model(space_board())
    ghost = next(s for s in m["ships"] if s["name"] == "Ghost")
    assert ghost["cloaked"] and ghost["cells"] == [[8, 2]]
    assert [s["current"] for s in m["ships"]] == [True, False, False]


def test_map_highlights_drop_unknown_targets() -> None:
    m = map_model(player_space_board(), "blue", {"moves": [[1, 2]], "targets": ["Brick", "Ghost"]},
                  selected="Hawk")
    assert m["targets"] == ["Brick"] and m["moves"] == [[1, 2]] and m["selected"] == "Hawk"


def test_map_svg_escapes_and_shows_every_cell() -> None:
    b = space_board()
    b["ships"][0]["name"] = EVIL
    b["turn"] = EVIL
    svg = map_svg(map_model(b))
    assert "<img" not in svg and "&lt;img" in svg
    assert svg.count('rx="5"') == 1 + 1 + 3  # Hawk, Ghost, Brick's three cells


def test_log_rows_translate() -> None:
    ev = Event(2, "GM", "note", "core.gm_note", {"text": "hi"}, visibility=GM)
    assert log_rows([ev], "ru")[0]["text"] == "Заметка ведущего: hi"
    assert log_rows([ev], "en")[0] == {"round": 2, "actor": "GM", "kind": "note",
                                       "text": "GM's note: hi", "dice": ""}
