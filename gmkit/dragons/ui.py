"""The dragons' order form (D-1): one movement from the engine's legal moves, zero or more actions.

Every choice comes from ``DragonDuel.legal_orders`` (its moves, attack options, tail targets...):
the movement list holds only legal moves; the action list shows every weapon at every enemy with
its range and, where the engine already sees a problem, the rule that stands in the way (the GM
may still send it and the engine's refusal is shown). The chance to hit and to wound comes from
:mod:`gmkit.dragons.odds`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from html import escape
from typing import TYPE_CHECKING, Any, TypeVar

import ipywidgets as w
import plotly.graph_objects as go

from ..dice import multi_action_penalty
from ..i18n import format_message, grammar
from ..report.posts import percent
from ..ui.order_form import OrderForm
from ..ui.sessions import Session
from .views import chart_layout, chart_model, chart_title, chart_traces

if TYPE_CHECKING:
    from ..orders import Order
    from .engine import DragonDuel

__all__ = ["DragonOrderForm", "DragonSession", "SpeedHeightChart"]

NO_MOVE = None

_F = TypeVar("_F", bound=Callable[..., Any])


def _in_cast(method: _F) -> _F:
    """Run a desk method with the fight's names declined by its scenario (``gender:``/``forms:``):
    every label it writes names dragons and weapons in the case its sentence needs."""
    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        with grammar.cast(self.encounter.cast):
            return method(self, *args, **kwargs)
    return wrapper  # type: ignore[return-value]


class DragonOrderForm(OrderForm):
    """Orders for a dragon duel, submitted one dragon at a time, secret until the round resolves."""

    system = "dragons"
    encounter: DragonDuel

    def __init__(self, duel: DragonDuel, *, lang: str = "en") -> None:
        super().__init__(duel, lang=lang)
        self.actions: list[Any] = []
        """The actions added so far to the order being written."""
        self.actor = w.Dropdown(layout=w.Layout(width="100%"))
        self.actor.add_class("gm-actor")
        self.move = w.Dropdown(layout=w.Layout(width="100%"))
        self.move.add_class("gm-move")
        self.action = w.Dropdown(layout=w.Layout(width="100%"))
        self.action.add_class("gm-action")
        self.add_button = w.Button(layout=w.Layout(width="auto", min_width="6em"))
        self.add_button.add_class("gm-add-action")
        self.clear_button = w.Button(layout=w.Layout(width="auto", min_width="8em"))
        self.action_detail = w.HTML()
        """The chosen action's whole label, wrapped (a drop-down cannot wrap a long one)."""
        self.action_detail.add_class("gm-detail")
        self.actions_view = w.HTML()
        self.actions_view.add_class("gm-actions")
        self.ranges = w.HTML()
        self.ranges.add_class("gm-ranges")
        self.add_button.on_click(lambda _b: self.add_action())
        self.clear_button.on_click(lambda _b: self.clear_actions())
        self.actor.observe(lambda _c: self._actor_changed(), names="value")
        self.move.observe(lambda _c: self._refresh_actions(), names="value")
        self.action.observe(lambda _c: self._show_detail(), names="value")
        self.body.children = (self.actor, self.move, self.action, self.action_detail,
                              w.HBox([self.add_button, self.clear_button]),
                              self.actions_view, self.ranges)
        self._busy = False
        self.refresh()

    # --- choices from the engine ------------------------------------------------------------

    def _names(self) -> list[str]:
        board = self.encounter.board()
        able = [d["name"] for d in board["dragons"] if not d["out"]]
        waiting = [n for n in self.encounter.awaiting() if n in able]
        return waiting + [n for n in able if n not in waiting]

    @_in_cast
    def refresh_body(self) -> None:
        self.title.value = f"<b>{escape(self.t('order'))}</b>"
        self.actor.description = self.t("actor")
        self.move.description = self.t("move")
        self.action.description = self.t("action")
        self.add_button.description = self.t("add_action")
        self.clear_button.description = self.t("clear_actions")
        self._set_choices(self.actor, [(n, n) for n in self._names()], [self.actor.value])
        self._actor_changed()

    @_in_cast
    def _actor_changed(self) -> None:
        if self._busy:
            return
        name = self.actor.value
        if name != getattr(self, "_actor_seen", None):
            self.actions = []  # another dragon: the actions written were the last one's
        self._actor_seen = name
        if name is None:
            self.move.options = []
            self._refresh_actions()
            return
        lo = self.encounter.legal_orders(name)
        s, h = self.encounter.position(name)
        opts: list[tuple[str, Any]] = []
        if lo.move_optional or not lo.moves:
            opts.append((self.t("none"), NO_MOVE))
        for m in lo.moves:
            opts.append((self.t("move_option", move=self.order_words(name, m), s0=s,
                                s1=s + m.speed_change, h0=h,
                                h1=h + m.height_change), m))
        hold = [v for _, v in opts if v is not None and v.kind == "level" and v.amount == 0]
        self._set_choices(self.move, opts, hold)
        self._refresh_actions()

    @_in_cast
    def action_choices(self) -> list[tuple[str, Any]]:
        """Every action the form offers now, labelled with range, odds or the rule in the way."""
        from .orders import BENNY_USES, Attack, Benny, CritFall, Force, Manoeuvre, ShakeOff, TailAttempt

        name = self.actor.value
        if name is None:
            return []
        duel = self.encounter
        lo = duel.legal_orders(name)
        n = len(self.actions) + 1
        out: list[tuple[str, Any]] = []
        for opt in lo.attack_options(self.move.value):
            band = (", " + format_message(f"dragons.band.{opt['band']}", self.lang)
                    if opt.get("band") else "")
            label = self.t("attack_option", weapon=opt["weapon"], target=opt["target"],
                           range=opt["range"], band=band, tn=opt["tn"], mod=f"{opt['modifier']:+d}")
            if opt["legal"]:
                od = duel.attack_odds(name, opt, n)
                if od is not None:
                    label += " · " + self.t("odds_short", hit=percent(od[0], self.lang),
                                            wound=percent(od[1], self.lang))
                    label += " " + format_message("dragons.form.no_soak", self.lang)
            else:
                why = opt["refusal"].message(self.lang) if opt.get("refusal") else opt["reason"]
                label += " · " + self.t("not_now", reason=why)
            out.append((label, Attack(opt["weapon"], opt["target"])))
        for t in lo.tail_targets:
            out.append((self.t("tail", target=t), TailAttempt(t)))
        ft = lo.force_target
        if ft is not None:
            for sp in ("up", "down"):
                out.append((self.t("force_speed", target=ft, dir=self.t(f"{sp}_word")), Force(sp)))
            for hg in ("up", "down"):
                out.append((self.t("force_height", target=ft, dir=self.t(f"{hg}_word")),
                            Force("down", hg)))
        if lo.can_shake_off:
            out.append((self.t("shake_off"), ShakeOff()))
        if lo.can_manoeuvre:
            out.append((self.t("manoeuvre"), Manoeuvre()))
        have = lo.bennies
        if have:  # D-7: what the order will spend, stated like a player's
            for use in BENNY_USES:
                out.append((format_message(f"dragons.form.benny_{use}", self.lang, n=have),
                            Benny(use)))  # type: ignore[arg-type]
        for falls in (True, False):  # D-9: the GM's call on a botched manoeuvre
            out.append((format_message(f"dragons.form.crit_fall_{str(falls).lower()}", self.lang),
                        CritFall(falls)))
        return out

    @_in_cast
    def _refresh_actions(self) -> None:
        if self._busy:
            return
        choices = self.action_choices()
        keep = self.action.value
        self.action.options = [(lab, i) for i, (lab, _) in enumerate(choices)]
        self._choices = choices
        if choices:
            self.action.value = keep if keep is not None and keep < len(choices) else 0
        self._show_detail()
        self._show_actions()
        self._show_ranges()

    def _show_detail(self) -> None:
        i = self.action.value
        choices = getattr(self, "_choices", [])
        text = choices[i][0] if i is not None and 0 <= i < len(choices) else ""
        self.action_detail.value = f'<div class="gm-detail-text">{escape(text)}</div>' if text else ""

    @_in_cast
    def _show_actions(self) -> None:
        name = self.actor.value or ""
        items = "".join(f"<li>{escape(self.order_words(name, a))}</li>" for a in self.actions)
        pen = multi_action_penalty(len(self.actions)) if self.actions else 0
        note = (f'<div class="gm-penalty">{escape(self.t("penalty", penalty=pen))}</div>'
                if pen else "")
        head = escape(self.t("actions"))
        self.actions_view.value = f"<b>{head}</b><ol>{items}</ol>{note}"

    @_in_cast
    def load(self, actor: str, order: Any) -> None:
        """Fill the form with a dragon's order (its move and actions; a GM's order for a dragon
        whose pilot was consumed, D-10, shows the order inside it)."""
        from .orders import DragonOrder, GMOrder

        inner = order.order if isinstance(order, GMOrder) else order
        if not isinstance(inner, DragonOrder):
            raise ValueError(self.t("cannot_show", order=self.order_words(actor, order)))
        self.choose(actor, inner.move, list(inner.actions))

    @_in_cast
    def _show_ranges(self) -> None:
        name = self.actor.value
        if name is None:
            self.ranges.value = ""
            return
        seen: dict[str, int] = {}
        for opt in self.encounter.legal_orders(name).attack_options(self.move.value):
            seen.setdefault(opt["target"], opt["range"])
        self.ranges.value = "<br>".join(escape(self.t("range", target=t, range=r))
                                        for t, r in seen.items())

    # --- editing -----------------------------------------------------------------------------

    def add_action(self, action: Any = None) -> None:
        """Add the chosen action (or ``action``) to the order being written."""
        if action is None:
            if self.action.value is None:
                return
            action = self._choices[self.action.value][1]
        self.actions.append(action)
        self._refresh_actions()

    def clear_actions(self) -> None:
        self.actions = []
        self._refresh_actions()

    def choose(self, actor: str, move: Any = "keep", actions: list[Any] | None = None) -> None:
        """Fill the form as a GM would by clicking (for code and tests)."""
        self.actor.value = actor
        if move != "keep":
            values = [v for _, v in self.move.options]
            if move not in values:
                raise ValueError(f"{move} is not among {actor}'s legal moves: "
                                 f"{', '.join(str(v) for v in values)}")
            self.move.value = move
        if actions is not None:
            self.actions = list(actions)
            self._refresh_actions()

    def build(self) -> tuple[str, Order] | None:
        """The order on the form; for a dragon whose pilot was consumed, as the GM's (D-10)."""
        from .orders import DragonOrder, GMOrder

        name = self.actor.value
        if name is None:
            return None
        order = DragonOrder(move=self.move.value, actions=tuple(self.actions))
        if self.encounter.state_of(name).turned:
            return name, GMOrder(order)
        return name, order

    def after_submit(self, actor: str) -> None:
        self.actions = []
        waiting = [n for n in self.encounter.awaiting() if n not in self.encounter.orders_received]
        self._busy = True
        try:
            if waiting and waiting[0] in [v for _, v in self.actor.options]:
                self.actor.value = waiting[0]
        finally:
            self._busy = False


class SpeedHeightChart:
    """The live Speed/Height chart over a dragons board (``update(board)`` after each round): a
    ``FigureWidget`` of :func:`~gmkit.dragons.views.speed_height_figure`'s traces and layout."""

    def __init__(self, board: Mapping[str, Any], lang: str = "en", trails: int | None = 3) -> None:
        self.lang = lang
        self.trails = trails
        """How many past rounds of each trail are drawn (None: all)."""
        self.model = chart_model(board, lang, trails=trails)
        traces = chart_traces(self.model)
        self.widget = go.FigureWidget(data=traces, layout=chart_layout(self.model))
        self._last: list[dict[str, Any]] | None = traces
        self._layout = self._layout_key()
        self.updates = 0
        """How many in-place updates the figure has had (tests and the benchmark read it)."""

    def _layout_key(self) -> tuple[Any, ...]:
        m = self.model
        return m["x_range"], m["y_range"], chart_title(m), m["words"]["speed"], m["words"]["height"]

    def update(self, board: Mapping[str, Any]) -> None:
        """Move the markers, trails and tail lines to ``board`` in place (one batched message,
        holding only what changed)."""
        self.model = chart_model(board, self.lang, trails=self.trails)
        traces = chart_traces(self.model)
        fig = self.widget
        last = self._last if len(traces) == len(fig.data) else None
        if last is None:
            with fig.batch_update():
                fig.data = ()
                fig.add_traces(traces)
        with fig.batch_update():
            for i, (trace, new) in enumerate(zip(fig.data, traces, strict=False)):
                old = last[i] if last is not None else {}
                if new["x"] != old.get("x") or new["y"] != old.get("y"):
                    trace.x, trace.y = new["x"], new["y"]
                if "text" in new:
                    if new["hovertext"] != old.get("hovertext") or new["text"] != old.get("text"):
                        trace.text = new["text"]
                        trace.hovertext = new["hovertext"]
                    if new["marker"]["symbol"] != old.get("marker", {}).get("symbol"):
                        trace.marker.symbol = new["marker"]["symbol"]
                    if new["textposition"] != old.get("textposition"):
                        trace.textposition = new["textposition"]
                elif new["showlegend"] != old.get("showlegend") or new["name"] != old.get("name"):
                    trace.showlegend = new["showlegend"]  # the tail lines, shown when there are any
                    trace.name = new["name"]
            layout = self._layout_key()
            if layout != self._layout:
                fig.layout.xaxis.range = layout[0]
                fig.layout.yaxis.range = layout[1]
                new_layout = chart_layout(self.model)
                fig.layout.title.text = new_layout["title"]["text"]
                fig.layout.xaxis.title.text = new_layout["xaxis"]["title"]["text"]
                fig.layout.yaxis.title.text = new_layout["yaxis"]["title"]["text"]
                self._layout = layout
        self._last = traces
        self.updates += 1

    def figure(self) -> go.Figure:
        """The static twin of what is shown now."""
        return go.Figure(self.widget)

    def positions(self) -> dict[str, tuple[int, int]]:
        """Each dragon's (Speed, Height) as drawn now."""
        return {d["name"]: (d["speed"], d["height"]) for d in self.model["dragons"]}

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)

    def __repr__(self) -> str:
        pos = ", ".join(f"{n} {s}/{h}" for n, (s, h) in self.positions().items())
        return f"<SpeedHeightChart round {self.model['round']}: {pos}>"


class DragonSession(Session):
    """The dragon duel's desk: order form, Speed/Height chart, dice, log."""

    system = "dragons"
    encounter: DragonDuel

    def _build_views(self) -> None:
        self.chart = SpeedHeightChart(self.encounter.board(self.side), lang=self.lang,
                                      trails=self.trails)

    def main_view(self) -> w.Widget:
        return self.chart.widget

    def update_views(self) -> None:
        self.chart.lang = self.lang
        self.chart.update(self.encounter.board(self.side))

    def __init__(self, source: Any, seed: int | None = None, *, trails: int | None = 3,
                 **kw: Any) -> None:
        self.trails = trails
        """How many past rounds of each dragon's trail the chart draws (None: all)."""
        super().__init__(source, seed, **kw)

    @_in_cast
    def status_rows(self) -> list[dict[str, Any]]:
        """Each dragon: Speed and Height, Shaken, wounds, falling, out, turned, tail, weapons
        out, bennies; grouped by side in the panel."""
        def t(key: str, **p: Any) -> str:
            return format_message(key, self.lang, **p)

        rows = []
        for d in self.encounter.board(self.side)["dragons"]:
            items = [t("dragons.desk.position", speed=d["speed"], height=d["height"])]
            if d.get("shaken"):
                items.append(t("term.shaken"))
            if d.get("wounds"):
                items.append(t("term.wounds", n=d["wounds"]))
            if d.get("falling"):
                items.append(t("dragons.desk.falling"))
            if d.get("out"):
                items.append(t("dragons.desk.out"))
            if d.get("turned"):
                items.append(t("dragons.desk.turned"))
            if d.get("tailing"):
                items.append(t("dragons.desk.tailing", target=d["tailing"]))
            items += [t("dragons.desk.weapon_out", weapon=wp["name"])
                      for wp in d.get("weapons", []) if wp.get("out")]
            if d.get("bennies") is not None:
                items.append(t("dragons.desk.bennies", n=d["bennies"]))
            rows.append({"side": d["side"], "name": d["name"], "items": items,
                         "out": bool(d.get("out"))})
        return rows

    @_in_cast
    def no_order_text(self, actor: str) -> str:
        return format_message("dragons.desk.no_order", self.lang,
                              speed=self.encounter.state_of(actor).speed)
