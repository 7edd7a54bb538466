"""The map (S-1): one model, one SVG renderer behind reports, the engine's repr and the widget's
static twin; every name escaped wherever the map is drawn."""

from __future__ import annotations

import xml.dom.minidom

from gmkit.space import Attack, Move, Pursue, SpaceBattle, Tractor
from gmkit.space.ui import GridMap, highlights
from gmkit.space.views import grid_svg, map_model, map_svg, picture, space_map

from .helpers import battle, ship

EVIL = "<img src=x onerror=alert(1)>"
SIDE = 'a"&<b>'


def evil_battle() -> SpaceBattle:
    return battle(ship(EVIL, SIDE, (1, 1)), ship("Q'\"&", "blue", (2, 2)), ship("Shade", "red", (6, 6),
                  cloak=True, cloaked=True))


def well_formed(svg: str) -> None:
    xml.dom.minidom.parseString(svg)


def test_repr_svg_escapes_every_name() -> None:
    svg = evil_battle()._repr_svg_()
    assert "<img" not in svg and "&lt;img" in svg and 'a"&<b>' not in svg
    well_formed(svg)


def test_report_picture_escapes_names_and_title() -> None:
    b = evil_battle()
    pic = picture(b.board("blue"), b.sides(), "en", f"Round 1 {EVIL}")
    assert pic is not None
    assert "<img" not in pic.svg
    assert "Round 1 &lt;img src=x" in pic.svg and 'data-ship="&lt;img src=x' in pic.svg
    assert "Shade" not in pic.svg  # cloaked from blue (S-1)
    well_formed(pic.svg)


def test_one_renderer_behind_every_map() -> None:
    b = evil_battle()
    board = b.board()
    assert b._repr_svg_() == grid_svg(board) == map_svg(map_model(board))
    assert space_map(board) == map_svg(map_model(board))
    assert GridMap(board).svg() == grid_svg(board)
    assert space_map(board, title="T") == map_svg(map_model(board), "T")


def test_report_colours_follow_the_sides_given() -> None:
    board = battle(ship("A", "red", (0, 0)), ship("B", "blue", (3, 3))).board()
    first = {s["name"]: s["color"] for s in map_model(board)["ships"]}
    swapped = {s["name"]: s["color"] for s in map_model(board, sides=["blue", "red"])["ships"]}
    assert first == {"A": swapped["B"], "B": swapped["A"]}


def test_highlights_are_read_from_the_engines_legal_orders() -> None:
    b = battle(ship("A", "red", (1, 1), tractor=True), ship("B", "blue", (2, 2)),
               ship("Shade", "blue", (6, 6), cloak=True, cloaked=True))
    legal = list(b.legal_orders("A"))
    hl = highlights(b, "A", "red")
    assert hl["moves"] == [list(o.to) for o in legal if isinstance(o, Move)]
    assert hl["targets"] == ["B"]
    assert {tuple(c) for c in hl["guesses"]} == {o.cell for o in legal if isinstance(o, Attack)
                                                if o.cell is not None}
    assert all(not isinstance(o, Pursue) for o in legal) and Tractor("B") in b.legal_orders("A")
