"""PasteArea: the round's paste box, one Python class beside its ES module (widgets/paste_area.js),
so a paste anywhere on the desk reaches the round table (:mod:`gmkit.ui.round_table`)."""

from __future__ import annotations

import anywidget
import traitlets as t

from ._assets import asset

__all__ = ["PasteArea"]


class PasteArea(anywidget.AnyWidget):
    """The round's paste box: ``text`` as typed or pasted; ``pasted`` counts the pastes (into the
    box, or anywhere on the same desk outside a text field), each read at once."""

    _esm = asset("paste_area.js")
    _css = asset("paste_area.css")

    text = t.Unicode("").tag(sync=True)
    placeholder = t.Unicode("").tag(sync=True)
    pasted = t.Int(0).tag(sync=True)
