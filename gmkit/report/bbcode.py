"""The fight as a forum post in BBCode: rounds, rolls, outcome; in the dialect of the GM's board.

Forum software agrees on ``[b]``, ``[i]``, ``[list]``/``[*]``, ``[code]`` and ``[img]``; it
disagrees on sizes (phpBB takes a percentage, MyBB a CSS name, XenForo 1 to 7) and some boards take
no sizes or colours at all. A :class:`Dialect` says which, and every writer asks it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..i18n import format_message, grammar
from . import document as doc

__all__ = ["to_bbcode", "escape_bbcode", "Dialect", "DIALECTS", "dialect"]


@dataclass(frozen=True)
class Dialect:
    """One forum software's BBCode: how big a title and small print are, and whether colours go."""

    name: str
    label: str
    """The forum software, as GMs know it."""
    title_size: str | None
    """``[size=...]`` of a title (None: the dialect has no sizes)."""
    small_size: str | None
    """``[size=...]`` of small print (the rolls, the footer)."""
    colour: bool = True
    """Whether ``[color=...]`` goes."""

    @property
    def tags(self) -> frozenset[str]:
        """Every tag this dialect's posts use (what a test registers to render them)."""
        used = {"b", "i", "list", "*", "code", "img"}
        if self.title_size is not None or self.small_size is not None:
            used.add("size")
        if self.colour:
            used.add("color")
        return frozenset(used)

    def title(self, text: str) -> str:
        """Escaped ``text`` as a title."""
        inner = f"[b]{text}[/b]"
        return f"[size={self.title_size}]{inner}[/size]" if self.title_size else inner

    def small(self, text: str, grey: bool = False) -> str:
        """Escaped ``text`` in small print (grey where the dialect has colours)."""
        if grey and self.colour:
            text = f"[color=gray]{text}[/color]"
        return f"[size={self.small_size}]{text}[/size]" if self.small_size else text


DIALECTS: dict[str, Dialect] = {
    "phpbb": Dialect("phpbb", "phpBB", "150", "85"),
    "mybb": Dialect("mybb", "MyBB", "large", "small"),
    "xenforo": Dialect("xenforo", "XenForo", "5", "2"),
    "plain": Dialect("plain", "BBCode", None, None, colour=False),
}
"""The BBCode dialects by name: phpBB (sizes in per cent), MyBB-style boards (CSS size names),
XenForo (sizes 1 to 7), and plain BBCode with no sizes or colours for any other board."""


def dialect(name: str) -> Dialect:
    """The dialect named ``name``; an unknown one is refused with the names there are."""
    from ..errors import GmkitError

    try:
        return DIALECTS[name]
    except (KeyError, TypeError):
        raise GmkitError(format_message("posts.error.dialect", None, dialect=name,
                                        dialects=", ".join([*DIALECTS, "markdown"]))) from None

_TAG = re.compile(r"\[(?=\s*(?:/|[a-z*=]))", re.IGNORECASE)


def escape_bbcode(text: Any) -> str:
    """Break anything in ``text`` that a forum would read as a tag (``[b]``, ``[/url]``,
    ``[/code]`` inside a code block) with an invisible zero-width space; dice like ``d8[5]`` stay
    as they are.

    >>> escape_bbcode("[/code][url=javascript:alert(1)]x[/url] d8[5]")
    '[\u200b/code][\u200burl=javascript:alert(1)]x[\u200b/url] d8[5]'
    """
    return _TAG.sub("[\u200b", str(text))


def to_bbcode(data: Mapping[str, Any], view: str = "player", side: str = "",
              lang: str | None = None, dialect_name: str = "phpbb") -> str:
    """A forum post of the fight in the chosen view (players' by default: it is for sharing),
    in the BBCode of ``dialect_name`` (phpBB's by default)."""
    from .rundata import cast_of_run, view_data

    d = dialect(dialect_name)
    data = view_data(data, view, side)  # a player's post is drawn from that player's data only
    lang = lang or data.get("language", "en")
    with grammar.cast(cast_of_run(data)):
        return _written(data, view, side, lang, d)


def _written(data: Mapping[str, Any], view: str, side: str, lang: str, d: Dialect) -> str:
    e = escape_bbcode
    scen = data["scenario"]
    lines = [d.title(e(scen.get('name', ''))), f"[i]{e(doc.subtitle(data, view, side, lang))}[/i]"]
    if scen.get("description"):
        lines.append(e(scen["description"]))
    lines.append("")
    for rnd in data["rounds"]:
        lines.append(f"[b]{e(format_message('report.round', lang, round=rnd['round']))}[/b]")
        items = doc.story_items(rnd["events"], view, side, lang)
        if items:
            lines.append("[list]")
            for text, rolls in items:
                roll = f" {d.small('(' + e('; '.join(rolls)) + ')', grey=True)}" if rolls else ""
                lines.append(f"[*]{e(text)}{roll}")
            lines.append("[/list]")
        else:
            lines.append(f"[i]{e(format_message('report.nothing', lang))}[/i]")
        lines.append("")
    lines.append(f"[b]{e(format_message('report.section.outcome', lang))}[/b]")
    lines += [e(t) for t in doc.outcome_text(data, lang)]
    lines.append(e(doc.odds_text(data, lang)))
    if view == "gm" and data.get("unresolved"):
        lines.append("")
        lines.append(f"[b]{e(format_message('report.section.unresolved', lang))}[/b]")
        # inside [code] only [/code] is read as a tag: escaped like any text, it cannot end the block
        lines += [f"{e(u['actor'])}: [code]{e(doc.order_text(u['order']))}[/code]"
                  for u in data["unresolved"]]
    lines.append("")
    lines.append(d.small(e(format_message('report.bbcode.footer', lang, seed=data['seed']))))
    return "\n".join(lines) + "\n"
