"""The reports a desk's Save writes beside the journal's copy: the GM's HTML report, the players'
(every side at once, and each side's) and the whole fight so far as a forum post. The desk asks
here (issue 30) rather than writing HTML and BBCode itself."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .files import plain_stem

__all__ = ["write_desk_reports"]


def write_desk_reports(data: Mapping[str, Any], journal: Path, lang: str, dialect: str) -> list[Path]:
    """Write the reports of the run ``data`` (a chronicle's) beside ``journal``; ``dialect``: the
    forum post's BBCode dialect (an unknown one is phpBB's). Returns the files written."""
    from .bbcode import DIALECTS, to_bbcode
    from .html import notebook_to_html, rebuild_notebook
    from .rundata import view_tag

    title = str(data["scenario"].get("name", ""))
    out = []
    stem = plain_stem(journal)
    for view, side in [("gm", ""), ("player", ""), *(("player", s) for s in data["sides"])]:
        f = journal.with_name(f"{stem}.{view_tag(view, side)}.html")
        f.write_text(notebook_to_html(rebuild_notebook(data, view, side, lang), title),
                     encoding="utf-8")
        out.append(f)
    f = journal.with_name(f"{stem}.player.bbcode.txt")
    f.write_text(to_bbcode(data, "player", "", lang, dialect if dialect in DIALECTS else "phpbb"),
                 encoding="utf-8")
    out.append(f)
    return out
