"""The next fight from a desk form: who fights, which enemies, where, then the desk (ipywidgets).

A thin form over :mod:`gmkit.campaign.build`: a box per living member of the roster (ticked), a
count per creature of the bestiary (the last fight's enemies counted in), a field per setting of
the battlefield and options (a list of values where the rules give one), the fight's title, seed
and file. *Build* writes the scenario (checked by the rule set's model, named after its schema)
and opens the fight's desk under the form; a refusal is shown in the form's language, the file
unwritten. Below, a player's forum sheet pasted is read (:mod:`gmkit.campaign.sheets`) into a
table, the unread marked, and joins the roster only on *Add to the roster*. The form keeps no lock
on the campaign: it opens the file when it reads and for the moment it writes.

>>> form = CampaignForm("road.gmc")            # doctest: +SKIP
>>> form.counts["Волк"].value = 5; form.build()  # doctest: +SKIP
"""

from __future__ import annotations

import re
import typing
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from ..errors import GmkitError, said
from ..i18n import format_message
from .build import MAX_COPIES, Draft, bases, build, last_enemies, settings_of, write
from .part import ALIVE
from .store import Campaign

__all__ = ["CampaignForm"]


class CampaignForm(w.VBox):
    """The form for the campaign file ``campaign``; :meth:`build` is what the button does."""

    def __init__(self, campaign: str | Path, lang: str | None = None):
        self.path = Path(campaign)
        with Campaign.open(self.path) as c:
            self.system = c.system
            self.lang = lang or c.language
            members = [m for m in c.members() if m.state == ALIVE]
            beasts = [b.name for b in c.bestiary()]
            last = last_enemies(c)
            self.settings = settings_of(c)
            number = len(c.fights()) + 1
        self.desk: Any = None
        """The desk of the fight last built (None before)."""
        self.members = {m.name: w.Checkbox(value=True, description=m.name, indent=False)
                        for m in members}
        self.counts = {b: w.BoundedIntText(value=_count(b, last), min=0, max=MAX_COPIES,
                                           description=b, style={"description_width": "initial"},
                                           layout=w.Layout(width="auto"))
                       for b in beasts}
        self.fields = {path: _widget(self.system, path, value, self.lang)
                       for path, value in _leaves(self.settings)}
        self.name = w.Text(description=self.t("name"), style={"description_width": "initial"})
        self.seed = w.Text(description=self.t("seed"), style={"description_width": "initial"})
        self.file = w.Text(value=str(self.path.with_name(f"fight-{number}.yaml")),
                           description=self.t("file"), style={"description_width": "initial"})
        self.button = w.Button(description=self.t("build"), button_style="primary", icon="play")
        self.button.on_click(lambda _b: self.build())
        self.message = w.HTML()
        self.desk_box = w.VBox()
        self.sheet = w.Textarea(layout=w.Layout(width="100%", height="5em"),
                                placeholder=self.t("sheet_hint"))
        self.sheet_name = w.Text(description=self.t("name"), style={"description_width": "initial"})
        self.read_button = w.Button(description=self.t("read"), icon="search")
        self.read_button.on_click(lambda _b: self.read_sheet())
        self.accept_button = w.Button(description=self.t("accept"), icon="user-plus", disabled=True)
        self.accept_button.on_click(lambda _b: self.accept_sheet())
        self.sheet_result = w.HTML()
        self.reading: Any = None
        """The last sheet read (None before any, and after it joined the roster)."""
        self.member_box = w.HBox(list(self.members.values()))
        super().__init__([
            w.HTML(f"<b>{escape(self.t('members'))}</b>"), self.member_box,
            w.HTML(f"<b>{escape(self.t('enemies'))}</b>"), w.HBox(list(self.counts.values())),
            w.HTML(f"<b>{escape(self.t('settings'))}</b>"), w.VBox(list(self.fields.values())),
            w.HBox([self.name, self.seed]), self.file, self.button, self.message, self.desk_box,
            w.HTML(f"<b>{escape(self.t('sheet'))}</b>"), self.sheet,
            w.HBox([self.sheet_name, self.read_button, self.accept_button]), self.sheet_result])
        self.add_class("gmkit-campaign-form")

    def t(self, key: str, **params: Any) -> str:
        return format_message(f"campaign.form.{key}", self.lang, **params)

    def draft(self) -> Draft:
        """What the form says, as :func:`~gmkit.campaign.build.build` takes it."""
        from .errors import CampaignError

        seed = self.seed.value.strip()
        if seed and not re.fullmatch(r"-?\d+", seed):
            raise CampaignError("campaign.form.bad_seed", got=seed)
        return Draft(members=[n for n, box in self.members.items() if box.value],
                     enemies=[(n, box.value) for n, box in self.counts.items() if box.value > 0],
                     changes={p: box.value for p, box in self.fields.items()},
                     name=self.name.value.strip() or None, seed=int(seed) if seed else None)

    def build(self) -> Path | None:
        """Write the scenario and open its desk below; None (and the refusal shown) when refused."""
        from ..ui.sessions import session

        try:
            with Campaign.open(self.path) as c:
                scenario = build(c, self.draft(), self.lang)
            path = write(scenario, self.file.value, self.lang)
            self.desk = session(path, journal=path.with_suffix(".jsonl"), lang=self.lang)
        except (GmkitError, ValueError) as e:
            self.message.value = f'<span class="gm-error">{escape(said(e, self.lang))}</span>'
            return None
        self.message.value = escape(self.t("built", path=str(path)))
        self.desk_box.children = (self.desk,)
        return path


    def read_sheet(self) -> Any:
        """Read the pasted sheet: a table of what was read (the unread marked) and what the entry
        still lacks; *Add to the roster* is offered only when nothing is lacking."""
        from ..report.document import table_html
        from .sheets import read_text

        with Campaign.open(self.path) as c:
            party = c.party
        self.reading = r = read_text(self.system, self.sheet.value, party,
                                     name=self.sheet_name.value.strip() or None)
        problems = "".join(f"<li>{escape(p.strip(' -'))}</li>" for p in r.problems(self.lang))
        lacks = (f'<div class="gm-error">{escape(self.t("lacks", name=r.name or "?"))}'
                 f"<ul>{problems}</ul></div>") if problems else ""
        self.sheet_result.value = table_html(r.rows(self.lang)) + lacks  # every text escaped
        self.accept_button.disabled = not r.ok
        return r

    def accept_sheet(self) -> bool:
        """The character read joins the roster (and the fighters' boxes, ticked)."""
        from . import roster

        r = self.reading
        if r is None or not r.ok:
            return False
        try:
            with Campaign.open(self.path, write=True) as c:
                m = roster.add_member(c, r.entry, source="sheet")
        except (GmkitError, ValueError) as e:
            self.sheet_result.value += f'<div class="gm-error">{escape(said(e, self.lang))}</div>'
            return False
        self.members[m.name] = w.Checkbox(value=True, description=m.name, indent=False)
        self.member_box.children = tuple(self.members.values())
        self.sheet_result.value = escape(format_message("campaign.sheet.added", self.lang, name=m.name))
        self.reading, self.accept_button.disabled = None, True
        return True


def _count(beast: str, enemies: list[dict[str, Any]]) -> int:
    """How many of ``beast`` the last fight had (``Волк 1`` … ``Волк 5``: 5)."""
    names = [str(e.get("name")) for e in enemies]
    exact = [n for n in names if n == beast or re.fullmatch(re.escape(beast) + r" \d+", n)]
    if exact:
        return len(exact)
    return sum(1 for e in bases(enemies) if e.get("name") == beast)


def _leaves(settings: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """The settings a form field can hold: numbers, yes/no and words, by their path."""
    out: list[tuple[str, Any]] = []
    for k, v in settings.items():
        path = f"{prefix}{k}"
        if isinstance(v, dict):
            out += _leaves(v, path + ".")
        elif isinstance(v, (bool, int, float, str)):
            out.append((path, v))
    return out


def _widget(system: str, path: str, value: Any, lang: str) -> w.Widget:
    from ..report.tables import label, value_text

    text = label(path, lang)
    style = {"description_width": "initial"}
    choices = _choices(system, path)
    if isinstance(value, bool):
        return w.Checkbox(value=value, description=text, indent=False)
    if choices:
        options = [(value_text(c, lang, path), c) for c in choices]
        if value not in choices:
            options.append((str(value), value))
        return w.Dropdown(options=options, value=value, description=text, style=style)
    if isinstance(value, int):
        return w.IntText(value=value, description=text, style=style)
    if isinstance(value, float):
        return w.FloatText(value=value, description=text, style=style)
    return w.Text(value=str(value), description=text, style=style)


def _choices(system: str, path: str) -> list[Any]:
    """The values the rule set's scenario model allows at ``path`` (a Literal), or none."""
    from pydantic import BaseModel

    from ..systems import get

    model: Any = get(system).scenario_model
    annotation: Any = None
    for part in path.split("."):
        fields = getattr(model, "model_fields", {})
        if part not in fields:
            return []
        annotation = fields[part].annotation
        model = next((a for a in (annotation, *typing.get_args(annotation))
                      if isinstance(a, type) and issubclass(a, BaseModel)), None)
    out: list[Any] = []
    for a in (annotation, *typing.get_args(annotation)):
        if typing.get_origin(a) is typing.Literal:
            out += list(typing.get_args(a))
    return out
