"""The space battle's views: the grid map (S-1, S-2), one model for the live widget and reports.

:func:`map_model` is what the map may show a viewer (a cloaked enemy left out entirely in a
player's view); :func:`map_svg` draws it for the live map's static twin, :func:`space_map` for
reports; :func:`picture` is a report's picture of a board. Every name is escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping

from ..palette import PALETTE, side_colours
from ..ui.svg import SvgImage

__all__ = ["STATE_COLUMNS", "picture", "map_model", "map_svg", "space_map", "grid_svg", "CELL"]

STATE_COLUMNS = ["name", "side", "class", "cells", "hull", "max_hull", "shields", "shields_up", "cloaked",
                 "hidden", "destroyed", "escaped"]
"""The columns of the state table a report shows (those a board has)."""


def picture(board: Mapping[str, Any], sides: list[str], lang: str, title: str) -> Any:
    """A report's picture of a board: the static grid map (None without ships)."""
    if "ships" not in board:
        return None
    from ..report.document import Svg

    return Svg(space_map(board, sides, title=title), title)


_SHIP_KEYS = ("name", "side", "class", "size", "cells", "orientation", "hull", "max_hull", "shields",
              "max_shields", "shields_up", "damaged", "disabled", "cloaked", "held_by", "holding",
              "fleeing", "escaped", "destroyed", "skip_turns")


def map_model(board: Mapping[str, Any], side: str | None = None,
              highlights: Mapping[str, Any] | None = None,
              selected: str | None = None) -> dict[str, Any]:
    """The grid map of a space board, as the browser may receive it.

    With ``side`` set (the player view), every ship the board marks ``hidden`` or gives no cells
    (a cloaked enemy, S-1) is left out entirely: not its cell, not its name, not its hull. The map
    of a GM view keeps cloaked ships, drawn translucent.
    """
    colors = side_colours(s["side"] for s in board.get("ships", []))
    ships = []
    for s in board.get("ships", []):
        if side is not None and (s.get("hidden") or not s.get("cells")):
            continue
        if s.get("escaped") and not s.get("cells"):
            continue
        ship = {k: s.get(k) for k in _SHIP_KEYS}
        ship["cells"] = [list(c) for c in s.get("cells", [])]
        ship["color"] = colors[s["side"]]
        ship["current"] = s["name"] == board.get("turn")
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
            "picked": list(hl["picked"]) if hl.get("picked") else None}


CELL = 36
"""Pixels per grid cell in the static SVG (the live map uses the same viewBox)."""


def map_svg(model: Mapping[str, Any]) -> str:
    """A static SVG of :func:`map_model` for reports: every user-typed name escaped."""
    w, h = model["width"], model["height"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gmkit-map" viewBox="0 0 {w * CELL} '
             f'{h * CELL}" width="{w * CELL}" height="{h * CELL}">',
             f'<rect width="{w * CELL}" height="{h * CELL}" fill="#0b1020"/>']
    for x in range(w + 1):
        parts.append(f'<line x1="{x * CELL}" y1="0" x2="{x * CELL}" y2="{h * CELL}" stroke="#2a3350"/>')
    for y in range(h + 1):
        parts.append(f'<line x1="0" y1="{y * CELL}" x2="{w * CELL}" y2="{y * CELL}" stroke="#2a3350"/>')
    for x, y in model["station"]:
        parts.append(f'<rect x="{x * CELL + 2}" y="{y * CELL + 2}" width="{CELL - 4}" '
                     f'height="{CELL - 4}" fill="#555c70"><title>station</title></rect>')
    for x, y in model.get("moves", []):
        parts.append(f'<rect class="move" x="{x * CELL + 1}" y="{y * CELL + 1}" width="{CELL - 2}" '
                     f'height="{CELL - 2}" fill="#3c6" fill-opacity="0.35"/>')
    for s in model["ships"]:
        name = escape(s["name"])
        opacity = "0.45" if s.get("cloaked") else "1"
        if s.get("destroyed"):
            opacity = "0.25"
        stroke = "#ffd54a" if s["current"] else ("#f55" if s["name"] in model.get("targets", []) else "#fff")
        parts.append(f'<g class="ship" opacity="{opacity}"><title>{name}: hull {s.get("hull")}/'
                     f'{s.get("max_hull")}, shields {s.get("shields")}/{s.get("max_shields")}</title>')
        for x, y in s["cells"]:
            parts.append(f'<rect x="{x * CELL + 4}" y="{y * CELL + 4}" width="{CELL - 8}" '
                         f'height="{CELL - 8}" rx="5" fill="{s["color"]}" stroke="{stroke}" '
                         f'stroke-width="{3 if stroke != "#fff" else 1}"/>')
            if s.get("shields_up") and s.get("shields"):
                parts.append(f'<circle cx="{x * CELL + CELL / 2}" cy="{y * CELL + CELL / 2}" '
                             f'r="{CELL / 2 - 1}" fill="none" stroke="#6cf" stroke-dasharray="3 2"/>')
        if s["cells"]:
            x, y = s["cells"][0]
            marks = len(s.get("damaged") or []) + len(s.get("disabled") or [])
            label = name if len(name) <= 8 else escape(s["name"][:7]) + "…"
            parts.append(f'<text x="{x * CELL + CELL / 2}" y="{y * CELL + CELL / 2 + 4}" '
                         f'text-anchor="middle" font-size="10" fill="#fff">{label}</text>')
            if marks:
                parts.append(f'<text x="{x * CELL + CELL - 6}" y="{y * CELL + 11}" font-size="10" '
                             f'fill="#f44" text-anchor="end">{"✕" * min(marks, 3)}</text>')
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


REPORT_CELL = 22
"""Pixels per grid cell in a report's map."""


def space_map(board: Mapping[str, Any], sides: list[str] | None = None, title: str = "") -> SvgImage:
    """The grid with the station and every ship this board shows, one coloured square per cell."""
    w = int(board.get("width", 10))
    h = int(board.get("height", 10))
    ships = list(board.get("ships", []))
    colours = side_colours(sides or sorted({str(s.get("side")) for s in ships}))
    top = 22 if title else 4
    width, height = w * REPORT_CELL + 8, h * REPORT_CELL + top + 4
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gmkit-map" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">']
    if title:
        out.append(f'<text x="4" y="15" font-size="13">{escape(title)}</text>')
    ox, oy = 4, top
    out.append(f'<rect x="{ox}" y="{oy}" width="{w * REPORT_CELL}" height="{h * REPORT_CELL}" fill="#0b1021"/>')
    for i in range(w + 1):
        out.append(f'<line x1="{ox + i * REPORT_CELL}" y1="{oy}" x2="{ox + i * REPORT_CELL}" y2="{oy + h * REPORT_CELL}" '
                   f'stroke="#26304d" stroke-width="1"/>')
    for j in range(h + 1):
        out.append(f'<line x1="{ox}" y1="{oy + j * REPORT_CELL}" x2="{ox + w * REPORT_CELL}" y2="{oy + j * REPORT_CELL}" '
                   f'stroke="#26304d" stroke-width="1"/>')
    for cell in board.get("station", []) or []:
        x, y = int(cell[0]), int(cell[1])
        out.append(f'<rect class="station" x="{ox + x * REPORT_CELL + 1}" y="{oy + y * REPORT_CELL + 1}" '
                   f'width="{REPORT_CELL - 2}" height="{REPORT_CELL - 2}" fill="#7f8c8d"/>')
    for ship in ships:
        cells = [c for c in ship.get("cells", []) or [] if isinstance(c, (list, tuple)) and len(c) == 2]
        if not cells:
            continue
        name = escape(str(ship.get("name", "")), quote=True)
        colour = PALETTE[-1] if ship.get("destroyed") else colours.get(str(ship.get("side")), PALETTE[-1])
        opacity = "0.5" if ship.get("cloaked") else "1"
        for c in cells:
            x, y = int(c[0]), int(c[1])
            out.append(f'<rect class="ship" data-ship="{name}" data-cell="{x},{y}" '
                       f'x="{ox + x * REPORT_CELL + 2}" y="{oy + y * REPORT_CELL + 2}" width="{REPORT_CELL - 4}" '
                       f'height="{REPORT_CELL - 4}" fill="{colour}" fill-opacity="{opacity}">'
                       f'<title>{name}</title></rect>')
        x0, y0 = int(cells[0][0]), int(cells[0][1])
        out.append(f'<text x="{ox + x0 * REPORT_CELL + 2}" y="{oy + y0 * REPORT_CELL - 2}" font-size="10" '
                   f'fill="#ecf0f1">{name}</text>')
    out.append("</svg>")
    return SvgImage("".join(out))


def grid_svg(board: Mapping[str, Any], side: str | None = None) -> SvgImage:
    """A static SVG of a space board as ``side`` sees it (None: the GM), for reports."""
    return SvgImage(map_svg(map_model(board, side)))


