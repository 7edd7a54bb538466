"""The ``gmkit`` command: ``gmkit roll "d8!" --seed 3``, ``gmkit --version``; more verbs join as they land."""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from . import __version__

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gmkit", description="A game master's workbook: dice, encounters, reports.")
    p.add_argument("--version", action="version", version=f"gmkit {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    r = sub.add_parser("roll", help="roll a dice expression, or a Savage Worlds trait with --trait")
    r.add_argument("expression", help='e.g. "2d6+1", "d8!", "4d6kh3"; with --trait: "d8", "d12+1"')
    r.add_argument("--seed", type=int, default=None, help="seed for a repeatable roll")
    r.add_argument("--times", type=int, default=1, help="how many times to roll")
    r.add_argument("--trait", action="store_true", help="Savage Worlds trait roll (C-3)")
    r.add_argument("--extra", action="store_true", help="with --trait: an Extra (no Wild Die)")
    r.add_argument("--tn", type=int, default=4, help="with --trait: target number (default 4)")
    r.add_argument("--lang", choices=["en", "ru"], default=None)
    r.set_defaults(func=_roll)
    return p


def _roll(args: argparse.Namespace) -> int:
    from .dice import Dice

    if args.times < 1:
        print("gmkit roll: --times must be at least 1", file=sys.stderr)
        return 2
    dice = Dice(args.seed)
    for _ in range(args.times):
        if args.trait:
            print(dice.trait(args.expression, wild=not args.extra, tn=args.tn))
        else:
            print(dice.roll(args.expression))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    from .errors import GmkitError

    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except GmkitError as e:
        print(f"gmkit {args.command}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
