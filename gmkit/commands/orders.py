"""``gmkit orders``: players' messages read into orders, with the reply to paste back.

    gmkit orders read MESSAGE.txt --journal fight.jsonl --actor Ash [--lang ru] [--json]
    gmkit orders inbox fight.jsonl PASTE.txt [MORE.txt | FOLDER ...] [--gm NICK] [--json]
    gmkit orders format dragons --lang ru

``read`` resumes the journal read-only (``Encounter.resume(..., autosave=False)``: the journal is
read, never appended to or cut), reads the message (``-``: standard input) for the actor, and
prints the orders understood, the message with the words they were read from marked ``[[…]]``,
the words left unread, and the reply. Nothing is submitted: the GM decides. ``--json`` prints
the reading as data, with the character offsets of each part of the message and a confidence.

``inbox`` reads everything the players sent for the round at once (a paste of several
messages, a copied page of private messages, files or folders of them: :mod:`gmkit.inbox`) and
prints the round's table: a row per actor with its message, the orders read, its state and the
reply to send; ``--json`` prints the table as data (each message with its actor, reading and
state). It submits nothing either.

Exit codes (:data:`EXIT_CODES`): 0 the whole message became orders the rules accept (``inbox``:
every message did); 3 a question is open (the reply asks the player; what was certain is kept;
``inbox``: also a message nobody can tell whose it is); 4 not accepted (the rules refuse the
order, or no order was found; ``inbox``: any such message, or the paste itself refused); 2 the
command itself failed (no such journal, actor or file).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

EXIT_CODES = {"accepted": 0, "asked": 3, "refused": 4}
"""``gmkit orders read``'s exit code by verdict (2 stays the code of a failed command)."""

_EPILOG = ("exit codes: 0 the whole message became orders the rules accept; 3 a question is open "
           "(the reply asks the player); 4 not accepted (the rules refuse it, or no order was "
           "found); 2 the command failed")


def add_parser(sub: Any) -> None:
    p = sub.add_parser("orders", help="read a player's message into orders, with a reply")
    kinds = p.add_subparsers(dest="kind", metavar="KIND", required=True)
    r = kinds.add_parser("read", help="read a message for an actor of a journaled fight",
                         epilog=_EPILOG)
    r.add_argument("message", help="the message file (UTF-8 or CP1251), or - for standard input")
    r.add_argument("--journal", required=True, help="the fight's journal (read only)")
    r.add_argument("--actor", required=True, help="whose order the message is")
    r.add_argument("--lang", choices=["ru", "en"], default=None,
                   help="the reply's language (default: the message's)")
    r.add_argument("--json", action="store_true",
                   help="print the reading as JSON (with spans, unread words and confidence)")
    r.set_defaults(func=run_read)
    i = kinds.add_parser("inbox", help="read every player's message for the round at once",
                         epilog=_EPILOG)
    _paste_arguments(i, "the fight's journal (read only)")
    i.add_argument("--json", action="store_true",
                   help="print the table as JSON (each message with its actor, reading and state)")
    i.set_defaults(func=run_inbox)
    g = kinds.add_parser("play", help="take the round's messages and play the round (the desk's "
                         "«Accept all» and «Play the round»)", epilog=_PLAY_EPILOG)
    _paste_arguments(g, "the fight's journal (the orders and the round are added to it)")
    g.set_defaults(func=run_play)
    f = kinds.add_parser("format", help="how to write orders in a rule set (for briefs)")
    f.add_argument("system", help="the rule set's name")
    f.add_argument("--lang", choices=["ru", "en"], default="en")
    f.set_defaults(func=run_format)


def _paste_arguments(p: Any, journal: str) -> None:
    """The journal, the pasted files and who is who: what ``inbox`` and ``play`` both read."""
    p.add_argument("journal", help=journal)
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="pasted messages (UTF-8 or CP1251), folders of them, or - for standard input")
    p.add_argument("--gm", default=None, help="your own forum nickname (your messages are skipped)")
    p.add_argument("--npc", action="append", default=None, metavar="ACTOR",
                   help="an actor you run (repeatable; default: those the scenario gives the GM)")
    p.add_argument("--lang", choices=["ru", "en"], default=None,
                   help="the table's language (default: the scenario's)")


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
    code = exit_code(reading)
    if args.json:
        print(json.dumps(reading.to_json(), ensure_ascii=False, indent=1))
        return code
    lang = args.lang or reading.lang
    verdict = format_message("cli.orders.accepted" if reading.ok else "cli.orders.refused", lang)
    print(format_message("cli.orders.header", lang, actor=reading.actor, round=encounter.round,
                         verdict=verdict))
    for words, order in zip(reading.understood_in(lang), reading.orders, strict=False):
        print(format_message("cli.orders.order", lang, order=words))
        print(f"  {order!r}")  # the order object itself, as code takes it
    if reading.spans:
        print(format_message("reading.cli.marked", lang, text=marked(reading)))
    unread = [reading.text[a:b] for a, b in reading.unread]
    if unread:
        print(format_message("reading.cli.unread", lang, words=", ".join(unread)))
    print()
    print(reading.reply(lang))
    return code


_PLAY_EPILOG = ("exit codes: 0 the round is played (or the fight is over); 3 it stopped where a "
                "player must answer (a question open, an order missing); 4 an order no longer fits "
                "(the choices are printed) or a message was refused; 2 the command failed")


def run_play(args: argparse.Namespace) -> int:
    """Read the paste, take every ready row's order, play the round on: the same steps as the
    desk's round table, journaled the same way."""
    from ..encounter import Encounter
    from ..inbox import accept_all
    from ..report.plays import play_text
    from ..rounds import play_round

    encounter = Encounter.resume(args.journal)
    table = _table(encounter, args)
    print_table(table)
    if table.ready:
        accept_all(encounter, table)
    from ..scenario import actors_of

    npcs = args.npc if args.npc is not None else [
        name for name, _, gm, _ in actors_of(encounter.scenario) if gm]
    got = play_round(encounter, npcs)
    print()
    print(play_text(got, encounter, table.lang))
    if got.stopped == "unfit" and got.actor is not None:
        from ..language import render

        for order in got.choices:
            print("  - " + render(encounter, got.actor, order, table.lang))
        return EXIT_CODES["refused"]
    if got.stopped == "waiting" or {r.state for r in table.rows} & {"question", "whose"}:
        return EXIT_CODES["asked"]
    return EXIT_CODES["refused"] if inbox_exit_code(table) == EXIT_CODES["refused"] else 0


def run_inbox(args: argparse.Namespace) -> int:
    from ..encounter import Encounter

    encounter = Encounter.resume(args.journal, autosave=False)
    table = _table(encounter, args)
    code = inbox_exit_code(table)
    if args.json:
        print(json.dumps(table.to_json(), ensure_ascii=False, indent=1))
        return code
    print_table(table)
    return code


def _table(encounter: Any, args: argparse.Namespace) -> Any:
    """The round's table of the files (and standard input) the command names."""
    from ..inbox import read_files, read_paste

    files = [f for f in args.files if f != "-"]
    missing = [f for f in files if not Path(f).exists()]
    if missing:
        from ..errors import GmkitError
        from ..i18n import format_message

        raise GmkitError(format_message("cli.orders.unreadable", None, path=missing[0],
                                        why="no such file or folder"))
    table = read_files(encounter, files, lang=args.lang, npcs=args.npc, gm=args.gm)
    if "-" in args.files:
        more = read_paste(encounter, sys.stdin.buffer.read(), lang=args.lang, npcs=args.npc,
                          gm=args.gm, source="-")
        if files:
            from ..inbox import build

            table = build(encounter, table.messages + more.messages, lang=table.lang,
                          npcs=args.npc, gm=args.gm)
            table.lines[:0] = more.lines
        else:
            table = more
    return table


def inbox_exit_code(table: Any) -> int:
    """0 every message read as orders the rules accept; 3 a question open or a message nobody
    can tell whose it is; 4 a message refused or not taken, or the paste refused."""
    states = {r.state for r in table.rows if r.message is not None}
    if table.lines or states & {"refused", "out"}:
        return EXIT_CODES["refused"]
    if states & {"question", "whose"}:
        return EXIT_CODES["asked"]
    return EXIT_CODES["accepted"]


def print_table(table: Any) -> None:
    """The round's table on a terminal: every player's word made safe for it."""
    from ..i18n import format_message
    from ..inbox import shown

    lang = table.lang

    def out(text: str) -> None:
        print(shown(text, "text"))

    out(format_message("inbox.cli.header", lang, round=table.round, n=len(table.messages),
                       ready=len(table.ready), total=len([r for r in table.rows if r.actor])))
    for line in table.lines:
        out(line)
    for row in table.rows:
        state = format_message(f"inbox.state.{row.state}", lang)
        head = format_message("inbox.cli.row", lang, actor=row.actor or "?", state=state)
        if row.player:
            head += " — " + format_message("inbox.cli.player", lang, player=row.player)
        print()
        out(head)
        for note in row.notes:
            out("  " + note)
        if row.reading is not None:
            out(format_message("inbox.cli.message", lang, text=marked(row.reading)))
        elif row.message is not None:
            out(format_message("inbox.cli.message", lang, text=" ".join(row.message.text.split())[:600]))
        if row.understood and row.reading is not None:
            out("  " + format_message("cli.orders.order", lang, order=row.understood))
        if row.choices:
            out(format_message("inbox.cli.choices", lang, choices=", ".join(row.choices)))
        if row.reply:
            out(format_message("inbox.cli.reply", lang))
            out("\n".join("    " + line for line in row.reply.splitlines()))


def exit_code(reading: Any) -> int:
    """0 accepted, 3 a question open, 4 refused or nothing read (:data:`EXIT_CODES`)."""
    if reading.ok:
        return EXIT_CODES["accepted"]
    if reading.questions and not reading.problems:
        return EXIT_CODES["asked"]
    return EXIT_CODES["refused"]


def marked(reading: Any, limit: int = 600) -> str:
    """The message with the words its orders were read from in ``[[…]]``, on one line, cut to
    ``limit`` characters around them."""
    text = reading.text
    out = []
    pos = 0
    for a, b in reading.spans:
        out.append(text[pos:a])
        out.append("[[" + text[a:b] + "]]")
        pos = b
    out.append(text[pos:])
    line = " ".join("".join(out).split())
    return line if len(line) <= limit else line[:limit] + "…"


def run_format(args: argparse.Namespace) -> int:
    from ..language import order_format

    print(order_format(args.system, args.lang))
    return 0
