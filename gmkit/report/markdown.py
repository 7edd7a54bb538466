"""The fight as a Markdown post (for forums and chats that speak Markdown rather than BBCode)."""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..i18n import format_message
from . import document as doc

__all__ = ["to_markdown", "escape_markdown"]

_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+!|~])")


def escape_markdown(text: str) -> str:
    """Backslash every character Markdown would read as markup."""
    return _SPECIAL.sub(r"\\\1", str(text))


def to_markdown(data: Mapping[str, Any], view: str = "player", side: str = "",
                lang: str | None = None) -> str:
    lang = lang or data.get("language", "en")
    e = escape_markdown
    scen = data["scenario"]
    lines = [f"# {e(scen.get('name', ''))}", "",
             f"*{e(format_message('report.subtitle', lang, system=data['system'], seed=data['seed'], view=doc.view_label(view, side, lang)))}*",
             ""]
    if scen.get("description"):
        lines += [e(scen["description"]), ""]
    for rnd in data["rounds"]:
        lines += [f"## {e(format_message('report.round', lang, round=rnd['round']))}", ""]
        items = doc.story_items(rnd["events"], view, side, lang)
        for text, rolls in items:
            roll = f" `{'; '.join(rolls).replace('`', chr(39))}`" if rolls else ""
            lines.append(f"- {e(text)}{roll}")
        if not items:
            lines.append(f"*{e(format_message('report.nothing', lang))}*")
        lines.append("")
    lines += [f"## {e(format_message('report.section.outcome', lang))}", ""]
    lines += [e(t) + "  " for t in doc.outcome_text(data, lang)]
    lines += ["", e(doc.odds_text(data, lang))]
    if view == "gm" and data.get("unresolved"):
        lines += ["", f"## {e(format_message('report.section.unresolved', lang))}", ""]
        lines += [f"- {e(u['actor'])}: `{u['order']}`" for u in data["unresolved"]]
    return "\n".join(lines) + "\n"
