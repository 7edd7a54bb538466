"""CopyButton: a button that puts a text on the browser's clipboard (a post, a brief).

The text lives in Python (``text``); the browser only copies it. ``copies`` counts the copies the
browser reports, so a test (or a GM's notebook) can tell that one happened.

>>> b = CopyButton(text="[b]Round 1[/b]")
>>> b.text
'[b]Round 1[/b]'
"""

from __future__ import annotations

import anywidget
import traitlets as t

from ..i18n import format_message
from ._assets import asset

__all__ = ["CopyButton"]


class CopyButton(anywidget.AnyWidget):
    """Copy ``text`` to the clipboard on a click; the labels in the desk's language."""

    _esm = asset("copy_button.js")
    _css = asset("copy_button.css")

    text = t.Unicode("").tag(sync=True)
    """What a click copies."""
    label = t.Unicode("Copy").tag(sync=True)
    done = t.Unicode("copied").tag(sync=True)
    failed = t.Unicode("could not copy: select the text and copy it by hand").tag(sync=True)
    copies = t.Int(0).tag(sync=True)
    """How many times the browser copied the text."""

    def __init__(self, text: str = "", lang: str = "en", **kw: object) -> None:
        super().__init__(text=text, **kw)
        self.set_language(lang)

    def set_language(self, lang: str) -> None:
        self.label = format_message("ui.posts.copy", lang)
        self.done = format_message("ui.posts.copied", lang)
        self.failed = format_message("ui.posts.copy_failed", lang)
