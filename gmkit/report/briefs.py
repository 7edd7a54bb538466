"""Every player's brief at once: what the desk lists with a copy button each and ``gmkit brief
--all`` writes, one file per player, named by actor and forum nickname.

The briefs are drawn as :func:`~.forum.brief_text` draws one (the fight as it stood after its last
resolution, the actor's side's view, the orders open to it with their odds, how to answer with
its own names), for every actor a player plays (:func:`gmkit.scenario.actors_of`: not the GM's).

>>> brief_file("Засада", "Пепел", "Sky/Kira", "phpbb")
'Засада.brief-Пепел.Sky_Kira.txt'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import GmkitError
from ..i18n import format_message

if TYPE_CHECKING:
    from .chronicle import Chronicle

__all__ = ["Brief", "all_briefs", "brief_file", "write_briefs"]

_UNSAFE = re.compile(r"[\x00-\x1f\x7f/\\:*?\"<>|]+")


@dataclass(frozen=True)
class Brief:
    """One player's brief, ready to send."""

    actor: str
    player: str | None
    """The player's forum nickname, when the scenario names one (where to send it)."""
    text: str
    """The brief in the chosen format (BBCode dialect or Markdown)."""
    file: str
    """A file name for it: ``NAME.brief-ACTOR.NICKNAME.txt``."""


def brief_file(stem: str, actor: str, player: str | None, fmt: str) -> str:
    """A brief's file name: the fight's, the actor's and the player's, safe on any system."""
    parts = [_safe(stem), "brief-" + _safe(actor)] + ([_safe(player)] if player else [])
    return ".".join(parts) + (".md" if fmt == "markdown" else ".txt")


def _safe(text: str) -> str:
    return _UNSAFE.sub("_", text).strip(" .") or "_"


def all_briefs(source: Any, fmt: str = "phpbb", lang: str | None = None, deadline: str = "",
               stem: str = "fight", actors: list[str] | None = None) -> list[Brief]:
    """The brief of every actor a player plays (or of ``actors``), in scenario order, each with
    its player's nickname beside it. ``source``: a fight, or the desk's :class:`~.chronicle.Chronicle`
    of it (its briefs are kept until the next resolution)."""
    from ..scenario import actors_of
    from .chronicle import Chronicle
    from .forum import brief_text, check_format

    check_format(fmt)
    chron: Chronicle = source if isinstance(source, Chronicle) else Chronicle(
        source, lang or str(source.scenario.get("language", "en")))
    data = chron.update()
    rows = actors_of(data["scenario"])
    players = {name: player for name, player, gm, _ in rows}
    wanted = list(actors) if actors is not None else [name for name, _, gm, _ in rows if not gm]
    data["briefs"] = chron.briefs(wanted)
    return [Brief(a, players.get(a), brief_text(data, a, fmt, lang, deadline),
                  brief_file(stem, a, players.get(a), fmt)) for a in wanted]


def write_briefs(briefs: list[Brief], folder: str | Path) -> list[Path]:
    """Each brief in a file of its own in ``folder`` (made when missing); the paths written."""
    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
        paths = []
        for b in briefs:
            p = out / b.file
            p.write_text(b.text, encoding="utf-8")
            paths.append(p)
    except OSError as e:
        raise GmkitError(format_message("inbox.error.write", None, path=str(out),
                                        why=e.strerror or str(e))) from None
    return paths
