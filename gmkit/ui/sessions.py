"""Session panels: the whole GM's desk for one fight in one notebook cell.

Each rule set's desk (its ``ui.py``, found through :mod:`gmkit.systems`) puts together its order form,
its chart or map, a dice roller bound to the encounter, the round log as a table, buttons for
Resolve / Undo / Save, a language switch and (for the map) a GM / player view switch, and the
post panel (:class:`~gmkit.ui.posts.PostPanel`: the round's forum post and each player's brief).
With a ``journal`` every step is appended to it as it happens (the engine's journal), so a kernel
restart loses nothing: running the same cell again finds the journal and resumes the desk where it
stood. Save writes a copy of the journal, the GM's and the players' HTML reports and the whole
fight's forum post so far into a folder beside the journal.

What a rule set's desk gives (its ``ui.py``): :meth:`Session.status_rows` (the status panel, each
participant's state in words, grouped by side), :meth:`Session.no_order_text` (what an actor does
when the round is resolved without its order: the missing-order prompt says it before asking),
:meth:`Session.turn_text` (whose turn Resolve plays, for rule sets played turn by turn), its form's
``load(actor, order)`` (a received order or a pasted message put back into the form) and, for list
forms, the words of its order kinds as ``<system>.desk.kind.<Name>`` in its ``messages.json``.
The desk's language is kept in the journal (a ``desk`` line, never undone), so a desk resumed from
it comes back in that language; :meth:`Session.close` releases the journal's lock.

>>> desk = session("templates/scenarios/dragon_duel_firmament.yaml", journal="duel.jsonl")  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import ipywidgets as w

from ..errors import GmkitError, ScenarioError, noted, said
from ..i18n import format_message
from ..report.desk_files import write_desk_reports
from ..report.files import gm_path, plain_stem
from .desk_log import DeskLog
from .desk_state import header_html, missing_orders, waiting_html
from .dice_roller import DiceRoller
from .order_form import OrderForm, order_form
from .panels import DESK_CSS, ROUND_CSS, classed, log_table_html, status_panel_html
from .speaking import speaking

if TYPE_CHECKING:
    from ..encounter import Encounter

__all__ = ["Session", "session", "log_table_html"]

Source = "str | Path | Mapping[str, Any] | Encounter"


class Session(w.VBox):
    """One fight's desk; subclasses add the chart or the map."""

    system: ClassVar[str] = ""
    """The rule set this desk runs (its engine is found through :mod:`gmkit.systems`)."""

    def __init__(self, source: Any, seed: int | None = None, *, journal: str | Path | None = None,
                 lang: str | None = None, side: str | None = None,
                 save_path: str | Path | None = None) -> None:
        self.encounter = self._open(source, seed, journal)
        enc = self.encounter
        self.lang = lang or enc.desk_state.get("lang") or enc.scenario.get("language", "en")
        """The desk's language; kept in the journal (a resumed desk comes back in it)."""
        if lang is not None:
            enc.set_desk_state(lang=lang)
        self._check_side(side)
        self.side = side
        """The viewer: None is the GM; a side name shows that player's view."""
        self._busy = False
        self._quiet = False
        self._log = DeskLog()
        self._pending_resolve: bool | None = None
        """While the missing-order prompt is up: the autopilot choice the Resolve was asked with."""
        p = enc.journal_path
        self.save_path = gm_path(Path(save_path) if save_path else (
            p.with_name(plain_stem(p) + "-saved") / p.name if p else Path(f"{enc.system}-saved")
            / f"{enc.system}.jsonl"))
        """Where Save writes the journal's copy (``.gm`` in its name: it holds everything); the
        reports go beside it."""

        self.styles = w.HTML(DESK_CSS + ROUND_CSS)
        self.header = classed(w.HTML(), "gm-header")
        self.status = classed(w.HTML(), "gm-session-status")
        self.resolve_button = classed(w.Button(button_style="success", icon="play"), "gm-resolve")
        self.undo_button = classed(w.Button(icon="undo"), "gm-undo")
        self.save_button = classed(w.Button(icon="save"), "gm-save")
        self.language = classed(w.ToggleButtons(options=[("en", "en"), ("ru", "ru")], value=self.lang,
                                                style={"button_width": "auto"}), "gm-lang")
        self.autopilot = classed(w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto")),
                                 "gm-autopilot")
        self.view = classed(w.Dropdown(layout=w.Layout(width="auto"),
                                       style={"description_width": "initial"}), "gm-view")
        self.prompt_text = classed(w.HTML(), "gm-prompt-text")
        self.confirm_button = classed(w.Button(button_style="warning", icon="check"), "gm-confirm")
        self.cancel_button = classed(w.Button(icon="times"), "gm-cancel")
        self.prompt = classed(w.VBox([self.prompt_text, w.HBox([self.confirm_button, self.cancel_button])],
                                     layout=w.Layout(display="none")), "gm-prompt")
        self.orders_state = classed(w.HTML(), "gm-orders-state")
        self.panel = classed(w.HTML(), "gm-panel")
        self.resolve_button.on_click(lambda _b: self.resolve_clicked())
        self.confirm_button.on_click(lambda _b: self.answer(True))
        self.cancel_button.on_click(lambda _b: self.answer(False))
        self.undo_button.on_click(lambda _b: self.undo())
        self.save_button.on_click(lambda _b: self.save())
        self.language.observe(lambda c: self.set_language(c["new"]), names="value")
        self.view.observe(lambda c: self._view_changed(c["new"] or None), names="value")
        self.form: OrderForm = order_form(enc, lang=self.lang)
        if side is not None:
            self.form.set_view(side)
        self.form.edit_hook = self._edited
        self.dice = DiceRoller(enc, lang=self.lang)
        self.log_view = classed(w.HTML(), "gm-log-box")
        self._build_views()
        from .paste import PasteBox
        from .posts import PostPanel
        from .round_table import RoundTable
        from .seal import SealPanel

        self.paste = PasteBox(self)
        """The paste box: a player's message read into an order (issue 16)."""
        self.posts = PostPanel(enc, lang=self.lang,
                               pictures=p.with_name(p.stem + "-posts") if p else None)
        """The round's post and the players' briefs."""
        self.seal_panel = SealPanel(enc, lang=self.lang, forum_format=lambda: self.posts.format.value)
        """The seal: the dice sealed before play, the players' salt, the seal opened."""
        self.posts.format.observe(lambda _c: self.seal_panel.refresh(), names="value")
        self.round_table = RoundTable(self)
        """The forum round on one panel: every message pasted at once, a row per actor, «Accept
        all», «Play the round», the post and every brief with a copy button (issue 29)."""
        if side is not None:
            self.posts.set_viewer(side)
            self.seal_panel.set_viewer(side)
        buttons = w.HBox([self.resolve_button, self.autopilot, self.undo_button, self.save_button,
                          self.language, self.view])
        buttons.add_class("gm-toolbar")
        self.form.layout = w.Layout(flex="1 1 34em", min_width="0", max_width="100%")
        main = w.Box([self.main_view()], layout=w.Layout(flex="1 1 30em", min_width="0",
                                                         max_width="100%", overflow="auto"))
        main.add_class("gm-main")
        self.log_title = w.HTML()
        super().__init__([self.styles, self.header, buttons, self.status, self.prompt,
                          self.orders_state, self.panel, self.round_table,
                          w.HBox([self.form, main], layout=w.Layout(width="100%", flex_flow="row wrap")),
                          self.log_title, self.log_view, self.paste, self.dice, self.posts,
                          self.seal_panel])
        self.add_class("gmkit-session")
        enc.observe(self._on_step)
        self.refresh()
        self.round_table.refresh()

    # --- opening ----------------------------------------------------------------------------

    @classmethod
    def engine_class(cls) -> type[Encounter]:
        from ..engines import engine_for

        return engine_for(cls.system)

    def _open(self, source: Any, seed: int | None, journal: str | Path | None) -> Encounter:
        from ..encounter import Encounter

        engine = self.engine_class()
        if isinstance(source, Encounter):
            enc = source
            if journal is not None and enc.journal_path is None:
                enc.autosave(journal)
            return enc
        if journal is not None and Path(journal).exists() and Path(journal).stat().st_size > 0:
            scenario = None
            if source is not None:
                scenario = engine.from_scenario(source, seed).scenario
            return engine.resume(journal, scenario)
        return engine.from_scenario(source, seed, journal=journal)

    @classmethod
    def resume(cls, journal: str | Path, **kw: Any) -> Session:
        """The desk of a journaled fight, exactly where it stood (after a kernel restart), in
        the language the journal kept."""
        return cls(None, journal=journal, **kw)

    def close(self) -> None:
        """Close the desk: its widgets, and the journal's lock (another desk or process may
        open the journal then). A desk whose scenario was refused has no encounter to close."""
        try:
            if hasattr(self, "encounter"):
                self.encounter.close()
        finally:
            super().close()

    # --- views (subclasses) -------------------------------------------------------------------

    def _build_views(self) -> None:
        """Create the chart or map."""

    def main_view(self) -> w.Widget:
        return w.VBox()

    def update_views(self) -> None:
        """Bring the chart or map up to the board."""

    def viewers(self) -> list[tuple[str, str]]:
        """The views the desk offers: the GM's ("") and, where hidden information exists, each side's."""
        return [(format_message("ui.session.gm_view", self.lang), "")]

    def hidden_names(self) -> list[str]:
        """Names the current viewer may not see at all (a cloaked enemy, S-1): kept out of the log
        too, even where an event open to all names them."""
        return []

    def status_rows(self) -> list[dict[str, Any]]:
        """The status panel's rows as the viewer may see them: ``{"side", "name", "items": [words],
        "out": bool, "acting": bool}`` per participant (each rule set says what matters)."""
        return []

    def no_order_text(self, actor: str) -> str:
        """What ``actor`` does when the round is resolved without its order (each rule set's word)."""
        return self.t("no_order_default", actor=actor)

    def turn_text(self) -> str:
        """Whose turn the Resolve button plays now ("" where the round is played at once)."""
        return ""

    # --- actions --------------------------------------------------------------------------------

    def t(self, key: str, **params: Any) -> str:
        return format_message(f"ui.session.{key}", self.lang, **params)

    def order_words(self, actor: str, order: Any) -> str:
        """An order in words in the desk's language (the order language's own rendering)."""
        return self.form.order_words(actor, order)

    @speaking
    def missing(self, autopilot: bool = False) -> list[dict[str, str]]:
        """Who the round still awaits an order from, and what each will do if it is resolved now:
        ``[{"actor", "default"}]`` (the autopilot's order in words with ``autopilot``). Names the
        viewer may not see are shown as ``???``."""
        return missing_orders(
            self.encounter, self.hidden_names(), autopilot, self.no_order_text,
            lambda actor, order: self.t("default_autopilot", order=self.order_words(actor, order)))

    @speaking
    def resolve_clicked(self) -> bool:
        """The Resolve button: with orders missing, first list who has none and what each will
        do, and ask (:meth:`answer`); else resolve at once."""
        autopilot = bool(self.autopilot.value)
        missing = self.missing(autopilot)
        if not missing:
            return self._resolve_now(autopilot)
        self._pending_resolve = autopilot
        items = "".join(f"<li><b>{escape(m['actor'])}</b>: {escape(m['default'])}</li>"
                        for m in missing)
        self.prompt_text.value = (f"<b>{escape(self.t('missing_title', n=len(missing)))}</b>"
                                  f"<ul>{items}</ul>{escape(self.t('missing_question'))}")
        self.prompt.layout.display = "flex"
        return False

    @speaking
    def answer(self, go: bool) -> bool:
        """Answer the missing-order prompt: True resolves as it said, False leaves the round
        waiting. Returns whether a round was resolved."""
        autopilot = self._pending_resolve
        self._hide_prompt()
        if autopilot is None:
            return False
        if not go:
            self._say(self.t("resolve_cancelled"))
            return False
        return self._resolve_now(autopilot)

    def _resolve_now(self, autopilot: bool) -> bool:
        """The buttons' Resolve: the post's picture is drawn beside the desk, so the desk answers
        at once (:meth:`~gmkit.ui.posts.PostPanel.wait_pictures` waits for the file)."""
        self.posts.draw_later = True
        try:
            return self.resolve(autopilot=autopilot)
        finally:
            self.posts.draw_later = False

    def _hide_prompt(self) -> None:
        self._pending_resolve = None
        self.prompt.layout.display = "none"
        self.prompt_text.value = ""

    @property
    def prompting(self) -> bool:
        """Whether the missing-order prompt is up."""
        return self._pending_resolve is not None

    @speaking
    def resolve(self, *, autopilot: bool = False) -> bool:
        """Resolve the orders received (code's way; the button asks first, :meth:`resolve_clicked`);
        with ``autopilot`` the engine's simple policy orders for everyone still awaited. The desk
        is redrawn once, after the whole resolution."""
        self._hide_prompt()
        turn = self.turn_text()
        self._quiet = True
        try:
            new = self.encounter.resolve_round(autopilot=autopilot)
        except (GmkitError, ValueError) as e:
            self._quiet = False
            self._on_step("refused")
            self._say(self.t("error", message=said(e, self.lang)), error=True)
            return False
        finally:
            self._quiet = False
        self._on_step("resolve")
        n = len([e for e in new if e.visible_to(self.side)])
        self._say(self.t("turn_played", turn=turn, n=n) if turn else self.t("resolved", n=n))
        return True

    @speaking
    def undo(self) -> bool:
        try:
            last = self.encounter.undo()
        except (GmkitError, ValueError) as e:
            self._say(self.t("error", message=said(e, self.lang)), error=True)
            return False
        op = str(last.get("op", "?"))
        self._say(self.t("undone", what=format_message(f"ui.session.op.{op}", self.lang)
                         if op in _OPS else op))
        return True

    @speaking
    def save(self, path: str | Path | None = None) -> Path:
        """Write the journal's copy to ``path`` (default :attr:`save_path`) and, beside it, the GM's
        HTML report, the players' (every side at once, and each side's) and the whole fight so far
        as a forum post in the post panel's BBCode dialect. Returns the journal copy's path."""
        target = gm_path(path or self.save_path)  # the journal holds what players may not see
        try:
            self.posts.wait_pictures()
            target.parent.mkdir(parents=True, exist_ok=True)
            p = self.encounter.save(target)
            dialect = str(self.posts.format.value)
            files = [p, *write_desk_reports(self.posts.chronicle.update(), p, self.lang, dialect)]
        except (GmkitError, OSError, ValueError) as e:
            self._say(self.t("error", message=said(e, self.lang)), error=True)
            raise
        self._say(format_message("posts.saved", self.lang, folder=str(p.parent),
                                 files=", ".join(f.name for f in files)))
        return p

    @speaking
    def set_language(self, lang: str) -> None:
        """Show the desk in ``lang`` ("en" or "ru"); the view (GM or a side's) stays as it is,
        and the journal keeps the choice."""
        from ..i18n import LANGUAGES

        if lang not in LANGUAGES:
            raise GmkitError(format_message("ui.session.no_language", self.lang, lang=str(lang),
                                            languages=", ".join(LANGUAGES)))
        if lang == self.lang and self.language.value == lang:
            return
        self.lang = lang
        try:
            self.encounter.set_desk_state(lang=lang)
        except GmkitError as e:  # a closed journal: the desk still switches
            self._say(self.t("error", message=said(e, self.lang)), error=True)
        if self.language.value != lang:
            self.language.value = lang
        self._busy = True
        try:
            self.form.set_language(lang)
            self.dice.lang = lang
            self.posts.set_language(lang)
            self.paste.set_language(lang)
            self.seal_panel.set_language(lang)
            self.round_table.set_language(lang)
        finally:
            self._busy = False
        self.refresh()

    def _check_side(self, side: str | None) -> None:
        sides = self.encounter.sides()
        if side is not None and side not in sides:
            raise GmkitError(format_message("ui.session.no_side", self.lang, side=str(side),
                                            sides=", ".join(sides)))

    @speaking
    def set_view(self, side: str | None) -> None:
        """Show the desk as ``side``'s player sees it (None: the GM's view); an unknown side is
        an error that names the sides."""
        self._check_side(side)
        self.side = side
        if (self.view.value or None) != side:
            self._busy = True
            try:
                self.view.value = side or ""
            finally:
                self._busy = False
        self.round_table.refresh()  # a player's view shuts the table first: nothing hidden lingers
        self.form.set_view(side)
        self.posts.set_viewer(side)
        self.seal_panel.set_viewer(side)
        self.paste.refresh()
        self.refresh()

    def _view_changed(self, side: str | None) -> None:
        if not self._busy and side != self.side:
            self.set_view(side)

    def _say(self, text: str, error: bool = False) -> None:
        style = ' style="color:#b00020"' if error else ""
        self.status.value = f"<span{style}>{escape(text)}</span>" if text else ""

    def _edited(self, text: str) -> None:
        """A message from the form about the order being edited."""
        self._say(text)

    @speaking
    def _on_step(self, op: str) -> None:
        if self._quiet:
            return
        self._say("")  # the last step's message no longer applies
        self.form.status.value = ""
        if self.prompting and op != "resolve":
            self._hide_prompt()  # orders changed: the list it showed is stale
        self.form.refresh()
        self.paste.refresh()
        self.refresh()
        self.seal_panel.refresh()
        self.posts.refresh()  # the post's picture is drawn beside the desk from here on
        self.round_table.refresh()  # after the posts: its copy button and briefs follow them

    @speaking
    def refresh(self) -> None:
        enc = self.encounter
        self.resolve_button.description = self.t("resolve")
        self.undo_button.description = self.t("undo")
        self.save_button.description = self.t("save")
        self.view.description = self.t("view")
        self.autopilot.description = self.t("autopilot")
        self.confirm_button.description = self.t("confirm")
        self.cancel_button.description = self.t("cancel")
        self.log_title.value = f"<b>{escape(self.t('log_title'))}</b>"
        opts = self.viewers()
        self._busy = True  # new labels must not move the view (a side's stays a side's)
        try:
            if list(self.view.options) != opts:
                self.view.options = opts
            self.view.value = self.side or ""
        finally:
            self._busy = False
        # the turn only while the fight goes on (a rule set's turn_text may ask the board)
        turn = self.turn_text() if enc.outcome() is None else ""
        self.header.value = header_html(enc, self.lang, turn, self.t)
        self.resolve_button.disabled = enc.is_over
        self.orders_state.value = waiting_html(enc, self.hidden_names(), self.t)
        self.panel.value = status_panel_html(self.status_rows(), self.lang)
        self.log_view.value = log_table_html(self._shown_rows(), self.lang)
        self.update_views()

    def _shown_rows(self) -> list[dict[str, Any]]:
        return self._log.shown(self.encounter, self.lang, self.side, self.hidden_names())

    @speaking
    def log_table(self) -> Any:
        """The round log as a pandas DataFrame (round, who, what, dice), as the viewer sees it."""
        import pandas as pd

        return pd.DataFrame(self._shown_rows(), columns=["round", "actor", "kind", "text", "dice"])

    def __repr__(self) -> str:
        enc = self.encounter
        state = "over" if enc.is_over else f"round {enc.round}"
        view = "GM view" if self.side is None else f"{self.side} view"
        return (f"<{type(self).__name__} {enc.scenario.get('name', '')!r} {state}, "
                f"{len(enc.record)} events, orders received: {len(enc.orders_received)}, {view}>")


_OPS = ("submit", "withdraw", "reorder", "enter", "note", "resolve")


def session(source: Any, seed: int | None = None, **kw: Any) -> Session:
    """The desk for a scenario or encounter of any rule set (found through the registry)."""
    from ..encounter import Encounter
    from ..systems import get

    lang = kw.get("lang")
    try:  # a bad scenario is told in the desk's language too (a note under the English message)
        if isinstance(source, Encounter):
            system = source.system
        elif isinstance(source, Mapping):
            system = str(source.get("system"))
            lang = lang or source.get("language")
        else:
            from ..scenario import read_yaml

            data = read_yaml(source) or {}
            system = str(data.get("system")) if isinstance(data, Mapping) else "None"
            lang = lang or (data.get("language") if isinstance(data, Mapping) else None)
        cls: type[Session] = get(system).load("desk")
        return cls(source, seed, **kw)
    except ScenarioError as e:
        noted(e, lang if lang in ("en", "ru") else None)
        raise
