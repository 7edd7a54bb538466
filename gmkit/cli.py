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


def _asked_language(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for anywhere in ``argv`` (None: not asked), read before the
    parser is built so that help texts taken from the catalogue come in it."""
    from .i18n import LANGUAGES

    for i, arg in enumerate(argv):
        value = arg.partition("=")[2] if arg.startswith("--lang=") else (
            argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else None)
        if value in LANGUAGES:
            return value
    return None


def main(argv: Sequence[str] | None = None) -> int:
    from .errors import GmkitError
    from .i18n import format_message, get_language, language

    words = list(sys.argv[1:] if argv is None else argv)
    with language(_asked_language(words) or get_language()):
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
