"""The GM's inbox: every player's message for a round, pasted at once, read into one table.

The GM pastes everything (one message, several, a whole copied page of private messages) or
points at a folder of text files; gmkit cuts it into messages (:mod:`.paste`), gives each to its
actor (:mod:`.who`), reads it for that actor and builds a row per actor: ready, a question, refused
or no message yet, with the reply to send (:mod:`.table`). :func:`accept_all` then submits every
ready row in one call, never one with a question::

    from gmkit import inbox
    table = inbox.read_paste(fight, pasted_text)
    for row in table.rows:
        print(row.actor, row.state, row.understood)
    inbox.accept_all(fight, table)        # the ready rows' orders, journaled
    gmkit.rounds.play_round(fight, npcs)  # then the round is played

Nothing of a player's text is trusted: whoever shows a row escapes it for its format
(:func:`shown`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..errors import GmkitError
from ..i18n import format_message
from .paste import MAX_MESSAGES, MAX_PASTE, Message, split
from .table import STATES, Inbox, Row, build, read_paste, steps
from .who import Identities

__all__ = ["Message", "Row", "Inbox", "STATES", "MAX_PASTE", "MAX_MESSAGES", "split", "build",
           "read_paste", "read_files", "accept_all", "edit", "assign", "Identities", "shown",
           "FORMATS"]

FORMATS = ("text", "html", "bbcode", "markdown")
"""Where a player's words may be shown: a terminal, a web page (the desk), a forum post or PM,
Discord."""

TEXT_SUFFIXES = (".txt", ".text", ".msg", ".bbcode", ".md", "")
"""The files of a folder read as messages (anything else in it is left alone)."""


def shown(text: str, fmt: str) -> str:
    """A player's text (or a reply quoting it) made safe for ``fmt`` (:data:`FORMATS`): no tag,
    link, picture or script of theirs reaches a thread, a desk or a terminal."""
    import html

    from ..report.bbcode import escape_bbcode
    from ..report.markdown import escape_markdown

    if fmt == "html":
        return html.escape(text)
    if fmt == "bbcode":
        return escape_bbcode(text)
    if fmt == "markdown":
        return escape_markdown(text)
    if fmt == "text":  # a terminal: no control characters (colours, cursor moves, a bell)
        return "".join(c if c in "\n\t" or c.isprintable() else "\ufffd" for c in text)
    raise GmkitError(f"format {fmt!r}: one of {', '.join(FORMATS)}")


def read_files(encounter: Any, paths: Iterable[str | Path], *, lang: str | None = None,
               npcs: Iterable[str] | None = None, gm: str | None = None) -> Inbox:
    """The round's table for messages in files: each file (or each text file of a folder, by
    name) is a paste of its own, and a file named after someone of the fight is theirs when its
    text does not say. A file that cannot be read is a line of the table."""
    from ..language.text import decode
    from ..scenario import actors_of
    from .table import _from_file, _lang

    lang = _lang(encounter, lang)
    files: list[Path] = []
    lines: list[str] = []
    for p in map(Path, paths):
        if p.is_dir():
            files += sorted(f for f in p.iterdir() if f.is_file() and f.suffix.lower() in TEXT_SUFFIXES)
        else:
            files.append(p)
    who = Identities(actors_of(encounter.scenario), encounter.scenario.get("aliases") or {})
    messages: list[Message] = []
    total = 0
    for f in files:
        try:
            data = f.read_bytes()
        except OSError as e:
            lines.append(format_message("inbox.line.unreadable", lang, path=str(f), why=e.strerror or e))
            continue
        text = decode(data)
        total += len(text)
        if total > MAX_PASTE:
            lines.append(format_message("inbox.line.too_long", lang, n=total, max=MAX_PASTE))
            messages = []
            break
        messages += [_from_file(m, f.name, who) for m in split(text, who.names)]
    cut = len(messages) > MAX_MESSAGES
    table = build(encounter, messages[:MAX_MESSAGES], lang=lang, npcs=npcs, gm=gm, cut=cut)
    table.lines[:0] = lines
    return table


def assign(messages: list[Message], message: Message, actor: str | None) -> list[Message]:
    """The messages with ``message`` given to ``actor`` by the GM (the answer to "whose is
    this?"; None: back to what the paste says), for :func:`build` to read again."""
    return [m.pinned(actor) if m is message else m for m in messages]


def edit(messages: list[Message], message: Message, text: str,
         actor: str | None = None) -> list[Message]:
    """The messages with ``message``'s text edited by the GM (the row's inline edit: a clause
    cut, the player's answer to a question typed in), kept for its actor (``actor``, else the
    one the GM gave it, else whoever the paste says sent it)."""
    from dataclasses import replace

    return [replace(m, text=text, actor=actor or m.actor) if m is message else m for m in messages]


def accept_all(encounter: Any, inbox: Inbox) -> list[str]:
    """Submit every ready row's orders (:attr:`Inbox.ready`: a player's order read whole and
    legal, or the autopilot's for the GM's actor) in one call: every order is checked first and
    nothing is submitted when one is refused now or the fight has moved on since the table was
    read. Never a row with a question. Returns the actors whose orders went in, each journaled."""
    if steps(encounter) != inbox.step or encounter.round != inbox.round:
        raise GmkitError(format_message("inbox.error.stale", inbox.lang, then=inbox.round,
                                        now=encounter.round))
    orders = {r.actor: r.orders[0] for r in inbox.ready if r.actor is not None}
    encounter.submit_all(orders)
    return list(orders)
