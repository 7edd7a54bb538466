"""PasteBox: a player's message pasted into the desk, read into an order (issue 16, item 3).

The GM pastes what a player wrote (Russian or English, prose around the order is fine), picks the
actor, and sees the order as :func:`gmkit.language.read` understood it, in words, and the message
itself with the words the orders were read from marked, the words left unread underlined and what
was not the player's order (quotes, others' actions, negations) dimmed (:class:`MarkedMessage`). An order that
reads cleanly can be accepted (submitted through the form, checked by the engine) or loaded into
the form to be changed; a message that cannot be read, or reads as an illegal order, gets the
reply to paste back to the player, in the player's language, with a copy button.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets as w
import traitlets as t

from ..errors import GmkitError, said
from ..i18n import format_message
from ._assets import asset
from .copy_button import CopyButton

if TYPE_CHECKING:
    from ..language import Reading

__all__ = ["PasteBox", "MarkedMessage"]

MAX_SHOWN = 20_000
"""The most characters of a message the marked view shows (a huge paste is cut, and says so)."""


class MarkedMessage(anywidget.AnyWidget):
    """A message with the parts of its reading marked: ``segments`` are ``{"text", "kind"}``
    pieces (kinds ``used``, ``unread``, ``skipped``, ``plain``: :meth:`Reading.segments`); the
    browser writes them as text, never as HTML."""

    _esm = asset("paste.js")
    _css = asset("paste.css")

    segments = t.List(t.Dict()).tag(sync=True)
    labels = t.Dict().tag(sync=True)
    """The legend in the desk's language: kind -> words."""

    def show(self, reading: Reading | None, lang: str) -> None:
        self.labels = {k: format_message(f"reading.view.{k}", lang)
                       for k in ("used", "unread", "skipped")}
        if reading is None:
            self.segments = []
            return
        pieces = reading.segments()
        out: list[dict[str, str]] = []
        left = MAX_SHOWN
        for text, kind in pieces:
            if left <= 0:
                out.append({"text": format_message("reading.view.cut", lang, n=MAX_SHOWN),
                            "kind": "skipped"})
                break
            out.append({"text": text[:left], "kind": kind})
            left -= len(text)
        self.segments = out


class PasteBox(w.VBox):
    """The paste box of one desk: ``read(text, actor)``, then :meth:`accept` or :meth:`to_form`."""

    def __init__(self, desk: Any) -> None:
        self.desk = desk
        """The desk (a :class:`~gmkit.ui.sessions.Session`) whose form takes the orders."""
        self.reading: Reading | None = None
        """The last message read (None before any)."""
        self.title = w.HTML()
        self.actor = w.Dropdown(layout=w.Layout(width="auto"), style={"description_width": "initial"})
        self.actor.add_class("gm-paste-actor")
        self.text = w.Textarea(layout=w.Layout(width="100%", height="5em"))
        self.text.add_class("gm-paste-text")
        self.read_button = w.Button(icon="search")
        self.read_button.add_class("gm-paste-read")
        self.accept_button = w.Button(button_style="primary", icon="paper-plane", disabled=True)
        self.accept_button.add_class("gm-paste-accept")
        self.form_button = w.Button(icon="edit", disabled=True)
        self.form_button.add_class("gm-paste-form")
        self.result = w.HTML()
        self.result.add_class("gm-paste-result")
        self.marked = MarkedMessage()
        self.marked.add_class("gm-paste-marked")
        self.reply = w.Textarea(layout=w.Layout(width="100%", height="6em", display="none"))
        self.reply.add_class("gm-paste-reply")
        self.copy = CopyButton(lang=desk.lang)
        self.copy.add_class("gm-paste-copy")
        self.copy.layout = w.Layout(display="none")
        self.read_button.on_click(lambda _b: self.read())
        self.accept_button.on_click(lambda _b: self.accept())
        self.form_button.on_click(lambda _b: self.to_form())
        super().__init__([self.title, self.actor, self.text,
                          w.HBox([self.read_button, self.accept_button, self.form_button]),
                          self.result, self.marked, w.HBox([self.copy]), self.reply])
        self.add_class("gmkit-paste")
        self.set_language(desk.lang)

    @property
    def lang(self) -> str:
        return self.desk.lang

    def t(self, key: str, **params: Any) -> str:
        return format_message(f"ui.paste.{key}", self.lang, **params)

    def actors(self) -> list[str]:
        """Who a message may be read for now: those the round awaits, of the viewer's side."""
        enc = self.desk.encounter
        hidden = set(self.desk.hidden_names())
        side = self.desk.side
        return [a for a in enc.awaiting() if a not in hidden
                and (side is None or enc.side_of(a) == side)]

    def set_language(self, lang: str) -> None:
        self.title.value = f"<b>{escape(self.t('title'))}</b>"
        self.actor.description = self.t("actor")
        self.text.placeholder = self.t("placeholder")
        self.read_button.description = self.t("read")
        self.accept_button.description = self.t("accept")
        self.form_button.description = self.t("to_form")
        self.copy.set_language(lang)
        self.refresh()
        if self.reading is not None:
            self._show(self.reading)

    def refresh(self) -> None:
        """Offer the actors the round awaits now (after every step)."""
        names = self.actors()
        if list(self.actor.options) != names:
            keep = self.actor.value if self.actor.value in names else None
            waiting = [a for a in names if a not in self.desk.encounter.orders_received]
            self.actor.options = names
            self.actor.value = keep or (waiting[0] if waiting else names[0] if names else None)

    # --- reading ------------------------------------------------------------------------------

    def read(self, text: str | None = None, actor: str | None = None) -> Reading | None:
        """Read ``text`` (default: what is pasted) for ``actor`` (default: the one chosen) and
        show the order understood, or the reply to send back."""
        from ..language import read

        if text is not None:
            self.text.value = text
        if actor is not None:
            if actor not in self.actor.options:
                raise GmkitError(self.t("not_awaited", actor=actor,
                                        names=", ".join(self.actor.options)))
            self.actor.value = actor
        message = self.text.value
        who = self.actor.value
        if who is None:
            self._note(self.t("nobody"), error=True)
            return None
        if not message.strip():
            self._note(self.t("empty"), error=True)
            return None
        reading = read(self.desk.encounter, who, message)
        self.reading = reading
        self._show(reading)
        return reading

    def _note(self, text: str, error: bool = False) -> None:
        style = ' style="color:#b00020"' if error else ""
        self.result.value = f"<span{style}>{escape(text)}</span>"
        self.accept_button.disabled = self.form_button.disabled = True
        self.reply.layout.display = "none"
        self.copy.layout.display = "none"
        self.marked.show(None, self.lang)

    def _show(self, reading: Reading) -> None:
        desk = self.desk
        words = [desk.order_words(reading.actor, o) for o in reading.orders]
        parts = []
        if words:
            parts.append(f'<div class="gm-paste-understood">'
                         f'{escape(self.t("understood", order="; ".join(words)))}</div>')
        if reading.partial:
            parts.append(f'<div class="gm-paste-problem" style="color:#b00020">'
                         f'{escape(format_message("reading.view.asked", self.lang))}</div>')
        elif not reading.ok:
            parts.append(f'<div class="gm-paste-problem" style="color:#b00020">'
                         f'{escape(self.t("not_read"))}</div>')
        unread = [reading.text[a:b] for a, b in reading.unread]
        if unread:
            parts.append(f'<div class="gm-paste-unread">'
                         f'{escape(format_message("reading.cli.unread", self.lang, words=", ".join(unread)))}'
                         f'</div>')
        self.result.value = "".join(parts)
        self.marked.show(reading, self.lang)
        self.accept_button.disabled = not reading.ok
        self.form_button.disabled = not reading.orders
        reply = reading.reply()
        self.reply.value = reply
        self.reply.description = ""
        self.copy.text = reply
        self.reply.layout.display = "flex"
        self.copy.layout.display = "flex"

    def accept(self) -> bool:
        """Submit the orders read (through the form, so the engine checks them and the form says
        whether each was received or replaced one). True when every one was taken."""
        r = self.reading
        if r is None or not r.ok:
            self._note(self.t("not_read"), error=True)
            return False
        ok = all(self.desk.form.send(r.actor, o) for o in r.orders)
        if ok:
            self.text.value = ""
            self.reading = None
            self.result.value = f'<span class="gm-ok">{escape(self.desk.form.message)}</span>'
            self.accept_button.disabled = self.form_button.disabled = True
        else:
            self.result.value = (f'<span style="color:#b00020">{escape(self.desk.form.message)}'
                                 f'</span>')
        return ok

    def to_form(self) -> bool:
        """Load the (first) order read into the desk's form, to change it before it is sent."""
        r = self.reading
        if r is None or not r.orders:
            self._note(self.t("not_read"), error=True)
            return False
        try:
            self.desk.form.load(r.actor, r.orders[0])
        except (GmkitError, ValueError) as e:
            self._note(said(e, self.lang), error=True)
            return False
        self.result.value = f'<span class="gm-ok">{escape(self.t("in_form"))}</span>'
        return True
