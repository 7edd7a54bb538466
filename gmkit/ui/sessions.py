"""Session panels: the whole GM's desk for one fight in one notebook cell.

Each rule set's desk (its ``ui.py``, found through :mod:`gmkit.systems`) puts together its order form,
its chart or map, a dice roller bound to the encounter, the round log as a table, buttons for
Resolve / Undo / Save, a language switch and (for the map) a GM / player view switch, and the
post panel (:class:`~gmkit.ui.posts.PostPanel`: the round's forum post and each player's brief).
With a ``journal`` every step is appended to it as it happens (the engine's journal), so a kernel
restart loses nothing: running the same cell again finds the journal and resumes the desk where it
stood. Save writes a copy of the journal, the GM's and the players' HTML reports and the whole
fight's forum post so far into a folder beside the journal.

>>> desk = session("templates/scenarios/dragon_duel_firmament.yaml", journal="duel.jsonl")  # doctest: +SKIP
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

import ipywidgets as w

from ..errors import GmkitError
from ..i18n import format_message
from .dice_roller import DiceRoller
from .order_form import OrderForm, order_form
from .viewmodels import log_rows

if TYPE_CHECKING:
    from ..encounter import Encounter

__all__ = ["Session", "session", "log_table_html"]

Source = "str | Path | Mapping[str, Any] | Encounter"


def log_table_html(rows: list[dict[str, Any]], lang: str = "en", last: int = 200) -> str:
    """The round log as an HTML table, newest last; every text escaped."""
    def t(k: str) -> str:
        return escape(format_message(f"ui.log.{k}", lang))

    if not rows:
        return f'<div class="gm-log-empty">{t("empty")}</div>'
    body = "".join(
        f"<tr><td>{r['round']}</td><td>{escape(str(r['actor']))}</td><td>{escape(r['text'])}</td>"
        f"<td style='font-family:monospace;font-size:11px'>{escape(r['dice'])}</td></tr>"
        for r in rows[-last:])
    return (f'<div style="max-height:22em;overflow-y:auto"><table class="gm-log">'
            f"<thead><tr><th>{t('round')}</th><th>{t('actor')}</th><th>{t('text')}</th>"
            f"<th>{t('dice')}</th></tr></thead><tbody>{body}</tbody></table></div>")


class Session(w.VBox):
    """One fight's desk; subclasses add the chart or the map."""

    system: ClassVar[str] = ""
    """The rule set this desk runs (its engine is found through :mod:`gmkit.systems`)."""

    def __init__(self, source: Any, seed: int | None = None, *, journal: str | Path | None = None,
                 lang: str | None = None, side: str | None = None,
                 save_path: str | Path | None = None) -> None:
        self.encounter = self._open(source, seed, journal)
        self.lang = lang or self.encounter.scenario.get("language", "en")
        self.side = side
        """The viewer: None is the GM; a side name shows that player's view."""
        p = self.encounter.journal_path
        self.save_path = Path(save_path) if save_path else (
            p.with_name(p.stem + "-saved") / p.name if p else Path(f"{self.encounter.system}-saved")
            / f"{self.encounter.system}.jsonl")
        """Where Save writes the journal's copy; the reports go beside it."""
        self.header = w.HTML()
        self.header.add_class("gm-header")
        self.status = w.HTML()
        self.status.add_class("gm-session-status")
        self.resolve_button = w.Button(button_style="success", icon="play")
        self.resolve_button.add_class("gm-resolve")
        self.undo_button = w.Button(icon="undo")
        self.undo_button.add_class("gm-undo")
        self.save_button = w.Button(icon="save")
        self.save_button.add_class("gm-save")
        self.language = w.ToggleButtons(options=[("en", "en"), ("ru", "ru")], value=self.lang,
                                        style={"button_width": "3em"})
        self.language.add_class("gm-lang")
        self.autopilot = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.autopilot.add_class("gm-autopilot")
        self.view = w.Dropdown(layout=w.Layout(width="14em"))
        self.view.add_class("gm-view")
        self.resolve_button.on_click(lambda _b: self.resolve(autopilot=self.autopilot.value))
        self.undo_button.on_click(lambda _b: self.undo())
        self.save_button.on_click(lambda _b: self.save())
        self.language.observe(lambda c: self.set_language(c["new"]), names="value")
        self.view.observe(lambda c: self._view_changed(c["new"] or None), names="value")
        self.form: OrderForm = order_form(self.encounter, lang=self.lang)
        if side is not None:
            self.form.set_view(side)
        self.dice = DiceRoller(self.encounter, lang=self.lang)
        self.log_view = w.HTML()
        self.log_view.add_class("gm-log-box")
        self._build_views()
        from .posts import PostPanel

        self.posts = PostPanel(self.encounter, lang=self.lang,
                               pictures=p.with_name(p.stem + "-posts") if p else None)
        """The round's post and the players' briefs."""
        if side is not None:
            self.posts.set_viewer(side)
        buttons = w.HBox([self.resolve_button, self.autopilot, self.undo_button, self.save_button,
                          self.language, self.view])
        self.form.layout = w.Layout(flex="1 1 45%", min_width="28em", overflow="hidden")
        main = w.Box([self.main_view()], layout=w.Layout(flex="1 1 55%", overflow="auto"))
        super().__init__([self.header, buttons, self.status,
                          w.HBox([self.form, main], layout=w.Layout(width="100%")), self.dice,
                          self.log_view, self.posts])
        self.add_class("gmkit-session")
        self.encounter.observe(self._on_step)
        self.refresh()

    # --- opening ----------------------------------------------------------------------------

    @classmethod
    def engine_class(cls) -> type["Encounter"]:
        from ..systems import get

        return get(cls.system).engine_class  # type: ignore[no-any-return]

    def _open(self, source: Any, seed: int | None, journal: str | Path | None) -> "Encounter":
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
    def resume(cls, journal: str | Path, **kw: Any) -> "Session":
        """The desk of a journaled fight, exactly where it stood (after a kernel restart)."""
        return cls(None, journal=journal, **kw)

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

    # --- actions --------------------------------------------------------------------------------

    def t(self, key: str, **params: Any) -> str:
        return format_message(f"ui.session.{key}", self.lang, **params)

    def resolve(self, *, autopilot: bool = False) -> bool:
        """Resolve the orders received (the Resolve button); with ``autopilot`` the engine's simple
        policy orders for everyone still awaited."""
        try:
            new = self.encounter.resolve_round(autopilot=autopilot)
        except (GmkitError, ValueError) as e:
            self._say(self.t("error", message=str(e)), error=True)
            return False
        self._say(self.t("resolved", n=len(new)))
        return True

    def undo(self) -> bool:
        try:
            last = self.encounter.undo()
        except (GmkitError, ValueError) as e:
            self._say(self.t("error", message=str(e)), error=True)
            return False
        self._say(self.t("undone", what=last.get("op", "?")))
        return True

    def save(self, path: str | Path | None = None) -> Path:
        """Write the journal's copy to ``path`` (default :attr:`save_path`) and, beside it, the GM's
        HTML report, the players' (every side at once, and each side's) and the whole fight so far
        as a forum post in the post panel's BBCode dialect. Returns the journal copy's path."""
        target = Path(path or self.save_path)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            p = self.encounter.save(target)
            files = [p, *self._write_reports(p)]
        except (GmkitError, OSError, ValueError) as e:
            self._say(self.t("error", message=str(e)), error=True)
            raise
        self._say(format_message("posts.saved", self.lang, folder=str(p.parent),
                                 files=", ".join(f.name for f in files)))
        return p

    def _write_reports(self, journal: Path) -> list[Path]:
        from ..report.bbcode import DIALECTS, to_bbcode
        from ..report.html import notebook_to_html, rebuild_notebook
        from ..report.rundata import view_tag

        data = self.posts.chronicle.update()
        title = str(data["scenario"].get("name", ""))
        out = []
        for view, side in [("gm", ""), ("player", ""), *(("player", s) for s in data["sides"])]:
            f = journal.with_name(f"{journal.stem}.{view_tag(view, side)}.html")
            f.write_text(notebook_to_html(rebuild_notebook(data, view, side, self.lang), title),
                         encoding="utf-8")
            out.append(f)
        dialect = self.posts.format.value if self.posts.format.value in DIALECTS else "phpbb"
        f = journal.with_name(f"{journal.stem}.player.bbcode.txt")
        f.write_text(to_bbcode(data, "player", "", self.lang, dialect), encoding="utf-8")
        out.append(f)
        return out

    def set_language(self, lang: str) -> None:
        self.lang = lang
        if self.language.value != lang:
            self.language.value = lang
        self.form.set_language(lang)
        self.dice.lang = lang
        self.posts.set_language(lang)
        self.refresh()

    def set_view(self, side: str | None) -> None:
        """Show the desk as ``side``'s player sees it (None: the GM's view)."""
        sides = self.encounter.sides()
        if side is not None and side not in sides:
            raise ValueError(f"no side {side!r}; the sides are {', '.join(sides)}")
        self.side = side
        if (self.view.value or None) != side:
            self.view.value = side or ""
        self.form.set_view(side)
        self.posts.set_viewer(side)
        self.refresh()

    def _view_changed(self, side: str | None) -> None:
        if side != self.side:
            self.set_view(side)

    def _say(self, text: str, error: bool = False) -> None:
        style = ' style="color:#b00020"' if error else ""
        self.status.value = f"<span{style}>{escape(text)}</span>"

    def _on_step(self, op: str) -> None:
        self.form.refresh()
        self.posts.refresh()
        self.refresh()

    def refresh(self) -> None:
        enc = self.encounter
        self.resolve_button.description = self.t("resolve")
        self.undo_button.description = self.t("undo")
        self.save_button.description = self.t("save")
        self.view.description = self.t("view")
        self.autopilot.description = self.t("autopilot")
        opts = self.viewers()
        if list(self.view.options) != opts:
            self.view.options = opts
        self.view.value = self.side or ""
        name = escape(str(enc.scenario.get("name", "")))
        state = self.t("round", round=enc.round)
        out = enc.outcome()
        if out is not None:
            winner = out.get("winner")
            res = (format_message("core.winner", self.lang, side=winner) if winner
                   else format_message("core.draw", self.lang))
            state = self.t("over", outcome=res)
        where = enc.journal_path
        saved = self.t("autosave", path=where.name) if where else self.t("no_journal")
        self.header.value = (f"<h3 style='margin:4px 0'>{name}</h3><div>{escape(state)} · "
                             f"<span style='color:#666'>{escape(saved)}</span></div>")
        self.resolve_button.disabled = enc.is_over
        rows = self._log_rows()
        for name in self.hidden_names():
            for r in rows:
                r["actor"] = str(r["actor"]).replace(name, "???")
                r["text"] = r["text"].replace(name, "???")
                r["dice"] = r["dice"].replace(name, "???")
        self.log_view.value = log_table_html(rows, self.lang)
        self.update_views()

    def log_table(self) -> Any:
        """The round log as a pandas DataFrame (round, who, what, dice), as the viewer sees it."""
        import pandas as pd

        rows = self._log_rows()
        for name in self.hidden_names():
            for r in rows:
                for k in ("actor", "text", "dice"):
                    r[k] = str(r[k]).replace(name, "???")
        return pd.DataFrame(rows, columns=["round", "actor", "kind", "text", "dice"])

    def _log_rows(self) -> list[dict[str, Any]]:
        """The log rows, formatting only the events that are new since the last refresh."""
        events = self.encounter.events_for(self.side)
        lang, side, old, rows = getattr(self, "_log_cache", (None, None, [], []))
        n = 0
        if (lang, side) == (self.lang, self.side):
            while n < min(len(old), len(events)) and old[n] is events[n]:
                n += 1
        rows = rows[:n] + log_rows(events[n:], self.lang)
        self._log_cache = (self.lang, self.side, events, rows)
        return [dict(r) for r in rows]

    def __repr__(self) -> str:
        enc = self.encounter
        state = "over" if enc.is_over else f"round {enc.round}"
        view = "GM view" if self.side is None else f"{self.side} view"
        return (f"<{type(self).__name__} {enc.scenario.get('name', '')!r} {state}, "
                f"{len(enc.record)} events, orders received: {len(enc.orders_received)}, {view}>")


def session(source: Any, seed: int | None = None, **kw: Any) -> Session:
    """The desk for a scenario or encounter of any rule set (found through the registry)."""
    from ..encounter import Encounter
    from ..systems import get

    if isinstance(source, Encounter):
        system = source.system
    elif isinstance(source, Mapping):
        system = str(source.get("system"))
    else:
        from ..scenario import read_yaml

        system = str((read_yaml(source) or {}).get("system"))
    cls: type[Session] = get(system).load("desk")
    return cls(source, seed, **kw)
