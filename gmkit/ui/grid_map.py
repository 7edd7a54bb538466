"""GridMap: the space battle's square grid (S-1, S-2) as a clickable SVG, and its static twin.

The browser gets :func:`~gmkit.ui.viewmodels.map_model` and nothing else: in a player view that
model is built from the engine's player board, so a cloaked enemy's cell never leaves the kernel.
Clicking a ship selects it; the map then asks ``legal`` (the engine, through the session) which
cells and targets to highlight. Clicking a cell or a target calls the ``on_pick`` callbacks, which
fill the order form. No rule is computed here.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

import anywidget
import traitlets as t

from ._assets import asset
from .viewmodels import map_model, map_svg

__all__ = ["GridMap", "grid_svg", "SvgImage"]

Highlights = Mapping[str, Any]
"""``{"moves": [[x, y], ...], "targets": [name, ...], "guesses": [[x, y], ...]}``."""


class SvgImage(str):
    """An SVG string that a notebook shows as a picture (as python-chess's ``chess.svg`` does)."""

    def _repr_svg_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"<SvgImage, {len(self)} characters>"


def grid_svg(board: Mapping[str, Any], side: str | None = None) -> SvgImage:
    """A static SVG of a space board as ``side`` sees it (None: the GM), for reports."""
    return SvgImage(map_svg(map_model(board, side)))


class GridMap(anywidget.AnyWidget):
    """The live map. ``update(board)`` after every step; ``select(name)`` as a click does."""

    _esm = asset("grid_map.js")
    _css = asset("grid_map.css")

    model = t.Dict().tag(sync=True)
    """The map view-model the browser draws (hidden ships already removed)."""
    selected = t.Unicode("").tag(sync=True)
    picked = t.Dict().tag(sync=True)
    """The last cell or target clicked: ``{"kind": "cell", "cell": [x, y]}`` or ``{"kind": "target", "name": ...}``."""

    def __init__(self, board: Mapping[str, Any], side: str | None = None, *,
                 legal: Callable[[str], Highlights] | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.side = side
        self.legal = legal
        self._board: Mapping[str, Any] = board
        self._highlights: Highlights = {}
        self._pick_callbacks: list[Callable[[dict[str, Any]], None]] = []
        self.on_msg(self._on_msg)
        self._refresh()

    def update(self, board: Mapping[str, Any], side: str | None = "", *_: Any) -> None:
        """Redraw for a new board (and, when ``side`` is given, another viewer: None is the GM)."""
        if side != "":
            self.side = side
        self._board = board
        names = {s["name"] for s in map_model(board, self.side)["ships"]}
        if self.selected and self.selected not in names:
            self.selected = ""
        self._highlights = self._ask(self.selected)
        self._refresh()

    def select(self, name: str) -> None:
        """Select a ship (as clicking it does): its legal moves and targets are highlighted."""
        names = {s["name"] for s in self.model.get("ships", [])}
        if name and name not in names:
            raise ValueError(f"no ship {name!r} on this map; ships shown: {', '.join(sorted(names))}")
        self.selected = name
        self._highlights = self._ask(name)
        self._refresh()

    def _ask(self, name: str) -> Highlights:
        if not name or self.legal is None:
            return {}
        return self.legal(name)

    def on_pick(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call ``callback(picked)`` when a highlighted cell or a target is clicked."""
        self._pick_callbacks.append(callback)

    def pick_cell(self, x: int, y: int) -> None:
        self._pick({"kind": "cell", "cell": [int(x), int(y)], "ship": self.selected})

    def pick_target(self, name: str) -> None:
        self._pick({"kind": "target", "name": name, "ship": self.selected})

    def _pick(self, picked: dict[str, Any]) -> None:
        self.picked = picked
        if picked.get("kind") == "cell":
            self._highlights = {**self._highlights, "picked": picked["cell"]}
            self._refresh()
        for cb in list(self._pick_callbacks):
            cb(picked)

    def _on_msg(self, _w: Any, content: Any, _b: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "ship":
            name = str(content.get("name", ""))
            if self.selected and name in self.model.get("targets", []):
                self.pick_target(name)
            else:
                self.select("" if name == self.selected else name)
        elif kind == "cell":
            self.pick_cell(int(content.get("x", -1)), int(content.get("y", -1)))

    def _refresh(self) -> None:
        self.model = map_model(self._board, self.side, self._highlights, self.selected or None)

    def svg(self) -> SvgImage:
        """The static twin of what is shown now."""
        return SvgImage(map_svg(self.model))

    def __repr__(self) -> str:
        m = self.model
        view = "GM view" if m.get("view") == "gm" else f"{m.get('view')} view"
        return (f"<GridMap {m.get('width')}x{m.get('height')} round {m.get('round')}, {view}, "
                f"{len(m.get('ships', []))} ships shown, turn: {m.get('turn')}>")
