"""PostPanel: "Post this round" and the private briefs, on every desk.

After each resolution the panel shows the round just played as a forum post (in the format and
view chosen: the public post or one side's) with a copy button, and writes the round's picture as
a PNG beside the journal; any earlier round can be picked. Its second tab holds each player's
private brief. Everything is drawn by :mod:`gmkit.report` from the fight's run data
(:class:`~gmkit.report.chronicle.Chronicle`), so the text is the same as ``gmkit post`` and
``gmkit brief`` give from the journal.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..errors import GmkitError, said
from ..i18n import format_message
from ..report.document import named
from .copy_button import CopyButton
from .speaking import speaking

if TYPE_CHECKING:
    from ..encounter import Encounter

__all__ = ["PostPanel"]


class PostPanel(w.Tab):
    """The round's post and the players' briefs of one fight, kept up to date by :meth:`refresh`."""

    def __init__(self, encounter: Encounter, *, lang: str = "en",
                 pictures: str | Path | None = None) -> None:
        from ..report.chronicle import Chronicle

        self.encounter = encounter
        self.lang = lang
        self.chronicle = Chronicle(encounter, lang)
        self.viewer: str | None = None
        """The desk's viewer: None is the GM; with a side's player looking, the panel is shut."""
        self.pictures = Path(pictures) if pictures else None
        """Where the pictures go (``NAME-posts/`` beside the journal); None: not written."""
        self.data: dict[str, Any] = {}
        self._written: dict[Path, str] = {}
        """The picture last written to each file (a file is drawn again only when it changes)."""
        self._rounds_seen = 0
        self.draw_later = False
        """Draw the PNG pictures in a thread beside the desk (a few hundred milliseconds each), so
        that the desk's buttons answer at once; :meth:`wait_pictures` waits for them."""
        self._drawing: list[Any] = []
        """The pictures being drawn (futures of :func:`~gmkit.report.forum.write_pictures`)."""
        wide = {"description_width": "initial"}
        self.round = w.Dropdown(layout=w.Layout(width="10em"), style=wide)
        self.round.add_class("gm-post-round")
        self.view = w.Dropdown(layout=w.Layout(width="20em"), style=wide)
        self.view.add_class("gm-post-view")
        self.format, self.text, self.copy, self.note = self._writing("post")
        self.image_base = w.Text(layout=w.Layout(width="40em"), style=wide)
        self.image_base.add_class("gm-post-image")
        self.actor = w.Dropdown(options=list(encounter.participants()), layout=w.Layout(width="16em"),
                                style=wide)
        self.actor.add_class("gm-brief-actor")
        self.deadline = w.Text(layout=w.Layout(width="24em"), style=wide)
        self.deadline.add_class("gm-brief-deadline")
        self.brief_format, self.brief, self.brief_copy, self.brief_note = self._writing("brief")
        post = w.VBox([w.HBox([self.round, self.view, self.format]), self.image_base,
                       w.HBox([self.copy, self.note]), self.text])
        briefs = w.VBox([w.HBox([self.actor, self.brief_format, self.deadline]),
                         w.HBox([self.brief_copy, self.brief_note]), self.brief])
        super().__init__(children=[post, briefs])
        self.add_class("gmkit-posts")
        self._refreshing = False
        """While :meth:`refresh` sets the choices: the post is written once, at its end."""
        for control in (self.round, self.view, self.format):
            control.observe(lambda _c: self._changed(self.show_post), names="value")
        self.image_base.observe(lambda _c: self._changed(self.show_post), names="value")
        for control in (self.actor, self.brief_format, self.deadline):
            control.observe(lambda _c: self._changed(self.show_brief), names="value")
        self.observe(lambda _c: self._changed(self.show_brief), names="selected_index")
        self.refresh()

    def _changed(self, show: Any) -> None:
        if not self._refreshing:
            show()

    def _formats(self) -> list[tuple[str, str]]:
        from ..report.forum import FORMATS

        return [(self.t(f"format.{f}"), f) for f in FORMATS]

    def _writing(self, tab: str) -> tuple[w.Dropdown, w.Textarea, CopyButton, w.HTML]:
        """What the post's tab and the briefs' tab both hold: the forum format, the text, its copy
        button and a note, classed ``gm-<tab>-format``, ``-text``, ``-copy`` and ``-note``."""
        fmt = w.Dropdown(options=self._formats(), value="phpbb", layout=w.Layout(width="22em"),
                         style={"description_width": "initial"})
        text = w.Textarea(layout=w.Layout(width="100%", height="18em"))
        copy = CopyButton(lang=self.lang)
        note = w.HTML()
        for widget, part in ((fmt, "format"), (text, "text"), (copy, "copy"), (note, "note")):
            widget.add_class(f"gm-{tab}-{part}")
        return fmt, text, copy, note

    def t(self, key: str, **params: Any) -> str:
        return format_message(f"ui.posts.{key}", self.lang, **params)

    # --- keeping up --------------------------------------------------------------------------------

    @speaking
    def refresh(self) -> None:
        """Bring the panel up to the fight: after a new resolution, show its round."""
        self.data = self.chronicle.update()
        from ..report.posts import play_span

        rounds = [int(r["round"]) for r in self.data["rounds"]]
        labels: list[tuple[str, Any]] = [(str(n), n) for n in rounds]
        span = play_span(self.data)
        if span is not None:  # the forum round just played reached several rounds: one post
            labels.append((f"{span[0]}–{span[1]}", span))
        new = len(self.data["rounds"]) != self._rounds_seen or (rounds and self.round.value not in
                                                                  [v for _, v in labels])
        self._rounds_seen = len(self.data["rounds"])
        keep = self.round.value
        self._refreshing = True
        try:
            with self.hold_trait_notifications():
                self._labels()
                if list(self.round.options) != labels:
                    self.round.options = labels
                values = [v for _, v in labels]
                if rounds:
                    latest = span if span is not None else rounds[-1]
                    self.round.value = latest if new or keep not in values else keep
        finally:
            self._refreshing = False
        self.show_post()
        self.show_brief()

    def _labels(self) -> None:
        self.titles = (self.t("post_tab"), self.t("brief_tab"))
        self.round.description = self.t("round")
        self.view.description = self.t("view")
        self.format.description = self.t("format")
        self.brief_format.description = self.t("format")
        self.image_base.description = self.t("image_base")
        self.image_base.placeholder = self.t("image_hint")
        self.actor.description = self.t("actor")
        self.deadline.description = self.t("deadline")
        self.deadline.placeholder = self.t("deadline_hint")
        fmts = self._formats()
        for control in (self.format, self.brief_format):
            value = control.value
            if list(control.options) != fmts:
                control.options = fmts
                control.value = value
        views = [(self.t("public"), "")] + [(self._side(s), s) for s in self.encounter.sides()]
        if self.viewer is not None:  # nothing of the other sides on a player's screen
            views = [(self._side(self.viewer), self.viewer)]
        actors = [a for a in self.encounter.participants()
                  if self.viewer is None or self.encounter.side_of(a) == self.viewer]
        if list(self.actor.options) != actors:
            self.actor.options = actors
        if list(self.view.options) != views:
            value = self.view.value or ""
            self.view.options = views
            self.view.value = value if value in [v for _, v in views] else views[0][1]
        for b in (self.copy, self.brief_copy):
            b.set_language(self.lang)

    @speaking
    def _side(self, side: str) -> str:
        """A side's post in the view list: «для отряда» (a named side), «для стороны «red»»."""
        return format_message(named("ui.posts.side", side), self.lang, side=side)

    @speaking
    def set_viewer(self, side: str | None) -> None:
        """The desk is shown to ``side``'s player (None: the GM). Posts and briefs are the GM's
        work: with a player looking the panel is shut and empty, so that no other side's brief
        or public text is on the shared screen."""
        self.viewer = side
        self.layout.display = "none" if side is not None else None
        self.refresh()

    @speaking
    def set_language(self, lang: str) -> None:
        """Write the post and the brief again in ``lang`` (and every label)."""
        self.lang = lang
        self.chronicle.language = lang
        self.refresh()

    # --- the post ----------------------------------------------------------------------------------

    def post_text(self) -> str:
        """The post as the panel shows it now (round, view, format, image URL)."""
        from ..report.forum import write
        from ..report.posts import post_blocks

        blocks = post_blocks(self.data, self.round.value, self.view.value or "", self.lang)
        self._write_pictures(blocks)
        return write(blocks, self.format.value, self.image_base.value.strip())

    def _write_pictures(self, blocks: list[Any]) -> None:
        from ..report.document import Picture
        from ..report.forum import write_pictures

        pics = [b for b in blocks if isinstance(b, Picture)]
        if not pics:
            self.note.value = ""
            return
        if self.pictures is None:
            self.note.value = escape(self.t("no_journal", name=pics[0].name))
            return
        path = self.pictures / pics[0].name
        if self._written.get(path) != pics[0].svg or not path.exists():  # drawn once per picture
            self._written[path] = pics[0].svg
            if self.draw_later:
                self._drawing.append(_worker().submit(write_pictures, pics[:1], self.pictures))
            else:
                write_pictures(pics[:1], self.pictures)
        self.note.value = escape(self.t("picture", path=str(path)))

    def wait_pictures(self, timeout: float | None = 60) -> None:
        """Wait until every picture asked for so far is written (raises what the drawing raised)."""
        drawing, self._drawing = self._drawing, []
        for job in drawing:
            job.result(timeout)

    @speaking
    def show_post(self) -> None:
        if self.viewer is not None:
            self.text.value = self.copy.text = ""
            return
        if not self.data.get("rounds"):
            self.text.value = self.copy.text = ""
            self.note.value = escape(self.t("none"))
            return
        try:
            text = self.post_text()
        except (GmkitError, ValueError) as e:
            self.note.value = f'<span style="color:#b00020">{escape(said(e, self.lang))}</span>'
            return
        self.text.value = self.copy.text = text

    # --- the briefs --------------------------------------------------------------------------------

    def brief_text(self, actor: str | None = None) -> str:
        """The brief of ``actor`` (default: the one chosen) as the panel shows it."""
        from ..report.forum import brief_text

        who = actor or self.actor.value
        data = dict(self.data, briefs=self.chronicle.briefs([who]))
        return brief_text(data, who, self.brief_format.value, self.lang, self.deadline.value.strip())

    @speaking
    def show_brief(self) -> None:
        if self.viewer is not None:
            self.brief.value = self.brief_copy.text = ""
            return
        if self.selected_index != 1 or self.actor.value is None:
            return  # a brief asks the engine for every order open: only when it is looked at
        try:
            text = self.brief_text()
        except (GmkitError, ValueError) as e:
            self.brief_note.value = f'<span style="color:#b00020">{escape(said(e, self.lang))}</span>'
            return
        self.brief_note.value = ""
        self.brief.value = self.brief_copy.text = text


_WORKER: Any = None


def _worker() -> Any:
    """The one thread that draws the posts' pictures, in the order they were asked for."""
    global _WORKER
    if _WORKER is None:
        from concurrent.futures import ThreadPoolExecutor

        _WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gmkit-pictures")
    return _WORKER
