"""``gmkit roll``: a dice expression or a Savage Worlds trait roll, optionally seeded."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(sub: Any) -> None:
    r = sub.add_parser("roll", help="roll a dice expression, or a Savage Worlds trait with --trait")
    r.add_argument("expression", help='e.g. "2d6+1", "d8!", "4d6kh3"; with --trait: "d8", "d12+1"')
    r.add_argument("--seed", type=int, default=None, help="seed for a repeatable roll")
    r.add_argument("--times", type=int, default=1, help="how many times to roll")
    r.add_argument("--trait", action="store_true", help="Savage Worlds trait roll (C-3)")
    r.add_argument("--extra", action="store_true", help="with --trait: an Extra (no Wild Die)")
    r.add_argument("--tn", type=int, default=4, help="with --trait: target number (default 4)")
    r.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..dice import Dice
    from ..i18n import format_message, get_language

    lang = get_language()
    if args.times < 1:
        print("gmkit roll: " + format_message("cli.roll.times", lang), file=sys.stderr)
        return 2
    dice = Dice(args.seed)
    for _ in range(args.times):
        if args.trait:
            print(dice.trait(args.expression, wild=not args.extra, tn=args.tn).describe(lang))
        else:
            print(dice.roll(args.expression).describe(lang))
    return 0
