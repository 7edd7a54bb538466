"""The ``gmkit`` command. Each verb is a module in :mod:`gmkit.commands` with ``add_parser``."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from . import __version__, commands

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gmkit",
                                description="A game master's workbook: dice, encounters, reports.")
    p.add_argument("--version", action="version", version=f"gmkit {__version__}")
    p.add_argument("--lang", choices=["en", "ru"], default=None, help="language of messages")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        module.add_parser(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    from .errors import GmkitError
    from .i18n import format_message, get_language, language

    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 0
    # the language holds for this command only: a caller in the same process (a notebook, a
    # test) keeps its own afterwards
    with language(args.lang or get_language()):
        try:
            return int(args.func(args) or 0)
        except GmkitError as e:  # in the reader's language where the error has a message key
            print(format_message("cli.error", None, command=args.command, error=e.message()),
                  file=sys.stderr)
            return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
