"""RoundTable: the whole forum round on one panel of the desk (issue 29).

The GM pastes every player's message at once (into the box, or with Ctrl+V anywhere on the
desk); :func:`gmkit.inbox.read_paste` cuts and reads them and the panel shows a row per actor:
the message with the words used marked, the reading, the state (ready, a question, refused, no
message yet...), an inline edit that reads the row again, and for a row that is not ready the
reply to send the player (a reminder when nothing came) with a copy button. The GM's own actors
fill their rows from the autopilot. «Accept all» takes every ready row (:func:`gmkit.inbox.accept_all`,
never a question), «Play the round» plays it (:func:`gmkit.rounds.play_round`: every turn in the
rules' order, stopping with the reason and the choices where an order no longer fits). Below, the
round's post with one copy button and every player's brief (:class:`~.brief_list.BriefList`).
The widgets only show what the engine functions return; a player's text is never HTML here.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..errors import GmkitError, said
from ..i18n import format_message
from .brief_list import BriefList
from .copy_button import CopyButton
from .paste import MarkedMessage
from .paste_area import PasteArea

if TYPE_CHECKING:
    from ..inbox import Inbox, Row
    from ..rounds import RoundPlay

__all__ = ["RoundTable"]

OPEN_EDIT = ("question", "refused")
"""The states whose row shows its editor open (the GM answers a question by editing)."""
REPLY = ("question", "refused", "missing")
"""The states whose row offers the reply to send the player."""

class RoundTable(w.VBox):
    """The round's table of one desk (a :class:`~gmkit.ui.sessions.Session`)."""

    def __init__(self, desk: Any) -> None:
        self.desk = desk
        self.table: Inbox | None = None
        """The table shown (None before the first refresh)."""
        self.play_result: RoundPlay | None = None
        """What the last «Play the round» did."""
        self._editing: set[str] = set()
        """The rows (by actor) whose editor the GM opened."""
        self._views: dict[tuple[Any, ...], tuple[w.Box, w.HTML, str]] = {}
        """The rows' widgets by what they show (:meth:`_key`), and the state their badge shows."""
        self.area = PasteArea()
        self.area.add_class("gm-round-paste")
        self.area.observe(lambda _c: self.read(), names="pasted")
        self.read_button = w.Button(icon="search")
        self.read_button.add_class("gm-round-read")
        self.read_button.on_click(lambda _b: self.read())
        self.gm = w.Text(continuous_update=False, layout=w.Layout(width="26em"),
                         style={"description_width": "initial"})
        self.gm.add_class("gm-round-gm")
        self.title = w.HTML()
        self.lines = w.HTML()
        self.lines.add_class("gm-round-lines")
        self.head = w.HTML()
        self.legend = w.HTML()
        self.legend.add_class("gm-round-legend")
        self.rows = w.VBox()
        self.rows.add_class("gm-round-rows")
        self.accept_button = w.Button(button_style="primary", icon="check-double")
        self.accept_button.add_class("gm-round-accept")
        self.accept_button.on_click(lambda _b: self.accept_all())
        self.play_button = w.Button(button_style="success", icon="forward")
        self.play_button.add_class("gm-round-play")
        self.play_button.on_click(lambda _b: self.play())
        self.status = w.HTML()
        self.status.add_class("gm-round-status")
        self.choice = w.Dropdown(layout=w.Layout(width="auto"), style={"description_width": "initial"})
        self.choice.add_class("gm-round-choice")
        self.give_button = w.Button(button_style="warning", icon="share")
        self.give_button.add_class("gm-round-give")
        self.give_button.on_click(lambda _b: self.give())
        self.choice_box = w.HBox([self.choice, self.give_button], layout=w.Layout(display="none"))
        self.out_title = w.HTML()
        self.post_title = w.HTML()
        self.post_copy = CopyButton(lang=desk.lang)
        self.post_copy.add_class("gm-round-post-copy")
        w.dlink((desk.posts.copy, "text"), (self.post_copy, "text"))
        self.briefs = BriefList(desk.posts.chronicle, lang=desk.lang)
        out = w.VBox([self.out_title, w.HBox([self.post_title, self.post_copy]), self.briefs])
        out.add_class("gm-round-out")
        super().__init__([self.title, self.area, w.HBox([self.read_button, self.gm]),
                          self.lines, self.legend, self.head, self.rows,
                          w.HBox([self.accept_button, self.play_button]), self.status,
                          self.choice_box, out])
        self.add_class("gmkit-round")
        self._labels()

    @property
    def lang(self) -> str:
        return str(self.desk.lang)

    def t(self, key: str, **params: Any) -> str:
        return format_message(key, self.lang, **params)

    def _labels(self) -> None:
        self.title.value = f"<b>{escape(self.t('ui.round.title'))}</b>"
        self.area.placeholder = self.t("ui.round.paste_hint")
        self.read_button.description = self.t("ui.round.read")
        self.gm.description = self.t("ui.round.gm")
        self.gm.placeholder = self.t("ui.round.gm_hint")
        self.accept_button.description = self.t("ui.round.accept_all")
        self.play_button.description = self.t("ui.round.play")
        self.give_button.description = self.t("ui.round.give")
        self.out_title.value = f"<b>{escape(self.t('ui.round.out'))}</b>"
        self.post_title.value = escape(self.t("ui.round.post"))
        self.post_copy.set_language(self.lang)
        self.legend.value = ('<div class="gmkit-marked" style="border:none;padding:0">'
                             '<div class="gm-marked-legend">' + "".join(
                                 f'<span class="gm-marked-{k}">{escape(self.t("reading.view." + k))}</span>'
                                 for k in ("used", "unread", "skipped")) + "</div></div>")
        self.head.value = ('<div class="gm-round-head">' + "".join(
            f'<div class="gm-round-{c}">{escape(self.t("ui.round.head." + k))}</div>'
            for c, k in (("who", "actor"), ("msg", "message"), ("reading", "reading"))) + "</div>")

    def set_language(self, lang: str) -> None:
        """Labels, the table's notes and replies and the briefs again in ``lang``."""
        self._labels()
        if self.desk.side is not None:
            return  # a player's view: nothing of the round is drawn (see :meth:`shut`)
        if self.table is not None:
            self._build(self.table.messages)
        self.briefs.set_language(lang)

    # --- the table ----------------------------------------------------------------------------

    def _npcs(self) -> list[str]:
        """The actors the GM runs (the scenario says: ``gm:``, or no ``player:`` where others have one)."""
        from ..scenario import actors_of

        return [name for name, _, gm, _ in actors_of(self.desk.encounter.scenario) if gm]

    def _build(self, messages: list[Any]) -> None:
        from .. import inbox

        enc = self.desk.encounter
        self.table = inbox.build(enc, messages, lang=self.lang, gm=self.gm.value.strip() or None)
        self._draw()

    def read(self, text: str | None = None) -> Inbox:
        """Read everything pasted (``text``, default: the box's) into the table."""
        from .. import inbox

        if text is not None:
            self.area.text = text
        self._editing.clear()
        self.table = inbox.read_paste(self.desk.encounter, self.area.text, lang=self.lang,
                                      gm=self.gm.value.strip() or None)
        self._draw()
        return self.table

    def edit(self, actor: str, text: str) -> Inbox:
        """The row's inline edit: ``actor``'s message (or a new one, for a row with none) is now
        ``text``; the table is read again."""
        from .. import inbox
        from ..inbox import Message

        table = self._table()
        row = table.row(actor)
        if row is None:
            raise GmkitError(self.t("ui.paste.not_awaited", actor=actor,
                                    names=", ".join(str(r.actor) for r in table.rows if r.actor)))
        if row.message is not None:
            messages = inbox.edit(table.messages, row.message, text, actor)
        else:
            messages = [*table.messages, Message(text, 0, actor=actor)]
        self._editing.discard(actor)
        self._build(messages)
        return self._table()

    def assign(self, index: int, actor: str) -> Inbox:
        """Give the ``index``-th row's message (a «whose?» row) to ``actor``; read again."""
        from .. import inbox

        table = self._table()
        row = table.rows[index]
        if row.message is None:
            return table
        self._build(inbox.assign(table.messages, row.message, actor))
        return self._table()

    def _table(self) -> Inbox:
        if self.table is None:
            self._build([])
        assert self.table is not None
        return self.table

    def refresh(self) -> None:
        """After every step of the fight: a player's view shows nothing of the round's work; a
        table read before the step is read again (its messages kept within the round, dropped
        when a new round begins), and the briefs follow the fight."""
        from ..inbox.table import steps

        desk = self.desk
        if desk.side is not None:
            self.shut()
            return
        self.layout.display = None
        enc = desk.encounter
        table = self.table
        if table is None or table.step != steps(enc) or table.round != enc.round:
            keep = table.messages if table is not None and table.round == enc.round else []
            self._build(keep)
        elif not self._views:  # back from a player's view: drawn again
            self._draw()
        self.briefs.refresh()

    def shut(self) -> None:
        """A player's view on the shared screen: the panel hidden and emptied in the browser (no
        other player's message, no hidden actor's name, no brief); the table stays in Python and
        comes back with the GM's view."""
        self.layout.display = "none"
        for box, _, _ in self._views.values():
            _close(box)
        self._views = {}
        self.rows.children = ()
        self.area.text = ""
        self.lines.value = self.status.value = ""
        self.choice_box.layout.display = "none"
        self.choice.options = []
        self.briefs.shut()

    # --- drawing ------------------------------------------------------------------------------

    def _draw(self) -> None:
        table = self._table()
        self.lines.value = "".join(f"<div>{escape(line)}</div>" for line in table.lines
                                   if table.messages or line != self.t("inbox.line.empty"))
        views: dict[tuple[Any, ...], tuple[w.Box, w.HTML, str]] = {}
        children = []
        for k, row in enumerate(table.rows):
            key = self._key(k, row)
            state = "received" if self._taken(row) else row.state
            view = self._views.pop(key, None) or views.get(key)
            if view is None:
                box, left = self._row(k, row)
                view = (box, left, "")
            box, left, shown = view
            if state != shown:  # a row read the same way: only its badge changes (accepted)
                left.value = self._who(row, state)
                if shown:
                    box.remove_class(f"gm-state-{shown}")
                box.add_class(f"gm-state-{state}")
            views[key] = (box, left, state)
            children.append(box)
        for box, _, _ in self._views.values():  # rows no longer shown: closed, not leaked
            _close(box)
        self._views = views
        self.rows.children = children
        self.accept_button.disabled = not [r for r in table.ready if not self._taken(r)]
        self.play_button.disabled = self.desk.encounter.is_over

    def _taken(self, row: Row) -> bool:
        """Whether this ready row's order is the one the fight holds now (accepted)."""
        enc = self.desk.encounter
        return (row.state == "ready" and row.actor is not None and bool(row.orders)
                and row.actor in enc.orders_received and enc.pending_order(row.actor) == row.orders[0])

    def _key(self, index: int, row: Row) -> tuple[Any, ...]:
        """What a row's widgets show, but its badge: an equal key reuses them."""
        m = row.message
        return (index, row.actor, row.state, row.by, row.player, m.text if m else None,
                row.understood, row.reply, row.notes, row.choices, self.lang,
                str(row.actor) in self._editing)

    def _who(self, row: Row, state: str) -> str:
        who = [f"<b>{escape(row.actor or '?')}</b>"]
        if row.by != "player":
            who.append(escape(self.t("ui.round.npc")))
        elif row.player:
            who.append(escape(self.t("ui.round.player", player=row.player)))
        elif row.actor:
            who.append(escape(self.t("ui.round.no_player")))
        who.append(f'<span class="gm-round-badge">{escape(self.t("inbox.state." + state))}</span>')
        return "<br>".join(who)

    def _row(self, index: int, row: Row) -> tuple[w.Box, w.HTML]:
        left = w.HTML()
        left.add_class("gm-round-who")

        marked = MarkedMessage()
        marked.add_class("gm-round-marked")
        if row.reading is not None:
            marked.show(row.reading, self.lang)
            marked.labels = {}  # the legend is shown once, above the table
        elif row.message is not None:
            marked.segments = [{"text": row.message.text[:20_000], "kind": "plain"}]
        middle: list[w.Widget] = [marked]
        if row.actor is not None and row.state not in ("later", "out"):
            middle.append(self._editor(row))
        if row.state == "whose" and row.choices:
            pick = w.Dropdown(options=[("—", "")] + [(c, c) for c in row.choices], value="",
                              description=self.t("ui.round.whose"), style={"description_width": "initial"})
            pick.add_class("gm-round-whose")
            pick.observe(lambda c, i=index: c["new"] and self.assign(i, c["new"]), names="value")
            middle.append(pick)
        mid = w.VBox(middle)
        mid.add_class("gm-round-msg")

        notes = []
        if row.understood:
            key = "ui.round.understood" if row.by == "player" else "inbox.by.autopilot"
            params = {"orders": row.understood} if row.by == "player" else {"order": row.understood}
            notes.append(f'<div class="gm-round-understood">{escape(self.t(key, **params))}</div>')
        notes += [f'<div class="gm-round-note">{escape(n)}</div>' for n in row.notes]  # "later" says why
        right: list[w.Widget] = [w.HTML("".join(notes))]
        if row.state in REPLY and row.reply:
            title = w.HTML(escape(self.t("ui.round.reminder" if row.state == "missing"
                                         else "ui.round.reply")))
            reply = w.Textarea(value=row.reply, layout=w.Layout(width="100%", height="5em"))
            reply.add_class("gm-round-reply")
            copy = CopyButton(text=row.reply, lang=self.lang)
            copy.add_class("gm-round-reply-copy")
            right += [w.HBox([title, copy]), reply]
        col = w.VBox(right)
        col.add_class("gm-round-reading")
        box = w.HBox([left, mid, col], layout=w.Layout(width="100%"))
        box.add_class("gm-round-row")
        return box, left

    def _editor(self, row: Row) -> w.Widget:
        actor = str(row.actor)
        text = w.Textarea(value=row.message.text if row.message else "",
                          placeholder=self.t("ui.round.edit_hint" if row.message else "ui.round.type_hint"),
                          layout=w.Layout(width="100%", height="4em"))
        text.add_class("gm-round-edit-text")
        again = w.Button(description=self.t("ui.round.reread"), icon="redo",
                         layout=w.Layout(width="auto", align_self="flex-start"))
        again.add_class("gm-round-reread")
        again.on_click(lambda _b: self._edited(actor, text.value))
        editor = w.VBox([text, again])
        editor.add_class("gm-round-editor")
        shown = row.state in OPEN_EDIT or actor in self._editing
        editor.layout.display = None if shown else "none"
        toggle = w.Button(description=self.t("ui.round.edit"), icon="edit",
                          layout=w.Layout(width="auto", align_self="flex-start"))
        toggle.add_class("gm-round-edit")
        toggle.layout.display = "none" if shown else None

        def open_editor(_b: Any) -> None:
            self._editing.add(actor)
            editor.layout.display = None
            toggle.layout.display = "none"

        toggle.on_click(open_editor)
        return w.VBox([toggle, editor])

    def _edited(self, actor: str, text: str) -> None:
        try:
            self.edit(actor, text)
        except (GmkitError, ValueError) as e:
            self._say(said(e, self.lang), error=True)

    def _say(self, text: str, error: bool = False) -> None:
        style = ' style="color:#b00020"' if error else ""
        self.status.value = f"<span{style}>{escape(text)}</span>" if text else ""

    # --- accept all, play the round -----------------------------------------------------------

    def _quietly(self, step: Any) -> Any:
        """Run ``step`` (several submits, several resolutions) with the desk redrawn once, after."""
        desk = self.desk
        desk._quiet = True
        desk.posts.draw_later = True
        try:
            return step()
        finally:
            desk._quiet = False
            try:
                desk._on_step("resolve")
            finally:
                desk.posts.draw_later = False

    def accept_all(self) -> list[str]:
        """«Accept all»: every ready row's orders, in one step; never a row with a question."""
        from .. import inbox

        table = self._table()
        if not table.ready:
            self._say(self.t("inbox.error.nothing"), error=True)
            return []
        open_rows = [str(r.actor) for r in table.rows
                     if r.actor and r.state in ("question", "refused", "whose")]
        fresh = replace(table, rows=[r for r in table.rows if not self._taken(r)])
        """The rows whose order is not in yet (an accepted row stays ready: taken once)."""
        if not fresh.ready:
            self._say(self.t("inbox.error.nothing"), error=True)
            return []
        def step() -> list[str]:
            got = inbox.accept_all(self.desk.encounter, fresh)
            self._still(table)
            return got

        try:
            taken: list[str] = self._quietly(step)
        except (GmkitError, ValueError) as e:
            self._say(said(e, self.lang), error=True)
            return []
        self._draw()
        text = self.t("ui.round.accepted", names=taken)
        if open_rows:
            text += ". " + self.t("ui.round.still_open", names=open_rows)
        self._say(text)
        return taken

    def _still(self, table: Inbox) -> None:
        """The table read before orders were accepted from it still holds: the same messages,
        read the same way; only its rows' badges change (no second reading)."""
        from ..inbox.table import steps

        enc = self.desk.encounter
        if table is self.table and table.round == enc.round:
            table.step = steps(enc)

    def play(self) -> RoundPlay | None:
        """«Play the round»: every turn of the round in the rules' order, from the orders taken;
        where it stops, the reason (and, for an order that no longer fits, the choices)."""
        from ..rounds import play_round

        enc = self.desk.encounter
        self.choice_box.layout.display = "none"
        self.desk.posts.chronicle.mark_play()  # its post tells every round it reaches
        try:
            got: RoundPlay = self._quietly(lambda: play_round(enc, self._npcs()))
        except (GmkitError, ValueError) as e:
            self._say(said(e, self.lang), error=True)
            return None
        self.play_result = got
        self._say(self._play_text(got), error=got.stopped in ("waiting", "unfit"))
        if got.stopped == "unfit" and got.actor is not None:
            self.choice.description = self.t("ui.round.choice", actor=got.actor)
            self.choice.options = [(self.desk.order_words(got.actor, o), k)
                                   for k, o in enumerate(got.choices)]
            self.choice_box.layout.display = "flex" if got.choices else "none"
        return got

    def _play_text(self, got: RoundPlay) -> str:
        from ..report.plays import play_text

        return play_text(got, self.desk.encounter, self.lang)

    def give(self) -> bool:
        """Give the order chosen for the actor whose order no longer fits (the engine checks it)."""
        got = self.play_result
        if got is None or got.actor is None or self.choice.value is None:
            return False
        ok = bool(self.desk.form.send(got.actor, got.choices[int(self.choice.value)]))
        self._say(self.desk.form.message, error=not ok)
        if ok:
            self.choice_box.layout.display = "none"
        return ok


def _close(widget: w.Widget) -> None:
    """Close a widget and everything in it (a dropped row's widgets leave the kernel too)."""
    for child in getattr(widget, "children", ()):
        _close(child)
    widget.close()
