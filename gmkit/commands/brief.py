"""``gmkit brief``: a player's private brief of a journaled fight (the message a GM sends in a PM
before the next round), or every player's at once (``--all``: one file each, named by actor and
forum nickname)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> None:
    from ..report.forum import FORMATS

    p = sub.add_parser("brief", help="one player's private brief of a journaled fight",
                       description="The brief holds the character's own state, what its side saw "
                                   "in the last round, the orders open to it now with their exact "
                                   "odds, the deadline and how to answer; nothing of another side's "
                                   "secrets.")
    p.add_argument("journal", help="the fight's journal (JSON Lines)")
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--actor", help="the character the brief is for")
    who.add_argument("--all", action="store_true",
                     help="every player's brief, one file each (NAME.brief-ACTOR.NICKNAME.txt) in "
                          "the folder -o names (default: NAME-briefs/ beside the journal)")
    p.add_argument("--dialect", default="phpbb", metavar="FORMAT",
                   help=f"one of {', '.join(FORMATS)} (default: phpbb)")
    p.add_argument("--deadline", default="", help="when the order is due, as you want it written")
    p.add_argument("--language", choices=["en", "ru"], default=None,
                   help="language (default: the scenario's)")
    p.add_argument("-o", "--output", default=None,
                   help="file to write (default: standard output); with --all, the folder")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..lightimports import light_imports

    light_imports()
    from ..report.chronicle import Chronicle, open_journal
    from ..report.forum import brief_text, check_format
    from .post import write_out

    check_format(args.dialect)
    journal = Path(args.journal)
    enc = open_journal(journal)
    if args.all:
        return _all(enc, journal, args)
    chron = Chronicle(enc, args.language or str(enc.scenario.get("language", "en")))
    data = chron.update()
    data["briefs"] = chron.briefs([args.actor])
    write_out(brief_text(data, args.actor, args.dialect, args.language, args.deadline),
              args.output or "-")
    return 0


def _all(enc: Any, journal: Path, args: argparse.Namespace) -> int:
    from ..i18n import format_message
    from ..report.briefs import all_briefs, write_briefs
    from ..report.files import plain_stem

    stem = plain_stem(journal)
    briefs = all_briefs(enc, args.dialect, args.language, args.deadline, stem=stem)
    folder = Path(args.output) if args.output else journal.with_name(stem + "-briefs")
    lang = args.language or str(enc.scenario.get("language", "en"))
    for b, path in zip(briefs, write_briefs(briefs, folder), strict=True):
        key = "inbox.cli.brief" if b.player else "inbox.cli.brief_nobody"
        print(format_message(key, lang, path=str(path), actor=b.actor, player=b.player or ""))
    return 0
