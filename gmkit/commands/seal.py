"""``gmkit seal`` and ``gmkit reveal``: a journaled fight's dice sealed before play, the players'
salt taken, and the seal opened for the thread to check every roll (see :mod:`gmkit.seal`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> None:
    from ..report.forum import FORMATS

    p = sub.add_parser("seal", help="seal a journaled fight's dice before its first resolution",
                       description="Without --salt: seal the fight (a secret is drawn and kept in "
                                   "the journal) and print the post that opens it: the seal, and "
                                   "what the players should post as salt. Again: the same post. "
                                   "With --salt: take the players' salt (once); the dice are "
                                   "sealed from then on, and the post saying so is printed.")
    p.add_argument("journal", help="the fight's journal (JSON Lines)")
    p.add_argument("--salt", default=None, metavar="TEXT",
                   help="the words or numbers the players posted, as they wrote them")
    _common(p, FORMATS)
    p.set_defaults(func=run_seal)
    r = sub.add_parser("reveal", help="open a sealed fight's seal: the post with its secret and salt",
                       description="Prints the post that opens the seal (the secret, the salt, "
                                   "how many dice were drawn), for the end of the fight or any "
                                   "moment you choose: with it anyone checks every roll.")
    r.add_argument("journal", help="the fight's journal (JSON Lines)")
    _common(r, FORMATS)
    r.set_defaults(func=run_reveal)


def _common(p: argparse.ArgumentParser, formats: Any) -> None:
    p.add_argument("--dialect", default="phpbb", metavar="FORMAT",
                   help=f"one of {', '.join(formats)} (default: phpbb)")
    p.add_argument("--language", choices=["en", "ru"], default=None,
                   help="language (default: the scenario's)")
    p.add_argument("-o", "--output", default="-", help="file to write (default: standard output)")


def _open(path: str, write: bool) -> Any:
    from ..encounter import Encounter
    from ..errors import GmkitError

    p = Path(path)
    if not p.is_file():
        raise GmkitError(f"{p}: no such journal file")
    return Encounter.resume(p, autosave=write)


def _facts(enc: Any) -> dict[str, Any]:
    return {"name": str(enc.scenario.get("name", "")), "scenario": enc.fight_id()["scenario"],
            "journal": enc.fight_id()["journal"], "draws": enc.dice.draws}


def _say(key: str, lang: str | None) -> None:
    from ..i18n import format_message

    print(format_message(key, lang), file=sys.stderr)


def run_seal(args: argparse.Namespace) -> int:
    from ..report.forum import check_format
    from ..report.seal import opening_block, salt_block
    from .post import write_out

    check_format(args.dialect)
    enc = _open(args.journal, write=True)
    try:
        lang = args.language or str(enc.scenario.get("language", "en"))
        if args.salt is not None:
            enc.set_salt(args.salt)
            text = salt_block({**_facts(enc), **(enc.sealed or {}), "salt": enc.salt}, lang, args.dialect)
            _say("seal.cli.salt_taken", lang)
        else:
            was = enc.sealed is not None
            seal = enc.sealed if was else enc.seal()
            text = opening_block({**_facts(enc), **(seal or {})}, lang, args.dialect)
            _say("seal.cli.already" if was else "seal.cli.sealed", lang)
    finally:
        enc.close()
    write_out(text, args.output)
    return 0


def run_reveal(args: argparse.Namespace) -> int:
    from ..report.forum import check_format
    from ..report.seal import closing_block
    from .post import write_out

    check_format(args.dialect)
    enc = _open(args.journal, write=False)
    lang = args.language or str(enc.scenario.get("language", "en"))
    write_out(closing_block({**_facts(enc), **enc.reveal()}, lang, args.dialect), args.output)
    return 0
