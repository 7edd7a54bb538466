"""The fight as a phpBB-style forum post: rounds, rolls, outcome (BBCode)."""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..i18n import format_message
from . import document as doc

__all__ = ["to_bbcode", "escape_bbcode"]

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
              lang: str | None = None) -> str:
    """A forum post of the fight in the chosen view (players' by default: it is for sharing)."""
    from .rundata import view_data

    data = view_data(data, view, side)  # a player's post is drawn from that player's data only
    lang = lang or data.get("language", "en")
    e = escape_bbcode
    scen = data["scenario"]
    lines = [f"[size=150][b]{e(scen.get('name', ''))}[/b][/size]",
             f"[i]{e(format_message('report.subtitle', lang, system=data['system'], seed=data['seed'], view=doc.view_label(view, side, lang)))}[/i]"]
    if scen.get("description"):
        lines.append(e(scen["description"]))
    lines.append("")
    for rnd in data["rounds"]:
        lines.append(f"[b]{e(format_message('report.round', lang, round=rnd['round']))}[/b]")
        items = doc.story_items(rnd["events"], view, side, lang)
        if items:
            lines.append("[list]")
            for text, rolls in items:
                roll = f" [size=85][color=gray]({e('; '.join(rolls))})[/color][/size]" if rolls else ""
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
    lines.append(f"[size=85]{e(format_message('report.bbcode.footer', lang, seed=data['seed']))}[/size]")
    return "\n".join(lines) + "\n"
