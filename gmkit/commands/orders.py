"""``gmkit orders``: players' messages read into orders, with the reply to paste back.

    gmkit orders read MESSAGE.txt --journal fight.jsonl --actor Ash [--lang ru] [--json]
    gmkit orders format dragons --lang ru

``read`` resumes the journal read-only (``Encounter.resume(..., autosave=False)``: the journal is
read, never appended to or cut), reads the message (``-``: standard input) for the actor, and
prints the orders understood and the reply. Nothing is submitted: the GM decides.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("orders", help="read a player's message into orders, with a reply")
    kinds = p.add_subparsers(dest="kind", metavar="KIND", required=True)
    r = kinds.add_parser("read", help="read a message for an actor of a journaled fight")
    r.add_argument("message", help="the message file (UTF-8 or CP1251), or - for standard input")
    r.add_argument("--journal", required=True, help="the fight's journal (read only)")
    r.add_argument("--actor", required=True, help="whose order the message is")
    r.add_argument("--lang", choices=["ru", "en"], default=None,
                   help="the reply's language (default: the message's)")
    r.add_argument("--json", action="store_true", help="print the reading as JSON")
    r.set_defaults(func=run_read)
    f = kinds.add_parser("format", help="how to write orders in a rule set (for briefs)")
    f.add_argument("system", help="the rule set's name")
    f.add_argument("--lang", choices=["ru", "en"], default="en")
    f.set_defaults(func=run_format)


def run_read(args: argparse.Namespace) -> int:
    from ..encounter import Encounter
    from ..errors import GmkitError
    from ..i18n import format_message
    from ..language import read

    if args.message == "-":
        data = sys.stdin.buffer.read()
    else:
        try:
            data = Path(args.message).read_bytes()
        except OSError as e:
            raise GmkitError(format_message("cli.orders.unreadable", None, path=args.message,
                                            why=e.strerror)) from None
    encounter = Encounter.resume(args.journal, autosave=False)
    reading = read(encounter, args.actor, data, args.lang)
    if args.json:
        print(json.dumps(reading.to_json(), ensure_ascii=False, indent=1))
        return 0
    lang = args.lang or reading.lang
    verdict = format_message("cli.orders.accepted" if reading.ok else "cli.orders.refused", lang)
    print(format_message("cli.orders.header", lang, actor=reading.actor, round=encounter.round,
                         verdict=verdict))
    for words, order in zip(reading.understood_in(lang), reading.orders, strict=False):
        print(format_message("cli.orders.order", lang, order=words))
        print(f"  {order!r}")  # the order object itself, as code takes it
    print()
    print(reading.reply(lang))
    return 0


def run_format(args: argparse.Namespace) -> int:
    from ..language import order_format

    print(order_format(args.system, args.lang))
    return 0
