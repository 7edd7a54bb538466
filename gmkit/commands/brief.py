"""``gmkit brief``: one player's private brief of a journaled fight (the message a GM sends in a PM
before the next round)."""

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
    p.add_argument("--actor", required=True, help="the character the brief is for")
    p.add_argument("--dialect", default="phpbb", metavar="FORMAT",
                   help=f"one of {', '.join(FORMATS)} (default: phpbb)")
    p.add_argument("--deadline", default="", help="when the order is due, as you want it written")
    p.add_argument("--language", choices=["en", "ru"], default=None,
                   help="language (default: the scenario's)")
    p.add_argument("-o", "--output", default="-", help="file to write (default: standard output)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..lightimports import light_imports

    light_imports()
    from ..report.chronicle import Chronicle, open_journal
    from ..report.forum import brief_text, check_format
    from .post import write_out

    check_format(args.dialect)
    enc = open_journal(Path(args.journal))
    chron = Chronicle(enc, args.language or str(enc.scenario.get("language", "en")))
    data = chron.update()
    data["briefs"] = chron.briefs([args.actor])
    write_out(brief_text(data, args.actor, args.dialect, args.language, args.deadline), args.output)
    return 0
