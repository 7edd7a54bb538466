"""``gmkit verify``: check a sealed fight's posts as copied from the thread, every numbered face
against the opened seal (exit 0: all holds; 1: a mismatch; 2: input that cannot be read)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("verify", help="check a sealed fight's posts against the opened seal",
                       description="Reads posts as copied from the thread (BBCode, Markdown or "
                                   "plain text; several posts in one file or one per file; - for "
                                   "standard input), the opening post and the closing post "
                                   "among them, and reports each mismatch with its file and line. "
                                   "Exit 0 when all holds, 1 on any mismatch, 2 on input that "
                                   "cannot be read.")
    p.add_argument("files", nargs="*", metavar="FILE", help="posts copied from the thread")
    p.add_argument("--journal", default=None, metavar="JOURNAL",
                   help="the fight's full journal, published after the fight: also check the "
                        "rolls the posts show as numbers only, and every recount")
    p.add_argument("--script", nargs="?", const="gmkit_check.py", default=None, metavar="PATH",
                   help="write the one-file checker a player runs with Python alone "
                        "(default: gmkit_check.py) and stop")
    p.add_argument("--language", choices=["en", "ru"], default=None,
                   help="language of the report (default: the current one)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..errors import GmkitError
    from ..i18n import format_message, get_language
    from ..verification import verify, write_script

    lang = args.language or get_language()
    if args.script is not None:
        path = write_script(args.script)
        print(format_message("seal.cli.script", lang, path=str(path)), file=sys.stderr)
        return 0
    if not args.files:
        raise GmkitError(format_message("verify.error.no_files", lang))
    verdict = verify(*args.files, journal=args.journal, lang=lang)
    print(str(verdict))
    return verdict.exit_code
