"""A static SVG map of a space battle's grid (S-rules board view), safe to embed anywhere.

Drawn only from the board view-model it is given: a player's board has no cells for a cloaked
enemy, so such a ship is simply not on the player's map. Every name is escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping

from .figures import PALETTE, side_colours

__all__ = ["SvgMap", "space_map"]

CELL = 22


class SvgMap(str):
    """An SVG document as a string that notebooks show as an image."""

    def _repr_svg_(self) -> str:
        return str(self)


def space_map(board: Mapping[str, Any], sides: list[str] | None = None, title: str = "") -> SvgMap:
    """The grid with the station and every ship this board shows, one coloured square per cell."""
    w = int(board.get("width", 10))
    h = int(board.get("height", 10))
    ships = list(board.get("ships", []))
    colours = side_colours(sides or sorted({str(s.get("side")) for s in ships}))
    top = 22 if title else 4
    width, height = w * CELL + 8, h * CELL + top + 4
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="gmkit-map" width="{width}" '
           f'height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">']
    if title:
        out.append(f'<text x="4" y="15" font-size="13">{escape(title)}</text>')
    ox, oy = 4, top
    out.append(f'<rect x="{ox}" y="{oy}" width="{w * CELL}" height="{h * CELL}" fill="#0b1021"/>')
    for i in range(w + 1):
        out.append(f'<line x1="{ox + i * CELL}" y1="{oy}" x2="{ox + i * CELL}" y2="{oy + h * CELL}" '
                   f'stroke="#26304d" stroke-width="1"/>')
    for j in range(h + 1):
        out.append(f'<line x1="{ox}" y1="{oy + j * CELL}" x2="{ox + w * CELL}" y2="{oy + j * CELL}" '
                   f'stroke="#26304d" stroke-width="1"/>')
    for cell in board.get("station", []) or []:
        x, y = int(cell[0]), int(cell[1])
        out.append(f'<rect class="station" x="{ox + x * CELL + 1}" y="{oy + y * CELL + 1}" '
                   f'width="{CELL - 2}" height="{CELL - 2}" fill="#7f8c8d"/>')
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
                       f'x="{ox + x * CELL + 2}" y="{oy + y * CELL + 2}" width="{CELL - 4}" '
                       f'height="{CELL - 4}" fill="{colour}" fill-opacity="{opacity}">'
                       f'<title>{name}</title></rect>')
        x0, y0 = int(cells[0][0]), int(cells[0][1])
        out.append(f'<text x="{ox + x0 * CELL + 2}" y="{oy + y0 * CELL - 2}" font-size="10" '
                   f'fill="#ecf0f1">{name}</text>')
    out.append("</svg>")
    return SvgMap("".join(out))
