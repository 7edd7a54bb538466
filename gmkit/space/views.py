"""The space battle's views: the grid map (S-1, S-2), one model and one static SVG renderer.

:func:`map_model` is what the map may show a viewer (a cloaked enemy left out entirely in a
player's view). :func:`map_svg` draws that model as a static SVG, the only drawing of the map in
Python: reports (:func:`picture`, :func:`space_map`), ``SpaceBattle._repr_svg_``
(:func:`grid_svg`) and the live map's static twin (``GridMap.svg()``) all call it. The live widget
sends the same model to ``widgets/grid_map.js``, which draws it in the browser and wires the
clicks. Every user-typed name (ships, sides, the title) is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from ..i18n import format_message
from ..palette import side_colours
from ..ui.svg import SvgImage

__all__ = ["STATE_COLUMNS", "picture", "map_model", "last_seen_marks", "remember_sightings", "LEGEND",
           "map_svg", "grid_svg", "space_map", "framed_map", "CELL", "REPORT_CELL"]

STATE_COLUMNS = ["name", "side", "class", "cells", "hull", "max_hull", "shields", "shields_up", "cloaked",
                 "hidden", "destroyed", "escaped"]
"""The columns of the state table a report shows (those a board has)."""

_SHIP_KEYS = ("name", "side", "class", "size", "cells", "orientation", "hull", "max_hull", "shields",
              "max_shields", "shields_up", "damaged", "disabled", "cloaked", "held_by", "holding",
              "fleeing", "escaped", "destroyed", "skip_turns")

CELL = 36
"""Pixels per grid cell (the live map draws with the same size)."""
TITLE = 22
"""Pixels above the grid for a report map's title."""


REPORT_CELL = 44
"""Pixels per grid cell of a report's map: large enough to read the names and the numbers."""


def picture(board: Mapping[str, Any], sides: list[str], lang: str, title: str) -> Any:
    """A report's picture of a board: the grid map with its column and row numbers, drawn
    :data:`REPORT_CELL` pixels to a cell (None without ships)."""
    if "ships" not in board:
        return None
    from ..report.document import Svg

    return Svg(framed_map(board, sides, title, lang=lang), title)


def framed_map(board: Mapping[str, Any], sides: Iterable[str] | None = None, title: str = "",
               cell: int = REPORT_CELL, lang: str = "en") -> str:
    """The map of a board (already its viewer's) with the column numbers above it and the row
    numbers to its left, so that a story's "(5, 11)" can be found on it; ``title`` above, drawn
    ``cell`` pixels to a cell. Every name escaped."""
    model = map_model(board, sides=sides, lang=lang)
    w, h = model["width"] * CELL, model["height"] * CELL
    pad, top = 26, (TITLE if title else 0) + 16
    vw, vh = w + pad + 4, h + top + 4
    scale = cell / CELL
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gmkit-map" viewBox="0 0 {vw} {vh}" '
           f'width="{round(vw * scale)}" height="{round(vh * scale)}" font-family="sans-serif" '
           f'font-size="11">', f'<rect width="{vw}" height="{vh}" fill="white"/>']
    if title:
        out.append(f'<text x="4" y="15" font-size="13">{escape(title)}</text>')
    out += [f'<text x="{pad + x * CELL + CELL // 2}" y="{top - 4}" text-anchor="middle" '
            f'fill="#555">{x}</text>' for x in range(model["width"])]
    out += [f'<text x="{pad - 5}" y="{top + y * CELL + CELL // 2 + 4}" text-anchor="end" '
            f'fill="#555">{y}</text>' for y in range(model["height"])]
    out.append(map_svg(model).replace("<svg ", f'<svg x="{pad}" y="{top}" ', 1))
    out.append("</svg>")
    return "".join(out)


LEGEND = ("coords", "current", "selected", "target", "move", "guess", "shield", "cloaked", "damage",
          "last_seen")
"""The legend's lines, in order (``ui.map.legend.<name>``)."""


def last_seen_marks(memory: Mapping[str, Any], board: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The last-seen marks of a side's map: for each ship its board marks ``hidden`` (unseen by
    that side), the cells where the side last saw it and the round, from ``memory`` (``{name:
    {"cells": [[x, y], ...], "round": n}}``, kept by :func:`remember_sightings` from that side's
    own boards only). The marks carry no name: the side knows that something was there."""
    out = []
    for s in board.get("ships", []):
        if not s.get("hidden"):
            continue
        seen = memory.get(s["name"])
        if seen and seen.get("cells"):
            out.append({"cells": [list(c) for c in seen["cells"]], "round": seen["round"]})
    return out


def remember_sightings(memory: dict[str, Any], board: Mapping[str, Any]) -> None:
    """Update a side's ``memory`` of where it last saw each ship from that side's ``board``: a
    ship shown with cells is seen there now; an unseen one last seen firing (S-10,
    ``revealed_cells``, public) is seen there. Nothing else of an unseen ship is kept."""
    rnd = board.get("round", 1)
    for s in board.get("ships", []):
        if s.get("destroyed") or s.get("escaped"):
            memory.pop(s["name"], None)
        elif not s.get("hidden") and s.get("cells"):
            memory[s["name"]] = {"cells": [list(c) for c in s["cells"]], "round": rnd}
        elif s.get("hidden") and s.get("revealed_cells"):
            memory[s["name"]] = {"cells": [list(c) for c in s["revealed_cells"]], "round": rnd}


def map_model(board: Mapping[str, Any], side: str | None = None,
              highlights: Mapping[str, Any] | None = None,
              selected: str | None = None, sides: Iterable[str] | None = None,
              lang: str = "en", last_seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The grid map of a space board, as the browser and the SVG renderer receive it.

    Every ship the board marks ``hidden`` (a cloaked enemy, S-1) is left out entirely: not its
    cell, not its name, not its hull; in a player's view (``side`` set) so is every ship the board
    gives no cells. The map of a GM view keeps cloaked ships, drawn translucent. ``sides`` fixes the
    colours (a report's sides in order); by default the sides colour in the board's order.
    ``last_seen`` (a side's view: :func:`last_seen_marks`) are marks without names where the side
    last saw an enemy it cannot see now. ``lang`` words each ship's hover title and the legend.
    """
    ships_in = list(board.get("ships", []))
    colors = side_colours([*(sides or ()), *(s["side"] for s in ships_in)])
    side_names = board.get("side_names") or {}
    ships = []
    for s in ships_in:
        if s.get("hidden") or (side is not None and not s.get("cells")):
            continue
        if s.get("escaped") and not s.get("cells"):
            continue
        ship = {k: s.get(k) for k in _SHIP_KEYS}
        ship["cells"] = [list(c) for c in s.get("cells", [])]
        ship["color"] = colors[s["side"]]
        ship["current"] = s["name"] == board.get("turn")
        ship["title"] = _ship_words(ship, lang, side_names.get(s["side"], s["side"]))
        ships.append(ship)
    names = {s["name"] for s in ships}
    hl = dict(highlights or {})
    return {"width": int(board.get("width", 10)), "height": int(board.get("height", 10)),
            "round": board.get("round", 1), "over": bool(board.get("over", False)),
            "view": "gm" if side is None else side,
            "turn": board.get("turn") if board.get("turn") in names else None,
            "station": [list(c) for c in board.get("station", [])],
            "ships": ships, "selected": selected if selected in names else None,
            "moves": [list(c) for c in hl.get("moves", [])],
            "guesses": [list(c) for c in hl.get("guesses", [])],
            "targets": [t for t in hl.get("targets", []) if t in names],
            "picked": list(hl["picked"]) if hl.get("picked") else None,
            "last_seen": [{"cells": m["cells"], "round": m["round"],
                           "title": format_message("ui.map.last_seen", lang, round=m["round"])}
                          for m in (last_seen or []) if side is not None],
            "legend": [format_message(f"ui.map.legend.{k}", lang) for k in LEGEND]}


def _ship_words(s: Mapping[str, Any], lang: str, side: Any = None) -> str:
    """A ship's hover title in ``lang``: name, side (``side``: as the scenario names it; else
    the ship's side id), class, hull and shields."""
    cls = ""
    if s.get("class"):
        from ..i18n import MessageError

        try:
            cls = ", " + format_message(f"space.desk.class.{s['class']}", lang)
        except MessageError:
            cls = f", {s['class']}"
    side = s.get("side") if side is None else side
    if s.get("hull") is None:
        return format_message("space.map.ship", lang, name=s["name"], side=side, cls=cls)
    up = format_message("ui.map.up", lang) if s.get("shields_up") else ""
    return format_message("ui.map.ship_title", lang, name=s["name"], side=side, cls=cls,
                          hull=s.get("hull"), max_hull=s.get("max_hull"), shields=s.get("shields"),
                          max_shields=s.get("max_shields"), up=up)


def _cell_rect(x: int, y: int, inset: int, attrs: str) -> str:
    return (f'<rect x="{x * CELL + inset}" y="{y * CELL + inset}" width="{CELL - 2 * inset}" '
            f'height="{CELL - 2 * inset}" {attrs}/>')


def _ship_title(s: Mapping[str, Any]) -> str:
    """The hover title: the model's, in its language; a bare board's in English."""
    return escape(str(s.get("title") or _ship_words(s, "en")))


def _ship(s: Mapping[str, Any], targets: list[str], selected: str | None) -> list[str]:
    name = escape(s["name"])
    opacity = "0.25" if s.get("destroyed") else "0.45" if s.get("cloaked") else "1"
    stroke, width = "#fff", 1
    if s["name"] == selected:
        stroke, width = "#fff", 4
    elif s["name"] in targets:
        stroke, width = "#f55", 3
    elif s.get("current"):
        stroke, width = "#ffd54a", 3
    out = [f'<g class="ship" opacity="{opacity}"><title>{_ship_title(s)}</title>']
    for x, y in s["cells"]:
        out.append(_cell_rect(x, y, 4, f'class="hull" data-ship="{name}" data-cell="{x},{y}" rx="5" '
                                       f'fill="{s["color"]}" stroke="{stroke}" stroke-width="{width}"'))
        if s.get("shields_up") and s.get("shields"):
            out.append(f'<circle cx="{x * CELL + CELL // 2}" cy="{y * CELL + CELL // 2}" '
                       f'r="{CELL // 2 - 1}" fill="none" stroke="#6cf" stroke-dasharray="3 2"/>')
    x, y = s["cells"][0]
    raw = str(s["name"])
    label = name if len(raw) <= 8 else escape(raw[:7]) + "…"
    out.append(f'<text x="{x * CELL + CELL // 2}" y="{y * CELL + CELL // 2 + 4}" '
               f'text-anchor="middle" font-size="10" fill="#fff">{label}</text>')
    marks = len(s.get("damaged") or []) + len(s.get("disabled") or [])
    if marks:
        out.append(f'<text x="{x * CELL + CELL - 6}" y="{y * CELL + 11}" font-size="10" '
                   f'fill="#f44" text-anchor="end">{"✕" * min(marks, 3)}</text>')
    out.append("</g>")
    return out


def map_svg(model: Mapping[str, Any], title: str = "") -> str:
    """The static SVG of a :func:`map_model`: grid, station, highlighted cells, ships (with their
    shields and damage marks); a report's ``title`` above it. Every name escaped."""
    w, h = model["width"] * CELL, model["height"] * CELL
    top = TITLE if title else 0
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gmkit-map" viewBox="0 0 {w} {h + top}" '
             f'width="{w}" height="{h + top}" font-family="sans-serif">']
    if title:
        parts.append(f'<text x="4" y="15" font-size="13">{escape(title)}</text>'
                     f'<g transform="translate(0,{top})">')
    parts.append(f'<rect width="{w}" height="{h}" fill="#0b1020"/>')
    parts += [f'<line x1="{x}" y1="0" x2="{x}" y2="{h}" stroke="#2a3350"/>' for x in range(0, w + 1, CELL)]
    parts += [f'<line x1="0" y1="{y}" x2="{w}" y2="{y}" stroke="#2a3350"/>' for y in range(0, h + 1, CELL)]
    parts += [_cell_rect(x, y, 2, 'class="station" fill="#555c70"') for x, y in model["station"]]
    parts += [_cell_rect(x, y, 1, 'class="move" fill="#3c6" fill-opacity="0.35"')
              for x, y in model.get("moves", [])]
    parts += [_cell_rect(x, y, 1, 'class="guess" fill="#c93" fill-opacity="0.35" stroke="#c93" '
                                  'stroke-dasharray="4 2"') for x, y in model.get("guesses", [])]
    if model.get("picked"):
        x, y = model["picked"]
        parts.append(_cell_rect(x, y, 2, 'class="picked" fill="none" stroke="#fff" stroke-width="3"'))
    for m in model.get("last_seen", []):
        for x, y in m["cells"]:
            parts.append(_cell_rect(x, y, 6, 'class="last-seen" fill="none" stroke="#bbb" '
                                             'stroke-dasharray="2 3"'))
            parts.append(f'<text x="{x * CELL + CELL // 2}" y="{y * CELL + CELL // 2 + 4}" '
                         f'text-anchor="middle" font-size="12" fill="#bbb">?</text>')
    targets = list(model.get("targets", []))
    for s in model["ships"]:
        if s["cells"]:
            parts += _ship(s, targets, model.get("selected"))
    if title:
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def grid_svg(board: Mapping[str, Any], side: str | None = None) -> SvgImage:
    """The map of a space board as ``side`` sees it (None: the GM), as a static SVG."""
    return SvgImage(map_svg(map_model(board, side)))


def space_map(board: Mapping[str, Any], sides: list[str] | None = None, title: str = "") -> SvgImage:
    """A report's map of a board (already a side's view): ``sides`` keeps each side's colour
    the same through the report; ``title`` goes above the grid."""
    return SvgImage(map_svg(map_model(board, sides=sides), title))
