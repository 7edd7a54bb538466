"""BriefList: every player's brief in one list, a copy button each (issue 29).

A row per actor a player plays, with the player's forum nickname beside the actor's name, the
brief as it will be sent and a button that copies it: no tab to switch, no player to pick. One
deadline field and one format for all of them. The briefs are :func:`gmkit.report.briefs.all_briefs`
drawn from the desk's :class:`~gmkit.report.chronicle.Chronicle`, so they are the same text
``gmkit brief --all`` writes; they are drawn again only after a resolution or when the deadline,
the format or the language changes.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..errors import GmkitError, said
from ..i18n import format_message
from .copy_button import CopyButton

if TYPE_CHECKING:
    from ..report.briefs import Brief
    from ..report.chronicle import Chronicle

__all__ = ["BriefList"]


class BriefList(w.VBox):
    """The briefs of one fight, a row each; :meth:`refresh` after every step."""

    def __init__(self, chronicle: Chronicle, *, lang: str = "en") -> None:
        self.chronicle = chronicle
        self.lang = lang
        self.briefs: list[Brief] = []
        """The briefs shown, in scenario order."""
        self._drawn: tuple[Any, ...] | None = None
        """What the shown briefs were drawn for: (resolutions, language, format, deadline)."""
        wide = {"description_width": "initial"}
        self.title = w.HTML()
        self.deadline = w.Text(continuous_update=False, layout=w.Layout(width="24em"), style=wide)
        self.deadline.add_class("gm-briefs-deadline")
        self.format = w.Dropdown(layout=w.Layout(width="22em"), style=wide)
        self.format.add_class("gm-briefs-format")
        self.note = w.HTML()
        self.note.add_class("gm-briefs-note")
        self.rows = w.VBox()
        self.rows.add_class("gm-briefs-rows")
        self.deadline.observe(lambda _c: self.refresh(), names="value")
        self.format.observe(lambda _c: self.refresh(), names="value")
        super().__init__([self.title, w.HBox([self.deadline, self.format]), self.note, self.rows])
        self.add_class("gmkit-briefs")
        self._labels()

    def t(self, key: str, **params: Any) -> str:
        return format_message(key, self.lang, **params)

    def _labels(self) -> None:
        from ..report.forum import FORMATS

        self.title.value = f"<b>{escape(self.t('ui.round.briefs'))}</b>"
        self.deadline.description = self.t("ui.posts.deadline")
        self.deadline.placeholder = self.t("ui.posts.deadline_hint")
        self.format.description = self.t("ui.posts.format")
        options = [(self.t(f"ui.posts.format.{f}"), f) for f in FORMATS]
        if list(self.format.options) != options:
            value = self.format.value or "phpbb"
            with self.hold_trait_notifications():
                self.format.options = options
                self.format.value = value

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self._labels()
        self.refresh()

    def refresh(self) -> None:
        """Draw the briefs again when the fight, the deadline, the format or the language moved."""
        from ..inbox.table import steps
        from ..report.briefs import all_briefs

        data = self.chronicle.update()
        if not data.get("rounds"):
            self.briefs = []
            self.rows.children = ()
            self.note.value = escape(self.t("ui.round.no_briefs"))
            self._drawn = None
            return
        key = (len(data["rounds"]), steps(self.chronicle.encounter), self.lang,
               self.format.value, self.deadline.value.strip())
        if key == self._drawn:
            return
        try:
            self.briefs = all_briefs(self.chronicle, self.format.value or "phpbb", self.lang,
                                     self.deadline.value.strip())
        except (GmkitError, ValueError) as e:
            self.note.value = f'<span style="color:#b00020">{escape(said(e, self.lang))}</span>'
            return
        self._drawn = key
        self.note.value = ""
        self.rows.children = [self._row(b) for b in self.briefs]

    def shut(self) -> None:
        """Empty the list in the browser (a player's view of the desk); drawn again on refresh."""
        for row in self.rows.children:
            for part in (*row.children[0].children, *row.children[1:], row.children[0], row):
                part.close()
        self.rows.children = ()
        self.briefs = []
        self._drawn = None

    def _row(self, brief: Brief) -> w.Widget:
        who = (self.t("ui.round.brief_for", actor=brief.actor, player=brief.player) if brief.player
               else self.t("ui.round.brief_nobody", actor=brief.actor))
        head = w.HTML(f"<b>{escape(who)}</b>")
        head.add_class("gm-brief-who")
        copy = CopyButton(text=brief.text, lang=self.lang)
        copy.add_class("gm-brief-row-copy")
        text = w.Textarea(value=brief.text, layout=w.Layout(width="100%", height="7em"))
        text.add_class("gm-brief-row-text")
        row = w.VBox([w.HBox([head, copy]), text])
        row.add_class("gm-brief-row")
        return row
