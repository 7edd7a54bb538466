"""The fight as a Markdown post (for forums and chats that speak Markdown rather than BBCode)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..i18n import format_message, grammar
from . import document as doc

__all__ = ["to_markdown", "escape_markdown", "code_span"]

_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+!|~&])")
_LINE_START = re.compile(r"^([ \t]*)([-=]|\d+(?=[.)]))", re.MULTILINE)
_NEWLINES = re.compile(r"\s*[\r\n]+\s*")


def escape_markdown(text: Any) -> str:
    """Backslash every character Markdown would read as markup, and whatever would open a block
    at the start of a line (a ``-`` bullet, a ``1.`` list, a ``===`` underline).

    >>> escape_markdown("*a* [b](javascript:x) <script>")
    '\\\\*a\\\\* \\\\[b\\\\]\\\\(javascript:x\\\\) \\\\<script\\\\>'
    """
    out = _SPECIAL.sub(r"\\\1", str(text).replace("\r\n", "\n").replace("\r", "\n"))
    out = _LINE_START.sub(lambda m: m.group(1) + (m.group(2) + "\\" if m.group(2)[0].isdigit()
                                                  else "\\" + m.group(2)), out)
    return out


def _inline(text: Any) -> str:
    """``text`` escaped on one line (for a heading or a list item, which a newline would end)."""
    return escape_markdown(_NEWLINES.sub(" ", str(text)))


def code_span(text: Any) -> str:
    """``text`` as an inline code span nothing in it can close: the fence is one backtick longer
    than the longest run of backticks inside, and newlines become spaces.

    >>> code_span("a`b``c")
    '``` a`b``c ```'
    """
    body = _NEWLINES.sub(" ", str(text))
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest or body.startswith(" ") or body.endswith(" ") else ""
    return f"{fence}{pad}{body}{pad}{fence}"


def to_markdown(data: Mapping[str, Any], view: str = "player", side: str = "",
                lang: str | None = None) -> str:
    """The fight as Markdown in the chosen view (players' by default)."""
    from .rundata import cast_of_run, view_data

    data = view_data(data, view, side)  # a player's post is drawn from that player's data only
    lang = lang or data.get("language", "en")
    with grammar.cast(cast_of_run(data)):
        return _written(data, view, side, lang)


def _written(data: Mapping[str, Any], view: str, side: str, lang: str) -> str:
    e = _inline
    scen = data["scenario"]
    lines = [f"# {e(scen.get('name', ''))}", "", f"*{e(doc.subtitle(data, view, side, lang))}*", ""]
    if scen.get("description"):
        lines += [escape_markdown(scen["description"]), ""]
    for rnd in data["rounds"]:
        lines += [f"## {e(format_message('report.round', lang, round=rnd['round']))}", ""]
        items = doc.story_items(rnd["events"], view, side, lang)
        for text, rolls in items:
            roll = f" {code_span('; '.join(rolls))}" if rolls else ""
            lines.append(f"- {e(text)}{roll}")
        if not items:
            lines.append(f"*{e(format_message('report.nothing', lang))}*")
        lines.append("")
    lines += [f"## {e(format_message('report.section.outcome', lang))}", ""]
    lines += [e(t) + "  " for t in doc.outcome_text(data, lang)]
    lines += ["", e(doc.odds_text(data, lang))]
    if view == "gm" and data.get("unresolved"):
        lines += ["", f"## {e(format_message('report.section.unresolved', lang))}", ""]
        lines += [f"- {e(u['actor'])}: {code_span(doc.order_text(u['order']))}"
                  for u in data["unresolved"]]
    return "\n".join(lines) + "\n"
