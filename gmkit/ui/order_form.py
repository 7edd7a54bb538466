"""OrderForm: what the three systems' forms share (submit through the engine, refusals, arrivals).

A form never decides what is legal: its choices come from the engine's ``legal_*`` queries and
``submit`` goes through ``encounter.submit``, which validates. A refusal is shown inline with the
rule's own message and changes nothing. Orders received are listed by arrival only, content hidden,
so the GM can share the screen; the GM may look at one (Show, never in a player's view), load it
back into the form to change it (Edit), withdraw it, or reorder them (the arrival order breaks
ties, D-3). A second order for the same actor replaces the first, and the form says so.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..errors import GmkitError, said
from ..i18n import format_message
from .speaking import speaking

if TYPE_CHECKING:
    from ..encounter import Encounter
    from ..orders import Order

__all__ = ["OrderForm", "order_form"]


class OrderForm(w.VBox):
    """Base of the per-system forms; subclasses fill :attr:`body` and :meth:`build`."""

    system = ""

    def __init__(self, encounter: Encounter, *, lang: str = "en") -> None:
        self.encounter = encounter
        self.lang = lang
        self.side: str | None = None
        """The viewer (None: the GM); orders of ships hidden from that side are not listed."""
        self.error = ""
        """The last refusal, as the engine worded it ("" when the last submit went through)."""
        self.message = ""
        self.edit_hook: Callable[[str], None] | None = None
        """Told (a message) when a received order is loaded back into the form (the desk's status)."""
        self._shown: set[str] = set()
        """The received orders whose content the GM asked to see (Show)."""
        self._received_key: Any = None
        self._listeners: list[Callable[[str, Order], None]] = []
        self.title = w.HTML()
        self.body = w.VBox()
        self.submit_button = w.Button(button_style="primary", icon="paper-plane")
        self.submit_button.add_class("gm-submit")
        self.submit_button.on_click(lambda _b: self.submit())
        self.status = w.HTML()
        self.status.add_class("gm-status")
        self.received_title = w.HTML()
        self.received_box = w.VBox()
        self.received_box.add_class("gm-received")
        super().__init__([self.title, self.body, self.submit_button, self.status,
                          self.received_title, self.received_box])
        self.add_class("gmkit-form")

    def _set_choices(self, dropdown: Any, options: list[Any], prefer: list[Any]) -> None:
        """Replace a dropdown's options without running its change handler; the first of
        ``prefer`` still offered is selected, else the first option."""
        values = [o[1] if isinstance(o, tuple) else o for o in options]
        self._busy = True
        try:
            dropdown.options = options
            dropdown.value = next((v for v in prefer if v in values), values[0] if values else None)
        finally:
            self._busy = False

    # --- text --------------------------------------------------------------------------------

    def t(self, key: str, **params: Any) -> str:
        return format_message(f"ui.form.{key}", self.lang, **params)

    @speaking
    def order_words(self, actor: str, order: Any) -> str:
        """``order`` in words in the form's language, as a player would write it (the order
        language's rendering; it reads back the same)."""
        from ..language import render

        try:
            return render(self.encounter, actor, order, self.lang)
        except Exception:  # words are a help: an order the language cannot word still shows
            return describe_order(order)

    @speaking
    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.refresh()

    # --- what a subclass gives ------------------------------------------------------------------

    def build(self) -> tuple[str, Order] | None:
        """The (actor, order) the form holds now, or None when there is no one to order."""
        raise NotImplementedError

    def refresh_body(self) -> None:
        """Rebuild the choices from the engine (after every step)."""

    def after_submit(self, actor: str) -> None:
        """Reset the parts of the form an accepted order used."""

    @speaking
    def load(self, actor: str, order: Any) -> None:
        """Fill the form with ``order`` for ``actor`` (a received order to change, a message read
        in the paste box); an order the form cannot show is an error that says so."""
        raise NotImplementedError

    # --- shared -------------------------------------------------------------------------------

    @speaking
    def refresh(self) -> None:
        self.submit_button.description = self.t("submit")
        self.refresh_body()
        self.refresh_received()

    def on_submit(self, callback: Callable[[str, Order], None]) -> None:
        self._listeners.append(callback)

    @speaking
    def submit(self) -> bool:
        """Submit what the form holds through the engine; True when the engine took it."""
        built = self.build()
        if built is None:
            self._show_error(self.t("nothing"))
            return False
        actor, order = built
        return self.send(actor, order)

    @speaking
    def send(self, actor: str, order: Any) -> bool:
        """Submit ``order`` for ``actor`` through the engine; the status says whether it was taken,
        and whether it replaced an order received before."""
        replacing = actor in self.encounter.orders_received
        try:
            self.encounter.submit(actor, order)
        except (GmkitError, ValueError, TypeError) as e:
            self._show_error(said(e, self.lang))
            return False
        self.error = ""
        self._shown.discard(actor)
        self.message = self.t("replaced" if replacing else "accepted", actor=actor)
        self.status.value = f'<span class="gm-ok">{escape(self.message)}</span>'
        self.after_submit(actor)
        self.refresh()
        for cb in list(self._listeners):
            cb(actor, order)
        return True

    def _show_error(self, text: str) -> None:
        self.error = text
        self.message = self.t("refused", message=text)
        self.status.value = (f'<span class="gm-refused" style="color:#b00020">'
                             f'{escape(self.message)}</span>')

    def received(self) -> list[dict[str, Any]]:
        """The orders received as the screen shows them: position, who, "received" (no content)."""
        hidden = getattr(self.encounter, "hidden_from", None)
        shown = [a for a in self.encounter.orders_received
                 if self.side is None or hidden is None or not hidden(a, self.side)]
        return [{"position": i + 1, "actor": a, "status": "received"} for i, a in enumerate(shown)]

    @speaking
    def move_order(self, actor: str, delta: int) -> None:
        """Move ``actor``'s order up (-1) or down (+1) in the arrival order (the GM's call, D-3)."""
        order = list(self.encounter.orders_received)
        i = order.index(actor)
        j = max(0, min(len(order) - 1, i + delta))
        order.insert(j, order.pop(i))
        try:
            self.encounter.reorder(order)
        except (GmkitError, ValueError) as e:
            self._show_error(said(e, self.lang))
        self.refresh_received()

    @speaking
    def withdraw(self, actor: str) -> None:
        try:
            self.encounter.withdraw(actor)
        except (GmkitError, ValueError) as e:
            self._show_error(said(e, self.lang))
            return
        self._shown.discard(actor)
        self.refresh()
        self.message = self.t("withdrawn", actor=actor)
        self.status.value = f'<span class="gm-ok">{escape(self.message)}</span>'

    @speaking
    def show_order(self, actor: str, show: bool = True) -> str:
        """The received order of ``actor`` in words, shown under its row (the GM's view only: a
        player's view never shows a received order). Returns the words ("" when hidden)."""
        if self.side is not None:
            raise GmkitError(self.t("gm_only"))
        order = self.encounter.pending_order(actor)
        if order is None:
            raise GmkitError(self.t("no_order_from", actor=actor))
        if show:
            self._shown.add(actor)
        else:
            self._shown.discard(actor)
        self._received_key = None
        self.refresh_received()
        return self.order_words(actor, order) if show else ""

    @speaking
    def edit(self, actor: str) -> None:
        """Load ``actor``'s received order back into the form to change it; submitting then
        replaces it (and says so)."""
        if self.side is not None:
            raise GmkitError(self.t("gm_only"))
        order = self.encounter.pending_order(actor)
        if order is None:
            raise GmkitError(self.t("no_order_from", actor=actor))
        self.load(actor, order)
        self.message = self.t("editing", actor=actor)
        self.status.value = f'<span class="gm-ok">{escape(self.message)}</span>'
        if self.edit_hook is not None:
            self.edit_hook(self.message)

    @speaking
    def refresh_received(self) -> None:
        key = (self.lang, self.side, tuple(r["actor"] for r in self.received()),
               tuple(sorted(self._shown)))
        if key == self._received_key:
            return  # the rows on screen already show this (rebuilding widgets costs)
        self._received_key = key
        self.received_title.value = f"<b>{escape(self.t('received_title'))}</b>"
        for child in self.received_box.children:
            child.close()
        rows: list[w.Widget] = []
        gm = self.side is None
        for r in self.received():
            actor = r["actor"]
            up = w.Button(description=self.t("up"), layout=w.Layout(width="auto"),
                          tooltip=self.t("up_hint"))
            down = w.Button(description=self.t("down"), layout=w.Layout(width="auto"),
                            tooltip=self.t("down_hint"))
            out = w.Button(description=self.t("withdraw"), layout=w.Layout(width="auto"))
            out.add_class("gm-withdraw")
            up.on_click(lambda _b, a=actor: self.move_order(a, -1))
            down.on_click(lambda _b, a=actor: self.move_order(a, +1))
            out.on_click(lambda _b, a=actor: self.withdraw(a))
            label = w.Label(f"{r['position']}. {actor}: {self.t('received')}")
            label.add_class("gm-received-row")
            buttons: list[w.Widget] = [label]
            if gm:
                shown = actor in self._shown
                show = w.Button(description=self.t("hide" if shown else "show"),
                                layout=w.Layout(width="auto"))
                show.add_class("gm-show-order")
                show.on_click(lambda _b, a=actor, v=not shown: self._toggle(a, v))
                edit = w.Button(description=self.t("edit"), layout=w.Layout(width="auto"))
                edit.add_class("gm-edit-order")
                edit.on_click(lambda _b, a=actor: self._edit_clicked(a))
                buttons += [show, edit]
            row = w.HBox([*buttons, up, down, out])
            if gm and actor in self._shown:
                order = self.encounter.pending_order(actor)
                text = w.HTML(f'<div class="gm-order-text">{escape(self.order_words(actor, order))}'
                              f'</div>' if order is not None else "")
                rows.append(w.VBox([row, text]))
            else:
                rows.append(row)
        if not rows:
            rows.append(w.Label(self.t("no_orders")))
        self.received_box.children = tuple(rows)

    @speaking
    def _toggle(self, actor: str, show: bool) -> None:
        try:
            self.show_order(actor, show)
        except GmkitError as e:
            self._show_error(said(e, self.lang))

    @speaking
    def _edit_clicked(self, actor: str) -> None:
        try:
            self.edit(actor)
        except (GmkitError, ValueError) as e:
            self._show_error(said(e, self.lang))

    @speaking
    def set_view(self, side: str | None) -> None:
        """Show the form as ``side``'s player may see it (None: the GM)."""
        self.side = side
        if side is not None:
            self._shown.clear()
        self.refresh()

    def __repr__(self) -> str:
        received = ", ".join(r["actor"] for r in self.received()) or "none"
        return f"<{type(self).__name__} {self.encounter.system}: orders received: {received}>"


def order_form(encounter: Encounter, **kw: Any) -> OrderForm:
    """The order form of an encounter's rule set (from the rule-set registry)."""
    from ..systems import get

    form: type[OrderForm] = get(encounter.system).load("form")
    return form(encounter, **kw)


def pct(x: float | Fraction) -> str:
    """A chance as the forms show it: ``44%`` (as the dragon form)."""
    return f"{100 * float(x):.0f}%"


def describe_order(order: Any) -> str:
    """An order as a short line for a choice list: ``Attack: Ghost, hull, at (8, 2)``."""
    import dataclasses

    parts = []
    for f in dataclasses.fields(order):
        v = getattr(order, f.name)
        if v is None or v == () or (f.name == "aim" and v == "hull"):
            continue
        if isinstance(v, tuple) and v and isinstance(v[0], tuple):
            v = " → ".join(f"({a}, {b})" for a, b in v)
        elif isinstance(v, tuple):
            v = "(" + ", ".join(map(str, v)) + ")"
        name = {"to": "to", "cell": "at", "then": "then", "path": "via"}.get(f.name)
        parts.append(f"{name} {v}" if name else f"{f.name}={v}" if isinstance(v, bool) else str(v))
    return type(order).__name__ + (": " + ", ".join(parts) if parts else "")


class ListOrderForm(OrderForm):
    """A form whose choices are the engine's list of legal orders for one actor (S, F).

    Two drop-downs: who (the actors the engine awaits), then what (grouped by kind, each kind and
    order in words in the form's language). The list is the engine's own, so an order the form
    offers is one the engine said it would take now. Nothing is chosen until the GM chooses: a
    Submit before that is refused with a word, never a silent "pass".
    """

    def __init__(self, encounter: Encounter, *, lang: str = "en", side: str | None = None) -> None:
        super().__init__(encounter, lang=lang)
        self.side = side
        self.actor = w.Dropdown(layout=w.Layout(width="95%"))
        self.actor.add_class("gm-actor")
        self.kind = w.Dropdown(layout=w.Layout(width="95%"))
        self.kind.add_class("gm-kind")
        self.choice = w.Dropdown(layout=w.Layout(width="95%"))
        self.choice.add_class("gm-choice")
        self.info = w.HTML()
        self.choice_detail = w.HTML()
        """The chosen order's whole label, wrapped (a drop-down cannot wrap a long one)."""
        self.choice_detail.add_class("gm-detail")
        self._orders: list[Any] = []
        self._busy = False
        self.actor.observe(lambda _c: self._actor_changed(), names="value")
        self.kind.observe(lambda _c: self._kind_changed(), names="value")
        self.choice.observe(lambda _c: self._show_detail(), names="value")
        self.body.children = (self.info, self.actor, self.kind, self.choice, self.choice_detail)

    def actors(self) -> list[str]:
        """Who may be given an order now, as the viewer may know it."""
        return list(self.encounter.awaiting())

    def legal(self, actor: str) -> list[Any]:
        """The engine's legal orders for ``actor`` (:meth:`~gmkit.encounter.Encounter.legal_orders`)."""
        return list(self.encounter.legal_orders(actor))

    def headline(self) -> str:
        return ""

    def refresh_body(self) -> None:
        self.title.value = f"<b>{escape(self.t('order'))}</b>"
        self.info.value = escape(self.headline())
        self.actor.description = self.t("actor")
        self.kind.description = self.t("action")
        self.choice.description = self.t("order")
        self._set_choices(self.actor, [(n, n) for n in self.actors()], [self.actor.value])
        self._actor_changed()

    def kind_word(self, kind: str) -> str:
        """An order kind (its class name) in words: the rule set's ``<system>.desk.kind.<Name>``."""
        from ..i18n import MessageError

        try:
            return format_message(f"{self.system}.desk.kind.{kind}", self.lang)
        except MessageError:
            return kind

    @speaking
    def _actor_changed(self) -> None:
        if self._busy:
            return
        actor = self.actor.value
        self._orders = self.legal(actor) if actor is not None else []
        kinds: list[str] = []
        for o in self._orders:
            if type(o).__name__ not in kinds:
                kinds.append(type(o).__name__)
        keep = self.kind.value if self.kind.value in kinds else ""
        self._set_choices(self.kind, [(self.t("choose_kind"), "")]
                          + [(self.kind_word(k), k) for k in kinds], [keep])
        self._kind_changed()

    @speaking
    def _kind_changed(self) -> None:
        if self._busy:
            return
        kind = self.kind.value
        actor = self.actor.value
        opts = [(self.label(o), i) for i, o in enumerate(self._orders) if type(o).__name__ == kind]
        if len(opts) == 1:  # one order of that kind: choosing the kind chose it
            self._set_choices(self.choice, opts, [opts[0][1]])
        else:
            self._set_choices(self.choice, [(self.t("choose_order"), -1), *opts], [-1])
        self._actor_seen = actor
        self._show_detail()

    def _show_detail(self) -> None:
        i = self.choice.value
        label = ""
        if i is not None and i >= 0:
            label = next((lab for lab, v in self.choice.options if v == i), "")
        self.choice_detail.value = (f'<div class="gm-detail-text">{escape(label)}</div>'
                                    if label else "")

    def label(self, order: Any) -> str:
        """How an order reads in the list (in words); names the viewer may not see are left out.
        An attack shows its chances beside it (:meth:`odds_text`), as the dragon form does."""
        actor = self.actor.value
        text = self.order_words(actor, order) if actor is not None else describe_order(order)
        for name in self.hidden_names():
            text = text.replace(name, "???")
        try:
            odds = self.odds_text(self.actor.value, order) if self.actor.value is not None else ""
        except Exception:  # odds are a help, never a reason the form fails
            odds = ""
        return f"{text} · {odds}" if odds else text

    def odds_text(self, actor: str, order: Any) -> str:
        """The chances of ``actor``'s ``order`` as the list shows them ("" for none); the engine
        computes them, the form only words them."""
        return ""

    def hidden_names(self) -> list[str]:
        hidden = getattr(self.encounter, "hidden_from", None)
        if self.side is None or hidden is None:
            return []
        return [n for n in self.encounter.participants() if hidden(n, self.side)]

    def orders(self) -> list[Any]:
        """The legal orders offered for the chosen actor."""
        return list(self._orders)

    @speaking
    def select(self, order: Any) -> None:
        """Choose ``order`` (one of :meth:`orders`), as clicking would."""
        if order not in self._orders:
            raise ValueError(self.t("not_offered", order=self.order_words(self.actor.value, order)
                                    if self.actor.value is not None else str(order),
                                    actor=str(self.actor.value)))
        i = self._orders.index(order)
        self.kind.value = type(order).__name__
        self.choice.value = i

    @speaking
    def load(self, actor: str, order: Any) -> None:
        if actor not in [v for _, v in self.actor.options]:
            opts = [*list(self.actor.options), (actor, actor)]
            self._set_choices(self.actor, opts, [actor])
            self._actor_changed()
        elif self.actor.value != actor:
            self.actor.value = actor
        self.select(order)

    def build(self) -> tuple[str, Any] | None:
        if self.actor.value is None or self.choice.value is None or self.choice.value < 0:
            return None
        return self.actor.value, self._orders[self.choice.value]

    @speaking
    def submit(self) -> bool:
        if self.actor.value is not None and (self.choice.value is None or self.choice.value < 0):
            self._show_error(self.t("choose_first"))
            return False
        return super().submit()
